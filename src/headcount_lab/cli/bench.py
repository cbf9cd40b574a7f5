"""``headcount-lab bench``: speed measurements as JSON (filled in by the game modules)."""

from __future__ import annotations

import typer


def bench(json_out: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """Measure throughput against baselines in the same run and print the figures."""
    raise typer.Exit(0)
