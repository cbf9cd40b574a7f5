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
from headcount_lab.analysis.poohead.facts import facts
from headcount_lab.analysis.poohead.figures import charts
from headcount_lab.analysis.poohead.tables import (
    HOUSE_PLAYERS,
    MIN_TRIPLE_GAMES,
    NAME,
    SEARCH,
    SECTIONS,
    PooheadReportOptions,
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
    t, c = w.t["tips"], f.competent
    four_start = next(r.start for r in f.seats.rows if r.n == HOUSE_PLAYERS and r.level == "cheap+")
    tenth = next((x for x in f.deal.tenths if x.n == 4), None)
    house = tables["q4_house_rules"]
    special = core.estimate_of(
        house[house["rules"] == "finish_on_special=off"].iloc[0], "turns_diff"
    )
    four = next(x for x in f.stalls.cheap if x.n == HOUSE_PLAYERS)
    triples = {k: w.listed("{triple}", getattr(f.faceup, k)) for k in ("best", "worst")}
    swap = [
        w.fill(t["swap"], f.swap, random_vs_keep=t["random"], keep=w.pts(c.keep)),
        w.fill(t["faceup"], f.faceup, **triples),
    ]
    deal = [] if tenth is None else [
        w.fill(t["deal"], tenth, ten=w.pts(f.deal.ten_visible), ten_c=w.pts(c.ten),
               worst_c=w.p(c.worst), best_c=w.p(c.best_tenth))
    ]  # fmt: skip
    play = [
        w.fill(t["seat"][c.start_sign], c, cheap=w.pts(four_start)),
        w.fill(t["nine"], core.Facts(forced=c.forced, facing=f.nine.facing)),
    ]
    before, after = w.per10k(four.dealt), w.per10k(four.ruled)
    stall = [
        w.fill(t["stall"], f.stalls, before=before, after=after, capped=w.pct_ci(c.capped)),
        t["special"].format(turns=w.turns(special), games=f.house.games),
    ]
    heads = ("swap_head", "deal_head", "play_head", "stall_head")
    return [(t[h], lines) for h, lines in zip(heads, (swap, deal, play, stall), strict=True)]


#: the columns of the README's tables that do not show all of theirs
_COLUMNS = {
    "q1_seats": ["players", "level", "seat_from_starter", "games", "p", "lo", "hi", "excess"],
    "q2_swap": ["players", "swap", "games", "p", "lo", "hi", "vs_own", "vs_own_lo", "vs_own_hi",
                "vs_keep", "vs_keep_lo", "vs_keep_hi"],
    "q3_faceup_triples": ["triple", "games", "p", "lo", "hi"],
    "q4_house_rules": ["rules", "mean_turns", "turns_diff", "turns_diff_lo", "turns_diff_hi",
                       "capped", "capped_diff", "starter_p", "starter_diff", "starter_diff_lo",
                       "starter_diff_hi", "skill", "skill_diff", "skill_diff_lo", "skill_diff_hi"],
    "q5_stalls": ["players", "bot", "rules", "games", "capped", "p", "lo", "hi", "mean_turns",
                  "vs_defaults", "vs_defaults_lo", "vs_defaults_hi"],
    "q7_forced_pickups": ["rules", "top", "turns_facing", "forced_share", "forced_share_lo",
                          "forced_share_hi"],
    "q8_competent": ["measure", "value", "lo", "hi", "count", "of"],
}  # fmt: skip
#: questions 1-7: the key of their words, their facts, chart and tables (the 4-player rows
#: only of the tables named with ``"4"``)
_QUESTIONS = (
    ("q1", "seats", "q1_seats", ("q1_seats",)),
    ("q2", "swap", "q2_swap", ("q2_swap",)),
    ("q3", "faceup", "q3_faceup", ("q3_faceup_triples",)),
    ("q4", "house", "q4_house_rules", ("q4_house_rules",)),
    ("q5", "stalls", "q5_stalls", ("q5_stalls", "q5_stall_patterns")),
    ("q6", "deal", "q6_deal", ("q6_wild_cards:4", "q6_deal_tenths")),
    ("q7", "nine", "q7_nine", ("q7_forced_pickups:4", "q7_nines_and_eights")),
)


def _table(tab: dict[str, pd.DataFrame], name: str) -> pd.DataFrame:
    """A table of the README: the CSV ``name`` (``name:4``: its rows at 4 players), in its
    columns of :data:`_COLUMNS`; the face-up triples' ten best and ten worst at 4 players."""
    name, _, four = name.partition(":")
    df = tab[name]
    if name == "q3_faceup_triples":
        df = df[(df["players"] == HOUSE_PLAYERS) & (df["games"] >= MIN_TRIPLE_GAMES)]
        df = pd.concat([df.head(10), df.tail(10)])
    elif four:
        df = df[df["players"] == HOUSE_PLAYERS]
    return df[_COLUMNS[name]] if name in _COLUMNS else df


def _worked_out(f: core.Facts, w: _Words) -> dict[str, dict[str, Any]]:
    """The fields of each question's finding that are worked out from the facts, not quoted
    (verdicts, lists, the competent field's sentence), by question."""
    t, c = w.t, f.competent

    q1, q2, q5 = t["q1"], t["q2"], t["q5"]
    four = f.swap.rows[-1]
    return {
        "q1": {
            "cheap_plus": w.listed(
                q1["cheap_plus"], [r for r in f.seats.rows if r.level == "cheap+"]
            ),
            "verdict": q1["verdict"][f.seats.cheap_plus_start],
            "rows": w.each(q1["row"], f.seats.rows),
            "competent": w.fill(q1["competent"], c),
        },
        "q2": {
            "own4": w.p(four.own),
            "rows": w.each(q2["row"], f.swap.rows),
            "random_keep": w.pts(four.random_keep),
            "verdict": q2["verdict"][f.swap.random_vs_keep],
            "competent": w.fill(q2["competent"][c.keep_sign], c),
        },
        "q3": {
            "best": w.listed(t["q3"]["triple"], f.faceup.best),
            "worst": w.listed(t["q3"]["triple"], f.faceup.worst),
        },
        "q4": {
            "longer": w.listed(t["q4"]["effect_turns"], f.house.longer),
            "stalls": w.listed(t["q4"]["effect_per10k"], f.house.stalls),
            "starter": w.listed(t["q4"]["effect_pts"], f.house.starter),
            "skill": w.listed(t["q4"]["effect_pts"], f.house.skill),
            "identical": w.join([f"`{x}`" for x in f.house.identical]),
        },
        "q5": {
            "cheap": w.listed(q5["setup"], f.stalls.cheap),
            "loop_word": q5["loop_word"][f.stalls.main_loop],
            "with_rule": w.listed(q5["setup_rule"], f.stalls.cheap),
            "effect": w.per10k_diff(f.stalls.nine_effect_cheap_4),
            "left": w.listed(q5["loop"], f.stalls.left),
            "cheap_plus": w.listed(q5["setup"], f.stalls.cheap_plus),
        },
        "q6": {
            "rows": w.each(t["q6"]["row"], f.deal.rows),
            "tenths": w.listed(t["q6"]["tenth"], f.deal.tenths),
            "competent": w.fill(t["q6"]["competent"], c),
        },
        "q7": {
            "nine_minus_eight": w.listed(t["q7"]["nm8"], f.nine.nine_minus_eight),
            "verdict": t["q7"]["verdict"],
            "competent": w.fill(t["q7"]["competent"], c),
        },
    }


def readme(res: core.Results, w: _Words, f: core.Facts) -> str:
    """The report's Markdown: per question the method, finding, table, chart, field and
    command."""
    t, tab, o, c = w.t, res.tables, res.opts, f.competent
    cmd = o.command()
    # what the methods, fields and checks quote: the run's sizes (``opts.sizes()``) and set-up
    run = {
        **o.sizes(),
        "seed": o.seed,
        "search": SEARCH,
        "competent": c.bot,
        "faceup_games": f.faceup.games,
        "min_games": MIN_TRIPLE_GAMES,
    }
    worked = _worked_out(f, w)
    out = [
        w.question(
            key,
            w.fill(t[key]["finding"], getattr(f, facts), **worked[key]),
            [_table(tab, x) for x in tables],
            stem,
            t[key]["method"].format(**run),
            t[key]["field"].format(**run),
            command=cmd,
            extra=t[key].get("simulate", "").format(**run),
        )
        for key, facts, stem, tables in _QUESTIONS
    ]
    out[2] = dataclasses.replace(out[2], notes=(t["q3"]["table_note"],))  # after its command
    q = t["q8"]
    tips = core.tip_list(_tip_blocks(f, tab, w), q["block"], q["item"])
    comp = core.Table(_table(tab, "q8_competent:4"))
    method = w.fill(q["method"], c, faceup_games=f.faceup.games)
    against = w.fill(q["competent"], c, command=cmd)
    out.append(core.Question(q["title"], method, None, (against, comp, *tips, q["image"])))
    out += rulelab.report_questions("poohead", tab, w.lang, 9)
    return w.render([t["title"], t["intro"].format(command=cmd, main=o.n)], out)


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
