"""Poohead speed: complete games per second on one core, against the plain-Python reference
engine measured in the same run (the machine is shared and noisy, so the ratio is the number to
compare across machines). Throughput is CPU time of this thread, best of a few repeats."""

from __future__ import annotations

import time
from typing import Any

from headcount_lab.core.timing import best_rate


def run_benchmarks(quick: bool) -> dict[str, Any]:
    from headcount_lab.core.rng import PyStream, block_state
    from headcount_lab.games.poohead import agents, kernels, reference
    from headcount_lab.games.poohead.rules import PooheadRules

    rules = PooheadRules(players=4)
    arr = rules.array()
    n = 5_000 if quick else 200_000
    n_ref = 50 if quick else 400
    repeats = 1 if quick else 3
    out: dict[str, Any] = {"players": 4, "games_per_measure": n, "reference_games": n_ref}

    t = time.perf_counter()
    ids, params = agents.policy_params(["cheap"] * 4)
    kernels.run_block(block_state(0, 0), 1, arr, ids, params, True)
    out["first_call_seconds_this_process"] = time.perf_counter() - t

    def rate(bots: list[str], games: int) -> dict[str, float]:
        ids, params = agents.policy_params(bots)
        kernels.run_block(block_state(0, 0), 2, arr, ids, params, True)
        return best_rate(
            lambda: kernels.run_block(block_state(1, 0), games, arr, ids, params, True),
            games,
            repeats,
        )

    out["cheap_games_per_s"] = rate(["cheap"] * 4, n)
    out["random_games_per_s"] = rate(["random"] * 4, max(1, n // 4))
    out["cheap_plus_games_per_s"] = rate(["cheap+"] * 4, n)
    pimc_games = 12 if quick else 240
    out["pimc"] = {
        f"pimc_samples_{k}_games_per_s_one_seat": rate(
            [f"pimc:samples={k}", "cheap", "cheap", "cheap"], pimc_games
        )
        for k in (4, 16)
    }
    out["ismcts"] = {
        f"ismcts_iterations_{k}_games_per_s_one_seat": rate(
            [f"ismcts:iterations={k}", "cheap", "cheap", "cheap"], pimc_games // 4
        )
        for k in (100, 400)
    }
    ids, params = agents.policy_params(["cheap"] * 4)
    out["reference_cheap_games_per_s"] = best_rate(
        lambda: reference.run_block(rules, PyStream.for_block(1, 0), n_ref, ids, params, True),
        n_ref,
        1,
    )
    out["ratio_kernel_vs_reference_cheap"] = (
        out["cheap_games_per_s"]["per_s_cpu"] / out["reference_cheap_games_per_s"]["per_s_cpu"]
    )
    out["targets"] = {"games_per_s": 100_000, "ratio_vs_reference": 50}
    return out
