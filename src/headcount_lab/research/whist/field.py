"""Forehead Whist's competent field (issue 22 item 2; :mod:`headcount_lab.core.metagame`): the
payoff is points per match, the population every bot at its defaults plus the listening
settings, the oracle the documented ``listen`` and ``bid_width`` settings of ``montecarlo``."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from headcount_lab.core.adapt import search_adapter
from headcount_lab.core.exploit import SEARCH_GAME_PLAN, Family, Knob, Responders
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


#: the best-response meter's declaration (``whist exploit``, issue 22 item 1): the ``montecarlo``
#: family over its sample counts (log-spaced), its bid width, how far it reads the bids, and how
#: it reads a known field's blind bids (``read``: 0 off, else the chance each earlier seat bids
#: from its cards alone rather than as the listening equilibrium), and the documented settings
#: (every bot at its defaults, the listening levels, the readers of a card-only field, the bid
#: widths of the curve in docs/games/forehead-whist.md); points per match are not shared out, so
#: the fair share is measured: a field bot in the responder's seat, on the same seed
RESPONDERS = Responders(
    family=Family(
        "montecarlo",
        (
            Knob("bid_samples", 8, 512, "logint"),
            Knob("play_samples", 8, 512, "logint"),
            Knob("bid_width", 0, 8, "int"),
            Knob("listen", 0, 3, "int"),
            Knob("read", 0, 1),
        ),
    ),
    settings=(
        "random",
        "heuristic",
        "heuristic:listen=1",
        "montecarlo",
        "montecarlo:listen=1",
        "montecarlo:listen=2",
        "montecarlo:listen=3",
        "heuristic:read=1",
        "montecarlo:read=1",
        "montecarlo:listen=1,bid_width=1",
        "montecarlo:listen=1,bid_width=4",
        "montecarlo:bid_samples=256,play_samples=256,listen=1",
    ),
    fair="field",
    budget=10_000,
    games=2_000,
    unmeasured=40_000,
    plan=replace(SEARCH_GAME_PLAN, games_per_candidate=100, max_iterations=10),
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
    responders=RESPONDERS,
)


#: ``whist compare --adapt``: the search bot already plans by the rules in force (the must-trump
#: and the dealer's restriction travel in its observation into every playout;
#: tests/whist/test_adapt.py)
ADAPTER = search_adapter(
    "whist", {"montecarlo": "deals the unseen cards and plays every sample out (bids and cards)"}
)
