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
