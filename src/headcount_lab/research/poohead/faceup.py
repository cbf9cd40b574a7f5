"""The ``cheap+`` face-up table: which three cards belong face up, learned from our own games.

Method (trachwo's idea, under our rules): ``cheap`` bots play, except that one seat per game (it
moves round the table) puts three of its six visible cards face up at random. By that seat's
face-up triple (as a multiset of ranks: 455 of them), the share of games it ends as the Poohead
estimates how good the triple is; it is shrunk toward the seat's overall rate by ``PRIOR``
pseudo-games, so that rare triples (three 10s) do not swing on a handful of games. ``cheap+``
then chooses, of its 20 possible swaps, the one whose face-up triple has the lowest value.

The values are data, not code: ``games/poohead/data/faceup.json`` (read by
:func:`headcount_lab.games.poohead.faceup_table.table`),
written by :func:`write_table` from ``scripts/poohead_faceup_table.py`` (its command line, seed
and game count are in the file).
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from headcount_lab.games.poohead.faceup_table import DECIMALS
from headcount_lab.games.poohead.rules import PLAYERS_MAX, PLAYERS_MIN, PooheadRules

PRIOR = 50.0
BLOCK = 20_000


def _block(rules: np.ndarray, state: np.ndarray, games: int) -> dict[str, np.ndarray]:
    """One block's games and Poohead games by face-up triple."""
    from headcount_lab.games.poohead.agents import N_TRIPLES
    from headcount_lab.games.poohead.kernels import faceup_block

    out = {"games": np.zeros(N_TRIPLES, np.int64), "poohead": np.zeros(N_TRIPLES, np.int64)}
    faceup_block(state, games, rules, out["games"], out["poohead"])
    return out


def learn(players: int, games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(games, Poohead games) by face-up triple of the random-swapping seat, in blocks of
    :data:`BLOCK` games as a :mod:`~headcount_lab.core.runner` job (integer sums: the same on
    any number of workers); the Poohead report's question 3 runs it too."""
    from headcount_lab.core.runner import Job, run_chunked

    block_fn = partial(_block, PooheadRules(players=players).array())
    out = run_chunked(Job("poohead-faceup", {"players": players}, games, BLOCK, block_fn), seed)
    return out["games"], out["poohead"]


def values(n_games: np.ndarray, n_pooh: np.ndarray) -> np.ndarray:
    """P(Poohead) by triple, shrunk toward the overall rate by ``PRIOR`` pseudo-games."""
    base = n_pooh.sum() / max(1, n_games.sum())
    return (n_pooh + PRIOR * base) / (n_games + PRIOR)


def table_text(rows: dict[int, np.ndarray], games: int, seed: int, command: str) -> str:
    """The text of :data:`DATA` for the value ``rows`` by player count: JSON, each value with
    :data:`DECIMALS` decimals (``0.5655``, read back as the float of that literal), eight to a
    line so that a new table diffs by line."""
    about = "the cheap+ face-up table (research/poohead/faceup.py); generated, do not edit"
    head = {"about": about,
            "command": command, "games": games, "seed": seed, "prior": PRIOR}  # fmt: skip
    lines = ["{"] + [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    lines.append('  "values": {')
    for j, (n, v) in enumerate(rows.items()):
        chunks = [", ".join(f"{x:.{DECIMALS}f}" for x in v[i : i + 8]) for i in range(0, len(v), 8)]
        body = ",\n      ".join(chunks)
        lines.append(f'    "{n}": [\n      {body}\n    ]' + ("," if j < len(rows) - 1 else ""))
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


def write_table(path: Path, games: int, seed: int, command: str) -> dict[str, Any]:
    """Learn the tables for 2-4 players and write them to ``path`` (:func:`table_text`)."""
    rows = {}
    counts = {}
    rates = {}
    for n in range(PLAYERS_MIN, PLAYERS_MAX + 1):
        g, p = learn(n, games, seed)
        rows[n] = values(g, p)
        counts[n] = int(g.sum())
        rates[n] = float(p.sum() / g.sum())
    path.write_text(table_text(rows, games, seed, command), encoding="utf-8")
    return {"games_counted": counts, "random_swapper_poohead_rate": rates, "path": str(path)}
