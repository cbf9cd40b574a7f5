"""Exact blind one-card odds (W9): golden examples, the bid threshold, and a chi-square check of
the exact probabilities against dealt hands."""

from fractions import Fraction

import numpy as np
from scipy import stats

from headcount_lab.core.rng import block_state
from headcount_lab.games.whist import agents, bits, kernels
from headcount_lab.games.whist.exact import best_bid, blind_odds, blind_win_cards, expected_scores


def test_w9_worked_example_highest_trump_shown_means_no_chance():
    res = blind_odds(4, "K♠ ? 8♥ A♦", "9♦")
    assert (res["fraction"], res["best_bid"], res["possible_cards"]) == ("0/1", 0, 28)


def test_w9_leading_blind_counts_every_card_that_beats_all_the_others():
    # You lead; the others show 8♥, 9♣, 7♠ with trump 9♦: any diamond wins (7 of them), and so
    # does any spade or heart that is the top of its suit in the trick.
    res = blind_odds(4, "? 8♥ 9♣ 7♠", "9♦")
    possible, wins = blind_win_cards(4, [None, 9, 26, 0], 18)
    assert res["possible_cards"] == len(possible) == 28
    # diamonds 7 + spades 8..A (7) + hearts 9..A (6) + clubs 10..A (5) = 25
    assert len(wins) == 25
    assert res["fraction"] == "25/28" and res["best_bid"] == 1


def test_w7_bid_one_exactly_when_p_exceeds_six_thirteenths():
    assert best_bid(Fraction(6, 13)) == 0  # a tie keeps the safer 0
    assert best_bid(Fraction(7, 13)) == 1
    assert best_bid(Fraction(7, 13), forbidden=1) == 0  # W5: the dealer's restriction
    ev = expected_scores(Fraction(1, 2))
    assert ev == {0: Fraction(2), 1: Fraction(5, 2)}


def test_kernel_blind_count_equals_enumeration_on_random_tables():
    rng = np.random.default_rng(7)
    for n in (3, 4, 5, 6):
        ranks = 2 * n
        for _ in range(150):
            cards = rng.choice(4 * ranks, size=n + 1, replace=False).tolist()
            visible, trump = cards[:n], cards[n]
            seat, leader = int(rng.integers(n)), int(rng.integers(n))
            obs = np.zeros(bits.OBS_SIZE, dtype=np.int64)
            obs[bits.O_PLAYERS], obs[bits.O_SEAT], obs[bits.O_LEADER] = n, seat, leader
            obs[bits.O_TRUMP_CARD], obs[bits.O_TRUMP_SUIT] = trump, trump // ranks
            for s in range(n):
                obs[bits.OFF_VISIBLE + s] = -1 if s == seat else visible[s]
            seen = [
                None if (leader + i) % n == seat else visible[(leader + i) % n] for i in range(n)
            ]
            possible, wins = blind_win_cards(n, seen, trump)
            assert agents.blind_counts(obs) == (len(possible), len(wins))


def test_exact_probabilities_agree_with_dealt_hands_chi_square():
    """Deal many 4-player one-card hands; group seat 1's chances by their exact value and compare
    the tricks it actually took with the expected counts (chi-square, alpha 0.01)."""
    n, ranks = 4, 8
    state = block_state(2026, 0)
    deck = np.empty(4 * ranks, dtype=np.int64)
    hands = np.empty(n, dtype=np.uint64)
    bins_p = np.linspace(0, 1, 6)
    expected = np.zeros(5)
    observed = np.zeros(5)
    counts = np.zeros(5)
    for _ in range(6000):
        trump = int(kernels.deal(state, deck, n, ranks, 1, hands))
        cards = [int(deck[s]) for s in range(n)]
        seen = [cards[0], None, cards[2], cards[3]]
        possible, wins = blind_win_cards(n, seen, trump)
        p = len(wins) / len(possible)
        b = min(int(np.searchsorted(bins_p, p, side="right")) - 1, 4)
        won = cards[1] in wins
        expected[b] += p
        observed[b] += won
        counts[b] += 1
    keep = (expected > 5) & (counts - expected > 5)
    obs_table = np.concatenate([observed[keep], (counts - observed)[keep]])
    exp_table = np.concatenate([expected[keep], (counts - expected)[keep]])
    chi2 = float((((obs_table - exp_table) ** 2) / exp_table).sum())
    assert stats.chi2.sf(chi2, df=int(keep.sum())) > 0.01
