"""Charts of the Poohead report, each built from a tidy table with ``.plot(ax=None)``.

Two shapes serve every question: :class:`LineChart` (the platform's
:class:`~headcount_lab.core.charts.CILineChart`: an estimate against a numeric or categorical
x, one line per group) and :class:`~headcount_lab.core.charts.DotChart` (one labelled row per
estimate). Both draw the 95% intervals of the columns ``{y}_lo`` and ``{y}_hi`` (or
``lo``/``hi`` next to ``p``) as error bars, in the platform's one style
(:mod:`headcount_lab.core.charts`); the labels come from the report's text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from headcount_lab.core.charts import CILineChart, DotChart, panels


@dataclass(frozen=True)
class LineChart(CILineChart):
    """The platform's line chart as this report draws it: groups in table order, points of
    neighbouring groups closer together, whole-number ticks on a numeric x."""

    sort_groups: bool = False
    spread: float = 0.06
    integer_x: bool = True


#: the size of one panel of most charts, in inches
PANEL = (5.2, 4.2)


def _by_players(
    data: pd.DataFrame, x: str, y: str, xlabel: str, ylabel: str, w: dict[str, Any]
) -> LineChart:
    """``y`` against ``x``, one line per table size, with no reference line."""
    label = w["players_label"]
    return LineChart(data, x, y, "players", xlabel, ylabel, group_label=label, ref=None)


def charts(tables: dict[str, pd.DataFrame], words: dict[str, Any]) -> dict[str, Any]:
    """Every chart of the report as a figure, by file stem; ``words`` is the text's
    ``charts`` dictionary."""
    from headcount_lab.analysis.poohead.tables import HOUSE_PLAYERS, MIN_TRIPLE_GAMES, PLAYERS

    w = words
    out: dict[str, Any] = {}
    seats = tables["q1_seats"]
    out["q1_seats"] = panels(
        [
            LineChart(
                seats[seats["players"] == n],
                "seat_from_starter",
                "excess",
                "level",
                w["seat"],
                w["excess"],
                w["players"].format(n=n),
            )
            for n in PLAYERS
        ],
        PANEL,
    )
    swap = tables["q2_swap"]
    out["q2_swap"] = panels(
        [
            LineChart(
                swap[swap["swap"] != "own"],
                "players",
                "vs_own",
                "swap",
                w["players_axis"],
                w["vs_own"],
                w["swap_title"],
                group_label=w["swap_label"],
            )
        ],
        size=(6.4, 4.2),
    )
    tri = tables["q3_faceup_triples"]
    four = tri[(tri["players"] == HOUSE_PLAYERS) & (tri["games"] >= MIN_TRIPLE_GAMES)]
    ends = pd.concat([four.head(12), four.tail(12)])
    ranks = tables["q3_faceup_ranks"]
    one = ranks[(ranks["players"] == HOUSE_PLAYERS) & (ranks["copies_up"] == 1)]
    out["q3_faceup"] = panels(
        [
            DotChart(ends, "triple", "p", w["p_poohead"], w["triples_title"], ref=None),
            DotChart(one, "rank", "p", w["p_poohead"], w["rank_up_title"], ref=None),
        ],
        size=(5.2, 7.5),
    )
    house = tables["q4_house_rules"]
    flips = house[house["rules"] != "defaults"]
    out["q4_house_rules"] = panels(
        [
            DotChart(flips, "rules", "turns_diff", w["turns_diff"]),
            DotChart(flips, "rules", "capped_diff", w["capped_diff"], scale=10_000),
            DotChart(flips, "rules", "starter_diff", w["starter_diff"], scale=100),
            DotChart(flips, "rules", "skill_diff", w["skill_diff"], scale=100),
        ],
        size=(4.4, 6.0),
    )
    st = tables["q5_stalls"].copy()
    st["setup"] = st["players"].astype(str) + " × " + st["bot"]
    out["q5_stalls"] = panels(
        [
            DotChart(
                st,
                "setup",
                "p",
                w["capped_per_10000"],
                w["stalls_title"],
                group="rules",
                scale=10_000,
            )
        ],  # fmt: skip
        size=(6.4, 5.0),
    )
    wild = tables["q6_wild_cards"]
    wild = wild[wild["games"] >= MIN_TRIPLE_GAMES]
    # the chance of being the poohead against what the deal gave, one line per table size
    deal = [(wild[wild["where"] == where], "wild_cards", w[f"wild_{where}"])
            for where in ("dealt", "blind")]  # fmt: skip
    deal.append((tables["q6_deal_tenths"], "tenth", w["tenth"]))
    out["q6_deal"] = panels(
        [_by_players(data, x, "p", xlabel, w["p_poohead"], w) for data, x, xlabel in deal], PANEL
    )
    forced = tables["q7_forced_pickups"]
    dealt = forced[forced["rules"] == "defaults"]
    vals = tables["q6_q7_rank_values"]
    vis = vals[(vals["players"] == HOUSE_PLAYERS) & (vals["where"] == "visible")]
    out["q7_nine"] = panels(
        [
            _by_players(dealt, "top", "forced_share", w["top_card"], w["forced_share"], w),
            DotChart(vis, "rank", "effect", w["rank_effect"], w["rank_effect_title"], scale=100),
        ],
        size=(6.0, 4.8),
    )
    return out
