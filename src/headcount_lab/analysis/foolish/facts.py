"""The numbers the Foolish Faces report's text quotes, as facts read from its tables.

Every field is read from a table (never computed a second way), so the text and the CSV files
cannot disagree. ``CI`` is ``(estimate, low, high)`` of a 95% interval.
"""

from __future__ import annotations

import pandas as pd

from headcount_lab.analysis.foolish.tables import ROLE_NAMES
from headcount_lab.core.report import CI as CI  # re-exported
from headcount_lab.core.report import Facts, row
from headcount_lab.core.report import estimate_of as _ci


def _positions(table: pd.DataFrame, n: int) -> list[CI]:
    """Round score minus the table's by position after the start player (0 first)."""
    return [
        _ci(r, "minus_table")
        for _, r in table[table["players"] == n].sort_values("position").iterrows()
    ]


def _by(table: pd.DataFrame, key: str, col: str) -> dict[str, CI]:
    """The estimate ``col`` of each row of ``table``, by the row's ``key``."""
    return {str(r[key]): _ci(r, col) for _, r in table.iterrows()}


def player_facts(t: dict[str, pd.DataFrame], n: int) -> Facts:
    """One player count's facts (``rules`` bots unless named): by bot level the Lone Fool
    minus the Court (``gap``) and the fair multiplier; the share without a trick under 5x and
    10x (first and last round, same stake), the ducking plan's gain, scores by role, positions
    (minus the table, after the start player), seats' win shares, card values, the devices' gain
    by seat 0's role, Jokers played face up by Fool role, Party Crasher (``pc_lead``: the Lone
    Fool's lead over a Court player, on minus off); ``competent_*``: the same figures played by
    the committed competent field in every seat (the ``*competent*`` tables of questions 1, 3,
    4 and 5)."""
    lone = t["q1_lone_fool"][t["q1_lone_fool"]["players"] == n]
    levels = list(lone["bots"])
    nt = t["q2_no_tricks"][t["q2_no_tricks"]["players"] == n]
    first, last = row(nt, round=1), row(nt, round=n)
    duck = t["q2_ducking"][t["q2_ducking"]["players"] == n]
    roles = row(t["q3_roles"], players=n, bots="rules")
    croles = row(t["q3_competent_roles"], players=n)
    seats = t["q4_seats"][t["q4_seats"]["players"] == n].sort_values("seat")
    cards = t["q5_cards"][(t["q5_cards"]["players"] == n) & (t["q5_cards"]["bots"] == "rules")]
    ccards = t["q5_competent_cards"][t["q5_competent_cards"]["players"] == n]
    dev = t["q6_devices"][t["q6_devices"]["players"] == n]
    jok = t["q6_jokers"][t["q6_jokers"]["players"] == n]
    pc = row(t["q7_party_crasher"], players=n)
    chk = row(t["q1_check"], players=n)
    comp = row(t["q1_competent"], players=n)
    return Facts(
        players=n,
        multiplier=int(lone["multiplier"].iloc[0]),
        gap={lv: _ci(row(lone, bots=lv), "lone_minus_court") for lv in levels},
        fair={lv: _ci(row(lone, bots=lv), "fair_multiplier") for lv in levels},
        lone_rounds={lv: int(row(lone, bots=lv)["lone_rounds"]) for lv in levels},
        check_multiplier=int(chk["multiplier"]),
        check_gap=_ci(chk, "lone_minus_court"),
        competent_gap=_ci(comp, "lone_minus_court"),
        competent_fair=_ci(comp, "fair_multiplier"),
        competent_rounds=int(comp["rounds"]),
        no_trick_first=(_ci(first, "no_trick_5"), _ci(first, "no_trick_10")),
        no_trick_last=(_ci(last, "no_trick_5"), _ci(last, "no_trick_10")),
        no_trick_diff=(float(nt["difference"].min()), float(nt["difference"].max())),
        same_stake=[
            Facts(
                stake=int(a["at_stake_5"]),
                share_5=_ci(a, "no_trick_5"),
                share_10=_ci(b, "no_trick_10"),
            )  # fmt: skip
            for _, a in nt.iterrows()
            for _, b in nt.iterrows()
            if a["at_stake_5"] == b["at_stake_10"]
        ],
        king_first=(float(nt["king_first_5"].mean()), float(nt["king_first_10"].mean())),
        duck_last=(
            _ci(row(duck, bonus=5, round=n), "gain"),
            _ci(row(duck, bonus=10, round=n), "gain"),
        ),
        duck_first_10=_ci(row(duck, bonus=10, round=1), "gain"),
        roles={r: _ci(roles, r) for r in ROLE_NAMES},
        pair_minus_court=_ci(roles, "two_fools_minus_court"),
        lone_share=_ci(roles, "lone_share"),
        lone_exact=str(roles["lone_share_exact_fraction"]),
        positions=_positions(t["q4_positions"], n),
        win_shares=[_ci(r, "win_share") for _, r in seats.iterrows()],
        cards=_by(cards, "card", "value"),
        competent_pair=_ci(croles, "two_fools_minus_court"),
        competent_positions=_positions(t["q4_competent_positions"], n),
        competent_cards=_by(ccards, "card", "value"),
        oracle=_by(dev[dev["device"] == "oracle"], "seat0_role", "gain"),
        joker_down=_by(dev[dev["device"] == "joker_down"], "seat0_role", "gain"),
        face_up=_by(jok, "role", "share_face_up"),
        pc_available=_ci(pc, "available"),
        pc_used=_ci(pc, "used"),
        pc_lone=_ci(pc, "lone_gain"),
        pc_court=_ci(pc, "court_gain"),
        pc_lead=_ci(pc, "lead_gain"),
    )


def facts(t: dict[str, pd.DataFrame]) -> Facts:
    """The facts of each player count, the ladder's rungs (games needed: the estimate, from
    the interval's upper and lower end) and the bot levels."""
    players = sorted(int(n) for n in t["q1_lone_fool"]["players"].unique())
    rungs = [
        Facts(
            stronger=str(r["stronger"]),
            weaker=str(r["weaker"]),
            games=int(r["games"]),
            win_lead=_ci(r, "win_share_lead"),
            score_lead=_ci(r, "score_lead"),
            need_win=_ci(r, "win_share_games_needed"),
            need_score=_ci(r, "score_games_needed"),
        )
        for _, r in t["q8_luck"].iterrows()
    ]
    levels = list(dict.fromkeys(t["q1_lone_fool"]["bots"]))
    return Facts(players={n: player_facts(t, n) for n in players}, rungs=rungs, levels=levels)
