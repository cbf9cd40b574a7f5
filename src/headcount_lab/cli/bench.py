"""``headcount-lab bench``: speed measurements, each against a baseline measured in the same run.

The areas are the runner's and those each game declares in its record (``GameSpec.bench``); each
names a module providing ``run_benchmarks(quick: bool) -> dict``. Targets live here and in
``scripts/``, never in timed tests.
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from headcount_lab.cli.common import fail, print_json

#: areas that belong to no game
CORE_BENCHES = {"runner": "headcount_lab.core.bench"}


def areas() -> dict[str, str]:
    """Area name -> module, the games' areas first (registry order), then the core ones."""
    from headcount_lab.games import registered

    out: dict[str, str] = {}
    for spec in registered().values():
        out.update(spec.bench)
    out.update(CORE_BENCHES)
    return out


def bench(
    only: Annotated[
        list[str] | None,
        typer.Option("--only", help="Areas to run (repeatable): a game's areas, or runner."),
    ] = None,
    quick: Annotated[bool, typer.Option("--quick", help="Small sizes, for a smoke test.")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON only.")] = False,
) -> None:
    """Measure throughput against baselines in the same run and print the figures as JSON.

    Example: headcount-lab bench --only headcount-engine --quick
    """
    known = areas()
    chosen = only or list(known)
    for a in chosen:
        if a not in known:
            fail(f"unknown benchmark area {a!r}: choose from {', '.join(known)}")
    results = {a: importlib.import_module(known[a]).run_benchmarks(quick) for a in chosen}
    print_json(results)
