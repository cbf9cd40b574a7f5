"""How strong is a Forehead Whist bot: one challenger against a field of copies of another bot.

A *head-to-head* seats the challenger once and the field bot at every other seat, rotates the
seats from match to match (a block's matches are a multiple of every table size, so each seat is
taken equally often) and reports the challenger's *gain*: its match score minus the mean score of
the field bots in the same matches, in points per match. The interval is a t interval over the
runner's blocks; every block is an independent stream ``(seed, block)`` and a block's gain pairs
the challenger with the field on the same deals, which is what keeps the interval narrow.

A *best challenger* is the strongest bot of a candidate list against a fixed field: chosen by
successive halving on one seed (every candidate plays a few blocks, the better half plays twice
as many, and so on), then measured again on a fresh seed, because the winner's selection score
is biased upwards by the choosing.

Bots are named as on the command line. :func:`montecarlo_bot` is the one place that spells a
montecarlo bot's parameters, so a change of the naming scheme is a change here only.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from headcount_lab.core import runner
from headcount_lab.core.rng import block_state
from headcount_lab.core.stats import sample_mean_ci, t95
from headcount_lab.games.whist.bots import MENU
from headcount_lab.games.whist.rules import WhistRules
from headcount_lab.games.whist.tournament import make_job


def montecarlo_bot(bid_samples: int, play_samples: int, **options: int) -> str:
    """The name of a montecarlo bot with these sample counts and options, e.g.
    ``montecarlo:bid_samples=64,play_samples=16,listen=1`` (checked by the bot menu)."""
    keys = {"bid_samples": bid_samples, "play_samples": play_samples, **options}
    named = "montecarlo:" + ",".join(f"{k}={v}" for k, v in keys.items())
    MENU.parse(named)  # a ValueError names what the bot does not take
    return named


class HeadToHead:
    """The blocks of one challenger against a field, played on demand and kept.

    ``gains[b]`` is block ``b``'s gain in points per match; asking for more blocks plays only the
    missing ones, so a candidate that survives a round of selection keeps its earlier blocks.
    """

    def __init__(self, rules: WhistRules, challenger: str, field: str, seed: int):
        bots = [challenger] + [field] * (rules.players - 1)
        self.challenger = challenger
        self.field = field
        self.seed = seed
        # blocks are run by number, as many as asked for, each a full block of the job
        self.job = make_job(rules, bots, 1, rotate=True)
        self.block_size = self.job.block_size
        self.gains: list[float] = []
        self.own: list[float] = []
        self.others: list[float] = []
        self.cpu_seconds = 0.0
        self._warm = False

    def play(self, blocks: int) -> None:
        if not self._warm:
            self.job.warmup()
            self._warm = True
        for b in range(len(self.gains), blocks):
            t = time.thread_time()
            s = self.job.block_fn(block_state(self.seed, b), self.block_size)
            self.cpu_seconds += time.thread_time() - t
            m = float(s["matches"][0])
            own = float(s["score_sum"][0]) / m
            others = float(s["score_sum"][1:].sum()) / float(s["matches"][1:].sum())
            self.own.append(own)
            self.others.append(others)
            self.gains.append(own - others)

    def result(self) -> dict[str, Any]:
        """Gain with its 95% t interval over blocks, and both sides' mean scores."""
        g = np.asarray(self.gains, dtype=np.float64)
        b = len(g)
        # Student's t over the blocks; one block: the gain with no bound on its error
        mean, lo, hi = (
            sample_mean_ci(g, t95(b - 1)) if b > 1 else (float(g.mean()), -math.inf, math.inf)
        )
        return {
            "challenger": self.challenger,
            "field": self.field,
            "seed": self.seed,
            "matches": b * self.block_size,
            "blocks": b,
            "gain": mean,
            "ci95": [lo, hi],
            "challenger_mean": float(np.mean(self.own)),
            "field_mean": float(np.mean(self.others)),
        }


def blocks_for(matches: int, block_size: int) -> int:
    """Blocks to play for at least ``matches`` matches, and at least two (for an interval)."""
    return max(2, -(-matches // block_size))


def head_to_head(
    rules: WhistRules, challenger: str, field: str, matches: int, seed: int
) -> dict[str, Any]:
    """One challenger against ``players - 1`` copies of ``field``; see the module docstring."""
    h = HeadToHead(rules, challenger, field, seed)
    h.play(blocks_for(matches, h.block_size))
    return h.result()


def matches_per_second(rules: WhistRules, bot: str, matches: int, seed: int = 0) -> float:
    """Matches per second of this thread's CPU time with ``bot`` at every seat (compiled first)."""
    job = make_job(rules, [bot] * rules.players, matches, rotate=True)
    job.warmup()
    t = time.thread_time()
    played = 0
    for b in range(job.n_blocks):
        played += int(runner.run_block(job, seed, b)["matches"][0])
    return played / (time.thread_time() - t)


def best_challenger(
    rules: WhistRules,
    field: str,
    candidates: Sequence[str],
    select_seed: int,
    eval_seed: int,
    first_matches: int,
    eval_matches: int,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Successive halving over ``candidates`` on ``select_seed``, then the winner on ``eval_seed``.

    Round 1 plays ``first_matches`` per candidate; each round keeps the better half (by mean
    gain, ties to the earlier candidate) and the next plays twice the blocks, until one is left.
    """
    if not candidates:
        raise ValueError("no candidates to choose from")
    if select_seed == eval_seed:
        raise ValueError("the winner must be measured on a fresh seed, not the selection seed")
    pool = {c: HeadToHead(rules, c, field, select_seed) for c in dict.fromkeys(candidates)}
    alive = list(pool)
    blocks = blocks_for(first_matches, next(iter(pool.values())).block_size)
    rounds = []
    while True:
        for c in alive:
            pool[c].play(blocks)
            if progress:
                r = pool[c].result()
                progress(f"{c}: {r['gain']:+.2f} over {r['matches']} matches")
        ranked = sorted(alive, key=lambda c: -pool[c].result()["gain"])
        rounds.append([pool[c].result() for c in ranked])
        alive = ranked[: (len(ranked) + 1) // 2]
        if len(alive) == 1:
            break
        blocks *= 2
    winner = alive[0]
    final = head_to_head(rules, winner, field, eval_matches, eval_seed)
    return {
        "players": rules.players,
        "field": field,
        "candidates": list(pool),
        "select_seed": select_seed,
        "eval_seed": eval_seed,
        "selection_rounds": rounds,
        "winner": winner,
        "winner_selection_gain": rounds[-1][0]["gain"],
        "evaluation": final,
        "cpu_seconds_selection": sum(h.cpu_seconds for h in pool.values()),
    }


#: a setting is recommended if it keeps this share of the best measured gain, and is fastest
RECOMMEND_SHARE = 0.9


def montecarlo_curve(
    rules: WhistRules,
    bid_samples: Sequence[int],
    play_samples: Sequence[int],
    field: str,
    matches: int,
    seed: int,
    speed_matches: int,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Strength against speed of montecarlo settings: for every ``(bid, play)`` pair, the gain of
    one such bot against a field of ``field`` (same seed for every setting) and the matches per
    second of CPU with that bot at every seat. The recommendation is the fastest setting whose
    gain is at least :data:`RECOMMEND_SHARE` of the best gain measured."""
    settings = []
    for b in bid_samples:
        for p in play_samples:
            bot = montecarlo_bot(b, p)
            row = head_to_head(rules, bot, field, matches, seed)
            row.update(
                bid_samples=b,
                play_samples=p,
                matches_per_s_cpu=matches_per_second(rules, bot, speed_matches, seed),
            )
            settings.append(row)
            if progress:
                progress(
                    f"{bot}: {row['gain']:+.2f} [{row['ci95'][0]:+.2f}, {row['ci95'][1]:+.2f}]"
                    f", {row['matches_per_s_cpu']:.0f} matches/s"
                )
    best = max(r["gain"] for r in settings)
    good = [r for r in settings if r["gain"] >= RECOMMEND_SHARE * best]
    pick = max(good, key=lambda r: r["matches_per_s_cpu"])
    return {
        "players": rules.players,
        "field": field,
        "seed": seed,
        "matches_per_setting": settings[0]["matches"],
        "speed_matches": speed_matches,
        "settings": settings,
        "recommended": {
            "rule": f"fastest setting with at least {RECOMMEND_SHARE:.0%} of the best gain",
            "bot": pick["challenger"],
            "bid_samples": pick["bid_samples"],
            "play_samples": pick["play_samples"],
            "gain": pick["gain"],
            "ci95": pick["ci95"],
            "matches_per_s_cpu": pick["matches_per_s_cpu"],
        },
    }


def speed_table(
    rules: WhistRules,
    bots: Sequence[str],
    field: str,
    baseline: str,
    matches: int,
    seed: int,
    speed_matches: int,
    rounds: int,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Strength against speed of named bots next to a baseline bot: each one's gain against the
    field (as :func:`montecarlo_curve`), and its matches per second of CPU with it at every seat
    as the median of ``rounds`` timings taken in turn with the baseline's (the same run, so the
    ratio holds on a loaded machine)."""
    if rounds < 1:
        raise ValueError("--rounds must be at least 1")
    names = list(dict.fromkeys([baseline, *bots]))
    for b in [*names, field]:
        MENU.parse(b)  # a bad name fails before anything is played
    rates: dict[str, list[float]] = {b: [] for b in names}
    for _ in range(rounds):
        for b in names:
            rates[b].append(matches_per_second(rules, b, speed_matches, seed))
    base = float(np.median(rates[baseline]))
    rows = []
    for b in names:
        row = head_to_head(rules, b, field, matches, seed)
        speed = float(np.median(rates[b]))
        row.update(matches_per_s_cpu=speed, speed_ratio=speed / base, timings=rates[b])
        rows.append(row)
        if progress:
            progress(
                f"{b}: {row['gain']:+.2f} [{row['ci95'][0]:+.2f}, {row['ci95'][1]:+.2f}]"
                f", {speed:.0f} matches/s, {speed / base:.2f}x {baseline}"
            )
    return {
        "players": rules.players,
        "field": field,
        "baseline": baseline,
        "seed": seed,
        "speed_matches": speed_matches,
        "rounds": rounds,
        "settings": rows,
    }
