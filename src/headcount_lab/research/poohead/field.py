"""Poohead's competent field (issue 22 item 2; :mod:`headcount_lab.core.metagame`): the payoff is
the share of games not lost (not the Poohead; capped games, P20, are counted apart as
``simulate`` counts them), the population every bot at its defaults plus
``ismcts:iterations=400``."""

from __future__ import annotations

import math
from typing import Any

from headcount_lab.core.adapt import SAMPLING_SEARCHERS, search_adapter
from headcount_lab.core.metagame import FieldGame


def payoffs(summary: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Share of counted games not lost of each bot (copies averaged) and its standard error."""
    from headcount_lab.core.metagame import pool
    from headcount_lab.games.poohead.bots import MENU

    def row(r: dict[str, Any]) -> tuple[str, float, float]:
        g = r["counted_games"]
        p = r["p_poohead"]["p"]
        if p is None or g == 0:
            raise ValueError(f"bot {r['bot']}: no counted game (every game capped)")
        return r["bot"], 1.0 - p, math.sqrt(max(p * (1 - p), 1.0 / g) / g)

    return pool(MENU, (row(r) for r in summary["bots"]))


FIELD = FieldGame(
    unit="share of games not lost",
    percent=True,
    threshold=0.01,
    constant_sum=True,
    payoffs=f"{__name__}:payoffs",
    population=("random", "cheap", "cheap+", "pimc", "ismcts", "ismcts:iterations=400"),
    games=96,
    refine=288,
)


#: ``poohead compare --adapt``: the search bots already plan by the rules in force (the rules
#: array reaches their samples and playouts; tests/poohead/test_adapt.py)
ADAPTER = search_adapter("poohead", SAMPLING_SEARCHERS)
