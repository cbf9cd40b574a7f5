"""Dask backends give the local backend's bits, even when a worker process dies mid-run."""

import os
import signal
import time

import pytest

pytest.importorskip("distributed")

from distributed import Client, LocalCluster  # noqa: E402
from test_runner import same_bits  # noqa: E402

from headcount_lab.core import runner  # noqa: E402
from headcount_lab.core.selftest import selftest_job  # noqa: E402

SEED = 77


@pytest.fixture(scope="module")
def client():
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as c,
    ):
        yield c


def test_dask_matches_local(client):
    job = selftest_job(3_000_000, block_size=1 << 15)
    local = runner.run_chunked(job, SEED, workers=2)
    same_bits(runner.run_chunked(job, SEED, backend=runner.DaskBackend(job, SEED, client)), local)
    fixed = runner.DaskBackend(job, SEED, client)
    same_bits(runner.run_chunked(job, SEED, backend=fixed, chunk_blocks=7), local)


def test_killed_worker_chunk_reruns_with_the_same_result(client):
    # Chunks of 16 blocks (tens of ms each), four in flight: at each chunk's end until the kill
    # lands, the others are running. 20 chunks give as many tries; 60 M units (57 chunks) took a
    # second of both cores for the local reference and the Dask run alone.
    job = selftest_job(20_000_000, block_size=1 << 16)
    local = runner.run_chunked(job, SEED, workers=2)
    pids = client.run(os.getpid)
    killed = []

    def kill_one_busy_worker(chunk):
        if killed:
            return
        for addr, tasks in client.processing().items():
            if tasks:
                os.kill(pids[addr], signal.SIGKILL)
                killed.append((addr, list(tasks)))
                return

    backend = runner.DaskBackend(job, SEED, client)
    got = runner.run_chunked(
        job, SEED, backend=backend, chunk_blocks=16, on_chunk=kill_one_busy_worker
    )
    assert killed, "no worker was busy when a chunk finished"
    same_bits(got, local)
    assert killed[0][0] not in client.nthreads()  # that worker really died mid-chunk
    # The nanny brings the worker back; the cluster is whole again for later tests.
    deadline = time.monotonic() + 30
    while len(client.nthreads()) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)


def test_job_without_factory_travels_by_pickle(client):
    # block_fn is a module-level function: it pickles by reference.
    job = selftest_job(500_000, block_size=1 << 14)
    bare = runner.Job("bare", {}, job.units, job.block_size, job.block_fn, job.warmup)
    assert runner.portable(bare) is bare
    same_bits(
        runner.run_chunked(bare, SEED, backend=runner.DaskBackend(bare, SEED, client)),
        runner.run(job, SEED),
    )


def test_closure_job_is_refused_for_dask(client):
    job = selftest_job(1000)
    closure = runner.Job("closure", {}, 1000, 100, lambda s, n: job.block_fn(s, n))
    with pytest.raises(ValueError, match="cannot be sent to Dask workers"):
        runner.DaskBackend(closure, SEED, client)


def test_dask_local_backend_end_to_end(tmp_path):
    job = selftest_job(2_000_000, block_size=1 << 15)
    local = runner.run_job(job, SEED, workers=2)
    got = runner.run_job(job, SEED, backend="dask-local", workers=2, out=tmp_path / "dl")
    same_bits(got, local)


def test_headcount_deal_job_travels_and_matches(client):
    # The first real user: its block_fn is an instance of a module-level dataclass (no factory).
    from headcount_lab.games.headcount.kernels import deal_job

    job = deal_job(4, 5 * (1 << 20) + 123)
    got = runner.run_chunked(job, SEED, backend=runner.DaskBackend(job, SEED, client))
    same_bits(got, runner.run(job, SEED))


def test_workers_that_cannot_load_the_job_give_one_line(monkeypatch):
    # A factory the workers cannot import stands for a worker without the package.
    job = selftest_job(1000)

    def broken_portable(j):
        return runner.JobSpec("headcount_lab.no_such_module:job", "{}")

    monkeypatch.setattr(runner, "portable", broken_portable)
    with pytest.raises(
        ValueError, match="the Dask workers could not load selftest: ModuleNotFoundError"
    ):
        runner.run_job(job, SEED, backend="dask-local", workers=1)


def test_a_large_pickled_job_travels_once_without_a_large_graph_warning(client):
    # Issue 15 item 16: the Headcount tournament's job carries the reader's belief tables
    # (~18 MB) and has no factory, so it travels by pickle. Sent inside every task it made Dask
    # warn "Sending large graph" (a UserWarning, an error under this suite's filterwarnings);
    # the backend now scatters it to the workers once and the tasks name it.
    import pickle

    from headcount_lab.games.headcount.agents import parse_bots
    from headcount_lab.games.headcount.rules import HeadcountRules
    from headcount_lab.games.headcount.tournament import Setup, make_job

    setup = Setup(tuple(parse_bots("reader,odds,tips,random", 4)), HeadcountRules(), False)
    job = make_job(setup, 3000)
    assert job.factory is None and len(pickle.dumps(job)) > 10 * 2**20  # Dask's threshold
    backend = runner.DaskBackend(job, SEED, client)
    got = runner.run_chunked(job, SEED, backend=backend, chunk_blocks=1)
    same_bits(got, runner.run(job, SEED))
