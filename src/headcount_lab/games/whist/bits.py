"""Bit-mask primitives shared by the kernels and the bots (``@njit`` only).

A hand is a ``uint64`` mask of card ids ``suit * R + r`` (see ``rules.py``); within a suit a
higher id is a higher card. These functions sit apart from ``kernels.py`` so that the bots can use
them while the match kernels call the bots, without a circular import. ``kernels`` re-exports
them.

Observation (``obs``, ``int64[OBS_SIZE]``): everything a bot may see, in one array so that a
decision is one call with few array arguments (each array argument costs reference counting).
The header fields are ``O_*``; then five blocks of ``MAX_SEATS`` entries indexed by seat:
``visible`` (cards on the other foreheads in a blind hand, else -1), ``bids`` (-1 until made),
``tricks``, ``trick`` (card each seat put in the current trick, -1) and ``voids`` (bit mask of
the suits a seat has shown void in). ``O_HAND`` is the acting seat's own hand (0 in a blind
hand) and ``O_PLAYED`` the mask of every card played so far this hand.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from headcount_lab.core.bitops import popcount  # noqa: F401 (the bots and kernels import it here)
from headcount_lab.core.jitcache import track_module

O_SEAT = 0
O_CARDS = 1
O_DEALER = 2
O_TRUMP_CARD = 3  # -1 in eight-card hands (W4)
O_TRUMP_SUIT = 4
O_BLIND = 5
O_LEADER = 6
O_LED_SUIT = 7  # -1 while leading
O_PHASE = 8  # 0 bidding, 1 playing
O_PLAYERS = 9
O_MUST_TRUMP = 10
O_RESTRICTION = 11
O_HAND = 12
O_PLAYED = 13
O_WIN_CARD = 14  # card now winning the trick, -1 while leading
O_IN_TRICK = 15  # cards already in the current trick
O_WIN_SEAT = 16  # seat of the card now winning the trick
N_HEADER = 17
MAX_SEATS = 6
OFF_VISIBLE = N_HEADER
OFF_BIDS = N_HEADER + MAX_SEATS
OFF_TRICKS = N_HEADER + 2 * MAX_SEATS
OFF_TRICK = N_HEADER + 3 * MAX_SEATS
OFF_VOIDS = N_HEADER + 4 * MAX_SEATS
OBS_SIZE = N_HEADER + 5 * MAX_SEATS

# Every whist kernel below the block entry point runs without numba's runtime: nothing in them
# allocates, and reference counting of array arguments (atomic operations on every bot call) was
# most of the run time. All of them use this decorator so that the choice does not depend on
# which caller happened to compile a function first (callees inherit the caller's setting).
njit_without_refcounts = njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
# The same, inlined into the caller by numba: for the functions on the per-card path that take
# arrays (LLVM does not inline them, and a call passes every array as seven words).
njit_inlined = njit(nogil=True, cache=True, _nrt=False, inline="always")  # type: ignore[call-overload]

# Suit and rank by table lookup: integer division is the slowest operation in the inner loops.
_SUIT_OF = np.zeros((13, 48), dtype=np.int64)
_RANK_OF = np.zeros((13, 48), dtype=np.int64)
for _r in range(6, 13, 2):
    for _c in range(4 * _r):
        _SUIT_OF[_r, _c] = _c // _r
        _RANK_OF[_r, _c] = _c % _r


@njit_without_refcounts
def suit_of(c, ranks):
    return _SUIT_OF[ranks, c]


@njit_without_refcounts
def rank_of(c, ranks):
    """Rank index 0 (lowest in play) .. ranks - 1 (ace)."""
    return _RANK_OF[ranks, c]


@njit_without_refcounts
def next_seat(seat, steps, n):
    """``(seat + steps) % n`` for ``0 <= steps <= n`` without a division."""
    s = seat + steps
    return s - n if s >= n else s


@njit_without_refcounts
def bit(c):
    return uint64(1) << uint64(c)


@njit_without_refcounts
def lowest(mask):
    """Index of the lowest set bit of a non-zero ``uint64`` (0 for 0, as a table lookup gave)."""
    return np.int64(trailing_zeros(uint64(mask))) & 63


@njit_without_refcounts
def highest(mask):
    """Index of the highest set bit of a non-zero ``uint64``."""
    return 63 - np.int64(leading_zeros(uint64(mask)))


@njit_without_refcounts
def suit_mask(s, ranks):
    return ((uint64(1) << uint64(ranks)) - uint64(1)) << uint64(s * ranks)


@njit_without_refcounts
def above(c, ranks):
    """Mask of the cards higher than ``c`` in its suit."""
    return suit_mask(suit_of(c, ranks), ranks) & ~((bit(c) << uint64(1)) - uint64(1))


@njit_without_refcounts
def legal_mask(hand, led_suit, trump_suit, must_trump, ranks):
    """W6: follow suit if able; if void, a trump if holding one (``must_trump``); else anything.

    ``led_suit`` is -1 when leading, ``trump_suit`` -1 when there is no trump.
    """
    if led_suit < 0:
        return hand
    follow = hand & suit_mask(led_suit, ranks)
    if follow:
        return follow
    if must_trump and trump_suit >= 0:
        t = hand & suit_mask(trump_suit, ranks)
        if t:
            return t
    return hand


@njit_without_refcounts
def beats(c, best, trump_suit, ranks):
    """W6: does card ``c``, played later, beat the card ``best`` now winning the trick?"""
    cs = suit_of(c, ranks)
    if cs == suit_of(best, ranks):
        return c > best
    return cs == trump_suit


@njit_without_refcounts
def trick_winner(cards, n_cards, trump_suit, ranks):
    """Position (0 = leader) of the winning card among ``cards[:n_cards]`` in play order."""
    w = 0
    for i in range(1, n_cards):
        if beats(cards[i], cards[w], trump_suit, ranks):
            w = i
    return w


@njit_without_refcounts
def mask_at(obs, i):
    """A ``uint64`` mask stored in the ``int64`` observation."""
    return uint64(obs[i])


@njit_without_refcounts
def put_card(obs, hands, seat, c):
    """Seat ``seat`` plays card ``c`` (W6): update its hand, the trick, the winner and the voids
    the play reveals (not following shows a void in the led suit; with ``must_trump``, not
    trumping then shows a void in trumps too)."""
    ranks = 2 * obs[O_PLAYERS]
    cs = suit_of(c, ranks)
    led = obs[O_LED_SUIT]
    trump_suit = obs[O_TRUMP_SUIT]
    if led >= 0 and cs != led:
        obs[OFF_VOIDS + seat] |= 1 << led
        if obs[O_MUST_TRUMP] and trump_suit >= 0 and cs != trump_suit:
            obs[OFF_VOIDS + seat] |= 1 << trump_suit
    hands[seat] &= ~bit(c)
    obs[O_PLAYED] = np.int64(mask_at(obs, O_PLAYED) | bit(c))
    obs[OFF_TRICK + seat] = c
    if obs[O_IN_TRICK] == 0:
        obs[O_LED_SUIT] = cs
        obs[O_WIN_CARD] = c
        obs[O_WIN_SEAT] = seat
    else:  # beats(c, w), with the suit of c looked up once
        w = obs[O_WIN_CARD]
        if c > w if cs == suit_of(w, ranks) else cs == trump_suit:
            obs[O_WIN_CARD] = c
            obs[O_WIN_SEAT] = seat
    obs[O_IN_TRICK] += 1


@njit_without_refcounts
def close_trick(obs):
    """The winner takes the trick and leads the next (W6)."""
    w = obs[O_WIN_SEAT]
    obs[OFF_TRICKS + w] += 1
    obs[O_LEADER] = w
    for s in range(obs[O_PLAYERS]):
        obs[OFF_TRICK + s] = -1
    obs[O_IN_TRICK] = 0
    obs[O_LED_SUIT] = -1
    obs[O_WIN_CARD] = -1
    obs[O_WIN_SEAT] = w


@njit_without_refcounts
def start_play(obs, leader):
    """Reset the play part of the observation before the first trick."""
    obs[O_PHASE] = 1
    obs[O_LEADER] = leader
    obs[O_PLAYED] = 0
    obs[O_IN_TRICK] = 0
    obs[O_LED_SUIT] = -1
    obs[O_WIN_CARD] = -1
    obs[O_WIN_SEAT] = leader
    for s in range(obs[O_PLAYERS]):
        obs[OFF_TRICKS + s] = 0
        obs[OFF_TRICK + s] = -1
        obs[OFF_VOIDS + s] = 0
        obs[OFF_VISIBLE + s] = -1


track_module(globals())  # every cached function here is keyed on the files it reaches
