"""Smoke test of the Headcount benchmarks (slow: it starts subprocesses and compiles afresh)."""

import pytest


@pytest.mark.slow
def test_run_benchmarks_quick_reports_every_figure():
    from headcount_lab.games.headcount.bench import run_benchmarks

    out = run_benchmarks(quick=True)
    for n in range(3, 7):
        for variant in ("standard", "double"):
            row = out["dealing_one_core"][f"{n}_players_{variant}"]
            assert row["kernel_hands_per_second"] > 0 and row["ratio"] > 0
            assert out["exact_odds"]["tables_per_player_count"][f"{n}_players_{variant}"]["rows"]
    assert set(out["cold_start"]) >= {"help_seconds", "count_seconds"}
    assert out["compile"]["deal_kernel_seconds_empty_cache"] > 0
