"""Poohead's part of the designer metrics (``headcount-lab poohead compare``; the set is defined
in :mod:`headcount_lab.core.compare`, the meanings on docs/games/poohead.md).

Read off the ``simulate`` statistics of :func:`.kernels.new_stats`, bot ``j`` in seat ``j``; a
seat's result is escaping: 1 minus its share of being the Poohead (shared Poohead weights,
``SHARE`` a game), so the fair share is ``(n - 1) / n``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from headcount_lab.core.compare import GameMetrics, Measures, Metric, ratio
from headcount_lab.games.poohead.kernels import SHARE


def measure(stats: Mapping[str, np.ndarray], rules: Any) -> Measures:
    n = stats["poohead_bot"].shape[0]
    games = int(stats["games"][0])
    gbr = stats["games_bot_rel"]
    by_seat, by_rel = gbr.sum(axis=1), gbr.sum(axis=0)
    h = stats["turns_hist"]
    turns = int((h * np.arange(h.size)).sum())
    kinds = stats["turn_kinds"]  # pick-ups, flips, failed flips, seats out by turn
    return Measures(
        seat_num=SHARE * by_seat - stats["poohead_bot"],
        seat_den=SHARE * by_seat,
        start_num=SHARE * by_rel - stats["poohead_rel"],  # relative seat 0 starts (P6)
        start_den=SHARE * by_rel,
        values={
            "length": ratio(turns, games),
            "decisions": ratio(turns, n * games),  # a turn: play, or pick up the pile
            # a seat out of cards (P18) watches the rest of the game
            "downtime": ratio(int(kinds[3]), n * turns),
            # the seats last at half-time that escape, SHARE**2 a game (kernels.new_stats)
            "comeback": ratio(int(stats["comeback"][0]), SHARE * SHARE * games),
            "stalls": ratio(int(stats["capped"][0]), games),  # games stopped at the cap (P20)
            "pickups": ratio(int(kinds[0]), games),
            "blind_flip_fails": ratio(int(kinds[2]), int(kinds[1])),
        },
    )


METRICS = GameMetrics(
    measure=measure,
    own=(
        Metric("pickups", "per game", "turns that end with the pile picked up (P9, P17)"),
        Metric(
            "blind_flip_fails",
            "share of blind flips",
            "face-down cards that cannot be played when turned, so the pile is picked up (P17)",
        ),
    ),
    units={
        "length": "turns per game",
        "decisions": "turns per player per game",
        "stalls": "share of games capped",
        "downtime": "share of a game's turns",
    },
)
