"""The Foolish Faces report: the Lone Fool's balance, the No Tricks bonus, roles, seats, cards,
knowing the teams, Party Crasher, luck against skill, and a tip chart.

Three steps, each a plain function of the one before:

1. compute: :func:`~headcount_lab.analysis.foolish.tables.compute` (tables, saved as CSV) and
   :func:`~headcount_lab.analysis.foolish.facts.facts` (the numbers the text quotes);
2. charts: :func:`~headcount_lab.analysis.foolish.figures.charts`, labels from the text;
3. text: :func:`readme` and the tip chart's blocks (``PIECES.tip_blocks``) fill the words of
   ``[foolish]`` in ``headcount_lab/words/en.toml`` (:mod:`~headcount_lab.core.words`)
   from the facts.

:func:`build_all` writes the report under a root folder for ``report all`` (English only: the
platform's other reports have no German text for this game to share).
"""

from __future__ import annotations

import math
from typing import Any

import pandas as pd

from headcount_lab.analysis import rulelab
from headcount_lab.analysis.foolish.facts import CI, facts
from headcount_lab.analysis.foolish.figures import charts
from headcount_lab.analysis.foolish.tables import (
    DUCKER,
    LEVELS,
    NAME,
    RUNGS,
    SECTIONS,
    FoolishReportOptions,
    check,
    compute,
)
from headcount_lab.core import report as core
from headcount_lab.core.stats import sign_of
from headcount_lab.core.words import texts
from headcount_lab.games.foolish.rules import VERSION

#: the report's folder under the reports' root, by language
FOLDERS = {"en": "foolish-faces"}
#: language -> the report's words (headcount_lab/words/<lang>.toml, [foolish])
TEXT = texts("foolish")
FOLDER = FOLDERS["en"]
PNG_DPI = 120


class _Words(core.Words):
    """Fills one language's sentences: intervals, percentages and tables."""

    texts = TEXT
    scaled = {"pct_ci": 100}

    def plain(self, est: CI, digits: int = 2) -> str:
        return self.estimate("plain_ci", est, d=digits)

    def needed(self, x: float) -> str:
        """Games needed, rounded up (unbounded when an interval reaches zero)."""
        return str(self.t["q8"]["inf"]) if not math.isfinite(x) else f"{math.ceil(x):,}"


def _verdict(words: dict[str, str], est: CI) -> str:
    return words[sign_of(est)]


def _tip_blocks(f: core.Facts, w: _Words) -> list[tuple[str, list[str]]]:
    t = w.t["tips"]
    four = f.players[min(f.players)]
    balance = [w.fill(t["lone"], p) for p in f.players.values()]
    balance += [w.fill(t["pair"], p) for p in f.players.values()]
    cards = w.t["list_sep"].join(f"{c} {v[0]:+.1f}" for c, v in four.competent_cards.items())
    play = [
        t["cards"].format(cards=cards),
        w.fill(t["joker"], four),
        w.fill(t["teams"], four),
        w.fill(t["start"], four),
        w.fill(t["crash"], four, advice=_verdict(t["crash_advice"], four.pc_lead)),
    ]
    bonus = [w.fill(t["bonus"], four), t["king"].format(king=100 * four.king_first[0])]
    luck = [w.fill(t["luck"], r) for r in f.rungs if math.isfinite(r.need_win[0])]
    return [
        (t["balance_head"], balance),
        (t["play_head"], play),
        (t["bonus_head"], bonus),
        (t["luck_head"], luck),
    ]


#: the questions asked of each player count: the key of their words, their tables and chart;
#: a sentence ``finding_n`` per player count, filled by ``_Words.fill`` from the player count's
#: facts and :func:`_worked_out`
_PER_PLAYERS = (
    ("q1", ("q1_lone_fool", "q1_check", "q1_competent"), "q1_lone_fool"),
    ("q2", ("q2_no_tricks", "q2_ducking"), "q2_no_tricks"),
    ("q3", ("q3_roles", "q3_competent_roles"), "q3_roles"),
    ("q4", ("q4_positions", "q4_seats", "q4_competent_positions"), "q4_seats"),
    ("q5", ("q5_cards", "q5_competent_cards"), "q5_cards"),
    ("q6", ("q6_devices", "q6_jokers"), "q6_devices"),
    ("q7", ("q7_party_crasher",), "q7_party_crasher"),
)
ROLE_COLUMNS = ["players", "bots", "rounds", "lone_share", "lone_share_exact_fraction", "lone_fool",
                "two_fool_member", "court", "two_fools_minus_court", "two_fools_minus_court_lo",
                "two_fools_minus_court_hi"]  # fmt: skip
#: the columns of the README's tables that do not show all of theirs
_COLUMNS = {
    "q2_no_tricks": ["players", "round", "no_trick_5", "no_trick_10", "difference",
                     "difference_lo", "difference_hi", "king_first_5", "king_first_10"],
    "q3_roles": ROLE_COLUMNS,
    "q3_competent_roles": ROLE_COLUMNS,
}  # fmt: skip


def _worked_out(p: core.Facts, w: _Words) -> dict[str, dict[str, Any]]:
    """The fields of each question's sentence that are worked out from one player count's
    facts, not quoted (verdicts, extremes, lists), by question."""
    t = w.t
    order = sorted(range(p.players), key=lambda i: p.positions[i][0])

    def cards(values: dict[str, CI]) -> str:
        return t["list_sep"].join(
            t["q5"]["card_item"].format(card=c, value=w.ci(v)) for c, v in values.items()
        )

    return {
        "q1": {
            "verdict": _verdict(t["sign"], p.gap["rules"]),
            "check_verdict": _verdict(t["sign"], p.check_gap),
            "competent_verdict": _verdict(t["sign"], p.competent_gap),
        },
        "q2": {
            "diff_lo": 100 * p.no_trick_diff[0],
            "diff_hi": 100 * p.no_trick_diff[1],
            "same_stake": w.each(t["q2"]["stake_item"], p.same_stake, "list_sep"),
            "duck_verdict": _verdict(t["q2"]["duck_verdict"], p.duck_last[1]),
        },
        "q3": {
            "verdict": _verdict(t["q3"]["verdict"], p.pair_minus_court),
            "competent_verdict": _verdict(t["q3"]["verdict"], p.competent_pair),
        },
        "q4": {
            "best_pos": order[-1],
            "best": w.ci(p.positions[order[-1]]),
            "worst_pos": order[0],
            "worst": w.ci(p.positions[order[0]]),
            "win_lo": min(x[0] for x in p.win_shares),
            "win_hi": max(x[0] for x in p.win_shares),
            "fair": 1 / p.players,
        },
        "q5": {"cards": cards(p.cards), "competent_cards": cards(p.competent_cards)},
    }


def readme(res: core.Results, w: _Words, f: core.Facts) -> str:
    """The report's Markdown: per question the method, finding, table, chart, bots, command."""
    t = w.t
    tab = res.tables
    o = res.opts
    cmd = f"`{o.command()}`"
    out: list[core.Question] = []

    def section(key: str, findings: list[str], tables: list[pd.DataFrame], stem: str) -> None:
        out.append(w.question(key, " ".join(findings), tables, stem, command=cmd))

    worked = {n: _worked_out(p, w) for n, p in f.players.items()}
    for key, names, stem in _PER_PLAYERS:
        findings = [
            w.fill(t[key]["finding_n"], p, **worked[n].get(key, {})) for n, p in f.players.items()
        ]
        tables = [tab[x][_COLUMNS[x]] if x in _COLUMNS else tab[x] for x in names]
        section(key, findings, tables, stem)

    section("q8", [w.fill(t["q8"]["rung"], r) for r in f.rungs], [tab["q8_luck"]], "q8_luck")

    q = t["q9"]
    blocks = core.tip_list(_tip_blocks(f, w), q["block"], q["item"])
    tips = core.Chart("tips.png", t["tips"]["title"])
    files = t["reproduce"].format(command=cmd, files="`tips.png`, `tips.pdf`")
    out.append(core.Question(q["title"], q["method"], None, (*blocks, tips), reproduce=files))
    out += rulelab.report_questions("foolish", tab, w.lang, 10)
    head = [t["title"], t["intro"].format(command=cmd, rounds=o.n, search=o.n_search)]
    return w.render(head, out)


# --- writing the folder -----------------------------------------------------------------------


def sizes(res: core.Results) -> dict[str, Any]:
    """The report's inputs and sizes, as ``metadata.json`` records them."""
    o = res.opts
    return {
        "rounds_per_setup": o.n,
        "search_rounds_per_player_count": o.n_search,
        "levels": list(LEVELS),
        "ducking_bot": DUCKER,
        "ladder": [
            {"stronger": upper, "weaker": lower, "games": o.ladder_games(i)}
            for i, (lower, upper) in enumerate(RUNGS)
        ],
    }


#: how the report is written: its words, facts, charts, tips, README and metadata's sizes
PIECES = core.ReportPieces(_Words, facts, charts, lambda f, tables, w: _tip_blocks(f, w),
                           readme, sizes, PNG_DPI, NAME, ("foolish_rules", VERSION))  # fmt: skip


#: the report's run (``REPORT.run(out_dir, opts, progress)``) and what ``report all`` calls
REPORT = core.OneLanguageReport(
    NAME, FOLDER, FoolishReportOptions, compute, PIECES.write, check, SECTIONS
)
build = REPORT.build
build_all = REPORT.build_all
