"""Headcount: the best single challenger a plain grid search over the existing bots' documented
parameters finds against a fixed field, as JSON (the baseline the best-response meter must beat).

The grid (:data:`headcount_lab.research.headcount.exploit.GRID`): for every bot of the menu except
``responder`` (the meter's own family), each parameter listed there takes the values given (spread
over its documented range, see ``headcount-lab headcount simulate --help``), the others keep
their defaults; every combination is a candidate. Successive halving on training deals (the
stream ``SeedSequence([seed, 1])``, as the meter trains) picks one, which then plays ``--games``
fresh games of ``--seed`` against the field with every seat order, exactly as ``headcount
exploit`` evaluates its responder (:func:`headcount_lab.research.headcount.exploit.evaluate`). The
meter's grid stage plays the same halving rounds (with the default ``--first-games``) until a
few candidates are left, so this script's winner is always among the meter's finalists.

Example: python scripts/headcount_grid_search.py --players 4 --field reader --seed 1
"""

import json
import sys
import time

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.headcount.rules import rules_for_variant
from headcount_lab.research.headcount.exploit import (
    GRID,
    GRID_FIRST_GAMES,
    evaluate,
    grid_candidates,
    grid_search,
    parse_field,
)


def main() -> int:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--field", default="reader", help="one bot for every other seat, or N-1")
    ap.add_argument("--variant", default=None)
    ap.add_argument("--rule", action="append", default=[])
    ap.add_argument(
        "--first-games", type=int, default=GRID_FIRST_GAMES, help="games per candidate, round 1"
    )
    ap.add_argument("--games", type=int, default=20_000, help="games for the winner")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    try:
        rules = rules_for_variant(args.variant, args.rule)
        field = parse_field(args.field, args.players)
        if args.first_games < 1 or args.games < 1:
            raise ValueError("--first-games and --games must be positive")
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    grid = grid_candidates()
    t0 = time.perf_counter()

    def progress(r: dict) -> None:
        print(f"round {r['round']}: {r['candidates']} candidates x {r['games']} games, "
              f"best {r['best_rate']:.3f}", file=sys.stderr)  # fmt: skip

    best, rounds = grid_search(field, rules, args.seed, args.first_games, progress)
    result = evaluate(args.players, field, rules, best, args.games, args.seed)
    out = {
        "schema": "headcount-grid-search/1",
        "candidates": len(grid),
        "grid": GRID,
        "rounds": rounds,
        "seconds": time.perf_counter() - t0,
        **{k: v for k, v in result.as_dict().items() if k not in ("schema", "training")},
    }
    out["challenger"] = out.pop("responder")
    out["challenger_label"] = out.pop("responder_label")
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
