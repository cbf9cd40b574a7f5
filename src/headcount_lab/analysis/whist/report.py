"""The Forehead Whist report: the dealer's restriction, blind hands, bots, seats and streaks.

Three steps, each a plain function of the one before:

1. compute: :func:`~headcount_lab.analysis.whist.tables.compute` (tables, saved as CSV) and
   :func:`~headcount_lab.analysis.whist.facts.facts` (the numbers the text quotes);
2. charts: :func:`~headcount_lab.analysis.whist.figures.charts`, chart objects with their labels
   from the text;
3. text: :func:`readme` and the tip chart's blocks (``PIECES.tip_blocks``) fill the words of
   ``[whist]`` in ``headcount_lab/words/<lang>.toml`` (:mod:`~headcount_lab.core.words`)
   from the facts.

:func:`build` writes one report into a folder (swapped in whole when complete) and
:func:`build_all` writes it under a root folder for ``report all``. Numbers in the text come
from the tables, and a difference is called real only when its 95% interval leaves out zero.
"""

from __future__ import annotations

from typing import Any

from headcount_lab.analysis import rulelab
from headcount_lab.analysis.whist.facts import facts
from headcount_lab.analysis.whist.figures import charts
from headcount_lab.analysis.whist.tables import (
    EXACT_PLAYERS,
    LISTENING_BOT,
    NAME,
    PLAYERS,
    SECTIONS,
    TOURNAMENT_BOTS,
    WhistReportOptions,
    check,
    compute,
)
from headcount_lab.core import report as core
from headcount_lab.core.words import texts
from headcount_lab.games.whist import blind_table
from headcount_lab.games.whist.rules import VERSION

#: the report's folder under the reports' root, by language
FOLDERS = {"en": "forehead-whist"}
#: language -> the report's words (headcount_lab/words/<lang>.toml, [whist])
TEXT = texts("whist")
FOLDER = FOLDERS["en"]
#: one view of the blind-odds command, quoted in question 2
ONE_VIEW = 'headcount-lab whist blind-odds --players 4 --see "K♠ ? 8♥ A♦" --trump-card 9♦'
PNG_DPI = 120
#: how the equilibrium sizes solved on every run are made
COMMAND_LIVE = "solved by the report (headcount-lab whist blind-equilibrium --players N)"


# --- the text ---------------------------------------------------------------------------------


class _Words(core.Words):
    """Fills one language's sentences: intervals, percentages, lists and tables."""

    texts = TEXT

    def _exact_or_sampled(self, key: str, est: tuple[core.CI, str], scale: float) -> str:
        (v, lo, hi), frac = est
        which = "exact_" if frac else "sampled_"
        return str(
            self.t["q1"][which + key].format(v=scale * v, lo=scale * lo, hi=scale * hi, frac=frac)
        )

    def value(self, est: tuple[core.CI, str]) -> str:
        """An exact value with its fraction, or a sampled one with its interval."""
        return self._exact_or_sampled("value", est, 1)

    def share(self, est: tuple[core.CI, str]) -> str:
        """An exact share as a percentage, or a sampled one with its interval."""
        return self._exact_or_sampled("pct", est, 100)


def _tip_blocks(tf: core.Facts, w: _Words) -> list[tuple[str, list[str]]]:
    t = w.t["tips"]
    slash = t["slash"]
    agree, listen, forced = tf.rule_agree, tf.listen, tf.eq_forced
    blind = [
        t["eq_rule" if tf.rule_as_stated else "eq_rule_other"].format(
            agree=w.each("{pct.agree}", agree, slash), players=w.each("{n}", agree, slash)
        ),
        *([t["trump_seen"]] if tf.trump_seen_zero else []),
        t["count"].format(counts=w.each(t["count_item"], tf.counts, "list_sep")),
        t["listen"].format(
            after_0=w.each("{pct.after_0}", listen, slash),
            after_1_bid=tf.after_1_bid,
            after_1=w.each("{pct.after_1}", listen, slash),
            gains=w.each(t["gain"], listen, slash),
            players=w.each("{n}", listen, slash),
        ),
    ]
    eq4 = next(x for x in forced if x.n == 4)
    dealer = [
        w.fill(t["forced"], tf, eq_forced=w.pct(eq4.share), eq_cost=eq4.cost),
        t["forced_choice"].format(
            made=w.each("{pct.made}", forced, slash), players=w.each("{n}", forced, slash)
        ),
        w.fill(t["worst_size"], tf),
        w.fill(t["match"], tf),
    ]
    return [(t["blind_head"], blind), (t["dealer_head"], dealer)]


#: the columns of the README's tables
_GAP_COLUMNS = ["cards", "hands", "gap_on", "gap_off", "effect", "effect_lo",
                "effect_hi", "dealer_made_on", "dealer_made_off"]  # fmt: skip
_SEAT_EFFECT_COLUMNS = ["seat", "deals_sizes", "cards_dealt", "restriction_effect",
                        "restriction_effect_lo", "restriction_effect_hi"]  # fmt: skip
_SEATS_COLUMNS = ["players", "seat", "deals_sizes", "total", "lead", "lead_lo",
                  "lead_hi", "win_share"]  # fmt: skip
_STREAK_COLUMNS = ["bot", "mode", "plus_per_match", "minus_per_match", "bonus_points",
                   "bonus_points_lo", "bonus_points_hi", "mean_total"]  # fmt: skip
_EQ_COLUMNS = ["players", "method", "dealer_cost", "dealer_cost_lo", "dealer_cost_hi",
               "card_only_cost", "listening_change", "forced_share", "cost_when_forced",
               "card_only_cost_when_forced"]  # fmt: skip
_SEAT_COLUMNS = ["players", "position", "made_on", "made_on_lo", "made_on_hi", "made_off"]


def readme(res: core.Results, w: _Words, f: core.Facts) -> str:
    """The report's Markdown: per question the method, finding, tables, charts, further
    paragraphs and command."""
    t, tab, o = w.t, res.tables, res.opts
    cmd = f"`{o.command()}`"
    gap, seats, lis = tab["q1_dealer_gap"], tab["q1_q4_seats"], tab["q2_listening"]
    out: list[core.Question] = []

    def question(
        q: dict[str, Any], method: str, finding: str | None, reproduce: str, *parts: core.Part
    ) -> None:
        out.append(core.Question(q["title"], method, finding, parts, None, reproduce))

    q, d, ef = t["q1"], f.dealer, f.equilibrium
    commands = sorted({c for c in tab["q1_equilibrium"]["command"] if isinstance(c, str) and c})
    question(
        q,
        q["method"],
        w.fill(
            q["finding"],
            d,
            eight=q["eight"],
            by_players=w.each(q["by_players"], d.one_card, "list_sep"),
        ),
        t["reproduce"].format(command=cmd, files=q["files"]),
        w.fill(q["seen"], d),
        core.Table(gap[gap["one_card_blind"] & (gap["players"] == 4)][_GAP_COLUMNS]),
        core.Chart("q1_dealer_gap.png", q["image"]),
        core.fill(
            q["seats"],
            d,
            seat_order=q["seat_order"][d.seat_order].format(spread=d.spread[1] - d.spread[0]),
        ),
        core.Table(seats[seats["players"] == 4][_SEAT_EFFECT_COLUMNS]),
        q["equilibrium"].format(
            exact_sizes=w.each("{n}", [r for r in ef.rows if r.exact], "-"),
            sampled_sizes=w.each("{n}", [r for r in ef.rows if not r.exact], "-"),
            commands="`, `".join(commands),
            rows=w.each(q["eq_row"], ef.rows),
        ),
        core.Table(tab["q1_equilibrium"][_EQ_COLUMNS], 3),
        q["listening_match"].format(
            bot=LISTENING_BOT,
            items=w.each(q["listening_item"], ef.matches),
            players=w.each("{n}", ef.matches, " and "),
        ),
        q["who_pays"].format(items=w.each(q["who_pays_item"], ef.matches)),
        core.fill(q["competent"], ef.competent),
        core.Table(tab["q1_competent_seats"][_SEAT_EFFECT_COLUMNS]),
        q["oh_hell"],
    )

    q, b = t["q2"], f.blind
    per_table = w.each(q["table"], b.tables, q["table_sep"])
    question(
        q,
        q["method"].format(deals3=blind_table.deals(3), deals4=blind_table.deals(4)),
        w.fill(
            q["finding"], b, any_trump=q["any_trump"], tables=per_table, same_odds=q["same_odds"]
        ),
        q["reproduce"].format(command=cmd, one_view=ONE_VIEW),
        core.Table(tab["q2_blind_positions"], 3),
        core.Chart("q2_blind_bids.png", q["image_bids"]),
        core.Table(tab["q2_blind_dealer"], 3),
        core.Chart("q2_blind_scores.png", q["image_scores"]),
        w.fill(q["listening"], b, gains=w.each(q["gain"], b.gains, "list_sep")),
        core.Table(lis[lis["restriction"] == "on"], 3),
        core.Chart("q2_listening.png", q["image_listening"]),
        q["made"].format(items=w.each(q["made_item"], ef.made, "list_sep", how=q["how"])),
        core.Table(tab["q2_equilibrium_seats"][_SEAT_COLUMNS], 3),
    )

    q, bt = t["q3"], f.bots
    bots = ",".join(TOURNAMENT_BOTS)
    simulate = (
        f"headcount-lab whist simulate --players 4 --bots {bots} --matches {o.n_tournament} "
        f"--seed {o.seed} --rotate-seats"
    )
    order = w.each(q["order"], bt.order, sign=q["sign"])
    losses = w.each(q["loss"], bt.losses, overlap=q["loss_overlap"])
    question(
        q,
        q["method"].format(matches=o.n_tournament, bots=bots),
        w.fill(q["finding"], bt, order=order, losses=losses),
        q["reproduce"].format(command=cmd, files=q["files"], simulate=simulate),
        core.Table(tab["q3_bots"]),
        core.Chart("q3_bots.png", q["image"]),
    )

    q, s = t["q4"], f.seats
    found = w.fill(q["found"][s.found], s, seats=w.each(q["seat"], s.real))
    finding = w.fill(q["finding"], s, seats=found, size=q["size"])
    out.append(w.question("q4", finding, [seats[_SEATS_COLUMNS]], "q1_q4_seats", command=cmd))

    q, st = t["q5"], f.streaks
    finding = q["finding"].format(
        bots=w.each(q["bot"], st.bots, verdict=q["verdict"]),
        by_players=w.each(q["by_players"], st.by_players, "list_sep"),
    )
    streaks = tab["q5_streaks"][_STREAK_COLUMNS]
    out.append(w.question("q5", finding, [streaks], "q5_streaks", command=cmd))

    q = t["q6"]
    tips = core.tip_list(_tip_blocks(f.tips, w), q["block"], q["item"])
    question(q, q["method"], None, t["reproduce_plain"].format(command=cmd), *tips, q["image"])
    out += rulelab.report_questions("whist", tab, w.lang, 7)
    head = [t["title"], t["intro"].format(command=cmd, matches=o.n, tournament=o.n_tournament)]
    return w.render(head, out)


# --- writing the folder -----------------------------------------------------------------------


def sizes(res: core.Results) -> dict[str, Any]:
    """The report's inputs and sizes, as ``metadata.json`` records them."""
    o = res.opts
    return {
        "matches_per_restriction_setup": o.n,
        "restriction_setups": [f"{n} players" for n in PLAYERS]
        + ["4 players, one-card hands seen"],
        "tournament_matches": o.n_tournament,
        "tournament_bots": list(TOURNAMENT_BOTS),
        "exact_blind_deals": {str(n): blind_table.deals(n) for n in EXACT_PLAYERS},
        "listening_setups": [
            f"{n} players, {LISTENING_BOT}, restriction on and off"
            for n in sorted(set(res.tables["q1_listening_gap"]["players"]))
        ],
        "equilibrium": {
            str(r.players): {
                "method": r.method,
                "deals": int(r.deals),
                "samples": int(r.samples),
                "command": r.command or COMMAND_LIVE,
            }
            for r in res.tables["q1_equilibrium"].itertuples()
        },
    }


#: how the report is written: its words, facts, charts, tips, README and metadata's sizes
PIECES = core.ReportPieces(_Words, facts, charts, lambda f, tables, w: _tip_blocks(f.tips, w),
                           readme, sizes, PNG_DPI, NAME, ("whist_rules", VERSION))  # fmt: skip


#: the report's run (``REPORT.run(out_dir, opts, progress)``) and what ``report all`` calls
REPORT = core.OneLanguageReport(
    NAME, FOLDER, WhistReportOptions, compute, PIECES.write, check, SECTIONS
)
build = REPORT.build
build_all = REPORT.build_all
