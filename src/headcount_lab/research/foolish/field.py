"""Foolish Faces' competent field (issue 22 item 2; :mod:`headcount_lab.core.metagame`): the
payoff is the game-win share (a tie for first shared), the population every bot at its
defaults."""

from __future__ import annotations

from typing import Any

from headcount_lab.core.adapt import SAMPLING_SEARCHERS, search_adapter
from headcount_lab.core.metagame import FieldGame


def payoffs(summary: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Win share of each bot (copies averaged) and its standard error (the half-width of its
    normal 95% interval over 1.96)."""
    from headcount_lab.core.metagame import pool
    from headcount_lab.core.stats import Z95_ROUNDED
    from headcount_lab.games.foolish.bots import MENU

    def row(r: dict[str, Any]) -> tuple[str, float, float]:
        lo, hi = r["win_share_ci95"]
        v = r["win_share"]
        return r["bot"], v, max(hi - v, v - lo) / Z95_ROUNDED

    return pool(MENU, (row(r) for r in summary["bots"]))


FIELD = FieldGame(
    unit="game-win share",
    percent=True,
    threshold=0.01,
    constant_sum=True,
    payoffs=f"{__name__}:payoffs",
    population=("random", "rules", "pimc", "pimc-top", "ismcts"),
    games=96,
    refine=288,
)


#: ``foolish compare --adapt``: the search bots already plan by the rules in force (the rules
#: travel in the observation into their samples and rollouts; tests/foolish/test_adapt.py)
ADAPTER = search_adapter("foolish", SAMPLING_SEARCHERS)
