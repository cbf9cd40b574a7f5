"""A one-command CLI over the runner's self-test job, shaped like every simulation command.

Tests drive it through ``typer.testing.CliRunner`` and, for real signals, as a subprocess:
``python tests/core/selftest_cli.py --units N --seed S --out DIR``. ``--pace S`` makes each block
also sleep ``S`` seconds (same numbers): a run that is still going when a test's signal lands,
without keeping both cores busy for seconds while the other test worker waits for them.
"""

from __future__ import annotations

import dataclasses
import time
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
    pace: Annotated[float, typer.Option("--pace", help="Seconds each block sleeps.")] = 0.0,
) -> None:
    from headcount_lab.core.selftest import selftest_job

    with user_errors():
        job = selftest_job(units, block_size)
        if name:
            job = dataclasses.replace(job, name=name)
        if pace:  # the local backend's threads run this very job object; the numbers are kept
            job = dataclasses.replace(job, block_fn=_paced(job.block_fn, pace))
        opts = ro.RunOptions(
            workers, out, resume, force, backend, scheduler, quiet, json_out, timeout
        )
        stats = ro.execute(job, seed, opts)
    print_json({k: v.tolist() for k, v in stats.items()})


def _paced(block_fn, seconds):
    def paced(state, n_units):
        time.sleep(seconds)
        return block_fn(state, n_units)

    return paced


if __name__ == "__main__":
    app()
