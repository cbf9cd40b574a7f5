"""The High Card engine in plain Python (a game this small needs no numba kernel).

One game: shuffle, then each seat in order sees the other cards and claims or passes. Every
number comes from the block's :class:`~headcount_lab.core.rng.PyStream`: the partial shuffle,
then one uniform number per seat, so the same stream plays the same game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from headcount_lab.core.rng import PyStream
from highcard.rules import HighCardRules, highest, score

#: ``decide(seat, seen, u)`` -> claim?; ``seen[s]`` is seat s's card, -1 at the seat itself
Decide = Callable[[int, list[int], float], bool]


def play_game(rules: HighCardRules, stream: PyStream, decide: Decide) -> dict[str, Any]:
    n = rules.players
    deck = list(range(rules.ranks))
    stream.partial_shuffle(deck, n)
    cards = deck[:n]
    claims = []
    for s in range(n):
        u = stream.uniform()
        claims.append(bool(decide(s, [-1 if t == s else c for t, c in enumerate(cards)], u)))
    top = highest(cards)
    scores = [score(claims[s], s == top, rules) for s in range(n)]
    return {"cards": cards, "claims": claims, "scores": scores, "highest": top}
