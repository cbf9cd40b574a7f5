"""Tournaments: a runner job playing whole matches with one bot per seat, and its summary.

Statistics per bot (sums merged across blocks) give the mean match score with a normal 95%
interval, the share of wins (W10: tied winners share), and how often the bot made its bid by
hand size.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from headcount_lab.core.competent import Seats, seats, table_job
from headcount_lab.core.runner import Job
from headcount_lab.core.stats import Z95_ROUNDED, ci_text, mean, mean_sd
from headcount_lab.games.whist.agents import MONTECARLO, policy_params
from headcount_lab.games.whist.rules import MAX_CARDS, VERSION, WhistRules

#: Matches per block (divisible by 3..6 so that rotated seats balance within a block).
BLOCK = 1200
BLOCK_MONTECARLO = 60


def parse_bots(text: str, players: int) -> list[str]:
    """One bot spec per seat, as typed (the summary names bots as the user wrote them)."""
    from headcount_lab.games.whist.agents import MENU

    return [b.text for b in MENU.parse_list(text, players)]


def tournament(rules: WhistRules, bots: str, players: int, matches: int, rotate: bool):  # type: ignore[no-untyped-def]
    """The ``simulate`` tournament (:class:`~headcount_lab.core.tournament.Tournament`)."""
    from headcount_lab.core.tournament import Tournament
    from headcount_lab.games.whist.record import record_matches

    table = seats("whist", bots, players, rules)
    names = list(table.typed)
    job = make_job(rules, table, matches, rotate)

    def summary(stats: dict[str, np.ndarray], seed: int) -> dict[str, Any]:
        out = {
            "players": players,
            "matches": matches,
            "seed": seed,
            "rotate_seats": rotate,
            "rules": rules.as_dict(),
            "bots": summarize(stats, names),
        }
        return table.summarize(out, stats, matches)

    return Tournament(
        job,
        summary,
        table.record(lambda seed, k: record_matches(rules, list(table.played), seed, k, rotate)),
        min(matches, job.block_size),
    )


#: the statistics whose first axis is the bot (:func:`headcount_lab.core.competent.table_job`)
BY_BOT = ("matches", "score_sum", "score_sq", "win60", "made", "hands")


def make_job(rules: WhistRules, bots: list[str] | Seats, matches: int, rotate: bool) -> Job:
    return table_job(
        "whist-simulate", "headcount_lab.games.whist.kernels", rules, VERSION, bots, rotate,
        policy_params, BY_BOT, matches,
        lambda ids: BLOCK_MONTECARLO if (ids == MONTECARLO).any() else BLOCK, "matches",
    )  # fmt: skip


def summarize(stats: dict[str, np.ndarray], bots: list[str]) -> list[dict[str, Any]]:
    """One row per bot: mean score, 95% CI, standard deviation, win rate, bids made by size
    (the interval and the standard deviation are None from a single match)."""
    rows = []
    for j, name in enumerate(bots):
        m = int(stats["matches"][j])
        score = mean(stats["score_sum"][j], stats["score_sq"][j], m, "match", z=Z95_ROUNDED)
        sd = float(mean_sd(stats["score_sum"][j], stats["score_sq"][j], m)[1]) if m > 1 else None
        made = {
            str(k): float(stats["made"][j, k] / stats["hands"][j, k])
            for k in range(1, MAX_CARDS + 1)
            if stats["hands"][j, k]
        }
        rows.append(
            {
                "seat_bot": j,
                "bot": name,
                "matches": m,
                "mean": float(score.value),  # type: ignore[arg-type]  # m >= 1
                "ci95": None if score.ci is None else [float(v) for v in score.ci],
                "sd": sd,
                "win_rate": float(stats["win60"][j] / 60 / m),
                "made_by_cards": made,
            }
        )
    return rows


def print_summary(res: dict[str, Any]) -> None:
    """The text form of ``whist simulate``."""
    print(
        f"{res['matches']} matches, {res['players']} players, seed {res['seed']}"
        + (", seats rotated" if res["rotate_seats"] else "")
    )
    print(f"{'bot':<16} {'mean':>8}  {'95% CI':<19} {'wins':>6}  made by hand size 1..8")
    for r in res["bots"]:
        made = " ".join(f"{v:.2f}" for v in r["made_by_cards"].values())
        ci = ci_text(r["ci95"], ">7.2f", r["matches"], "match")
        print(f"{r['bot']:<16} {r['mean']:>8.2f}  {ci:<18} {r['win_rate']:>6.3f}  {made}")
    if "record" in res:
        print(f"recorded {res['record']['games']} matches in {res['record']['file']}")
