"""Best single challenger against a field of ``equilibrium`` bots, by grid search (issue 11).

A stand-in for the best-response meter (``headcount exploit``, built on another branch): every
setting of a grid over the existing bots' documented parameters plays ``--games`` 4-seat games
as one seat against three copies of ``--field`` (seats rotated); the best ``--top`` settings are
then replayed on a fresh seed with ``--final-games`` games, and the script prints each one's
game-win rate, Wilson 95% interval and gain over the fair share 1/4, in percentage points.

    PYTHONPATH=src python scripts/headcount_equilibrium_grid.py --games 2000 --final-games 20000 \
        --seed 1 [--field equilibrium] [--variant standard]
"""

from __future__ import annotations

import itertools
import json

import numpy as np

from headcount_lab.core.rng import block_state
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.core.stats import wilson
from headcount_lab.games.headcount import tournament as T
from headcount_lab.games.headcount.agents import parse_bots
from headcount_lab.games.headcount.rules import rules_for_variant


def grid() -> list[str]:
    out = ["random", "tips", "odds", "reader", "bluffer"]
    for call, q in itertools.product((0.5, 0.6, 0.7, 0.8, 0.9), (0.05, 0.1, 0.25, 0.4, 0.55)):
        out.append(f"odds:call={call},quantile={q}")
        for model in (0.1, 0.4):
            out.append(f"reader:call={call},quantile={q},model={model}")
    for rate, size in itertools.product((0.1, 0.3, 0.6), (2, 5, 10)):
        out.append(f"bluffer:rate={rate},size={size}")
    for margin, step in itertools.product((0, 3, 6, 10), (1, 3, 6)):
        out.append(f"tips:margin={margin},step={step}")
    return out


def win_rate(challenger: str, field: str, players: int, rules, games: int, seed: int):  # type: ignore[no-untyped-def]
    bots = parse_bots(",".join([challenger] + [field] * (players - 1)), players)
    setup = T.Setup(tuple(bots), rules, True)
    perms, pol, par, rules_arr = setup.kernel_args()
    bel = setup.beliefs()
    deals = -(-games // len(setup.orders))
    wins = 0
    n = 0
    block = 0
    while deals > 0:
        d = min(deals, 500)
        st = T.new_block_stats(setup)
        T.play_block(d, perms, pol, par, rules_arr, bel, block_state(seed, block), st)
        wins += int(st["wins"][:, 0].sum())
        n += int(st["seated"][:, 0].sum())
        deals -= d
        block += 1
    return wins, n


def main() -> None:
    ap = OneLineParser()
    ap.add_argument("--field", default="equilibrium")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--final-games", type=int, default=20000)
    ap.add_argument("--top", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rules = rules_for_variant(a.variant, [])
    scores = []
    for spec in grid():
        k, n = win_rate(spec, a.field, a.players, rules, a.games, a.seed)
        scores.append((k / n, spec))
    scores.sort(reverse=True)
    rows = []
    for _, spec in scores[: a.top]:
        k, n = win_rate(spec, a.field, a.players, rules, a.final_games, a.seed + 1000)
        rate, lo, hi = wilson(k, n)
        fair = 1 / a.players
        rows.append(
            {
                "challenger": spec,
                "games": n,
                "win_rate": rate,
                "ci95": [lo, hi],
                "gain_pp": 100 * (rate - fair),
                "gain_ci95_pp": [100 * (lo - fair), 100 * (hi - fair)],
            }
        )
    print(
        json.dumps(
            {
                "field": a.field,
                "players": a.players,
                "variant": a.variant,
                "grid": len(scores),
                "search_games": a.games,
                "seed": a.seed,
                "best": rows,
                "search_top": [s for _, s in scores[:10]],
                "search_rates": [float(np.round(r, 4)) for r, _ in scores[:10]],
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
