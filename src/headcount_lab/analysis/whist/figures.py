"""Charts of the Forehead Whist report, drawn from its tables by the platform's chart objects
(:class:`~headcount_lab.core.charts.CILineChart`, :class:`~headcount_lab.core.charts.
CIBarChart`): 95% intervals as error bars (exact values have none), labels from the report's
text.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from headcount_lab.analysis.whist.tables import EXACT_PLAYERS
from headcount_lab.core.charts import (  # noqa: F401  (TipChart re-exported for the report)
    CIBarChart,
    CILineChart,
    TipChart,
    new_axes,
    panels,
    stacked,
)


def charts(tables: dict[str, pd.DataFrame], labels: dict[str, str]) -> dict[str, Any]:
    """The report's figures by file stem, drawn by the platform's chart objects from the report's
    tables; ``labels``: the axis labels and titles in the report's language (``[whist.charts]``
    of ``headcount_lab/words/<lang>.toml``)."""
    L = labels

    def where(df: pd.DataFrame) -> list[str]:  # "4 players, 2": a table size and position
        return [L["where"].format(players=p, position=q)
                for p, q in zip(df["players"], df["position"], strict=True)]  # fmt: skip

    figs: dict[str, Any] = {}
    cards = L["cards"]
    gap = tables["q1_dealer_gap"]
    blind = gap[gap["one_card_blind"]]
    four = blind[blind["players"] == 4]
    rules = {c: L["rule"].format(state=c[4:]) for c in ("gap_on", "gap_off")}
    both = stacked(four, rules, ["cards"], "gap", "rule")
    figs["q1_dealer_gap"] = panels([
        CILineChart(both, "cards", "gap", "rule", cards, L["gap_ylabel"], L["gap_title"]),
        CILineChart(blind, "cards", "effect", "players", cards, L["effect_ylabel"],
                    L["effect_title"], L["players"]),
    ])  # fmt: skip

    seats = tables["q1_q4_seats"]
    seat = L["seat"]
    figs["q1_q4_seats"] = panels([
        CIBarChart(seats, "seat", "restriction_effect", L["cost_xlabel"], seat, "players",
                   L["cost_title"], L["players"]),
        CIBarChart(seats, "seat", "lead", L["lead_xlabel"], seat, "players", L["lead_title"],
                   L["players"]),
    ])  # fmt: skip

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
    both = pd.concat(
        [
            sc5.assign(where=where(sc5), rule=L["rule"].format(state=r), score=sc5[f"score_{r}"])
            for r in ("off", "on")
        ]
    )
    figs["q2_blind_scores"] = panels([
        CIBarChart(both, "where", "score", L["score_xlabel"], L["table_position"], "rule",
                   L["score_title"], ci=False),
    ], (7.5, 5.0))  # fmt: skip

    lis = tables["q2_listening"]
    lis = lis[lis["restriction"] == "on"]
    figs["q2_listening"] = panels([
        CIBarChart(lis.assign(where=where(lis)), "where", "gain", L["gain_xlabel"],
                   L["table_position"], title=L["gain_title"], ci=False),
    ])  # fmt: skip

    figs["q3_bots"] = panels([
        CIBarChart(tables["q3_bots"], "bot", "mean", L["bots_xlabel"], L["bot"],
                   title=L["bots_title"]),
        CILineChart(tables["q3_bots_by_size"], "cards", "score", "bot", L["size_xlabel"],
                    L["size_ylabel"], L["size_title"]),
    ])  # fmt: skip

    st = tables["q5_streaks"]
    figs["q5_streaks"] = panels([
        CIBarChart(st, "bot", "bonus_points", L["streak_xlabel"], L["bot"], "mode",
                   L["streak_title"]),
        CIBarChart(st[st["mode"] == "once"], "bot", "once_minus_every_five", L["once_xlabel"],
                   L["bot"], title=L["once_title"]),
    ])  # fmt: skip
    return figs
