#!/usr/bin/env python
"""Write ``tests/headcount/fixtures/bayes_decisions.json``: the digests of the ``bayes`` bot's
decisions and posteriors on seeded games (``tests/headcount/bayes_record.py``), which
``tests/headcount/test_bayes.py`` asks every later version of the bot to reproduce bit for bit.

Run it with the code whose decisions are the reference (the fixture was written with main at
5e998a5, before the bot was made cheaper):

    PYTHONPATH=OTHER_TREE/src python scripts/headcount_bayes_record.py [--out FILE]
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

try:  # the scripts' shell; this script also runs against trees older than it (PYTHONPATH)
    from headcount_lab.core.scripts import OneLineParser
except ImportError:  # pragma: no cover
    from argparse import ArgumentParser as OneLineParser

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "headcount")]
FIXTURE = ROOT / "tests" / "headcount" / "fixtures" / "bayes_decisions.json"


def main() -> None:
    from bayes_record import record

    import headcount_lab

    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FIXTURE)
    args = parser.parse_args()
    src = Path(headcount_lab.__file__).resolve().parents[2]
    commit = subprocess.run(["git", "-C", str(src), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    out = {"code": f"{commit} ({src})", "tables": record()}
    args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
