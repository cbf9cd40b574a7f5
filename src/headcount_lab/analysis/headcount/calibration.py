"""Report section 13: are the bots' beliefs calibrated? (issue 11 item 3) A section module of
:data:`.report.EXTRA_SECTIONS`: :func:`compute` adds the table of the measuring device
:func:`headcount_lab.research.headcount.calibration.calibration_table` (stated against observed
call wins by decile), :func:`render` writes it."""

from __future__ import annotations

from typing import Any

from headcount_lab.research.headcount.calibration import (
    FIELDS,
    calibration_figure,
    calibration_table,
)

TABLE = "q13_calibration"
TABLES = (TABLE,)
WHAT = "q13: calibration, stated against observed call wins"
GAMES, QUICK_GAMES = 4000, 300  #: 4-seat games per field


def work(quick: bool) -> tuple[int, str]:
    """The section's work for its progress bar: games in all."""
    return len(FIELDS) * (QUICK_GAMES if quick else GAMES), "games"


def compute(pt: Any, quick: bool, tick: Any = None) -> None:
    games = QUICK_GAMES if quick else GAMES
    pt.tables[TABLE] = calibration_table(games, int(pt.meta["seed"]), tick=tick)


def render(w: Any) -> list[Any]:
    t = w.t["calibration"]  # [headcount.calibration] of the language files
    table = w.tables[TABLE]
    games = QUICK_GAMES if w.opts.quick else GAMES
    chart = w.save_fig(calibration_figure(table), TABLE)
    findings = []
    for (field, bot), g in table.groupby(["field", "bot"], sort=False):
        err = g["stated_minus_observed_pp"]
        lo, hi = w.num(float(err.min()), 1), w.num(float(err.max()), 1)
        findings.append(
            "- " + t["finding"].format(bot=bot.partition(":")[0], field=field, lo=lo, hi=hi)
        )
    method = t["method"].format(games=w.count(games), seed=w.opts.seed)
    shown = w.table(table.drop(columns=["ci95_low", "ci95_high"]))
    # the finding is the list alone, after the sentence naming the fields
    return [w.block(t["title"], method, shown, chart, "\n\n" + "\n".join(findings),
                        w.holds(t["holds"]), alt=t["figure"])]  # fmt: skip
