"""Enumeration helpers shared by the games' exact modules.

A set of cards drawn from a deck of ``n`` cards is a bitmask (bit ``i`` set = card id ``i``). The
exact tables index their rows by such masks; this module lists the masks of a given size in
increasing numeric order and builds the inverse lookup.
"""

from __future__ import annotations

from math import comb

import numpy as np


def popcounts(n_bits: int) -> np.ndarray:
    """``int8[2**n_bits]``: the number of set bits of every mask below ``2**n_bits``."""
    if not 0 <= n_bits <= 24:
        raise ValueError(f"n_bits must be between 0 and 24, got {n_bits}")
    counts = np.zeros(1, dtype=np.int8)
    for _ in range(n_bits):  # the masks with the next bit set have one more bit each
        counts = np.concatenate([counts, counts + 1])
    return counts


def subsets_of_size(n_bits: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The ``k``-card subsets of an ``n_bits``-card deck.

    Returns ``(masks, row_of_mask)``: ``masks`` is ``int64[comb(n_bits, k)]`` in increasing order,
    ``row_of_mask`` is ``int32[2**n_bits]`` with the position of each mask in ``masks``, or -1
    for masks of another size.
    """
    if not 0 <= k <= n_bits:
        raise ValueError(f"subset size must be between 0 and {n_bits}, got {k}")
    pc = popcounts(n_bits)
    masks = np.flatnonzero(pc == k).astype(np.int64)
    row_of_mask = np.full(1 << n_bits, -1, dtype=np.int32)
    row_of_mask[masks] = np.arange(masks.size, dtype=np.int32)
    assert masks.size == comb(n_bits, k)
    return masks, row_of_mask


def mask_of(ids: list[int]) -> int:
    """Bitmask of a list of card ids."""
    m = 0
    for i in ids:
        m |= 1 << int(i)
    return m
