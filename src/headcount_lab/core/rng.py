"""Seeds to per-block random streams, and the one generator every kernel draws from.

A run's seed never feeds a global generator. The work of a run is cut into *blocks* of a fixed
number of units (hands, games, matches); block ``b`` of seed ``s`` draws from its own stream,
whose state is ``SeedSequence(s, spawn_key=(b,)).generate_state(4, uint64)``, i.e. exactly the
state of the ``b``-th child of ``SeedSequence(s).spawn(...)``. Because a block's numbers depend only
on ``(seed, block)``, results are the same for any number of workers, any backend and any order in
which blocks finish.

The generator is xoshiro256** (Blackman and Vigna): four 64-bit words of state, a few cycles a
draw, and easy to mirror exactly in plain Python. :class:`PyStream` is that mirror, used by the
``reference.py`` engines so that kernel and reference consume identical numbers.

Kernel-side API (all ``@njit``, state is a ``uint64[4]`` array updated in place):

- ``next_u64(state) -> uint64``; ``xoshiro_step`` and ``below_step`` are the same draws on a
  state held in four scalars, for hot loops that keep it in registers
- ``below(state, n) -> int64``: uniform on ``0..n-1`` for ``1 <= n < 2**32`` (Lemire's
  multiply-shift with rejection, so exactly uniform)
- ``uniform(state) -> float64``: uniform on ``[0, 1)`` with 53 random bits
- ``partial_shuffle(state, deck, k)``: Fisher-Yates on the first ``k`` positions of ``deck``
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from headcount_lab.core.jitcache import track_module

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1


def block_state(seed: int, block: int) -> np.ndarray:
    """State (``uint64[4]``) of block ``block`` of a run seeded with ``seed``."""
    if seed < 0 or block < 0:
        raise ValueError("seed and block must be non-negative")
    ss = np.random.SeedSequence(seed, spawn_key=(block,))
    state = ss.generate_state(4, np.uint64)
    if not state.any():  # xoshiro's one forbidden state; astronomically unlikely
        state[0] = 1
    return state


def block_states(seed: int, first: int, count: int) -> np.ndarray:
    """States of blocks ``first .. first+count-1`` as a ``uint64[count, 4]`` array."""
    out = np.empty((count, 4), dtype=np.uint64)
    for i in range(count):
        out[i] = block_state(seed, first + i)
    return out


@njit(inline="always")
def _rotl(x, k):
    return (x << uint64(k)) | (x >> uint64(64 - k))


@njit(nogil=True, cache=True, inline="always")
def xoshiro_step(s0, s1, s2, s3):
    """One draw from a state held in four ``uint64`` scalars: ``(draw, s0, s1, s2, s3)``.

    A hot loop that keeps the state in locals (registers) instead of the ``uint64[4]`` array
    draws exactly the same numbers; :func:`next_u64` is this step on the array."""
    result = _rotl(s1 * uint64(5), 7) * uint64(9)
    t = s1 << uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@njit(nogil=True, cache=True, inline="always")
def below_step(n, s0, s1, s2, s3):
    """:func:`below` on a state held in four ``uint64`` scalars: ``(value, s0, s1, s2, s3)``.

    Lemire's method: a draw whose low 32 bits of ``(draw >> 32) * n`` fall below
    ``2**32 mod n`` is rejected and drawn again. Written with one draw site: numba inlines
    :func:`xoshiro_step` at each site, and a second one cost every kernel that draws a card
    part of its cold compile."""
    n64 = uint64(n)
    while True:
        r, s0, s1, s2, s3 = xoshiro_step(s0, s1, s2, s3)
        m = (r >> uint64(32)) * n64
        low = m & uint64(0xFFFFFFFF)
        # the threshold (2**32 mod n) is below n: most draws pass without the modulo
        if low >= n64 or low >= (uint64(0x100000000) - n64) % n64:
            return np.int64(m >> uint64(32)), s0, s1, s2, s3


@njit(nogil=True, cache=True)
def next_u64(state):
    result, state[0], state[1], state[2], state[3] = xoshiro_step(
        state[0], state[1], state[2], state[3]
    )
    return result


@njit(nogil=True, cache=True)
def below(state, n):
    v, state[0], state[1], state[2], state[3] = below_step(
        n, state[0], state[1], state[2], state[3]
    )
    return v


@njit(nogil=True, cache=True)
def uniform(state):
    return np.float64(next_u64(state) >> uint64(11)) * (1.0 / 9007199254740992.0)


@njit(nogil=True, cache=True, inline="always")
def partial_shuffle_step(deck, k, s0, s1, s2, s3):
    """:func:`partial_shuffle` on a state held in four ``uint64`` scalars: returns the state.
    A kernel that deals many hands keeps its stream in registers from hand to hand with it
    (``headcount deal``: 1.1x the deal rate of a load and store of the state per hand)."""
    n = deck.shape[0]
    for i in range(k):
        j, s0, s1, s2, s3 = below_step(n - i, s0, s1, s2, s3)
        j += i
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp
    return s0, s1, s2, s3


@njit(nogil=True, cache=True)
def partial_shuffle(state, deck, k):
    # the draws of below(), on the state in registers: a kernel that shuffles then compiles no
    # below() of its own
    state[0], state[1], state[2], state[3] = partial_shuffle_step(
        deck, k, state[0], state[1], state[2], state[3]
    )


class PyStream:
    """Plain-Python xoshiro256** with the same draws as the kernel functions above."""

    def __init__(self, state: np.ndarray | list[int]):
        self.s = [int(v) & _MASK64 for v in state]

    @classmethod
    def for_block(cls, seed: int, block: int) -> PyStream:
        return cls(block_state(seed, block))

    def state(self) -> np.ndarray:
        return np.array(self.s, dtype=np.uint64)

    @staticmethod
    def _rotl(x: int, k: int) -> int:
        return ((x << k) | (x >> (64 - k))) & _MASK64

    def next_u64(self) -> int:
        s0, s1, s2, s3 = self.s
        result = (self._rotl((s1 * 5) & _MASK64, 7) * 9) & _MASK64
        t = (s1 << 17) & _MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = self._rotl(s3, 45)
        self.s = [s0, s1, s2, s3]
        return result

    def below(self, n: int) -> int:
        if not 1 <= n < (1 << 32):
            raise ValueError(f"below() needs 1 <= n < 2**32, got {n}")
        m = (self.next_u64() >> 32) * n
        low = m & _MASK32
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                m = (self.next_u64() >> 32) * n
                low = m & _MASK32
        return m >> 32

    def uniform(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / 9007199254740992.0)

    def partial_shuffle(self, deck: list[int], k: int) -> None:
        n = len(deck)
        for i in range(k):
            j = i + self.below(n - i)
            deck[i], deck[j] = deck[j], deck[i]


track_module(globals())  # every cached function here is keyed on the files it reaches
