"""Tournaments: a runner job playing whole games with one bot per seat, and its summary.

Statistics per bot (sums merged across blocks) give the mean game score and the win share (F17:
tied winners share) with normal 95% intervals, and the mean round score by role (Lone Fool, one
of two Fools, Court) with its interval; the block also counts rounds, Lone Fool rounds and
Party Crashers.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from headcount_lab.core.competent import Seats, seats, table_job
from headcount_lab.core.runner import Job
from headcount_lab.core.tournament import Tournament
from headcount_lab.games.foolish.agents import ISMCTS, PIMC, policy_params
from headcount_lab.games.foolish.rules import VERSION, FoolishRules

#: Games per block (divisible by 4 and 5 so that rotated seats balance within a block).
BLOCK = 1000
BLOCK_PIMC = 20  # with a search bot (pimc, ismcts) in the game
ROLES = ("lone_fool", "two_fool_member", "court")


def parse_bots(text: str, players: int) -> list[str]:
    """One bot spec per seat, as typed (``rules:keep=0.3,duck=0,random,...``: an item
    ``key=value`` belongs to the bot before it); names and parameters checked by the menu."""
    from headcount_lab.games.foolish.bots import MENU

    return [b.text for b in MENU.parse_list(text, players)]


def tournament(
    rules: FoolishRules, bots: str, players: int, games: int, rotate: bool
) -> Tournament:
    """The ``simulate`` tournament (:class:`~headcount_lab.core.tournament.Tournament`): the job,
    its JSON summary (the fields of issue 13: per-bot rows, ``rounds``, ``lone_fool_rounds``,
    ``party_crashers``) and the record of its first games."""
    from headcount_lab.games.foolish.record import record_games

    if rules.players != players:
        raise ValueError(f"the rules are for {rules.players} players, not {players}")
    table = seats("foolish", bots, players, rules)
    names = list(table.typed)
    job = make_job(rules, table, games, rotate)

    def summary(stats: dict[str, np.ndarray], seed: int) -> dict[str, Any]:
        out = {
            "players": players,
            "games": games,
            "seed": seed,
            "rotate_seats": rotate,
            "rules": rules.as_dict(),
            "rounds": int(stats["rounds"][0]),
            "lone_fool_rounds": int(stats["lone_fool_rounds"][0]),
            "party_crashers": int(stats["crashes"][0]),
            "bots": summarize(stats, names),
        }
        return table.summarize(out, stats, games)

    return Tournament(
        job,
        summary,
        table.record(lambda seed, k: record_games(rules, list(table.played), seed, k, rotate)),
        min(games, job.block_size),
    )


def print_summary(res: dict[str, Any]) -> None:
    """The text form of ``foolish simulate``."""
    print(
        f"{res['games']} games, {res['players']} players, seed {res['seed']}"
        + (", seats rotated" if res["rotate_seats"] else "")
        + f"; {res['rounds']} rounds, {res['lone_fool_rounds']} with a Lone Fool"
    )
    print(
        f"{'bot':<14} {'win share':>9}  {'95% CI':<16} {'mean':>7}  {'95% CI':<17}"
        "  round score: lone / two-fool / court"
    )
    from headcount_lab.core.stats import ci_text

    for r in res["bots"]:
        g = r["games"]
        roles = " / ".join(
            "-" if v["mean"] is None else f"{v['mean']:.2f}"
            for v in r["round_score_by_role"].values()
        )
        print(
            f"{r['bot']:<14} {r['win_share']:>9.3f}  {ci_text(r['win_share_ci95'], '.3f', g):<14}"
            f"  {r['mean']:>7.2f}  {ci_text(r['ci95'], '.2f', g)}  {roles}"
        )
    if "record" in res:
        print(f"recorded {res['record']['games']} games in {res['record']['file']}")


#: the statistics whose first axis is the bot (:func:`headcount_lab.core.competent.table_job`)
BY_BOT = ("games", "score_sum", "score_sq", "win60", "win60_sq", "role_rounds", "role_sum",
          "role_sq")  # fmt: skip


def make_job(rules: FoolishRules, bots: list[str] | Seats, games: int, rotate: bool) -> Job:
    return table_job(
        "foolish-simulate", "headcount_lab.games.foolish.kernels", rules, VERSION, bots, rotate,
        policy_params, BY_BOT, games,
        lambda ids: BLOCK_PIMC if ((ids == PIMC) | (ids == ISMCTS)).any() else BLOCK, "games",
    )  # fmt: skip


def summarize(stats: dict[str, np.ndarray], bots: list[str]) -> list[dict[str, Any]]:
    """One row per bot: mean game score and win share with 95% CIs, mean round score by role."""
    from headcount_lab.core.stats import PROPORTION, Z95_ROUNDED, mean

    rows = []
    for j, name in enumerate(bots):
        g = int(stats["games"][j])
        score = mean(float(stats["score_sum"][j]), float(stats["score_sq"][j]), g, z=Z95_ROUNDED)
        win = mean(stats["win60"][j] / 60, stats["win60_sq"][j] / 3600, g, z=Z95_ROUNDED,
                   bounds=PROPORTION)  # fmt: skip
        roles = {}
        for k, role in enumerate(ROLES):
            c = int(stats["role_rounds"][j, k])
            m = mean(float(stats["role_sum"][j, k]), float(stats["role_sq"][j, k]), c, "round",
                     z=Z95_ROUNDED)  # fmt: skip
            roles[role] = {"rounds": c, "mean": m.value, "ci95": m.ci_json}
        rows.append(
            {
                "seat_bot": j,
                "bot": name,
                "games": g,
                "mean": score.value,
                "ci95": score.ci_json,
                "win_share": win.value,
                "win_share_ci95": win.ci_json,
                "round_score_by_role": roles,
            }
        )
    return rows
