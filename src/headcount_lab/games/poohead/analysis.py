"""Tidy tables for the Poohead questions, built from tournament runs (plain data for a report).

- :func:`seat_effect`: does starting help or hurt? P(Poohead) by seat counted from the start
  player, by number of players and bot level (all seats the same bot), with 95% Wilson
  intervals.
- :func:`house_rules`: what a house-rule flip does to game length, stalls and the start
  player's P(Poohead), each flag set against the rulings' defaults on the same seed (the deals
  are the same; play diverges where the rules do).

Every run is one thread and deterministic in its seed; the command that produced a table is
the function call with its arguments.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from headcount_lab.core import runner
from headcount_lab.core.stats import Z95_ROUNDED, histogram_mean_ci, wilson
from headcount_lab.games.poohead import tournament
from headcount_lab.games.poohead.kernels import SHARE
from headcount_lab.games.poohead.rules import PooheadRules


def _run(rules: PooheadRules, bots: list[str], games: int, seed: int) -> dict[str, np.ndarray]:
    return runner.run(tournament.make_job(rules, bots, games, rotate=True), seed)


def seat_effect(
    players: tuple[int, ...] = (2, 3, 4),
    bots: tuple[str, ...] = ("cheap", "cheap+"),
    games: int = 60_000,
    seed: int = 0,
) -> pd.DataFrame:
    """One row per (players, bot, seat from the starter): counted games, Poohead count, share
    and its 95% interval. Capped games are left out (P20)."""
    rows: list[dict[str, Any]] = []
    for n in players:
        for bot in bots:
            stats = _run(PooheadRules(players=n), [bot] * n, games, seed)
            counted = stats["place_rel"].sum(axis=1)
            for rel in range(n):
                k = stats["poohead_rel"][rel] / SHARE
                p, lo, hi = wilson(float(k), float(counted[rel]))
                rows.append(
                    {
                        "players": n,
                        "bot": bot,
                        "seat_from_starter": rel,
                        "games": int(counted[rel]),
                        "poohead": float(k),
                        "p": p,
                        "lo": lo,
                        "hi": hi,
                        "fair": 1 / n,
                    }
                )
    return pd.DataFrame(rows)


def house_rules(
    flag_sets: list[list[str]],
    players: int = 4,
    bot: str = "cheap",
    games: int = 60_000,
    seed: int = 0,
) -> pd.DataFrame:
    """One row per flag set (the first row: the defaults): mean turns with its interval, the
    capped share and the start player's P(Poohead), with 95% intervals."""
    rows = []
    for flags in [[], *flag_sets]:
        rules = PooheadRules(players=players).with_flags(flags)
        stats = _run(rules, [bot] * players, games, seed)
        mean, mean_lo, mean_hi = histogram_mean_ci(stats["turns_hist"], Z95_ROUNDED)
        capped = int(stats["capped"][0])
        c, c_lo, c_hi = wilson(capped, games)
        counted = stats["place_rel"].sum(axis=1)
        s, s_lo, s_hi = wilson(float(stats["poohead_rel"][0] / SHARE), float(counted[0]))
        rows.append(
            {
                "rules": ", ".join(flags) or "defaults",
                "players": players,
                "bot": bot,
                "games": games,
                "mean_turns": mean,
                "mean_turns_lo": mean_lo,
                "mean_turns_hi": mean_hi,
                "capped": capped,
                "capped_share": c,
                "capped_lo": c_lo,
                "capped_hi": c_hi,
                "starter_poohead": s,
                "starter_lo": s_lo,
                "starter_hi": s_hi,
            }
        )
    return pd.DataFrame(rows)
