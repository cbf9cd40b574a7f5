"""Tournaments: a runner job playing whole matches with one bot per seat, and its summary.

Statistics per bot (sums merged across blocks) give the mean match score with a normal 95%
interval, the share of wins (W10: tied winners share), and how often the bot made its bid by
hand size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from headcount_lab.core.runner import Job
from headcount_lab.games.whist.agents import MONTECARLO, policy_params
from headcount_lab.games.whist.rules import MAX_CARDS, VERSION, WhistRules

#: Matches per block (divisible by 3..6 so that rotated seats balance within a block).
BLOCK = 1200
BLOCK_MONTECARLO = 60


def parse_bots(text: str, players: int) -> list[str]:
    bots = [b.strip() for b in text.split(",") if b.strip()]
    if len(bots) != players:
        raise ValueError(f"--bots must name {players} bots (one per seat), got {len(bots)}")
    policy_params(bots)  # validates names and parameters
    return bots


def make_job(rules: WhistRules, bots: list[str], matches: int, rotate: bool) -> Job:
    ids, params = policy_params(bots)
    block = BLOCK_MONTECARLO if (ids == MONTECARLO).any() else BLOCK
    fn = MatchBlock(rules.array(), ids, params, rotate)
    return Job(
        name="whist-simulate",
        params={"rules": rules.as_dict(), "bots": bots, "rotate": rotate, "version": VERSION},
        units=matches,
        block_size=block,
        block_fn=fn,
        warmup=fn.warmup,
    )


@dataclass(frozen=True)
class MatchBlock:
    """A block of matches: a module-level class of plain arrays, so the job pickles by reference
    and can be sent to Dask workers as well as run on the local thread pool."""

    rules: np.ndarray
    ids: np.ndarray
    params: np.ndarray
    rotate: bool

    def __call__(self, state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        from headcount_lab.games.whist import kernels

        return kernels.run_block(state, n_units, self.rules, self.ids, self.params, self.rotate)

    def warmup(self) -> None:
        from headcount_lab.core.rng import block_state

        self(block_state(0, 0), 1)


def summarize(stats: dict[str, np.ndarray], bots: list[str]) -> list[dict[str, Any]]:
    """One row per bot: mean score, 95% CI, standard deviation, win rate, bids made by size."""
    rows = []
    for j, name in enumerate(bots):
        m = int(stats["matches"][j])
        mean = stats["score_sum"][j] / m
        var = (stats["score_sq"][j] - m * mean * mean) / (m - 1) if m > 1 else 0.0
        half = 1.96 * math.sqrt(max(var, 0.0) / m)
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
                "mean": float(mean),
                "ci95": [float(mean - half), float(mean + half)],
                "sd": float(math.sqrt(max(var, 0.0))),
                "win_rate": float(stats["win60"][j] / 60 / m),
                "made_by_cards": made,
            }
        )
    return rows
