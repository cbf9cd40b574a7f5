"""Foolish Faces speed: complete 4-player rounds per second of one core, against the plain-Python
reference engine measured in the same run.

The machine is shared and noisy, so every figure is the best of a few repeats of one thread's
CPU time, and the number to compare across machines is the ratio against the reference engine
playing the same bots in the same process. Targets (issue 13): 1,000,000 rounds/s with
``random`` bots, 100,000 with ``rules``, and at least 50x the reference.
"""

from __future__ import annotations

import time
from typing import Any

TARGETS = {"random_rounds_per_s": 1_000_000, "rules_rounds_per_s": 100_000, "ratio": 50}
#: what the rates count, as the JSON states it
ROUND = (
    "a complete round inside whole games of kernels.run_block: the deal with its stock turns "
    "(F2), every play and trick, the round score (F15, F16) and the games' statistics; rounds "
    "per second of one thread's CPU time"
)


def _best(fn: Any, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        c = time.thread_time()
        fn()
        best = min(best, time.thread_time() - c)
    return best


def run_benchmarks(quick: bool) -> dict[str, Any]:
    from headcount_lab.core.rng import block_state
    from headcount_lab.games.foolish import agents, kernels, reference
    from headcount_lab.games.foolish.rules import FoolishRules

    rules = FoolishRules(players=4)
    arr = rules.array()
    games = 2_000 if quick else 50_000
    ref_games = 5 if quick else 40
    pimc_games = 2 if quick else 10
    repeats = 1 if quick else 3
    rounds = rules.n_rounds
    out: dict[str, Any] = {
        "players": 4,
        "rounds_per_game": rounds,
        "round": ROUND,
        "targets": TARGETS,
    }
    t = time.perf_counter()
    ids, params = agents.policy_params(["rules"] * 4)
    kernels.run_block(block_state(0, 0), 1, arr, ids, params, False)
    out["first_call_seconds_this_process"] = time.perf_counter() - t
    for bot in ("random", "rules"):
        ids, params = agents.policy_params([bot] * 4)
        kernels.run_block(block_state(0, 0), 2, arr, ids, params, False)
        cpu = _best(
            lambda ids=ids, params=params: kernels.run_block(
                block_state(1, 0), games, arr, ids, params, False
            ),
            repeats,
        )
        reference.run_block(block_state(0, 0), 1, rules, ids, params, False)  # compiled already
        ref_cpu = _best(
            lambda ids=ids, params=params: reference.run_block(
                block_state(1, 0), ref_games, rules, ids, params, False
            ),
            1,
        )
        rate = games * rounds / cpu
        ref_rate = ref_games * rounds / ref_cpu
        out[bot] = {
            "rounds_per_s_cpu": rate,
            "reference_rounds_per_s_cpu": ref_rate,
            "ratio_vs_reference": rate / ref_rate,
        }
    search = (
        ("pimc_one_seat", "pimc", "samples"),
        ("pimc_top_one_seat", "pimc-top", "samples"),
        ("ismcts_one_seat", "ismcts", "iterations"),
    )
    for key, bot, budget in search:
        for seats in (1, 4):
            # one seat among three ``rules``, then the bot in every seat (self-play)
            ids, params = agents.policy_params([bot] * seats + ["rules"] * (4 - seats))
            kernels.run_block(block_state(0, 0), 1, arr, ids, params, False)
            cpu = _best(
                lambda ids=ids, params=params: kernels.run_block(
                    block_state(1, 0), pimc_games, arr, ids, params, False
                ),
                1,
            )
            name = key if seats == 1 else key.replace("_one_seat", "_self_play")
            out[name] = {
                budget: int(params[0, agents.P_SAMPLES]),
                "top": int(params[0, agents.P_TOP]),
                "rounds_per_s_cpu": pimc_games * rounds / cpu,
                "seat_turns_per_s_cpu": pimc_games * rounds * 13 * seats / cpu,
            }
    return out
