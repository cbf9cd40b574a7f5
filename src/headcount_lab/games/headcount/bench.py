"""Headcount benchmarks: every speed is reported next to a baseline measured in the same run.

Two areas. ``headcount`` (:func:`run_benchmarks`):

- dealing: the numba kernel against a plain vectorised-numpy dealer, hands per second on one
  core for 3..6 players (median of several repeats) and their ratio;
- compile: the kernels' compile time with an empty numba cache, and the load time from the cache
  that every later process pays (each in a fresh subprocess);
- exact odds: one view (``view_odds``, exact fractions) and all belief tables of a player count;
- cold start: ``headcount-lab --help`` and ``headcount-lab headcount count ...`` as subprocesses.

``headcount-engine`` (:func:`run_engine_benchmarks`), the game engine:

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
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from headcount_lab.core.bench import MemoryProbe
from headcount_lab.core.jitcache import track_module
from headcount_lab.core.rng import PyStream, block_state, partial_shuffle_step
from headcount_lab.core.timing import median_seconds
from headcount_lab.games.headcount import tournament as T
from headcount_lab.games.headcount.agents import parse_bots
from headcount_lab.games.headcount.reference import play_deals
from headcount_lab.games.headcount.rules import (
    JOKER,
    N_NUMBER,
    TOP,
    VALUES,
    X2,
    HeadcountRules,
    deck_size,
    total_bounds,
)

#: Targets from the issue, printed next to the measurements (never asserted in tests).
TARGETS = {
    "deal_hands_per_second_4_players": 30e6,
    "one_view_odds_seconds": 0.010,
    "tables_per_player_count_seconds": 1.0,
    "help_cold_seconds": 0.5,
    "count_cold_seconds": 1.0,
}

#: the runner's ``memory`` benchmark (``core.bench``): a large ``deal`` to a results folder
MEMORY_PROBE = MemoryProbe(
    job="headcount deal (4 players), all cores, --out",
    argv=(
        "headcount",
        "deal",
        "--hands",
        "{units}",
        "--seed",
        "1",
        "--quiet",
        "--json",
        "--out",
        "{out}",
    ),  # fmt: skip
    rate="hands_per_second",
)


def numpy_count(sel: np.ndarray, n_in_play: int) -> np.ndarray:
    """Totals of many hands at once (H2-H4), vectorised: ``sel`` is int[hands, >= n_in_play+1],
    the in-play ids then the draw-pile top."""
    cards = sel[:, :n_in_play]
    eff = np.where(cards == JOKER, sel[:, n_in_play : n_in_play + 1], cards)  # H2
    total = VALUES[eff].sum(axis=1)
    best = np.where(eff < N_NUMBER, eff, -1).max(axis=1)
    top = (eff == TOP).any(axis=1) & (best >= 0)  # H3
    total -= np.where(top, VALUES[np.maximum(best, 0)], 0)
    return np.where((eff == X2).any(axis=1), 2 * total, total)  # H4


def numpy_deal(
    rng: np.random.Generator, hands: int, players: int, double: bool, chunk: int = 200_000
) -> np.ndarray:
    """Baseline dealer: random keys and ``argpartition`` per hand; returns the histogram."""
    n_in = players + 1
    lo, hi = total_bounds(double, n_in)
    hist = np.zeros(hi - lo + 1, dtype=np.int64)
    done = 0
    while done < hands:
        m = min(chunk, hands - done)
        keys = rng.random((m, deck_size(double)))
        # positions 0..n_in-1: the in-play set; position n_in: the next card, the draw-pile top
        sel = np.argpartition(keys, n_in, axis=1)[:, : n_in + 1]
        hist += np.bincount(numpy_count(sel, n_in) - lo, minlength=hist.size)
        done += m
    return hist


@njit(nogil=True, cache=True)
def minimal_deal(state, n_hands, n_in_play, deck, lo, histogram, specials):
    """The deal kernel's speed limit: the same job (same stream, same draws, same histogram and
    special-card counts) written as one hand-made loop, the stream in registers and the count
    (H2-H4) written inline with the special-card counters. The dealing benchmark checks it gives
    the kernel's numbers, then times both in turns."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    for _ in range(n_hands):
        # the shuffle is the kernel's own (inlined): what differs is the count below
        s0, s1, s2, s3 = partial_shuffle_step(deck, n_in_play + 1, s0, s1, s2, s3)
        draw = deck[n_in_play]
        total, best, top, x2 = 0, -1, False, False
        for i in range(n_in_play):
            c = deck[i]
            if c == TOP:
                top = True
                specials[0] += 1
                continue
            if c == X2:
                x2 = True
                specials[2] += 1
                continue
            if c == JOKER:
                specials[1] += 1
                c = draw
                if c == TOP:
                    top = True
                    continue
                if c == X2:
                    x2 = True
                    continue
            total += VALUES[c]
            if c > best:
                best = c
        if top and best >= 0:
            total -= VALUES[best]
        if x2:
            total *= 2
        histogram[total - lo] += 1
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3


def _minimal_block(fn: Any, state: np.ndarray, hands: int) -> dict[str, np.ndarray]:
    """:func:`minimal_deal` on the arrays ``fn`` (a ``DealBlock``) would use."""
    lo, hi = fn.bounds
    histogram = np.zeros(hi - lo + 1, dtype=np.int64)
    specials = np.zeros(3, dtype=np.int64)
    deck = np.arange(deck_size(fn.double), dtype=np.int8)
    minimal_deal(state, hands, fn.n_in_play, deck, lo, histogram, specials)
    return {"histogram": histogram, "specials": specials}


def bench_dealing(quick: bool) -> dict[str, Any]:
    from headcount_lab.games.headcount.kernels import DealBlock

    hands = 200_000 if quick else 4_000_000
    np_hands = 100_000 if quick else 1_000_000
    repeats = 3 if quick else 5
    out: dict[str, Any] = {"hands": hands, "numpy_hands": np_hands, "repeats": repeats}
    for players in range(3, 7):
        for double in (False, True):
            fn = DealBlock(players, double)
            fn.warmup()
            same = fn(block_state(1, 0), 1000), _minimal_block(fn, block_state(1, 0), 1000)
            if any(not np.array_equal(same[0][k], same[1][k]) for k in same[0]):
                raise AssertionError("the minimal deal kernel does not deal the kernel's hands")
            state = block_state(1, 0)
            rng = np.random.default_rng(1)
            # kernel and baselines alternate, so a burst of load from elsewhere hits each; a
            # ratio is the median of the per-repeat ratios
            kernel, base, minimal = [], [], []
            for _ in range(repeats):
                kernel.append(hands / median_seconds(partial(fn, state, hands), 1))
                minimal.append(hands / median_seconds(partial(_minimal_block, fn, state, hands), 1))
                base.append(
                    np_hands
                    / median_seconds(partial(numpy_deal, rng, np_hands, players, double), 1)
                )
            key = f"{players}_players_{'double' if double else 'standard'}"
            out[key] = {
                "kernel_hands_per_second": statistics.median(kernel),
                "numpy_hands_per_second": statistics.median(base),
                "ratio": statistics.median(k / b for k, b in zip(kernel, base, strict=True)),
                "minimal_kernel_hands_per_second": statistics.median(minimal),
                "ratio_to_minimal": statistics.median(
                    k / m for k, m in zip(kernel, minimal, strict=True)
                ),
            }
    return out


_COMPILE = """
import time
t0 = time.perf_counter()
from headcount_lab.games.headcount.kernels import DealBlock
from headcount_lab.games.headcount.exact import total_distribution
t1 = time.perf_counter()
DealBlock(4).warmup()
t2 = time.perf_counter()
total_distribution([], 5, False)
t3 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2)
"""


def bench_compile() -> dict[str, float]:
    """Compile times with an empty numba cache, then the cached load a later process pays."""
    result: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("empty_cache", "cached"):
            done = subprocess.run(
                [sys.executable, "-c", _COMPILE],
                capture_output=True,
                text=True,
                check=True,
                env=env,
            )
            imp, deal, exact = (float(x) for x in done.stdout.split())
            result[f"import_seconds_{label}"] = imp
            result[f"deal_kernel_seconds_{label}"] = deal
            result[f"exact_kernel_seconds_{label}"] = exact
    return result


def bench_exact(quick: bool) -> dict[str, Any]:
    from headcount_lab.games.headcount.exact import belief_table, view_odds
    from headcount_lab.games.headcount.rules import parse_ids

    seen = parse_ids("7♥ K♥ 5♠")
    view_odds(4, seen)  # compile / load the kernel
    repeats = 5 if quick else 21
    out: dict[str, Any] = {
        "one_view_seconds": median_seconds(lambda: view_odds(4, seen), repeats),
        "one_view_peeked_seconds": median_seconds(lambda: view_odds(4, seen, 5), repeats),
        "no_information_view_6_players_double_seconds": median_seconds(
            lambda: view_odds(6, [], None, True), repeats
        ),
    }
    build = belief_table.__wrapped__  # bypass the per-process cache: time real builds
    build(False, 2, 2)
    tables: dict[str, Any] = {}
    for players in range(3, 7):
        for double in (False, True):
            # no peek, after a peek (or hidden_card=off's n-1/1), and one card more for the
            # engine's reasoning about its own card
            shapes = [(players - 1, 2), (players, 1), (players - 1, 1), (players + 1, 0)]
            t0 = time.perf_counter()
            rows = sum(build(double, k, u).weights.shape[0] for k, u in shapes)
            key = f"{players}_players_{'double' if double else 'standard'}"
            tables[key] = {"seconds": time.perf_counter() - t0, "rows": rows}
    out["tables_per_player_count"] = tables
    return out


def _cli() -> list[str]:
    script = Path(sys.executable).with_name("headcount-lab")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from headcount_lab.cli.app import main; main()"]


def bench_cold_start(quick: bool) -> dict[str, float]:
    """Median wall time of fresh ``headcount-lab`` processes (the numba cache is warm)."""
    repeats = 3 if quick else 5
    cmds = {
        "help_seconds": ["--help"],
        "count_seconds": ["headcount", "count", "Q♥", "7♥", "K♥", "5♠", "3♥"],
        "odds_seconds": ["headcount", "odds", "--players", "4", "--see", "7♥ K♥ 5♠"],
    }
    out = {}
    for key, args in cmds.items():
        cmd = _cli() + args
        subprocess.run(cmd, capture_output=True, check=True)  # warm the OS file cache
        out[key] = median_seconds(partial(subprocess.run, cmd, capture_output=True), repeats)
    out["python_startup_seconds"] = median_seconds(
        lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), repeats
    )
    return out


def run_benchmarks(quick: bool) -> dict[str, Any]:
    return {
        "targets": TARGETS,
        "dealing_one_core": bench_dealing(quick),
        "compile": bench_compile(),
        "exact_odds": bench_exact(quick),
        "cold_start": bench_cold_start(quick),
    }


# --- the game engine (the headcount-engine area) ----------------------------------------------

#: the engine's targets (issue 10), printed next to the measurements
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
        "from headcount_lab.games.headcount.bench import _setup;"
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


def run_engine_benchmarks(quick: bool) -> dict[str, Any]:
    """The game engine's figures (the ``headcount-engine`` area)."""
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


track_module(globals())  # every cached function here is keyed on the files it reaches
