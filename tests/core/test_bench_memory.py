"""The memory benchmark measures the child, not the parent it was forked from."""

import sys

import numpy as np
import pytest

from headcount_lab.core import bench


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="VmHWM is Linux's")
def test_child_peak_does_not_count_the_forked_parent():
    # 100 MB resident in this (parent) process (400 MB took 3 s to fault in on a CI machine);
    # the child itself peaks near 20 MB
    ballast = np.ones(100 * 1024 * 1024 // 8)
    ballast[::512] += 1.0  # touch every page
    peak = bench._child_peak([sys.executable, "-c", bench._REPORT_HWM + "x = bytearray(10**7)"])
    assert peak["peak_rss_mb"] < 60, peak
    assert ballast.sum() > 0


def test_memory_runs_a_registered_games_probe_through_the_command_line():
    """core.bench knows no game: the memory run is the probe a registered game's bench module
    declares, started as ``headcount-lab`` words, and its rate is read from the ``--json``."""
    probe = bench.memory_probe()
    assert probe is not None and "{units}" in probe.argv and "{out}" in probe.argv
    r = bench.memory(20_000)
    assert r["job"] == probe.job
    assert r["large"]["units"] == 100 * r["small"]["units"] == 20_000
    assert r["large"][probe.rate] > 0 and r["small"]["peak_rss_mb"] > 0
