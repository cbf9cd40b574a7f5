"""Run a job in blocks and merge the blocks' sufficient statistics.

Every simulation command builds a :class:`Job` and hands it to :func:`run`. A job is ``units``
units of work (hands, games, matches) cut into blocks of ``block_size`` units; block ``b`` draws
from the stream :func:`headcount_lab.core.rng.block_state` ``(seed, b)`` and returns a dict of
numpy arrays (counts, sums, histograms). Blocks are merged by adding their arrays in block order,
so a result depends only on ``(job, seed)``, never on how the blocks were scheduled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from headcount_lab.core.rng import block_state

#: ``block_fn(state, n_units) -> {name: array}``: run ``n_units`` units from a ``uint64[4]`` state.
BlockFn = Callable[[np.ndarray, int], dict[str, np.ndarray]]


@dataclass(frozen=True)
class Job:
    """What to run. ``params`` is JSON-able and identifies the job (with the seed) on resume."""

    name: str
    params: Mapping[str, Any]
    units: int
    block_size: int
    block_fn: BlockFn
    warmup: Callable[[], None] = field(default=lambda: None)

    def __post_init__(self) -> None:
        if self.units <= 0:
            raise ValueError(f"the number of units must be positive, got {self.units}")
        if self.block_size <= 0:
            raise ValueError(f"block size must be positive, got {self.block_size}")

    @property
    def n_blocks(self) -> int:
        return -(-self.units // self.block_size)

    def block_units(self, block: int) -> int:
        """Units in block ``block``: all full but the last."""
        start = block * self.block_size
        return min(self.block_size, self.units - start)


def run_block(job: Job, seed: int, block: int) -> dict[str, np.ndarray]:
    return job.block_fn(block_state(seed, block), job.block_units(block))


def merge(into: dict[str, np.ndarray] | None, part: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Add ``part`` into ``into`` (which may be ``None``); keys and shapes must agree."""
    if into is None:
        return {k: np.array(v, copy=True) for k, v in part.items()}
    if into.keys() != part.keys():
        raise ValueError(f"blocks disagree on their keys: {sorted(into)} vs {sorted(part)}")
    for k, v in part.items():
        into[k] += v
    return into


def run(job: Job, seed: int) -> dict[str, np.ndarray]:
    """Run every block of ``job`` in this thread and return the merged statistics."""
    job.warmup()
    total: dict[str, np.ndarray] | None = None
    for b in range(job.n_blocks):
        total = merge(total, run_block(job, seed, b))
    assert total is not None
    return total
