"""The Headcount odds report: tables agree with the exact odds, the chart draws what it says."""

from fractions import Fraction

import pytest

from headcount_lab.analysis.headcount.figures import SafeBidBySightChart, SafeBidChart
from headcount_lab.analysis.headcount.odds import (
    prior_table,
    safe_bid_by_sight_table,
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


def test_prior_table_is_a_distribution_per_table():
    prior = prior_table((3, 4))
    sums = prior.groupby(["variant", "players"])["probability"].sum()
    assert sums.tolist() == pytest.approx([1.0] * 4)
    first = prior.groupby(["variant", "players"])["p_at_least"].first()
    assert first.tolist() == pytest.approx([1.0] * 4)


def test_safe_bids_rise_with_the_players():
    safe = safe_bid_table()
    for _, rows in safe.groupby("variant"):
        assert rows.sort_values("players")["safe_bid_50"].is_monotonic_increasing


def test_safe_bid_chart_draws_one_step_line_per_player_count_and_the_levels():
    prior = prior_table((3, 5))
    ax = SafeBidChart(prior[prior["variant"] == "standard"], "t").plot()
    labels = [line.get_label() for line in ax.lines]
    assert labels[:2] == ["3 players", "5 players"]
    assert len(ax.lines) == 2 + len(SAFE_LEVELS)
    x, y = ax.lines[0].get_data()
    rows = prior[(prior["variant"] == "standard") & (prior["players"] == 3)]
    assert list(x) == rows["total"].tolist() and list(y) == rows["p_at_least"].tolist()
    assert ax.get_title() == "t"


def test_safe_bid_by_sight_chart_plots_the_table_column():
    sight = safe_bid_by_sight_table((4,))
    standard = sight[sight["variant"] == "standard"]
    ax = SafeBidBySightChart(standard, 90).plot()
    assert [line.get_label() for line in ax.lines] == ["4 players"]
    x, y = ax.lines[0].get_data()
    assert list(x) == standard["visible_sum"].tolist()
    assert list(y) == standard["safe_bid_90"].tolist()
    assert "90%" in ax.get_ylabel()


def test_safe_bid_by_sight_leaves_out_views_with_special_cards():
    sight = safe_bid_by_sight_table((3,))
    standard = sight[sight["variant"] == "standard"]
    # 3 players see 2 foreheads: pairs of the 15 number cards, C(15, 2) = 105 views
    assert standard["views"].sum() == 105
