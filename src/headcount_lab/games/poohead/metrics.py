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

from headcount_lab.core.compare import GameMetrics, Measures, Metric, RuleLab, ratio
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
    lab=RuleLab(
        changes={
            "no_swap": ("swap=off",),
            "mix_sources": ("mix_sources=on",),
            "pickup_takes_faceup": ("pickup_takes_faceup=on",),
            "start_scan_faceup": ("start_scan=hand_and_faceup",),  # P6
            "start_tiebreak_random": ("start_tiebreak=random",),  # P6
            "starter_free_lead": ("starter_free_lead=on",),
            "voluntary_pickup": ("voluntary_pickup=on",),
            "ten_may_replay": ("ten_replay=may",),  # P11
            "bomb_anytime": ("bomb_anytime=on",),
            "eight_skip_per_card": ("eight_skip=per_card",),  # P13
            "failed_flip_public": ("failed_flip_public=on",),
            "no_finish_on_special": ("finish_on_special=off",),
            "cap_most_cards": ("turn_cap=200", "cap_outcome=most_cards"),  # P20
            "repetition_limit_3": ("repetition_limit=3",),
            "no_nine_on_empty": ("no_nine_on_empty=on",),
        },
        exempt={
            "players": "the table size, not a rule (the lab plays 4 players)",
            "dealer": "a seat label; it matters only with start_tiebreak=seat, judged through that",
        },
        check="competent",
        resolved="resolved",
    ),
)
