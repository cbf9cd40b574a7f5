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
    from headcount_lab.core.words import texts

    return rulelab.questions(
        "headcount", w.tables[TABLE], w.lang, texts("rulelab")[w.lang],
        f"`{TABLE}.csv`", "{n}. {text}", 14,
    )  # fmt: skip
