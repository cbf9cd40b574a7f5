"""Tournaments: a runner job playing whole games with one bot per seat, and its summary.

Statistics per bot (sums merged across blocks) give the mean game score and the win share (F17:
tied winners share) with normal 95% intervals, and the mean round score by role (Lone Fool, one
of two Fools, Court) with its interval; the block also counts rounds, Lone Fool rounds and
Party Crashers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from headcount_lab.core.runner import Job
from headcount_lab.games.foolish.agents import ISMCTS, PIMC, policy_params
from headcount_lab.games.foolish.rules import VERSION, FoolishRules

#: Games per block (divisible by 4 and 5 so that rotated seats balance within a block).
BLOCK = 1000
BLOCK_PIMC = 20  # with a search bot (pimc, ismcts) in the game
ROLES = ("lone_fool", "two_fool_member", "court")


def parse_bots(text: str, players: int) -> list[str]:
    bots = [b.strip() for b in text.split(",") if b.strip()]
    if len(bots) != players:
        raise ValueError(f"--bots must name {players} bots (one per seat), got {len(bots)}")
    policy_params(bots)  # validates names and parameters
    return bots


def make_job(rules: FoolishRules, bots: list[str], games: int, rotate: bool) -> Job:
    ids, params = policy_params(bots)
    block = BLOCK_PIMC if ((ids == PIMC) | (ids == ISMCTS)).any() else BLOCK
    fn = GameBlock(rules.array(), ids, params, rotate)
    return Job(
        name="foolish-simulate",
        params={"rules": rules.as_dict(), "bots": bots, "rotate": rotate, "version": VERSION},
        units=games,
        block_size=block,
        block_fn=fn,
        warmup=fn.warmup,
        unit="games",
    )


@dataclass(frozen=True)
class GameBlock:
    """A block of games: a module-level class of plain arrays, so the job pickles by reference
    and can be sent to Dask workers as well as run on the local thread pool."""

    rules: np.ndarray
    ids: np.ndarray
    params: np.ndarray
    rotate: bool

    def __call__(self, state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        from headcount_lab.games.foolish import kernels

        return kernels.run_block(state, n_units, self.rules, self.ids, self.params, self.rotate)

    def warmup(self) -> None:
        from headcount_lab.core.rng import block_state

        self(block_state(0, 0), 1)


def mean_ci(total: float, sq: float, count: int) -> tuple[float | None, list[float] | None]:
    """Mean and normal 95% interval from a sum and a sum of squares (``None`` without data, so
    that the JSON stays valid)."""
    if count == 0:
        return None, None
    mean = total / count
    var = (sq - count * mean * mean) / (count - 1) if count > 1 else 0.0
    half = 1.96 * math.sqrt(max(var, 0.0) / count)
    return mean, [mean - half, mean + half]


def summarize(stats: dict[str, np.ndarray], bots: list[str]) -> list[dict[str, Any]]:
    """One row per bot: mean game score and win share with 95% CIs, mean round score by role."""
    rows = []
    for j, name in enumerate(bots):
        g = int(stats["games"][j])
        mean, ci = mean_ci(float(stats["score_sum"][j]), float(stats["score_sq"][j]), g)
        win, wci = mean_ci(stats["win60"][j] / 60, stats["win60_sq"][j] / 3600, g)
        roles = {}
        for k, role in enumerate(ROLES):
            c = int(stats["role_rounds"][j, k])
            m, rci = mean_ci(float(stats["role_sum"][j, k]), float(stats["role_sq"][j, k]), c)
            roles[role] = {"rounds": c, "mean": m, "ci95": rci}
        rows.append(
            {
                "seat_bot": j,
                "bot": name,
                "games": g,
                "mean": mean,
                "ci95": ci,
                "win_share": win,
                "win_share_ci95": wci,
                "round_score_by_role": roles,
            }
        )
    return rows
