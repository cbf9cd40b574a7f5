"""Foolish Faces' part of the designer metrics (``headcount-lab foolish compare``; the set is
defined in :mod:`headcount_lab.core.compare`, the meanings on docs/games/foolish-faces.md).

Read off the ``simulate`` statistics of :func:`.kernels.new_stats`, bot ``j`` in seat ``j``; a
seat's result is its win share (tied winners share, in 60ths). The start player of the first
round is ``first_start`` (F4), or with ``first_start=none`` (the default) a seat drawn per game;
either way the kernel adds each game's wins by seat counted from that start player
(``start_win60``), so ``start_advantage`` and ``seat_spread`` are by position from the start.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from headcount_lab.core.compare import GameMetrics, Measures, Metric, RuleLab, ratio
from headcount_lab.games.foolish.rules import hand_size


def measure(stats: Mapping[str, np.ndarray], rules: Any) -> Measures:
    n = stats["games"].shape[0]
    games = int(stats["games"][0])  # every seat plays every game
    rounds = int(stats["rounds"][0])
    num, den = stats["win60"], 60 * stats["games"]
    rr, rs = stats["role_rounds"], stats["role_sum"]
    lone = ratio(int(rs[:, 0].sum()), int(rr[:, 0].sum()))
    court = ratio(int(rs[:, 2].sum()), int(rr[:, 2].sum()))
    return Measures(
        seat_num=num,
        seat_den=den,
        start_num=stats["start_win60"],  # index 0: the first round's start player (F4)
        start_den=den,  # every seat plays every game
        values={
            "length": ratio(rounds, games),
            # one card a trick, hand_size tricks a round (F1, F2)
            "decisions": ratio(rounds * hand_size(n), games),
            "comeback": ratio(int(stats["comeback60"][0]), 60 * games),
            "no_trick_rounds": ratio(int(stats["no_trick_rounds"][0]), n * rounds),
            "lone_fool_balance": None if lone is None or court is None else lone - court,
        },
    )


METRICS = GameMetrics(
    measure=measure,
    own=(
        Metric(
            "lone_fool_balance",
            "points per round",
            "the Lone Fool's mean round score minus a court player's",
        ),
        Metric(
            "no_trick_rounds",
            "share of player-rounds",
            "a player takes no trick in a round (the No Tricks bonus, F16)",
        ),
    ),
    absent={
        "downtime": "no one is eliminated: every seat plays every round (F4)",
        "stalls": "a game is a fixed number of rounds (F4): it cannot stall",
    },
    units={"decisions": "cards played per player per game"},
    lab=RuleLab(
        changes={
            "single_round": ("rounds=single",),
            "no_tricks_bonus_10": ("no_tricks_bonus=10",),  # F16: the published rules' 10
            "lone_multiplier_3": ("lone_multiplier=3",),  # F15
            "party_crasher": ("party_crasher=on",),
            "pc_loses_stock": ("party_crasher=on", "pc_keeps_stock=off"),
            "pc_no_bonus": ("party_crasher=on", "pc_no_tricks_bonus=off"),
            "first_start_seat_0": ("first_start=0",),
        },
        exempt={"players": "the table size, not a rule (the lab plays 4 players)"},
        check="competent",
        resolved="resolved",
        check_adapted="competent-adapted",
        judged={"lone_fool_balance": 0},
    ),
)
