"""Every number the Forehead Whist report's text quotes, read off its tables.

:func:`facts` turns the tables of :func:`~headcount_lab.analysis.whist.tables.compute` into
:class:`~headcount_lab.core.report.Facts`, one per question: plain numbers, exact fractions (as
text), 95% intervals as ``(estimate, lo, hi)`` and the outcome of each comparison as a key
(``"apart"`` / ``"overlap"``, ``"zero"`` / ``"other"``, ...) that picks a sentence of the text.
No words here: the text (``[whist]`` in ``headcount_lab/words/<lang>.toml``) holds them.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from headcount_lab.analysis.whist.tables import (
    CARD_ONLY_BOT,
    EXACT_PLAYERS,
    LISTENING_BOT,
    MAX_CARDS,
    PLAYERS,
    position_name,
    threshold_wins,
)
from headcount_lab.core.report import CI as CI  # re-exported
from headcount_lab.core.report import Facts
from headcount_lab.core.report import estimate_of as ci
from headcount_lab.core.report import row as row  # re-exported
from headcount_lab.core.stats import apart, sign_of
from headcount_lab.games.whist import blind_table


def competent_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 1 with the competent field of 4 players (the stored paired run): the least and
    most negative change of a seat's match total, and who pays."""
    seats, pays = t["q1_competent_seats"], t["q1_competent_pays"]
    m = row(pays, scope="match")
    return Facts(
        bot=str(seats["bot"].iloc[0]),
        matches=int(m["matches"]),
        command=str(seats["command"].iloc[0]),
        seat_lo=float(seats["restriction_effect"].min()),
        seat_hi=float(seats["restriction_effect"].max()),
        dealers=float(m["dealers_change"]),
        others=float(m["others_change"]),
        table=float(m["table_change"]),
    )


def dealer_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 1: the dealer's gap, restriction on and off, and who deals what; ``eight``:
    "zero" when no effect is detectable in the eight-card hands; ``seat_order``: "apart" when
    some seats' intervals do not overlap."""
    gap, mgap, seats = t["q1_dealer_gap"], t["q1_match_gap"], t["q1_q4_seats"]
    b4 = row(gap, players=4, one_card_blind=True, cards=1)
    s4 = row(gap, players=4, one_card_blind=False, cards=1)
    m4 = row(mgap, players=4, one_card_blind=True)
    multi = gap[gap["one_card_blind"] & gap["cards"].between(2, 7)]
    eight = gap[gap["one_card_blind"] & (gap["cards"] == MAX_CARDS)]
    eight_zero = bool((~(eight["effect_lo"] > 0) & ~(eight["effect_hi"] < 0)).all())
    four = seats[seats["players"] == 4]
    table = four["restriction_effect"].sum()
    # per hand: dealer change d, each other seat o; table = sum(d) + (n-1) sum(o) and the gap
    # change = sum(d) - sum(o), so the non-dealers' total is (n-1)/n (table - gap change)
    others = (4 - 1) / 4 * (table - m4["effect"])
    effects = [ci(r, "restriction_effect") for _, r in four.iterrows()]
    disjoint = any(apart(a, b) == "apart" for a in effects for b in effects)
    return Facts(
        blind_on=ci(b4, "gap_on"),
        blind_off=ci(b4, "gap_off"),
        blind_effect=ci(b4, "effect"),
        multi_lo=multi["effect"].min(),
        multi_hi=multi["effect"].max(),
        eight="zero" if eight_zero else "other",
        match_on=ci(m4, "gap_on"),
        match_off=ci(m4, "gap_off"),
        one_card_effect=[
            Facts(players=r["players"], effect=ci(r, "effect"))
            for _, r in gap[gap["one_card_blind"] & (gap["cards"] == 1)].iterrows()
        ],
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


def _est(r: Any, col: str) -> tuple[CI, str]:
    return ci(r, col), str(r[f"{col}_exact"])


def equilibrium_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Questions 1 and 2 when every seat listens (the equilibrium): per table size the
    dealer's cost and from the cards alone (each ``(estimate, lo, hi)`` with its exact fraction,
    ``""`` when sampled: then the 95% interval); whole matches of listening bots against
    card-only bots and who pays; who makes its bid (``made``: by table size, exact or sampled,
    the leader, the middle seats' lowest and highest, the dealer with and without)."""
    eq, lgap, gap = t["q1_equilibrium"], t["q1_listening_gap"], t["q1_dealer_gap"]
    lseats, seats, pays = t["q1_listening_seats"], t["q1_q4_seats"], t["q1_who_pays"]
    rows = [
        Facts(
            n=int(r["players"]),
            exact=r["method"] == "exact",
            samples=int(r["samples"]),
            cost=_est(r, "dealer_cost"),
            card=_est(r, "card_only_cost"),
            change=_est(r, "listening_change"),
            forced=_est(r, "forced_share"),
            when_forced=_est(r, "cost_when_forced"),
            card_forced=_est(r, "card_only_forced_share"),
            card_when_forced=_est(r, "card_only_cost_when_forced"),
        )
        for _, r in eq.iterrows()
    ]
    matches = []
    for n in sorted(set(lgap["players"])):
        ls, cs = lseats[lseats["players"] == n], seats[seats["players"] == n]
        lp = pays[(pays["players"] == n) & (pays["bot"] == LISTENING_BOT)]
        cp = pays[(pays["players"] == n) & (pays["bot"] == CARD_ONLY_BOT)]
        lm, cm = row(lp, scope="match"), row(cp, scope="match")
        lb = row(lp, scope="blind hands")
        matches.append(
            Facts(
                n=int(n),
                blind_effect=ci(row(lgap, players=n, cards=1), "effect"),
                card_blind_effect=ci(row(gap, players=n, one_card_blind=True, cards=1), "effect"),
                seat_lo=ls["restriction_effect"].min(),
                seat_hi=ls["restriction_effect"].max(),
                card_seat_lo=cs["restriction_effect"].min(),
                card_seat_hi=cs["restriction_effect"].max(),
                dealers=lm["dealers_change"],
                others=lm["others_change"],
                table=lm["table_change"],
                blind_dealers=lb["dealers_change"],
                blind_others=lb["others_change"],
                card_dealers=cm["dealers_change"],
                card_others=cm["others_change"],
                card_table=cm["table_change"],
            )
        )
    es = t["q2_equilibrium_seats"]
    made = []
    for n in PLAYERS:
        s = es[es["players"] == n]
        mid = s[~s["position"].isin([position_name(0, n), position_name(n - 1, n)])]
        d = row(s, position=position_name(n - 1, n))
        made.append(
            Facts(
                n=n,
                how=str(d["method"]),
                lead=ci(row(s, position=position_name(0, n)), "made_on"),
                mid_lo=mid["made_on"].min(),
                mid_hi=mid["made_on"].max(),
                dealer_on=ci(d, "made_on"),
                dealer_off=d["made_off"],
            )
        )
    return Facts(rows=rows, matches=matches, made=made, competent=competent_facts(t))


def blind_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 2: blind one-card hands, exactly; ``any_trump``: "zero" when a trump in sight
    means bid 0 in every view; ``same_odds``: "same" when every seat after the leader has the same
    odds."""
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
            Facts(
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
    return Facts(
        any_trump="zero" if (any_trump["bid_1_best"] == 0).all() else "other",
        tables=tables,
        same_odds="same" if same else "other",
        gains=[
            Facts(position=r.position, players=r.players, gain=r.gain, gain_exact=r.gain_exact)
            for r in on.itertuples()
            if r.position != position_name(0, r.players)
        ],
        changed_max=on["bid_changed_share"].max(),
        dealer_off=row(lis, players=4, restriction="off", position=position_name(3, 4))["gain"],
        dealer_on=row(lis, players=4, restriction="on", position=position_name(3, 4))["gain"],
    )


def bot_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 3: the bot tournament; ``order``: (bot, "apart" / "overlap", next bot);
    ``losses``: (bot, hand size, points short, apart / overlap)."""
    bots, by_size = t["q3_bots"], t["q3_bots_by_size"]
    ranked = bots.sort_values("mean", ascending=False).reset_index(drop=True)
    order = []
    for i in range(len(ranked) - 1):
        a, b = ranked.iloc[i], ranked.iloc[i + 1]
        order.append(Facts(a=a["bot"], sign=apart(ci(a, "mean"), ci(b, "mean")), b=b["bot"]))
    names = ("montecarlo", "heuristic", "random")
    losses = []
    for name in ("heuristic", "random"):
        rows = by_size[by_size["bot"] == name].set_index("cards")
        ref = by_size[by_size["bot"] == "montecarlo"].set_index("cards")
        short = (ref["per_match"] - rows["per_match"]).sort_values(ascending=False)
        k = int(short.index[0])
        sep = apart(ci(rows.loc[k], "per_match"), ci(ref.loc[k], "per_match"))
        losses.append(Facts(bot=name, cards=k, short=short.iloc[0], overlap=sep))
    blind_rows = by_size[by_size["cards"] == 1]
    return Facts(
        order=order,
        means={b: ci(row(bots, bot=b), "mean") for b in names},
        made={b: row(bots, bot=b)["made"] for b in names},
        losses=losses,
        blind_min=blind_rows["score"].min(),
        blind_max=blind_rows["score"].max(),
    )


def seat_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 4: seats relative to the first dealer; ``real``: (players, seat, lead) where
    the lead leaves out zero."""
    seats = t["q1_q4_seats"]
    real = seats[(seats["lead_lo"] > 0) | (seats["lead_hi"] < 0)]
    biggest = seats.loc[seats["lead"].abs().idxmax()]
    return Facts(
        real=[
            Facts(players=r.players, seat=r.seat, lead=(r.lead, r.lead_lo, r.lead_hi))
            for r in real.itertuples()
        ],
        intervals=len(seats),
        lead=biggest["lead"],
        players=biggest["players"],
        seat=biggest["seat"],
        total_min=seats["total"].min(),
        total_max=seats["total"].max(),
        size="small" if abs(biggest["lead"]) < 1 else "large",
    )


def streak_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """Question 5: streak bonuses by bot and by table size (net bonus per seat and match)."""
    streaks = t["q5_streaks"]
    bots = []
    for r in streaks[streaks["mode"] == "every_five"].itertuples():
        once = row(streaks, bot=r.bot, mode="once")
        change = ci(once, "once_minus_every_five")
        bots.append(
            Facts(
                bot=r.bot,
                plus=r.plus_per_match,
                minus=r.minus_per_match,
                net=(r.bonus_points, r.bonus_points_lo, r.bonus_points_hi),
                change=change,
                verdict=sign_of(change),
            )
        )
    byp = t["q5_streaks_by_players"]
    return Facts(
        bots=bots,
        by_players=[Facts(players=r.players, bonus=r.bonus_points) for r in byp.itertuples()],
    )


def tip_facts(t: dict[str, pd.DataFrame]) -> Facts:
    """The tip chart (question 6): ``counts`` (wins needed, unseen cards, players),
    ``listen`` (n, bid 1 after a 0, after a 1, gain), ``rule_as_stated`` (the equilibrium's
    commoner bid is the rule the tips state in every cell), ``rule_agree`` (n, share of bids
    where that rule is the equilibrium's), ``eq_forced`` (n, forced share, cost then, made
    then)."""
    pos, dealer, gap, seats = (
        t["q2_blind_positions"],
        t["q2_blind_dealer"],
        t["q1_dealer_gap"],
        t["q1_q4_seats"],
    )
    any_trump = pos[pos["trumps_seen"] == "one or more"]
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
        cells = rule[rule["players"] == n]
        for r in cells.itertuples():
            if r.position == position_name(0, n):
                want = 0 if r.trump_seen else 1
            elif r.position == position_name(n - 1, n):
                want = 1 if r.earlier_bid_1 else 0
            else:
                want = 0 if (r.trump_seen or r.earlier_bid_1) else 1
            stated = stated and int(r.rule_bid) == want
        share = float((cells["share_of_deals"] * cells["rule_agrees"]).sum() / n)
        agree.append(Facts(n=int(n), agree=share))
    eq_forced = []
    for n in sorted(set(fz["players"])):
        f = fz[fz["players"] == n]
        e = row(eqt, players=n)
        made = (f["share_of_deals"] * f["made_share"]).sum() / f["share_of_deals"].sum()
        eq_forced.append(
            Facts(n=int(n), share=e["forced_share"], cost=e["cost_when_forced"], made=float(made))
        )
    d4 = row(dealer, players=4, bonus=5)
    g4 = gap[(gap["players"] == 4) & gap["one_card_blind"] & (gap["cards"].between(2, 7))]
    worst = g4.loc[g4["effect"].idxmin()]
    s4 = seats[seats["players"] == 4]
    ls = t["q1_listening_seats"]
    l4 = ls[ls["players"] == 4]
    return Facts(
        trump_seen_zero=bool((any_trump["bid_1_best"] == 0).all()),
        counts=[Facts(wins=threshold_wins(n), unseen=blind_table.unseen(n), n=n) for n in PLAYERS],
        listen=listen,
        after_1_bid=1 if all(h.after_1 > 0.5 for h in listen) else 0,
        rule_as_stated=stated,
        rule_agree=agree,
        eq_forced=eq_forced,
        forced=d4["forced_share"],
        cost=d4["dealer_cost"],
        cost_exact=d4["dealer_cost_exact"],
        worst_cards=int(worst["cards"]),
        worst_effect=ci(worst, "effect"),
        worst_made_off=worst["dealer_made_off"],
        worst_made_on=worst["dealer_made_on"],
        match_lo=-s4["restriction_effect"].max(),
        match_hi=-s4["restriction_effect"].min(),
        listen_match_lo=-l4["restriction_effect"].max(),
        listen_match_hi=-l4["restriction_effect"].min(),
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


__all__ = ["CI", "facts", "row"]
