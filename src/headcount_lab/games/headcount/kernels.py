"""Headcount kernels: deal and count many hands, aggregating inside the loop.

Only ``@njit`` functions live here; :mod:`headcount_lab.games.headcount.deal` wraps them in a
runner job. Randomness comes only from the ``uint64[4]`` state passed in (``core.rng``).
"""

from __future__ import annotations

from numba import njit

from headcount_lab.core.jitcache import track_module
from headcount_lab.core.rng import partial_shuffle
from headcount_lab.games.headcount.rules import JOKER, TOP, X2, count_kernel

#: Order of the ``specials`` counters: hands with the A♠, the Joker, the ×2 in play.
SPECIALS = (TOP, JOKER, X2)


@njit(nogil=True, cache=True)
def deal_block(state, n_hands, n_in_play, deck, lo, histogram, specials):
    """Deal and count ``n_hands`` hands; add into ``histogram`` and ``specials``.

    - ``state``: uint64[4], the block's stream, advanced in place
    - ``deck``: int8[17 or 18], a permutation of the deck's ids, shuffled in place; each hand is a
      partial Fisher-Yates shuffle of its first ``n_in_play + 1`` positions (foreheads, hidden
      card if any, draw-pile top), which is a uniform deal whatever order the deck was left in
    - ``histogram``: int64[T], ``histogram[t]`` += hands with total ``lo + t``
    - ``specials``: int64[3], hands with the A♠, the Joker, the ×2 in play (:data:`SPECIALS`)
    """
    for _ in range(n_hands):
        partial_shuffle(state, deck, n_in_play + 1)
        histogram[count_kernel(deck, n_in_play, deck[n_in_play]) - lo] += 1
        for i in range(n_in_play):
            c = deck[i]
            if c == TOP:
                specials[0] += 1
            elif c == JOKER:
                specials[1] += 1
            elif c == X2:
                specials[2] += 1


track_module(globals())  # every cached function here is keyed on the files it reaches
