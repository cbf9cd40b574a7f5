"""Run the fuzz guard (tests/test_fuzz_cli.py) and print how its inputs ended.

Every input the guard tries is counted (``FUZZ_COUNTS``, one JSON line each): clean errors (one
``error:`` line, exit 2), successes, tracebacks, hangs and other failures, in all and by command.
Extra arguments go to pytest; ``FUZZ_EXAMPLES=300`` widens the generated part as for the test.

    PYTHONPATH=src python scripts/fuzz_counts.py [--json] [PYTEST ARGS...]
"""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTCOMES = ("clean error", "success", "traceback", "hang", "other failure")


def main(argv: list[str]) -> int:
    as_json = "--json" in argv
    extra = [a for a in argv if a != "--json"]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "counts.jsonl"
        env = {**os.environ, "FUZZ_COUNTS": str(log)}
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               str(ROOT / "tests" / "test_fuzz_cli.py"), *extra]  # fmt: skip
        done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=sys.stderr, check=False)
        rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    total = collections.Counter(r["outcome"] for r in rows)
    by_command: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for r in rows:
        by_command[r["command"]][r["outcome"]] += 1
    if as_json:
        out = {
            "inputs": len(rows),
            **{k: total[k] for k in OUTCOMES},
            "pytest_exit": done.returncode,
            "by_command": {c: dict(v) for c, v in sorted(by_command.items())},
        }
        print(json.dumps(out, indent=2))
    else:
        print(f"{len(rows)} inputs: " + ", ".join(f"{total[k]} {k}" for k in OUTCOMES))
        for c, v in sorted(by_command.items()):
            print(f"  {c:<36} " + ", ".join(f"{v[k]} {k}" for k in OUTCOMES if v[k]))
        for r in rows:
            if r["outcome"] not in ("clean error", "success"):
                print(f"{r['outcome']}: headcount-lab {' '.join(r['args'])}")
        print(f"pytest exit status {done.returncode}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
