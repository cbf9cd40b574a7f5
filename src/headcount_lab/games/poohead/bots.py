"""The Poohead bots by name, with their parameters, defaults and ranges. Kept free of numba so
that ``--help`` can list them; the decisions are in :mod:`.agents`.

A bot's values, in the order of its parameters, fill the start of its row of the parameter array
the kernels read (``agents.P_SWAP``, ``agents.P_SAMPLES``, ``agents.P_HORIZON``,
``agents.P_EXPLORE``, ``agents.P_PIMC_CUTOFF``, ``agents.P_ISMCTS_CUTOFF``,
``agents.P_ISMCTS_SWAP``), so ``pimc:samples=16`` plays exactly what ``pimc`` did before its
parameters had names.
"""

from __future__ import annotations

import dataclasses

from headcount_lab.core.botspec import BotMenu, Param, Policy

RANDOM, CHEAP, CHEAP_PLUS, PIMC, ISMCTS = 0, 1, 2, 3, 4
#: ``cheap``, ``cheap+`` and ``ismcts``: how they choose their face-up cards (P3)
SWAP_OWN, SWAP_NONE, SWAP_RANDOM = 0, 1, 2
#: the most ismcts iterations: its tree is a node per iteration in a fixed scratch array
MAX_ITERATIONS = 4096

SWAP = Param(
    "swap",
    SWAP_OWN,
    SWAP_OWN,
    SWAP_RANDOM,
    True,
    "face-up choice: own = the bot's rule, keep = the dealt cards, random",
    (("own", SWAP_OWN), ("keep", SWAP_NONE), ("random", SWAP_RANDOM)),
)
HORIZON = Param("horizon", 600, 1, 1_000_000, True, "turns a playout lasts before it is a stall")
#: the search bots' ``cutoff``: skip the work that cannot change the decision (off by default,
#: so every existing spec plays as before; quiet, so their canonical text stays the same)
OFF_ON = (("off", 0), ("on", 1))
PIMC_CUTOFF = Param(
    "cutoff", 0, 0, 1, True,
    "on: stop an action's deals once it cannot beat the best, a playout once the bot is out",
    OFF_ON, quiet=True,
)  # fmt: skip
ISMCTS_CUTOFF = Param(
    "cutoff", 0, 0, 1, False,
    "stop once the most visited action leads by more than cutoff x the iterations left "
    "(on = 1: it cannot be overtaken)",
    OFF_ON, quiet=True,
)  # fmt: skip
#: ``ismcts``'s swap (added later than its other parameters, so quiet: the canonical text of
#: ``ismcts:iterations=400,horizon=600,explore=0.7``, the competent field's member, stays)
ISMCTS_SWAP = dataclasses.replace(
    SWAP, help="face-up choice: own = cheap's rule, keep = the dealt cards, random", quiet=True
)

MENU = BotMenu(
    "poohead",
    [
        Policy("random", RANDOM, help="a legal action at random; a random swap"),
        Policy("cheap", CHEAP, (SWAP,), "the cheapest legal rank with all its copies"),
        Policy("cheap+", CHEAP_PLUS, (SWAP,), "cheap with a learned swap and a loop-breaker"),
        Policy(
            "pimc",
            PIMC,
            (
                Param("samples", 16, 1, 100_000, True, "deals sampled per legal action"),
                HORIZON,
                PIMC_CUTOFF,
            ),
            "perfect-information Monte Carlo over cheap playouts",
        ),
        Policy(
            "ismcts",
            ISMCTS,
            (
                Param("iterations", 200, 1, MAX_ITERATIONS, True, "tree iterations per decision"),
                HORIZON,
                Param("explore", 0.7, 0.0, 10.0, False, "the UCB exploration constant"),
                ISMCTS_CUTOFF,
                ISMCTS_SWAP,
            ),
            "information-set Monte Carlo tree search",
        ),
    ],
)
