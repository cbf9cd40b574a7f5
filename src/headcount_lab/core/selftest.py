"""A small job for testing and benchmarking the runner, independent of any game.

Each unit shuffles the first three places of a 17-card deck (ids ``0..16``) with
:func:`~headcount_lab.core.rng.partial_shuffle` and records: which card came first, the sum of
the three card ids, and one uniform draw. The exact distributions are known (the first card is
uniform on 17 ids; the sum is that of a random 3-subset of ``0..16``), so tests can check the
runner end to end with a chi-square test, and the float sum exercises the block-order merge of
floating-point statistics.

Statistics per block (all fixed shapes):

- ``first``: ``int64[17]``, count of each card id in the first place
- ``triple_sum``: ``int64[46]``, count of each sum ``0..45`` of the first three ids
- ``uniform_sum``: ``float64[1]``, sum of one ``uniform()`` draw per unit
"""

from __future__ import annotations

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_module
from headcount_lab.core.rng import partial_shuffle, uniform
from headcount_lab.core.runner import Job

DECK = 17
MAX_SUM = 3 * DECK - 6  # 14 + 15 + 16


@njit(nogil=True, cache=True)
def selftest_kernel(state, n_units, first, triple_sum, uniform_sum):
    """Run ``n_units`` units from ``state`` (``uint64[4]``, updated) into the ``out`` arrays:
    ``first`` int64[17], ``triple_sum`` int64[46], ``uniform_sum`` float64[1]."""
    deck = np.arange(DECK).astype(np.int8)
    for _ in range(n_units):
        partial_shuffle(state, deck, 3)
        first[deck[0]] += 1
        triple_sum[np.int64(deck[0]) + np.int64(deck[1]) + np.int64(deck[2])] += 1
        uniform_sum[0] += uniform(state)


def selftest_block(state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
    first = np.zeros(DECK, dtype=np.int64)
    triple = np.zeros(MAX_SUM + 1, dtype=np.int64)
    usum = np.zeros(1, dtype=np.float64)
    selftest_kernel(state, n_units, first, triple, usum)
    return {"first": first, "triple_sum": triple, "uniform_sum": usum}


def warmup() -> None:
    selftest_block(np.array([1, 2, 3, 4], dtype=np.uint64), 1)


def selftest_job(units: int, block_size: int = 1 << 16) -> Job:
    """The self-test job; a factory in the sense of :mod:`headcount_lab.core.runner`."""
    return Job(
        name="selftest",
        params={"units": units, "block_size": block_size},
        units=units,
        block_size=block_size,
        block_fn=selftest_block,
        warmup=warmup,
        factory=f"{__name__}:selftest_job",
        unit="draws",
    )


track_module(globals())  # every cached function here is keyed on the files it reaches
