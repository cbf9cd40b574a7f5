"""Options shared by every simulation command, and the one function that runs a job for the CLI.

Commands declare these parameters (``workers: WorkersOpt = None`` ...) and pass them to
:func:`execute` as a :class:`RunOptions`; the runner decides the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from headcount_lab.cli.common import UserError

WorkersOpt = Annotated[
    int | None, typer.Option("--workers", help="Worker threads (default: all local cores).")
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


def execute(job, seed: int, opts: RunOptions):  # type: ignore[no-untyped-def]
    """Run ``job`` with ``seed`` as the options say and return the merged statistics."""
    from headcount_lab.core import runner

    if opts.workers is not None and opts.workers < 1:
        raise UserError(f"--workers must be at least 1, got {opts.workers}")
    if opts.out is not None or opts.resume or opts.backend != "local":
        raise UserError("--out, --resume and --backend are not available yet in this version")
    return runner.run(job, seed)
