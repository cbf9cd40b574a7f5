"""The ``headcount-lab`` command, built from the game registry: each game's group holds its own
commands (``headcount count``, ``whist score``, ...) and the generic ``simulate``, ``replay``,
``play`` and ``bench`` built from its :class:`~headcount_lab.games.GameSpec`. Heavy libraries
(numba, pandas, matplotlib) are imported only inside the commands that need them, so that
``--help`` and small commands start fast."""

from __future__ import annotations

import functools
import sys
from typing import Any

import typer

from headcount_lab.cli import bench, field, games, report, warm
from headcount_lab.cli.common import EXIT_BAD_INPUT, EXIT_INTERRUPTED, one_line


def _show_flags_as_flags() -> None:
    """``--help`` lists an on/off option as ``--json``, not ``--json <bool>``: a flag takes no
    value, and showing a type invites ``--json true``. Typer has no setting for this, so its
    option class is told once here (tests/test_cli_main.py checks every command's help)."""
    from typer.core import TyperOption

    if getattr(TyperOption, "_flags_as_flags", False):
        return
    shown = TyperOption.display_type_rich

    def display_type_rich(self, ctx):  # type: ignore[no-untyped-def]
        return None if self.is_flag else shown(self, ctx)

    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]
    TyperOption._flags_as_flags = True  # type: ignore[attr-defined]


def _copy(src: typer.Typer) -> typer.Typer:
    """A new group with the commands of ``src`` (building twice never adds a command twice)."""
    group = typer.Typer(no_args_is_help=True)
    group.registered_commands.extend(src.registered_commands)
    group.registered_groups.extend(src.registered_groups)
    return group


def build_app() -> typer.Typer:
    """The CLI for every game (:func:`headcount_lab.games.registered`) at call time."""
    from headcount_lab.games import _load, registered

    _show_flags_as_flags()
    app = typer.Typer(
        help="Monte-Carlo strategy laboratory for card games played with a card on your forehead.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
    )
    for spec in registered().values():
        group = _copy(_load(spec.cli)) if spec.cli else typer.Typer(no_args_is_help=True)
        games.add_game_commands(group, spec)
        field.add_field_command(group, spec)
        app.add_typer(group, name=spec.name, help=spec.help or f"{spec.title}.")
    app.add_typer(
        report.build(), name="report", help="Generate the reports with charts and tables."
    )
    app.command("bench")(bench.bench)
    app.command("warm")(warm.warm)
    return app


app = build_app()


@functools.cache
def _command(of: typer.Typer) -> Any:
    """click's command tree for ``of``, built once per app: typer rebuilds it from the function
    signatures of all 50-odd commands on each call (about 30 ms, spent again by every in-process
    call of :func:`main`: the test suite makes thousands). The tree is a definition; each call
    gets its own click context."""
    return typer.main.get_command(of)


def main(argv: list[str] | None = None) -> None:
    """Entry point: usage errors become one line on stderr with exit status 2, not a box.

    Typer vendors its own copy of click in recent releases, so click's exceptions are recognised
    by their interface (``format_message``/``exit_code``) rather than by class.
    """
    args = sys.argv[1:] if argv is None else argv
    if sys.stderr.isatty() and "--quiet" not in args:
        from headcount_lab.core import coldstart

        coldstart.enable()  # a cold compile says so on the terminal (never on stdout)
    command = _command(app)
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
        sys.stderr.write(f"error: {one_line(exc.format_message())}{hint}\n")
        sys.exit(exc.exit_code or EXIT_BAD_INPUT)
    sys.exit(rv if isinstance(rv, int) else 0)
