"""Forehead Whist's competent field (issue 22 item 2; :mod:`headcount_lab.core.metagame`): the
payoff is points per match, the population every bot at its defaults plus the listening
settings, the oracle the documented ``listen`` and ``bid_width`` settings of ``montecarlo``."""

from __future__ import annotations

import math
from typing import Any

from headcount_lab.core.adapt import search_adapter
from headcount_lab.core.metagame import FieldGame


def payoffs(summary: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Points per match of each bot (copies averaged) and its standard error."""
    from headcount_lab.core.metagame import pool
    from headcount_lab.games.whist.bots import MENU

    return pool(
        MENU,
        (
            (r["bot"], r["mean"], (r["sd"] or 0.0) / math.sqrt(r["matches"]))
            for r in summary["bots"]
        ),
    )


FIELD = FieldGame(
    unit="points per match",
    percent=False,
    threshold=1.0,
    payoffs=f"{__name__}:payoffs",
    population=("random", "heuristic", "heuristic:listen=1", "montecarlo", "montecarlo:listen=1"),
    games=600,
    oracle=(
        "montecarlo:listen=2",
        "montecarlo:listen=3",
        "montecarlo:listen=1,bid_width=1",
        "montecarlo:listen=1,bid_width=4",
    ),
    oracle_games=480,
    refine=600,
    members=6,
)


#: ``whist compare --adapt``: the search bot already plans by the rules in force (the must-trump
#: and the dealer's restriction travel in its observation into every playout;
#: tests/whist/test_adapt.py)
ADAPTER = search_adapter(
    "whist", {"montecarlo": "deals the unseen cards and plays every sample out (bids and cards)"}
)
