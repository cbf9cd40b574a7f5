"""Run a job in blocks, on every core or on a Dask cluster, and merge the blocks' statistics.

Every simulation command builds a :class:`Job` and hands it to :func:`run` (one thread, no
frills), :func:`run_chunked` (chunks on a thread pool or Dask, checkpoints, progress) or, from
the command line, :func:`run_job` (all of that plus the run options: results folder, resume,
backend choice; see ``cli/run_options.py`` and ``docs/scaling.md``). Ctrl-C during a chunked
run saves the completed chunks and raises :class:`Interrupted`; under :func:`run_job`, SIGTERM and
SIGHUP do the same (:mod:`headcount_lab.core.interrupts`).

Blocks and chunks
    A job is ``units`` units of work (hands, games, matches) cut into blocks of ``block_size``
    units; block ``b`` draws from the stream :func:`headcount_lab.core.rng.block_state`
    ``(seed, b)`` and returns a dict of numpy arrays (counts, sums, histograms) of fixed shapes.
    The block size is part of the job's identity; it never depends on timing. A *chunk* is a run
    of consecutive blocks handed to one worker at a time; chunk sizes adapt so that a chunk takes
    about :data:`TARGET_CHUNK_SECONDS`. Because a block's numbers depend only on ``(seed, b)``,
    how blocks are grouped into chunks, how many workers there are, which backend runs them and
    in which order chunks finish never changes the result.

Merging, to the last bit
    The result is the blocks' arrays added in block order, exactly as :func:`run` does. Inside a
    chunk, integer and boolean arrays are added up at once (integer addition is associative, so
    grouping cannot change the sum); floating-point arrays are kept one row per block and added
    row by row when the chunk joins the total, because float addition is not associative.
    Chunks join the total in block order, whatever order they finish in.

Jobs that travel (Dask): factories, or plain picklable parts
    A thread pool calls ``job.block_fn`` directly, so any callable works locally. A Dask worker
    is another process, possibly on another machine, where closures and lambdas cannot be
    rebuilt. A job reaches a worker in one of two ways:

    1. By *spec* (preferred): the job names a factory, ``Job(..., factory="pkg.module:function")``.
       The runner sends ``(factory, params, seed, first block, block count)`` and the worker
       rebuilds the job with ``function(**params)``, once per worker process. The contract:

       - the factory is a module-level function importable on the workers (the package is
         installed there);
       - ``function(**job.params)`` returns a job with the same ``name``, ``units``,
         ``block_size`` and an equivalent ``block_fn``: everything that defines the job is in
         ``params`` (JSON-able), which is also what ``--resume`` compares;
       - it is cheap: it builds arrays and picks kernels; compiling happens in ``warmup``,
         which the runner calls once per process before fan-out.

       For example::

           def deal_job(hands: int, players: int = 4) -> Job:
               return Job(name="headcount deal", params={"hands": hands, "players": players},
                          units=hands, block_size=1 << 16,
                          block_fn=partial(_deal_block, players), warmup=_compile,
                          factory=f"{__name__}:deal_job", unit="hands")

    2. By *pickle*, for jobs without a factory whose ``block_fn`` and ``warmup`` pickle by
       reference with the standard :mod:`pickle`: module-level functions, ``functools.partial``
       of them, or instances of module-level classes (a frozen dataclass with ``__call__``).

    Anything else (a closure, a lambda) is refused with a clear error before any work starts.
    :func:`portable` picks the way and checks it (:func:`check_factory` verifies that a factory
    really rebuilds the job).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import pickle
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor
from concurrent.futures import wait as futures_wait
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from headcount_lab.core.interrupts import signals_as_interrupts, signum_of
from headcount_lab.core.rng import block_state

if TYPE_CHECKING:
    from headcount_lab.core.store import ResultsFolder

#: ``block_fn(state, n_units) -> {name: array}``: run ``n_units`` units from a ``uint64[4]`` state.
BlockFn = Callable[[np.ndarray, int], dict[str, np.ndarray]]
Stats = dict[str, np.ndarray]

#: Chunk sizes adapt so that a chunk takes about this long on one worker.
TARGET_CHUNK_SECONDS = 1.0
#: A run's first seconds, whose chunks measure its rate for the run-time limit (``time_limit``).
CALIBRATION_SECONDS = 5.0
#: Seconds to wait for a Dask scheduler before giving up with a clear error.
DASK_CONNECT_TIMEOUT = 10.0
BACKENDS = ("local", "dask-local", "dask")
#: the most ``--workers`` a run takes: each is a thread (or a dask-local process) and a pair of
#: chunks in flight, and no machine this runs on has more cores
MAX_WORKERS = 1024


def default_workers() -> int:
    """The cores this process may use (CPU affinity, e.g. ``taskset``), else all cores."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _no_warmup() -> None:
    return None


@dataclass(frozen=True)
class Job:
    """What to run. ``params`` is JSON-able and identifies the job (with the seed) on resume.

    ``factory`` (``"pkg.module:function"``) lets the job be rebuilt in another process from
    ``params`` (see the module docstring); ``unit`` names a unit of work in progress displays.
    """

    name: str
    params: Mapping[str, Any]
    units: int
    block_size: int
    block_fn: BlockFn
    warmup: Callable[[], None] = field(default=_no_warmup)
    factory: str | None = None
    unit: str = "units"

    def __post_init__(self) -> None:
        if self.units <= 0:
            raise ValueError(f"the number of units must be positive, got {self.units}")
        if self.block_size <= 0:
            raise ValueError(f"block size must be positive, got {self.block_size}")

    @property
    def n_blocks(self) -> int:
        return -(-self.units // self.block_size)

    def block_units(self, block: int) -> int:
        """Units in block ``block``: all full but the last."""
        start = block * self.block_size
        return min(self.block_size, self.units - start)

    def units_in(self, first: int, count: int) -> int:
        """Units in blocks ``first .. first+count-1``."""
        return min(self.units, (first + count) * self.block_size) - first * self.block_size


def run_block(job: Job, seed: int, block: int) -> dict[str, np.ndarray]:
    return job.block_fn(block_state(seed, block), job.block_units(block))


def merge(
    into: dict[str, np.ndarray] | None, part: Mapping[str, np.ndarray]
) -> dict[str, np.ndarray]:
    """Add ``part`` into ``into`` (which may be ``None``); keys and shapes must agree."""
    if into is None:
        return {k: np.array(v, copy=True) for k, v in part.items()}
    if into.keys() != part.keys():
        raise ValueError(f"blocks disagree on their keys: {sorted(into)} vs {sorted(part)}")
    for k, v in part.items():
        if np.shape(v) != into[k].shape:
            raise ValueError(
                f"blocks disagree on the shape of {k!r}: {into[k].shape} vs {np.shape(v)}"
            )
        into[k] += v
    return into


def run(job: Job, seed: int) -> dict[str, np.ndarray]:
    """Run every block of ``job`` in this thread and return the merged statistics. No warm-up:
    the first block compiles what it needs, where a warm-up unit would be played on top (a
    search bot's game, for each of the meters' and meta-games' many small runs)."""
    total: dict[str, np.ndarray] | None = None
    for b in range(job.n_blocks):
        total = merge(total, run_block(job, seed, b))
    assert total is not None
    return total


# --- job specs -------------------------------------------------------------------------------


def _resolve(factory: str) -> Callable[..., Job]:
    module, sep, name = factory.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"a job factory is written 'package.module:function', got {factory!r}")
    return getattr(importlib.import_module(module), name)


@lru_cache(maxsize=8)
def _cached_job(factory: str, params_json: str) -> Job:
    job = _resolve(factory)(**json.loads(params_json))
    job.warmup()
    return job


def _params_json(params: Mapping[str, Any]) -> str:
    return json.dumps(dict(params), sort_keys=True)


def job_from_spec(factory: str, params: Mapping[str, Any]) -> Job:
    """Rebuild (and warm up) a job from its factory and params; cached per process."""
    return _cached_job(factory, _params_json(params))


def check_factory(job: Job) -> None:
    """Raise ``ValueError`` unless ``job.factory`` rebuilds ``job`` from ``job.params``."""
    if job.factory is None:
        raise ValueError(
            f"job {job.name!r} has no factory, so it cannot be sent to Dask workers "
            "(see headcount_lab.core.runner)"
        )
    again = _resolve(job.factory)(**dict(job.params))
    mine = (job.name, job.units, job.block_size, _params_json(job.params))
    theirs = (again.name, again.units, again.block_size, _params_json(again.params))
    if mine != theirs:
        raise ValueError(
            f"factory {job.factory} does not rebuild job {job.name!r}: {theirs} != {mine}"
        )


# --- chunks ----------------------------------------------------------------------------------


def _exact_kind(a: np.ndarray) -> bool:
    """Arrays whose additions may be regrouped without changing a bit (integers, booleans)."""
    return a.dtype.kind in "biu"


def run_chunk(job: Job, seed: int, first: int, count: int) -> Stats:
    """Blocks ``first .. first+count-1`` as a chunk: exact arrays summed, float arrays one row a
    block (see the module docstring)."""
    exact: Stats | None = None
    rows: dict[str, list[np.ndarray]] = {}
    for b in range(first, first + count):
        part = run_block(job, seed, b)
        if exact is None:
            exact = {
                k: np.array(v, copy=True) for k, v in part.items() if _exact_kind(np.asarray(v))
            }
            rows = {k: [] for k in part if k not in exact}
        else:
            if part.keys() != exact.keys() | rows.keys():
                raise ValueError(f"blocks disagree on their keys: {sorted(part)}")
            merge(exact, {k: part[k] for k in exact})
        for k in rows:
            rows[k].append(np.asarray(part[k]))
    assert exact is not None
    return {**exact, **{k: np.stack(v) for k, v in rows.items()}}


def merge_chunk(into: Stats | None, chunk: Mapping[str, np.ndarray]) -> Stats:
    """Add a chunk from :func:`run_chunk` into the running total, block by block for floats."""
    exact = {k: v for k, v in chunk.items() if _exact_kind(v)}
    floats = {k: v for k, v in chunk.items() if not _exact_kind(v)}
    if into is None:
        into = {k: np.array(v, copy=True) for k, v in exact.items()}
        into.update({k: np.array(v[0], copy=True) for k, v in floats.items()})
        floats = {k: v[1:] for k, v in floats.items()}
    else:
        if into.keys() != chunk.keys():
            raise ValueError(f"chunks disagree on their keys: {sorted(into)} vs {sorted(chunk)}")
        merge({k: into[k] for k in exact}, exact)  # the views add into ``into`` in place
    for k, v in floats.items():
        for row in v:
            into[k] += row
    return into


def _timed_chunk(job: Job, seed: int, first: int, count: int) -> tuple[Stats, float]:
    t0 = time.perf_counter()
    stats = run_chunk(job, seed, first, count)
    return stats, time.perf_counter() - t0


@dataclass(frozen=True)
class JobSpec:
    """A job by reference: its factory and JSON params (see the module docstring)."""

    factory: str
    params_json: str

    def job(self) -> Job:
        return _cached_job(self.factory, self.params_json)


def portable(job: Job) -> JobSpec | Job:
    """What to send to a Dask worker for ``job``: its spec, or the job itself if it pickles by
    reference. Raises ``ValueError`` if neither works."""
    if job.factory is not None:
        check_factory(job)
        return JobSpec(job.factory, _params_json(job.params))
    try:
        pickle.dumps(job)
    except (pickle.PicklingError, AttributeError, TypeError) as exc:
        raise ValueError(
            f"job {job.name!r} cannot be sent to Dask workers: give it a factory or build it "
            f"from module-level functions (see headcount_lab.core.runner): {exc}"
        ) from None
    return job


def _worker_job(payload: JobSpec | Job) -> Job:
    return payload.job() if isinstance(payload, JobSpec) else payload


def _dask_chunk(payload: JobSpec | Job, seed: int, first: int, count: int) -> tuple[Stats, float]:
    """What a Dask worker runs: get the job from its payload and run one chunk."""
    return _timed_chunk(_worker_job(payload), seed, first, count)


def _dask_warm(payload: JobSpec | Job) -> bool:
    _worker_job(payload).warmup()
    return True


class ChunkPlan:
    """Which blocks remain, and how many of them the next chunk takes.

    The first chunks are single blocks; afterwards a chunk is sized from the measured seconds per
    block so that it takes about ``target`` seconds, and shrinks near the end so that every
    worker still gets work. ``fixed`` pins the size (tests, benchmarks).
    """

    def __init__(
        self,
        gaps: Iterable[tuple[int, int]],
        slots: int,
        target: float = TARGET_CHUNK_SECONDS,
        fixed: int | None = None,
    ):
        self.gaps = [(a, b) for a, b in gaps if b > a]
        self.slots = max(1, slots)
        self.target = target
        self.fixed = fixed
        self.seconds = 0.0
        self.blocks = 0

    @property
    def remaining(self) -> int:
        return sum(b - a for a, b in self.gaps)

    def observe(self, count: int, seconds: float) -> None:
        self.blocks += count
        self.seconds += seconds

    def size(self) -> int:
        if self.fixed is not None:
            return self.fixed
        if self.blocks == 0 or self.seconds <= 0:
            return 1
        want = max(1, int(self.target * self.blocks / self.seconds))
        fair = max(1, -(-self.remaining // (2 * self.slots)))
        return min(want, fair)

    def next(self) -> tuple[int, int] | None:
        if not self.gaps:
            return None
        a, b = self.gaps[0]
        n = min(self.size(), b - a)
        if a + n == b:
            self.gaps.pop(0)
        else:
            self.gaps[0] = (a + n, b)
        return a, n


def gaps_between(n_blocks: int, done: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Block ranges ``[a, b)`` of ``0..n_blocks-1`` not covered by the ``(first, count)`` chunks."""
    out = []
    at = 0
    for first, count in sorted(done):
        if first > at:
            out.append((at, first))
        at = max(at, first + count)
    if at < n_blocks:
        out.append((at, n_blocks))
    return out


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM/SIGHUP under :func:`run_job`) during :func:`run_chunked`; the
    completed chunks are saved if there is a folder. ``signum`` is the signal that stopped it.
    It is a ``KeyboardInterrupt``, so a caller that only knows Ctrl-C (a report) still stops,
    and no ``except Exception`` swallows it."""

    def __init__(self, blocks_done: int, n_blocks: int, signum: int = 2):
        super().__init__(f"interrupted with {blocks_done} of {n_blocks} blocks done")
        self.blocks_done = blocks_done
        self.n_blocks = n_blocks
        self.signum = signum


# --- backends --------------------------------------------------------------------------------

Chunk = tuple[int, int]


class Backend(Protocol):
    slots: int

    def submit(self, chunk: Chunk) -> Any: ...
    def wait(self, pending: dict[Any, Chunk], timeout: float) -> list[Any]: ...
    def result(self, handle: Any) -> tuple[Stats, float]: ...
    def cancel(self, pending: dict[Any, Chunk]) -> None: ...
    def close(self) -> None: ...


class ThreadBackend:
    """Chunks on a thread pool: the kernels release the GIL, so threads use every core."""

    def __init__(self, job: Job, seed: int, workers: int):
        job.warmup()  # compile once, before fan-out
        self.job, self.seed, self.slots = job, seed, workers
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="runner")

    def submit(self, chunk: Chunk) -> Future:
        return self.pool.submit(_timed_chunk, self.job, self.seed, *chunk)

    def wait(self, pending: dict[Any, Chunk], timeout: float) -> list[Any]:
        done, _ = futures_wait(list(pending), timeout=timeout, return_when=FIRST_COMPLETED)
        return sorted(done, key=lambda f: pending[f])

    def result(self, handle: Future) -> tuple[Stats, float]:
        return handle.result()

    def cancel(self, pending: dict[Any, Chunk]) -> None:
        for f in pending:
            f.cancel()

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskBackend:
    """Chunks as Dask tasks. Workers rebuild the job from its spec (module docstring); the
    scheduler reruns the tasks of a worker that dies, and block identity keeps the result."""

    def __init__(self, job: Job, seed: int, client: Any, own: list[Any] | None = None):
        from distributed import wait as dask_wait

        payload = portable(job)
        self.client, self.own, self.seed = client, own or [], seed
        self._wait = dask_wait
        client.run(_dask_warm, payload)  # compile once per worker before fan-out
        self.payload: Any = payload
        if isinstance(payload, Job):
            # A job sent by pickle may hold large tables (a bot's beliefs: ~18 MB); inside every
            # task it would travel once per chunk (and Dask warns of a "large graph"). It goes
            # to every worker once instead; tasks name it. A worker that joins later (a dead one
            # restarted) gets it from a peer.
            self.payload = client.scatter(payload, broadcast=True, hash=False)
        self.slots = max(1, sum(client.nthreads().values()))

    def submit(self, chunk: Chunk) -> Any:
        return self.client.submit(_dask_chunk, self.payload, self.seed, *chunk, pure=False)

    def wait(self, pending: dict[Any, Chunk], timeout: float) -> list[Any]:
        try:
            done, _ = self._wait(list(pending), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return []
        return sorted(done, key=lambda f: pending[f])

    def result(self, handle: Any) -> tuple[Stats, float]:
        return handle.result()

    def cancel(self, pending: dict[Any, Chunk]) -> None:
        if pending:
            self.client.cancel(list(pending))

    def close(self) -> None:
        for thing in self.own:
            thing.close()


def connect_dask(
    backend: str, scheduler: str | None, workers: int, timeout: float = DASK_CONNECT_TIMEOUT
) -> tuple[Any, list[Any]]:
    """A Dask client (and what to close afterwards) for ``dask-local`` or ``dask``.

    Raises ``ValueError`` with one clear line if Dask is missing or the scheduler does not answer
    within ``timeout`` seconds.
    """
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise ValueError(
            f"--backend {backend} needs Dask: pip install 'headcount-lab[dask]'"
        ) from exc
    if backend == "dask-local":
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        client = Client(cluster)
        return client, [client, cluster]
    try:
        client = Client(scheduler, timeout=f"{timeout}s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise ValueError(
            f"cannot reach the Dask scheduler at {scheduler} within {timeout:g} s "
            f"({type(exc).__name__})"
        ) from None
    return client, [client]


# --- the chunked run -------------------------------------------------------------------------


class ProgressSink(Protocol):
    def advance(self, units: int) -> None: ...
    def skip(self, units: int) -> None: ...


def run_chunked(
    job: Job,
    seed: int,
    *,
    workers: int | None = None,
    backend: Backend | None = None,
    store: ResultsFolder | None = None,
    progress: ProgressSink | None = None,
    chunk_blocks: int | None = None,
    target_seconds: float = TARGET_CHUNK_SECONDS,
    on_chunk: Callable[[Chunk], None] | None = None,
    time_limit: float | None = None,
) -> Stats:
    """Run ``job`` in chunks on ``backend`` (default: a thread pool of ``workers`` threads, all
    cores if ``None``) and return the statistics merged in block order.

    With ``time_limit`` (seconds), the chunks of the first :data:`CALIBRATION_SECONDS` measure
    the run's rate, and a run estimated to take longer raises
    :class:`~headcount_lab.core.limits.TooLong` (a ``ValueError``) after them (issue 26); the
    chunks done so far are saved in ``store`` like those of an interrupted run.

    With ``store``, completed chunks already in the folder are skipped and each newly completed
    chunk is checkpointed there. Ctrl-C (``KeyboardInterrupt``) stops submitting, lets running
    chunks finish and saves them, then raises :class:`Interrupted`. ``on_chunk`` is called after
    each chunk is recorded (tests use it to interrupt at a chosen point).
    """
    if workers is not None and workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    n_blocks = job.n_blocks
    try:
        saved = store.load_chunks() if store is not None else {}
    except BaseException:  # a damaged checkpoint: do not leave a given backend running
        if backend is not None:
            backend.close()
        raise
    plan_gaps = gaps_between(n_blocks, [(f, c) for f, (c, _) in saved.items()])
    if backend is None:
        backend = ThreadBackend(job, seed, workers or default_workers())
    plan = ChunkPlan(plan_gaps, backend.slots, target_seconds, chunk_blocks)

    # Chunks join the total in block order; finished chunks wait here until their turn.
    ready: dict[int, tuple[int, Stats]] = dict(saved)
    total: Stats | None = None
    at = 0
    blocks_done = sum(c for c, _ in saved.values())
    if progress is not None and blocks_done:
        progress.skip(sum(job.units_in(f, c) for f, (c, _) in saved.items()))

    def absorb() -> None:
        nonlocal total, at
        while at in ready:
            count, stats = ready.pop(at)
            total = merge_chunk(total, stats)
            at += count

    started = time.perf_counter()

    def record(chunk: Chunk, stats: Stats, seconds: float, timed: bool = True) -> None:
        nonlocal blocks_done
        first, count = chunk
        if store is not None:
            store.save_chunk(first, count, stats)
        ready[first] = (count, stats)
        blocks_done += count
        plan.observe(count, seconds)
        if progress is not None:
            progress.advance(job.units_in(first, count))
        absorb()
        if on_chunk is not None:
            on_chunk(chunk)
        if time_limit is not None and timed:
            _check_time(job, plan, n_blocks - blocks_done, time.perf_counter() - started,
                        time_limit)  # fmt: skip

    pending: dict[Any, Chunk] = {}
    try:
        absorb()
        try:
            while True:
                while len(pending) < 2 * backend.slots:
                    chunk = plan.next()
                    if chunk is None:
                        break
                    pending[backend.submit(chunk)] = chunk
                if not pending:
                    break
                for handle in backend.wait(pending, timeout=0.25):
                    chunk = pending.pop(handle)
                    record(chunk, *backend.result(handle))
        except KeyboardInterrupt as exc:
            # Keep what is already computed: cancel queued chunks, save the running ones.
            backend.cancel(pending)
            try:
                for handle, chunk in list(pending.items()):
                    if _finished_ok(handle):  # saved; the interrupt, not the estimate, speaks
                        record(chunk, *backend.result(handle), timed=False)
            except KeyboardInterrupt:
                pass
            raise Interrupted(blocks_done, n_blocks, signum_of(exc)) from None
    finally:
        backend.close()
    assert at == n_blocks and total is not None, (at, n_blocks)
    return total


def _check_time(job: Job, plan: ChunkPlan, blocks_left: int, elapsed: float, limit: float) -> None:
    """While the run is young (its first :data:`CALIBRATION_SECONDS`), raise ``TooLong`` if the
    blocks left at the seconds per block measured so far, spread over the backend's slots, would
    take the run past ``limit``."""
    from headcount_lab.core.limits import TooLong

    if elapsed > CALIBRATION_SECONDS or plan.blocks == 0:
        return
    per_block = plan.seconds / plan.blocks
    total = elapsed + per_block * blocks_left / plan.slots
    if total > limit:
        rate = job.block_size * plan.slots / per_block if per_block > 0 else 0.0
        raise TooLong(f"{job.units:,} {job.unit}", total, limit, f"{rate:,.0f} {job.unit} a second")


def _finished_ok(handle: Any) -> bool:
    """Wait for a running chunk to end; True if it produced a result."""
    try:
        handle.result()
    except Exception:  # cancelled or lost: nothing to save
        return False
    return True


# --- a whole run, as the CLI asks for it -----------------------------------------------------


def check_options(
    workers: int | None, backend: str, scheduler: str | None, out: Any, resume: bool, force: bool
) -> None:
    """Raise ``ValueError`` (one line) for option combinations that cannot work."""
    if workers is not None and workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    if workers is not None and workers > MAX_WORKERS:
        raise ValueError(f"--workers must be at most {MAX_WORKERS}, got {workers}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown --backend {backend!r}: choose from {', '.join(BACKENDS)}")
    if backend == "dask" and not scheduler:
        raise ValueError(
            "--backend dask needs --scheduler tcp://HOST:8786 (or use --backend dask-local)"
        )
    if scheduler and backend != "dask":
        raise ValueError("--scheduler only applies to --backend dask")
    if backend == "dask" and workers is not None:
        raise ValueError("--workers does not apply to --backend dask: the cluster's workers decide")
    if (resume or force) and out is None:
        raise ValueError("--resume and --force need --out FOLDER")


def run_job(
    job: Job,
    seed: int,
    *,
    workers: int | None = None,
    backend: str = "local",
    scheduler: str | None = None,
    out: os.PathLike | str | None = None,
    resume: bool = False,
    force: bool = False,
    show_progress: bool = False,
    argv: list[str] | None = None,
    connect_timeout: float = DASK_CONNECT_TIMEOUT,
    chunk_blocks: int | None = None,
    on_chunk: Callable[[Chunk], None] | None = None,
    time_limit: float | None = None,
) -> Stats:
    """Run ``job`` as the command-line options say and return the merged statistics.

    Bad options raise ``ValueError`` before anything is written. With ``out`` the statistics
    and metadata land in that results folder (:mod:`headcount_lab.core.store`), checkpointed as
    chunks complete; ``resume`` continues an interrupted run there (or reads a finished one
    back). The folder is locked for the whole run: a second run on it gets a ``ValueError``.
    Ctrl-C, SIGTERM and SIGHUP raise :class:`Interrupted` (with the signal) after saving the
    completed chunks; before the first chunk they raise ``KeyboardInterrupt``. A run estimated
    to take over ``time_limit`` seconds stops after its first chunks (:func:`run_chunked`).
    """
    from pathlib import Path

    from headcount_lab.core import store as st

    check_options(workers, backend, scheduler, out, resume, force)
    if seed < 0:
        raise ValueError(f"--seed must be non-negative, got {seed}")
    identity = st.run_identity(job.name, job.params, seed, job.units, job.block_size)
    folder = None
    if out is not None:
        folder = st.ResultsFolder.open(Path(out), identity, resume=resume, force=force)
    try:
        with signals_as_interrupts():
            if folder is not None and folder.finished:
                return st.load_results(folder.path)[0]
            how = _Session(workers, backend, scheduler, show_progress, argv, connect_timeout,
                           chunk_blocks, on_chunk, time_limit)  # fmt: skip
            return _run_session(job, seed, identity, folder, how)
    finally:
        if folder is not None:
            folder.close()


@dataclass(frozen=True)
class _Session:
    """:func:`run_job`'s options that one session reads (their meanings are run_job's)."""

    workers: int | None
    backend: str
    scheduler: str | None
    show_progress: bool
    argv: list[str] | None
    connect_timeout: float
    chunk_blocks: int | None
    on_chunk: Callable[[Chunk], None] | None
    time_limit: float | None


def _run_session(
    job: Job, seed: int, identity: dict[str, Any], folder: ResultsFolder | None, how: _Session
) -> Stats:
    """One session of :func:`run_job` once the folder (if any) is open and locked."""
    import shlex
    import sys

    from headcount_lab.core import store as st

    workers, backend, scheduler, argv = how.workers, how.backend, how.scheduler, how.argv
    chosen: Backend | None = None
    n_workers = workers or default_workers()
    if backend != "local":
        portable(job)  # refuse a job that cannot travel before starting a cluster
        client, own = connect_dask(backend, scheduler, n_workers, how.connect_timeout)
        try:
            chosen = DaskBackend(job, seed, client, own)
        except BaseException as exc:
            for thing in own:
                thing.close()
            if isinstance(exc, Exception) and not isinstance(exc, ValueError):
                # e.g. a worker without the package: the cluster's set-up, in one line
                raise ValueError(
                    f"the Dask workers could not load {job.name}: {type(exc).__name__}: {exc}"
                ) from None
            raise
        n_workers = chosen.slots
    else:
        chosen = ThreadBackend(job, seed, n_workers)

    t0 = time.perf_counter()
    command_line = shlex.join(argv if argv is not None else sys.argv)
    session: dict[str, Any] = {
        "start": st.now(),
        "command_line": command_line,
        "backend": backend,
        "workers": n_workers,
    }

    def log_end(**how: Any) -> None:
        """Record how this session ended; a folder that cannot take it is not worth a
        second error (the session then shows as killed)."""
        if folder is None:
            return
        with contextlib.suppress(OSError, ValueError):
            folder.log_session(
                {**session, "end": st.now(), "elapsed_seconds": time.perf_counter() - t0, **how}
            )

    try:
        if folder is not None:
            folder.prepare()
            try:
                folder.log_session(session)
            except OSError as exc:
                raise ValueError(f"cannot write the results folder {folder.path}: {exc}") from None
    except BaseException:
        chosen.close()
        raise
    bar = None
    if how.show_progress:
        from headcount_lab.core.progress import Bar

        bar = Bar(job.units, job.unit, job.name)
        bar.__enter__()
    try:
        stats = run_chunked(
            job,
            seed,
            backend=chosen,
            store=folder,
            progress=bar,
            chunk_blocks=how.chunk_blocks,
            on_chunk=how.on_chunk,
            time_limit=how.time_limit,
        )
    except Interrupted as exc:
        from headcount_lab.core.interrupts import signal_name

        log_end(interrupted=True, signal=signal_name(exc.signum))
        raise
    except Exception as exc:
        log_end(error=str(exc))
        raise
    finally:
        if bar is not None:
            with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
                bar.__exit__(None, None, None)
    if folder is not None:
        session.update(end=st.now(), elapsed_seconds=time.perf_counter() - t0)
        folder.log_session(session)
        sessions = folder.sessions()
        folder.finish(
            stats,
            {
                "command_line": command_line,
                **identity,
                "unit": job.unit,
                "blocks": job.n_blocks,
                **st.environment(),
                "start": sessions[0]["start"],
                "end": sessions[-1]["end"],
                "elapsed_seconds": sum(s.get("elapsed_seconds", 0.0) for s in sessions),
                "sessions": sessions,
            },
        )
    return stats
