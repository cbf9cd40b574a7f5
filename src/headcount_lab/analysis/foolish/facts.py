"""The numbers the Foolish Faces report's text quotes, as typed facts read from its tables.

Every field is read from a table (never computed a second way), so the text and the CSV files
cannot disagree. ``CI`` is ``(estimate, low, high)`` of a 95% interval.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from headcount_lab.core.report import CI as CI  # re-exported
from headcount_lab.core.report import estimate_of as _ci
from headcount_lab.core.report import row


@dataclass(frozen=True)
class PlayerFacts:
    """One player count's facts (``rules`` bots unless named)."""

    players: int
    multiplier: int
    gap: dict[str, CI]  # the Lone Fool minus the Court, by bot level
    fair: dict[str, CI]  # the fair multiplier, by bot level
    lone_rounds: dict[str, int]
    check_multiplier: int
    check_gap: CI
    no_trick_first: tuple[CI, CI]  # round 1: share without a trick under 5x, 10x
    no_trick_last: tuple[CI, CI]  # the last round
    no_trick_diff: tuple[float, float]  # the smallest and largest paired difference by round
    same_stake: list[tuple[int, CI, CI]]  # points at stake, share without a trick 5x, 10x
    king_first: tuple[float, float]  # share of players whose first trick a King gave, 5x, 10x
    duck_last: tuple[CI, CI]  # the ducking plan's gain in the last round, 5x and 10x
    duck_first_10: CI
    roles: dict[str, CI]  # mean round score by role
    pair_minus_court: CI
    lone_share: CI
    lone_exact: str
    positions: list[CI]  # minus the table, by position after the start player
    win_shares: list[CI]  # whole games from seat 0, by seat
    cards: dict[str, CI]
    oracle: dict[str, CI]  # gain by seat 0's role ("all" too)
    joker_down: dict[str, CI]
    face_up: dict[str, CI]  # share of Jokers played face up, by Fool role
    pc_available: CI
    pc_used: CI
    pc_lone: CI
    pc_court: CI
    pc_lead: CI  # the Lone Fool's lead over a Court player: on minus off


@dataclass(frozen=True)
class Rung:
    stronger: str
    weaker: str
    games: int
    win_lead: CI
    score_lead: CI
    need_win: CI  # games needed: estimate, from the interval's upper and lower end
    need_score: CI


@dataclass(frozen=True)
class FoolishFacts:
    players: dict[int, PlayerFacts]
    rungs: list[Rung]
    levels: list[str]


def player_facts(t: dict[str, pd.DataFrame], n: int) -> PlayerFacts:
    lone = t["q1_lone_fool"][t["q1_lone_fool"]["players"] == n]
    levels = list(lone["bots"])
    nt = t["q2_no_tricks"][t["q2_no_tricks"]["players"] == n]
    first, last = row(nt, round=1), row(nt, round=n)
    duck = t["q2_ducking"][t["q2_ducking"]["players"] == n]
    roles = row(t["q3_roles"], players=n, bots="rules")
    pos = t["q4_positions"][t["q4_positions"]["players"] == n].sort_values("position")
    seats = t["q4_seats"][t["q4_seats"]["players"] == n].sort_values("seat")
    cards = t["q5_cards"][(t["q5_cards"]["players"] == n) & (t["q5_cards"]["bots"] == "rules")]
    dev = t["q6_devices"][t["q6_devices"]["players"] == n]
    jok = t["q6_jokers"][t["q6_jokers"]["players"] == n]
    pc = row(t["q7_party_crasher"], players=n)
    chk = row(t["q1_check"], players=n)
    return PlayerFacts(
        players=n,
        multiplier=int(lone["multiplier"].iloc[0]),
        gap={lv: _ci(row(lone, bots=lv), "lone_minus_court") for lv in levels},
        fair={lv: _ci(row(lone, bots=lv), "fair_multiplier") for lv in levels},
        lone_rounds={lv: int(row(lone, bots=lv)["lone_rounds"]) for lv in levels},
        check_multiplier=int(chk["multiplier"]),
        check_gap=_ci(chk, "lone_minus_court"),
        no_trick_first=(_ci(first, "no_trick_5"), _ci(first, "no_trick_10")),
        no_trick_last=(_ci(last, "no_trick_5"), _ci(last, "no_trick_10")),
        no_trick_diff=(float(nt["difference"].min()), float(nt["difference"].max())),
        same_stake=[
            (int(a["at_stake_5"]), _ci(a, "no_trick_5"), _ci(b, "no_trick_10"))
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
        roles={r: _ci(roles, r) for r in ("lone_fool", "two_fool_member", "court")},
        pair_minus_court=_ci(roles, "two_fools_minus_court"),
        lone_share=_ci(roles, "lone_share"),
        lone_exact=str(roles["lone_share_exact_fraction"]),
        positions=[_ci(r, "minus_table") for _, r in pos.iterrows()],
        win_shares=[_ci(r, "win_share") for _, r in seats.iterrows()],
        cards={str(r["card"]): _ci(r, "value") for _, r in cards.iterrows()},
        oracle={
            str(r["seat0_role"]): _ci(r, "gain")
            for _, r in dev[dev["device"] == "oracle"].iterrows()
        },
        joker_down={
            str(r["seat0_role"]): _ci(r, "gain")
            for _, r in dev[dev["device"] == "joker_down"].iterrows()
        },
        face_up={str(r["role"]): _ci(r, "share_face_up") for _, r in jok.iterrows()},
        pc_available=_ci(pc, "available"),
        pc_used=_ci(pc, "used"),
        pc_lone=_ci(pc, "lone_gain"),
        pc_court=_ci(pc, "court_gain"),
        pc_lead=_ci(pc, "lead_gain"),
    )


def facts(t: dict[str, pd.DataFrame]) -> FoolishFacts:
    players = sorted(int(n) for n in t["q1_lone_fool"]["players"].unique())
    rungs = [
        Rung(
            str(r["stronger"]),
            str(r["weaker"]),
            int(r["games"]),
            _ci(r, "win_share_lead"),
            _ci(r, "score_lead"),
            _ci(r, "win_share_games_needed"),
            _ci(r, "score_games_needed"),
        )
        for _, r in t["q8_luck"].iterrows()
    ]
    levels = list(dict.fromkeys(t["q1_lone_fool"]["bots"]))
    return FoolishFacts({n: player_facts(t, n) for n in players}, rungs, levels)
