"""The Poohead report: seats, the swap, face-up cards, house rules, stalls, the deal and the 9.

Three steps, each a plain function of the one before:

1. compute: :func:`~headcount_lab.analysis.poohead.tables.compute` (paired kernel runs as
   tables, saved as CSV) and :func:`~headcount_lab.analysis.poohead.facts.facts` (the numbers
   the text quotes);
2. charts: :func:`~headcount_lab.analysis.poohead.figures.charts`, chart objects with their
   labels from the text;
3. text: :func:`readme` and the tip chart's blocks (``PIECES.tip_blocks``) fill the words of
   ``[poohead]`` in ``headcount_lab/words/en.toml`` (:mod:`~headcount_lab.core.words`)
   from the facts.

:func:`build` writes the report into a folder (swapped in whole when complete) and
:func:`build_all` writes it under a root folder for ``report all``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pandas as pd

from headcount_lab.analysis import rulelab
from headcount_lab.analysis.poohead.facts import CI, facts
from headcount_lab.analysis.poohead.figures import charts
from headcount_lab.analysis.poohead.tables import (
    HOUSE_PLAYERS,
    MIN_TRIPLE_GAMES,
    NAME,
    SEARCH,
    SECTIONS,
    PooheadReportOptions,
    PooheadResults,
    compute,
)
from headcount_lab.core import report as core
from headcount_lab.core.words import texts
from headcount_lab.games.poohead.rules import VERSION

#: the report's folder under the reports' root, by language
FOLDERS = {"en": "poohead"}
#: language -> the report's words (headcount_lab/words/<lang>.toml, [poohead])
TEXT = texts("poohead")
FOLDER = FOLDERS["en"]
PNG_DPI = 110


class _Words(core.Words):
    """Fills one language's sentences: rates, point differences, lists and tables."""

    texts = TEXT
    digits = 3
    scaled = {"p": 1, "pts": 100, "pct_ci": 100, "turns": 1, "per10k": 10_000,
              "per10k_diff": 10_000}  # fmt: skip

    def join(self, items: list[str]) -> str:
        return self.t["list_sep"].join(items) if items else self.t["none_word"]

    def listed(self, template: str, items: Any, **more: Any) -> str:
        """``template`` filled from each item, a list (``none_word`` for none)."""
        return self.join([self.fill(template, x, **more) for x in items])


def _tip_blocks(
    f: core.Facts, tables: dict[str, pd.DataFrame], w: _Words
) -> list[tuple[str, list[str]]]:
    """The tip sheet: every play tip quotes the competent field (``f.competent``) with the
    cheap bots' figure beside it; the face-up triples and the house rules stay on the cheap
    bots, and say so."""
    t = w.t["tips"]
    c = f.competent
    four_start = next(r.start for r in f.seats.rows if r.n == HOUSE_PLAYERS and r.level == "cheap+")
    tenth = next((x for x in f.deal.tenths if x.n == 4), None)
    house = tables["q4_house_rules"]
    special = house[house["rules"] == "finish_on_special=off"].iloc[0]
    stalls = f.stalls
    four = next(x for x in stalls.cheap if x.n == HOUSE_PLAYERS)
    deal = [] if tenth is None else [
        w.fill(t["deal"], tenth, ten=w.pts(f.deal.ten_visible), ten_c=w.pts(c.ten),
               worst_c=w.p(c.worst), best_c=w.p(c.best_tenth))
    ]  # fmt: skip
    return [
        (
            t["swap_head"],
            [
                w.fill(t["swap"], f.swap, random_vs_keep=t["random"], keep=w.pts(c.keep)),
                w.fill(
                    t["faceup"],
                    f.faceup,
                    best=w.listed("{triple}", f.faceup.best),
                    worst=w.listed("{triple}", f.faceup.worst),
                ),
            ],
        ),
        (t["deal_head"], deal),
        (
            t["play_head"],
            [
                t["seat"][c.start_sign].format(start=w.pts(c.start), cheap=w.pts(four_start)),
                t["nine"].format(
                    nine=w.pct_ci(c.forced["9"]),
                    eight=w.pct_ci(c.forced["8"]),
                    ace=w.pct_ci(c.forced["A"]),
                    nine_cheap=w.pct(f.nine.facing["9"][0]),
                    eight_cheap=w.pct(f.nine.facing["8"][0]),
                    ace_cheap=w.pct(f.nine.facing["A"][0]),
                ),
            ],
        ),
        (
            t["stall_head"],
            [
                w.fill(
                    t["stall"],
                    stalls,
                    before=w.per10k(four.dealt),
                    after=w.per10k(four.ruled),
                    capped=w.pct_ci(c.capped),
                ),  # fmt: skip
                t["special"].format(
                    turns=w.turns(core.estimate_of(special, "turns_diff")), games=f.house.games
                ),
            ],
        ),
    ]


#: the columns of the README's tables
_COMPETENT_COLUMNS = ["measure", "value", "lo", "hi", "count", "of"]
_SWAP_COLUMNS = ["players", "swap", "games", "p", "lo", "hi", "vs_own", "vs_own_lo",
                 "vs_own_hi", "vs_keep", "vs_keep_lo", "vs_keep_hi"]  # fmt: skip


def readme(res: PooheadResults, w: _Words, f: core.Facts) -> str:
    """The report's Markdown: per question the method, finding, table, chart, field and
    command."""
    t = w.t
    tab = res.tables
    o = res.opts
    cmd = o.command()
    seed = o.seed
    c = f.competent
    out: list[core.Question] = []

    def section(key: str, method: str, finding: str, stem: str | None,
                tables: list[pd.DataFrame], extra: str = "") -> None:  # fmt: skip
        field = t[key]["field"].format(search=SEARCH, competent=c.bot)
        out.append(w.question(key, finding, tables, stem, method, field, command=cmd, extra=extra))

    # Q1
    q, s = t["q1"], f.seats
    plus = w.listed(q["cheap_plus"], [r for r in s.rows if r.level == "cheap+"])
    seats = tab["q1_seats"]
    section(
        "q1",
        q["method"].format(
            main=o.n_main, random=o.n_random, search=SEARCH, search_games=o.n_search
        ),  # fmt: skip
        q["finding"].format(
            cheap_plus=plus,
            verdict=q["verdict"][s.cheap_plus_start],
            rows=w.each(q["row"], s.rows),
            competent=w.fill(q["competent"], c),
        ),  # fmt: skip
        "q1_seats",
        [seats[["players", "level", "seat_from_starter", "games", "p", "lo", "hi", "excess"]]],
        q["simulate"].format(main=o.n_main, seed=seed),
    )

    # Q2
    q, sw = t["q2"], f.swap
    section(
        "q2",
        q["method"].format(games=o.n_swap),
        w.fill(
            q["finding"],
            sw,
            own4=w.p(sw.rows[-1].own),
            rows=w.each(q["row"], sw.rows),
            random_keep=w.pts(sw.rows[-1].random_keep),
            verdict=q["verdict"][sw.random_vs_keep],
            competent=w.fill(q["competent"][c.keep_sign], c),
        ),  # fmt: skip
        "q2_swap",
        [tab["q2_swap"][_SWAP_COLUMNS]],
        q["simulate"].format(games=o.n_swap, seed=seed),
    )

    # Q3
    q, fu = t["q3"], f.faceup

    tri = tab["q3_faceup_triples"]
    four = tri[(tri["players"] == HOUSE_PLAYERS) & (tri["games"] >= MIN_TRIPLE_GAMES)]
    section(
        "q3",
        q["method"].format(games=fu.games, min_games=MIN_TRIPLE_GAMES),
        w.fill(
            q["finding"],
            fu,
            best=w.listed(q["triple"], fu.best),
            worst=w.listed(q["triple"], fu.worst),
        ),  # fmt: skip
        "q3_faceup",
        [pd.concat([four.head(10), four.tail(10)])[["triple", "games", "p", "lo", "hi"]]],
    )
    out[-1] = dataclasses.replace(out[-1], notes=(q["table_note"],))  # after its command

    # Q4
    q, h = t["q4"], f.house

    def effects(xs: list[tuple[str, CI]], fmt: Any) -> str:
        return w.join([q["effect"].format(flag=a, value=fmt(b)) for a, b in xs])

    house = tab["q4_house_rules"]
    section(
        "q4",
        q["method"].format(games=h.games),
        w.fill(
            q["finding"],
            h,
            longer=effects(h.longer, w.turns), stalls=effects(h.stalls, w.per10k_diff),
            starter=effects(h.starter, w.pts), skill=effects(h.skill, w.pts),
            identical=w.join([f"`{x}`" for x in h.identical]),
        ),  # fmt: skip
        "q4_house_rules",
        [house[["rules", "mean_turns", "turns_diff", "turns_diff_lo", "turns_diff_hi",
                "capped", "capped_diff", "starter_p", "starter_diff", "starter_diff_lo",
                "starter_diff_hi", "skill", "skill_diff", "skill_diff_lo", "skill_diff_hi"]]],
        q["simulate"].format(games=h.games, seed=seed),
    )  # fmt: skip

    # Q5
    q, st = t["q5"], f.stalls
    stall_tab = tab["q5_stalls"]
    section(
        "q5",
        q["method"].format(games=o.n_main),
        w.fill(
            q["finding"],
            st,
            cheap=w.listed(q["setup"], st.cheap),
            loop_word=q["loop_word"][st.main_loop],
            with_rule=w.listed(q["setup_rule"], st.cheap),
            effect=w.per10k_diff(st.nine_effect_cheap_4),
            left=w.listed(q["loop"], st.left),
            cheap_plus=w.listed(q["setup"], st.cheap_plus),
        ),  # fmt: skip
        "q5_stalls",
        [stall_tab[["players", "bot", "rules", "games", "capped", "p", "lo", "hi",
                    "mean_turns", "vs_defaults", "vs_defaults_lo", "vs_defaults_hi"]],
         tab["q5_stall_patterns"]],
        q["simulate"].format(games=o.n_main, seed=seed),
    )  # fmt: skip

    # Q6
    q, d = t["q6"], f.deal
    wild = tab["q6_wild_cards"]
    section(
        "q6",
        q["method"].format(games=o.n_main),
        w.fill(
            q["finding"],
            d,
            rows=w.each(q["row"], d.rows),
            tenths=w.listed(q["tenth"], d.tenths),
            competent=w.fill(q["competent"], c),
        ),  # fmt: skip
        "q6_deal",
        [wild[wild["players"] == HOUSE_PLAYERS], tab["q6_deal_tenths"]],
    )

    # Q7
    q, nn = t["q7"], f.nine
    forced = tab["q7_forced_pickups"]
    section(
        "q7",
        q["method"],
        w.fill(
            q["finding"],
            nn,
            nine=w.p(nn.facing["9"]),  # a digit in braces is a list index, so named here
            eight=w.p(nn.facing["8"]),
            nine_minus_eight=w.listed(q["nm8"], nn.nine_minus_eight),
            verdict=q["verdict"],
            competent=w.fill(
                q["competent"],
                c,
                nine=w.p(c.forced["9"]),
                eight=w.p(c.forced["8"]),
                jack=w.p(c.forced["J"]),
                ace=w.p(c.forced["A"]),
            ),
        ),  # fmt: skip
        "q7_nine",
        [forced[(forced["players"] == HOUSE_PLAYERS)][["rules", "top", "turns_facing",
                 "forced_share", "forced_share_lo", "forced_share_hi"]],
         tab["q7_nines_and_eights"]],
    )  # fmt: skip

    # Q8
    q = t["q8"]
    tips = core.tip_list(_tip_blocks(f, tab, w), q["block"], q["item"])
    comp = tab["q8_competent"]
    comp = core.Table(comp[comp["players"] == HOUSE_PLAYERS][_COMPETENT_COLUMNS])
    method = w.fill(q["method"], c, faceup_games=f.faceup.games)
    against = w.fill(q["competent"], c, command=cmd)
    out.append(core.Question(q["title"], method, None, (against, comp, *tips, q["image"])))
    out += rulelab.report_questions("poohead", tab, w.lang, 9)
    return w.render([t["title"], t["intro"].format(command=cmd, main=o.n_main)], out)


# --- writing the folder -----------------------------------------------------------------------


#: how the report is written: its words, facts, charts, tips, README and metadata's sizes
PIECES = core.ReportPieces(_Words, facts, charts, _tip_blocks, readme, lambda res: res.opts.sizes(),
                           PNG_DPI, NAME, ("poohead_rules", VERSION))  # fmt: skip


#: the report's run (``REPORT.run(out_dir, opts, progress)``) and what ``report all`` calls
REPORT = core.OneLanguageReport(
    NAME, FOLDER, PooheadReportOptions, compute, PIECES.write, sections=SECTIONS
)
build = REPORT.build
build_all = REPORT.build_all
