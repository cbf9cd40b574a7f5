"""What listening is worth: one bot that reads the bids against copies of the same bot that does
not, and one bot that does not listen against copies that do, seats rotated (issue 12).

    python scripts/whist_listen_gain.py [--matches 3000] [--seed 1] [--players 3,4]
        [--bot montecarlo] [--levels 1] [--reads 1,0.5] [--listening-field] [--no-heuristic]
        [--pair CHALLENGER@FIELD ...]

``listen=1``: blind one-card bids from the equilibrium tables (3-4 players); montecarlo's
``listen=2`` also weights its bid samples by the earlier bids, ``listen=3`` its card-play
samples as well by the tricks the others still need. At 5 and 6 players there are no blind
tables, so there ``listen=2`` and ``3`` measure the weighting alone. ``--reads``: the same bot
with ``read=q`` (blind bids that read the earlier ones, each read as bid from the cards alone
with chance ``q``, else as ``listen=1``; issue 22 item 1) against copies of the bot, whose blind
bids come from their cards alone; with ``--listening-field`` also against copies that listen.
``--pair CHALLENGER@FIELD`` (repeatable) plays those pairs instead, for example
``montecarlo:listen=1,bids=heuristic@heuristic`` (reading a field of ``heuristic`` bots' larger
hands exactly) beside ``montecarlo:listen=2@heuristic`` (the proxy model).

Prints JSON: per table size and pair, the challenger's gain in points per match with its 95%
interval (:func:`headcount_lab.research.whist.challenge.head_to_head`: its match score minus the
field's mean score in the same matches, a t interval over blocks) and ``listening_worth``, the
gain of the listening side (the gain itself, or minus it when the field listens).
"""

from __future__ import annotations

import sys

from headcount_lab.core.scripts import OneLineParser, print_json
from headcount_lab.games.whist.rules import WhistRules
from headcount_lab.research.whist.challenge import head_to_head


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",") if v.strip()]


def with_param(bot: str, key: str, value: float) -> str:
    """``bot`` with ``key=value`` in its named parameters (replacing the one it names)."""
    name, _, params = bot.partition(":")
    keep = [p for p in params.split(",") if p.strip() and not p.strip().startswith(f"{key}=")]
    return f"{name}:" + ",".join([*keep, f"{key}={value:g}"])


def pairs(bot: str, levels: list[int], listening_field: bool, heuristic: bool,
          reads: tuple[float, ...] = ()):  # fmt: skip
    """(challenger, field, whether the challenger is the listening side)."""
    out = [("heuristic:listen=1", "heuristic", True)] if heuristic else []
    out += [("heuristic:read=1", "heuristic", True)] if heuristic and reads else []
    for level in levels:
        out.append((with_param(bot, "listen", level), bot, True))
        if listening_field:
            out.append((bot, with_param(bot, "listen", level), False))
    for q in reads:
        out.append((with_param(bot, "read", q), bot, True))
        if listening_field:
            out.append((with_param(bot, "read", q), with_param(bot, "listen", 1), True))
    return out


def _floats(text: str) -> tuple[float, ...]:
    return tuple(float(v) for v in text.split(",") if v.strip())


def main() -> int:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=_ints, default=[3, 4], help="table sizes, e.g. 3,4,5")
    ap.add_argument("--bot", default="montecarlo", help="the bot with and without listening")
    ap.add_argument("--levels", type=_ints, default=[1], help="listen levels to try, e.g. 1,2,3")
    ap.add_argument("--reads", type=_floats, default=(), help="read values to try, e.g. 1,0.5")
    ap.add_argument(
        "--listening-field",
        action="store_true",
        help="also seat a bot that does not listen against copies that do",
    )
    ap.add_argument("--no-heuristic", action="store_true", help="skip heuristic:listen=1")
    ap.add_argument(
        "--pair",
        action="append",
        default=[],
        metavar="CHALLENGER@FIELD",
        help="play this pair instead of the ones above (repeatable)",
    )
    args = ap.parse_args()
    chosen = [tuple(p.split("@")) for p in args.pair]
    if any(len(p) != 2 or not all(p) for p in chosen):
        ap.error("--pair takes CHALLENGER@FIELD, two bot specs")

    def compute(progress):
        if args.matches < 1:
            raise ValueError("--matches must be positive")
        rows = []
        for players in args.players:
            rules = WhistRules(players=players)  # a ValueError for a bad table size
            todo = [(c, f, True) for c, f in chosen] or pairs(
                args.bot, args.levels, args.listening_field, not args.no_heuristic, args.reads
            )
            for challenger, field, listens in todo:
                res = head_to_head(rules, challenger, field, args.matches, args.seed)
                lo, hi = res["ci95"]
                worth = (res["gain"], [lo, hi]) if listens else (-res["gain"], [-hi, -lo])
                rows.append(
                    {"players": players, **res, "listening_worth": worth[0], "worth_ci95": worth[1]}
                )
                progress(
                    f"{players}p {challenger} vs {field}: {res['gain']:+.2f} [{lo:+.2f}, {hi:+.2f}]"
                )
        return {"seed": args.seed, "rows": rows}

    return print_json(compute)


if __name__ == "__main__":
    sys.exit(main())
