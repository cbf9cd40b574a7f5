"""Headcount's competent field (issue 22 item 2; :mod:`headcount_lab.core.metagame`): the payoff
is the game-win share, the population every bot at its defaults, the oracle the grid of
documented settings of :data:`headcount_lab.research.headcount.exploit.GRID` (the meter's
baseline; the Bayesian responder of issue 22 item 1 plugs in as another oracle)."""

from __future__ import annotations

import math
from typing import Any

from headcount_lab.core.exploit import Family, Knob, Plan, Responders
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


#: the best-response meter's declaration (``headcount exploit``, issue 22 item 1): the
#: ``responder`` family (the reader's belief, a call threshold, safe-bid quantile and raise
#: fraction at three or more seats and again heads-up, an opening shade, the reader's bid model
#: and noise, peek and discard), the documented settings of :data:`.exploit.GRID` (678 bots), and
#: the sizes of the search (Trickster adds ``point``, 0..1: :data:`.exploit.POINT`)
RESPONDERS = Responders(
    family=Family(
        "responder",
        (
            Knob("call", 0.3, 0.95),
            Knob("quantile", 0.02, 0.7),
            Knob("peek", 0.0, 0.6),
            Knob("discard", 0.0, 1.0, "bit"),
            Knob("sigma", 0.5, 50.0, "log"),
            Knob("model", 0.02, 0.7),
            Knob("raise", 0.0, 1.0),
            Knob("shade", 0.0, 30.0, "int"),
            Knob("call2", 0.3, 0.95),
            Knob("quantile2", 0.02, 0.7),
            Knob("raise2", 0.0, 1.0),
        ),
    ),
    settings_from=f"{__name__}:oracle_candidates",
    fair="1/n",
    budget=1_500_000,
    games=20_000,
    unmeasured=50_000_000,  # the default 1.5 M take about 4 minutes (bayes: more)
    # issue 22 item 1, "no blind spots": a coordinate pass from the best corner of the cube
    # besides the first (the default ``Plan.restarts``); the report's q12 table
    # (data/headcount-exploitability-v1-seed1.json) was rebuilt with them
    plan=Plan(min_passes=1),
)

FIELD = FieldGame(
    unit="game-win share",
    percent=True,
    threshold=0.01,
    constant_sum=True,
    payoffs=f"{__name__}:payoffs",
    # every bot at its defaults once, but two: `responder` at its defaults plays as `reader`
    # (the same payoff in every profile; it is the meter's family), and `bayes` is measured
    # beside the population, not in it (docs/games/headcount.md, "What if `bayes` joins")
    population=("random", "tips", "odds", "reader", "bluffer", "equilibrium"),
    games=20_000,
    oracle_from=f"{__name__}:oracle_candidates",
    oracle_games=20_000,
    members=10,
    refine=100_000,
    searches=(("meter", f"{__name__}:meter"), ("bayes", f"{__name__}:bayes")),
    same_field=(("trickster", "standard"),),
    same_field_why="Trickster's rounds are the standard game's; it adds pointing and deals "
    "one open life card and two face down, and no Trickster field is solved",
    responders=RESPONDERS,
)
