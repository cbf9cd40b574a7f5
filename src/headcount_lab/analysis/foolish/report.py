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

from headcount_lab.analysis.foolish.facts import CI, FoolishFacts, facts
from headcount_lab.analysis.foolish.figures import charts
from headcount_lab.analysis.foolish.tables import (
    DUCKER,
    LEVELS,
    NAME,
    RUNGS,
    SECTIONS,
    FoolishReportOptions,
    FoolishResults,
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

    def plain(self, est: CI, digits: int = 2) -> str:
        return self.estimate("plain_ci", est, d=digits)

    def pct_ci(self, est: CI) -> str:
        return self.estimate("pct_ci", est, 100)

    def games(self, x: float) -> str:
        return str(self.t["q8"]["inf"]) if not math.isfinite(x) else f"{math.ceil(x):,}"


def _verdict(words: dict[str, str], est: CI) -> str:
    return words[sign_of(est)]


def _tip_blocks(f: FoolishFacts, w: _Words) -> list[tuple[str, list[str]]]:
    t = w.t["tips"]
    four = f.players[min(f.players)]
    balance = [
        t["lone"].format(
            players=p.players,
            mult=p.multiplier,
            gap=w.ci(p.gap["rules"], 1),
            fair=p.fair["rules"][0],
        )
        for p in f.players.values()
    ]
    balance += [
        t["pair"].format(players=p.players, pair_gap=p.pair_minus_court[0])
        for p in f.players.values()
    ]
    cards = w.t["list_sep"].join(f"{c} {v[0]:+.1f}" for c, v in four.cards.items())
    play = [
        t["cards"].format(cards=cards),
        t["joker"].format(down_pair=four.joker_down["two_fool_member"][0]),
        t["teams"].format(oracle=four.oracle["all"][0]),
        t["start"].format(start=four.positions[0][0]),
        t["crash"].format(
            lone=four.pc_lone[0],
            court=four.pc_court[0],
            advice=_verdict(t["crash_advice"], four.pc_lead),
        ),
    ]
    bonus = [
        t["bonus"].format(last_10=w.pct(four.no_trick_last[1][0]), duck=four.duck_last[1][0]),
        t["king"].format(king=100 * four.king_first[0]),
    ]
    luck = [
        t["luck"].format(stronger=r.stronger, weaker=r.weaker, need=w.games(r.need_win[0]))
        for r in f.rungs
        if math.isfinite(r.need_win[0])
    ]
    return [
        (t["balance_head"], balance),
        (t["play_head"], play),
        (t["bonus_head"], bonus),
        (t["luck_head"], luck),
    ]


#: the columns of the README's tables
_NO_TRICKS_COLUMNS = ["players", "round", "no_trick_5", "no_trick_10", "difference",
                      "difference_lo", "difference_hi", "king_first_5",
                      "king_first_10"]  # fmt: skip
_ROLES_COLUMNS = ["players", "bots", "rounds", "lone_share",
                  "lone_share_exact_fraction", "lone_fool", "two_fool_member", "court",
                  "two_fools_minus_court", "two_fools_minus_court_lo",
                  "two_fools_minus_court_hi"]  # fmt: skip


def readme(res: FoolishResults, lang: str = "en", f: FoolishFacts | None = None) -> str:
    """The report's Markdown: per question the method, finding, table, chart, bots, command."""
    w = _Words(lang)
    t = w.t
    f = f or facts(res.tables)
    tab = res.tables
    o = res.opts
    cmd = f"`{o.command()}`"
    out: list[core.Question] = []

    def section(key: str, findings: list[str], tables: list[pd.DataFrame], stem: str) -> None:
        out.append(w.question(key, " ".join(findings), tables, stem, command=cmd))

    ps = list(f.players.values())
    search = LEVELS[-1]

    q = t["q1"]
    section(
        "q1",
        [
            q["finding_n"].format(
                players=p.players,
                mult=p.multiplier,
                gap=w.ci(p.gap["rules"]),
                verdict=_verdict(t["sign"], p.gap["rules"]),
                lone_rounds=p.lone_rounds["rules"],
                gap_random=w.ci(p.gap["random"]),
                gap_search=w.ci(p.gap[search]),
                fair=w.plain(p.fair["rules"]),
                fair_random=w.plain(p.fair["random"]),
                fair_search=w.plain(p.fair[search]),
                check_mult=p.check_multiplier,
                check_gap=w.ci(p.check_gap),
                check_verdict=_verdict(t["sign"], p.check_gap),
            )
            for p in ps
        ],
        [tab["q1_lone_fool"], tab["q1_check"]],
        "q1_lone_fool",
    )

    q = t["q2"]
    section(
        "q2",
        [
            q["finding_n"].format(
                players=p.players,
                first_5=w.pct_ci(p.no_trick_first[0]),
                first_10=w.pct_ci(p.no_trick_first[1]),
                last_5=w.pct_ci(p.no_trick_last[0]),
                last_10=w.pct_ci(p.no_trick_last[1]),
                diff_lo=100 * p.no_trick_diff[0],
                diff_hi=100 * p.no_trick_diff[1],
                same_stake=t["list_sep"].join(
                    q["stake_item"].format(stake=k, share_5=w.pct_ci(a), share_10=w.pct_ci(b))
                    for k, a, b in p.same_stake
                ),
                king_5=w.pct(p.king_first[0]),
                king_10=w.pct(p.king_first[1]),
                duck_last_10=w.ci(p.duck_last[1]),
                duck_verdict=_verdict(q["duck_verdict"], p.duck_last[1]),
                duck_last_5=w.ci(p.duck_last[0]),
                duck_first_10=w.ci(p.duck_first_10),
            )
            for p in ps
        ],
        [
            tab["q2_no_tricks"][_NO_TRICKS_COLUMNS],
            tab["q2_ducking"],
        ],
        "q2_no_tricks",
    )

    q = t["q3"]
    section(
        "q3",
        [
            q["finding_n"].format(
                players=p.players,
                pair=w.plain(p.roles["two_fool_member"]),
                court=w.plain(p.roles["court"]),
                lone=w.plain(p.roles["lone_fool"]),
                pair_gap=w.ci(p.pair_minus_court),
                verdict=_verdict(q["verdict"], p.pair_minus_court),
                lone_share=w.pct_ci(p.lone_share),
                exact=p.lone_exact,
            )
            for p in ps
        ],
        [tab["q3_roles"][_ROLES_COLUMNS]],
        "q3_roles",
    )

    q = t["q4"]
    findings = []
    for p in ps:
        order = sorted(range(p.players), key=lambda i: p.positions[i][0])
        findings.append(
            q["finding_n"].format(
                players=p.players,
                start=w.ci(p.positions[0]),
                best_pos=order[-1],
                best=w.ci(p.positions[order[-1]]),
                worst_pos=order[0],
                worst=w.ci(p.positions[order[0]]),
                win_lo=min(x[0] for x in p.win_shares),
                win_hi=max(x[0] for x in p.win_shares),
                fair=1 / p.players,
            )
        )
    section(
        "q4",
        findings,
        [tab["q4_positions"], tab["q4_seats"]],
        "q4_seats",
    )

    q = t["q5"]
    section(
        "q5",
        [
            q["finding_n"].format(
                players=p.players,
                cards=t["list_sep"].join(
                    q["card_item"].format(card=c, value=w.ci(v)) for c, v in p.cards.items()
                ),
            )
            for p in ps
        ],
        [tab["q5_cards"]],
        "q5_cards",
    )

    q = t["q6"]
    section(
        "q6",
        [
            q["finding_n"].format(
                players=p.players,
                oracle=w.ci(p.oracle["all"]),
                oracle_pair=w.ci(p.oracle["two_fool_member"]),
                oracle_court=w.ci(p.oracle["court"]),
                down_pair=w.ci(p.joker_down["two_fool_member"]),
                down_lone=w.ci(p.joker_down["lone_fool"]),
                up_pair=w.pct_ci(p.face_up["two_fool_member"]),
                up_lone=w.pct_ci(p.face_up["lone_fool"]),
            )
            for p in ps
        ],
        [tab["q6_devices"], tab["q6_jokers"]],
        "q6_devices",
    )

    q = t["q7"]
    section(
        "q7",
        [
            q["finding_n"].format(
                players=p.players,
                available=w.pct_ci(p.pc_available),
                used=w.pct_ci(p.pc_used),
                lone=w.ci(p.pc_lone),
                court=w.ci(p.pc_court),
                lead=w.ci(p.pc_lead),
            )
            for p in ps
        ],
        [tab["q7_party_crasher"]],
        "q7_party_crasher",
    )

    q = t["q8"]
    section(
        "q8",
        [
            core.fill(
                q["rung"],
                r,
                win=w.ci(r.win_lead, 3),
                need_win=w.games(r.need_win[0]),
                need_win_lo=w.games(r.need_win[1]),
                need_win_hi=w.games(r.need_win[2]),
                score=w.ci(r.score_lead),
                need_score=w.games(r.need_score[0]),
                need_score_lo=w.games(r.need_score[1]),
                need_score_hi=w.games(r.need_score[2]),
            )
            for r in f.rungs
        ],
        [tab["q8_luck"]],
        "q8_luck",
    )

    q = t["q9"]
    blocks = core.tip_list(_tip_blocks(f, w), q["block"], q["item"])
    tips = core.Chart("tips.png", t["tips"]["title"])
    files = t["reproduce"].format(command=cmd, files="`tips.png`, `tips.pdf`")
    out.append(core.Question(q["title"], q["method"], None, (*blocks, tips), reproduce=files))
    head = [t["title"], t["intro"].format(command=cmd, rounds=o.n_rounds, search=o.n_search)]
    return w.render(head, out)


# --- writing the folder -----------------------------------------------------------------------


def metadata(res: FoolishResults) -> dict[str, Any]:
    """The report's inputs, sizes and versions; the commit and timings are kept from the last
    run whose files differed (see :class:`~headcount_lab.core.report.StagedFolder`)."""
    o = res.opts
    return core.report_metadata(
        NAME,
        res,
        {
            "rounds_per_setup": o.n_rounds,
            "search_rounds_per_player_count": o.n_search,
            "levels": list(LEVELS),
            "ducking_bot": DUCKER,
            "ladder": [
                {"stronger": upper, "weaker": lower, "games": o.ladder_games(i)}
                for i, (lower, upper) in enumerate(RUNGS)
            ],
        },
        ("foolish_rules", VERSION),
    )


#: how the report is written: its words, facts, charts, tips, README and metadata
PIECES = core.ReportPieces(
    _Words, facts, charts, lambda f, tables, w: _tip_blocks(f, w), readme, metadata, PNG_DPI
)


#: the report's run (``REPORT.run(out_dir, opts, progress)``) and what ``report all`` calls
REPORT = core.OneLanguageReport(
    NAME, FOLDER, FoolishReportOptions, compute, PIECES.write, check, SECTIONS
)
build = REPORT.build
build_all = REPORT.build_all
