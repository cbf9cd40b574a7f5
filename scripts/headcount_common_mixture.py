"""Fictitious play over common readers' settings: a mixture grown by best replies in whole games.

Issue 22 item 3's next step after :mod:`headcount_lab.research.headcount.common_reader`: no single
setting of the common readers is a rest point (the best reply to each gains 8 to 29 points of
games), so the field's setting should be a mixture. This script grows one by fictitious play.
The field starts as the ``--start`` setting; each iteration halves the grid of readers (every
``--calls`` x ``--quantiles`` x ``--peeks``, ``none`` among the peeks for a reader that never
peeks) against the current mixture in whole games, as
``headcount_common_reader.py --games G`` does (a ninth of G games a candidate, the best third
on three times as many, ...), and adds the winner once. The mixture is the frequency of the
start and the winners; every seat draws its setting from it each round, and the table knows
the mixture, not the draw.

``--start`` may name several settings (comma-separated), each counted once: a run can go on from
an earlier run's mixture. ``--until G`` stops the iterations, without adding that reply, once a best
reply gains at most ``G`` points in the last stage of its halving (the search's own games, which
overstate the winner's gain, so the stop is cautious); ``--iterations`` is then the budget.

At the end the last mixture is measured on fresh games (seed + 1000): itself in the deviator's
chair (the fair share, a check), and the best reply a fresh halving finds (seed + 2000, its
winner then played on seed + 1000). Their gains, in points of games won over the fair 1/n with
95% intervals, say how far the mixture is from a rest point. Prints one JSON object.

    python scripts/headcount_common_mixture.py --players 3 --iterations 4 --games 900 \
        --final 3000 --seed 1
"""

from __future__ import annotations

import json
import time
from collections import Counter

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.research.headcount import common_reader as C


def floats(text: str, option: str, p: OneLineParser) -> list[float]:
    """The numbers of a comma-separated option, or the parser's one-line error."""
    try:
        return [float(x) for x in text.split(",")]
    except ValueError:
        p.error(f"{option}: {text!r} is not comma-separated numbers")


def main() -> None:
    p = OneLineParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=3, choices=(3, 4))
    p.add_argument(
        "--start",
        default="0.6:0.01:0.1",
        help="CALL:QUANTILE[:PEEK] of the start (several: comma-separated, each once; no PEEK: "
        "never peeks)",
    )
    p.add_argument("--calls", default="0.55,0.6")
    p.add_argument("--quantiles", default="0.01,0.03,0.05,0.1,0.2")
    p.add_argument(
        "--peeks", default="none,0.02,0.05,0.1", help="peek thresholds; none: never peeks"
    )
    p.add_argument("--iterations", type=int, default=4)
    p.add_argument("--games", type=int, default=900, help="a halving's last stage, in games")
    p.add_argument("--final", type=int, default=3000, help="fresh games of the measurement")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--until",
        type=float,
        default=None,
        help="stop once a best reply gains at most this many points (its search's)",
    )
    a = p.parse_args()
    if a.iterations < 1 or a.games < 9 * a.players or a.final < a.players or a.seed < 0:
        p.error("--iterations >= 1, --games >= 9 * players, --final >= players, --seed >= 0")
    try:  # readers' settings: the scripts' KIND:CALL:QUANTILE[:PEEK] with the kind implied
        start = [C.Policy.parse(f"reader:{x}") for x in a.start.split(",")]
    except ValueError:
        p.error(f"--start: {a.start!r} is not CALL:QUANTILE[:PEEK][,CALL:QUANTILE[:PEEK]...]")
    try:
        peeks = C.parse_peeks(a.peeks)
    except ValueError as e:
        p.error(f"--peeks: {e}")
    grid = [
        C.Policy(True, c, q, pk)
        for c in floats(a.calls, "--calls", p)
        for q in floats(a.quantiles, "--quantiles", p)
        for pk in peeks
    ]
    began = time.perf_counter()
    counts = Counter(start)

    def mixture() -> C.Play:
        total = sum(counts.values())
        policies = tuple(counts)
        return C.Mixed(policies, tuple(counts[x] / total for x in policies))

    def best_reply(field: C.Play, games: int, seed: int) -> tuple[C.Play, list[dict]]:
        def measured(d: C.Play, size: int, s: int) -> C.Measured:
            return C.measure_games(a.players, field, d, size, s)

        size = max(a.players, games // 9 // a.players * a.players)
        best, stages = C.halve_thirds(list(grid), size, seed, measured)
        top = [{"deviator": m.deviator.spec(), "gain_pp": m.gain_pp} for m in stages[-1]]
        return best, top

    steps, stopped = [], "iterations"
    for it in range(a.iterations):
        field = mixture()
        best, top = best_reply(field, a.games, a.seed + it)
        steps.append(
            {"iteration": it, "field": field.spec(), "best": best.spec(), "last_stage": top}
        )
        if a.until is not None and top[0]["gain_pp"][0] <= a.until:
            stopped = "until"  # no reply gains enough: the mixture stays as it is
            break
        counts[best] += 1
    final = mixture()
    fresh = a.seed + 1000
    itself = C.measure_games(a.players, final, final, a.final, fresh)
    reply, top = best_reply(final, a.games, a.seed + 2000)
    measured = C.measure_games(a.players, final, reply, a.final, fresh)
    print(
        json.dumps(
            {
                "command": "python scripts/headcount_common_mixture.py "
                f"--players {a.players} --start {a.start} --calls {a.calls} "
                f"--quantiles {a.quantiles} --peeks {a.peeks} --iterations {a.iterations} "
                f"--games {a.games} --final {a.final} --seed {a.seed}"
                + ("" if a.until is None else f" --until {a.until}"),
                "stopped": stopped,
                "players": a.players,
                "grid": len(grid),
                "iterations": steps,
                "mixture": {x.spec(): counts[x] / sum(counts.values()) for x in counts},
                "itself": {"games": itself.count, "gain_pp": itself.gain_pp},
                "best_reply": {
                    "deviator": reply.spec(),
                    "games": measured.count,
                    "gain_pp": measured.gain_pp,
                    "peeks_per_game": dict(
                        zip(("deviator", "field_seat"), measured.peeks, strict=True)
                    ),
                    "search_last_stage": top,
                },
                "seconds": round(time.perf_counter() - began, 1),
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
