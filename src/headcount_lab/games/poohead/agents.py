"""Poohead bots as ``(policy id, parameter array)``, decided by the jitted :func:`act` and
:func:`choose_swap`.

A bot sees only its observation (``layout.py``, P21): its own hand and failed flips, the pile,
the burnt cards, every face-up card, hand and face-down counts, the draw pile's size and the cards
publicly known in each hand. Randomness comes from the block state passed in, so a decision is a
function of (observation, legal mask, stream) only.

- ``random`` (0): a legal action uniformly at random; a random swap.
- ``cheap`` (1): swaps its three most valuable cards face up (10 > 2 > A > K > ... > 3), plays
  the cheapest legal rank (3 .. A, then 2, then 10) with all its copies, keeps 2s and 10s for
  emergencies (after a 10 with ``ten_replay=may`` it passes rather than spend one), never picks
  up by choice.
- ``cheap+`` (2): ``cheap`` with the loop-breaker of section 6 of the rulings: it does not lead
  a 9 onto an empty pile while a 9 it picked up (publicly known in its hand) is there to lead,
  if it holds another ordinary rank. Between ``cheap`` bots a 9 led onto an empty pile against
  a player holding only J-A goes round the table for ever (a stall); the breaker ends that.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.rng import below
from headcount_lab.games.poohead import layout as L
from headcount_lab.games.poohead.rules import (
    CHEAPEST_FIRST,
    FLIP,
    HAND,
    N_RANKS,
    NINE,
    PASS,
    PICK_UP,
    TEN,
    TWO,
)

RANDOM = 0
CHEAP = 1
CHEAP_PLUS = 2
POLICIES = {"random": RANDOM, "cheap": CHEAP, "cheap+": CHEAP_PLUS}
N_PARAMS = 1  # no bot takes parameters yet

_CHEAPEST = np.array(CHEAPEST_FIRST, dtype=np.int64)
# subset index of the positions (a, b, c), a < b < c < 6, in rules.swap_subsets() order
_SUBSET_INDEX = np.full((6, 6, 6), -1, dtype=np.int64)
_k = 0
for _a in range(6):
    for _b in range(_a + 1, 6):
        for _c in range(_b + 1, 6):
            _SUBSET_INDEX[_a, _b, _c] = _k
            _k += 1


def policy_params(names: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Policy ids (``int64[n]``) and parameters (``float64[n, N_PARAMS]``) for bot names."""
    ids = np.empty(len(names), dtype=np.int64)
    params = np.zeros((len(names), N_PARAMS), dtype=np.float64)
    for i, raw in enumerate(names):
        name = raw.strip().lower()
        if name not in POLICIES:
            raise ValueError(f"unknown bot {raw!r}: choose from {', '.join(POLICIES)}")
        ids[i] = POLICIES[name]
    return ids, params


@L.njit_fast
def subset_of(obs, chosen_rank, chosen_count):
    """Subset index choosing, of the six cards in ``obs`` (sorted by rank index), the last
    ``chosen_count[r]`` positions of every rank ``r`` (a ``chosen_rank`` bit mask)."""
    p0 = p1 = p2 = -1
    at = 0
    for r in range(N_RANKS):
        c = obs[L.OFF_OWN + r]
        if (chosen_rank >> r) & 1:
            u = (chosen_count >> (3 * r)) & 7
            for j in range(at + c - u, at + c):
                if p0 < 0:
                    p0 = j
                elif p1 < 0:
                    p1 = j
                else:
                    p2 = j
        at += c
    return _SUBSET_INDEX[p0, p1, p2]


@L.njit_fast
def cheap_swap(obs):
    """Subset index of the three most valuable of the six cards (10 > 2 > A > ... > 3)."""
    need = 3
    ranks = 0
    counts = 0
    for i in range(N_RANKS - 1, -1, -1):
        r = _CHEAPEST[i]
        c = obs[L.OFF_OWN + r]
        take = c if c < need else need
        if take > 0:
            ranks |= 1 << r
            counts |= take << (3 * r)
            need -= take
        if need == 0:
            break
    return subset_of(obs, ranks, counts)


@L.njit_fast
def choose_swap(policy, params, state, obs):
    """P3: the swap of the seat in ``obs`` (phase swap), an index into ``swap_subsets()``."""
    if policy == RANDOM:
        return below(state, 20)
    return cheap_swap(obs)


# most copies in a 4-bit group of the legal mask (bit k-1 set: k copies may be played)
_HIGH = np.array([0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4], dtype=np.int64)


@L.njit_fast
def _best_count(mask, r):
    """Most copies of rank ``r`` the mask lets one play, 0 if none."""
    return _HIGH[(mask >> uint64(4 * r)) & uint64(15)]


@L.njit_fast
def cheap_play(mask, skip_rank):
    """Cheapest legal rank with all its copies (``skip_rank`` is passed over if anything else
    is legal); pass rather than spend a 2 or 10; else flip or pick up."""
    for i in range(N_RANKS):
        r = _CHEAPEST[i]
        if r == skip_rank:
            continue
        k = _best_count(mask, r)
        if k:
            if L.has(mask, PASS) and (r in (TWO, TEN)):
                return PASS
            return r * 4 + k - 1
    if skip_rank >= 0:
        k = _best_count(mask, skip_rank)
        if k:
            return skip_rank * 4 + k - 1
    if L.has(mask, FLIP):
        return FLIP
    if L.has(mask, PICK_UP):
        return PICK_UP
    return PASS


@L.njit_fast
def cheap_plus_play(obs, mask):
    """``cheap`` with the loop-breaker (see the module docstring)."""
    me = obs[L.O_SEAT]
    skip = -1
    if obs[L.O_TOP] < 0 and obs[L.O_SOURCE] == HAND and obs[L.OFF_KNOWN + N_RANKS * me + NINE] > 0:
        skip = NINE
    return cheap_play(mask, skip)


@L.njit_fast
def act(policy, params, state, obs, mask):
    """The action (see ``rules.py``) of the seat in ``obs`` given its legal ``mask`` (``uint64``,
    bit ``a`` set when action ``a`` is legal)."""
    if policy == RANDOM:
        return L.nth_bit(mask, below(state, L.popcount(mask)))
    if policy == CHEAP:
        return cheap_play(mask, -1)
    return cheap_plus_play(obs, mask)


# Every cached function of this module, not only the entry points: a callee keeps its own cache
# entry, keyed on its own file, and a caller recompiled after an edit elsewhere links it as cached.
track_sources(
    *[
        f
        for f in list(globals().values())
        if getattr(f, "py_func", None) and f.__module__ == __name__
    ]
)
