"""The Foolish Faces bots by name, with their named parameters, defaults and ranges. Kept free of
numba so that ``--help`` can list them; the decisions are in :mod:`.agents` (one jitted ``act``
reading a ``float64`` parameter array, one slot per parameter name, see :data:`SLOTS`).

Specs: ``rules:keep=0.3,duck=0``, ``pimc:samples=16``, ``ismcts:iterations=128,ucb=0.3``. The
defaults are the values the bots were measured with (``pimc`` 8 samples, so a seeded run with
default bots plays the same games as before the names; ``ismcts`` 64 deals per root play, the
ladder's top rung). ``pimc-top`` is ``pimc:samples=32,top=6``: the same search on the rule of
thumb's six best plays only, the rung below ``ismcts``.
"""

from __future__ import annotations

from headcount_lab.core.botspec import BotMenu, Param, Policy

RANDOM, RULES, PIMC, ISMCTS = 0, 1, 2, 3
#: ISMCTS tree capacity in nodes (``agents.MAX_NODES``); a full tree stops growing
MAX_NODES = 16384
#: the slot of each parameter in a bot's parameter array (``agents.P_*``), the same for every
#: bot; ``samples`` and ``iterations`` share slot 0 (pimc samples, ismcts iterations)
SLOTS = {
    "samples": 0, "iterations": 0, "keep": 1, "duck": 2, "deny": 3, "crash": 4, "ucb": 5, "top": 6,
    "win": 7, "more": 8, "deep": 9, "widen": 10, "race": 11,
}  # fmt: skip
#: what a slot holds for a bot that has no parameter there (the values every bot was built with)
FILL = (0.0, 0.15, 0.3, 0.3, 1.0, 0.7, 0.0, 0.0, 0.0, 2.0, 4.0, 0.0)

_RULE_OF_THUMB = (
    Param("keep", 0.15, 0.0, 10.0, help="weight of the worth of the card spent"),
    Param("duck", 0.3, 0.0, 10.0, help="share of the No Tricks bonus weighed on a first trick"),
    Param("deny", 0.3, 0.0, 10.0, help="share of a bonus denied by a King naming a trickless foe"),
    Param("crash", 1, 0, 1, True, "show Party Crasher when allowed (F18)", (("off", 0), ("on", 1))),
)

_WIN = Param(
    "win",
    0,
    0,
    10_000,
    help="worth of a game win in round points, in the last round (0: the "
    "round score minus the others' mean; above 0 also minus the other team's only)",
)
_MORE = Param("more", 0, 0, 100_000, True, "extra samples for the better half of the plays")

_RACE = Param(
    "race",
    0,
    0,
    10,
    help="drop a root play once its mean trails the best by this many standard errors of "
    "their paired difference, from deal max(4, samples/8) on; stop when one is left (0: off)",
    # off by default, so every existing spec plays as before; quiet, so its canonical text (in
    # the committed fields, records and reports) stays the same
    quiet=True,
)

_TOP = Param(
    "top", 0, 0, 37, True, "search only the plays the rule of thumb ranks this high (0: all)"
)

MENU = BotMenu(
    "foolish",
    [
        Policy("random", RANDOM, help="uniform over the legal plays; never Party Crasher"),
        Policy("rules", RULES, _RULE_OF_THUMB, help="the rule of thumb"),
        Policy(
            "pimc",
            PIMC,
            (
                Param("samples", 8, 1, 100_000, True, "deals sampled per decision"),
                *_RULE_OF_THUMB,
                _TOP,
                _WIN,
                _MORE,
                _RACE,
            ),
            help="determinised Monte Carlo, rolling out with rules",
        ),
        Policy(
            "pimc-top",
            PIMC,
            (
                Param("samples", 32, 1, 100_000, True, "deals sampled per decision"),
                *_RULE_OF_THUMB,
                Param("top", 6, 0, 37, True, _TOP.help),
                _RACE,
            ),
            help="pimc on the rule of thumb's 6 best plays only, with 32 samples",
        ),
        Policy(
            "ismcts",
            ISMCTS,
            (
                Param("iterations", 64, 1, 100_000, True, "deals per root play"),
                *_RULE_OF_THUMB,
                Param("ucb", 0.3, 0.0, 100.0, help="exploration constant (rewards: points / 40)"),
                Param("top", 6, 0, 37, True, _TOP.help),
                Param("deep", 3, 1, 37, True, "plays searched at my later turns"),
                Param("widen", 4, 1, 100_000, help="visits of a node per extra play tried"),
                Param("win", 100, 0, 10_000, help=_WIN.help),
                _RACE,
            ),
            help="information-set MCTS",
        ),
    ],
)
