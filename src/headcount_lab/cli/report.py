"""CLI commands for the ``report`` group (thin shims over each game's report module).

Every report is written into a temporary folder next to its target and swapped in only when
complete: Ctrl-C (or SIGTERM) leaves the old report as it was, says what was interrupted and
exits with 130. ``--quick`` reports go to :data:`QUICK_ROOT`, never over the committed
``reports/``, unless ``--out`` says otherwise. Progress lines go to stderr.
"""

from __future__ import annotations

import importlib
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from headcount_lab.cli.common import EXIT_INTERRUPTED, UserError, user_errors
from headcount_lab.cli.run_options import count_option, output_folder, seed_option

app = typer.Typer(no_args_is_help=True)

#: where ``make report`` writes, and where ``--quick`` writes unless ``--out`` is given
REPORTS_ROOT = Path("reports")
QUICK_ROOT = Path("data") / "quick-reports"
#: the default of ``--games`` and ``--seed`` of ``report headcount`` (the CLI repeats the
#: report module's numbers so that ``--help`` needs no pandas; a test keeps them equal)
HEADCOUNT_GAMES = 300_000
HEADCOUNT_QUICK_GAMES = 2_000
DEFAULT_SEED = 1
HEADCOUNT_FOLDERS = {"en": "headcount", "de": "kopfrechnen"}
ReportsDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--out",
        parser=output_folder,
        metavar="FOLDER",
        help="Folder for the report (default: reports/..., or data/quick-reports/... with "
        "--quick). It is replaced whole when the report is complete.",
    ),
]
LangOpt = Annotated[
    str, typer.Option("--lang", help="en (reports/headcount) or de (reports/kopfrechnen).")
]
GamesOpt = Annotated[
    int | None,
    count_option(
        "--games",
        help=f"Simulated games per set-up (default {HEADCOUNT_GAMES}; {HEADCOUNT_QUICK_GAMES} "
        "with --quick). The exploitability and calibration sections keep their own sizes "
        "(smaller with --quick).",
    ),
]
QuickOpt = Annotated[
    bool,
    typer.Option(
        "--quick", help="Small runs (2000 games per set-up) into data/quick-reports/ for tests."
    ),
]
SeedOpt = Annotated[int, seed_option("--seed", help="Seed of every simulation.")]
OnlyOpt = Annotated[
    str | None,
    typer.Option(
        "--only",
        metavar="SECTION[,SECTION...]",
        help="Rebuild only these sections and keep the rest of the report in its folder "
        "(written earlier with the same options); 'headcount-lab report sections' lists them.",
    ),
]
QuietOpt = Annotated[bool, typer.Option("--quiet", help="No progress lines or bars on stderr.")]


def _echo_written(paths: list[Path]) -> None:
    for p in paths:
        typer.echo(f"wrote {p}")


def _root(out: Path | None, quick: bool) -> Path:
    if out is not None:
        return out
    if quick:
        typer.echo(
            f"--quick: writing under {QUICK_ROOT}/ (the committed {REPORTS_ROOT}/ stay as they "
            "are; --out to choose)",
            err=True,
        )
        return QUICK_ROOT
    return REPORTS_ROOT


def _options(size: int | None, seed: int, quick: bool, what: str = "--games"):  # type: ignore[no-untyped-def]
    from headcount_lab.core.report import ReportOptions

    if size is not None and size < 100:
        raise UserError(f"{what} must be at least 100, got {size}")
    if seed < 0:
        raise UserError(f"--seed must be non-negative, got {seed}")
    return ReportOptions(seed=seed, quick=quick, size=size)


@contextmanager
def _interruptible(progress: Any, done: list[str]) -> Iterator[None]:
    """Ctrl-C or SIGTERM: one line naming the step under way and the reports finished, the
    unfinished report's folder left as it was, exit 130."""

    from headcount_lab.core.runner import Interrupted  # Ctrl-C inside a simulation

    def on_term(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    main = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGTERM, on_term) if main else None
    try:
        yield
    except (KeyboardInterrupt, Interrupted):
        what = progress.current or "the report"
        finished = f"; finished: {', '.join(done)}" if done else ""
        typer.echo(f"interrupted during {what}: its folder is left as it was{finished}", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    finally:
        if main:
            signal.signal(signal.SIGTERM, old)


def _progress(quiet: bool = False):  # type: ignore[no-untyped-def]
    from headcount_lab.core.report import Progress

    return Progress(enabled=not quiet)


def report_modules() -> dict[str, str]:
    """Game name -> its report module (``FOLDERS`` and ``build_all``), from the game registry
    (``GameSpec.report``, ``"module:build_all"``)."""
    from headcount_lab.games import registered

    return {g.name: g.report.partition(":")[0] for g in registered().values() if g.report}


def report_sections(name: str) -> tuple[Any, ...]:
    """The sections (:class:`~headcount_lab.core.report.Section`) of game ``name``'s report:
    its module's ``sections()``, or its ``REPORT``'s."""
    mod = importlib.import_module(report_modules()[name])
    if callable(getattr(mod, "sections", None)):
        return tuple(mod.sections())
    return tuple(mod.REPORT.sections)


def _only(text: str | None, name: str) -> frozenset[str] | None:
    """``--only``'s sections of game ``name``'s report (``None`` without it)."""
    if text is None:
        return None
    from headcount_lab.core.report import parse_only

    return parse_only(text, report_sections(name), name)


def report_builder(name: str) -> Callable[..., list[Path]]:
    """``build_all(root, options, progress)`` of the report of game ``name``."""
    from headcount_lab.games import registered

    return registered()[name].load("report")  # type: ignore[no-any-return]


@app.command("headcount")
def headcount_cmd(
    lang: LangOpt = "en",
    games: GamesOpt = None,
    quick: QuickOpt = False,
    out: ReportsDirOpt = None,
    seed: SeedOpt = DEFAULT_SEED,
    only: OnlyOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """The Headcount playtest report: fifteen questions, charts, CSV tables, tip chart.

    Example: headcount-lab report headcount --quick --out /tmp/report-headcount
    """
    progress = _progress(quiet)
    with user_errors(), _interruptible(progress, []):
        if lang not in HEADCOUNT_FOLDERS:
            raise UserError(f"unknown --lang {lang!r}: choose {', '.join(HEADCOUNT_FOLDERS)}")
        opts = _options(games, seed, quick)
        sections = _only(only, "headcount")
        folder = out if out is not None else _root(None, quick) / HEADCOUNT_FOLDERS[lang]
        from headcount_lab.analysis.headcount.report import build

        _echo_written(build(folder, opts, progress, sections, lang))


@app.command("whist")
def whist_cmd(
    matches: Annotated[
        int | None,
        count_option("--games", "--matches", help="Matches per simulated set-up (default 100000)."),
    ] = None,
    quick: Annotated[
        bool, typer.Option("--quick", help="Small runs (3000 matches) into data/quick-reports/.")
    ] = False,
    out: ReportsDirOpt = None,
    seed: Annotated[int, seed_option("--seed", help="Seed of every simulation.")] = DEFAULT_SEED,
    only: OnlyOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Forehead Whist report: dealer's restriction, exact blind hands, bots, seats, streaks.

    Example: headcount-lab report whist --quick --out /tmp/report-whist
    """
    progress = _progress(quiet)
    with user_errors(), _interruptible(progress, []):
        opts = _options(matches, seed, quick, "--games")
        sections = _only(only, "whist")
        from headcount_lab.analysis.whist.report import FOLDER, build

        folder = out if out is not None else _root(None, quick) / FOLDER
        _echo_written(build(folder, opts, progress, sections))


@app.command("all")
def all_cmd(
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            parser=output_folder,
            metavar="FOLDER",
            help="Root folder: each report goes into its own folder under it (default: "
            "reports/, or data/quick-reports/ with --quick).",
        ),
    ] = None,
    games: Annotated[
        int | None,
        count_option(
            "--games",
            help="Games (or matches) per simulated set-up for every report (default: each "
            "report's own).",
        ),
    ] = None,
    quick: Annotated[
        bool,
        typer.Option(
            "--quick",
            help="Small runs (each report's quick size) into data/quick-reports/, for a look "
            "or a test.",
        ),
    ] = False,
    seed: SeedOpt = DEFAULT_SEED,
    quiet: QuietOpt = False,
) -> None:
    """Every game's report in every language, each into its own folder under --out (reports/).

    Example: headcount-lab report all --quick --out /tmp/reports
    """
    progress = _progress(quiet)
    done: list[str] = []
    with user_errors(), _interruptible(progress, done):
        opts = _options(games, seed, quick)
        root = _root(out, quick)
        _write_reports(report_modules(), root, opts, progress, done)


def _write_reports(
    modules: dict[str, str], root: Path, opts: Any, progress: Any, done: list[str]
) -> None:
    """Check every target folder, then build each report in turn (``done`` names the finished)."""
    from headcount_lab.core.report import check_target

    for module in modules.values():  # every folder checked before any work starts
        for folder in importlib.import_module(module).FOLDERS.values():
            check_target(root / folder)
    for name in modules:
        progress.say(f"[{name}] report {len(done) + 1} of {len(modules)}")
        _echo_written(report_builder(name)(root, opts, progress))
        done.append(name)


def _generic(name: str):  # type: ignore[no-untyped-def]
    def command(
        out: ReportsDirOpt = None,
        games: Annotated[
            int | None,
            count_option("--games", help="Games per simulated set-up (default: the report's)."),
        ] = None,
        quick: QuickOpt = False,
        seed: SeedOpt = DEFAULT_SEED,
        only: OnlyOpt = None,
        quiet: QuietOpt = False,
    ) -> None:
        progress = _progress(quiet)
        with user_errors(), _interruptible(progress, []):
            opts = _options(games, seed, quick)
            sections = _only(only, name)
            if sections is None:
                modules = {name: report_modules()[name]}
                _write_reports(modules, _root(out, quick), opts, progress, [])
                return
            mod = importlib.import_module(report_modules()[name])
            folder = _root(out, quick) / mod.REPORT.folder
            _echo_written(mod.REPORT.build(folder, opts, progress, sections))

    command.__doc__ = (
        f"The {name} report into its folder under --out (reports/).\n\n"
        f"Example: headcount-lab report {name} --quick --out /tmp/reports"
    )
    return command


@app.command("sections")
def sections_cmd(
    game: Annotated[
        str | None, typer.Argument(help="A game with a report (default: every one).")
    ] = None,
) -> None:
    """The sections of each report, for --only: name, what it computes, its tables.

    Example: headcount-lab report sections whist
    """
    with user_errors():
        names = list(report_modules())
        if game is not None and game not in names:
            raise UserError(f"unknown game {game!r}: choose {', '.join(names)}")
        for name in names if game is None else [game]:
            typer.echo(f"{name}:")
            for s in report_sections(name):
                typer.echo(f"  {s.name:<15} {s.what}")
                typer.echo(f"  {'':<15} tables: {', '.join(s.tables)}")


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
