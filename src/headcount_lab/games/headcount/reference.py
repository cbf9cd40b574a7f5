"""Slow, obvious Headcount engines used as oracles in tests.

- :func:`brute_force_distribution`: the exact total distribution of a view by listing every
  ordered way to deal the unseen in-play cards and the draw-pile top, one by one, with the plain
  Python :func:`~headcount_lab.games.headcount.rules.count`.
- :func:`deal_block_reference`: the dealing kernel's block, hand by hand, on a
  :class:`~headcount_lab.core.rng.PyStream`; it must give bit-identical statistics.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import numpy as np

from headcount_lab.core.rng import PyStream
from headcount_lab.games.headcount.rules import JOKER, TOP, X2, count, deck_size


def brute_force_distribution(known: list[int], n_unknown: int, double: bool) -> dict[int, Fraction]:
    """Every ordered deal of ``n_unknown`` unseen in-play cards plus a draw-pile top is equally
    likely; the top only matters when the Joker is in play (H2)."""
    rest = [c for c in range(deck_size(double)) if c not in known]
    tally: dict[int, int] = {}
    n = 0
    for deal in permutations(rest, n_unknown + 1):
        in_play = list(known) + list(deal[:n_unknown])
        total = count(in_play, deal[n_unknown] if JOKER in in_play else None)
        tally[total] = tally.get(total, 0) + 1
        n += 1
    return {t: Fraction(w, n) for t, w in sorted(tally.items())}


#: The special cards whose presence the dealer counts, in the order of its ``specials`` array.
SPECIALS = (TOP, JOKER, X2)


def deal_block_reference(
    state: np.ndarray,
    n_hands: int,
    players: int,
    double: bool,
    hidden_card: bool,
    lo: int,
    width: int,
) -> dict[str, np.ndarray]:
    """Deal ``n_hands`` hands as :func:`~headcount_lab.games.headcount.kernels.deal_block` does:
    one deck (ids in order at the start of the block), each hand a partial Fisher-Yates shuffle of
    the first ``in_play + 1`` positions of the deck left by the previous hand."""
    rng = PyStream(state)
    deck = list(range(deck_size(double)))
    n_in = players + (1 if hidden_card else 0)
    histogram = np.zeros(width, dtype=np.int64)
    specials = np.zeros(len(SPECIALS), dtype=np.int64)
    for _ in range(n_hands):
        rng.partial_shuffle(deck, n_in + 1)
        in_play = deck[:n_in]
        total = count(in_play, deck[n_in] if JOKER in in_play else None)
        histogram[total - lo] += 1
        for i, s in enumerate(SPECIALS):
            if s in in_play:
                specials[i] += 1
    return {"histogram": histogram, "specials": specials}
