"""CLI commands for the ``report`` group (thin shims over ``analysis.report``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from headcount_lab.cli.common import user_errors

app = typer.Typer(no_args_is_help=True)

ReportsDirOpt = Annotated[Path, typer.Option("--out", help="Folder for the reports.")]


def _echo_written(paths: list[Path]) -> None:
    for p in paths:
        typer.echo(f"wrote {p}")


@app.command("headcount")
def headcount_cmd(out: ReportsDirOpt = Path("reports/headcount")) -> None:
    """Headcount's exact odds tables (CSV, Markdown) and the safe-bid chart."""
    from headcount_lab.analysis.report import headcount_report

    _echo_written(headcount_report(out))


@app.command("whist")
def whist_cmd(
    matches: Annotated[
        int | None,
        typer.Option("--matches", help="Matches per simulated set-up (default 100000)."),
    ] = None,
    quick: Annotated[bool, typer.Option("--quick", help="Small runs (3000 matches).")] = False,
    out: ReportsDirOpt = Path("reports/forehead-whist"),
    seed: Annotated[int, typer.Option("--seed", help="Seed of every simulation.")] = 1,
) -> None:
    """Forehead Whist report: dealer's restriction, exact blind hands, bots, seats, streaks."""
    with user_errors():
        from headcount_lab.analysis.whist_report import WhistReportOptions, whist_report

        _echo_written(whist_report(out, WhistReportOptions(matches, quick, seed)))


@app.command("all")
def all_cmd(out: ReportsDirOpt = Path("reports")) -> None:
    """Every report, each into its own folder under --out."""
    from headcount_lab.analysis.report import REPORTS

    for name, write in REPORTS.items():
        _echo_written(write(out / name))
