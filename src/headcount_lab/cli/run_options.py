"""Options shared by every simulation command, and the one function that runs a job for the CLI.

Commands declare these parameters (``workers: WorkersOpt = None`` ...) and pass them to
:func:`execute` as a :class:`RunOptions`; the runner decides the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from headcount_lab.cli.common import EXIT_INTERRUPTED, UserError

WorkersOpt = Annotated[
    int | None,
    typer.Option("--workers", help="Worker threads, or dask-local processes (default: all cores)."),
]
OutOpt = Annotated[
    Path | None, typer.Option("--out", help="Results folder (Parquet + metadata.json).")
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


def execute(job, seed: int, opts: RunOptions):  # type: ignore[no-untyped-def]
    """Run ``job`` with ``seed`` as the options say and return the merged statistics.

    Bad options: one line on stderr, exit 2, nothing written. Ctrl-C: the completed chunks are
    saved in ``--out`` (if given), one line says how to resume, exit 130.
    """
    from headcount_lab.core import progress, runner

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
        )
    except ValueError as exc:
        raise UserError(str(exc)) from None
    except runner.Interrupted as exc:
        where = (
            f"; saved in {opts.out}, continue with the same command and --resume"
            if opts.out is not None
            else "; nothing saved (no --out)"
        )
        typer.echo(f"interrupted: {exc.blocks_done} of {exc.n_blocks} blocks done{where}", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except KeyboardInterrupt:  # before the first chunk (compiling, starting a cluster)
        typer.echo("interrupted before any work was done", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
