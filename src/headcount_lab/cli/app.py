"""The ``headcount-lab`` command. Each command group lives in its own module and imports the
heavy libraries (numba, pandas, matplotlib) only inside the commands that need them, so that
``--help`` and small commands start fast."""

from __future__ import annotations

import sys

import typer

from headcount_lab.cli import bench, foolish, headcount, headcount_sim, report, whist
from headcount_lab.cli.common import EXIT_BAD_INPUT, EXIT_INTERRUPTED

app = typer.Typer(
    help="Monte-Carlo strategy laboratory for card games played with a card on your forehead.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
headcount_sim.register(headcount.app)  # simulate, replay
app.add_typer(
    headcount.app, name="headcount", help="Headcount (Kopfrechnen): count, odds, deal, simulate."
)
app.add_typer(
    whist.app, name="whist", help="Forehead Whist: schedule, blind odds, scorekeeper, simulate."
)
app.add_typer(
    foolish.app, name="foolish", help="Foolish Faces: referee, odds, simulate, replay, ladder."
)
app.add_typer(report.app, name="report", help="Generate the reports with charts and tables.")
app.command("bench")(bench.bench)


def main(argv: list[str] | None = None) -> None:
    """Entry point: usage errors become one line on stderr with exit status 2, not a box.

    Typer vendors its own copy of click in recent releases, so click's exceptions are recognised
    by their interface (``format_message``/``exit_code``) rather than by class.
    """
    command = typer.main.get_command(app)
    try:
        rv = command.main(args=argv, prog_name="headcount-lab", standalone_mode=False)
    except (typer.Abort, KeyboardInterrupt):
        sys.stderr.write("interrupted\n")
        sys.exit(EXIT_INTERRUPTED)
    except Exception as exc:
        if not hasattr(exc, "format_message") or not hasattr(exc, "exit_code"):
            raise
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            sys.stdout.write(ctx.get_help() + "\n")
            sys.exit(0)
        hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        sys.stderr.write(f"error: {exc.format_message()}{hint}\n")
        sys.exit(exc.exit_code or EXIT_BAD_INPUT)
    sys.exit(rv if isinstance(rv, int) else 0)
