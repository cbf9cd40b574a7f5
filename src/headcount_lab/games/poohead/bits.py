"""Poohead's bits, as ``bits.py`` is in every game: the observation layout, the bit helpers and
the rules of play as small kernels (legal moves and applying an action, P5-P18), shared by the
kernels, the bots and the reference (``@njit`` only; this module imports neither kernels nor
agents).

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
from headcount_lab.core.rng import below
from headcount_lab.games.poohead.rules import (
    CHEAPEST_FIRST,
    COPIES,
    DECK,
    EIGHT,
    FACE_DOWN,
    FACE_UP,
    FLIP,
    HAND,
    I_BOMB_ANYTIME,
    I_EIGHT_PER_CARD,
    I_FAILED_FLIP_PUBLIC,
    I_FINISH_ON_SPECIAL,
    I_MIX_SOURCES,
    I_NO_NINE_ON_EMPTY,
    I_PICKUP_TAKES_FACEUP,
    I_TEN_MAY,
    I_VOLUNTARY_PICKUP,
    N_RANKS,
    NINE,
    PASS,
    PICK_UP,
    PLAYERS_MAX,
    TABLE,
    TEN,
    THREE,
    TWO,
)

# fields of ``g``
G_CUR = 0
G_STARTER = 1
G_START_RANK = 2
G_REPLAY_MAY = 3
G_TURNS = 4
G_CAPPED = 5
G_N_OUT = 6
G_PTR = 7  # cards drawn from the draw pile
G_N_ACTIVE = 8
G_SIZE = 9

_CHEAPEST = np.array(CHEAPEST_FIRST, dtype=np.int64)

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


# --- the rules of play as small kernels: legal moves and applying an action (P5-P18) ----------
# Shared by the game kernels (``kernels.py``) and the search bots (``agents.py``), which play
# games forward from a sampled state. State layout: see
# ``kernels.py`` (``obs`` holds the public state, ``hand``/``down``/``failed``/``deck`` the
# hidden one, ``g`` who moves and the counters below).


@njit_fast
def can_play(rank, top, count, bomb_anytime):
    """P8, P14, P15, P12 (see ``rules.can_play``)."""
    if top < 0 or top == TWO or rank in (TWO, TEN):
        return True
    if bomb_anytime and count == COPIES:
        return True
    if top == NINE:
        return THREE <= rank <= NINE
    return rank >= top


@njit_fast
def finish_ok(rank, burned, finish_on_special):
    """P18 (see ``rules.finishing_allowed``)."""
    if finish_on_special:
        return True
    return rank != TWO and rank != EIGHT and rank != NINE and rank != TEN and not burned


@njit_fast
def next_seat(seat, steps, active_mask, n):
    """P18, P22: ``steps`` active seats clockwise from ``seat``."""
    s = seat
    while steps > 0:
        s += 1
        if s == n:
            s = 0
        if (active_mask >> s) & 1:
            steps -= 1
    return s


@njit_fast
def up_total(obs, s):
    t = 0
    base = OFF_UP + N_RANKS * s
    for r in range(N_RANKS):
        t += obs[base + r]
    return t


@njit_fast
def source(obs, s):
    """P5: the acting zone of seat ``s`` (the hand count is public, so ``obs`` suffices)."""
    if obs[OFF_HAND_N + s] > 0:
        return HAND
    if up_total(obs, s) > 0:
        return FACE_UP
    if obs[OFF_DOWN_N + s] > 0:
        return FACE_DOWN
    return -1


@njit_inlined
def legal_mask(obs, hand, rules, g, s, draw_left):
    """``uint64`` mask of the legal actions of seat ``s`` (P5, P7-P9, P11, P12, P17, P18).

    Whole groups at once: if a rank may go on the top card, every count of it may (P16), so its
    bits ``4r .. 4r + c - 1`` are set together; only a play that would leave the player without
    cards (``finish_on_special=off``) or four of a kind (``bomb_anytime``) needs a second look.
    """
    m = uint64(0)
    hand_n = obs[OFF_HAND_N + s]
    down_n = obs[OFF_DOWN_N + s]
    top = obs[O_TOP]
    if hand_n > 0:
        src = HAND
        total = hand_n
        up_n = up_total(obs, s) if draw_left == 0 else 1
        can_finish = draw_left == 0 and up_n == 0 and down_n == 0
    else:
        up_n = up_total(obs, s)
        src = FACE_UP if up_n > 0 else FACE_DOWN
        total = up_n
        can_finish = down_n == 0
    if src == FACE_DOWN:
        m |= uint64(1) << uint64(FLIP)
    else:
        bound = g[G_START_RANK]
        bomb = rules[I_BOMB_ANYTIME] != 0
        strict_finish = can_finish and rules[I_FINISH_ON_SPECIAL] == 0
        for r in range(N_RANKS):
            if bound >= 0 and r != bound:
                continue
            c = hand[s, r] if src == HAND else obs[OFF_UP + N_RANKS * s + r]
            if c == 0:
                continue
            if can_play(r, top, 1, False):
                m |= uint64((1 << c) - 1) << uint64(4 * r)
            elif bomb and c == COPIES:
                m |= uint64(1) << uint64(4 * r + 3)
            if strict_finish and c == total:
                run = obs[O_RUN] + c if top == r else c
                if not finish_ok(r, r == TEN or run >= COPIES, False):
                    m &= ~(uint64(1) << uint64(4 * r + c - 1))
            if (
                rules[I_MIX_SOURCES] != 0
                and src == HAND
                and bound < 0
                and draw_left == 0
                and c == hand_n
            ):
                u = obs[OFF_UP + N_RANKS * s + r]
                top_k = c + u if c + u < COPIES else COPIES
                for k in range(c + 1, top_k + 1):
                    if not can_play(r, top, k, bomb):
                        continue
                    last = up_n == k - c and down_n == 0  # the play would finish
                    if last and rules[I_FINISH_ON_SPECIAL] == 0:
                        run = obs[O_RUN] + k if top == r else k
                        if not finish_ok(r, r == TEN or run >= COPIES, False):
                            continue
                    m |= uint64(1) << uint64(4 * r + k - 1)
        if rules[I_NO_NINE_ON_EMPTY] != 0 and top < 0:
            # rules.nine_lead_barred: no 9 led onto an empty pile while another rank may go
            nines = uint64(15) << uint64(4 * NINE)
            if m & ~nines != 0:
                m &= ~nines
    voluntary = rules[I_VOLUNTARY_PICKUP] != 0 and obs[O_PILE_LEN] > 0
    if (src != FACE_DOWN and m == 0) or voluntary:
        m |= uint64(1) << uint64(PICK_UP)
    if g[G_REPLAY_MAY] != 0:
        m |= uint64(1) << uint64(PASS)
    return m


@njit_inlined
def _clear_pile(obs):
    for r in range(N_RANKS):
        obs[OFF_PILE + r] = 0
    obs[O_TOP] = -1
    obs[O_RUN] = 0
    obs[O_PILE_LEN] = 0


@njit_inlined
def _pick_up(obs, hand, rules, g, s, taking_faceup, n):
    """P9 (and P5's ``pickup_takes_faceup``): the pile to the hand, the turn passes."""
    if obs[O_PILE_LEN] > 0:
        obs[O_LAST_PICK_SEAT] = s
        obs[O_LAST_PICK_TOP] = obs[O_TOP]
        if taking_faceup and rules[I_PICKUP_TAKES_FACEUP] != 0:
            for i in range(N_RANKS):
                r = _CHEAPEST[i]
                if obs[OFF_UP + N_RANKS * s + r] > 0:
                    obs[OFF_UP + N_RANKS * s + r] -= 1
                    hand[s, r] += 1
                    obs[OFF_HAND_N + s] += 1
                    obs[OFF_KNOWN + N_RANKS * s + r] += 1
                    break
    for r in range(N_RANKS):
        c = obs[OFF_PILE + r]
        hand[s, r] += c
        obs[OFF_KNOWN + N_RANKS * s + r] += c
    obs[OFF_HAND_N + s] += obs[O_PILE_LEN]
    _clear_pile(obs)
    g[G_CUR] = next_seat(s, 1, obs[O_ACTIVE], n)


@njit_inlined
def _after_play(obs, hand, deck, rules, g, order, s, r, k, n):
    """P10-P13, P18 in their order: pile, draw, burn, going out, who moves next."""
    if obs[O_TOP] == r:
        obs[O_RUN] += k
    else:
        obs[O_RUN] = k
    obs[O_TOP] = r
    obs[OFF_PILE + r] += k
    obs[O_PILE_LEN] += k
    while obs[OFF_HAND_N + s] < TABLE and obs[O_DRAW_LEFT] > 0:
        c = deck[DECK - obs[O_DRAW_LEFT]]
        hand[s, c] += 1
        obs[OFF_HAND_N + s] += 1
        obs[O_DRAW_LEFT] -= 1
    burned = r == TEN or obs[O_RUN] >= COPIES
    if burned:
        for q in range(N_RANKS):
            obs[OFF_BURNT + q] += obs[OFF_PILE + q]
        _clear_pile(obs)
    out = obs[OFF_HAND_N + s] == 0 and obs[OFF_DOWN_N + s] == 0 and up_total(obs, s) == 0
    if out:
        obs[O_ACTIVE] &= ~(1 << s)
        order[g[G_N_OUT]] = s
        g[G_N_OUT] += 1
        g[G_N_ACTIVE] -= 1
        if g[G_N_ACTIVE] == 1:
            for q in range(n):
                if (obs[O_ACTIVE] >> q) & 1:
                    order[g[G_N_OUT]] = q
            return
    if burned and not out:
        g[G_REPLAY_MAY] = 1 if (r == TEN and rules[I_TEN_MAY] != 0) else 0
        return
    step = 1
    if not burned and r == EIGHT:
        step += k if rules[I_EIGHT_PER_CARD] != 0 else 1
    g[G_CUR] = next_seat(s, step, obs[O_ACTIVE], n)


@njit_inlined
def apply(obs, hand, down, failed, deck, rules, g, order, state, a, n):
    """Play action ``a`` for the seat to move; returns the flipped rank for a flip, else -1.
    A flip's slot is drawn from the stream (P17: the slots are exchangeable)."""
    s = g[G_CUR]
    g[G_TURNS] += 1
    g[G_REPLAY_MAY] = 0
    if a == PASS:
        g[G_CUR] = next_seat(s, 1, obs[O_ACTIVE], n)
        return -1
    if a == PICK_UP:
        _pick_up(obs, hand, rules, g, s, source(obs, s) == FACE_UP, n)
        return -1
    if a == FLIP:
        d = obs[OFF_DOWN_N + s]
        j = below(state, d)
        r = down[s, j]
        for i in range(j, d - 1):
            down[s, i] = down[s, i + 1]
        down[s, d - 1] = -1
        obs[OFF_DOWN_N + s] = d - 1
        top = obs[O_TOP]
        run = obs[O_RUN] + 1 if top == r else 1
        ok = can_play(r, top, 1, rules[I_BOMB_ANYTIME] != 0)
        if ok and d == 1 and obs[OFF_HAND_N + s] == 0 and up_total(obs, s) == 0:
            ok = finish_ok(r, r == TEN or run >= COPIES, rules[I_FINISH_ON_SPECIAL] != 0)
        if ok:
            _after_play(obs, hand, deck, rules, g, order, s, r, 1, n)
        else:  # P17: the card goes to the hand with the pile
            _pick_up(obs, hand, rules, g, s, False, n)
            hand[s, r] += 1
            obs[OFF_HAND_N + s] += 1
            if rules[I_FAILED_FLIP_PUBLIC] != 0:
                obs[OFF_KNOWN + N_RANKS * s + r] += 1
            else:
                failed[s, r] += 1
        return r
    r = a // 4
    k = a % 4 + 1
    if obs[OFF_HAND_N + s] > 0:
        from_hand = k if hand[s, r] >= k else hand[s, r]
        hand[s, r] -= from_hand
        obs[OFF_HAND_N + s] -= from_hand
        obs[OFF_UP + N_RANKS * s + r] -= k - from_hand  # mix_sources
    else:
        obs[OFF_UP + N_RANKS * s + r] -= k
    kn = OFF_KNOWN + N_RANKS * s + r
    if obs[kn] > hand[s, r]:
        obs[kn] = hand[s, r]
    if failed[s, r] > hand[s, r]:
        failed[s, r] = hand[s, r]
    g[G_START_RANK] = -1
    _after_play(obs, hand, deck, rules, g, order, s, r, k, n)
    return -1


@njit_fast
def apply_call(obs, hand, down, failed, deck, rules, g, order, state, a, n):
    """:func:`apply` as a plain call (for a caller off the hot path: one compiled copy keeps
    the compile time down)."""
    return apply(obs, hand, down, failed, deck, rules, g, order, state, a, n)


# Every cached function of this module (see kernels.py for why not only the entry points).
track_sources(
    *[
        f
        for f in list(globals().values())
        if getattr(f, "py_func", None) and f.__module__ == __name__
    ]
)
