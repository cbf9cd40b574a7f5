"""The observation layout and the bit helpers shared by the kernels, the bots and the reference.

Observation (``obs``, ``int64[OBS_SIZE]``): everything one seat may see (P21), in one array so
that a decision is one call. The kernels keep the public part of the game in this very array and
copy the acting seat's private cards into it before asking its bot; ``reference.py`` builds the
same array from its own state. Header fields are ``O_*``; blocks of 13 (one per rank index,
2 .. A) follow:

- ``OFF_OWN``: the acting seat's hand (in the swap phase: its six non-blind cards);
- ``OFF_OWN_FAILED``: the acting seat's own failed face-down flips still in its hand (P17);
- ``OFF_PILE``: the pile by rank; ``OFF_BURNT``: cards out of the game;
- ``OFF_UP + 13 * s``: seat ``s``'s face-up cards (in the swap phase: as dealt);
- ``OFF_KNOWN + 13 * s``: cards publicly known to sit in seat ``s``'s hand (picked up from the
  pile, or shown failed flips), removed as they are played;

and by seat: ``OFF_DOWN_N`` (face-down cards left) and ``OFF_HAND_N`` (hand sizes).
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64
from numba.cpython.unsafe.numbers import trailing_zeros

from headcount_lab.core.jitcache import track_sources
from headcount_lab.games.poohead.rules import N_RANKS, PLAYERS_MAX

O_PLAYERS = 0
O_SEAT = 1
O_TOP = 2  # top rank of the pile, -1 when empty
O_RUN = 3  # consecutive cards of the top rank on top (P12)
O_PILE_LEN = 4
O_DRAW_LEFT = 5
O_ACTIVE = 6  # bit mask of the seats still in
O_PHASE = 7  # PHASE_SWAP or PHASE_PLAY
O_TURNS = 8
O_SOURCE = 9  # the acting seat's source (rules.HAND, FACE_UP, FACE_DOWN)
O_LAST_PICK_SEAT = 10  # seat of the last pick-up, -1 before any
O_LAST_PICK_TOP = 11  # top rank of the pile it took
O_NEXT = 12  # the next active seat clockwise from the acting one
O_STARTER = 13
N_HEADER = 16
OFF_OWN = N_HEADER
OFF_OWN_FAILED = OFF_OWN + N_RANKS
OFF_PILE = OFF_OWN_FAILED + N_RANKS
OFF_BURNT = OFF_PILE + N_RANKS
OFF_UP = OFF_BURNT + N_RANKS
OFF_DOWN_N = OFF_UP + N_RANKS * PLAYERS_MAX
OFF_HAND_N = OFF_DOWN_N + PLAYERS_MAX
OFF_KNOWN = OFF_HAND_N + PLAYERS_MAX
OBS_SIZE = OFF_KNOWN + N_RANKS * PLAYERS_MAX

PHASE_SWAP = 0
PHASE_PLAY = 1

# Every function below the block entry points runs without numba's runtime: nothing in them
# allocates, and reference counting of the array arguments on every call was most of the run
# time. Callees inherit the caller's setting, so all of them use this one decorator.
njit_fast = njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
# The same, inlined into the caller by numba: for the functions on the per-action path that take
# arrays (LLVM does not inline them, and a call passes every array as seven words).
njit_inlined = njit(nogil=True, cache=True, _nrt=False, inline="always")  # type: ignore[call-overload]


@njit_fast
def popcount(m):
    """Set bits of a ``uint64``."""
    c = 0
    while m:
        m &= m - uint64(1)
        c += 1
    return c


@njit_fast
def nth_bit(m, j):
    """Index of the ``j``-th (from 0) set bit of ``m``, lowest first."""
    for _ in range(j):
        m &= m - uint64(1)
    return np.int64(trailing_zeros(m))


@njit_fast
def has(m, a):
    return (m >> uint64(a)) & uint64(1) != 0


track_sources(popcount, nth_bit, has)
