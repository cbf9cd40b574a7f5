"""``headcount-lab bench``: speed measurements, each against a baseline measured in the same run.

Each area provides ``run_benchmarks(quick: bool) -> dict`` in its own module; this command only
collects them. Targets live here and in ``scripts/``, never in timed tests.
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from headcount_lab.cli.common import fail, print_json

#: area name -> module providing ``run_benchmarks(quick: bool) -> dict``
BENCHES = {
    "headcount": "headcount_lab.games.headcount.bench",
    "headcount-engine": "headcount_lab.games.headcount.bench_engine",
    "runner": "headcount_lab.core.bench",
    "whist": "headcount_lab.games.whist.bench",
}


def bench(
    only: Annotated[
        list[str] | None, typer.Option("--only", help=f"Areas to run: {', '.join(BENCHES)}.")
    ] = None,
    quick: Annotated[bool, typer.Option("--quick", help="Small sizes, for a smoke test.")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON only.")] = False,
) -> None:
    """Measure throughput against baselines in the same run and print the figures as JSON."""
    areas = only or list(BENCHES)
    for a in areas:
        if a not in BENCHES:
            fail(f"unknown benchmark area {a!r}: choose from {', '.join(BENCHES)}")
    results = {a: importlib.import_module(BENCHES[a]).run_benchmarks(quick) for a in areas}
    print_json(results)
