"""The bot ladder: each bot against the one below it, head to head, with game-level CIs.

A match of bot A against bot B seats them alternately (A, B, A, B[, A]) and rotates the seats
game by game. Every game is its own runner block (``block_state(seed, g)``), so its result is an
independent draw and the interval is exact in the usual normal sense: for each game the mean
win share (F17) of an A seat minus that of a B seat, and the same for the game score; the
report gives the mean over games with a normal 95% interval. A rung holds when the interval of
the win-share difference lies above zero.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from headcount_lab.core.rng import block_state
from headcount_lab.core.stats import DIFFERENCE, Z95_ROUNDED, interval, sample_mean_ci
from headcount_lab.games.foolish import kernels
from headcount_lab.games.foolish.agents import policy_params
from headcount_lab.games.foolish.rules import FoolishRules


def _ci(x: np.ndarray, bounds: tuple[float, float] | None = None) -> dict[str, Any]:
    """Mean with its normal 95% interval: ``None`` when the games show no spread, and cut to
    ``bounds`` (a difference of win shares lies in [-1, 1])."""
    mean, lo, hi = sample_mean_ci(x, Z95_ROUNDED)
    return {"mean": mean, "ci95": interval(mean, lo, hi, len(x), bounds=bounds).ci_json}


def head_to_head_games(
    rules: FoolishRules,
    a: str,
    b: str,
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Bot ``a`` against bot ``b`` game by game (see the module docstring): per game the mean win
    share of an ``a`` seat minus that of a ``b`` seat, and the same for the game score;
    ``progress(1)`` after each game (a progress bar)."""
    n = rules.players
    names = [a if s % 2 == 0 else b for s in range(n)]
    ids, params = policy_params(names)
    arr = rules.array()
    is_a = np.array([s % 2 == 0 for s in range(n)])
    k_a, k_b = int(is_a.sum()), int((~is_a).sum())
    share = np.empty(games)
    score = np.empty(games)
    for g in range(games):
        # rotate by g: run a one-game block whose seating is shifted like game g of a run
        rot_ids = np.roll(ids, g % n)
        rot_params = np.roll(params, g % n, axis=0)
        rot_a = np.roll(is_a, g % n)
        st = kernels.run_block(block_state(seed, g), 1, arr, rot_ids, rot_params, False)
        win = st["win60"] / 60.0
        tot = st["score_sum"].astype(np.float64)
        share[g] = win[rot_a].sum() / k_a - win[~rot_a].sum() / k_b
        score[g] = tot[rot_a].sum() / k_a - tot[~rot_a].sum() / k_b
        if progress is not None:
            progress(1)
    return share, score


def head_to_head(
    rules: FoolishRules,
    a: str,
    b: str,
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Bot ``a`` against bot ``b`` over ``games`` games (:func:`head_to_head_games`) with the
    mean leads' intervals; ``progress(1)`` after each game (a progress bar)."""
    share, score = head_to_head_games(rules, a, b, games, seed, progress)
    wins = _ci(share, DIFFERENCE)
    return {
        "a": a,
        "b": b,
        "games": games,
        "win_share_diff": wins,
        "score_diff": _ci(score),
        "holds": wins["ci95"] is not None and wins["ci95"][0] > 0,
    }


#: games (over every rung) no ladder takes a day over: the slowest bots play a few a second
UNMEASURED_GAMES = 100_000


def ladder(
    rules: FoolishRules,
    bots: list[str],
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    yes: bool = True,
) -> dict[str, Any]:
    """Each bot against the one below it (``bots`` from weakest to strongest);
    ``progress(1)`` after each game of every rung (a progress bar). Without ``yes`` a ladder
    estimated to take over a day is refused (:mod:`headcount_lab.core.limits`)."""
    from headcount_lab.core.limits import check_run_time

    if len(bots) < 2:
        raise ValueError("a ladder needs at least two bots, weakest first")
    policy_params(bots)
    if games < 2:
        raise ValueError(f"--games must be at least 2, got {games}")
    pairs = list(zip(bots, bots[1:], strict=False))

    def seconds_per_game() -> float:
        ladder(rules, bots, 2, seed)  # compiles
        t0 = time.perf_counter()
        ladder(rules, bots, 2, seed)
        return (time.perf_counter() - t0) / (2 * len(pairs))

    check_run_time(
        f"{len(pairs)} rungs of {games:,} games", games * len(pairs), UNMEASURED_GAMES,
        seconds_per_game, yes, "games",
    )  # fmt: skip
    rungs = [
        head_to_head(rules, upper, lower, games, seed + i, progress)
        for i, (lower, upper) in enumerate(pairs)
    ]
    return {
        "players": rules.players,
        "rules": rules.as_dict(),
        "seed": seed,
        "games_per_rung": games,
        "rungs": rungs,
        "is_a_ladder": all(r["holds"] for r in rungs),
    }
