"""CPU seconds of a cold compile of the Headcount engine with five bots (issue 10 item 4).

Run it with an empty numba cache, against the source tree to measure, e.g. to compare two
commits in alternating runs::

    NUMBA_CACHE_DIR=$(mktemp -d) PYTHONPATH=OTHER_TREE/src python scripts/headcount_compile_cpu.py

Prints two numbers: seconds to import the modules, seconds to compile and warm up the engine.
Works on trees from before the bot table moved to ``bots.py``. An argument replaces the five
bots, e.g. ``equilibrium,reader,odds,tips,random`` (a table that compiles the engine with every
bot).

``GC=collect`` in the environment compiles with Python's cyclic collector running, as before the
package paused it during compiles (:mod:`headcount_lab.core.compiling`; nothing to undo on older
trees); ``GC=off`` switches the collector off for the whole process, on any tree: what the
compile itself costs, to compare code without the collector's share.
"""

from __future__ import annotations

import gc
import os
import sys
import time

try:  # the scripts' shell; this script also runs against trees older than it (PYTHONPATH)
    from headcount_lab.core.scripts import OneLineParser
except ImportError:  # pragma: no cover
    from argparse import ArgumentParser as OneLineParser

ap = OneLineParser(description="CPU seconds of a cold compile of the Headcount engine")
ap.add_argument("bots", nargs="?", default="reader,odds,tips,random,bluffer")
bots = ap.parse_args().bots
if os.environ.get("GC") == "off":
    gc.disable()
t0 = time.process_time()
from headcount_lab.games.headcount import tournament as T  # noqa: E402
from headcount_lab.games.headcount.rules import HeadcountRules  # noqa: E402

try:
    from headcount_lab.games.headcount.bots import parse_bots
except ImportError:  # older trees
    from headcount_lab.games.headcount.agents import parse_bots  # type: ignore[no-redef]
if os.environ.get("GC") == "collect":
    try:
        from headcount_lab.core import compiling

        compiling.uninstall_gc_pause()
    except ImportError:  # trees from before the pause
        pass
t1 = time.process_time()
try:
    setup = T.Setup(tuple(parse_bots(bots, len(bots.split(",")))), HeadcountRules(), True)
    job = T.make_job(setup, 1)
except ValueError as exc:  # a bad bot spec or table size: one line and exit 2, as the CLI does
    print(f"error: {exc}", file=sys.stderr)
    sys.exit(2)
job.warmup()
t2 = time.process_time()
print(f"{t1 - t0:.2f} {t2 - t1:.2f}")
