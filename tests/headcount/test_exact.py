"""Exact odds: the numba tables against single views, and single views against brute force."""

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from headcount_lab.core.exact import mask_of
from headcount_lab.games.headcount.exact import (
    belief_table,
    total_distribution,
    view_of_seat,
    view_weights,
)
from headcount_lab.games.headcount.reference import brute_force_distribution
from headcount_lab.games.headcount.rules import JOKER, TOP, X2, parse_ids

VIEWS = [
    # (known, n_unknown, double): plain, Joker known (H2), A♠ known (H3), ×2 known (H4), peeks
    ("7♥ K♥ 5♠", 2, False),
    ("7♥ K♥ JK", 2, False),
    ("A♠ Q♥ 10♠", 2, False),
    ("Q♥ 7♥ K♥ 3♥", 1, False),
    ("X2 5♠ 9♥", 2, True),
    ("JK A♠ K♥ 2♥", 1, True),
    ("", 3, False),
    ("", 3, True),
    # nothing unseen but the draw-pile top (the engine's "one card more" rows)
    ("JK Q♥ A♠ 2♥", 0, False),
    ("Q♥ 5♠ JK X2", 0, True),
    ("Q♥ 5♠ 3♥", 0, True),
]


@pytest.mark.parametrize(("known", "n_unknown", "double"), VIEWS)
def test_total_distribution_equals_brute_force(known, n_unknown, double):
    ids = parse_ids(known, double) if known else []
    exact = total_distribution(ids, n_unknown, double)
    assert exact == brute_force_distribution(ids, n_unknown, double)
    assert sum(exact.values()) == 1


def test_rule_text_example_dan_after_peeking_the_3h():
    # Dan sees Q♥ 7♥ K♥ and peeked the 3♥: 40 (rule text) needs his card to count -5, so it is
    # the 5♠ (1 in 13) or the Joker with the 5♠ on the draw pile (H2, 1 in 13 * 1 in 12).
    dist = total_distribution(parse_ids("Q♥ 7♥ K♥ 3♥"), 1, False)
    assert dist[40] == Fraction(1, 13) + Fraction(1, 13) * Fraction(1, 12)
    # 25 = the K♥ counted 0 (H3): his card is the A♠, or the Joker with the A♠ on top (H2).
    assert dist[25] == Fraction(1, 13) + Fraction(1, 13) * Fraction(1, 12)


@pytest.mark.parametrize(
    ("double", "n_known", "n_unknown"), [(False, 2, 2), (True, 3, 1), (True, 3, 0), (False, 1, 1)]
)
def test_every_table_row_equals_the_single_view(double, n_known, n_unknown):
    table = belief_table(double, n_known, n_unknown)
    for r, m in enumerate(table.masks):
        known = [c for c in range(18) if (int(m) >> c) & 1]
        lo, w, den = view_weights(known, n_unknown, double)
        assert den == table.denominators[r]
        got = {table.lo + t: int(x) for t, x in enumerate(table.weights[r]) if x}
        want = {lo + t: int(x) for t, x in enumerate(w) if x}
        assert got == want


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("players", [3, 6])
def test_tables_average_to_the_no_information_view(players, double):
    # law of total probability: the known cards of a view are a uniform subset of those in play
    n_in = players + 1
    prior = belief_table(double, 0, n_in)
    for k in (players - 1, players):
        table = belief_table(double, k, n_in - k)
        mixed = table.weights.sum(axis=0)
        den = int(table.denominators.sum())
        assert prior.denominators[0] * mixed.sum() == den * prior.weights[0].sum()
        shift = table.lo - prior.lo
        want = np.zeros_like(prior.weights[0])
        want[shift : shift + mixed.size] = mixed
        # weights per row differ in scale only by the row counts: compare exact fractions
        assert np.array_equal(want * int(prior.denominators[0]), prior.weights[0] * den)


def test_table_arrays_are_consistent_and_read_only():
    t = belief_table(True, 4, 2)
    assert t.weights.sum(axis=1).tolist() == t.denominators.tolist()
    assert t.denominators[0] == comb(14, 2) * 12
    np.testing.assert_allclose(t.pmf.sum(axis=1), 1.0)
    np.testing.assert_allclose(t.sf[:, 0], 1.0)
    assert not t.sf[:, -1].any()
    np.testing.assert_allclose(t.sf[:, :-1] - t.sf[:, 1:], t.pmf, atol=1e-15)
    assert t.row_of_mask.shape == (2**18,)
    assert t.row_of_mask[mask_of([1, 2, 3])] == -1
    assert t.row_of_mask[mask_of([JOKER, TOP, X2, 0])] == t.row([X2, 0, TOP, JOKER])
    assert not t.weights.flags.writeable
    assert belief_table(True, 4, 2) is t


def test_p_at_least_ties_go_to_the_bidder():
    t = belief_table(False, 4, 1)
    known = parse_ids("Q♥ 7♥ K♥ 3♥")
    # H6: a bid equal to the total survives the call
    exact = total_distribution(known, 1, False)
    assert t.p_at_least(known, 40) == pytest.approx(
        float(sum(p for v, p in exact.items() if v >= 40))
    )
    assert t.p_at_least(known, -1000) == pytest.approx(1.0)
    assert t.p_at_least(known, 1000) == 0.0


def test_view_of_seat_counts_and_conflicts():
    assert view_of_seat(4, parse_ids("7♥ K♥ 5♠")) == (parse_ids("7♥ K♥ 5♠"), 2)
    assert view_of_seat(4, parse_ids("7♥ K♥ 5♠"), peek=5) == ([9, 14, 1, 5], 1)
    assert view_of_seat(4, []) == ([], 5)
    assert view_of_seat(4, parse_ids("7♥ K♥ 5♠"), hidden_card=False) == ([9, 14, 1], 1)
    with pytest.raises(ValueError, match="sees 3 forehead cards"):
        view_of_seat(4, parse_ids("7♥ K♥"))
    with pytest.raises(ValueError, match="both seen and peeked"):
        view_of_seat(4, parse_ids("7♥ K♥ 5♠"), peek=9)
    with pytest.raises(ValueError, match="between 3 and 6"):
        view_of_seat(7, [])
    with pytest.raises(ValueError, match="no draw pile"):
        total_distribution([], 17, False)


@pytest.mark.slow
@pytest.mark.parametrize("double", [False, True])
def test_every_three_card_view_equals_brute_force(double):
    table = belief_table(double, 3, 2)
    for r, m in enumerate(table.masks):
        known = [c for c in range(18) if (int(m) >> c) & 1]
        brute = brute_force_distribution(known, 2, double)
        den = int(table.denominators[r])
        got = {table.lo + t: Fraction(int(w), den) for t, w in enumerate(table.weights[r]) if w}
        assert got == brute
