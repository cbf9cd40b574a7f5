"""Play the dealer's restriction (W5) with the competent Whist field and store the result.

    python scripts/whist_competent_restriction.py --matches 2000 --seed 1

Every match is played twice from the same deals, restriction on and off, by the committed
4-player competent field (``data/field-whist-4p-standard-v1.json``: its member in every seat,
seats rotated). The merged statistics and this command line go to
``data/whist-competent-restriction-v1.npz``, which the Whist report reads (its question 1 and the
match-cost tip). About 0.2 s a paired match on one core.
"""

from __future__ import annotations

import time

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.whist.rules import VERSION
from headcount_lab.research.whist import competent_restriction as cr


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    command = parser.command(args, always=("matches", "seed"))
    bots = cr.field_bots()
    t0 = time.perf_counter()
    stats = cr.run(bots, args.matches, args.seed)
    seconds = time.perf_counter() - t0
    meta = {
        "command": command, "bots": bots, "matches": args.matches, "seed": args.seed,
        "rules_version": VERSION, "seconds": round(seconds, 1),
    }  # fmt: skip
    cr.save(cr.PATH, stats, meta)
    print(f"{command}: {args.matches} paired matches in {seconds:.0f} s, written to {cr.PATH}")


if __name__ == "__main__":
    main()
