"""``headcount-lab bench``: speed measurements, each against a baseline measured in the same run,
printed one figure a line (``--json``: as JSON, what ``make bench`` and the scripts write).

The areas are the runner's and those each game declares in its record (``GameSpec.bench``); each
names a module providing ``run_benchmarks(quick: bool) -> dict``, or ``module:function`` for
another such function of it (:func:`headcount_lab.games.bench_runner`). Targets live here and in
``scripts/``, never in timed tests.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

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
    json_out: Annotated[
        bool, typer.Option("--json", help="Print the figures as JSON (default: one per line).")
    ] = False,
) -> None:
    """Measure throughput against baselines in the same run: one line per figure, or JSON.

    Example: headcount-lab bench --only headcount-engine --quick
    """
    known = areas()
    chosen = only or list(known)
    for a in chosen:
        if a not in known:
            fail(f"unknown benchmark area {a!r}: choose from {', '.join(known)}")
    from headcount_lab.games import bench_runner

    results = {a: bench_runner(known[a])(quick) for a in chosen}
    show(results, json_out)


def show(results: dict[str, Any], json_out: bool) -> None:
    """The figures as JSON with ``--json``, else one readable line per figure."""
    if json_out:
        print_json(results)
        return
    for line in figure_lines(results):
        typer.echo(line)


def figure_lines(obj: Any, path: str = "") -> list[str]:
    """``area key sub: value``, one line per figure of a nested result (list items numbered
    from 0; a list of plain values stays on one line)."""
    if isinstance(obj, dict):
        return [line for k, v in obj.items() for line in figure_lines(v, f"{path} {k}".strip())]
    if isinstance(obj, list | tuple) and any(isinstance(v, dict | list | tuple) for v in obj):
        return [line for i, v in enumerate(obj) for line in figure_lines(v, f"{path} [{i}]")]
    if isinstance(obj, list | tuple):
        return [f"{path}: {', '.join(_value(v) for v in obj)}"]
    return [f"{path}: {_value(obj)}"]


def _value(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        if not math.isfinite(v):
            return "-"
        return f"{v:,.0f}" if abs(v) >= 1000 else f"{v:.4g}"
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    return str(v)
