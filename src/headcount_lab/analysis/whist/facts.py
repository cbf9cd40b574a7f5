"""Every number the Forehead Whist report's text quotes, read off its tables.

:func:`facts` turns the tables of :func:`~headcount_lab.analysis.whist.tables.compute` into
:class:`~headcount_lab.core.report.Facts`, one per question: rows of the tables that the text
quotes by column (:class:`~headcount_lab.core.report.RowFacts`: an estimate with its 95%
interval as ``(estimate, lo, hi)``, exact fractions as text), spans of a column and the outcome
of each comparison as a key (``"apart"`` / ``"overlap"``, ``"zero"`` / ``"other"``, ...) that
picks a sentence of the text. No words here: the text (``[whist]`` in
``headcount_lab/words/<lang>.toml``) holds them.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pandas as pd

from headcount_lab.analysis.whist.tables import (
    CARD_ONLY_BOT,
    EXACT_PLAYERS,
    LEADER,
    LISTENING_BOT,
    MAX_CARDS,
    PLAYERS,
    position_name,
    threshold_wins,
)
from headcount_lab.core.report import Facts, quote, row, rows_quoted
from headcount_lab.core.report import estimate_of as ci
from headcount_lab.core.stats import apart, sign_of
from headcount_lab.games.whist import blind_table


def _span(df: pd.DataFrame, col: str = "restriction_effect", sign: int = 1) -> tuple[Any, Any]:
    """The least and the greatest of column ``col`` (each times ``sign``)."""
    lo, hi = sign * df[col].min(), sign * df[col].max()
    return (lo, hi) if sign > 0 else (hi, lo)


def _of(df: pd.DataFrame, players: int) -> pd.DataFrame:
    return df[df["players"] == players]


def competent_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 1 with the competent field of 4 players (the stored paired run): the span of
    the change of a seat's match total (``seats``; ``cost``: the loss, negated) and who pays."""
    seats = t["q1_competent_seats"]
    return Facts(
        bot=str(seats["bot"].iloc[0]),
        command=str(seats["command"].iloc[0]),
        seats=_span(seats),
        cost=_span(seats, sign=-1),
        pays=quote(t["q1_competent_pays"], scope="match"),
    )


def dealer_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 1: the dealer's gap, restriction on and off, and who deals what; ``eight``:
    "zero" when no effect is detectable in the eight-card hands; ``seat_order``: "apart" when
    some seats' intervals do not overlap."""
    gap, seats = t["q1_dealer_gap"], t["q1_q4_seats"]
    blind = gap[gap["one_card_blind"]]
    m4 = quote(t["q1_match_gap"], players=4, one_card_blind=True)
    eight = blind[blind["cards"] == MAX_CARDS]
    eight_zero = bool((~(eight["effect_lo"] > 0) & ~(eight["effect_hi"] < 0)).all())
    four = _of(seats, 4)
    table = four["restriction_effect"].sum()
    effects = [ci(r, "restriction_effect") for _, r in four.iterrows()]
    disjoint = any(apart(a, b) == "apart" for a in effects for b in effects)
    return Facts(
        blind=quote(blind, players=4, cards=1),
        seen=quote(gap, players=4, one_card_blind=False, cards=1),
        match=m4,
        multi=_span(blind[blind["cards"].between(2, 7)], "effect"),
        eight="zero" if eight_zero else "other",
        one_card=rows_quoted(blind[blind["cards"] == 1]),
        seats=rows_quoted(four),
        spread=_span(four),
        seat_order="apart" if disjoint else "overlap",
        table_loss=-table,
        gap_fall=-m4["effect"][0],
        # per hand: dealer change d, each other seat o; table = sum(d) + (n-1) sum(o) and the
        # gap change = sum(d) - sum(o), so the non-dealers' total is (n-1)/n (table - gap change)
        others=(4 - 1) / 4 * (table - m4["effect"][0]),
    )


def equilibrium_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Questions 1 and 2 when every seat listens (the equilibrium): per table size the
    dealer's cost and from the cards alone (each estimate column of the table as ``(estimate,
    lo, hi)`` with its exact fraction, ``""`` when sampled: then the 95% interval); whole
    matches of listening bots against card-only bots and who pays; who makes its bid
    (``made``: by table size, exact or sampled, the leader, the middle seats' span, the dealer
    with and without)."""
    gap, lgap, pays = t["q1_dealer_gap"], t["q1_listening_gap"], t["q1_who_pays"]
    rows = [
        Facts(
            n=int(r["players"]),
            exact=r["method"] == "exact",
            **{c: (ci(r, c), str(r[f"{c}_exact"])) for c in r.index if f"{c}_exact" in r.index},
        )
        for _, r in t["q1_equilibrium"].iterrows()
    ]
    matches = [
        Facts(
            n=int(n),
            listen=quote(lgap, players=n, cards=1),
            card=quote(gap, players=n, one_card_blind=True, cards=1),
            seats=_span(_of(t["q1_listening_seats"], n)),
            card_seats=_span(_of(t["q1_q4_seats"], n)),
            pays=quote(_of(pays, n), bot=LISTENING_BOT, scope="match"),
            blind_pays=quote(_of(pays, n), bot=LISTENING_BOT, scope="blind hands"),
            card_pays=quote(_of(pays, n), bot=CARD_ONLY_BOT, scope="match"),
        )
        for n in sorted(set(lgap["players"]))
    ]
    made = []
    for n in PLAYERS:
        s = _of(t["q2_equilibrium_seats"], n)
        ends = [LEADER, position_name(n - 1, n)]
        made.append(
            Facts(
                n=n,
                how=str(row(s, position=ends[1])["method"]),
                lead=quote(s, position=ends[0]),
                mid=_span(s[~s["position"].isin(ends)], "made_on"),
                dealer=quote(s, position=ends[1]),
            )
        )
    return Facts(rows=rows, matches=matches, made=made, competent=competent_facts(t))


def blind_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 2: blind one-card hands, exactly; ``any_trump``: "zero" when a trump in sight
    means bid 0 in every view; ``same_odds``: "same" when every seat after the leader has the same
    odds."""
    pos, scores, lis = t["q2_blind_positions"], t["q2_blind_scores"], t["q2_listening"]
    tables = [
        Facts(
            n=n,
            lead=quote(pos, players=n, position=LEADER, trumps_seen="none"),
            later=quote(pos, players=n, position="2", trumps_seen="none"),
            lead_score=quote(scores, players=n, bonus=5, position=LEADER),
            dealer_score=quote(scores, players=n, bonus=5, position=position_name(n - 1, n)),
            dealer=quote(t["q2_blind_dealer"], players=n, bonus=5),
        )
        for n in EXACT_PLAYERS
    ]
    any_trump = pos[pos["trumps_seen"] == "one or more"]
    later = pos[pos["position"] != LEADER].groupby(["players", "trumps_seen"])["p_win_exact"]
    same = bool((later.nunique() == 1).all())
    on = lis[lis["restriction"] == "on"]
    return Facts(
        any_trump="zero" if (any_trump["bid_1_best"] == 0).all() else "other",
        tables=tables,
        same_odds="same" if same else "other",
        gains=rows_quoted(on[on["position"] != LEADER]),
        changed_max=on["bid_changed_share"].max(),
        dealer={
            r: row(lis, players=4, restriction=r, position=position_name(3, 4))["gain"]
            for r in ("off", "on")
        },
    )


def bot_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 3: the bot tournament; ``order``: (bot, "apart" / "overlap", next bot);
    ``losses``: (bot, hand size, points short, apart / overlap)."""
    bots, by_size = t["q3_bots"], t["q3_bots_by_size"]
    ranked = pairwise(rows_quoted(bots.sort_values("mean", ascending=False)))
    order = [Facts(a=a["bot"], sign=apart(a["mean"], b["mean"]), b=b["bot"]) for a, b in ranked]
    ref = by_size[by_size["bot"] == "montecarlo"].set_index("cards")
    losses = []
    for name in ("heuristic", "random"):
        rows = by_size[by_size["bot"] == name].set_index("cards")
        short = (ref["per_match"] - rows["per_match"]).sort_values(ascending=False)
        k = int(short.index[0])
        sep = apart(ci(rows.loc[k], "per_match"), ci(ref.loc[k], "per_match"))
        losses.append(Facts(bot=name, cards=k, short=short.iloc[0], overlap=sep))
    return Facts(
        order=order,
        bot={b: quote(bots, bot=b) for b in ("montecarlo", "heuristic", "random")},
        losses=losses,
        blind=_span(by_size[by_size["cards"] == 1], "score"),
    )


def seat_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 4: seats relative to the first dealer; ``real``: the seats whose lead leaves
    out zero (``found``: "some" or "none"; ``count`` of ``intervals``, ``by_chance`` of them
    expected at the 95% level)."""
    seats = t["q1_q4_seats"]
    biggest = seats.loc[seats["lead"].abs().idxmax()]
    real = rows_quoted(seats[(seats["lead_lo"] > 0) | (seats["lead_hi"] < 0)])
    return Facts(
        real=real,
        found="some" if real else "none",
        count=len(real),
        intervals=len(seats),
        by_chance=0.05 * len(seats),
        lead=biggest["lead"],
        players=biggest["players"],
        seat=biggest["seat"],
        total=_span(seats, "total"),
        size="small" if abs(biggest["lead"]) < 1 else "large",
    )


def streak_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 5: streak bonuses by bot (each ``every_five`` row, which holds the paired change
    to ``once``, and its verdict) and by table size (net bonus per seat and match)."""
    streaks = t["q5_streaks"]
    five = rows_quoted(streaks[streaks["mode"] == "every_five"])
    return Facts(
        bots=[Facts(**r, verdict=sign_of(r["once_minus_every_five"])) for r in five],
        by_players=rows_quoted(t["q5_streaks_by_players"]),
    )


def tip_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """The tip chart (question 6): ``counts`` (wins needed, unseen cards, players),
    ``listen`` (n, bid 1 after a 0, after a 1, gain), ``rule_as_stated`` (the equilibrium's
    commoner bid is the rule the tips state in every cell), ``rule_agree`` (n, share of bids
    where that rule is the equilibrium's), ``eq_forced`` (n, forced share, cost then, made
    then), the spans of a seat's loss over a match (``match``: card-only bots, ``listen_match``:
    listening bots)."""
    pos, gap = t["q2_blind_positions"], t["q1_dealer_gap"]
    pat, lis = t["q2_listening_pattern"], t["q2_listening"]
    listen = []
    for n in EXACT_PLAYERS:
        p2 = pat[(pat["players"] == n) & (pat["position"] == "2") & ~pat["trump_seen"]]
        listen.append(
            Facts(
                n=n,
                after_0=row(p2, leader_bid=0)["bid_1_share"],
                after_1=row(p2, leader_bid=1)["bid_1_share"],
                gain=row(lis, players=n, restriction="on", position="2")["gain"],
            )
        )
    rule, eqt, fz = t["q2_equilibrium_rule"], t["q1_equilibrium"], t["q2_equilibrium_forced"]
    stated = True
    agree = []
    for n in sorted(set(rule["players"])):
        cells = _of(rule, n)
        for r in cells.itertuples():
            # the dealer bids the 1-bids it heard; any other seat bids 1 on no trump seen and no
            # 1 heard (the leader hears none)
            dealer = r.position == position_name(n - 1, n)
            want = r.earlier_bid_1 if dealer else not (r.trump_seen or r.earlier_bid_1)
            stated = stated and int(r.rule_bid) == int(want)
        share = float((cells["share_of_deals"] * cells["rule_agrees"]).sum() / n)
        agree.append(Facts(n=int(n), agree=share))
    eq_forced = []
    for n in sorted(set(fz["players"])):
        f, e = _of(fz, n), row(eqt, players=n)
        made = (f["share_of_deals"] * f["made_share"]).sum() / f["share_of_deals"].sum()
        eq_forced.append(
            Facts(n=int(n), share=e["forced_share"], cost=e["cost_when_forced"], made=float(made))
        )
    g4 = gap[(gap["players"] == 4) & gap["one_card_blind"] & (gap["cards"].between(2, 7))]
    return Facts(
        trump_seen_zero=bool((pos[pos["trumps_seen"] == "one or more"]["bid_1_best"] == 0).all()),
        counts=[Facts(wins=threshold_wins(n), unseen=blind_table.unseen(n), n=n) for n in PLAYERS],
        listen=listen,
        after_1_bid=1 if all(h.after_1 > 0.5 for h in listen) else 0,
        rule_as_stated=stated,
        rule_agree=agree,
        eq_forced=eq_forced,
        dealer=quote(t["q2_blind_dealer"], players=4, bonus=5),
        worst=rows_quoted(g4.loc[[g4["effect"].idxmin()]])[0],
        match=_span(_of(t["q1_q4_seats"], 4), sign=-1),
        listen_match=_span(_of(t["q1_listening_seats"], 4), sign=-1),
        competent=competent_facts(t),
    )


def facts(tables: dict[str, pd.DataFrame]) -> Facts:
    """Every number the report's text quotes, from its tables alone (so the same facts come
    from the CSV files read back)."""
    return Facts(
        dealer=dealer_facts(tables),
        equilibrium=equilibrium_facts(tables),
        blind=blind_facts(tables),
        bots=bot_facts(tables),
        seats=seat_facts(tables),
        streaks=streak_facts(tables),
        tips=tip_facts(tables),
    )
