"""Every number the Forehead Whist report's text quotes, read off its tables.

:func:`facts` turns the tables of :func:`~headcount_lab.analysis.whist.tables.compute` into a
:class:`WhistFacts`: plain numbers, exact fractions (as text), 95% intervals as
``(estimate, lo, hi)`` and the outcome of each comparison as a key (``"apart"`` /
``"overlap"``, ``"zero"`` / ``"other"``, ...) that picks a sentence of the text. No words here:
the text (:mod:`~headcount_lab.analysis.whist.text`) holds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from headcount_lab.analysis.whist.tables import (
    EXACT_PLAYERS,
    MAX_CARDS,
    OH_HELL_GAP,
    PLAYERS,
    excludes_zero,
    overlap,
    position_name,
    threshold_wins,
)
from headcount_lab.games.whist import blind_table

#: an estimate with its 95% interval
CI = tuple[float, float, float]


def row(df: pd.DataFrame, **where: Any) -> Any:
    """The one row of ``df`` with the given column values (``KeyError`` if not exactly one)."""
    sel = df
    for k, v in where.items():
        sel = sel[sel[k] == v]
    if len(sel) != 1:
        raise KeyError(f"expected one row for {where}, found {len(sel)}")
    return sel.iloc[0]


def ci(r: Any, col: str) -> CI:
    """The estimate in column ``col`` of row ``r`` with its interval (``col_lo``, ``col_hi``)."""
    return (r[col], r[f"{col}_lo"], r[f"{col}_hi"])


def sign_of(lo: float, hi: float) -> str:
    """``up`` / ``down`` when the interval lies above / below zero, else ``none``."""
    if lo > 0:
        return "up"
    if hi < 0:
        return "down"
    return "none"


@dataclass(frozen=True)
class DealerFacts:
    """Question 1: the dealer's gap, restriction on and off, and who deals what."""

    blind_on: CI
    blind_off: CI
    blind_effect: CI
    multi_lo: float
    multi_hi: float
    eight: str  # "zero": no effect detectable in the eight-card hands, else "other"
    match_on: CI
    match_off: CI
    one_card_effect: list[tuple[Any, CI]]  # (players, effect) by table size
    exact4_5: float
    exact4_10: float
    exact4_10_exact: str
    exact3_10: float
    exact3_10_exact: str
    where3: str  # "inside" / "outside" the published range
    distance3: float
    seen_on: CI
    seen_effect: CI
    seat0_sizes: str
    seat3_sizes: str
    spread: tuple[float, float]
    seat_order: str  # "apart": some seats' intervals do not overlap, else "overlap"
    table_loss: float
    gap_fall: float
    others: float


@dataclass(frozen=True)
class BlindTableFacts:
    """Question 2, one table size: exact blind bids, scores and the restriction's cost."""

    n: int
    lead_best: float
    lead_best_exact: str
    later_best: float
    later_best_exact: str
    lead_made: float
    lead_score: float
    lead_score_exact: str
    dealer_made_off: float
    dealer_made_on: float
    forced: float
    cost_exact: str
    cost: float


@dataclass(frozen=True)
class BlindFacts:
    """Question 2: blind one-card hands, exactly."""

    any_trump: str  # "zero": with a trump in sight bid 0 in every view, else "other"
    tables: list[BlindTableFacts]
    same_odds: str  # "same": every seat after the leader has the same odds, else "other"
    gains: list[tuple[str, Any, float, str]]  # (position, players, gain, exact)
    changed_max: float
    dealer_off: float
    dealer_on: float


@dataclass(frozen=True)
class BotFacts:
    """Question 3: the bot tournament."""

    order: list[tuple[str, str, str]]  # (bot, "apart" / "overlap", next bot)
    means: dict[str, CI]
    made: dict[str, float]
    losses: list[tuple[str, int, float, str]]  # (bot, hand size, points short, apart/overlap)
    blind_min: float
    blind_max: float


@dataclass(frozen=True)
class SeatFacts:
    """Question 4: seats relative to the first dealer."""

    real: list[tuple[Any, Any, CI]]  # (players, seat, lead) where the lead leaves out zero
    intervals: int
    lead: float
    players: Any
    seat: Any
    total_min: float
    total_max: float
    size: str  # "small" (under a point per match) or "large"


@dataclass(frozen=True)
class StreakFacts:
    """Question 5: streak bonuses by bot and by table size."""

    bots: list[dict[str, Any]]  # bot, plus, minus, net (CI), change (CI), verdict key
    by_players: list[tuple[Any, float]]  # (players, net bonus per seat and match)


@dataclass(frozen=True)
class TipFacts:
    """The tip chart (question 6)."""

    trump_seen_zero: bool
    no_trump: list[tuple[int, float, float, float]]  # (n, lead best, lead wins, later best)
    counts: list[tuple[int, int, int]]  # (wins needed, unseen cards, players)
    listen: list[tuple[int, float, float, float]]  # (n, after a 0, after a 1, gain)
    after_1_bid: int
    forced: float
    cost: float
    cost_exact: str
    worst_cards: int
    worst_effect: CI
    worst_made_off: float
    worst_made_on: float
    match_lo: float
    match_hi: float


@dataclass(frozen=True)
class WhistFacts:
    dealer: DealerFacts
    blind: BlindFacts
    bots: BotFacts
    seats: SeatFacts
    streaks: StreakFacts
    tips: TipFacts


def dealer_facts(t: dict[str, pd.DataFrame]) -> DealerFacts:
    gap, mgap, seats, dealer = (
        t["q1_dealer_gap"],
        t["q1_match_gap"],
        t["q1_q4_seats"],
        t["q2_blind_dealer"],
    )
    b4 = row(gap, players=4, one_card_blind=True, cards=1)
    s4 = row(gap, players=4, one_card_blind=False, cards=1)
    m4 = row(mgap, players=4, one_card_blind=True)
    multi = gap[gap["one_card_blind"] & gap["cards"].between(2, 7)]
    eight = gap[gap["one_card_blind"] & (gap["cards"] == MAX_CARDS)]
    eight_zero = bool((~(eight["effect_lo"] > 0) & ~(eight["effect_hi"] < 0)).all())
    ex3 = row(dealer, players=3, bonus=10)
    ex4 = row(dealer, players=4, bonus=10)
    ex4_5 = row(dealer, players=4, bonus=5)
    lo_pub, hi_pub = OH_HELL_GAP
    four = seats[seats["players"] == 4]
    table = four["restriction_effect"].sum()
    # per hand: dealer change d, each other seat o; table = sum(d) + (n-1) sum(o) and the gap
    # change = sum(d) - sum(o), so the non-dealers' total is (n-1)/n (table - gap change)
    others = (4 - 1) / 4 * (table - m4["effect"])
    disjoint = any(
        not overlap(
            (a["restriction_effect_lo"], a["restriction_effect_hi"]),
            (b["restriction_effect_lo"], b["restriction_effect_hi"]),
        )
        for _, a in four.iterrows()
        for _, b in four.iterrows()
    )
    return DealerFacts(
        blind_on=ci(b4, "gap_on"),
        blind_off=ci(b4, "gap_off"),
        blind_effect=ci(b4, "effect"),
        multi_lo=multi["effect"].min(),
        multi_hi=multi["effect"].max(),
        eight="zero" if eight_zero else "other",
        match_on=ci(m4, "gap_on"),
        match_off=ci(m4, "gap_off"),
        one_card_effect=[
            (r["players"], ci(r, "effect"))
            for _, r in gap[gap["one_card_blind"] & (gap["cards"] == 1)].iterrows()
        ],
        exact4_5=ex4_5["gap_on"],
        exact4_10=ex4["gap_on"],
        exact4_10_exact=ex4["gap_on_exact"],
        exact3_10=ex3["gap_on"],
        exact3_10_exact=ex3["gap_on_exact"],
        where3="inside" if lo_pub <= ex3["gap_on"] <= hi_pub else "outside",
        distance3=min(abs(ex3["gap_on"] - lo_pub), abs(ex3["gap_on"] - hi_pub)),
        seen_on=ci(s4, "gap_on"),
        seen_effect=ci(s4, "effect"),
        seat0_sizes=row(four, seat=0)["deals_sizes"],
        seat3_sizes=row(four, seat=3)["deals_sizes"],
        spread=(four["restriction_effect"].min(), four["restriction_effect"].max()),
        seat_order="apart" if disjoint else "overlap",
        table_loss=-table,
        gap_fall=-m4["effect"],
        others=others,
    )


def blind_facts(t: dict[str, pd.DataFrame]) -> BlindFacts:
    pos, scores, dealer, lis = (
        t["q2_blind_positions"],
        t["q2_blind_scores"],
        t["q2_blind_dealer"],
        t["q2_listening"],
    )
    tables = []
    for n in EXACT_PLAYERS:
        lead = row(pos, players=n, position=position_name(0, n), trumps_seen="none")
        sec = row(pos, players=n, position="2", trumps_seen="none")
        sc_lead = row(scores, players=n, bonus=5, position=position_name(0, n))
        sc_d = row(scores, players=n, bonus=5, position=position_name(n - 1, n))
        d = row(dealer, players=n, bonus=5)
        tables.append(
            BlindTableFacts(
                n=n,
                lead_best=lead["bid_1_best"],
                lead_best_exact=lead["bid_1_best_exact"],
                later_best=sec["bid_1_best"],
                later_best_exact=sec["bid_1_best_exact"],
                lead_made=sc_lead["made_on"],
                lead_score=sc_lead["score_on"],
                lead_score_exact=sc_lead["score_on_exact"],
                dealer_made_off=sc_d["made_off"],
                dealer_made_on=sc_d["made_on"],
                forced=d["forced_share"],
                cost_exact=d["dealer_cost_exact"],
                cost=d["dealer_cost"],
            )
        )
    any_trump = pos[pos["trumps_seen"] == "one or more"]
    same = all(
        pos[(pos["players"] == n) & (pos["position"] != position_name(0, n))]
        .groupby("trumps_seen")["p_win_exact"]
        .nunique()
        .eq(1)
        .all()
        for n in EXACT_PLAYERS
    )
    on = lis[lis["restriction"] == "on"]
    return BlindFacts(
        any_trump="zero" if (any_trump["bid_1_best"] == 0).all() else "other",
        tables=tables,
        same_odds="same" if same else "other",
        gains=[
            (r.position, r.players, r.gain, r.gain_exact)
            for r in on.itertuples()
            if r.position != position_name(0, r.players)
        ],
        changed_max=on["bid_changed_share"].max(),
        dealer_off=row(lis, players=4, restriction="off", position=position_name(3, 4))["gain"],
        dealer_on=row(lis, players=4, restriction="on", position=position_name(3, 4))["gain"],
    )


def bot_facts(t: dict[str, pd.DataFrame]) -> BotFacts:
    bots, by_size = t["q3_bots"], t["q3_bots_by_size"]
    ranked = bots.sort_values("mean", ascending=False).reset_index(drop=True)
    order = []
    for i in range(len(ranked) - 1):
        a, b = ranked.iloc[i], ranked.iloc[i + 1]
        sep = not overlap((a["mean_lo"], a["mean_hi"]), (b["mean_lo"], b["mean_hi"]))
        order.append((a["bot"], "apart" if sep else "overlap", b["bot"]))
    names = ("montecarlo", "heuristic", "random")
    losses = []
    for name in ("heuristic", "random"):
        rows = by_size[by_size["bot"] == name].set_index("cards")
        ref = by_size[by_size["bot"] == "montecarlo"].set_index("cards")
        short = (ref["per_match"] - rows["per_match"]).sort_values(ascending=False)
        k = int(short.index[0])
        sep = not overlap(
            (rows.loc[k, "per_match_lo"], rows.loc[k, "per_match_hi"]),
            (ref.loc[k, "per_match_lo"], ref.loc[k, "per_match_hi"]),
        )
        losses.append((name, k, short.iloc[0], "apart" if sep else "overlap"))
    blind_rows = by_size[by_size["cards"] == 1]
    return BotFacts(
        order=order,
        means={b: ci(row(bots, bot=b), "mean") for b in names},
        made={b: row(bots, bot=b)["made"] for b in names},
        losses=losses,
        blind_min=blind_rows["score"].min(),
        blind_max=blind_rows["score"].max(),
    )


def seat_facts(t: dict[str, pd.DataFrame]) -> SeatFacts:
    seats = t["q1_q4_seats"]
    real = seats[(seats["lead_lo"] > 0) | (seats["lead_hi"] < 0)]
    biggest = seats.loc[seats["lead"].abs().idxmax()]
    return SeatFacts(
        real=[(r.players, r.seat, (r.lead, r.lead_lo, r.lead_hi)) for r in real.itertuples()],
        intervals=len(seats),
        lead=biggest["lead"],
        players=biggest["players"],
        seat=biggest["seat"],
        total_min=seats["total"].min(),
        total_max=seats["total"].max(),
        size="small" if abs(biggest["lead"]) < 1 else "large",
    )


def streak_facts(t: dict[str, pd.DataFrame]) -> StreakFacts:
    streaks = t["q5_streaks"]
    bots = []
    for r in streaks[streaks["mode"] == "every_five"].itertuples():
        once = row(streaks, bot=r.bot, mode="once")
        change = ci(once, "once_minus_every_five")
        bots.append(
            {
                "bot": r.bot,
                "plus": r.plus_per_match,
                "minus": r.minus_per_match,
                "net": (r.bonus_points, r.bonus_points_lo, r.bonus_points_hi),
                "change": change,
                "verdict": sign_of(change[1], change[2]),
            }
        )
    byp = t["q5_streaks_by_players"]
    return StreakFacts(
        bots=bots, by_players=[(r.players, r.bonus_points) for r in byp.itertuples()]
    )


def tip_facts(t: dict[str, pd.DataFrame]) -> TipFacts:
    pos, dealer, gap, seats = (
        t["q2_blind_positions"],
        t["q2_blind_dealer"],
        t["q1_dealer_gap"],
        t["q1_q4_seats"],
    )
    any_trump = pos[pos["trumps_seen"] == "one or more"]
    no_trump = []
    for n in EXACT_PLAYERS:
        lead = row(pos, players=n, position=position_name(0, n), trumps_seen="none")
        other = row(pos, players=n, position="2", trumps_seen="none")
        no_trump.append((n, lead["bid_1_best"], lead["p_win"], other["bid_1_best"]))
    pat, lis = t["q2_listening_pattern"], t["q2_listening"]
    listen = []
    for n in EXACT_PLAYERS:
        p2 = pat[(pat["players"] == n) & (pat["position"] == "2") & ~pat["trump_seen"]]
        listen.append(
            (
                n,
                row(p2, leader_bid=0)["bid_1_share"],
                row(p2, leader_bid=1)["bid_1_share"],
                row(lis, players=n, restriction="on", position="2")["gain"],
            )
        )
    d4 = row(dealer, players=4, bonus=5)
    g4 = gap[(gap["players"] == 4) & gap["one_card_blind"] & (gap["cards"].between(2, 7))]
    worst = g4.loc[g4["effect"].idxmin()]
    s4 = seats[seats["players"] == 4]
    return TipFacts(
        trump_seen_zero=bool((any_trump["bid_1_best"] == 0).all()),
        no_trump=no_trump,
        counts=[(threshold_wins(n), blind_table.unseen(n), n) for n in PLAYERS],
        listen=listen,
        after_1_bid=1 if all(h[2] > 0.5 for h in listen) else 0,
        forced=d4["forced_share"],
        cost=d4["dealer_cost"],
        cost_exact=d4["dealer_cost_exact"],
        worst_cards=int(worst["cards"]),
        worst_effect=ci(worst, "effect"),
        worst_made_off=worst["dealer_made_off"],
        worst_made_on=worst["dealer_made_on"],
        match_lo=-s4["restriction_effect"].max(),
        match_hi=-s4["restriction_effect"].min(),
    )


def facts(tables: dict[str, pd.DataFrame]) -> WhistFacts:
    """Every number the report's text quotes, from its tables alone (so the same facts come
    from the CSV files read back)."""
    return WhistFacts(
        dealer=dealer_facts(tables),
        blind=blind_facts(tables),
        bots=bot_facts(tables),
        seats=seat_facts(tables),
        streaks=streak_facts(tables),
        tips=tip_facts(tables),
    )


__all__ = ["CI", "WhistFacts", "excludes_zero", "facts", "row", "sign_of"]
