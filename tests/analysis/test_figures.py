"""Charts are checked on their artists and labels (what they draw), never on pixels."""

import pandas as pd
import pytest

from headcount_lab.analysis.headcount.figures import (
    PALETTE,
    CallOddsChart,
    IntervalChart,
    RateLineChart,
    SafeBidByViewChart,
    tip_sheet,
)
from headcount_lab.analysis.headcount.odds import call_odds_by_gap_table, safe_bids_by_view_table
from headcount_lab.core.words import texts

TEXT = texts("headcount")


@pytest.fixture(scope="module")
def views():
    return safe_bids_by_view_table((3, 4))


@pytest.fixture(scope="module")
def call():
    return call_odds_by_gap_table((3, 4), gaps=tuple(range(-5, 31)))


def _plain(df):
    return df[(df["variant"] == "standard") & (df["special_seen"] == "none")]


def test_safe_bid_by_view_chart_draws_solid_before_and_dashed_after_a_peek(views):
    ax = SafeBidByViewChart(_plain(views), 75, "t", "x (points)", "y (points)").plot()
    labels = [line.get_label() for line in ax.lines]
    assert labels == ["3 players", "3 players, peeked", "4 players", "4 players, peeked"]
    assert [line.get_linestyle() for line in ax.lines] == ["-", "--", "-", "--"]
    rows = _plain(views)
    rows = rows[(rows["players"] == 4) & ~rows["peeked"]].sort_values("visible_sum")
    x, y = ax.lines[2].get_data()
    assert list(x) == rows["visible_sum"].tolist() and list(y) == rows["safe_bid_75"].tolist()
    assert (ax.get_xlabel(), ax.get_ylabel(), ax.get_title()) == ("x (points)", "y (points)", "t")
    # one colour per player count, from the colour-blind-safe palette
    assert ax.lines[0].get_color() == ax.lines[1].get_color() == PALETTE[0]


def test_call_odds_chart_draws_exact_lines_and_the_bot_with_intervals(call):
    bot = pd.DataFrame({"gap": [5, 10], "value": [0.1, 0.4], "lo": [0.05, 0.3], "hi": [0.2, 0.5]})
    ax = CallOddsChart(_plain(call), bot, "bot").plot()
    labels = [line.get_label() for line in ax.lines[:2]]
    assert labels == ["3 players: P(call wins)", "4 players: P(call wins)"]
    x, y = ax.lines[0].get_data()
    three = _plain(call)[_plain(call)["players"] == 3].sort_values("gap")
    assert list(y) == three["p_call_wins"].tolist()
    (container,) = ax.containers
    assert container.get_label() == "bot"
    data_x, data_y = container.lines[0].get_data()
    assert list(data_x) == [5, 10] and list(data_y) == [0.1, 0.4]
    # the interval bars span lo..hi
    segments = container.lines[2][0].get_segments()
    assert [tuple(s[:, 1]) for s in segments] == [(0.05, 0.2), (0.3, 0.5)]
    assert any(line.get_ydata()[0] == 0.5 for line in ax.lines)  # the 50 % line


def test_interval_chart_draws_one_row_per_label_with_its_interval():
    data = pd.DataFrame(
        {
            "label": ["a", "b"],
            "value": [0.1, -0.02],
            "lo": [0.05, -0.06],
            "hi": [0.15, 0.01],
            "group": ["g1", "g2"],
        }  # fmt: skip
    )
    ax = IntervalChart(data, "gain (percentage points)", "t", reference=0.0).plot()
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b"]
    assert len(ax.containers) == 2
    x, y = ax.containers[0].lines[0].get_data()
    assert list(x) == [10.0] and list(y) == [1]  # percent scale, top row
    seg = ax.containers[1].lines[2][0].get_segments()[0]
    assert tuple(seg[:, 0]) == pytest.approx((-6.0, 1.0))
    assert ax.get_xlabel() == "gain (percentage points)"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["g1", "g2"]


def test_rate_line_chart_draws_a_line_and_a_band_per_group():
    data = pd.DataFrame(
        {
            "players": [3, 3, 4, 4],
            "position": [0, 1, 0, 1],
            "value": [0.4, 0.3, 0.35, 0.2],
            "lo": [0.38, 0.28, 0.33, 0.18],
            "hi": [0.42, 0.32, 0.37, 0.22],
        }  # fmt: skip
    )
    ax = RateLineChart(data, "position", "position", "rounds lost (%)", group="players",
                       group_label="{g} players").plot()  # fmt: skip
    assert [line.get_label() for line in ax.lines] == ["3 players", "4 players"]
    assert list(ax.lines[1].get_ydata()) == pytest.approx([35.0, 20.0])
    assert len(ax.collections) == 2  # the two bands
    assert ax.get_ylabel() == "rounds lost (%)"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_tip_sheet_is_one_a4_page_with_large_type(views, call, lang):
    text = dict(TEXT[lang]["tips"])
    text["tips"] = ["first tip", "second tip"]
    gap = pd.DataFrame({"gap": [0, 1], "value": [0.5, 0.6], "lo": [0.4, 0.5], "hi": [0.6, 0.7]})
    fig = tip_sheet(_plain(views), _plain(call), gap, text)
    w, h = fig.get_size_inches()
    assert (w, h) == pytest.approx((8.27, 11.69))
    bid, call_ax, peek, notes = fig.axes
    assert bid.get_title() == text["bid_title"] and call_ax.get_title() == text["call_title"]
    assert peek.get_title() == text["peek_title"]
    assert fig.get_suptitle() == text["title"]
    assert "• first tip" in notes.texts[0].get_text()
    # readable at arm's length: no label, tick or note below 12 points
    for ax in (bid, call_ax, peek):
        assert ax.xaxis.label.get_fontsize() >= 12
        assert min(t.get_fontsize() for t in ax.get_xticklabels()) >= 12
    assert notes.texts[0].get_fontsize() >= 12
