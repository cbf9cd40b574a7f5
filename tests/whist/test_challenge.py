"""Head-to-head gains, the best-challenger search and the montecarlo curve (issue 12, items 3
and 5), on small 3-player runs with the cheap bots so that they stay fast."""

from pathlib import Path

import numpy as np
import pytest
from cli_support import one_error_line
from cli_support import script as run_script

from headcount_lab.core import runner
from headcount_lab.games.whist import agents
from headcount_lab.games.whist.rules import WhistRules
from headcount_lab.games.whist.tournament import make_job
from headcount_lab.research.whist import challenge

RULES = WhistRules(players=3)
ROOT = Path(__file__).resolve().parents[2]


def test_montecarlo_bot_name_carries_both_sample_counts():
    _, params = agents.policy_params([challenge.montecarlo_bot(40, 7)])
    assert params[0, agents.P_BID_SAMPLES] == 40
    assert params[0, agents.P_PLAY_SAMPLES] == 7


def test_montecarlo_bot_refuses_an_option_the_bots_do_not_take():
    with pytest.raises(ValueError, match="no_such_option"):
        challenge.montecarlo_bot(4, 0, no_such_option=1)


def test_gain_is_the_tournament_mean_difference_of_the_same_blocks():
    # the per-block gains must add up to what the tournament job reports for the same blocks
    res = challenge.head_to_head(RULES, "heuristic", "random", 2400, seed=5)
    job = make_job(RULES, ["heuristic", "random", "random"], res["matches"], rotate=True)
    stats = runner.run(job, 5)
    mean = stats["score_sum"] / stats["matches"]
    assert res["blocks"] == 2
    assert res["gain"] == pytest.approx(mean[0] - mean[1:].mean(), rel=1e-12)
    assert res["challenger_mean"] == pytest.approx(mean[0], rel=1e-12)


def test_heuristic_gains_against_random_and_loses_as_random():
    win = challenge.head_to_head(RULES, "heuristic", "random", 2400, seed=1)
    lose = challenge.head_to_head(RULES, "random", "heuristic", 2400, seed=1)
    assert win["ci95"][0] > 10
    assert lose["ci95"][1] < -10


def test_more_blocks_keep_the_earlier_ones():
    h = challenge.HeadToHead(RULES, "montecarlo:bid_samples=2,play_samples=0", "heuristic", seed=3)
    h.play(2)
    first = list(h.gains)
    h.play(3)
    assert h.gains[:2] == first and len(h.gains) == 3
    assert h.result()["matches"] == 3 * h.block_size


def test_interval_is_a_t_interval_over_blocks():
    h = challenge.HeadToHead(RULES, "heuristic", "random", seed=2)
    h.play(3)
    g = np.array(h.gains)
    half = 4.302652729911275 * g.std(ddof=1) / np.sqrt(3)  # t(0.975, 2 df)
    lo, hi = h.result()["ci95"]
    assert (lo, hi) == pytest.approx((g.mean() - half, g.mean() + half))


def test_best_challenger_picks_the_strong_bot_and_measures_it_on_a_fresh_seed():
    out = challenge.best_challenger(
        RULES,
        "heuristic",
        ["random", "montecarlo:bid_samples=4,play_samples=0", "heuristic"],
        11,
        12,
        60,
        60,
    )
    assert out["winner"] == "montecarlo:bid_samples=4,play_samples=0"
    assert [len(r) for r in out["selection_rounds"]] == [3, 2]
    assert [r["blocks"] for r in out["selection_rounds"][1]] == [4, 4]
    fresh = challenge.head_to_head(
        RULES, "montecarlo:bid_samples=4,play_samples=0", "heuristic", 60, 12
    )
    assert out["evaluation"] == fresh
    assert out["evaluation"]["seed"] == 12


def test_best_challenger_refuses_to_evaluate_on_the_selection_seed():
    with pytest.raises(ValueError, match="fresh seed"):
        challenge.best_challenger(RULES, "heuristic", ["random"], 4, 4, 60, 60)


def test_curve_recommends_the_fastest_setting_near_the_best():
    out = challenge.montecarlo_curve(RULES, [1], [0, 2], "heuristic", 60, 7, 60)
    rows = out["settings"]
    assert [(r["bid_samples"], r["play_samples"]) for r in rows] == [(1, 0), (1, 2)]
    best = max(r["gain"] for r in rows)
    good = [r for r in rows if r["gain"] >= challenge.RECOMMEND_SHARE * best]
    assert (
        out["recommended"]["bot"] == max(good, key=lambda r: r["matches_per_s_cpu"])["challenger"]
    )


@pytest.mark.parametrize(
    ("script", "args"),
    [
        ("whist_montecarlo_curve.py", ["--bid", "x"]),
        ("whist_montecarlo_curve.py", ["--bid", "0"]),
        ("whist_montecarlo_curve.py", ["--bots", "montecarlo:stop=11"]),
        ("whist_montecarlo_curve.py", ["--bots", "heuristic", "--rounds", "0"]),
        ("whist_best_challenger.py", ["--field", "bogus"]),
        ("whist_best_challenger.py", ["--players", "9"]),
        ("whist_best_challenger.py", ["--first-matches", "0"]),
        ("whist_best_challenger.py", ["--grid", "64-64"]),
        ("whist_best_challenger.py", ["--listen", "--listen-levels", "4"]),
        ("whist_bid_model_check.py", ["--players", "9"]),
        ("whist_bid_model_check.py", ["--matches", "0"]),
    ],
)
def test_scripts_reject_bad_input_with_one_error_line(script, args):
    res = run_script(ROOT / "scripts" / script, *args)  # in this process (a process: 0.7 s)
    one_error_line(res)
    assert res.stdout == ""


def test_speed_table_times_each_bot_beside_the_baseline():
    rules = WhistRules(players=3)
    out = challenge.speed_table(rules, ["heuristic"], "random", "random", 12, 3, 6, 2)
    rows = {r["challenger"]: r for r in out["settings"]}
    assert list(rows) == ["random", "heuristic"]  # the baseline first, measured like the others
    assert rows["random"]["speed_ratio"] == 1.0
    assert len(rows["heuristic"]["timings"]) == 2
    assert rows["heuristic"]["speed_ratio"] == pytest.approx(
        rows["heuristic"]["matches_per_s_cpu"] / rows["random"]["matches_per_s_cpu"]
    )
    assert rows["heuristic"]["gain"] > 0
    assert (
        rows["heuristic"]["gain"]
        == challenge.head_to_head(rules, "heuristic", "random", 12, 3)["gain"]
    )
