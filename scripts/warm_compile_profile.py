"""Where ``headcount-lab warm``'s compile time goes, per numba function, and which functions it
compiles more than once (issue 25: compile time).

    NUMBA_CACHE_DIR=$(mktemp -d) PYTHONPATH=src python scripts/warm_compile_profile.py \
        [GAME ...] [--top 30] [--json]

Runs ``warm``'s steps for the games named (default: every game) in this one process, with numba's
on-disk cache pointed at an empty folder by the caller (else most functions load and nothing is
measured), and listens to numba's compile events: each function's exclusive compile seconds
(its nested compiles subtracted), how many times it was compiled, and for a function compiled
more than once the first place its argument types differ (a literal argument, an optional
``None``, an array of another rank: each makes numba compile the function again). Prints the
seconds of each step, the total, the top functions and the repeats; ``--json`` prints the same
as JSON. Wall seconds of one process: run it with nothing else heavy on the machine and compare
trees in the same session (``PYTHONPATH=OTHER/src``).
"""

from __future__ import annotations

import collections
import json
import os
import sys
import time
from typing import Any

try:  # the scripts' shell; this script also runs against trees older than it (PYTHONPATH)
    from headcount_lab.core.scripts import OneLineParser
except ImportError:  # pragma: no cover
    from argparse import ArgumentParser as OneLineParser


def _first_difference(a: str, b: str, width: int = 160) -> tuple[str, str]:
    i = next((i for i, (p, q) in enumerate(zip(a, b, strict=False)) if p != q), min(len(a), len(b)))
    lo = max(0, i - width // 2)
    return a[lo : i + width // 2], b[lo : i + width // 2]


def profile(games: list[str]) -> dict[str, Any]:
    from numba.core import event

    from headcount_lab.cli.warm import steps
    from headcount_lab.core import coldstart
    from headcount_lab.games import registered

    coldstart.disable()  # compile here, not in the background
    known = registered()
    bad = [g for g in games if g not in known]
    if bad:
        raise ValueError(f"unknown game {bad[0]!r}; known: {', '.join(known)}")
    stack: list[list[float]] = []
    excl: collections.Counter[str] = collections.Counter()
    count: collections.Counter[str] = collections.Counter()
    sigs: dict[str, list[str]] = collections.defaultdict(list)

    class Listener(event.Listener):  # type: ignore[misc]
        def on_start(self, ev: Any) -> None:
            stack.append([time.perf_counter(), 0.0])

        def on_end(self, ev: Any) -> None:
            t0, child = stack.pop()
            d = ev.data["dispatcher"]
            spent = time.perf_counter() - t0
            name = f"{d.py_func.__module__}.{d.py_func.__qualname__}"
            excl[name] += spent - child
            count[name] += 1
            sigs[name].append(str(ev.data.get("args")))
            if stack:
                stack[-1][1] += spent

    event.register("numba:compile", Listener())
    step_s = {}
    for g in games or list(known):
        for label, run in steps(known[g]):
            t0 = time.perf_counter()
            run()
            step_s[label] = time.perf_counter() - t0
    repeats = []
    for name, k in count.items():
        if k > 1:
            a, b = _first_difference(sigs[name][0], sigs[name][1])
            repeats.append({"function": name, "compiles": k, "seconds": excl[name],
                            "first": a, "second": b})  # fmt: skip
    repeats.sort(key=lambda r: -r["seconds"])
    return {
        "numba_cache_dir": os.environ.get("NUMBA_CACHE_DIR"),
        "steps": step_s,
        "compile_seconds": sum(excl.values()),
        "functions": [
            {"function": f, "seconds": s, "compiles": count[f]} for f, s in excl.most_common()
        ],  # fmt: skip
        "repeats": repeats,
        "load_average_at_end": list(os.getloadavg()),
    }


def main() -> int:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="games to warm (default: every game)")
    ap.add_argument("--top", type=int, default=30, help="functions to list")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args()
    if not os.environ.get("NUMBA_CACHE_DIR"):
        print("error: set NUMBA_CACHE_DIR to an empty folder (the cache would load, not compile)",
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        out = profile(args.games)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for label, s in out["steps"].items():
        print(f"{s:7.1f} s  {label}")
    print(f"{out['compile_seconds']:7.1f} s  compiling, in all")
    for f in out["functions"][: args.top]:
        print(f"{f['seconds']:7.2f} s  x{f['compiles']}  {f['function']}")
    print("compiled more than once:")
    for r in out["repeats"]:
        print(f"{r['seconds']:7.2f} s  x{r['compiles']}  {r['function']}")
        print(f"           first:  ...{r['first']}...")
        print(f"           second: ...{r['second']}...")
    print(f"load average at end: {out['load_average_at_end']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
