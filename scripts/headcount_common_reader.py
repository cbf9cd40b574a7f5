"""How much can one seat gain against a Headcount field that reads as it is read? (issue 22 item 3)

Measurement of :mod:`headcount_lab.research.headcount.common_reader`: against a field of common
readers (or of card-only players, for contrast) at given thresholds, a grid of deviators (common
readers and card-only players at other ``call``, ``quantile`` and ``peek`` settings) is halved on
common deals (a third survive each stage, the rounds or games tripling), and the winner is
measured again on fresh deals (seed + 1000). In rounds by default; with ``--games G`` in whole
games, the first stage playing G / 9 of them and the final G. Prints one JSON object: every
stage, the best deviator with its share of rounds lost (games won) and its gain over the fair
share in points, 95% intervals.

    python scripts/headcount_common_reader.py --players 3 --field reader --rounds 900 --seed 1
    python scripts/headcount_common_reader.py --players 3 --field reader --call 0.6 \
        --quantile 0.01 --peek 0.1 --calls 0.55,0.6,0.65 --quantiles 0.01,0.02,0.03,0.05 \
        --peeks 0.05,0.1 --no-card-only --games 3000 --seed 1
    python scripts/headcount_common_reader.py --players 3 --field reader --peek 0.05 \
        --deviators reader:0.6:0.01:0.05,reader:0.65:0.03 --games 3000 --seed 1

``--situation headsup`` (or ``last-life``) with ``--games``: every deviator plays the field's
own policy except in the rounds that open in that situation (two players left; one life card
in its hands), where it plays the grid's or ``--deviators``' policy: a reply wider than one set
of thresholds. ``--mix-headsup`` (with ``--games``) gives the field a mixture of its own for the
rounds two players open, which it plays and reads by there (a ``--situation headsup`` reply then
plays the field's other mixture until two are left; a ``--situation last-life`` one plays both
of the field's mixtures as the field does, until its last life card).

``--spread WEIGHT/CALLS/QUANTILES/PEEKS`` blends the field with a spread of readers (WEIGHT of
its rounds, shared evenly), which it plays and reads every seat by: a reading that gives
settings outside its mixture a weight.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.research.headcount import common_reader as C

CALLS = "0.5,0.6,0.7,0.8,0.9"
QUANTILES = "0.01,0.03,0.1,0.2,0.35"


def grid(a: argparse.Namespace) -> list[C.Policy]:
    def vals(text: str) -> list[float]:
        return [float(x) for x in text.split(",")]

    kinds = [(True, a.calls, a.quantiles)]
    if not a.no_card_only:
        kinds.append((False, a.card_calls or a.calls, a.card_quantiles or a.quantiles))
    peeks: list[float | None] = [a.peek]
    if a.peeks:
        try:
            peeks = C.parse_peeks(a.peeks)
        except ValueError as e:
            raise SystemExit(f"--peeks: {e}") from None
    return [
        C.Policy(reads, c, q, pk)
        for reads, cs, qs in kinds
        for c in vals(cs)
        for q in vals(qs)
        for pk in peeks
    ]


def name(d: C.Deviator, field: C.Field) -> str:
    """A deviator's spec; a situational reply's base named "the field" when it is the field's
    play with three or more in (all of it, for a field that is the same heads-up), or the whole
    field (a last-life reply to a heads-up field)."""
    if isinstance(d, C.Situational) and d != field and d.base in (C.headsup_apart(field)[0], field):
        return d.spec("the field")
    return d.spec()


def row(m: C.Measured) -> dict[str, object]:
    hit = "lost" if m.what == "rounds" else "won"
    out = {"deviator": name(m.deviator, m.field), m.what: m.count, f"{hit}_share": m.share}
    out["gain_pp"] = m.gain_pp
    if C.any_peek(m.deviator) or C.any_peek(m.field):
        out[f"peeks_per_{m.what[:-1]}"] = {"deviator": m.peeks[0], "field_seat": m.peeks[1]}
    if m.deviator == m.field:  # the label moves nothing: every seat's reading of the control
        out[f"{hit}_by_label"] = list(m.by_label)
    return out


def policy(text: str, option: str = "--deviators") -> C.Policy:
    """KIND:CALL:QUANTILE[:PEEK] as given to ``option``, or a one-line exit."""
    try:
        return C.Policy.parse(text)
    except ValueError as e:
        raise SystemExit(f"{option}: {e}") from None


def spread(play: C.Play, text: str) -> C.Mixed:
    """``play`` blended with a spread (``--spread WEIGHT/CALLS/QUANTILES/PEEKS``): the spread's
    readers share WEIGHT evenly, ``play``'s policies keep the rest in their proportions, and a
    policy in both gets both shares. The field plays the blend and reads every seat by it, so a
    setting the field would otherwise never play has a weight in its reading."""
    try:
        weight, calls, quantiles, peeks = text.split("/")
        w = float(weight)
        if not 0.0 < w < 1.0:
            raise ValueError(f"WEIGHT {weight} is not between 0 and 1")
        cells = [
            C.Policy(True, float(c), float(q), pk)
            for c in calls.split(",")
            for q in quantiles.split(",")
            for pk in C.parse_peeks(peeks)
        ]
    except ValueError as e:
        raise SystemExit(f"--spread: {e} (WEIGHT/CALLS/QUANTILES/PEEKS)") from None
    base = play if isinstance(play, C.Mixed) else C.Mixed((play,), (1.0,))
    out: dict[C.Policy, float] = {}
    for p, x in zip(base.policies, base.weights, strict=True):
        out[p] = out.get(p, 0.0) + x * (1.0 - w)
    for p in cells:
        out[p] = out.get(p, 0.0) + w / len(cells)
    return C.Mixed(tuple(out), tuple(out.values()))  # sums to 1 within rounding (Mixed: 1e-9)


def main() -> None:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--field", choices=("reader", "card-only"), default="reader")
    ap.add_argument("--call", type=float, default=0.65)
    ap.add_argument("--quantile", type=float, default=0.03)
    ap.add_argument("--peek", type=float, default=None, help="the field's peek threshold (H7)")
    ap.add_argument(
        "--mix",
        default="",
        help="a field that mixes, drawing a policy each round: KIND:CALL:QUANTILE[:PEEK]@WEIGHT, "
        "comma-separated (replaces --field, --call, --quantile and --peek)",
    )
    ap.add_argument(
        "--mix-headsup",
        default="",
        help="games: the field's mixture once two players are left (as --mix), played and read "
        "there; --mix (or --field ...) is then its mixture with three or more in",
    )
    ap.add_argument(
        "--spread",
        default="",
        help="WEIGHT/CALLS/QUANTILES/PEEKS: the field (--mix, or its one policy) gives WEIGHT of "
        "its rounds, evenly, to every reader at those thresholds ('none': never peeks), and reads "
        "every seat by the blend, e.g. 0.15/0.45,0.55/0.2,0.4/none,0.1 (with --mix-headsup: "
        "the mixture with three or more in)",
    )
    ap.add_argument("--rounds", type=int, default=900, help="rounds a candidate, first stage")
    ap.add_argument("--final", type=int, default=9000, help="rounds of the fresh measurement")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--calls", default=CALLS, help="the readers' call thresholds")
    ap.add_argument("--quantiles", default=QUANTILES, help="the readers' bid quantiles")
    ap.add_argument("--card-calls", default="", help="the card-only players' (default: --calls)")
    ap.add_argument("--card-quantiles", default="", help="(default: --quantiles)")
    ap.add_argument(
        "--peeks", default="", help="the deviators' peek thresholds, 'none' too (default: --peek)"
    )
    ap.add_argument("--no-card-only", action="store_true", help="only readers in the grid")
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
        help="whole games (three life cards each; a peek costs an open one, H7, H8) instead of "
        "rounds: the final measurement's games (the grid's first stage plays a ninth)",
    )
    ap.add_argument(
        "--open-lives",
        type=int,
        default=0,
        help="rounds: every seat's open life cards (0: nobody peeks; a peek costs nothing)",
    )
    ap.add_argument(
        "--situation",
        choices=C.SITUATIONS,
        default=None,
        help="games: the deviators play the field's policy except in this situation",
    )
    a = ap.parse_args()
    if (a.situation or a.mix_headsup) and not a.games:
        raise SystemExit(
            "--situation and --mix-headsup need --games: a situation is a state of a whole game"
        )
    if not 2 <= a.players <= 4:  # 8.9 million ordered deals at 5 players: out of reach
        raise SystemExit(f"--players {a.players}: the enumeration holds 2 to 4 players")
    started = time.perf_counter()

    def mixed(text: str, option: str) -> C.Mixed:
        parts = [x.rpartition("@") for x in text.split(",")]
        try:
            weights = tuple(float(w) for _, _, w in parts)
            return C.Mixed(tuple(policy(p, option) for p, _, _ in parts), weights)
        except ValueError as e:
            raise SystemExit(f"{option}: {e}") from None

    many: C.Play = C.Policy(a.field == "reader", a.call, a.quantile, a.peek)
    if a.mix:
        many = mixed(a.mix, "--mix")
    if a.spread:
        many = spread(many, a.spread)
    field: C.Field = many
    if a.mix_headsup:
        field = C.Situational(many, "headsup", mixed(a.mix_headsup, "--mix-headsup"))
    unit = a.players * a.players
    fresh = max(unit, a.final // unit * unit)

    def report(**body: object) -> None:
        head = {  # what the run needs said: the table, the field, the seed, and the changes
            "command": ap.command(a, always=("players", "field", "seed")),
            "players": a.players,
            "field": field.spec(),
            "seed": a.seed,
        }
        body["seconds"] = round(time.perf_counter() - started, 1)
        print(json.dumps(head | body, indent=1))

    def wrap(d: C.Policy) -> C.Deviator:
        # on its last life a reply leaves the field's play, heads-up mixture included
        base = field if a.situation == "last-life" else many
        return C.Situational(base, a.situation, d) if a.situation else d

    def measured(d: C.Deviator, size: int, seed: int) -> C.Measured:
        if a.games or isinstance(d, C.Situational):  # a situation needs --games (above)
            return C.measure_games(a.players, field, d, size, seed)
        return C.measure(a.players, many, d, size, seed, open_lives=a.open_lives)

    if a.deviators:
        named = [wrap(policy(x)) for x in a.deviators.split(",")]
        size = a.games or fresh
        report(measured=[row(measured(d, size, a.seed + 1000)) for d in [field, *named]])
        return

    if a.games:
        size, fresh = max(a.players, a.games // 9 // a.players * a.players), a.games
    else:
        size = max(unit, a.rounds // unit * unit)
    # the best first: the largest gain (fewest rounds lost, most games won)
    best, stages = C.halve_thirds([wrap(d) for d in grid(a)], size, a.seed, measured)
    report(
        best=row(measured(best, fresh, a.seed + 1000)),
        field_seat_same_deals=row(measured(field, fresh, a.seed + 1000)),
        stages=[[row(m) for m in ms] for ms in stages],
        policy=asdict(best),
    )


if __name__ == "__main__":
    main()
