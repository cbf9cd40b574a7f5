"""The ``cheap+`` face-up table as the bots read it: ``data/faceup.json`` in this package,
loaded once (:func:`table`). The table is learned and written by the research layer
(:mod:`headcount_lab.research.poohead.faceup`, run by ``scripts/poohead_faceup_table.py``); the
bots only read it, so no game module imports the trainer.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

import numpy as np

from headcount_lab.games.poohead.rules import N_RANKS, PLAYERS_MAX, PLAYERS_MIN

TRIPLES = [(a, b, c) for a in range(N_RANKS) for b in range(a, N_RANKS) for c in range(b, N_RANKS)]
#: data files, relative to this module's folder, whose numbers the jitted agents freeze into
#: machine code: core.jitcache keys their cache on these files' bytes as on source files, so a
#: new table recompiles the agents (a literal: jitcache reads it without importing the module)
JIT_DATA = ("data/faceup.json",)
#: the learned table (pyproject.toml ships it as package data)
DATA = JIT_DATA[0]
#: decimals of a written value (the estimates are good to about 0.001)
DECIMALS = 4


def _data_text() -> str:
    return files(__package__).joinpath(*DATA.split("/")).read_text(encoding="utf-8")


@cache
def document() -> dict[str, Any]:
    """The table's file as written by :func:`write_table`: ``command``, ``games``, ``seed``,
    ``prior`` and ``values`` (a list of 455 floats per player count, keyed ``"2"``..``"4"``)."""
    doc: dict[str, Any] = json.loads(_data_text())
    return doc


@cache
def table() -> np.ndarray:
    """P(Poohead) by player count and face-up triple: float64[players - PLAYERS_MIN, triple]
    (:data:`TRIPLES` order, shape (3, 455)), read-only, read from :data:`DATA` once."""
    values = document()["values"]
    t = np.array([values[str(n)] for n in range(PLAYERS_MIN, PLAYERS_MAX + 1)], dtype=np.float64)
    t.setflags(write=False)
    return t
