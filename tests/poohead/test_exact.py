"""Exact start facts (section 3 of the rulings) and the dealer/start kernels held against them
with chi-square tests (alpha 0.01, fixed seeds)."""

from fractions import Fraction

import numpy as np
import pytest

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.core.stats import chi_square_gof
from headcount_lab.games.poohead import exact, kernels
from headcount_lab.games.poohead.reference import Table
from headcount_lab.games.poohead.rules import N_RANKS, PooheadRules, parse_rank

ALPHA = 0.01


@pytest.mark.parametrize(
    "players, p3, tie",
    [
        (2, Fraction(21508, 54145), Fraction(1386253, 12724075)),
        (3, Fraction(4209, 7735), Fraction(4616063, 22511825)),
        (4, Fraction(2759, 4165), Fraction(130570062157, 436571822225)),
    ],
)
def test_p6_start_rank_three_and_tie_break_rates_are_exact(players, p3, tie):
    assert exact.start_rank_distribution(players)[parse_rank("3")] == p3
    assert exact.tie_rate(players) == tie


def test_p6_no_ordinary_card_happens_only_with_two_players():
    assert exact.start_rank_distribution(2)[-1] == Fraction(1, 727090)
    assert exact.start_rank_distribution(3)[-1] == 0
    assert exact.start_rank_distribution(4)[-1] == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_p6_two_ways_of_counting_agree_and_sum_to_one(players):
    d = exact.start_rank_distribution(players)
    assert sum(d.values()) == 1
    assert exact.start_rank_from_counting(players) == {r: p for r, p in d.items() if r >= 0}


def test_four_player_start_rank_table_of_the_rulings():
    d = exact.start_rank_distribution(4)
    want = {"3": 0.66242, "4": 0.23538, "5": 0.07512, "6": 0.02101, "7": 0.00497, "8": 0.00095}
    for rank, p in want.items():
        assert round(float(d[parse_rank(rank)]), 5) == p


def test_blind_cards_hold_a_wild_card():
    assert exact.blind_wild_chance() == Fraction(2214, 5525)


def _start_counts(players, deals, seed, flags=()):
    rules = PooheadRules(players=players, swap=False).with_flags(list(flags))
    rank = np.zeros(N_RANKS + 1, dtype=np.int64)
    ties = np.zeros(1, dtype=np.int64)
    starters = np.zeros(players, dtype=np.int64)
    kernels.start_block(block_state(seed, 0), deals, rules.array(), rank, ties, starters)
    return rank, int(ties[0]), starters


@pytest.mark.parametrize("players", [2, 3, 4])
def test_p2_p6_dealt_start_rank_matches_the_exact_distribution(players):
    dist = exact.start_rank_distribution(players)
    probs = np.array([float(dist.get(r, 0)) for r in range(N_RANKS)] + [float(dist[-1])])
    rank, _, _ = _start_counts(players, 200_000, seed=1)
    assert rank.sum() == 200_000
    probs = probs / probs.sum()
    assert chi_square_gof(rank, probs).p_value > ALPHA


@pytest.mark.parametrize("players", [2, 3, 4])
def test_p6_tie_break_rate_matches_the_exact_rate(players):
    n = 200_000
    _, ties, _ = _start_counts(players, n, seed=2)
    p = float(exact.tie_rate(players))
    assert chi_square_gof(np.array([ties, n - ties]), np.array([p, 1 - p])).p_value > ALPHA


@pytest.mark.parametrize("tiebreak", ["copies", "random"])
def test_p6_start_seat_is_uniform_by_symmetry(tiebreak):
    _, _, starters = _start_counts(4, 100_000, seed=3, flags=[f"start_tiebreak={tiebreak}"])
    assert chi_square_gof(starters, np.full(4, 0.25)).p_value > ALPHA


def test_p6_seat_tie_break_favours_the_dealers_left():
    _, _, starters = _start_counts(4, 20_000, seed=4, flags=["start_tiebreak=seat", "dealer=3"])
    assert starters[0] > starters[1] > starters[2] > starters[3]


def test_p6_copies_tie_break_chooses_in_proportion_to_copies():
    """Seat 0 holds one 3 and seat 2 two: like the lowest suit, 1/3 against 2/3."""
    rules = PooheadRules(players=3)
    counts = np.zeros(3, dtype=np.int64)
    for b in range(3000):
        t = Table.position(rules, ["3 K K", "4 A A", "3 3 Q"])
        t.choose_starter(PyStream.for_block(9, b))
        counts[t.starter] += 1
    assert counts[1] == 0
    assert chi_square_gof(counts[[0, 2]], np.array([1 / 3, 2 / 3])).p_value > ALPHA
