"""Every number the Poohead report's text quotes, read off its tables.

:func:`facts` turns the tables of :func:`~headcount_lab.analysis.poohead.tables.compute` into
a :class:`~headcount_lab.core.report.Facts` per question: plain numbers, 95% intervals as
``(estimate, lo, hi)`` and the outcome of each comparison as a key (``"up"``, ``"down"``,
``"none"``) that picks a sentence of the text. No words here: ``[poohead]`` in
``headcount_lab/words/en.toml`` holds them.
"""

from __future__ import annotations

import pandas as pd

from headcount_lab.analysis.poohead.tables import (
    COMPETENT_TOPS,
    FLIPS,
    HOUSE_PLAYERS,
    MIN_TRIPLE_GAMES,
    NINE_RULE,
    PLAYERS,
)
from headcount_lab.core.report import CI as CI  # re-exported
from headcount_lab.core.report import Facts
from headcount_lab.core.report import estimate_of as ci
from headcount_lab.core.report import row as row  # re-exported
from headcount_lab.core.stats import sign_of

#: the top cards the text quotes (:data:`COMPETENT_TOPS`) by the word its sentences name them
#: with (``{p.facing[nine]}``: a digit in braces would be a list index)
TOPS = dict(zip(("eight", "nine", "jack", "ace"), COMPETENT_TOPS, strict=True))


def seat_facts(t: pd.DataFrame) -> Facts:
    """Question 1: ``rows`` (players, level, the start player's excess over the fair share, the
    seat doing best, its excess); ``cheap_plus_start``: "up" when starting hurts at every table
    size between cheap+ bots."""
    rows = []
    for (n, level), g in t.groupby(["players", "level"], sort=False):
        start = row(g, seat_from_starter=0)
        best = g.sort_values("p").iloc[0]
        rows.append(Facts(n=int(n), level=str(level), start=ci(start, "excess"),
                          best=int(best["seat_from_starter"]),
                          best_excess=ci(best, "excess")))  # fmt: skip
    hurts = all(sign_of(r.start) == "up" for r in rows if r.level == "cheap+")
    return Facts(rows=rows, cheap_plus_start="up" if hurts else "mixed")


def swap_facts(t: pd.DataFrame) -> Facts:
    """Question 2: ``rows`` (players, own, keep - own, random - own, random - keep)."""
    rows = []
    for n in PLAYERS:
        own = row(t, players=n, swap="own")
        keep = row(t, players=n, swap="keep")
        rnd = row(t, players=n, swap="random")
        rows.append(Facts(n=n, own=ci(own, "p"), keep=ci(keep, "vs_own"), rnd=ci(rnd, "vs_own"),
                          random_keep=ci(rnd, "vs_keep")))  # fmt: skip
    four = rows[-1]
    return Facts(rows=rows, keep_4=four.keep, random_vs_keep=sign_of(four.random_keep))


def faceup_facts(tri: pd.DataFrame, ranks: pd.DataFrame) -> Facts:
    """Question 3, 4 players: the best and worst triples (triple, P(Poohead), games), and
    P(Poohead) with one 10 or 3 face up and with none."""
    four = tri[(tri["players"] == HOUSE_PLAYERS) & (tri["games"] >= MIN_TRIPLE_GAMES)]
    best, worst = (
        [Facts(triple=r["triple"], rate=ci(r, "p"), games=int(r["games"])) for _, r in x.iterrows()]
        for x in (four.head(3), four.tail(3))
    )
    rk = ranks[ranks["players"] == HOUSE_PLAYERS]
    total = int(tri[tri["players"] == HOUSE_PLAYERS]["games"].sum())
    return Facts(
        best=best,
        worst=worst,
        ten_one=ci(row(rk, rank="10", copies_up=1), "p"),
        ten_none=ci(row(rk, rank="10", copies_up=0), "p"),
        three_one=ci(row(rk, rank="3", copies_up=1), "p"),
        three_none=ci(row(rk, rank="3", copies_up=0), "p"),
        games=total,
    )


def house_facts(t: pd.DataFrame) -> Facts:
    """Question 4: the flags whose games are the defaults' exactly (with these bots), and the
    real changes (``flag``, the difference ``value``) of game length, the capped share, the
    start player's P(Poohead) and the value of skill, largest first."""
    base = row(t, rules="defaults")
    flips = t[t["rules"].isin(FLIPS)]
    cols = ("turns_diff", "capped_diff", "starter_diff", "skill_diff")
    identical = [
        str(r["rules"])
        for _, r in flips.iterrows()
        if all(r[c] == 0 and r[f"{c}_lo"] == 0 and r[f"{c}_hi"] == 0 for c in cols)
    ]

    def real(col: str) -> list[Facts]:
        out = [
            Facts(flag=str(r["rules"]), value=ci(r, col))
            for _, r in flips.iterrows()
            if sign_of(ci(r, col)) != "none"
        ]
        return sorted(out, key=lambda x: -abs(x.value[0]))

    return Facts(
        identical=identical,
        longer=real("turns_diff"),
        stalls=real("capped_diff"),
        starter=real("starter_diff"),
        skill=real("skill_diff"),
        base_turns=float(base["mean_turns"]),
        base_skill=float(base["skill"]),
        base_starter=float(base["starter_p"]),
        games=int(base["games"]),
    )


def stall_facts(t: pd.DataFrame, pat: pd.DataFrame) -> Facts:
    """Question 5: the capped share (players, as dealt, with the house rule) by bot; the share
    of cheap's capped games that loop on a led 9 and of J-A among the stalled players' cards;
    ``left``: what the loops left by the house rule lead."""

    def pairs(bot: str) -> list[Facts]:
        return [
            Facts(
                n=n,
                dealt=ci(row(t, players=n, bot=bot, rules="defaults"), "p"),
                ruled=ci(row(t, players=n, bot=bot, rules=NINE_RULE), "p"),
            )
            for n in PLAYERS
        ]

    dealt = pat[(pat["bot"] == "cheap") & (pat["rules"] == "defaults")]
    nine = dealt[dealt["loop_rank"] == "9"]
    ruled = pat[(pat["bot"] == "cheap") & (pat["rules"] == NINE_RULE)]
    left = [Facts(rank=str(r["loop_rank"]), games=int(r["capped_games"]))
            for _, r in ruled.iterrows()]  # fmt: skip
    left.sort(key=lambda x: -x.games)
    return Facts(
        cheap=pairs("cheap"),
        cheap_plus=pairs("cheap+"),
        nine_effect_cheap_4=ci(
            row(t, players=HOUSE_PLAYERS, bot="cheap", rules=NINE_RULE), "vs_defaults"
        ),
        nine_loops=float(nine["share_of_capped"].sum()) if len(nine) else 0.0,
        held_high=float(dealt["held_high_share"].iloc[0]) if len(dealt) else 0.0,
        capped_games=int(dealt["capped_games"].sum()),
        left=left[:3],
        left_total=int(ruled["capped_games"].sum()),
        main_loop="nine" if len(nine) and float(nine["share_of_capped"].sum()) >= 0.5 else "other",
    )


def deal_facts(wild: pd.DataFrame, tenths: pd.DataFrame, vals: pd.DataFrame) -> Facts:
    """Question 6: ``rows`` (players, P(Poohead) with 0 wild cards dealt, 3+, 0 blind, 2+),
    the worst and best tenth of deals, and a 10 or 2 (visible, blind) against a 7."""
    rows = []
    for n in PLAYERS:
        d = wild[(wild["players"] == n) & (wild["where"] == "dealt")]
        b = wild[(wild["players"] == n) & (wild["where"] == "blind")]
        rows.append(Facts(n=n, none=_pooled(d, 0, 0), many=_pooled(d, 3, 9),
                          blind_none=_pooled(b, 0, 0), blind_many=_pooled(b, 2, 3)))  # fmt: skip
    ten = []
    for n in PLAYERS:
        tn = tenths[tenths["players"] == n]
        if len(tn) == 10:
            # tenth 1 holds the deals with the lowest forecast P(Poohead): the best ones
            ten.append(Facts(n=n, worst=ci(row(tn, tenth=10), "p"), best=ci(row(tn, tenth=1), "p")))
    v = vals[vals["players"] == HOUSE_PLAYERS]
    return Facts(
        rows=rows,
        tenths=ten,
        ten_visible=ci(row(v, where="visible", rank="10"), "effect"),
        ten_blind=ci(row(v, where="blind", rank="10"), "effect"),
        two_visible=ci(row(v, where="visible", rank="2"), "effect"),
        two_blind=ci(row(v, where="blind", rank="2"), "effect"),
    )


def _pooled(d: pd.DataFrame, lo: int, hi: int) -> CI:
    """P(Poohead) of the deals with ``lo`` to ``hi`` wild cards, with its Wilson interval."""
    from headcount_lab.analysis.poohead.tables import rate

    sel = d[(d["wild_cards"] >= lo) & (d["wild_cards"] <= hi)]
    g = int(sel["games"].sum())
    k = float((sel["p"] * sel["games"]).sum())
    r = rate(k, g)
    return (r["p"], r["lo"], r["hi"])


def nine_facts(forced: pd.DataFrame, vals: pd.DataFrame) -> Facts:
    """Question 7: the forced share facing each top card (4 players, rules as dealt), a
    visible 9 and 8 against a 7, and the sign of 9 minus 8 at 4 players."""
    f = forced[(forced["players"] == HOUSE_PLAYERS) & (forced["rules"] == "defaults")]
    facing = {word: ci(row(f, top=top), "forced_share") for word, top in TOPS.items()}
    with_rule = row(forced, players=HOUSE_PLAYERS, rules=NINE_RULE, top="9")
    nm8 = [Facts(n=n, value=ci(row(vals, players=n, where="visible", rank="9 minus 8"), "effect"))
           for n in PLAYERS]  # fmt: skip
    v = vals[vals["players"] == HOUSE_PLAYERS]
    return Facts(
        facing=facing,
        nine_with_rule=ci(with_rule, "forced_share"),
        nine_minus_eight=nm8,
        nine_effect=ci(row(v, where="visible", rank="9"), "effect"),
        eight_effect=ci(row(v, where="visible", rank="8"), "effect"),
        verdict=sign_of(nm8[-1].value),
    )


def competent_facts(t: pd.DataFrame) -> Facts:
    """The tips against the competent field (``q8_competent``, 4 players): its member, the
    games and swap deals and the measures the text quotes: the start player's excess and its
    sign, the capped share, the best seat, the forced pick-ups by top card, a visible 10, 9 and
    8 against a 7, the worst and best tenth of deals and what not swapping costs."""
    c = t[t["players"] == HOUSE_PLAYERS]
    m = {str(r["measure"]): ci(r, "value") for _, r in c.iterrows()}
    seats = c[c["measure"].str.fullmatch(r"seat_\d+_excess")]
    best = seats.sort_values("value").iloc[0]
    start = row(c, measure="seat_0_excess")
    return Facts(
        bot=str(start["bot"]),
        games=int(start["count"]),
        played=int(row(c, measure="capped_share")["count"]),
        start=m["seat_0_excess"],
        start_sign=sign_of(m["seat_0_excess"]),
        capped=m["capped_share"],
        best=int(str(best["measure"]).split("_")[1]),
        best_excess=ci(best, "value"),
        forced={word: m[f"forced_{top}"] for word, top in TOPS.items()},
        ten=m["visible_10_vs_7"],
        nine=m["visible_9_vs_7"],
        eight=m["visible_8_vs_7"],
        fitted=int(row(c, measure="visible_10_vs_7")["count"]),
        worst=m["worst_tenth"],
        best_tenth=m["best_tenth"],
        keep=m["swap_keep_vs_own"],
        keep_sign=sign_of(m["swap_keep_vs_own"]),
        keep_deals=int(row(c, measure="swap_keep_vs_own")["count"]),
    )


def facts(tables: dict[str, pd.DataFrame]) -> Facts:
    return Facts(
        competent=competent_facts(tables["q8_competent"]),
        seats=seat_facts(tables["q1_seats"]),
        swap=swap_facts(tables["q2_swap"]),
        faceup=faceup_facts(tables["q3_faceup_triples"], tables["q3_faceup_ranks"]),
        house=house_facts(tables["q4_house_rules"]),
        stalls=stall_facts(tables["q5_stalls"], tables["q5_stall_patterns"]),
        deal=deal_facts(
            tables["q6_wild_cards"], tables["q6_deal_tenths"], tables["q6_q7_rank_values"]
        ),
        nine=nine_facts(tables["q7_forced_pickups"], tables["q6_q7_rank_values"]),
    )
