"""Foolish Faces' competent field (issue 22 item 2; :mod:`headcount_lab.core.metagame`): the
payoff is the game-win share (a tie for first shared), the population every bot at its
defaults."""

from __future__ import annotations

import math
from typing import Any

from headcount_lab.core.adapt import SAMPLING_SEARCHERS, search_adapter
from headcount_lab.core.exploit import SEARCH_GAME_PLAN, Family, Knob, Responders
from headcount_lab.core.metagame import FieldGame


def payoffs(summary: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Win share of each bot (copies averaged) and its standard error (the half-width of its
    normal 95% interval over 1.96)."""
    from headcount_lab.core.metagame import pool
    from headcount_lab.core.stats import Z95_ROUNDED
    from headcount_lab.games.foolish.bots import MENU

    def row(r: dict[str, Any]) -> tuple[str, float, float]:
        v = r["win_share"]
        if r["win_share_ci95"] is None:  # too few games for an interval: the widest binomial se
            return r["bot"], v, 0.5 / math.sqrt(max(1, r["games"]))
        lo, hi = r["win_share_ci95"]
        return r["bot"], v, max(hi - v, v - lo) / Z95_ROUNDED

    return pool(MENU, (row(r) for r in summary["bots"]))


#: the best-response meter's declaration (``foolish exploit``, issue 22 item 1): the ``ismcts``
#: family over its search parameters (deals per root play and the visits per widening
#: log-spaced, the exploration constant log-spaced over two decades, the plays searched, the
#: depth, the worth of a game win; the rule of thumb's weights stay at their defaults), and the
#: documented settings (every bot at its defaults, the ladder's rungs); the fair share 1/n
RESPONDERS = Responders(
    family=Family(
        "ismcts",
        (
            Knob("iterations", 16, 256, "logint"),
            Knob("ucb", 0.03, 3.0, "log"),
            Knob("top", 0, 12, "int"),
            Knob("deep", 1, 6, "int"),
            Knob("widen", 1, 16, "logint"),
            Knob("win", 0, 400),
        ),
    ),
    settings=(
        "random",
        "rules",
        "rules:crash=0",
        "pimc",
        "pimc:samples=32",
        "pimc-top",
        "ismcts",
        "ismcts:iterations=32",
        "ismcts:iterations=128",
    ),
    fair="1/n",
    budget=1_000,
    games=400,
    unmeasured=4_000,
    plan=SEARCH_GAME_PLAN,
)

FIELD = FieldGame(
    unit="game-win share",
    percent=True,
    threshold=0.01,
    constant_sum=True,
    payoffs=f"{__name__}:payoffs",
    population=("random", "rules", "pimc", "pimc-top", "ismcts"),
    games=96,
    refine=288,
    responders=RESPONDERS,
)


#: ``foolish compare --adapt``: the search bots already plan by the rules in force (the rules
#: travel in the observation into their samples and rollouts; tests/foolish/test_adapt.py)
ADAPTER = search_adapter("foolish", SAMPLING_SEARCHERS)
