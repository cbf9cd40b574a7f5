"""Headcount's competent field (issue 22 item 2; :mod:`headcount_lab.core.metagame`): the payoff
is the game-win share, the population every bot at its defaults, the oracle the grid of
documented settings of :data:`headcount_lab.research.headcount.exploit.GRID` (the meter's
baseline; the Bayesian responder of issue 22 item 1 plugs in as another oracle)."""

from __future__ import annotations

import math
from typing import Any

from headcount_lab.core.metagame import FieldGame, Search


def payoffs(summary: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Win share per copy of each bot (``per_bot``, copies pooled by ``simulate``) and its
    binomial standard error over the copies' games."""
    out = {}
    for r in summary["per_bot"]:
        p, g = r["rate"], r["games"]
        out[r["bot"]] = (p, math.sqrt(max(p * (1 - p), 1.0 / g) / g))
    return out


def oracle_candidates() -> tuple[str, ...]:
    from headcount_lab.research.headcount.exploit import grid_candidates

    return tuple(grid_candidates())


#: training games of the meter oracle (``--oracle meter``); the meter's own default is 1.5 M
METER_BUDGET = 300_000


def meter(players: int, rules: Any, seed: int) -> Search:
    """``--oracle meter``: :func:`headcount_lab.research.headcount.exploit.exploit` (the
    best-response meter: the grid's halving, then a search of the ``responder`` family) against
    the fixed table the field's oracle hands it (the mixture's most likely opponents); its
    responder's spec. The meter's own final games are not used: the field measures the
    responder against the whole mixture itself."""
    from headcount_lab.games.headcount.bots import MENU
    from headcount_lab.research.headcount.exploit import exploit

    def search(opponents: list[str]) -> str:
        found = exploit(players, opponents, rules, budget=METER_BUDGET, games=1, seed=seed)
        return MENU.parse(found.responder).canonical

    return search


def bayes(players: int, rules: Any, seed: int) -> Search:
    """``--oracle bayes``: the exact Bayesian responder (issue 22 item 1) wired to the policy
    most of the opponent table plays (the mixture's most likely opponents; the bot models a
    field of one policy, at its defaults). A table with no policy it models gets ``odds``."""
    from collections import Counter

    from headcount_lab.games.headcount.bots import BAYES_FIELDS, MENU

    def search(opponents: list[str]) -> str:
        policies = Counter(MENU.parse(spec).policy for spec in opponents)
        modelled = [p.name for p, _ in policies.most_common() if p.id in BAYES_FIELDS]
        return MENU.parse(f"bayes:field={modelled[0] if modelled else 'odds'}").canonical

    return search


FIELD = FieldGame(
    unit="game-win share",
    percent=True,
    threshold=0.01,
    constant_sum=True,
    payoffs=f"{__name__}:payoffs",
    population=("random", "tips", "odds", "reader", "bluffer", "equilibrium", "responder"),
    games=20_000,
    oracle_from=f"{__name__}:oracle_candidates",
    oracle_games=20_000,
    members=10,
    refine=100_000,
    searches=(("meter", f"{__name__}:meter"), ("bayes", f"{__name__}:bayes")),
    same_field=(("trickster", "standard"),),
    same_field_why="Trickster's rounds are the standard game's; it adds pointing and deals "
    "one open life card and two face down, and no Trickster field is solved",
)
