"""Smoke test of the runner benchmarks (slow: it runs real workloads; `make test-all`)."""

import pytest

from headcount_lab.core import bench


def test_median():
    assert bench._median([3.0, 1.0, 2.0]) == 2.0
    assert bench._median([4.0, 1.0, 2.0, 3.0]) == 2.5


@pytest.mark.slow
def test_quick_benchmarks_report_every_figure():
    r = bench.run_benchmarks(quick=True)
    assert len(r["overhead"]["bare_loop_seconds"]) == 2
    assert r["overhead"]["overhead_best"] > -0.5
    assert r["checkpoint_cost"]["ms_per_checkpoint"] > 0
    assert 0 <= r["time_outside_blocks"]["bare_loop_outside_share_median"] < 1
    assert r["scaling"]["speedup"] > 0.3 and r["scaling"]["cpu_count"] >= 1
    mem = r["memory"]
    assert 0 < mem["small"]["peak_rss_mb"] <= mem["large"]["peak_rss_mb"] + 5
    assert mem["large"]["units"] == 100 * mem["small"]["units"]
