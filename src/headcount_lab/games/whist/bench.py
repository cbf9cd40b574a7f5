"""Forehead Whist speed: matches per second per core, compile time, and OpenSpiel as a baseline.

Every figure is measured in the same run as its baseline, because the machine is shared and
noisy: the ratio against OpenSpiel's ``evaluate_bots`` with uniform random bots on the same pack
(4 suits x 8 ranks, 4 players) is the number to compare across machines. OpenSpiel plays single
hands; they are converted to matches by the 24 hands of a 4-player match (its largest hand is 7
cards, since it always turns a trump card). Throughput is CPU time of this thread, best of a few
repeats, so that other processes on the machine count less.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from typing import Any

import numpy as np

from headcount_lab.core.timing import best_rate

HANDS_PER_MATCH_4P = 24


def _cold_compile_seconds(bots: str) -> float:
    """Seconds for a first ``simulate`` of one match in a fresh process with an empty cache."""
    code = (
        "import time; t = time.perf_counter();"
        "from headcount_lab.cli.games import simulate;"
        "from headcount_lab.cli.run_options import RunOptions;"
        "from headcount_lab.games import GAMES;"
        "from pathlib import Path;"
        f"simulate(GAMES['whist'], 4, {bots!r}, 1, 0, False, 'standard', [], 0, Path('x'),"
        " RunOptions(quiet=True));"
        "print(time.perf_counter() - t)"
    )
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        cold = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        return float(cold.stdout.strip().splitlines()[-1])


def _openspiel_hands_per_s(hands: int, seed: int) -> float | None:
    try:
        import pyspiel
        from open_spiel.python.algorithms import evaluate_bots
        from open_spiel.python.bots import uniform_random
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_suits": 4, "num_cards_per_suit": 8})
    rng = np.random.RandomState(seed)
    bots = [uniform_random.UniformRandomBot(p, rng) for p in range(4)]
    c = time.thread_time()
    for _ in range(hands):
        evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    return hands / (time.thread_time() - c)


def run_benchmarks(quick: bool) -> dict[str, Any]:
    from headcount_lab.core.rng import block_state
    from headcount_lab.games.whist import agents, kernels
    from headcount_lab.games.whist.rules import WhistRules

    rules = WhistRules(players=4).array()
    n = 2_000 if quick else 50_000
    repeats = 1 if quick else 3
    out: dict[str, Any] = {"players": 4, "matches_per_measure": n}

    def rate(bots: list[str], matches: int) -> dict[str, float]:
        ids, params = agents.policy_params(bots)
        kernels.run_block(block_state(0, 0), 2, rules, ids, params, True)  # compiled already
        return best_rate(
            lambda: kernels.run_block(block_state(1, 0), matches, rules, ids, params, True),
            matches,
            repeats,
        )

    t = time.perf_counter()
    ids, params = agents.policy_params(["heuristic"] * 4)
    kernels.run_block(block_state(0, 0), 1, rules, ids, params, True)
    out["first_call_seconds_this_process"] = time.perf_counter() - t
    out["heuristic_matches_per_s"] = rate(["heuristic"] * 4, n)
    out["random_matches_per_s"] = rate(["random"] * 4, n)
    # pinned to the defaults before issue 12 (64 and 64 since) so the series stays comparable
    mc = "montecarlo:bid_samples=24,play_samples=0"
    mc_params = agents.policy_params([mc])[1][0]
    mc_matches = 20 if quick else 200
    out["montecarlo"] = {
        "bid_samples": int(mc_params[agents.P_BID_SAMPLES]),
        "play_samples": int(mc_params[agents.P_PLAY_SAMPLES]),
        "bid_width": int(mc_params[agents.P_BID_WIDTH]),
        "matches_per_s_one_mc_seat": rate([mc, "heuristic", "heuristic", "random"], mc_matches),
    }
    os_hands = 200 if quick else 3_000
    os_rate = _openspiel_hands_per_s(os_hands, seed=1)
    if os_rate is None:
        out["openspiel"] = "not installed (pip install open_spiel)"
    else:
        os_matches = os_rate / HANDS_PER_MATCH_4P
        out["openspiel"] = {
            "random_hands_per_s_cpu": os_rate,
            "random_matches_per_s_cpu": os_matches,
            "ratio_ours_random_vs_openspiel_random": out["random_matches_per_s"]["per_s_cpu"]
            / os_matches,
            "ratio_ours_heuristic_vs_openspiel_random": out["heuristic_matches_per_s"]["per_s_cpu"]
            / os_matches,
        }
    if not quick:
        out["cold_first_simulate_seconds"] = _cold_compile_seconds("heuristic," * 3 + "random")
    return out
