"""Runner benchmarks: overhead against a bare loop, scaling from 1 to 2 workers, peak memory.

Every figure is a ratio against a baseline measured in the same run, or a number read from the
operating system, because the machine is shared and noisy:

- ``overhead``: the chunked runner on one worker (thread pool, adaptive chunks, block-order
  merge; and again with checkpoints written to a results folder) against :func:`runner.run`,
  the bare loop over the same blocks. Target: under 2 %.
- ``time_outside_blocks``: the same three variants, each timing its own blocks: the share of
  wall time spent outside ``block_fn``. Robust to other programs; the runner's overhead is its
  share minus the bare loop's.
- ``checkpoint_cost``: milliseconds per checkpoint and per results folder, timed alone (I/O
  that a noisy end-to-end timing hides), and a checkpoint's share of a one-second chunk.
- ``scaling``: the same job on 2 workers against 1 worker. Target: at least 1.8x on 2 free cores.
  How free the cores were is measured, not assumed: ``/proc/stat`` gives all CPU time used on
  the machine during the run, the process's own CPU time is subtracted, and what is left is the
  average number of cores other programs kept busy (``other_busy_cores``).
- ``memory``: peak resident memory (``ru_maxrss`` of a child process) of a large run written to
  a results folder, against a run 100x smaller: flat memory means the two peaks are close.
  Target: under 300 MB for 10^9 hands. The run is the first :class:`MemoryProbe` a registered
  game's bench module declares (``MEMORY_PROBE``; Headcount's ``deal``), run through the public
  command line: core knows no game, it reads them from the registry. Without a probe the
  self-test job stands in.

Timings (wall and CPU seconds) alternate the variants over ``reps`` repetitions. Ratios are
given best-to-best, and for the overhead, which is small enough for noise to matter, also
median-to-median in wall time and in the process's CPU time (less sensitive to other programs).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from headcount_lab.core import runner
from headcount_lab.core.selftest import selftest_job

#: Blocks of the bench job: the size the Headcount deal job uses (2**20 units).
BENCH_BLOCK = 1 << 20


def _busy_seconds() -> float:
    """CPU seconds all programs have used on this machine (``/proc/stat``, Linux)."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _own_cpu() -> float:
    t = os.times()
    return t.user + t.system


def measure(fn: Callable[[], object]) -> dict[str, float]:
    """Wall time of ``fn()``, the cores it used, and the cores everybody else kept busy."""
    busy0, own0, t0 = _busy_seconds(), _own_cpu(), time.perf_counter()
    fn()
    wall = time.perf_counter() - t0
    own = _own_cpu() - own0
    others = max(0.0, _busy_seconds() - busy0 - own)
    return {
        "seconds": wall,
        "cpu_seconds": own,
        "own_cores": own / wall,
        "other_busy_cores": others / wall,
    }


def _repeat(variants: dict[str, Callable[[], object]], reps: int) -> dict[str, list[dict]]:
    """Each variant ``reps`` times, alternating, so slow spells hit every variant alike."""
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in variants}
    for _ in range(reps):
        for name, fn in variants.items():
            runs[name].append(measure(fn))
    return runs


def _best(variants: dict[str, Callable[[], object]], reps: int) -> dict[str, dict[str, float]]:
    runs = _repeat(variants, reps)
    return {name: min(ms, key=lambda m: m["seconds"]) for name, ms in runs.items()}


def _median(xs: list[float]) -> float:
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def overhead(units: int, reps: int) -> dict[str, Any]:
    job = selftest_job(units, BENCH_BLOCK)
    job.warmup()
    with tempfile.TemporaryDirectory() as tmp:
        count = iter(range(10**6))
        runs = _repeat(
            {
                "bare_loop": lambda: runner.run(job, 1),
                "runner_1_worker": lambda: runner.run_chunked(job, 1, workers=1),
                "runner_1_worker_checkpointed": lambda: runner.run_job(
                    job, 1, workers=1, out=Path(tmp) / str(next(count))
                ),
            },
            reps,
        )
    secs = {k: [m["seconds"] for m in v] for k, v in runs.items()}
    base_best, base_median = min(secs["bare_loop"]), _median(secs["bare_loop"])
    out: dict[str, Any] = {
        "job": f"selftest {units:,} units, blocks of {BENCH_BLOCK:,}",
        "blocks": job.n_blocks,
        "reps": reps,
        **{f"{k}_seconds": [round(x, 4) for x in v] for k, v in secs.items()},
        "max_other_busy_cores": round(
            max(m["other_busy_cores"] for v in runs.values() for m in v), 2
        ),
    }
    cpu = {k: [m["cpu_seconds"] for m in v] for k, v in runs.items()}
    for k, label in (
        ("runner_1_worker", "overhead"),
        ("runner_1_worker_checkpointed", "overhead_checkpointed"),
    ):
        out[f"{label}_best"] = round(min(secs[k]) / base_best - 1, 4)
        out[f"{label}_median"] = round(_median(secs[k]) / base_median - 1, 4)
        # CPU time used by the process: what the runner itself costs, much less sensitive
        # to other programs than wall time on a shared machine.
        out[f"{label}_cpu_median"] = round(_median(cpu[k]) / _median(cpu["bare_loop"]) - 1, 4)
    out["target"] = "< 0.02"
    return out


def time_outside_blocks(units: int, reps: int) -> dict[str, Any]:
    """Share of a run's wall time spent outside ``block_fn`` (seeding, scheduling, merging,
    checkpoints), measured inside each run. Unlike a ratio of two runs it needs no quiet
    machine: a pause caused by another program mostly lands inside the blocks, where the time
    goes. The runner's own cost is its share minus the bare loop's."""
    import dataclasses

    job = selftest_job(units, BENCH_BLOCK)
    job.warmup()
    spent: list[float] = []

    def timed_block(state: Any, n: int) -> Any:
        t0 = time.perf_counter()
        out = job.block_fn(state, n)
        spent.append(time.perf_counter() - t0)
        return out

    timed = dataclasses.replace(job, block_fn=timed_block)
    shares: dict[str, list[float]] = {"bare_loop": [], "runner": [], "runner_checkpointed": []}
    with tempfile.TemporaryDirectory() as tmp:
        variants: dict[str, Callable[[int], object]] = {
            "bare_loop": lambda i: runner.run(timed, 1),
            "runner": lambda i: runner.run_chunked(timed, 1, workers=1),
            "runner_checkpointed": lambda i: runner.run_job(
                timed, 1, workers=1, out=Path(tmp) / str(i)
            ),
        }
        for i in range(reps):
            for name, fn in variants.items():
                spent.clear()
                t0 = time.perf_counter()
                fn(i)
                shares[name].append(1 - sum(spent) / (time.perf_counter() - t0))
    med = {k: _median(v) for k, v in shares.items()}
    return {
        **{f"{k}_outside_share_median": round(v, 4) for k, v in med.items()},
        "runner_overhead": round(med["runner"] - med["bare_loop"], 4),
        "runner_checkpointed_overhead": round(med["runner_checkpointed"] - med["bare_loop"], 4),
    }


def checkpoint_cost(reps: int = 20) -> dict[str, Any]:
    """Milliseconds the main thread spends per checkpoint (a chunk written atomically, with
    fsync) and per results folder (run.json, Parquet tables, metadata, git commit): I/O costs
    that are hard to see inside a noisy end-to-end timing."""
    import numpy as np

    from headcount_lab.core import store

    stats = {"histogram": np.arange(78, dtype=np.int64), "specials": np.arange(3, dtype=np.int64)}
    ident = store.run_identity("bench", {}, 1, 10, 1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = store.ResultsFolder.open(Path(tmp) / "ck", ident, resume=False, force=False)
        folder.prepare()
        t0 = time.perf_counter()
        for i in range(reps):
            folder.save_chunk(i, 1, stats)
        per_chunk = (time.perf_counter() - t0) / reps
        t0 = time.perf_counter()
        for i in range(3):
            f = store.ResultsFolder.open(Path(tmp) / f"run{i}", ident, resume=False, force=False)
            f.prepare()
            f.log_session({"start": store.now()})
            f.finish(stats, {**store.environment(), "sessions": f.sessions()})
        per_run = (time.perf_counter() - t0) / 3
    return {
        "ms_per_checkpoint": round(per_chunk * 1e3, 2),
        "share_of_a_1s_chunk": round(per_chunk / runner.TARGET_CHUNK_SECONDS, 4),
        "ms_per_results_folder": round(per_run * 1e3, 1),
    }


def scaling(units: int, reps: int) -> dict[str, Any]:
    job = selftest_job(units, BENCH_BLOCK)
    job.warmup()
    load_before = os.getloadavg()
    best = _best(
        {
            "1_worker": lambda: runner.run_chunked(job, 1, workers=1),
            "2_workers": lambda: runner.run_chunked(job, 1, workers=2),
        },
        reps,
    )
    one, two = best["1_worker"], best["2_workers"]
    return {
        "job": f"selftest {units:,} units",
        "cpu_count": os.cpu_count(),
        "loadavg_before": [round(x, 2) for x in load_before],
        "1_worker_seconds": round(one["seconds"], 4),
        "2_workers_seconds": round(two["seconds"], 4),
        "speedup": round(one["seconds"] / two["seconds"], 3),
        "2_workers_own_cores": round(two["own_cores"], 2),
        "2_workers_other_busy_cores": round(two["other_busy_cores"], 2),
        "1_worker_other_busy_cores": round(one["other_busy_cores"], 2),
        "target": ">= 1.8 on 2 free cores (other_busy_cores near 0)",
    }


#: Prefix for ``python -c`` children: report the child's own high-water RSS at exit. The
#: ``ru_maxrss`` from ``wait4`` also counts the forked copy of this (large) parent before
#: ``exec``, so after other benchmarks it overstated the child by the parent's size.
_REPORT_HWM = (
    "import atexit, sys\n"
    "def _hwm():\n"
    "    try:\n"
    "        with open('/proc/self/status') as f:\n"
    "            sys.stderr.write(''.join(l for l in f if l.startswith('VmHWM')))\n"
    "    except OSError:\n"
    "        pass\n"
    "atexit.register(_hwm)\n"
)


def _child_peak(args: list[str]) -> dict[str, Any]:
    """Run a child process; its wall time and peak resident memory: the child's own ``VmHWM``
    where Linux reports it (children started with :data:`_REPORT_HWM`), else ``wait4``'s
    ``ru_maxrss``."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.stdout.read(), proc.stderr.read()  # type: ignore[union-attr]
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    for stream in (proc.stdout, proc.stderr):
        stream.close()  # type: ignore[union-attr]
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {err.decode().strip()}")
    peak_kib = usage.ru_maxrss  # Linux reports KiB
    for line in err.decode().splitlines():
        if line.startswith("VmHWM:"):
            peak_kib = int(line.split()[1])
    return {
        "seconds": round(time.perf_counter() - t0, 2),
        "peak_rss_mb": round(peak_kib / 1024, 1),
        "stdout": out.decode(),
    }


@dataclass(frozen=True)
class MemoryProbe:
    """A game's large run for the ``memory`` benchmark, declared as ``MEMORY_PROBE`` in one of
    the modules its registry entry lists under ``bench``."""

    job: str  #: what the figures call the run
    argv: tuple[str, ...]  #: ``headcount-lab`` words; ``{units}`` and ``{out}`` are filled in
    rate: str  #: the key of the command's ``--json`` output giving units per second


def memory_probe() -> MemoryProbe | None:
    """The first ``MEMORY_PROBE`` among the registered games' bench modules (registry order)."""
    import importlib

    from headcount_lab.games import registered  # the registry only: core imports no game

    for spec in registered().values():
        for target in spec.bench.values():  # "module" or "module:function"
            module = importlib.import_module(target.partition(":")[0])
            probe = getattr(module, "MEMORY_PROBE", None)
            if isinstance(probe, MemoryProbe):
                return probe
    return None


def memory(units: int) -> dict[str, Any]:
    """Peak RSS of a large run with a results folder, and of a run 100x smaller."""
    cli = _REPORT_HWM + "from headcount_lab.cli.app import main; main()"
    selftest = _REPORT_HWM + (
        "import sys; from headcount_lab.core import runner, selftest;"
        "runner.run_job(selftest.selftest_job(int(sys.argv[1]), 1 << 20), 1, out=sys.argv[2])"
    )
    probe = memory_probe()
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, n in (("small", units // 100), ("large", units)):
            out = str(Path(tmp) / label)
            if probe is not None:
                words = [w.format(units=n, out=out) for w in probe.argv]
                args = [sys.executable, "-c", cli, *words]
            else:
                args = [sys.executable, "-c", selftest, str(n), out]
            r = _child_peak(args)
            rows[label] = {"units": n, "seconds": r["seconds"], "peak_rss_mb": r["peak_rss_mb"]}
            if probe is not None:
                rows[label][probe.rate] = round(json.loads(r["stdout"])[probe.rate])
    return {
        "job": probe.job if probe is not None else "selftest, all cores, --out",
        **rows,
        "growth_mb": round(rows["large"]["peak_rss_mb"] - rows["small"]["peak_rss_mb"], 1),
        "target": "< 300 MB at 1e9 hands",
    }


def run_benchmarks(quick: bool) -> dict:
    reps = 2 if quick else 5
    units = 20_000_000 if quick else 200_000_000
    return {
        "overhead": overhead(units, reps),
        "time_outside_blocks": time_outside_blocks(units // 2, reps),
        "checkpoint_cost": checkpoint_cost(),
        "scaling": scaling(units, reps),
        "memory": memory(100_000_000 if quick else 1_000_000_000),
    }
