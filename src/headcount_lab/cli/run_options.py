"""Options shared by every simulation command, and the one function that runs a job for the CLI.

Commands declare these parameters (``workers: WorkersOpt = None`` ...) and pass them to
:func:`execute` as a :class:`RunOptions`; the runner decides the rest. Options that name a place
to write parse with :func:`output_path`, which refuses an empty name (``--out ''`` would
otherwise be the current folder); :mod:`headcount_lab.core.paths` checks the rest before any
work starts.

Every option that counts something (``--games``, ``--hands``, ``--rounds``, ``--workers`` ...)
of every command is declared with :func:`count_option`, whose parser refuses a count past 2^53
with the reason (:func:`headcount_lab.core.limits.check_count`); ``--yes`` (:data:`YesOpt`) lets
a run go on that is estimated to take over a day (:mod:`headcount_lab.core.limits`).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from headcount_lab.cli.common import UserError


def output_path(text: str | Path) -> Path:
    """Parser for options that name a file or folder to write: the raw text, so that an empty
    name can be refused (as ``Path``, ``''`` is already ``.``)."""
    from headcount_lab.core.paths import check_named

    try:
        return Path(check_named(str(text), "it"))
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def output_folder(text: str | Path) -> Path:
    """Parser for a folder a command writes into (a report's ``--out``): refused at once if it
    is empty, a file, below a file, or where this user cannot write
    (:func:`headcount_lab.core.paths.check_folder`)."""
    from headcount_lab.core.paths import check_folder

    try:
        return check_folder(output_path(text), "")
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _whole(text: str | int) -> int:
    """The option's text as a whole number, or typer's one-line refusal."""
    try:
        return int(str(text).strip())
    except ValueError:
        raise typer.BadParameter(f"{str(text)!r} is not a valid integer.") from None


def count(text: str | int) -> int:
    """Parser for an option that counts something: a whole number no larger than 2^53."""
    from headcount_lab.core.limits import check_count

    value = _whole(text)
    try:
        return check_count(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def seed(text: str | int) -> int:
    """Parser for ``--seed``: a whole number 0 .. 2^63 - 1, what a record file's ``seed`` may
    hold (:data:`headcount_lab.core.record.SEED_MAX`), so every seeded run can be replayed."""
    from headcount_lab.core.record import SEED_MAX

    value = _whole(text)
    if not 0 <= value <= SEED_MAX:
        raise typer.BadParameter(f"a seed is a whole number from 0 to 2^63 - 1, not {value}")
    return value


def seed_option(*names: str, help: str, **kwargs: object) -> typer.models.OptionInfo:  # noqa: A002
    """``typer.Option(*names, ...)`` for a seed: parsed by :func:`seed`, shown as ``SEED``."""
    return typer.Option(*names, help=help, parser=seed, metavar="SEED", **kwargs)  # type: ignore[arg-type]


def count_option(*names: str, help: str, **kwargs: object) -> typer.models.OptionInfo:  # noqa: A002
    """``typer.Option(*names, ...)`` for a count: parsed by :func:`count`, shown as ``N``."""
    return typer.Option(*names, help=help, parser=count, metavar="N", **kwargs)  # type: ignore[arg-type]


WorkersOpt = Annotated[
    int | None,
    count_option("--workers", help="Worker threads, or dask-local processes (default: all cores)."),
]
YesOpt = Annotated[
    bool,
    typer.Option("--yes", help="Run even if the run is estimated to take over a day."),
]
OutOpt = Annotated[
    Path | None,
    typer.Option(
        "--out",
        parser=output_path,
        metavar="FOLDER",
        help="Results folder (Parquet + metadata.json).",
    ),
]
ResumeOpt = Annotated[bool, typer.Option("--resume", help="Continue an interrupted run in --out.")]
ForceOpt = Annotated[bool, typer.Option("--force", help="Overwrite a finished run in --out.")]
BackendOpt = Annotated[
    str, typer.Option("--backend", help="local, dask-local or dask (with --scheduler).")
]
SchedulerOpt = Annotated[
    str | None, typer.Option("--scheduler", help="Dask scheduler address, tcp://HOST:8786.")
]
QuietOpt = Annotated[bool, typer.Option("--quiet", help="No progress bar.")]


@dataclass(frozen=True)
class RunOptions:
    workers: int | None = None
    out: Path | None = None
    resume: bool = False
    force: bool = False
    backend: str = "local"
    scheduler: str | None = None
    quiet: bool = False
    json: bool = False
    #: Seconds to wait for a Dask scheduler (not a CLI option; tests shorten it).
    connect_timeout: float | None = None
    #: ``--yes``: no limit on the estimated run time (:mod:`headcount_lab.core.limits`)
    yes: bool = False


def execute(job, seed: int, opts: RunOptions, on_chunk=None):  # type: ignore[no-untyped-def]
    """Run ``job`` with ``seed`` as the options say and return the merged statistics.

    ``on_chunk((first_block, block_count))`` is called for each chunk computed in this session
    (not for chunks read back from a checkpoint), e.g. to time only the work done now.

    Bad options, a damaged or busy results folder: one line on stderr, exit 2, nothing written.
    A run estimated to take over a day stops after its first chunks with one line saying how
    long it would take, unless ``opts.yes``.
    Ctrl-C, SIGTERM, SIGHUP: the completed chunks are saved in ``--out`` (if given), one line
    says how to resume; the exit status is the shell's for the signal, 128 + its number (130
    for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).
    """
    from headcount_lab.core import interrupts, limits, progress, runner

    try:
        return runner.run_job(
            job,
            seed,
            workers=opts.workers,
            backend=opts.backend,
            scheduler=opts.scheduler,
            out=opts.out,
            resume=opts.resume,
            force=opts.force,
            show_progress=progress.wanted(opts.quiet, opts.json),
            connect_timeout=opts.connect_timeout or runner.DASK_CONNECT_TIMEOUT,
            on_chunk=on_chunk,
            time_limit=None if opts.yes else limits.LONG_RUN_SECONDS,
        )
    except ValueError as exc:
        raise UserError(str(exc)) from None
    except runner.Interrupted as exc:
        where = (
            f"; saved in {opts.out}, continue with the same command and --resume"
            if opts.out is not None
            else "; nothing saved (no --out)"
        )
        _say(
            f"interrupted{_by(exc.signum)}: {exc.blocks_done} of {exc.n_blocks} blocks done{where}"
        )
        raise typer.Exit(interrupts.exit_status(exc.signum)) from None
    except KeyboardInterrupt as exc:  # before the first chunk (compiling, starting a cluster)
        signum = interrupts.signum_of(exc)
        _say(f"interrupted{_by(signum)} before any work was done")
        raise typer.Exit(interrupts.exit_status(signum)) from None


def _by(signum: int) -> str:
    """`` by SIGTERM`` for a signal other than Ctrl-C's."""
    import signal

    from headcount_lab.core.interrupts import signal_name

    return "" if signum == signal.SIGINT else f" by {signal_name(signum)}"


def _say(line: str) -> None:
    # After SIGHUP the terminal may be gone; the exit status still tells.
    with contextlib.suppress(OSError):
        typer.echo(line, err=True)
