"""The round state as one ``int64`` array, its observation, and the jitted trick rules on it.

A round's whole state is one ``int64[STATE_SIZE]`` array ``S`` (layout below). The observation
of a seat is the same array with what that seat cannot see blanked (:func:`observe`): the other
hands, the types of the others' face-down plays (also in the trick in play), the Jokers dealt
to the others, and the teams (F13). Because state and observation share one layout, the bots
read an observation with the same accessors, and the Monte-Carlo bots turn an observation back
into a state by filling the blanks with a consistent sample (``agents.determinise``).

Every function here is ``@njit`` and works on these arrays; the plain-Python verbs of
``rules.py`` are the readable statement of the same rules and the tests hold the two together.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64
from numba.cpython.unsafe.numbers import trailing_zeros

from headcount_lab.core.bitops import popcount  # noqa: F401 (one ctpop; agents use it)
from headcount_lab.core.jitcache import track_module

njit_fast = njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
njit_inlined = njit(nogil=True, cache=True, _nrt=False, inline="always")  # type: ignore[call-overload]

NT = 14
MAXN = 5
JACK, QUEEN, KING, JOKER = 10, 11, 12, 13
A_UP, A_QUEEN, A_KING, A_CRASH = 14, 28, 32, 36
CRASH_BIT = np.uint64(1) << np.uint64(A_CRASH)

# scalars
S_N = 0
S_SEAT = 1  # the viewer of an observation; -1 in a full state
S_ROUND = 2  # 1-based
S_ROUNDS = 3
S_TRICKS = 4  # tricks per round
S_TRICK_NO = 5  # tricks finished in this round
S_LEADER = 6
S_LEN = 7  # cards in the trick in play
S_HATS = 8  # seats that showed a face-up Joker (bit mask, F3)
S_BONUS = 9
S_MULT = 10
S_PC = 11
S_PC_STOCK = 12
S_PC_BONUS = 13
S_FOOLS = 14  # bit mask of Fools (hidden: -1 in an observation)
S_CRASHED = 15
S_START = 16
S_STOCK_N = 17
# arrays
OFF_HANDS = 24  # [MAXN * NT] counts by seat (an observation keeps its own row only)
OFF_DOWNT = OFF_HANDS + MAXN * NT  # [MAXN * NT] types played face down this round, by seat
OFF_JOK = OFF_DOWNT + MAXN * NT  # [MAXN] Jokers dealt, by seat (own only in an observation)
OFF_STOCK = OFF_JOK + MAXN  # [NT] (public)
OFF_SEEN = OFF_STOCK + NT  # [NT] types played face up this round (public)
OFF_TSEAT = OFF_SEEN + NT  # [MAXN] the trick in play, by position
OFF_TTYPE = OFF_TSEAT + MAXN  # type; -1 for another's face-down card in an observation
OFF_TUP = OFF_TTYPE + MAXN
OFF_TTGT = OFF_TUP + MAXN  # seat a Queen covers or a King names, else -1
OFF_WON = OFF_TTGT + MAXN  # [MAXN] tricks taken this round
OFF_PTS = OFF_WON + MAXN  # [MAXN] points taken this round
OFF_DOWNS = OFF_PTS + MAXN  # [MAXN] face-down cards played this round
OFF_LEFT = OFF_DOWNS + MAXN  # [MAXN] cards in hand
OFF_SCORES = OFF_LEFT + MAXN  # [MAXN] game scores before this round
OFF_UPJ = OFF_SCORES + MAXN  # [MAXN] Jokers played face up this round, by seat
OFF_HELD = OFF_UPJ + MAXN  # [MAXN] bit mask of the types in each hand (own only when observed)
STATE_SIZE = OFF_HELD + MAXN
JQK_BITS = (1 << JACK) | (1 << QUEEN) | (1 << KING)
QK_BITS = (1 << QUEEN) | (1 << KING)


@njit_inlined
def seat_at(seat, steps, n):
    s = seat + steps
    while s >= n:
        s -= n
    return s


@njit_fast
def nth_bit(mask, k):
    """Index of the ``k``-th (from 0) set bit of ``mask``."""
    for _ in range(k):
        mask &= mask - uint64(1)
    return np.int64(trailing_zeros(mask))


@njit_inlined
def kth_bit(mask, k):
    """:func:`nth_bit` without a loop of ``k`` steps: halve the word six times, each time
    keeping the half that holds the wanted bit (no branch to mispredict). ``mask`` is
    ``uint64`` with more than ``k`` bits set."""
    pos = 0
    for width in (32, 16, 8, 4, 2, 1):
        c = popcount(mask & ((uint64(1) << uint64(width)) - uint64(1)))
        step = width if k >= c else 0
        k -= c if k >= c else 0
        mask >>= uint64(step)
        pos += step
    return np.int64(pos)


@njit_fast
def covered_into(S, cov):
    """F8: ``cov[i] = 1`` when card ``i`` of the trick is covered (the Queen on it is uncovered).

    ``on`` packs, four bits per trick position, one plus the position of the last Queen placed
    on that position's card (0: none); a Queen lies on an earlier card, so one backward pass
    settles Queens on Queens."""
    n = S[S_N]
    m = S[S_LEN]
    lead = S[S_LEADER]
    on = 0
    for i in range(m):
        if S[OFF_TUP + i] == 1 and S[OFF_TTYPE + i] == QUEEN:
            p = S[OFF_TTGT + i] - lead
            if p < 0:
                p += n
            on = (on & ~(15 << (4 * p))) | ((i + 1) << (4 * p))
    for i in range(m - 1, -1, -1):
        q = ((on >> (4 * i)) & 15) - 1
        cov[i] = 1 if q >= 0 and cov[q] == 0 else 0


@njit_fast
def winner_seat(S, cov):
    """F9-F11: the seat that takes the trick in play so far (-1 if no card can take it yet).

    ``cov`` (``int64[MAXN]``) is scratch. Face-down cards rank 0 whatever their type."""
    covered_into(S, cov)
    m = S[S_LEN]
    jacks = 0
    for i in range(m):
        if cov[i] == 0 and S[OFF_TUP + i] == 1:
            t = S[OFF_TTYPE + i]
            if t == KING:
                return S[OFF_TTGT + i]
            if t == JACK:
                jacks += 1
    best = -1
    best_rank = 0
    low = jacks & 1
    for i in range(m):
        if cov[i] == 1:
            continue
        if S[OFF_TUP + i] == 0:
            r = 0
        else:
            t = S[OFF_TTYPE + i]
            if t == JACK or t == QUEEN or t == KING:  # noqa: SIM109 (numba)
                continue
            r = 11 if t == JOKER else t + 1
        if best < 0 or (r < best_rank if low else r > best_rank):
            best = S[OFF_TSEAT + i]
            best_rank = r
    return best


@njit_fast
def trick_points(S):
    """F12: face-up cards in the trick in play, covered or not."""
    p = 0
    for i in range(S[S_LEN]):
        p += S[OFF_TUP + i]
    return p


@njit_fast
def complete_ok(S, cov):
    """F6 on the trick in play: a face-up card and an uncovered face-down card."""
    covered_into(S, cov)
    up = False
    down = False
    for i in range(S[S_LEN]):
        if S[OFF_TUP + i] == 1:
            up = True
        elif cov[i] == 0:
            down = True
    return up and down


@njit_inlined
def push(S, seat, t, up, tgt):
    """Put a card in the trick in play (nothing else changes)."""
    m = S[S_LEN]
    S[OFF_TSEAT + m] = seat
    S[OFF_TTYPE + m] = t
    S[OFF_TUP + m] = up
    S[OFF_TTGT + m] = tgt
    S[S_LEN] = m + 1


@njit_fast
def lone_self(S, seat):
    """F3: does ``seat`` know it is the Lone Fool (both Jokers, or one and one in the stock)?"""
    j = S[OFF_JOK + seat]
    return j == 2 or (j == 1 and S[OFF_STOCK + JOKER] == 1)


@njit_inlined
def legal_mask(S, seat, cov):
    """Legal actions of ``seat`` as a ``uint64`` bit mask (F5-F8, F11; F6 for the last card;
    F18 Party Crasher). Reads only the seat's own hand and public fields, so it works on the
    seat's observation as well as on the state. ``cov`` is ``int64[MAXN]`` scratch.

    The hand enters as its bit mask of types held (``OFF_HELD``): face down is any type held,
    face up any held type but Q and K, Kings name any other seat; only Queens need a loop."""
    n = S[S_N]
    m = S[S_LEN]
    held = uint64(S[OFF_HELD + seat])
    ok_down = True
    ok_up = True
    if m == n - 1:  # F6: the last card must complete the trick
        covered_into(S, cov)
        any_up = False
        unc_down = 0
        for i in range(m):
            if S[OFF_TUP + i] == 1:
                any_up = True
            elif cov[i] == 0:
                unc_down += 1
        ok_down = any_up
        ok_up = unc_down > 0
    mask = uint64(0)
    if ok_down:
        mask |= held
    if ok_up:
        mask |= (held & ~uint64(QK_BITS)) << uint64(A_UP)
        if held & uint64(1 << KING):
            mask |= uint64((1 << (n - 1)) - 1) << uint64(A_KING)
    if held & uint64(1 << QUEEN) and m > 0:
        # F8 in one pass over the trick: the seats in it, less those with a Queen on their card
        free = 0
        for i in range(m):
            free |= 1 << S[OFF_TSEAT + i]
        for i in range(m):
            if S[OFF_TUP + i] == 1 and S[OFF_TTYPE + i] == QUEEN:
                free &= ~(1 << S[OFF_TTGT + i])
        for o in range(1, n):
            tgt = seat_at(seat, o, n)
            if (free >> tgt) & 1:
                good = True
                if m == n - 1:
                    push(S, seat, QUEEN, 1, tgt)
                    good = complete_ok(S, cov)
                    S[S_LEN] = m
                if good:
                    mask |= uint64(1) << uint64(A_QUEEN + o - 1)
    if S[S_PC] == 1 and held != 0 and held & ~uint64(JQK_BITS) == 0 and lone_self(S, seat):
        mask |= uint64(1) << uint64(A_CRASH)
    return mask


@njit_fast
def decode(a, seat, n):
    """``(type, face up, target)`` of a play action (see ``rules.py``)."""
    if a < A_UP:
        return a, 0, -1
    if a < A_QUEEN:
        return a - A_UP, 1, -1
    if a < A_KING:
        return QUEEN, 1, seat_at(seat, a - A_QUEEN + 1, n)
    return KING, 1, seat_at(seat, a - A_KING + 1, n)


@njit_inlined
def play(S, seat, a):
    """Play action ``a`` (not Party Crasher) for ``seat``: hand, trick and public counts."""
    n = S[S_N]
    t, up, tgt = decode(a, seat, n)
    h = OFF_HANDS + seat * NT + t
    S[h] -= 1
    if S[h] == 0:
        S[OFF_HELD + seat] &= ~(1 << t)
    S[OFF_LEFT + seat] -= 1
    push(S, seat, t, up, tgt)
    if up == 1:
        S[OFF_SEEN + t] += 1
        if t == JOKER:
            S[S_HATS] |= 1 << seat  # F3: the hat stays even if a Queen covers the Joker later
            S[OFF_UPJ + seat] += 1
    else:
        S[OFF_DOWNT + seat * NT + t] += 1
        S[OFF_DOWNS + seat] += 1


@njit_inlined
def close_trick(S, cov):
    """F12: the winner takes the trick's points and leads the next trick; returns the winner."""
    w = winner_seat(S, cov)
    S[OFF_WON + w] += 1
    S[OFF_PTS + w] += trick_points(S)
    S[S_LEADER] = w
    S[S_LEN] = 0
    S[S_TRICK_NO] += 1
    return w


@njit_fast
def round_over(S):
    return S[S_CRASHED] == 1 or S[S_TRICK_NO] == S[S_TRICKS]


@njit_fast
def to_move(S):
    n = S[S_N]
    return seat_at(S[S_LEADER], S[S_LEN], n)


@njit_fast
def score_round(S, fools, out):
    """F15, F16 (F18 after a crash): every seat's round score into ``out`` (``int64[n]``).

    ``fools`` is the bit mask of Fools (the state's, or a sample's)."""
    n = S[S_N]
    crashed = S[S_CRASHED] == 1
    fool_total = 0
    court_total = 0
    n_fools = 0
    for s in range(n):
        if (fools >> s) & 1:
            fool_total += S[OFF_PTS + s]
            n_fools += 1
        else:
            court_total += S[OFF_PTS + s]
    if not crashed or S[S_PC_STOCK] == 1:
        fool_total += S[S_STOCK_N]
    if n_fools == 1:
        fool_total *= S[S_MULT]
    bonus = S[S_BONUS] * S[S_ROUND]
    pay_bonus = not crashed or S[S_PC_BONUS] == 1
    for s in range(n):
        v = fool_total if (fools >> s) & 1 else court_total
        if pay_bonus and S[OFF_WON + s] == 0:
            v += bonus
        out[s] = v


@njit_fast
def observe(S, seat, obs):
    """F13: the observation of ``seat`` into ``obs`` (``int64[STATE_SIZE]``): a copy of the
    state with the others' hands, face-down types, Jokers dealt and types held, the teams, the
    face-down types in the trick that are not the seat's own, and the slots after the trick's
    last card blanked."""
    for i in range(STATE_SIZE):
        obs[i] = S[i]
    obs[S_SEAT] = seat
    obs[S_FOOLS] = -1
    for s in range(MAXN):
        if s != seat:
            for t in range(NT):
                obs[OFF_HANDS + s * NT + t] = 0
                obs[OFF_DOWNT + s * NT + t] = 0
            obs[OFF_JOK + s] = -1
            obs[OFF_HELD + s] = 0
    m = S[S_LEN]
    for i in range(m):
        if S[OFF_TUP + i] == 0 and S[OFF_TSEAT + i] != seat:
            obs[OFF_TTYPE + i] = -1
    for i in range(m, MAXN):
        obs[OFF_TSEAT + i] = -1
        obs[OFF_TTYPE + i] = -1
        obs[OFF_TUP + i] = 0
        obs[OFF_TTGT + i] = -1


@njit_fast
def begin_round(S, rules_n, round_no, rounds, start, bonus, mult, pc, pc_stock, pc_bonus):
    """Reset the per-round fields of ``S`` (hands and stock are set by the deal)."""
    for i in range(STATE_SIZE):
        S[i] = 0
    S[S_N] = rules_n
    S[S_SEAT] = -1
    S[S_ROUND] = round_no
    S[S_ROUNDS] = rounds
    S[S_TRICKS] = 13 if rules_n == 4 else 10
    S[S_LEADER] = start
    S[S_START] = start
    S[S_BONUS] = bonus
    S[S_MULT] = mult
    S[S_PC] = pc
    S[S_PC_STOCK] = pc_stock
    S[S_PC_BONUS] = pc_bonus
    S[S_STOCK_N] = 2 if rules_n == 4 else 4
    for i in range(MAXN):
        S[OFF_TSEAT + i] = -1
        S[OFF_TTYPE + i] = -1
        S[OFF_TTGT + i] = -1


track_module(globals())  # every cached function here is keyed on the files it reaches
