"""CLI commands for the ``report`` group (thin shims over ``analysis.report``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from headcount_lab.cli.common import UserError, user_errors

app = typer.Typer(no_args_is_help=True)

ReportsDirOpt = Annotated[Path | None, typer.Option("--out", help="Folder for the report.")]
LangOpt = Annotated[
    str, typer.Option("--lang", help="en (reports/headcount) or de (reports/kopfrechnen).")
]
GamesOpt = Annotated[
    int, typer.Option("--games", help="Simulated games per set-up (default 300000).")
]
QuickOpt = Annotated[
    bool, typer.Option("--quick", help="Small runs (2000 games per set-up) for tests.")
]
SeedOpt = Annotated[int, typer.Option("--seed", help="Seed of every simulation.")]


def _echo_written(paths: list[Path]) -> None:
    for p in paths:
        typer.echo(f"wrote {p}")


def _options(games: int, seed: int, quick: bool):  # type: ignore[no-untyped-def]
    from headcount_lab.analysis.report import ReportOptions

    if games < 100:
        raise UserError(f"--games must be at least 100, got {games}")
    if seed < 0:
        raise UserError(f"--seed must be non-negative, got {seed}")
    return ReportOptions(games=games, seed=seed, quick=quick)


@app.command("headcount")
def headcount_cmd(
    lang: LangOpt = "en",
    games: GamesOpt = 300_000,
    quick: QuickOpt = False,
    out: ReportsDirOpt = None,
    seed: SeedOpt = 1,
) -> None:
    """The Headcount playtest report: nine questions, charts, CSV tables, tip chart.

    Example: headcount-lab report headcount --quick --out /tmp/report-headcount
    """
    with user_errors():
        from headcount_lab.analysis.report import FOLDERS, headcount_report

        if lang not in FOLDERS:
            raise UserError(f"unknown --lang {lang!r}: choose {', '.join(FOLDERS)}")
        folder = out if out is not None else Path("reports") / FOLDERS[lang]
        _echo_written(headcount_report(folder, lang, _options(games, seed, quick)))


@app.command("whist")
def whist_cmd(
    matches: Annotated[
        int | None,
        typer.Option("--games", "--matches", help="Matches per simulated set-up (default 100000)."),
    ] = None,
    quick: Annotated[bool, typer.Option("--quick", help="Small runs (3000 matches).")] = False,
    out: ReportsDirOpt = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of every simulation.")] = 1,
) -> None:
    """Forehead Whist report: dealer's restriction, exact blind hands, bots, seats, streaks.

    Example: headcount-lab report whist --quick --out /tmp/report-whist
    """
    with user_errors():
        from headcount_lab.analysis.whist_report import WhistReportOptions, whist_report

        folder = out if out is not None else Path("reports") / "forehead-whist"
        _echo_written(whist_report(folder, WhistReportOptions(matches, quick, seed)))


@app.command("all")
def all_cmd(
    out: ReportsDirOpt = None,
    games: GamesOpt = 300_000,
    quick: QuickOpt = False,
    seed: SeedOpt = 1,
) -> None:
    """Every game's report in every language, each into its own folder under --out (reports/).

    Example: headcount-lab report all --quick --out /tmp/reports
    """
    with user_errors():
        from headcount_lab.analysis.report import reports

        opts = _options(games, seed, quick)
        for write in reports().values():
            _echo_written(write(out if out is not None else Path("reports"), opts))


def _generic(name: str):  # type: ignore[no-untyped-def]
    def command(
        out: ReportsDirOpt = None,
        games: GamesOpt = 300_000,
        quick: QuickOpt = False,
        seed: SeedOpt = 1,
    ) -> None:
        with user_errors():
            from headcount_lab.games import registered

            write = registered()[name].load("report")
            root = out if out is not None else Path("reports")
            _echo_written(write(root, _options(games, seed, quick)))

    command.__doc__ = (
        f"The {name} report into its folder under --out (reports/).\n\n"
        f"Example: headcount-lab report {name} --quick --out /tmp/reports"
    )
    return command


def build() -> typer.Typer:
    """The report group: the commands above, and ``report GAME`` for every registered game with
    a report (``GameSpec.report``) that has no command of its own here."""
    from headcount_lab.games import registered

    group = typer.Typer(no_args_is_help=True)
    group.registered_commands.extend(app.registered_commands)
    have = {c.name for c in app.registered_commands}
    for spec in registered().values():
        if spec.report and spec.name not in have:
            group.command(spec.name)(_generic(spec.name))
    return group
