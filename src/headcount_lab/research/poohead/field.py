"""Poohead's competent field (issue 22 item 2; :mod:`headcount_lab.core.metagame`): the payoff is
the share of games not lost (not the Poohead; capped games, P20, are counted apart as
``simulate`` counts them), the population every bot at its defaults plus
``ismcts:iterations=400``."""

from __future__ import annotations

import math
from typing import Any

from headcount_lab.core.adapt import SAMPLING_SEARCHERS, search_adapter
from headcount_lab.core.exploit import SEARCH_GAME_PLAN, Family, Knob, Responders
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


#: the best-response meter's declaration (``poohead exploit``, issue 22 item 1): the ``ismcts``
#: family over its iterations and playout horizon (log-spaced) and its exploration constant
#: (log-spaced over 1.7 decades), and the documented settings (every bot at its defaults, the
#: swap choices, the larger searches of the ladder); the payoff is the share of games not lost,
#: whose fair share is (n-1)/n
RESPONDERS = Responders(
    family=Family(
        "ismcts",
        (
            Knob("iterations", 50, 1600, "logint"),
            Knob("horizon", 50, 1000, "logint"),
            Knob("explore", 0.1, 5.0, "log"),
        ),
    ),
    settings=(
        "random",
        "cheap",
        "cheap+",
        "cheap+:swap=keep",
        "pimc",
        "pimc:samples=64",
        "ismcts",
        "ismcts:iterations=400",
        "ismcts:iterations=1000",
    ),
    fair="(n-1)/n",
    budget=1_000,
    games=400,
    unmeasured=4_000,
    plan=SEARCH_GAME_PLAN,
)

FIELD = FieldGame(
    unit="share of games not lost",
    percent=True,
    threshold=0.01,
    constant_sum=True,
    payoffs=f"{__name__}:payoffs",
    population=("random", "cheap", "cheap+", "pimc", "ismcts", "ismcts:iterations=400"),
    games=96,
    refine=288,
    responders=RESPONDERS,
)


#: ``poohead compare --adapt``: the search bots already plan by the rules in force (the rules
#: array reaches their samples and playouts; tests/poohead/test_adapt.py)
ADAPTER = search_adapter("poohead", SAMPLING_SEARCHERS)
