"""Headcount's part of the designer metrics (``headcount-lab headcount compare``; the set is
defined in :mod:`headcount_lab.core.compare`, the meanings on docs/games/headcount.md).

Read off the ``simulate`` statistics of :func:`.tournament.new_block_stats`, seats as played
(seat 0 opens the first round, H9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from headcount_lab.core.compare import GameMetrics, Measures, Metric, RuleLab, ratio
from headcount_lab.games.headcount import kernels as E


def measure(stats: Mapping[str, np.ndarray], rules: Any) -> Measures:
    r = dict(zip(E.ROUND_COLUMNS, stats["round"].tolist(), strict=True))
    slot = stats["slot"].sum(axis=0)
    sc = dict(zip(E.SLOT_COLUMNS, slot.tolist(), strict=True))
    n = stats["wins"].shape[0]
    games, rounds = r["games"], r["rounds"]
    wins = stats["wins"].sum(axis=1)
    seated = stats["seated"].sum(axis=1)
    return Measures(
        seat_num=wins,
        seat_den=seated,
        start_num=wins,  # seat 0 opens the first round (H9)
        start_den=seated,
        values={
            "length": ratio(rounds, games),
            # a turn's bid or call (H5), and each peek (H7), is a choice
            "decisions": ratio(sc["bids"] + sc["calls"] + sc["peeks"], n * games),
            # a seat not dealt a forehead card in a round has dropped out (H8)
            "downtime": None if not rounds else 1.0 - sc["rounds"] / (n * rounds),
            "stalls": ratio(r["ties"], games),
            # the winner held fewer life cards than the leader at half-time (kernels._behind)
            "comeback": ratio(r["comebacks"], games),
            # the count more than exact.FAR from every active seat's expectation (_surprise)
            "surprise": ratio(r["surprises"], rounds),
            "peeks": ratio(r["peeks"], rounds),
        },
    )


METRICS = GameMetrics(
    measure=measure,
    own=(
        Metric(
            "surprise",
            "share of rounds",
            "the count lands more than 10 from every active player's expected total (its exact "
            "mean from the foreheads it sees at the deal)",
        ),
        Metric("peeks", "per round", "peeks at the hidden card (H7)"),
    ),
    units={"stalls": "ties per game"},
    lab=RuleLab(
        changes={
            "trickster": ("trickster=on",),  # H10
            "double": ("double=on",),  # H4
            "no_hidden_card": ("hidden_card=off",),
            "first_bid_1": ("min_first_bid=1",),  # H5
            "tie_to_caller": ("tie_goes_to=caller",),  # H6
            "start_may_peek": ("start_player_may_peek=on",),  # H7
            "peek_may_call": ("peek_must_raise=off",),  # H7
            "left_of_loser": ("next_start=left_of_loser",),  # H9
            "lives_all_open": ("open_lives=3", "hidden_lives=0"),  # H8
            "lives_one_open": ("open_lives=1", "hidden_lives=2"),  # H8
        },
        # ``stalls`` counts ties here (the count equals the bid), which H6 settles at once
        not_judged={"stalls": "ties"},
    ),
)
