"""Report sections 14 and 15 (issue 23 item 5): every house rule judged by ``compare``, by the
players as they are and by players who adapted, and the verdicts for the designer. The runs are
stored by ``scripts/rule_lab.py headcount`` (:mod:`headcount_lab.analysis.rulelab`); this section
reads them, so it costs no games. A section module of :data:`.report.EXTRA_SECTIONS`."""

from __future__ import annotations

from typing import Any

from headcount_lab.analysis import rulelab
from headcount_lab.games.headcount.rules import VERSION

TABLE = "q14_rule_lab"
TABLES = (TABLE,)
WHAT = "q14-15: house rules judged by compare (stored runs)"


def compute(pt: Any, quick: bool) -> None:
    pt.tables[TABLE] = rulelab.tidy(rulelab.load("headcount", VERSION), "headcount")


def render(w: Any) -> list[Any]:
    from dataclasses import replace

    from headcount_lab.analysis.headcount.exploitability import BAYES_TABLE
    from headcount_lab.core.report import points
    from headcount_lab.core.words import texts
    from headcount_lab.games import GAMES

    t = texts("rulelab")[w.lang]
    first, *rest = rulelab.questions(
        "headcount", w.tables[TABLE], w.lang, t, f"`{TABLE}.csv`", "{n}. {text}", 14,
    )  # fmt: skip
    # issue 22: the field the verdicts hold for is not unexploitable; say by how much, from the
    # Bayesian meter's row for that field and table size in question 12
    meta = rulelab.about(w.tables[TABLE])
    menu = GAMES["headcount"].load("bots")
    b = w.tables[BAYES_TABLE]
    same = b["bot"].map(lambda x: [menu.parse(x).canonical] == meta["field"])
    row = b[same & (b["players"] == meta["settings"]["players"]) & (b["variant"] == "standard")]
    if len(row) == 1:
        r = row.iloc[0]
        gain, lo, hi = (points(r[f"bayes_gain{c}_pp"] / 100, w.lang) for c in ("", "_low", "_high"))
        first = replace(first, finding=first.finding + " " + t["exploitable"].format(
            responder=f"bayes:field={r['bot']}", gain=gain, lo=lo, hi=hi, q=12,
        ))  # fmt: skip
    return [first, *rest]
