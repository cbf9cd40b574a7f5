"""Smoke test of the engine benchmark (figures only; no speed is asserted in tests)."""

import pytest


@pytest.mark.slow
def test_engine_benchmark_runs_and_reports_every_figure():
    from headcount_lab.games.headcount.bench import run_engine_benchmarks

    r = run_engine_benchmarks(quick=True)
    o = r["odds_4_players"]
    assert o["kernel_rounds_per_second"] > 0 and o["reference_rounds_per_second"] > 0
    assert o["kernel_over_reference"] == pytest.approx(
        o["kernel_rounds_per_second"] / o["reference_rounds_per_second"], rel=0.5
    )
    assert set(r["rounds_per_second_4_copies"]) == {
        "random",
        "tips",
        "odds",
        "reader",
        "bluffer",
        "equilibrium",
    }
    assert r["equilibrium_4_players"]["target_rounds_per_second"] == 1_000_000
    assert r["engine_compile_seconds"] > 0
