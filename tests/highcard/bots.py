"""High Card bots: their menu (names, parameters, defaults) and their one decision."""

from __future__ import annotations

from headcount_lab.core.botspec import BotMenu, BotSpec, Param, Policy
from highcard.rules import chance_highest

RANDOM, ODDS = 0, 1

MENU = BotMenu(
    "highcard",
    [
        Policy("random", RANDOM, (Param("claim", 0.5, 0.0, 1.0, help="chance to claim"),)),
        Policy(
            "odds",
            ODDS,
            (Param("threshold", 0.5, 0.0, 1.0, help="claim when P(highest) is above this"),),
        ),
    ],
)


def act(bot: BotSpec, seen: list[int], ranks: int, u: float) -> bool:
    """Claim or not, from the cards the seat sees and one uniform number ``u``."""
    if bot.policy.id == RANDOM:
        return u < bot.values[0]
    return chance_highest(seen, ranks) > bot.values[0]
