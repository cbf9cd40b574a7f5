"""The ``headcount-lab`` command. Each command group lives in its own module and imports the
heavy libraries (numba, pandas, matplotlib) only inside the commands that need them, so that
``--help`` and small commands start fast."""

from __future__ import annotations

import typer

from headcount_lab.cli import bench, headcount, headcount_sim, report, whist

app = typer.Typer(
    help="Monte-Carlo strategy laboratory for card games played with a card on your forehead.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
headcount_sim.register(headcount.app)  # simulate, replay
app.add_typer(headcount.app, name="headcount", help="Headcount (Kopfrechnen): count, odds, deal, simulate.")
app.add_typer(whist.app, name="whist", help="Forehead Whist: schedule, blind odds, scorekeeper, simulate.")
app.add_typer(report.app, name="report", help="Generate the reports with charts and tables.")
app.command("bench")(bench.bench)


def main() -> None:
    app()
