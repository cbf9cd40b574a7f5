"""A one-command CLI over the runner's self-test job, shaped like every simulation command.

Tests drive it through ``typer.testing.CliRunner`` and, for real signals, as a subprocess:
``python tests/core/selftest_cli.py --units N --seed S --out DIR``.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer

from headcount_lab.cli import run_options as ro
from headcount_lab.cli.common import print_json, user_errors

app = typer.Typer(pretty_exceptions_enable=False, add_completion=False)


@app.command()
def selftest(
    units: Annotated[int, typer.Option("--units")] = 1_000_000,
    seed: Annotated[int, typer.Option("--seed")] = 1,
    block_size: Annotated[int, typer.Option("--block-size")] = 1 << 14,
    name: Annotated[str, typer.Option("--name", help="Job name (stands in for the command).")] = "",
    workers: ro.WorkersOpt = None,
    out: ro.OutOpt = None,
    resume: ro.ResumeOpt = False,
    force: ro.ForceOpt = False,
    backend: ro.BackendOpt = "local",
    scheduler: ro.SchedulerOpt = None,
    quiet: ro.QuietOpt = False,
    json_out: Annotated[bool, typer.Option("--json")] = False,
    timeout: Annotated[float | None, typer.Option("--connect-timeout")] = None,
) -> None:
    from headcount_lab.core.selftest import selftest_job

    with user_errors():
        job = selftest_job(units, block_size)
        if name:
            job = dataclasses.replace(job, name=name)
        opts = ro.RunOptions(
            workers, out, resume, force, backend, scheduler, quiet, json_out, timeout
        )
        stats = ro.execute(job, seed, opts)
    print_json({k: v.tolist() for k, v in stats.items()})


if __name__ == "__main__":
    app()
