"""Charts of the Foolish Faces report, drawn from its tables by the platform's chart objects.

The line and bar charts with 95% intervals are the platform's (:mod:`headcount_lab.core.
charts`), the ones the Forehead Whist report draws; labels come from the report's text.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from headcount_lab.core.charts import (
    PALETTE,
    CIBarChart,
    CILineChart,
    finish_axes,
    new_axes,
    panels,
    stacked,
    styled,
)


def _whole(v: Any) -> Any:
    """A whole number read back as a float (rows of mixed columns) prints as an integer."""
    return int(v) if isinstance(v, float) and v.is_integer() else v


def _label(df: pd.DataFrame, fmt: str, cols: list[str]) -> pd.Series:
    return df.apply(lambda r: fmt.format(*(_whole(r[c]) for c in cols)), axis=1)


def games_needed_chart(df: pd.DataFrame, L: dict[str, str], ax: Any) -> Any:
    """Games needed per rung (log scale), the interval from the lead's interval (an open end,
    where the lead's interval reaches zero, drawn as an arrow to the axis' end)."""
    with styled():
        cats = list(_label(df, L["rung"], ["stronger", "weaker"]))
        for i, (col, name) in enumerate((("win_share", L["by_win"]), ("score", L["by_score"]))):
            y = df[f"{col}_games_needed"].to_numpy(dtype=float)
            lo = df[f"{col}_games_needed_lo"].to_numpy(dtype=float)
            hi = df[f"{col}_games_needed_hi"].to_numpy(dtype=float)
            top = 10 ** np.ceil(np.log10(max(np.nanmax(np.where(np.isfinite(hi), hi, y)), 10) * 3))
            hi = np.where(np.isfinite(hi), hi, top)
            pos = np.arange(len(cats)) + (i - 0.5) * 0.4
            ax.barh(
                pos,
                y,
                height=0.36,
                xerr=[np.clip(y - lo, 0, None), np.clip(hi - y, 0, None)],
                color=PALETTE[i],
                capsize=3,
                label=name,
            )
        ax.set_xscale("log")
        ax.set_yticks(range(len(cats)), cats)
        ax.invert_yaxis()
        return finish_axes(ax, L["games_needed"], "", L["luck_title"], "best")


def _setup(df: pd.DataFrame, fmt: str, *cols: str) -> pd.DataFrame:
    """``df`` with the column ``setup``: ``fmt`` filled from each row's ``cols``."""
    return df.assign(setup=_label(df, fmt, list(cols)))


def charts(tables: dict[str, pd.DataFrame], L: dict[str, str]) -> dict[str, Any]:
    """The report's figures by file stem; ``L``: labels and titles in the report's language."""
    figs: dict[str, Any] = {}
    roles = {"lone_fool": L["lone_fool"], "two_fool_member": L["two_fool"], "court": L["court"]}

    # q1: the Lone Fool minus the Court by multiplier, and at the rules' multiplier
    m = tables["q1_multipliers"]
    m = _setup(m[m["bots"] != "pimc"], L["setup"], "players", "bots")
    lone = _setup(tables["q1_lone_fool"], L["setup"], "players", "bots")
    figs["q1_lone_fool"] = panels([
        CILineChart(m, "multiplier", "lone_minus_court", "setup", L["multiplier"], L["gap"],
                    L["q1_left"]),
        CIBarChart(lone, "setup", "lone_minus_court", L["gap"], "", title=L["q1_right"]),
    ])  # fmt: skip

    # q2: no trick by round, 5x and 10x; the ducking plan's gain
    nt = tables["q2_no_tricks"]
    nt_long = stacked(nt, {"no_trick_5": "5", "no_trick_10": "10"}, ["players", "round"], "share")
    nt_long = _setup(nt_long, L["bonus_setup"], "players", "what")
    duck = _setup(tables["q2_ducking"], L["bonus_setup"], "players", "bonus")
    figs["q2_no_tricks"] = panels([
        CILineChart(nt_long, "round", "share", "setup", L["round"], L["no_trick"], L["q2_left"],
                    ref=None),
        CILineChart(duck, "round", "gain", "setup", L["round"], L["duck_gain"], L["q2_right"]),
    ])  # fmt: skip

    # q3: mean round score by role
    rl = stacked(tables["q3_roles"], roles, ["players", "bots"], "score")
    rl = _setup(rl, L["setup"], "players", "bots")
    figs["q3_roles"] = panels(
        [CIBarChart(rl, "setup", "score", L["round_score"], "", "what", L["q3_title"])]
    )

    # q4: positions after the start player, and seats in whole games
    pos = tables["q4_positions"]
    seats = tables["q4_seats"].assign(
        lead=lambda d: d["win_share"] - d["fair_share"],
        lead_lo=lambda d: d["win_share_lo"] - d["fair_share"],
        lead_hi=lambda d: d["win_share_hi"] - d["fair_share"],
    )
    figs["q4_seats"] = panels([
        CILineChart(pos, "position", "minus_table", "players", L["position"], L["minus_table"],
                    L["q4_left"], L["players"]),
        CILineChart(seats, "seat", "lead", "players", L["seat"], L["win_lead"], L["q4_right"],
                    L["players"]),
    ])  # fmt: skip

    # q5: card values
    cards = _setup(tables["q5_cards"], L["setup"], "players", "bots")
    figs["q5_cards"] = panels(
        [CIBarChart(cards, "card", "value", L["card_value"], "", "setup", L["q5_title"])]
    )

    # q6: what the devices change for seat 0
    dev = tables["q6_devices"]
    dev = dev[dev["seat0_role"] != "all"].assign(
        device=lambda d: d["device"].map({"oracle": L["oracle"], "joker_down": L["joker_down"]}),
        role=lambda d: d["seat0_role"].map(roles),
    )
    dev = _setup(dev, L["device_setup"], "players", "device")
    figs["q6_devices"] = panels(
        [CIBarChart(dev, "role", "gain", L["device_gain"], "", "setup", L["q6_title"])]
    )

    # q7: Party Crasher on minus off
    gains = {"lone_gain": L["lone_fool"], "court_gain": L["court"]}
    pc = stacked(tables["q7_party_crasher"], gains, ["players"], "gain")
    pc = _setup(pc, L["players"], "players")
    figs["q7_party_crasher"] = panels(
        [CIBarChart(pc, "setup", "gain", L["pc_gain"], "", "what", L["q7_title"])]
    )

    # q8: games needed
    fig, ax = new_axes()
    games_needed_chart(tables["q8_luck"], L, ax)
    figs["q8_luck"] = fig
    return figs
