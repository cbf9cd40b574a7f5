"""Forehead Whist: the best single challenger against a field of the strongest bot, as JSON.

Searches a grid of bots (heuristic and montecarlo sample counts, with ``--listen`` each also
reading the bids) for the one that gains most against ``players - 1`` copies of the field bot:
successive halving on the selection seed, then the winner measured again on a fresh seed (95% t
interval over blocks). Progress on stderr.
See headcount_lab.research.whist.challenge.best_challenger.
"""

import argparse
import sys

from headcount_lab.core.scripts import OneLineParser, print_json
from headcount_lab.games.whist.rules import WhistRules
from headcount_lab.research.whist.challenge import best_challenger, montecarlo_bot

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


def _grid(text: str) -> list[tuple[int, int]]:
    """``BID:PLAY,BID:PLAY,...`` sample counts, e.g. ``64:64,200:128``."""
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        bid, sep, play = part.partition(":")
        if not sep or not bid.isdigit() or not play.isdigit():
            raise argparse.ArgumentTypeError(f"expected BID:PLAY pairs like 64:64, not {part!r}")
        out.append((int(bid), int(play)))
    if not out:
        raise argparse.ArgumentTypeError("expected at least one BID:PLAY pair")
    return out


def _levels(text: str) -> list[int]:
    parts = [v.strip() for v in text.split(",") if v.strip()]
    if not parts or not all(v.isdigit() and 1 <= int(v) <= 3 for v in parts):
        raise argparse.ArgumentTypeError(f"expected listen levels from 1 to 3, not {text!r}")
    return [int(v) for v in parts]


def main() -> int:
    ap = OneLineParser(description=__doc__)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--field", default=montecarlo_bot(200, 128), help="the bot at the other seats")
    ap.add_argument("--first-matches", type=int, default=120, help="matches per candidate, round 1")
    ap.add_argument("--eval-matches", type=int, default=1800, help="matches for the winner")
    ap.add_argument("--select-seed", type=int, default=2026)
    ap.add_argument("--eval-seed", type=int, default=2027)
    ap.add_argument("--grid", type=_grid, default=GRID, help="montecarlo BID:PLAY,... to try")
    ap.add_argument(
        "--listen",
        action="store_true",
        help="also try every candidate with listen=1 (bots that read the bids)",
    )
    ap.add_argument(
        "--listen-levels",
        type=_levels,
        default=[1],
        help="with --listen: the montecarlo listen levels to try, e.g. 1,2,3",
    )
    args = ap.parse_args()

    def compute(progress):
        candidates = ["heuristic"] + [montecarlo_bot(b, p) for b, p in args.grid]
        if args.listen:
            candidates.append("heuristic:listen=1")
            for level in args.listen_levels:
                candidates += [montecarlo_bot(b, p, listen=level) for b, p in args.grid]
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
