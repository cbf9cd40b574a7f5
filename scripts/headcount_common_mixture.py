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

``--start`` may name several settings (comma-separated), each counted as often as it is named: a
run goes on from an earlier run's mixture by naming each of its settings as many times as that
run counted it. ``--until G`` stops the iterations, without adding that reply, once a best
reply gains at most ``G`` points in the last stage of its halving (the search's own games, which
overstate the winner's gain, so the stop is cautious); ``--iterations`` is then the budget.

``--solver replicator`` weighs the ``--start`` settings instead of growing them: each iteration
measures every setting of the mixture in the deviator's chair against it (``--step-games`` whole
games each, one seed for all: common deals) and takes one multiplicative replicator step on those
gains (``core.metagame.replicator_step``, ``--eta`` per point of gain); a weight that falls below
``--floor`` is dropped for good, which saves its games but keeps it from coming back when the
mixture turns in its favour (the default 0 drops nothing). ``--until G`` then stops once no
setting gains more than ``G`` points. Fictitious play's equal counts can only add a reply; these
steps also take weight from the settings the mixture's own play punishes. ``--jobs 2`` measures
two deviators at a time in threads, with the same result.

At the end the last mixture is measured on fresh games (seed + 1000): itself in the deviator's
chair (the fair share, a check), and the best reply a fresh halving finds (seed + 2000, its
winner then played on seed + 1000). Their gains, in points of games won over the fair 1/n with
95% intervals, say how far the mixture is from a rest point. Prints one JSON object.

    python scripts/headcount_common_mixture.py --players 3 --iterations 4 --games 900 \
        --final 3000 --seed 1
    python scripts/headcount_common_mixture.py --players 3 --solver replicator \
        --start 0.6:0.01:0.1,0.55:0.05,0.55:0.1:0.02 --iterations 4 --step-games 270 --jobs 2
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import numpy as np

from headcount_lab.core.metagame import replicator_step
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.research.headcount import common_reader as C

#: the options every output's command names, at their defaults too; the others when changed
SAID = ("players", "start", "calls", "quantiles", "peeks", "iterations", "games", "final", "seed")


def floats(text: str, option: str, p: OneLineParser) -> list[float]:
    """The numbers of a comma-separated option, or the parser's one-line error."""
    try:
        return [float(x) for x in text.split(",")]
    except ValueError:
        p.error(f"{option}: {text!r} is not comma-separated numbers")


def main() -> None:
    p = OneLineParser(description=__doc__.splitlines()[0])
    # two players: a heads-up mixture, for a field that plays one of its own once two are left
    # (``headcount_common_reader.py --mix-headsup``)
    p.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    p.add_argument(
        "--start",
        default="0.6:0.01:0.1",
        help="CALL:QUANTILE[:PEEK] of the start (several: comma-separated, each counted as often "
        "as named; no PEEK: never peeks)",
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
    p.add_argument("--solver", choices=("fp", "replicator"), default="fp")
    p.add_argument(
        "--step-games", type=int, default=270, help="replicator: each setting's games a step"
    )
    p.add_argument("--eta", type=float, default=0.1, help="replicator: step per point of gain")
    p.add_argument(
        "--floor",
        type=float,
        default=0.0,
        help="replicator: a weight below it is dropped for good (0: every setting stays and can "
        "come back once the mixture stops punishing it)",
    )
    p.add_argument("--jobs", type=int, default=1, choices=(1, 2), help="threads (same result)")
    a = p.parse_args()
    if a.iterations < 1 or a.games < 9 * a.players or a.final < a.players or a.seed < 0:
        p.error("--iterations >= 1, --games >= 9 * players, --final >= players, --seed >= 0")
    if a.step_games < a.players or a.eta <= 0 or not 0 <= a.floor < 1:
        p.error("--step-games >= players, --eta > 0, 0 <= --floor < 1")
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
    weights: dict[C.Policy, float] = {x: float(c) for x, c in Counter(start).items()}

    def each(f: Callable[..., C.Measured], *args: list) -> list[C.Measured]:
        """``map`` over one stage's or step's deviators, in ``--jobs`` threads; the pool lives
        for the call, so no idle threads outlast the measurement."""
        if a.jobs == 1:
            return list(map(f, *args))
        with ThreadPoolExecutor(a.jobs) as pool:
            return list(pool.map(f, *args))

    def mixture() -> C.Mixed:
        kept = tuple(x for x in weights if weights[x] > 0)
        total = sum(weights[x] for x in kept)
        return C.Mixed(kept, tuple(weights[x] / total for x in kept))

    def best_reply(field: C.Play, games: int, seed: int) -> tuple[C.Play, list[dict]]:
        size = max(a.players, games // 9 // a.players * a.players)
        against = partial(C.measure_games, a.players, field)
        best, stages = C.halve_thirds(list(grid), size, seed, against, each)
        top = [{"deviator": m.deviator.spec(), "gain_pp": m.gain_pp} for m in stages[-1]]
        return best, top

    def fp_step(field: C.Mixed, it: int) -> tuple[dict, bool]:
        """One fictitious-play step: the best reply on the grid, counted once unless it stops."""
        best, top = best_reply(field, a.games, a.seed + it)
        step = {"iteration": it, "field": field.spec(), "best": best.spec(), "last_stage": top}
        if a.until is not None and top[0]["gain_pp"][0] <= a.until:
            return step, True  # no reply gains enough: the mixture stays as it is
        weights[best] = weights.get(best, 0.0) + 1.0
        return step, False

    def replicator(field: C.Mixed, it: int) -> tuple[dict, bool]:
        """One replicator step on every setting's measured gain against the mixture."""
        k = len(field.policies)
        against = partial(C.measure_games, a.players, field)
        ms = each(against, field.policies, [a.step_games] * k, [a.seed + it] * k)
        gains = np.array([m.gain_pp[0] for m in ms])
        step = {
            "iteration": it,
            "field": field.spec(),
            "gains": {m.deviator.spec(): m.gain_pp for m in ms},
        }
        if a.until is not None and gains.max() <= a.until:
            return step, True
        new = replicator_step(np.array(field.weights), gains, a.eta)
        new[(new < a.floor) & (new < new.max())] = 0.0
        weights.update(zip(field.policies, new.tolist(), strict=True))
        return step, False

    steps, stopped = [], "iterations"
    for it in range(a.iterations):
        step, stop = (fp_step if a.solver == "fp" else replicator)(mixture(), it)
        steps.append(step)
        if stop:
            stopped = "until"
            break
    final = mixture()
    fresh = a.seed + 1000
    itself = C.measure_games(a.players, final, final, a.final, fresh)
    reply, top = best_reply(final, a.games, a.seed + 2000)
    measured = C.measure_games(a.players, final, reply, a.final, fresh)
    print(
        json.dumps(
            {
                "command": p.command(a, always=SAID, skip=("jobs",)),
                "stopped": stopped,
                "players": a.players,
                "grid": len(grid),
                "iterations": steps,
                "mixture": {
                    x.spec(): w for x, w in zip(final.policies, final.weights, strict=True)
                },
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
