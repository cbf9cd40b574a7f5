"""Forehead Whist: the best single challenger against a field of the strongest bot, as JSON.

Searches a grid of bots (heuristic and montecarlo sample counts) for the one that gains most
against ``players - 1`` copies of the field bot: successive halving on the selection seed, then
the winner measured again on a fresh seed (95% t interval over blocks). Progress on stderr.
See headcount_lab.games.whist.challenge.best_challenger.
"""

import sys

from headcount_lab.games.whist.challenge import (
    OneLineParser,
    best_challenger,
    montecarlo_bot,
    print_json,
)
from headcount_lab.games.whist.rules import WhistRules

#: (bid samples, play samples) of the montecarlo candidates; extend when bots gain options
GRID = [
    (24, 0),
    (24, 32),
    (64, 32),
    (64, 128),
    (64, 256),
    (200, 0),
    (200, 32),
    (200, 128),
    (200, 256),
    (400, 128),
    (400, 256),
]


def main() -> int:
    ap = OneLineParser(description=__doc__)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--field", default=montecarlo_bot(200, 128), help="the bot at the other seats")
    ap.add_argument("--first-matches", type=int, default=120, help="matches per candidate, round 1")
    ap.add_argument("--eval-matches", type=int, default=1800, help="matches for the winner")
    ap.add_argument("--select-seed", type=int, default=2026)
    ap.add_argument("--eval-seed", type=int, default=2027)
    ap.add_argument(
        "--listen",
        action="store_true",
        help="also try every candidate with listen=1 (bots that read the earlier blind bids)",
    )
    args = ap.parse_args()

    def compute(progress):
        candidates = ["heuristic"] + [montecarlo_bot(b, p) for b, p in GRID]
        if args.listen:
            candidates += ["heuristic:listen=1"] + [montecarlo_bot(b, p, listen=1) for b, p in GRID]
        if args.first_matches < 1 or args.eval_matches < 1:
            raise ValueError("--first-matches and --eval-matches must be positive")
        return best_challenger(
            WhistRules(players=args.players),
            args.field,
            candidates,
            args.select_seed,
            args.eval_seed,
            args.first_matches,
            args.eval_matches,
            progress,
        )

    return print_json(compute)


if __name__ == "__main__":
    sys.exit(main())
