"""Forehead Whist's part of the designer metrics (``headcount-lab whist compare``; the set is
defined in :mod:`headcount_lab.core.compare`, the meanings on docs/games/forehead-whist.md).

Read off the ``simulate`` statistics of :func:`.kernels.new_stats`, bot ``j`` in seat ``j``;
the first bid of a match is the first dealer's left-hand neighbour's (W3, W5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from headcount_lab.core.compare import GameMetrics, Measures, Metric, RuleLab, ratio


def measure(stats: Mapping[str, np.ndarray], rules: Any) -> Measures:
    n = stats["matches"].shape[0]
    matches = int(stats["matches"][0])  # every seat plays every match
    hands = stats["hands"]
    sizes = np.arange(hands.shape[1])
    start = (rules.first_dealer + 1) % n
    order = [(start + r) % n for r in range(n)]
    num, den = stats["win60"], 60 * stats["matches"]
    return Measures(
        seat_num=num,
        seat_den=den,
        start_num=num[order],
        start_den=den[order],
        values={
            "length": ratio(int(hands[0].sum()), matches),
            # per hand a bid (W5) and one card per trick (W6)
            "decisions": ratio(int((hands * (1 + sizes)).sum()), n * matches),
            # another seat's mean hand score minus the dealer's, per hand (W5 binds the dealer)
            "dealer_cost": _dealer_cost(stats["dealer"], int(hands[0].sum()), n),
            "comeback": ratio(int(stats["comeback60"][0]), 60 * matches),
            "made_rate": ratio(int(stats["made"].sum()), int(hands.sum())),
        },
    )


def _dealer_cost(dealer: np.ndarray, hands: int, n: int) -> float | None:
    """Others' mean hand score minus the dealer's, over ``hands`` hands (positive: dealing
    costs points)."""
    if not hands:
        return None
    return float(dealer[1]) / ((n - 1) * hands) - float(dealer[0]) / hands


METRICS = GameMetrics(
    measure=measure,
    own=(
        Metric(
            "dealer_cost",
            "points per hand",
            "another seat's mean hand score minus the dealer's (the cost of bidding last, W5)",
        ),
        Metric("made_rate", "share of bids", "bids made exactly (W7)"),
    ),
    absent={
        "downtime": "no one is eliminated: every seat plays every hand (W2)",
        "stalls": "a match is a fixed schedule of 3n+12 hands (W2): it cannot stall, and a "
        "shared first place is not counted apart",
    },
    units={
        "length": "hands per match",
        "decisions": "decisions per player per match",
        "comeback": "share of matches",
    },
    lab=RuleLab(
        changes={
            "no_restriction": ("dealer_restriction=off",),  # W5
            "no_must_trump": ("must_trump=off",),  # W6
            "streak_once": ("streak_mode=once",),  # W8
            "no_streak_bonus": ("streak_bonus=0",),  # W8
            "streak_of_3": ("streak_length=3",),  # W8
            "one_card_seen": ("blind_one_card_hands=off",),  # W9
        },
        exempt={
            "players": "the table size, not a rule (the lab plays 4 players)",
            "first_dealer": "which seat deals first: a seat label, every seat deals equally often",
        },
        judged={"dealer_cost": 0},
    ),
)
