"""Benchmarks of the Headcount game engine (``run_benchmarks(quick)``; figures, not tests).

- complete rounds per second of the kernel with four ``odds`` bots under the full rules, next
  to the plain-Python reference engine on the same deals, in the same run (kernel and reference
  repeats alternate and the median ratio is reported, because the machine is shared). Rates are
  per CPU second of this process (``time.process_time``): one core's throughput, not counting
  the time other jobs on a shared machine take the core away;
- rounds per second for four copies of each bot (``equilibrium`` against its target of one
  million), and for the five-bot tournament;
- compile time of the whole engine (a fresh numba cache in a subprocess; wall and CPU
  seconds) and the wall time of a first ``simulate`` call in a new process, with a fresh cache
  and with the cache on disk.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.games.headcount import tournament as T
from headcount_lab.games.headcount.agents import parse_bots
from headcount_lab.games.headcount.game_reference import play_deals
from headcount_lab.games.headcount.rules import HeadcountRules

TARGET_ROUNDS_PER_SECOND = 2_000_000
TARGET_RATIO = 50
#: issue 11: the equilibrium bot plays at least this many rounds per second on one core
TARGET_EQUILIBRIUM_ROUNDS_PER_SECOND = 1_000_000


def _setup(bots: str, players: int) -> T.Setup:
    return T.Setup(tuple(parse_bots(bots, players)), HeadcountRules(), False)


def kernel_rate(setup: T.Setup, deals: int, seed: int = 1) -> float:
    """Complete rounds per second of the kernel (compiled beforehand)."""
    perms, pol, par, rules = setup.kernel_args()
    beliefs = setup.beliefs()
    T.play_block(
        1, perms, pol, par, rules, beliefs, block_state(seed, 999), T.new_block_stats(setup)
    )
    st = T.new_block_stats(setup)
    t0 = time.process_time()
    T.play_block(deals, perms, pol, par, rules, beliefs, block_state(seed, 0), st)
    dt = time.process_time() - t0
    return float(st["round"][1]) / dt


def reference_rate(setup: T.Setup, deals: int, seed: int = 1) -> float:
    """Complete rounds per second of the plain-Python reference engine."""
    beliefs = setup.beliefs()
    orders = [list(o) for o in setup.orders]
    t0 = time.process_time()
    games = play_deals(deals, orders, list(setup.bots), setup.rules, beliefs,
                       PyStream(block_state(seed, 0)))  # fmt: skip
    dt = time.process_time() - t0
    rounds = sum(1 for _, ev in games for e in ev if e[0] == "start")
    return rounds / dt


def _subprocess_seconds(args: list[str], cache_dir: str | None) -> float:
    env = dict(os.environ)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = cache_dir
    t0 = time.perf_counter()
    subprocess.run(args, env=env, check=True, capture_output=True)
    return time.perf_counter() - t0


def compile_times(quick: bool) -> dict[str, float]:
    """Compile time of the engine and first-``simulate`` wall times in fresh processes."""
    code = (
        "import time;t=time.perf_counter();"
        "from headcount_lab.games.headcount.bench_engine import _setup;"
        "from headcount_lab.games.headcount import tournament as T;"
        "s=_setup('reader,odds,tips,random,bluffer',5);b=s.beliefs();"
        "t1=time.perf_counter();c1=time.process_time();T.make_job(s,1).warmup();"
        "print(time.process_time()-c1);print(time.perf_counter()-t1)"
    )
    out: dict[str, float] = {}
    sim = [sys.executable, "-c", "from headcount_lab.cli.app import main; main()", "headcount",
           "simulate", "--players", "5", "--bots", "reader,odds,tips,random,bluffer", "--games",
           "1000"]  # fmt: skip
    with tempfile.TemporaryDirectory() as fresh:
        env = dict(os.environ, NUMBA_CACHE_DIR=fresh)
        r = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                           capture_output=True, text=True)  # fmt: skip
        lines = r.stdout.strip().splitlines()
        out["engine_compile_seconds"] = float(lines[-1])
        # CPU seconds: what the compile costs, whatever else runs on a shared machine
        out["engine_compile_cpu_seconds"] = float(lines[-2])
    if not quick:
        with tempfile.TemporaryDirectory() as fresh:
            out["first_simulate_fresh_cache_seconds"] = _subprocess_seconds(sim, fresh)
            out["first_simulate_cached_seconds"] = _subprocess_seconds(sim, fresh)
    return out


def run_benchmarks(quick: bool) -> dict[str, Any]:
    deals = 5_000 if quick else 100_000
    ref_deals = 5 if quick else 40
    reps = 1 if quick else 5
    odds = _setup("odds,odds,odds,odds", 4)
    kernel, ref, ratios = [], [], []
    for _ in range(reps):  # alternate, so both see the same machine load
        k = kernel_rate(odds, deals)
        r = reference_rate(odds, ref_deals)
        kernel.append(k)
        ref.append(r)
        ratios.append(k / r)
    per_bot = {
        name: kernel_rate(_setup(",".join([name] * 4), 4), deals // (20 if name == "reader" else 1))
        for name in ("random", "tips", "odds", "reader", "bluffer", "equilibrium")
    }
    five = kernel_rate(_setup("reader,odds,tips,random,bluffer", 5), deals // 5)
    k_med = statistics.median(kernel)
    return {
        "odds_4_players": {
            "kernel_rounds_per_second": k_med,
            "reference_rounds_per_second": statistics.median(ref),
            "kernel_over_reference": statistics.median(ratios),
            "target_rounds_per_second": TARGET_ROUNDS_PER_SECOND,
            "target_ratio": TARGET_RATIO,
            "meets_targets": k_med >= TARGET_ROUNDS_PER_SECOND
            and statistics.median(ratios) >= TARGET_RATIO,
        },
        "rounds_per_second_4_copies": per_bot,
        "equilibrium_4_players": {
            "kernel_rounds_per_second": per_bot["equilibrium"],
            "target_rounds_per_second": TARGET_EQUILIBRIUM_ROUNDS_PER_SECOND,
            "meets_target": per_bot["equilibrium"] >= TARGET_EQUILIBRIUM_ROUNDS_PER_SECOND,
        },
        "five_bot_tournament_rounds_per_second": five,
        **compile_times(quick),
    }
