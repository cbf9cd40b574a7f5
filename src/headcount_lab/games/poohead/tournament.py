"""Tournaments: a runner job playing whole games with one bot per seat, and its summary.

:func:`tournament` is what the registry names for ``poohead simulate``. P(Poohead) per bot and
per seat relative to the start player carry 95% Wilson intervals; capped games (P20) are counted
apart and, with ``cap_outcome=none``, left out of every rate.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from headcount_lab.core import stats
from headcount_lab.core.competent import Seats, seats, table_job
from headcount_lab.core.runner import Job
from headcount_lab.core.tournament import Tournament
from headcount_lab.games.poohead.bots import MENU
from headcount_lab.games.poohead.rules import VERSION, PooheadRules

#: Games per block (divisible by 2, 3 and 4 so that rotated seats balance within a block).
BLOCK = 6000


def parse_bots(text: str, players: int) -> list[str]:
    """One bot spec per seat, as typed (the summary names bots as the user wrote them)."""
    return [b.text for b in MENU.parse_list(text, players)]


def tournament(
    rules: PooheadRules, bots: str, players: int, games: int, rotate: bool
) -> Tournament:
    """The ``simulate`` tournament: the job, its summary (P(Poohead) by bot and by seat with the
    counts issue 14 asks for: ``games``, ``capped``, ``poohead_by_seat``) and its record."""
    from headcount_lab.games.poohead.record import record_games

    table = seats("poohead", bots, players, rules)
    names = list(table.typed)
    job = make_job(rules, table, games, rotate)

    def summary(stats: dict[str, np.ndarray], seed: int) -> dict[str, Any]:
        out = {
            "game": "poohead",
            "players": players,
            "seed": seed,
            "rotate_seats": rotate,
            "rules": rules.as_dict(),
            **summarize(stats, names, rules),
        }
        return table.summarize(out, stats, games)

    return Tournament(
        job,
        summary,
        table.record(lambda seed, k: record_games(rules, list(table.played), seed, k, rotate)),
        min(games, job.block_size),
    )


#: the statistics whose first axis is the bot (:func:`headcount_lab.core.competent.table_job`)
BY_BOT = ("poohead_bot", "games_bot_rel", "poohead_bot_rel", "place_bot")


def make_job(rules: PooheadRules, bots: list[str] | Seats, games: int, rotate: bool) -> Job:
    from headcount_lab.games.poohead.agents import policy_params

    return table_job(
        "poohead-simulate", "headcount_lab.games.poohead.kernels", rules, VERSION, bots, rotate,
        policy_params, BY_BOT, games, lambda ids: BLOCK, "games",
    )  # fmt: skip


def _rate(k: float, n: float) -> dict[str, Any]:
    """``{"p", "ci95"}``, both None without a counted game (every game capped, P20)."""
    est = stats.rate(k, int(n))
    return {"p": est.value, "ci95": est.ci_json}


def turn_quantiles(hist: np.ndarray) -> dict[str, int]:
    """Quantiles of game length in turns (the last bin holds the capped games)."""
    cum = np.cumsum(hist)
    total = int(cum[-1])
    out = {}
    for q in (0.5, 0.9, 0.99, 0.999):
        out[f"q{q:g}"] = int(np.searchsorted(cum, q * total)) if total else 0
    out["max"] = int(np.flatnonzero(hist)[-1]) if total else 0
    return out


def summarize(stats: dict[str, np.ndarray], bots: list[str], rules: PooheadRules) -> dict[str, Any]:
    """P(Poohead) by bot and by seat relative to the starter (95% CIs), finishing places, the
    turn-length distribution and the capped share."""
    from headcount_lab.games.poohead.kernels import SHARE

    n = rules.players
    games = int(stats["games"][0])
    capped = int(stats["capped"][0])
    counted = games if rules.cap_outcome == "most_cards" else games - capped
    by_bot = stats["poohead_bot"] / SHARE
    by_rel = stats["poohead_rel"] / SHARE
    games_bot = stats["games_bot_rel"].sum(axis=1)
    most = rules.cap_outcome == "most_cards"
    # games that count for a bot or seat: all of them under most_cards, else the uncapped ones
    # (every uncapped game gives each seat exactly one finishing place)
    counted_bot = games_bot if most else stats["place_bot"].sum(axis=1)
    counted_rel = stats["games_bot_rel"].sum(axis=0) if most else stats["place_rel"].sum(axis=1)
    rows = []
    for j, name in enumerate(bots):
        rows.append(
            {
                "seat_bot": j,
                "bot": name,
                "poohead": float(by_bot[j]),
                "games": int(games_bot[j]),
                "counted_games": int(counted_bot[j]),
                "p_poohead": _rate(float(by_bot[j]), float(counted_bot[j])),
                "places": stats["place_bot"][j].tolist(),
            }
        )
    h = stats["turns_hist"]
    nonzero = np.flatnonzero(h)
    return {
        "games": games,
        "capped": capped,
        "capped_share": _rate(capped, games),
        "counted_games": counted,
        "poohead_by_seat": [int(round(x)) for x in by_rel],
        "p_poohead_by_seat": [_rate(float(by_rel[r]), float(counted_rel[r])) for r in range(n)],
        "places_by_seat": stats["place_rel"].tolist(),
        "bots": rows,
        "turns": {
            "mean": float((h * np.arange(h.size)).sum() / h.sum()) if h.sum() else 0.0,
            **turn_quantiles(h),
            "histogram": {str(int(i)): int(h[i]) for i in nonzero},
        },
    }


def print_summary(res: dict[str, Any]) -> None:
    """The text form of ``simulate``: P(Poohead) by bot and by seat from the starter, places,
    game length and the capped games."""
    cs = res["capped_share"]
    print(
        f"{res['games']} games, {res['players']} players, seed {res['seed']}"
        + (", seats rotated" if res["rotate_seats"] else "")
        + f"; capped {res['capped']} ({cs['p']:.4f}), counted apart"
    )
    print(f"{'bot':<16} {'P(Poohead)':>10}  {'95% CI':<17} places 1..{res['players']}")
    for r in res["bots"]:
        print(
            f"{r['bot']:<16} {_p_text(r['p_poohead'], '>10.4f')} " + " ".join(map(str, r["places"]))
        )
    print("seat from the starter (0 = starter):")
    for i, p in enumerate(res["p_poohead_by_seat"]):
        print(f"  {i}: {_p_text(p, '.4f')}")
    t = res["turns"]
    print(f"turns: mean {t['mean']:.1f}, median {t['q0.5']}, 99% {t['q0.99']}, max {t['max']}")
    if "record" in res:
        print(f"recorded {res['record']['games']} games in {res['record']['file']}")


def _p_text(p: dict[str, Any], spec: str) -> str:
    """A P(Poohead) and its interval, or ``no data`` when no game counts (all capped, P20)."""
    if p["p"] is None:
        return f"{stats.missing(0):>{len(format(0.0, spec))}}  (every game capped)"
    return f"{p['p']:{spec}}  {stats.ci_text(p['ci95'], '.4f')}"
