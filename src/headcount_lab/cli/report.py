"""CLI commands for the ``report`` group (thin shims over ``analysis.report``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

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


@app.command("all")
def all_cmd(out: ReportsDirOpt = Path("reports")) -> None:
    """Every report, each into its own folder under --out."""
    from headcount_lab.analysis.report import REPORTS

    for name, write in REPORTS.items():
        _echo_written(write(out / name))
