"""Learn the cheap+ face-up table and write src/headcount_lab/games/poohead/data/faceup.json."""

import json
import shlex
import sys
from pathlib import Path

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.poohead.faceup_table import DATA
from headcount_lab.research.poohead.faceup import write_table

if __name__ == "__main__":
    ap = OneLineParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2_000_000, help="games per player count")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    out = Path(__file__).resolve().parents[1] / "src/headcount_lab/games/poohead" / DATA
    command = "python scripts/poohead_faceup_table.py " + shlex.join(sys.argv[1:])
    print(json.dumps(write_table(out, args.games, args.seed, command.strip()), indent=2))
