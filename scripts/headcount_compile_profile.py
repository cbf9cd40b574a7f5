"""Where the cold compile of the Headcount engine goes, and alternating before/after runs.

Two modes (issue 10 item 4):

``--compare TREE [TREE ...] --reps N [--gc MODES]``
    runs ``scripts/headcount_compile_cpu.py`` against each tree's ``src`` in turn, N rounds
    alternating the trees, each in a fresh process with an empty numba cache, and prints every
    run's compile CPU seconds and each tree's median (CPU seconds, ``time.process_time``: what
    the compile costs, however loaded the machine is); each round starts one tree later.
    ``--gc collect,default`` runs each tree both with Python's collector running during the
    compile and as the tree compiles (with the pause of :mod:`headcount_lab.core.compiling`
    where it has one); ``--gc off`` without any collector, which compares the code alone.

``--speed TREE [TREE ...] --reps N``
    the bench's kernel rates (:func:`.bench.kernel_rate`, thousands of complete rounds
    per CPU second: four copies of each bot, the five-bot table, and four ``equilibrium`` bots
    where the tree has them), trees alternating, each tree with its own warm numba cache;
    prints each tree's medians. ``--best N``: each rate is the best of N runs in its process
    (less of the machine's load in the figure).

``--body TREE [TREE ...] --reps N [--full]``
    the engine's own compile, precisely: in one process per tree, compiles the table (so every
    function the engine calls is compiled and warm), then compiles the engine's ``play_deals``
    N times afresh (a new dispatcher of the same Python function, options and pipeline, no disk
    cache) and prints the median CPU seconds. Callees and imports are out of the figure, so it
    separates two versions of the engine body where ``--compare`` cannot tell; processes of one
    tree still differ by about 5%, so give a tree several times (``--body A B A B``).
    ``--full``: the engine with every bot (``equilibrium`` and ``responder`` too), where the
    tree has two. ``--default-pipeline``: with numba's own pipeline instead of the engine's
    (:class:`.compiling.LeanCompiler`).

``--profile``
    compiles the engine of the tree on ``PYTHONPATH`` (with an empty numba cache, set
    ``NUMBA_CACHE_DIR``) and prints the CPU seconds of each compiled function by compiler pass
    (nested compiles subtracted from their caller), and how many numba IR statements of the
    engine's ``play_deals`` come from each inlined function: inlining copies a callee's IR at
    every call site, and the passes after it grow with that size.

Example::

    python scripts/headcount_compile_profile.py --compare /tmp/old05 . --reps 3
    python scripts/headcount_compile_profile.py --compare /tmp/old05 . --reps 5 --gc off
    python scripts/headcount_compile_profile.py --compare /tmp/main . --reps 3 \
        --bots equilibrium,reader,odds,tips,random
    NUMBA_CACHE_DIR=$(mktemp -d) PYTHONPATH=src \
        python scripts/headcount_compile_profile.py --profile
"""

from __future__ import annotations

import ast
import collections
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from headcount_lab.core.scripts import OneLineParser

HERE = Path(__file__).resolve().parent


def compare(trees: list[str], reps: int, bots: list[str], gc_modes: list[str]) -> None:
    configs = [(t, g) for t in trees for g in gc_modes]
    runs: dict[tuple[str, str], list[float]] = {c: [] for c in configs}
    for r in range(reps):
        # each round starts one configuration later: a fixed order would put one tree in the
        # same slot every round (just after the previous one's compile, say) and bias it
        for t, g in configs[r % len(configs) :] + configs[: r % len(configs)]:
            with tempfile.TemporaryDirectory() as cache:
                env = dict(os.environ, NUMBA_CACHE_DIR=cache, GC=g,
                           PYTHONPATH=str(Path(t).resolve() / "src"))  # fmt: skip
                cmd = [sys.executable, str(HERE / "headcount_compile_cpu.py"), *bots]
                out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
            seconds = float(out.stdout.split()[-1])
            runs[t, g].append(seconds)
            print(f"round {r + 1} {t} (gc {g}): {seconds:.2f} CPU s", flush=True)
    for (t, g), xs in runs.items():
        print(f"median {t} (gc {g}): {statistics.median(xs):.2f} CPU s over {len(xs)} runs")


SPEED = """
import json, sys
try:
    from headcount_lab.games.headcount.bench import _setup, kernel_rate
except ImportError:  # a tree from before bench_engine.py joined bench.py
    from headcount_lab.games.headcount.bench_engine import _setup, kernel_rate
best = int(sys.argv[1])  # each rate: the best of this many runs
def rate(bots, n, deals):
    setup = _setup(bots, n)
    return max(kernel_rate(setup, deals) for _ in range(best))
bots = ("random", "tips", "odds", "reader", "bluffer")
out = {b: rate(",".join([b] * 4), 4, 60_000 // (20 if b == "reader" else 1)) for b in bots}
out["five"] = rate(",".join(bots), 5, 12_000)
try:  # four equilibrium bots (issue 11), in trees that have the bot
    out["equilibrium"] = rate(",".join(["equilibrium"] * 4), 4, 20_000)
except ValueError:
    pass
print(json.dumps(out))
"""


def speed(trees: list[str], reps: int, best: int) -> None:
    runs: dict[str, list[dict[str, float]]] = {t: [] for t in trees}
    with tempfile.TemporaryDirectory() as caches:
        for r in range(reps):
            for i, t in enumerate(trees):
                env = dict(os.environ, NUMBA_CACHE_DIR=f"{caches}/{i}",
                           PYTHONPATH=str(Path(t).resolve() / "src"))  # fmt: skip
                cmd = [sys.executable, "-c", SPEED, str(best)]
                out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
                runs[t].append(json.loads(out.stdout.splitlines()[-1]))
                print(f"round {r + 1} {t}: {runs[t][-1]}", flush=True)
    for t, xs in runs.items():
        med = {k: round(statistics.median(x[k] for x in xs) / 1e3) for k in xs[0]}
        print(f"median k rounds/CPU s {t}: {med}")


BODY = """
import runpy, statistics, sys, time
import numba
from numba.core.caching import NullCache
reps, full, default = int(sys.argv[1]), sys.argv[2] == "full", sys.argv[3] == "default"
# the five-bot table, compiled and warmed as the cold-compile measure does it
sys.argv = [sys.argv[4]]
runpy.run_path(sys.argv[0], run_name="__main__")
try:  # trees before the engine joined kernels.py
    from headcount_lab.games.headcount import engine as E
except ImportError:
    from headcount_lab.games.headcount import kernels as E
if hasattr(E, "engine"):  # one engine per bot set (agents.BotSet)
    from headcount_lab.games.headcount import agents as A
    base, every = E.engine(A.BASE), E.engine(A.EVERY)
else:  # older trees: module-level engines
    base, every = getattr(E, "play_deals_base", E.play_deals), E.play_deals
(sig,) = base.overloads.keys()
engine = every if full else base
opts = {k: v for k, v in engine.targetoptions.items() if k not in ("cache", "nopython")}
times = []
for _ in range(reps + full):  # the full engine's first compile also compiles its own callees
    pipeline = numba.core.compiler.Compiler if default else engine._compiler.pipeline_class
    fresh = numba.njit(**opts, pipeline_class=pipeline)(engine.py_func)
    fresh._cache = NullCache()
    t0 = time.process_time()
    fresh.compile(sig)
    times.append(time.process_time() - t0)
print(statistics.median(times[full:]))
"""


def body(trees: list[str], reps: int, full: bool, default: bool) -> None:
    for t in trees:
        with tempfile.TemporaryDirectory() as cache:
            src = str(Path(t).resolve() / "src")
            env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=src)
            kinds = ["full" if full else "base", "default" if default else "own"]
            compile_cpu = str(HERE / "headcount_compile_cpu.py")
            cmd = [sys.executable, "-W", "ignore", "-c", BODY, str(reps), *kinds, compile_cpu]
            out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
        seconds = float(out.stdout.split()[-1])
        kind = ("every bot" if full else "base bots") + (", numba's default pipeline" * default)
        print(f"engine body ({kind}) {t}: {seconds:.2f} CPU s, median of {reps}", flush=True)


def _function_of(cache: dict[str, list[tuple[int, int, str]]], filename: str, line: int) -> str:
    if filename not in cache:
        try:
            tree = ast.parse(Path(filename).read_text())
        except (OSError, SyntaxError):
            cache[filename] = []
        else:
            defs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
            cache[filename] = [(n.lineno, n.end_lineno or n.lineno, n.name) for n in defs]
    best = max((f for f in cache[filename] if f[0] <= line <= f[1]), default=None)
    return f"{Path(filename).name}:{best[2] if best else '?'}"


def profile(bots: list[str]) -> None:
    from numba.core import codegen
    from numba.core import compiler_machinery as cm

    spent: dict[tuple[str, str], float] = collections.defaultdict(float)
    stack: list[float] = []

    def timed(name_of: Any, orig: Any) -> Any:
        def run(*args: Any) -> Any:
            t0 = time.process_time()
            stack.append(0.0)
            try:
                return orig(*args)
            finally:
                dt = time.process_time() - t0
                nested = stack.pop()
                if stack:
                    stack[-1] += dt
                spent[name_of(*args)] += dt - nested

        return run

    cm.PassManager._runPass = timed(  # type: ignore[method-assign]
        lambda self, i, pss, state: (state.func_id.func_name, pss.name()), cm.PassManager._runPass
    )
    codegen.CPUCodeLibrary.finalize = timed(  # type: ignore[method-assign]
        lambda self: (self.name, "llvm_finalize"), codegen.CPUCodeLibrary.finalize
    )
    t0 = time.process_time()
    import runpy

    sys.argv = [str(HERE / "headcount_compile_cpu.py"), *bots]  # the compile script's arguments
    runpy.run_path(sys.argv[0], run_name="__main__")
    total = time.process_time() - t0
    per_fn: dict[str, float] = collections.defaultdict(float)
    for (fn, _), v in spent.items():
        per_fn[fn] += v
    print(f"\nCPU s of import, compile and warm-up: {total:.2f}")
    print("by function (self: nested compiles subtracted; passes over 0.04 s):")
    for fn, v in sorted(per_fn.items(), key=lambda kv: -kv[1])[:16]:
        passes = sorted(((p, x) for (f, p), x in spent.items() if f == fn and x > 0.04),
                        key=lambda px: -px[1])  # fmt: skip
        print(f"{fn[:32]:32s} {v:5.2f}  " + "  ".join(f"{p}={x:.2f}" for p, x in passes))

    try:  # trees before the engine joined kernels.py
        from headcount_lab.games.headcount import engine as E
    except ImportError:
        from headcount_lab.games.headcount import kernels as E

    # the engine the table compiled: the base bots' one where the tree has two
    if hasattr(E, "engine"):  # one engine per bot set
        from headcount_lab.games.headcount import agents as A

        engines = [E.engine(A.BASE), E.engine(A.EVERY)]
    else:
        engines = [getattr(E, n, None) for n in ("play_deals_base", "play_deals")]
    cres = next(c for e in engines if e is not None for c in e.overloads.values())
    cache: dict[str, list[tuple[int, int, str]]] = {}
    counts: collections.Counter[str] = collections.Counter()
    for block in cres.type_annotation.blocks.values():
        for st in block.body:
            counts[_function_of(cache, st.loc.filename, st.loc.line or 0)] += 1
    print(f"\nplay_deals: {sum(counts.values())} IR statements, by the function they come from:")
    for fn, c in counts.most_common(20):
        print(f"{c:6d} {fn}")


def main() -> None:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", nargs="+", metavar="TREE")
    ap.add_argument("--speed", nargs="+", metavar="TREE")
    ap.add_argument("--body", nargs="+", metavar="TREE")
    ap.add_argument("--full", action="store_true", help="--body: the engine with every bot")
    ap.add_argument(
        "--default-pipeline",
        action="store_true",
        help="--body: compile with numba's default pipeline, not the engine's own",
    )
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--best", type=int, default=1, help="--speed: each rate the best of N runs")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--bots", help="--compare: the table to compile (default: the five bots)")
    ap.add_argument("--gc", default="default", help="--compare: comma-separated collector modes, "
                    "each run per tree: default (as the tree compiles: with the collector paused "
                    "where it has core.compiling), collect (the collector runs during compiles), "
                    "off (no collector at all; any tree)")  # fmt: skip
    a = ap.parse_args()
    if a.compare:
        compare(a.compare, a.reps, [a.bots] if a.bots else [], a.gc.split(","))
    elif a.body:
        body(a.body, a.reps, a.full, a.default_pipeline)
    elif a.speed:
        speed(a.speed, a.reps, a.best)
    elif a.profile:
        profile([a.bots] if a.bots else [])
    else:
        ap.error("give --compare TREE..., --speed TREE..., --body TREE... or --profile")


if __name__ == "__main__":
    main()
