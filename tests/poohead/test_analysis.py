"""The tidy tables behind the Poohead questions, on small runs."""

import pytest

from headcount_lab.games.poohead import analysis


def test_seat_effect_has_one_row_per_seat_and_shares_that_sum_to_one():
    t = analysis.seat_effect(players=(2, 3), bots=("cheap",), games=600, seed=1)
    assert list(t.groupby("players").size()) == [2, 3]
    for _, g in t.groupby("players"):
        assert g["poohead"].sum() == pytest.approx(g["games"].iloc[0])  # one Poohead a game
        assert ((g["lo"] <= g["p"]) & (g["p"] <= g["hi"])).all()


def test_house_rules_compares_each_flag_set_with_the_defaults():
    t = analysis.house_rules([["turn_cap=40"], ["eight_skip=per_card"]], games=600, seed=1)
    assert list(t["rules"]) == ["defaults", "turn_cap=40", "eight_skip=per_card"]
    base, cap40, _ = t.to_dict("records")
    assert cap40["capped"] > base["capped"]  # P20: a short cap ends games capped
    assert cap40["mean_turns"] < base["mean_turns"]
    assert (t["mean_turns_lo"] <= t["mean_turns"]).all() and (
        t["capped_lo"] <= t["capped_hi"]
    ).all()
