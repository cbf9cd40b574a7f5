"""Charts of the Forehead Whist report, each built from a tidy table with ``.plot(ax=None)``.

One style for all of them: Okabe & Ito's colour-blind-safe palette, readable type, labelled
axes with units, 95% intervals drawn as error bars (exact values have none). matplotlib is
imported inside the methods only (no pyplot, no global state), and axes come from
:func:`headcount_lab.core.charts.new_axes`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from headcount_lab.analysis.whist.tables import EXACT_PLAYERS
from headcount_lab.core.charts import (  # noqa: F401  (TipChart re-exported for the report)
    MARKERS,
    PALETTE,
    TipChart,
    error_lengths,
    finish_axes,
    new_axes,
    styled,
)


def _errors(rows: pd.DataFrame, y: str, ci: bool) -> Any:
    """Error-bar lengths from the columns ``{y}_lo`` and ``{y}_hi`` (``None`` if not ``ci``)."""
    return error_lengths(rows[y], rows[f"{y}_lo"], rows[f"{y}_hi"]) if ci else None


@dataclass(frozen=True)
class CILineChart:
    """``y`` against ``x``, one line per value of ``group``, with the 95% intervals in columns
    ``{y}_lo`` .. ``{y}_hi`` as error bars (none if not ``ci``), and a line at zero."""

    data: pd.DataFrame
    x: str
    y: str
    group: str
    xlabel: str
    ylabel: str
    title: str = ""
    group_label: str = "{}"
    ci: bool = True
    zero_line: bool = True

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                _, ax = new_axes()
            groups = list(self.data.groupby(self.group, sort=True))
            for i, (g, rows) in enumerate(groups):
                rows = rows.sort_values(self.x)
                # small sideways offsets keep the error bars of neighbouring lines apart
                dx = (i - (len(groups) - 1) / 2) * 0.08
                ax.errorbar(
                    rows[self.x] + dx,
                    rows[self.y],
                    yerr=_errors(rows, self.y, self.ci),
                    color=PALETTE[i % len(PALETTE)],
                    marker=MARKERS[i % len(MARKERS)],
                    capsize=3,
                    label=self.group_label.format(g),
                )
            if self.zero_line:
                ax.axhline(0, color="grey", linewidth=0.8)
            return finish_axes(ax, self.xlabel, self.ylabel, self.title, "best")


@dataclass(frozen=True)
class CIBarChart:
    """Horizontal bars of ``y`` for each ``category``, grouped by ``group`` (one colour each),
    with the 95% intervals in ``{y}_lo`` .. ``{y}_hi`` (none if not ``ci``: exact values)."""

    data: pd.DataFrame
    category: str
    y: str
    xlabel: str
    ylabel: str
    group: str | None = None
    title: str = ""
    group_label: str = "{}"
    ci: bool = True

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                _, ax = new_axes()
            cats = list(dict.fromkeys(self.data[self.category]))
            groups = (
                [(None, self.data)]
                if self.group is None
                else list(self.data.groupby(self.group, sort=False))
            )
            height = 0.8 / len(groups)
            for i, (g, rows) in enumerate(groups):
                pos = [
                    cats.index(c) + (i - (len(groups) - 1) / 2) * height
                    for c in rows[self.category]
                ]
                ax.barh(
                    pos,
                    rows[self.y],
                    height=height * 0.9,
                    xerr=_errors(rows, self.y, self.ci),
                    color=PALETTE[i % len(PALETTE)],
                    capsize=3,
                    label=None if g is None else self.group_label.format(g),
                )
            ax.set_yticks(range(len(cats)), [str(c) for c in cats])
            ax.invert_yaxis()
            ax.axvline(0, color="grey", linewidth=0.8)
            legend = "best" if self.group is not None else None
            return finish_axes(ax, self.xlabel, self.ylabel, self.title, legend)


# --- the report's figures ---------------------------------------------------------------------


def charts(tables: dict[str, pd.DataFrame], labels: dict[str, str]) -> dict[str, Any]:
    """The report's figures by file stem, drawn by the chart objects above from the report's
    tables; ``labels``: the axis labels and titles in the report's language (``charts`` of
    :mod:`~headcount_lab.analysis.whist.text`)."""
    L = labels

    figs: dict[str, Any] = {}
    cards = L["cards"]
    gap = tables["q1_dealer_gap"]
    blind = gap[gap["one_card_blind"]]
    four = blind[blind["players"] == 4]
    both = pd.concat(
        [
            four[["cards", f"{c}", f"{c}_lo", f"{c}_hi"]]
            .set_axis(["cards", "gap", "gap_lo", "gap_hi"], axis=1)
            .assign(rule=L["rule"].format(state=c[4:]))
            for c in ("gap_on", "gap_off")
        ]
    )
    fig, (a, b) = new_axes(ncols=2)
    CILineChart(
        both,
        "cards",
        "gap",
        "rule",
        cards,
        L["gap_ylabel"],
        L["gap_title"],
    ).plot(a)
    CILineChart(
        blind,
        "cards",
        "effect",
        "players",
        cards,
        L["effect_ylabel"],
        L["effect_title"],
        L["players"],
    ).plot(b)
    figs["q1_dealer_gap"] = fig

    seats = tables["q1_q4_seats"]
    seat = L["seat"]
    fig, (a, b) = new_axes(ncols=2)
    CIBarChart(
        seats,
        "seat",
        "restriction_effect",
        L["cost_xlabel"],
        seat,
        "players",
        L["cost_title"],
        L["players"],
    ).plot(a)
    CIBarChart(
        seats,
        "seat",
        "lead",
        L["lead_xlabel"],
        seat,
        "players",
        L["lead_title"],
        L["players"],
    ).plot(b)
    figs["q1_q4_seats"] = fig

    pos = tables["q2_blind_positions"]
    fig, axes = new_axes(ncols=len(EXACT_PLAYERS))
    for ax, n in zip(axes, EXACT_PLAYERS, strict=True):
        CIBarChart(
            pos[pos["players"] == n],
            "position",
            "p_win",
            L["p_win_xlabel"],
            L["position"],
            "trumps_seen",
            L["blind_title"].format(n=n),
            L["trumps_seen"],
            ci=False,
        ).plot(ax)
        ax.axvline(6 / 13, color="black", linestyle="--", linewidth=1.2, label=L["threshold"])
        ax.legend(loc="lower right")
        ax.set_xlim(0, 1)
    figs["q2_blind_bids"] = fig

    sc = tables["q2_blind_scores"]
    sc5 = sc[sc["bonus"] == 5]
    where = [
        L["where"].format(players=p, position=q)
        for p, q in zip(sc5["players"], sc5["position"], strict=True)
    ]
    both = pd.concat(
        [
            sc5.assign(where=where, rule=L["rule"].format(state=r), score=sc5[f"score_{r}"])
            for r in ("off", "on")
        ]
    )
    fig, ax = new_axes(size=(7.5, 5.0))
    CIBarChart(
        both,
        "where",
        "score",
        L["score_xlabel"],
        L["table_position"],
        "rule",
        L["score_title"],
        ci=False,
    ).plot(ax)
    figs["q2_blind_scores"] = fig

    lis = tables["q2_listening"]
    lis = lis[lis["restriction"] == "on"]
    fig, ax = new_axes()
    CIBarChart(
        lis.assign(
            where=[
                L["where"].format(players=p, position=q)
                for p, q in zip(lis["players"], lis["position"], strict=True)
            ]
        ),
        "where",
        "gain",
        L["gain_xlabel"],
        L["table_position"],
        title=L["gain_title"],
        ci=False,
    ).plot(ax)
    figs["q2_listening"] = fig

    fig, (a, b) = new_axes(ncols=2)
    CIBarChart(
        tables["q3_bots"],
        "bot",
        "mean",
        L["bots_xlabel"],
        L["bot"],
        title=L["bots_title"],
    ).plot(a)
    CILineChart(
        tables["q3_bots_by_size"],
        "cards",
        "score",
        "bot",
        L["size_xlabel"],
        L["size_ylabel"],
        L["size_title"],
    ).plot(b)
    figs["q3_bots"] = fig

    st = tables["q5_streaks"]
    fig, (a, b) = new_axes(ncols=2)
    CIBarChart(
        st,
        "bot",
        "bonus_points",
        L["streak_xlabel"],
        L["bot"],
        "mode",
        L["streak_title"],
    ).plot(a)
    CIBarChart(
        st[st["mode"] == "once"],
        "bot",
        "once_minus_every_five",
        L["once_xlabel"],
        L["bot"],
        title=L["once_title"],
    ).plot(b)
    figs["q5_streaks"] = fig
    return figs
