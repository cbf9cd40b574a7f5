"""What the solved heads-up round is worth to the ``equilibrium`` bot, as paired games.

    PYTHONPATH=src python scripts/headcount_headsup_gain.py --players 2 --games 200000 --seed 1 \
        [--focal equilibrium:headsup=solved] [--field equilibrium] [--workers 1] [--json]

Every deal is played twice with common random numbers (:func:`headcount_lab.analysis.headcount.
play.paired_job`): once with ``--focal`` (default: ``equilibrium:headsup=solved``, which plays
two-player rounds from the solved round) in one seat and ``--field`` (default: ``equilibrium``,
its table everywhere) in the others, once with the field's bot in that seat too; the
focal seat takes every seat in turn. Prints both game-win rates (Wilson 95%), their paired
difference and the paired difference of the share of rounds lost (normal 95%). ``--players 2``
plays two-player games from full lives: the heads-up endgame on its own (the ``simulate``
command starts at 3 players, as the rules do; the engine plays any table size from 2).
"""

from __future__ import annotations

import json
import sys

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.headcount.agents import parse_bot
from headcount_lab.games.headcount.rules import HeadcountRules
from headcount_lab.research.headcount import traces as play


def gain(players: int, focal: str, field: str, games: int, seed: int,
         workers: int | None = None) -> dict:  # fmt: skip
    """The paired summary (:func:`play.paired_summary`) of ``focal`` against ``field``."""
    std = HeadcountRules()
    pair = play.Pair(players, parse_bot(focal), parse_bot(field), parse_bot(field), std, std)
    s = play.paired_summary(play.run(play.paired_job(pair, games), seed, workers))
    return {"players": players, "focal": pair.focal_a.spec, "field": pair.field.spec,
            "seed": seed, **s}  # fmt: skip


def main() -> None:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--focal", default="equilibrium:headsup=solved")
    ap.add_argument("--field", default="equilibrium")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not 2 <= args.players <= 6 or args.games < 1 or args.seed < 0:
        print("error: --players must be 2-6, --games positive, --seed non-negative",
              file=sys.stderr)  # fmt: skip
        raise SystemExit(2)
    try:
        r = gain(args.players, args.focal, args.field, args.games, args.seed, args.workers)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if args.json:
        print(json.dumps(r, indent=2))
        return
    fair = 1 / args.players

    def ci(t: tuple) -> str:
        return f"{t[0]:.2%} [{t[1]:.2%}, {t[2]:.2%}]"

    print(f"{r['games']:,} paired games, {args.players} players, seed {args.seed}; "
          f"field {r['field']}; fair share {fair:.2%}")  # fmt: skip
    print(f"focal {r['focal']}: wins {ci(r['win_a'])}")
    print(f"focal {r['field']}: wins {ci(r['win_b'])}")
    print(f"paired difference of wins: {ci(r['diff'])}")
    print(f"paired difference of the share of rounds lost: {ci(r['round_loss_diff'])}")


if __name__ == "__main__":
    main()
