"""Every number the Poohead report's text quotes, read off its tables.

:func:`facts` turns the tables of :func:`~headcount_lab.analysis.poohead.tables.compute` into
a :class:`PooheadFacts`: plain numbers, 95% intervals as ``(estimate, lo, hi)`` and the
outcome of each comparison as a key (``"up"``, ``"down"``, ``"none"``) that picks a sentence
of the text. No words here: ``[poohead]`` in ``headcount_lab/words/en.toml`` holds
them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from headcount_lab.analysis.poohead.tables import (
    FLIPS,
    HOUSE_PLAYERS,
    MIN_TRIPLE_GAMES,
    NINE_RULE,
    PLAYERS,
)
from headcount_lab.core.report import CI as CI  # re-exported
from headcount_lab.core.report import estimate_of as ci
from headcount_lab.core.report import row as row  # re-exported
from headcount_lab.core.stats import sign_of


@dataclass(frozen=True)
class SeatFacts:
    #: (players, level, the start player's excess over the fair share, the seat doing best,
    #: its excess)
    rows: list[tuple[int, str, CI, int, CI]]
    search_games: int
    cheap_plus_start: str  # "up" when starting hurts at every table size between cheap+ bots


@dataclass(frozen=True)
class SwapFacts:
    rows: list[tuple[int, CI, CI, CI, CI]]  # players, own, keep - own, random - own, random - keep
    keep_4: CI
    random_vs_keep: str  # sign of random - keep at 4 players


@dataclass(frozen=True)
class FaceupFacts:
    best: list[tuple[str, CI, int]]  # (triple, P(Poohead), games) at 4 players
    worst: list[tuple[str, CI, int]]
    ten_one: CI  # P(Poohead) with one 10 face up, 4 players
    ten_none: CI
    three_one: CI
    three_none: CI
    games: int


@dataclass(frozen=True)
class HouseFacts:
    identical: list[str]  # flags whose games are the defaults' exactly, with these bots
    longer: list[tuple[str, CI]]  # real changes of game length (turns)
    stalls: list[tuple[str, CI]]  # real changes of the capped share
    starter: list[tuple[str, CI]]  # real changes of the start player's P(Poohead)
    skill: list[tuple[str, CI]]  # real changes of the value of skill
    base_turns: float
    base_skill: float
    base_starter: float
    games: int


@dataclass(frozen=True)
class StallFacts:
    cheap: list[tuple[int, CI, CI]]  # players, capped share as dealt, with the house rule
    cheap_plus: list[tuple[int, CI, CI]]
    nine_effect_cheap_4: CI  # paired difference of the capped share, 4 players
    nine_loops: float  # share of cheap's capped games (as dealt) that loop on a led 9
    held_high: float  # share of J-A among the stalled players' cards in those games
    capped_games: int
    left: list[tuple[str, int]]  # with the house rule: what the remaining loops lead
    left_total: int
    main_loop: str  # "nine" when most of cheap's capped games loop on a led 9, else "other"


@dataclass(frozen=True)
class DealFacts:
    rows: list[tuple[int, CI, CI, CI, CI]]  # players, 0 wild dealt, 3+, 0 blind wild, 2+
    tenths: list[tuple[int, CI, CI]]  # players, worst tenth, best tenth
    ten_visible: CI  # effect of a visible 10 against a 7, 4 players
    ten_blind: CI
    two_visible: CI
    two_blind: CI


@dataclass(frozen=True)
class NineFacts:
    facing: dict[str, CI]  # forced share facing each top card, 4 players, rules as dealt
    nine_with_rule: CI
    nine_minus_eight: list[tuple[int, CI]]
    nine_effect: CI  # a visible 9 against a 7, 4 players
    eight_effect: CI
    verdict: str  # sign of nine minus eight at 4 players


@dataclass(frozen=True)
class PooheadFacts:
    seats: SeatFacts
    swap: SwapFacts
    faceup: FaceupFacts
    house: HouseFacts
    stalls: StallFacts
    deal: DealFacts
    nine: NineFacts


def seat_facts(t: pd.DataFrame) -> SeatFacts:
    rows = []
    for (n, level), g in t.groupby(["players", "level"], sort=False):
        start = row(g, seat_from_starter=0)
        best = g.sort_values("p").iloc[0]
        rows.append(
            (int(n), str(level), ci(start, "excess"), int(best["seat_from_starter"]),
             ci(best, "excess"))
        )  # fmt: skip
    plus = [r for r in rows if r[1] == "cheap+"]
    hurts = all(sign_of(r[2]) == "up" for r in plus)
    search = t[t["level"] == "pimc"]
    return SeatFacts(rows, int(search["games"].min()), "up" if hurts else "mixed")


def swap_facts(t: pd.DataFrame) -> SwapFacts:
    rows = []
    for n in PLAYERS:
        own = row(t, players=n, swap="own")
        keep = row(t, players=n, swap="keep")
        rnd = row(t, players=n, swap="random")
        rows.append((n, ci(own, "p"), ci(keep, "vs_own"), ci(rnd, "vs_own"), ci(rnd, "vs_keep")))
    four = rows[-1]
    return SwapFacts(rows, four[2], sign_of(four[4]))


def faceup_facts(tri: pd.DataFrame, ranks: pd.DataFrame) -> FaceupFacts:
    four = tri[(tri["players"] == HOUSE_PLAYERS) & (tri["games"] >= MIN_TRIPLE_GAMES)]
    best = [(r["triple"], ci(r, "p"), int(r["games"])) for _, r in four.head(3).iterrows()]
    worst = [(r["triple"], ci(r, "p"), int(r["games"])) for _, r in four.tail(3).iterrows()]
    rk = ranks[ranks["players"] == HOUSE_PLAYERS]
    total = int(tri[tri["players"] == HOUSE_PLAYERS]["games"].sum())
    return FaceupFacts(
        best,
        worst,
        ci(row(rk, rank="10", copies_up=1), "p"),
        ci(row(rk, rank="10", copies_up=0), "p"),
        ci(row(rk, rank="3", copies_up=1), "p"),
        ci(row(rk, rank="3", copies_up=0), "p"),
        total,
    )


def house_facts(t: pd.DataFrame) -> HouseFacts:
    base = row(t, rules="defaults")
    flips = t[t["rules"].isin(FLIPS)]
    cols = ("turns_diff", "capped_diff", "starter_diff", "skill_diff")
    identical = [
        str(r["rules"])
        for _, r in flips.iterrows()
        if all(r[c] == 0 and r[f"{c}_lo"] == 0 and r[f"{c}_hi"] == 0 for c in cols)
    ]

    def real(col: str) -> list[tuple[str, CI]]:
        out = [
            (str(r["rules"]), ci(r, col))
            for _, r in flips.iterrows()
            if sign_of(ci(r, col)) != "none"
        ]
        return sorted(out, key=lambda x: -abs(x[1][0]))

    return HouseFacts(
        identical,
        real("turns_diff"),
        real("capped_diff"),
        real("starter_diff"),
        real("skill_diff"),
        float(base["mean_turns"]),
        float(base["skill"]),
        float(base["starter_p"]),
        int(base["games"]),
    )


def stall_facts(t: pd.DataFrame, pat: pd.DataFrame) -> StallFacts:
    def pairs(bot: str) -> list[tuple[int, CI, CI]]:
        return [
            (
                n,
                ci(row(t, players=n, bot=bot, rules="defaults"), "p"),
                ci(row(t, players=n, bot=bot, rules=NINE_RULE), "p"),
            )
            for n in PLAYERS
        ]

    dealt = pat[(pat["bot"] == "cheap") & (pat["rules"] == "defaults")]
    nine = dealt[dealt["loop_rank"] == "9"]
    ruled = pat[(pat["bot"] == "cheap") & (pat["rules"] == NINE_RULE)]
    left = [(str(r["loop_rank"]), int(r["capped_games"])) for _, r in ruled.iterrows()]
    left.sort(key=lambda x: -x[1])
    return StallFacts(
        pairs("cheap"),
        pairs("cheap+"),
        ci(row(t, players=HOUSE_PLAYERS, bot="cheap", rules=NINE_RULE), "vs_defaults"),
        float(nine["share_of_capped"].sum()) if len(nine) else 0.0,
        float(dealt["held_high_share"].iloc[0]) if len(dealt) else 0.0,
        int(dealt["capped_games"].sum()),
        left[:3],
        int(ruled["capped_games"].sum()),
        "nine" if len(nine) and float(nine["share_of_capped"].sum()) >= 0.5 else "other",
    )


def deal_facts(wild: pd.DataFrame, tenths: pd.DataFrame, vals: pd.DataFrame) -> DealFacts:
    rows = []
    for n in PLAYERS:
        d = wild[(wild["players"] == n) & (wild["where"] == "dealt")]
        b = wild[(wild["players"] == n) & (wild["where"] == "blind")]
        rows.append((n, _pooled(d, 0, 0), _pooled(d, 3, 9), _pooled(b, 0, 0), _pooled(b, 2, 3)))
    ten = []
    for n in PLAYERS:
        tn = tenths[tenths["players"] == n]
        if len(tn) == 10:
            # tenth 1 holds the deals with the lowest forecast P(Poohead): the best ones
            ten.append((n, ci(row(tn, tenth=10), "p"), ci(row(tn, tenth=1), "p")))
    v = vals[vals["players"] == HOUSE_PLAYERS]
    return DealFacts(
        rows,
        ten,
        ci(row(v, where="visible", rank="10"), "effect"),
        ci(row(v, where="blind", rank="10"), "effect"),
        ci(row(v, where="visible", rank="2"), "effect"),
        ci(row(v, where="blind", rank="2"), "effect"),
    )


def _pooled(d: pd.DataFrame, lo: int, hi: int) -> CI:
    """P(Poohead) of the deals with ``lo`` to ``hi`` wild cards, with its Wilson interval."""
    from headcount_lab.analysis.poohead.tables import rate

    sel = d[(d["wild_cards"] >= lo) & (d["wild_cards"] <= hi)]
    g = int(sel["games"].sum())
    k = float((sel["p"] * sel["games"]).sum())
    r = rate(k, g)
    return (r["p"], r["lo"], r["hi"])


def nine_facts(forced: pd.DataFrame, vals: pd.DataFrame) -> NineFacts:
    f = forced[(forced["players"] == HOUSE_PLAYERS) & (forced["rules"] == "defaults")]
    facing = {str(r["top"]): ci(r, "forced_share") for _, r in f.iterrows()}
    with_rule = row(forced, players=HOUSE_PLAYERS, rules=NINE_RULE, top="9")
    nm8 = [
        (n, ci(row(vals, players=n, where="visible", rank="9 minus 8"), "effect")) for n in PLAYERS
    ]
    v = vals[vals["players"] == HOUSE_PLAYERS]
    return NineFacts(
        facing,
        ci(with_rule, "forced_share"),
        nm8,
        ci(row(v, where="visible", rank="9"), "effect"),
        ci(row(v, where="visible", rank="8"), "effect"),
        sign_of(nm8[-1][1]),
    )


def facts(tables: dict[str, pd.DataFrame]) -> PooheadFacts:
    return PooheadFacts(
        seat_facts(tables["q1_seats"]),
        swap_facts(tables["q2_swap"]),
        faceup_facts(tables["q3_faceup_triples"], tables["q3_faceup_ranks"]),
        house_facts(tables["q4_house_rules"]),
        stall_facts(tables["q5_stalls"], tables["q5_stall_patterns"]),
        deal_facts(tables["q6_wild_cards"], tables["q6_deal_tenths"], tables["q6_q7_rank_values"]),
        nine_facts(tables["q7_forced_pickups"], tables["q6_q7_rank_values"]),
    )
