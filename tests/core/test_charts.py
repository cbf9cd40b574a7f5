"""The chart objects several games' reports draw (issue 10 item 5): their artists, labels and
intervals."""

import pandas as pd
import pytest

from headcount_lab.core.charts import CIBarChart, CILineChart, interval_columns


def _frame() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "x": [1, 2, 1, 2],
            "y": [0.5, -0.2, 0.1, 0.3],
            "y_lo": [0.4, -0.3, 0.0, 0.2],
            "y_hi": [0.6, -0.1, 0.2, 0.4],
            "g": ["a", "a", "b", "b"],
        }
    )


def test_ci_line_chart_draws_a_line_with_error_bars_per_group():
    ax = CILineChart(_frame(), "x", "y", "g", "cards", "points per hand", "T").plot()
    assert len(ax.containers) == 2  # one errorbar container per group
    assert all(c.has_yerr for c in ax.containers)
    assert ax.get_xlabel() == "cards" and ax.get_ylabel() == "points per hand"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["a", "b"]
    assert ax.get_title() == "T"


def test_ci_line_chart_orders_groups_sorted_or_as_given_and_sorts_each_line_by_x():
    df = _frame().iloc[[3, 2, 1, 0]]  # group b first, each group's x descending
    sorted_ax = CILineChart(df, "x", "y", "g", "", "").plot()
    assert [t.get_text() for t in sorted_ax.get_legend().get_texts()] == ["a", "b"]
    given = CILineChart(df, "x", "y", "g", "", "", sort_groups=False, spread=0.0).plot()
    assert [t.get_text() for t in given.get_legend().get_texts()] == ["b", "a"]
    line_b = given.containers[0].lines[0]
    assert list(line_b.get_xdata()) == [1, 2]
    assert list(line_b.get_ydata()) == pytest.approx([0.1, 0.3])


def test_ci_line_chart_scales_estimates_and_intervals_and_places_categories_in_order():
    df = pd.DataFrame(
        {"x": ["low", "high"], "p": [0.25, 0.5], "lo": [0.2, 0.4], "hi": [0.3, 0.55], "g": 1}
    )
    ax = CILineChart(df, "x", "p", "g", "", "", scale=100, ref=None).plot()
    line = ax.containers[0].lines[0]
    assert list(line.get_xdata()) == [0, 1]
    assert list(line.get_ydata()) == pytest.approx([25.0, 50.0])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["low", "high"]
    (bars,) = ax.containers[0].lines[2]
    ends = [seg[:, 1] for seg in bars.get_segments()]
    assert [tuple(e) for e in ends] == [pytest.approx((20.0, 30.0)), pytest.approx((40.0, 55.0))]
    assert not [ln for ln in ax.lines if ln.get_color() == "grey"]  # ref=None: no line at 0


def test_ci_line_chart_without_intervals_and_with_whole_number_ticks():
    df = _frame().assign(x=[1, 4, 1, 4])
    ax = CILineChart(df, "x", "y", "g", "", "", ci=False, integer_x=True).plot()
    assert not any(c.has_yerr for c in ax.containers)
    assert all(float(t).is_integer() for t in ax.get_xticks())


def test_interval_columns_prefer_the_estimates_own_and_fall_back_to_lo_hi():
    assert interval_columns(_frame().columns, "y") == ("y_lo", "y_hi")
    rates = pd.DataFrame({"p": [0.5], "lo": [0.4], "hi": [0.6]})
    assert interval_columns(rates.columns, "p") == ("lo", "hi")
    assert interval_columns(rates.iloc[0].index, "p") == ("lo", "hi")


def test_ci_bar_chart_bars_and_error_bars():
    df = _frame()
    ax = CIBarChart(df, "x", "y", "points", "seat", group="g").plot()
    bars = [p for c in ax.containers if hasattr(c, "patches") for p in c.patches]
    assert len(bars) == 4
    assert sorted(round(b.get_width(), 3) for b in bars) == sorted(df["y"].round(3))
    assert len(ax.collections) >= 2  # the error bars' line collections
    assert ax.get_xlabel() == "points" and ax.get_ylabel() == "seat"
    exact = CIBarChart(df, "x", "y", "points", "seat", group="g", ci=False).plot()
    assert not exact.collections  # exact values: no intervals drawn


def test_stacked_puts_estimates_side_by_side_into_one_column_with_their_intervals():
    from headcount_lab.core.charts import stacked

    wide = pd.DataFrame({"n": [3, 4], "a": [1.0, 2.0], "a_lo": [0.5, 1.5], "a_hi": [1.5, 2.5],
                         "b": [-1.0, 0.0], "b_lo": [-2.0, -0.5], "b_hi": [0.0, 0.5]})  # fmt: skip
    long = stacked(wide, {"a": "A", "b": "B"}, ["n"], "y", "rule")
    assert list(long.columns) == ["n", "y", "y_lo", "y_hi", "rule"]
    assert long["rule"].tolist() == ["A", "A", "B", "B"]
    assert long["y"].tolist() == [1.0, 2.0, -1.0, 0.0]
    assert long["y_hi"].tolist() == [1.5, 2.5, 0.0, 0.5]


def _bottoms(ax):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(ax.figure)
    canvas.draw()
    r = canvas.get_renderer()
    boxes = {t.get_text(): t.get_window_extent(r) for t in ax.texts}
    return boxes


@pytest.mark.parametrize("tips", [3, 40])
def test_a_tip_page_keeps_every_tip_above_its_footer(tips):
    # a page with more tips than fit shrinks its steps and fonts (issue 22 item 5's longer tips
    # ran into the footer); a page that fits is drawn at its own sizes
    from headcount_lab.core.charts import TipChart

    line = "a tip long enough to wrap onto a second line of the page, " * 2
    chart = TipChart("Title", [(f"Head {b}", [line] * tips) for b in range(3)], footer="from X")
    boxes = _bottoms(chart.plot())
    foot = boxes.pop("from X")
    assert all(b.y0 >= foot.y1 for b in boxes.values())
    assert (chart.scale() == 1.0) == (tips == 3)
