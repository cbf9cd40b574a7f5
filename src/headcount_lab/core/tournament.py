"""What a game's ``simulate`` hands the CLI: a runner job, and how to summarise and record it.

Each game's ``tournament(rules, bots, players, games, rotate, seed)`` factory (named in its
:class:`~headcount_lab.games.GameSpec`) parses the bots with its
:class:`~headcount_lab.core.botspec.BotMenu`, builds its :class:`~headcount_lab.core.runner.Job`
and returns a :class:`Tournament`. The generic ``GAME simulate`` command validates the common
options, runs the job through the runner, and calls back for the summary and the record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from headcount_lab.core.runner import Job


@dataclass(frozen=True)
class Tournament:
    job: Job
    #: (merged statistics, seed) -> the JSON-able summary ``simulate --json`` prints
    summarize: Callable[[dict[str, np.ndarray], int], dict[str, Any]]
    #: (seed, k) -> a record (core.record envelope) of the run's first ``k`` units, as played
    record: Callable[[int, int], dict[str, Any]]
    #: the most units ``--record`` may take
    record_limit: int


@dataclass(frozen=True)
class KernelBlock:
    """A block of games played by a game's ``kernels.run_block(state, n_units, rules, ids,
    params, rotate)``: plain arrays and the module's name, so a job pickles by reference and
    travels to Dask workers as well as running on the local thread pool."""

    kernels: str  #: the module, e.g. ``"headcount_lab.games.whist.kernels"``
    rules: np.ndarray
    ids: np.ndarray
    params: np.ndarray
    rotate: bool

    def __call__(self, state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        import importlib

        run_block = importlib.import_module(self.kernels).run_block
        return run_block(state, n_units, self.rules, self.ids, self.params, self.rotate)  # type: ignore[no-any-return]

    def warmup(self) -> None:
        from headcount_lab.core.rng import block_state

        self(block_state(0, 0), 1)


def run_kernel_block(
    kernel: Callable[..., Any],
    state: np.ndarray,
    n_units: int,
    rules: np.ndarray,
    ids: np.ndarray,
    params: np.ndarray,
    rotate: bool,
    record: np.ndarray | None,
    *,
    log_width: int,
    stats: Callable[[], dict[str, np.ndarray]],
    before: tuple[np.ndarray, ...] = (),
    after: Callable[[], tuple[np.ndarray, ...]] | None = None,
    check: Callable[..., Any] | None = None,
) -> dict[str, np.ndarray]:
    """The plain-Python side of every game's ``kernels.run_block``: an empty record
    (``int16[0, log_width]``) when none is asked for, the game's ``check(state, rules, ids,
    params, record)`` of what the kernel indexes, the statistics ``stats()`` allocates, then
    ``kernel(state, n_units, rules, ids, params, rotate, record, *before, out, *after())``
    where ``out`` is the tuple of the statistics' arrays in their dict order (the kernel unpacks
    it by name); returns the statistics."""
    if record is None:
        record = np.empty((0, log_width), dtype=np.int16)
    if check is not None:
        check(state, rules, ids, params, record)
    out = stats()
    kernel(state, n_units, rules, ids, params, rotate, record, *before, tuple(out.values()),
           *(after() if after is not None else ()))  # fmt: skip
    return out


def kernel_job(
    name: str,
    block: Any,
    params: dict[str, Any],
    units: int,
    block_size: int,
    unit: str = "games",
) -> Job:
    """The runner job of a game whose blocks are :class:`KernelBlock` calls (or a
    :class:`~headcount_lab.core.competent.MixedKernelBlock` of them)."""
    return Job(
        name=name,
        params=params,
        units=units,
        block_size=block_size,
        block_fn=block,
        warmup=block.warmup,
        unit=unit,
    )
