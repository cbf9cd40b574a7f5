"""How much can one seat gain against a Headcount field that reads as it is read? (issue 22 item 3)

Round-level measurement of :mod:`headcount_lab.research.headcount.common_reader`: against a
field of common readers (or of card-only players, for contrast) at given thresholds, a grid of
deviators (common readers and card-only players at other ``call`` and ``quantile`` settings) is
halved on common deals (a third survive each round, the rounds tripling), and the winner is
measured again on fresh deals (seed + 1000). Prints one JSON object: every stage, the best
deviator with its share of rounds lost and its gain over the fair share in points, 95% intervals.

    python scripts/headcount_common_reader.py --players 3 --field reader --rounds 900 --seed 1
    python scripts/headcount_common_reader.py --players 3 --field reader --peek 0.05 \
        --deviators reader:0.6:0.01:0.05,reader:0.65:0.03 --games 3000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict

from headcount_lab.research.headcount import common_reader as C

CALLS = "0.5,0.6,0.7,0.8,0.9"
QUANTILES = "0.01,0.03,0.1,0.2,0.35"


def grid(a: argparse.Namespace) -> list[C.Policy]:
    def vals(text: str) -> list[float]:
        return [float(x) for x in text.split(",")]

    return [
        C.Policy(reads, c, q)
        for reads, cs, qs in (
            (True, a.calls, a.quantiles),
            (False, a.card_calls or a.calls, a.card_quantiles or a.quantiles),
        )
        for c in vals(cs)
        for q in vals(qs)
    ]


def row(m: C.Measured) -> dict[str, object]:
    share = "lost_share" if m.what == "rounds" else "won_share"
    out = {"deviator": m.deviator.spec(), m.what: m.count, share: m.share, "gain_pp": m.gain_pp}
    if m.deviator.peek is not None or m.field.peek is not None:
        out[f"peeks_per_{m.what[:-1]}"] = {"deviator": m.peeks[0], "field_seat": m.peeks[1]}
    return out


def policy(text: str) -> C.Policy:
    """KIND:CALL:QUANTILE[:PEEK] (KIND reader or card-only)."""
    parts = text.split(":")
    try:
        if parts[0] not in ("reader", "card-only") or not 3 <= len(parts) <= 4:
            raise ValueError
        call, q, *peek = (float(x) for x in parts[1:])
    except ValueError:
        raise SystemExit(
            f"--deviators: {text!r} is not KIND:CALL:QUANTILE[:PEEK] (KIND reader or card-only)"
        ) from None
    return C.Policy(parts[0] == "reader", call, q, peek[0] if peek else None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--field", choices=("reader", "card-only"), default="reader")
    ap.add_argument("--call", type=float, default=0.65)
    ap.add_argument("--quantile", type=float, default=0.03)
    ap.add_argument("--peek", type=float, default=None, help="the field's peek threshold (H7)")
    ap.add_argument("--rounds", type=int, default=900, help="rounds a candidate, first stage")
    ap.add_argument("--final", type=int, default=9000, help="rounds of the fresh measurement")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--calls", default=CALLS, help="the readers' call thresholds")
    ap.add_argument("--quantiles", default=QUANTILES, help="the readers' bid quantiles")
    ap.add_argument("--card-calls", default="", help="the card-only players' (default: --calls)")
    ap.add_argument("--card-quantiles", default="", help="(default: --quantiles)")
    ap.add_argument(
        "--deviators",
        default="",
        help="no search: measure these (KIND:CALL:QUANTILE[:PEEK], comma-separated; KIND "
        "reader or card-only; no PEEK: never peeks) and the field's own policy on --final "
        "fresh rounds",
    )
    ap.add_argument(
        "--games",
        type=int,
        default=0,
        help="with --deviators: whole games (three life cards each; peeks cost an open one, "
        "H7, H8) instead of rounds",
    )
    ap.add_argument(
        "--open-lives",
        type=int,
        default=0,
        help="rounds: every seat's open life cards (0: nobody peeks; a peek costs nothing)",
    )
    a = ap.parse_args()
    started = time.perf_counter()
    field = C.Policy(a.field == "reader", a.call, a.quantile, a.peek)
    unit = a.players * a.players
    fresh = max(unit, a.final // unit * unit)

    def report(**body: object) -> None:
        given = {  # what the run needs said: the table, the field, the seed, and the changes
            k: v
            for k, v in vars(a).items()
            if k in ("players", "field", "seed") or v != ap.get_default(k)
        }
        command = " ".join(f"--{k.replace('_', '-')} {v}" for k, v in given.items())
        head = {
            "command": f"python scripts/headcount_common_reader.py {command}",
            "players": a.players,
            "field": field.spec(),
            "seed": a.seed,
        }
        body["seconds"] = round(time.perf_counter() - started, 1)
        print(json.dumps(head | body, indent=1))

    if a.deviators:
        named = [policy(x) for x in a.deviators.split(",")]
        report(
            measured=[
                row(C.measure_games(a.players, field, d, a.games, a.seed + 1000))
                if a.games
                else row(
                    C.measure(a.players, field, d, fresh, a.seed + 1000, open_lives=a.open_lives)
                )
                for d in [field, *named]
            ]
        )
        return
    rounds = max(unit, a.rounds // unit * unit)
    pool = grid(a)
    stages = []
    while True:
        ms = sorted(
            (C.measure(a.players, field, d, rounds, a.seed, open_lives=a.open_lives) for d in pool),
            key=lambda m: m.share[0],
        )
        stages.append([row(m) for m in ms])
        if len(ms) // 3 < 2:
            break
        pool = [m.deviator for m in ms[: max(1, len(ms) // 3)]]
        rounds *= 3
    best = ms[0].deviator
    report(
        best=row(C.measure(a.players, field, best, fresh, a.seed + 1000, open_lives=a.open_lives)),
        field_seat_same_deals=row(
            C.measure(a.players, field, field, fresh, a.seed + 1000, open_lives=a.open_lives)
        ),
        stages=stages,
        policy=asdict(best),
    )


if __name__ == "__main__":
    main()
