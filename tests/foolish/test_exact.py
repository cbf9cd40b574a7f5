"""Exact team-composition odds (F2, F3) and the dealer held against them by chi-square."""

from fractions import Fraction as F

import numpy as np
import pytest

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.core.stats import chi_square_gof
from headcount_lab.games.foolish import kernels, reference
from headcount_lab.games.foolish.exact import (
    KINDS,
    composition_by_enumeration,
    composition_counts,
    kind_probabilities,
    lone_fool_by_chain,
    team_odds,
)
from headcount_lab.games.foolish.rules import JOKER, fools, must_redeal

# the rulings' table (F2, F3), every line
TABLE = {
    4: {
        "p_redeal": F(1, 1431),
        "p_stock_joker": F(4, 55),
        "p_both_in_one_hand": F(12, 55),
        "p_lone_fool": F(16, 55),
        "p_two_fools": F(39, 55),
        "p_lone_fool_without_redeal": F(416, 1431),
        "p_seat_is_fool": F(47, 110),
        "p_seat_is_lone_fool": F(4, 55),
        "p_seat_holds_both": F(3, 55),
        "p_lone_given_court_sees_no_joker": F(6, 19),
        "lone_rounds_per_full_game": F(64, 55),
        "p_some_lone_round_in_full_game": 1 - F(39, 55) ** 4,
    },
    5: {
        "p_redeal": F(2, 477),
        "p_stock_joker": F(8, 57),
        "p_both_in_one_hand": F(3, 19),
        "p_lone_fool": F(17, 57),
        "p_two_fools": F(40, 57),
        "p_lone_fool_without_redeal": F(425, 1431),
        "p_seat_is_fool": F(97, 285),
        "p_seat_is_lone_fool": F(17, 285),
        "p_seat_holds_both": F(3, 95),
        "p_lone_given_court_sees_no_joker": F(3, 13),
        "lone_rounds_per_full_game": F(85, 57),
        "p_some_lone_round_in_full_game": 1 - F(40, 57) ** 5,
    },
}


@pytest.mark.parametrize("n", [4, 5])
def test_f3_team_odds_table(n):
    odds = team_odds(n)
    for key, value in TABLE[n].items():
        assert odds[key] == value, key


def test_f3_lone_fool_is_16_55_and_17_57_not_283_969():
    assert lone_fool_by_chain(4) == F(16, 55)
    assert lone_fool_by_chain(5) == F(17, 57) == F(289, 969)
    assert lone_fool_by_chain(5) != F(283, 969)


@pytest.mark.parametrize("n", [4, 5])
def test_three_methods_agree(n):
    assert composition_counts(n) == composition_by_enumeration(n)
    p = kind_probabilities(n)
    assert p["stock_joker"] + p["both_in_one_hand"] == lone_fool_by_chain(n)
    assert sum(p.values()) == 1


def test_f2_reference_dealer_is_the_kernel_dealer():
    import numpy as np

    from headcount_lab.games.foolish import bits as B

    for seed in range(20):
        stream = PyStream.for_block(seed, 0)
        stock, hands = reference.deal(stream, 4 + seed % 2)
        n = 4 + seed % 2
        S = np.zeros(B.STATE_SIZE, dtype=np.int64)
        B.begin_round(S, n, 1, 1, 0, 5, 2, 0, 1, 1)
        state = block_state(seed, 0)
        kernels.deal(state, np.zeros(54, dtype=np.int64), S)
        assert [S[B.OFF_STOCK + t] for t in range(14)] == [stock.count(t) for t in range(14)]
        for s in range(n):
            row = [S[B.OFF_HANDS + s * 14 + t] for t in range(14)]
            assert row == [hands[s].count(t) for t in range(14)]
        assert [int(v) for v in state] == stream.s
        assert not must_redeal(stock)
        assert S[B.S_FOOLS] == sum(1 << s for s in fools(hands))


@pytest.mark.parametrize("n", [4, 5])
def test_f2_f3_dealer_matches_exact_odds_chi_square(n):
    """200,000 deals (seed 12) against (4, 12, 39)/55 and (8, 9, 40)/57; alpha 0.01."""
    kinds, seats = kernels.deal_check(12, 200_000, n)
    p = kind_probabilities(n)
    probs = np.array([float(p[k]) for k in KINDS])
    assert chi_square_gof(kinds, probs).p_value > 0.01
    # the Lone Fool's seat is uniform
    assert chi_square_gof(seats, np.full(n, 1 / n)).p_value > 0.01


def test_dealer_chi_square_detects_a_biased_dealer():
    """The same test rejects counts from a dealer without the redeal rule's conditioning."""
    kinds, _ = kernels.deal_check(11, 200_000, 4)
    p = kind_probabilities(4)
    wrong = np.array([float(p["stock_joker"]) + 0.02, float(p["both_in_one_hand"]), 0.0])
    wrong[2] = 1 - wrong[0] - wrong[1]
    assert chi_square_gof(kinds, wrong).p_value < 0.01


def test_stock_joker_means_one_lone_fool():
    stream = PyStream.for_block(3, 0)
    for _ in range(300):
        stock, hands = reference.deal(stream, 4)
        if JOKER in stock:
            assert len(fools(hands)) == 1
