"""The chunked runner gives the sequential runner's result to the last bit, however the blocks
are grouped, scheduled, interrupted and resumed."""

import itertools
import json
import random

import numpy as np
import pytest
from scipy import stats

from headcount_lab.core import runner
from headcount_lab.core.runner import Job
from headcount_lab.core.selftest import DECK, selftest_job
from headcount_lab.core.store import ResultsFolder, file_sha256, load_results, run_identity

SEED = 2026


def same_bits(a, b):
    assert a.keys() == b.keys()
    for k in a:
        assert a[k].dtype == b[k].dtype and a[k].shape == b[k].shape, k
        assert a[k].tobytes() == b[k].tobytes(), k


@pytest.fixture(scope="module")
def job():
    # 61 blocks with a short last one: 1_000_003 = 61 * 16384 + ...
    return selftest_job(1_000_003, block_size=1 << 14)


@pytest.fixture(scope="module")
def reference(job):
    return runner.run(job, SEED)


def float_job(units=40, block_size=1):
    """Blocks whose float sums change with grouping: (1e16 + 1) + 1 != 1e16 + (1 + 1)."""
    values = [1e16, 1.0, 1.0, -1e16, 3.0, 1e-3, 7e15, 1.0]

    def block(state, n):
        b = int(state[0] % len(values))
        return {"f": np.array([values[b], -values[b] / 3]), "n": np.array([n], dtype=np.int64)}

    return Job("floats", {}, units, block_size, block)


def test_units_in_and_blocks(job):
    assert job.n_blocks == 62
    assert sum(job.block_units(b) for b in range(job.n_blocks)) == job.units
    assert job.units_in(0, job.n_blocks) == job.units
    assert job.units_in(60, 2) == job.block_units(60) + job.block_units(61)


@pytest.mark.parametrize("count", [1, 2, 5, 62])
def test_any_chunk_size_gives_the_block_order_sum(job, reference, count):
    total = None
    for first in range(0, job.n_blocks, count):
        total = runner.merge_chunk(
            total, runner.run_chunk(job, SEED, first, min(count, job.n_blocks - first))
        )
    same_bits(total, reference)


def test_float_statistics_are_merged_block_by_block():
    job = float_job()
    ref = runner.run(job, 3)
    # The naive way (sum each chunk, then add the chunk sums) gives other bits for this job,
    # which is why run_chunk keeps float rows per block.
    naive = None
    for first in range(0, job.n_blocks, 4):
        part = None
        for b in range(first, first + 4):
            part = runner.merge(part, runner.run_block(job, 3, b))
        naive = runner.merge(naive, part)
    assert naive["f"].tobytes() != ref["f"].tobytes()
    for workers, chunk in [(1, 4), (3, 7), (2, None)]:
        same_bits(runner.run_chunked(job, 3, workers=workers, chunk_blocks=chunk), ref)


@pytest.mark.parametrize("workers", [1, 2, 4])
def test_workers_1_2_4_identical(job, reference, workers):
    same_bits(runner.run_chunked(job, SEED, workers=workers), reference)
    same_bits(runner.run_chunked(job, SEED, workers=workers, chunk_blocks=3), reference)


class Shuffled:
    """A backend that hands back finished chunks in a random order: it waits until every chunk
    in flight is done, then releases one of them at random."""

    def __init__(self, inner, order_seed):
        self.inner, self.rnd, self.slots = inner, random.Random(order_seed), inner.slots

    def submit(self, chunk):
        return self.inner.submit(chunk)

    def wait(self, pending, timeout):
        while len(done := self.inner.wait(pending, timeout)) < len(pending):
            pass
        return [self.rnd.choice(done)]

    def result(self, handle):
        return self.inner.result(handle)

    def cancel(self, pending):
        self.inner.cancel(pending)

    def close(self):
        self.inner.close()


@pytest.mark.parametrize("order_seed", [0, 1, 2])
def test_shuffled_completion_order_identical(job, reference, order_seed):
    finished = []
    backend = Shuffled(runner.ThreadBackend(job, SEED, 2), order_seed)
    got = runner.run_chunked(job, SEED, backend=backend, chunk_blocks=2, on_chunk=finished.append)
    same_bits(got, reference)
    firsts = [c[0] for c in finished]
    assert firsts != sorted(firsts)  # chunks really did finish out of order


def test_different_seeds_differ(job, reference):
    assert not np.array_equal(
        runner.run_chunked(job, SEED + 1, workers=2)["first"], reference["first"]
    )


def test_selftest_job_matches_exact_distributions_chi_square(reference, job):
    # first card: uniform on 17 ids
    assert stats.chisquare(reference["first"]).pvalue > 0.01
    # sum of a random 3-subset of 0..16
    exact = np.zeros(46)
    for c in itertools.combinations(range(DECK), 3):
        exact[sum(c)] += 1
    expected = exact / exact.sum() * job.units
    keep = expected > 0
    assert np.all(reference["triple_sum"][~keep] == 0)
    assert stats.chisquare(reference["triple_sum"][keep], expected[keep]).pvalue > 0.01
    # uniform sum: mean 1/2, variance 1/12 per draw
    z = (reference["uniform_sum"][0] - job.units / 2) / np.sqrt(job.units / 12)
    assert abs(z) < 2.576


def test_chunk_plan_adapts_to_about_target_seconds():
    plan = runner.ChunkPlan([(0, 10_000)], slots=2, target=1.0)
    assert plan.next() == (0, 1)  # nothing measured yet
    plan.observe(10, 0.05)  # 5 ms a block -> 200 blocks a second
    assert plan.next() == (1, 200)
    plan = runner.ChunkPlan([(0, 100)], slots=2, target=1.0)
    plan.observe(10, 0.05)
    assert plan.next() == (0, 25)  # the tail is shared: at most remaining / (2 * slots)
    assert runner.ChunkPlan([(5, 9)], slots=1, fixed=3).next() == (5, 3)


def test_chunk_plan_covers_gaps_exactly_once():
    plan = runner.ChunkPlan(runner.gaps_between(20, [(3, 4), (10, 2)]), slots=1, fixed=3)
    chunks = []
    while (c := plan.next()) is not None:
        chunks.append(c)
    covered = sorted(b for f, n in chunks for b in range(f, f + n))
    assert covered == [b for b in range(20) if not (3 <= b < 7 or 10 <= b < 12)]


def test_gaps_between():
    assert runner.gaps_between(10, []) == [(0, 10)]
    assert runner.gaps_between(10, [(0, 10)]) == []
    assert runner.gaps_between(10, [(2, 3), (7, 1)]) == [(0, 2), (5, 7), (8, 10)]


def test_factory_rebuilds_the_job(job):
    runner.check_factory(job)
    again = runner.job_from_spec(job.factory, job.params)
    assert (again.name, again.units, again.block_size) == (job.name, job.units, job.block_size)
    with pytest.raises(ValueError, match="no factory"):
        runner.check_factory(float_job())
    with pytest.raises(ValueError, match="package.module:function"):
        runner.job_from_spec("no_colon", {})


def interrupt_after(n):
    seen = []

    def hook(chunk):
        seen.append(chunk)
        if len(seen) == n:
            raise KeyboardInterrupt

    return hook


def test_interrupted_then_resumed_is_identical(job, reference, tmp_path):
    out = tmp_path / "run"
    with pytest.raises(runner.Interrupted) as info:
        runner.run_job(job, SEED, workers=2, out=out, chunk_blocks=4, on_chunk=interrupt_after(3))
    assert 12 <= info.value.blocks_done < job.n_blocks
    saved = ResultsFolder(
        out, run_identity(job.name, job.params, SEED, job.units, job.block_size), False
    )
    chunks = saved.load_chunks()
    assert sum(c for c, _ in chunks.values()) == info.value.blocks_done
    assert not (out / "metadata.json").exists()
    # Resume with another number of workers and another chunk size: same bits.
    got = runner.run_job(job, SEED, workers=1, out=out, resume=True, chunk_blocks=5)
    same_bits(got, reference)
    stored, meta = load_results(out)
    same_bits(stored, reference)
    assert not (out / "chunks").exists()
    assert [s.get("interrupted", False) for s in meta["sessions"]] == [True, False]
    assert all("command_line" in s for s in meta["sessions"])
    assert meta["seed"] == SEED and meta["params"] == dict(job.params)
    # Resuming a finished run reads it back.
    same_bits(runner.run_job(job, SEED, out=out, resume=True), reference)


def test_interrupt_without_folder_reports_progress(job):
    with pytest.raises(runner.Interrupted) as info:
        runner.run_chunked(job, SEED, workers=1, chunk_blocks=2, on_chunk=interrupt_after(2))
    assert info.value.blocks_done >= 4 and info.value.n_blocks == job.n_blocks


def test_metadata_records_the_run(job, tmp_path):
    out = tmp_path / "m"
    runner.run_job(job, 5, workers=2, out=out, argv=["headcount-lab", "selftest", "--seed", "5"])
    _, meta = load_results(out)
    assert meta["command_line"] == "headcount-lab selftest --seed 5"
    assert meta["command"] == "selftest" and meta["seed"] == 5 and meta["units"] == job.units
    for key in [
        "version",
        "numpy",
        "numba",
        "python",
        "start",
        "end",
        "elapsed_seconds",
        "git_commit",
    ]:
        assert key in meta, key
    assert meta["numpy"] == np.__version__
    assert meta["elapsed_seconds"] > 0 and meta["start"] <= meta["end"]
    entry = meta["stats"]["first"]
    assert {k: entry[k] for k in ("file", "dtype", "shape")} == {
        "file": "first.parquet",
        "dtype": "<i8",
        "shape": [17],
    }
    assert entry["sha256"] == file_sha256(out / "first.parquet")


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"workers": 0}, "at least 1"),
        ({"backend": "spark"}, "unknown --backend"),
        ({"backend": "dask"}, "needs --scheduler"),
        ({"scheduler": "tcp://x:1"}, "only applies"),
        ({"backend": "dask", "scheduler": "tcp://x:1", "workers": 2}, "does not apply"),
        ({"resume": True}, "need --out"),
    ],
)
def test_bad_options(job, kwargs, match):
    with pytest.raises(ValueError, match=match):
        runner.run_job(job, SEED, **kwargs)


def test_default_workers_follow_cpu_affinity(monkeypatch):
    monkeypatch.setattr(runner.os, "sched_getaffinity", lambda pid: {0, 3, 5}, raising=False)
    assert runner.default_workers() == 3


def test_a_failed_session_is_logged_with_its_error(job, tmp_path, monkeypatch):
    out = tmp_path / "full"

    def disk_full(self, first, count, stats):
        raise ValueError("cannot write the checkpoint: No space left on device")

    monkeypatch.setattr(ResultsFolder, "save_chunk", disk_full)
    with pytest.raises(ValueError, match="No space left"):
        runner.run_job(job, SEED, workers=1, out=out, chunk_blocks=4)
    monkeypatch.undo()
    (session,) = json.loads((out / "sessions.json").read_text())
    assert session["error"].endswith("No space left on device") and "end" in session
    # the folder is not left locked: the run can be resumed
    same_bits(runner.run_job(job, SEED, workers=2, out=out, resume=True), runner.run(job, SEED))


def test_a_run_estimated_past_the_time_limit_stops_after_its_first_chunks(job, reference, tmp_path):
    """Issue 26: the first chunks measure the rate; a run estimated past ``time_limit`` raises
    TooLong (a ValueError, so the CLI prints one line) naming the estimate and --yes, with the
    chunks done saved; resumed without a limit it is the same run to the bit."""
    from headcount_lab.core.limits import TooLong

    out = tmp_path / "run"
    with pytest.raises(TooLong, match=r"1,000,003 draws would take about .* pass --yes"):
        runner.run_job(job, SEED, workers=2, out=out, chunk_blocks=2, time_limit=1e-9)
    saved = ResultsFolder(
        out, run_identity(job.name, job.params, SEED, job.units, job.block_size), False
    )
    assert 0 < sum(c for c, _ in saved.load_chunks().values()) < job.n_blocks
    same_bits(runner.run_job(job, SEED, workers=1, out=out, resume=True), reference)
    same_bits(runner.run_job(job, SEED, workers=2, time_limit=3600.0), reference)
