"""Forehead Whist: strength against speed of the montecarlo bot, as JSON on stdout.

For every (bid samples, play samples) pair: the points per match one such bot gains against
three montecarlo bots with the defaults the curve replaced (24 bid samples, none for play; seats
rotated, 95% t interval over blocks, one seed for all) and the matches per second of one core's
CPU time with that bot at every seat. Progress on stderr.
See headcount_lab.research.whist.challenge.montecarlo_curve.

With ``--bots``, the named bots instead of the grid, each beside ``--baseline`` (default: the
default montecarlo): its gain against the field and its speed as the median of ``--rounds``
timings taken in turn with the baseline's, with the ratio (challenge.speed_table).
"""

import argparse
import sys

from headcount_lab.core.scripts import OneLineParser, print_json
from headcount_lab.games.whist.rules import WhistRules
from headcount_lab.research.whist.challenge import montecarlo_curve, speed_table


def _counts(text: str) -> list[int]:
    parts = [v.strip() for v in text.split(",") if v.strip()]
    if not parts or not all(v.isdigit() for v in parts):
        raise argparse.ArgumentTypeError(f"expected whole numbers like 8,24,64, not {text!r}")
    return [int(v) for v in parts]


def main() -> int:
    ap = OneLineParser(description=__doc__)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bid", type=_counts, default=[8, 24, 64, 200], help="bid samples")
    ap.add_argument("--play", type=_counts, default=[0, 4, 16, 32, 64, 128], help="play samples")
    ap.add_argument(
        "--field",
        default="montecarlo:bid_samples=24,play_samples=0",
        help="the bot at the other seats (default: the montecarlo defaults the curve replaced)",
    )
    ap.add_argument("--matches", type=int, default=1800, help="matches per setting")
    ap.add_argument("--speed-matches", type=int, default=60, help="matches timed per setting")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--bots", nargs="+", help="named bots to measure instead of the grid")
    ap.add_argument("--baseline", default="montecarlo", help="the bot --bots are timed against")
    ap.add_argument("--rounds", type=int, default=3, help="timings per bot with --bots")
    args = ap.parse_args()

    def compute(progress):
        if args.matches < 1 or args.speed_matches < 1:
            raise ValueError("--matches and --speed-matches must be positive")
        rules = WhistRules(players=args.players)
        if args.bots:
            bots = (args.bots, args.field, args.baseline)
            timing = (args.speed_matches, args.rounds)
            return speed_table(rules, *bots, args.matches, args.seed, *timing, progress)
        if min(args.bid) < 1:
            raise ValueError("bid samples must be at least 1")
        return montecarlo_curve(
            rules,
            args.bid,
            args.play,
            args.field,
            args.matches,
            args.seed,
            args.speed_matches,
            progress,
        )

    return print_json(compute)


if __name__ == "__main__":
    sys.exit(main())
