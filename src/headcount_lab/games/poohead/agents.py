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
- ``cheap+`` (2): ``cheap`` with three additions. Its swap keeps a 2 or 10 in hand when it has
  two or more of them (one wild card in hand saves a pick-up early; the rest go face up). It
  plays a 9 as a weapon, before its 3-8, when the next player has no hand left or shows no
  face-up card that may go on a 9 (3-9, 2 or 10). And it breaks the
  9-lead loop of section 6 of the rulings: it does not lead a 9 onto an empty pile when the
  next player has just picked up a pile topped by a 9 and it holds another ordinary rank.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.rng import below
from headcount_lab.games.poohead import layout as L
from headcount_lab.games.poohead.rules import (
    CHEAPEST_FIRST,
    FACE_DOWN,
    FLIP,
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
N_PARAMS = 1

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
def cheap_swap(obs, keep_wild):
    """Subset index of the three most valuable of the six cards. With ``keep_wild`` one wild
    card (a 2 if there is one, else a 10) stays in hand when there are two or more."""
    wild = obs[L.OFF_OWN + TWO] + obs[L.OFF_OWN + TEN]
    held_back = -1
    if keep_wild and wild >= 2:
        held_back = TWO if obs[L.OFF_OWN + TWO] > 0 else TEN
    need = 3
    ranks = 0
    counts = 0
    for i in range(N_RANKS - 1, -1, -1):
        r = _CHEAPEST[i]
        c = obs[L.OFF_OWN + r] - (1 if r == held_back else 0)
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
    return cheap_swap(obs, policy == CHEAP_PLUS)


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
def _next_is_weak_against_nine(obs):
    """The next player is on table cards, or shows no face-up card a 9 lets them play."""
    nxt = obs[L.O_NEXT]
    if obs[L.OFF_HAND_N + nxt] == 0:
        return True
    for r in range(1, NINE + 1):
        if obs[L.OFF_UP + N_RANKS * nxt + r]:
            return False
    return obs[L.OFF_UP + N_RANKS * nxt + TWO] == 0 and obs[L.OFF_UP + N_RANKS * nxt + TEN] == 0


@L.njit_fast
def cheap_plus_play(obs, mask):
    nxt = obs[L.O_NEXT]
    skip = -1
    if (
        obs[L.O_TOP] < 0
        and obs[L.O_LAST_PICK_SEAT] == nxt
        and obs[L.O_LAST_PICK_TOP] == NINE
        and obs[L.O_SOURCE] != FACE_DOWN
    ):
        skip = NINE  # the loop-breaker
    a = cheap_play(mask, skip)
    weapon = a < FLIP and a // 4 < NINE and a // 4 != TWO and skip != NINE
    # a 9 as a weapon rather than a middling 3-8 when the next player is weak against it
    if weapon and _best_count(mask, NINE) and _next_is_weak_against_nine(obs):
        return NINE * 4 + _best_count(mask, NINE) - 1
    return a


@L.njit_fast
def act(policy, params, state, obs, mask):
    """The action (see ``rules.py``) of the seat in ``obs`` given its legal ``mask`` (``uint64``,
    bit ``a`` set when action ``a`` is legal)."""
    if policy == RANDOM:
        return L.nth_bit(mask, below(state, L.popcount(mask)))
    if policy == CHEAP:
        return cheap_play(mask, -1)
    return cheap_plus_play(obs, mask)


track_sources(act, choose_swap)
