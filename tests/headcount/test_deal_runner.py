"""`headcount deal` through the chunked runner: same histogram for any workers, and after an
interruption and --resume (issue 3)."""

import pytest

from headcount_lab.core import runner
from headcount_lab.core.store import load_results
from headcount_lab.games.headcount.kernels import deal_job


@pytest.fixture(scope="module")
def job():
    return deal_job(5, 6 * (1 << 20) + 7, double=True)


@pytest.fixture(scope="module")
def reference(job):
    return runner.run(job, 11)


def test_deal_identical_for_1_and_2_workers(job, reference):
    for workers in (1, 2):
        got = runner.run_chunked(job, 11, workers=workers, chunk_blocks=2)
        assert {k: v.tolist() for k, v in got.items()} == {
            k: v.tolist() for k, v in reference.items()
        }


def test_deal_interrupted_and_resumed_identical(job, reference, tmp_path):
    def stop_after_first(chunk):
        raise KeyboardInterrupt

    out = tmp_path / "deal"
    with pytest.raises(runner.Interrupted):
        runner.run_job(job, 11, workers=2, out=out, chunk_blocks=2, on_chunk=stop_after_first)
    runner.run_job(job, 11, workers=2, out=out, resume=True)
    stats, meta = load_results(out)
    assert {k: v.tolist() for k, v in stats.items()} == {
        k: v.tolist() for k, v in reference.items()
    }
    assert meta["command"] == "headcount-deal" and meta["unit"] == "hands"


def test_deal_rate_counts_only_hands_dealt_in_this_session(tmp_path):
    """After --resume the rate must not credit this session with hands read back from disk."""
    from headcount_lab.cli.headcount import deal
    from headcount_lab.cli.run_options import RunOptions

    hands = 3 * (1 << 20)
    out = tmp_path / "deal"
    first = deal(3, hands, 4, "standard", None, RunOptions(out=out, quiet=True, json=True))
    assert first["hands_this_session"] == hands and first["hands_per_second"] > 0
    again = deal(3, hands, 4, "standard", None, RunOptions(out=out, resume=True, json=True))
    assert again["hands_this_session"] == 0 and again["hands_per_second"] is None
    assert again["histogram"] == first["histogram"]
