"""The Headcount odds report: tables agree with the exact odds, the chart draws what it says."""

from fractions import Fraction

import pytest

from headcount_lab.analysis.headcount.odds import (
    safe_bid_table,
    view_safe_bids,
)
from headcount_lab.games.headcount.exact import (
    SAFE_LEVELS,
    belief_table,
    safe_bid,
    total_distribution,
)


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("level", SAFE_LEVELS)
def test_view_safe_bids_equal_the_exact_safe_bid(double, level):
    table = belief_table(double, 3, 2)
    bids = view_safe_bids(double, 3, 2, level)
    for r in range(0, table.masks.size, 37):
        known = [c for c in range(18) if (int(table.masks[r]) >> c) & 1]
        assert bids[r] == safe_bid(total_distribution(known, 2, double), level)


def test_safe_bid_levels_are_exact_fractions():
    # 9/10 exactly must count as "at least 90 %" although the float 0.9 is a hair above 9/10
    dist = {0: Fraction(1, 10), 1: Fraction(9, 10)}
    assert safe_bid(dist, 0.9) == 1


def test_safe_bids_rise_with_the_players():
    safe = safe_bid_table()
    for _, rows in safe.groupby("variant"):
        assert rows.sort_values("players")["safe_bid_50"].is_monotonic_increasing


def _far_by_fractions(players: int, double: bool, hidden_on: bool) -> tuple[Fraction, Fraction]:
    """(far in points, far in standard deviations) by brute force with exact fractions: every
    forehead set, hidden card and draw-pile top; each seat's mean and variance from its view
    (H2-H4 counting by the plain-Python ``rules.count``)."""
    import itertools

    from headcount_lab.games.headcount.exact import FAR, FAR_SD
    from headcount_lab.games.headcount.rules import count, deck_size

    n_deck = deck_size(double)
    moments: dict[tuple[int, ...], tuple[Fraction, Fraction]] = {}
    far = far_sd = deals = 0
    for seats in itertools.combinations(range(n_deck), players):
        for hidden in [c for c in range(n_deck) if c not in seats] if hidden_on else [None]:
            in_play = list(seats) + ([] if hidden is None else [hidden])
            for draw in (c for c in range(n_deck) if c not in in_play):
                t = count(in_play, draw)
                close = close_sd = False
                for seat in seats:
                    view = tuple(c for c in seats if c != seat)
                    if view not in moments:
                        dist = total_distribution(list(view), 2 if hidden_on else 1, double)
                        mean = sum((v * p for v, p in dist.items()), Fraction(0))
                        var = sum((v * v * p for v, p in dist.items()), Fraction(0)) - mean**2
                        moments[view] = (mean, var)
                    mean, var = moments[view]
                    close |= abs(t - mean) <= FAR
                    close_sd |= (t - mean) ** 2 <= FAR_SD**2 * var
                deals += 1
                far += not close
                far_sd += not close_sd
    return Fraction(far, deals), Fraction(far_sd, deals)


@pytest.mark.parametrize("double", [False, True])
def test_far_from_estimates_is_exact_against_fractions(double):
    """Issue 11: the surprise rate compares each total with each seat's exact mean (and
    standard deviation) without floats; checked by brute force with fractions (3 players, no
    hidden card: every deal in a second)."""
    from headcount_lab.analysis.headcount.odds import far_from_estimates_table

    t = far_from_estimates_table((3,))
    row = t[(t["variant"] == ("double" if double else "standard")) & ~t["hidden_card"]].iloc[0]
    far, far_sd = _far_by_fractions(3, double, False)
    assert row["fraction"] == f"{far.numerator}/{far.denominator}"
    assert row["fraction_sd"] == f"{far_sd.numerator}/{far_sd.denominator}"


@pytest.mark.slow
def test_double_far_from_estimates_at_four_players_is_exact():
    """Issue 11: the report's Double figure (4 players, hidden card) was 16747/92820 when the
    means were compared as floats; with exact fractions it is the brute force's value, and the
    deals that sit exactly 10 points from the nearest expectation are not far."""
    from headcount_lab.analysis.headcount.odds import far_from_estimates_table

    t = far_from_estimates_table((4,))
    row = t[(t["variant"] == "double") & t["hidden_card"]].iloc[0]
    far, far_sd = _far_by_fractions(4, True, True)
    assert row["fraction"] == f"{far.numerator}/{far.denominator}"
    assert row["fraction_sd"] == f"{far_sd.numerator}/{far_sd.denominator}"
    assert far != Fraction(16747, 92820) and row["at_edge"] > 0
