"""The ``cheap+`` face-up table: which three cards belong face up, learned from our own games.

Method (trachwo's idea, under our rules): ``cheap`` bots play, except that one seat per game (it
moves round the table) puts three of its six visible cards face up at random. By that seat's
face-up triple (as a multiset of ranks: 455 of them), the share of games it ends as the Poohead
estimates how good the triple is; it is shrunk toward the seat's overall rate by ``PRIOR``
pseudo-games, so that rare triples (three 10s) do not swing on a handful of games. ``cheap+``
then chooses, of its 20 possible swaps, the one whose face-up triple has the lowest value.

The values live in ``faceup_data.py``, written by ``scripts/poohead_faceup_table.py`` (its
command line, seed and game count are in that file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from headcount_lab.games.poohead.rules import N_RANKS, PLAYERS_MAX, PLAYERS_MIN, PooheadRules

TRIPLES = [(a, b, c) for a in range(N_RANKS) for b in range(a, N_RANKS) for c in range(b, N_RANKS)]
PRIOR = 50.0
BLOCK = 20_000


def learn(players: int, games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(games, Poohead games) by face-up triple of the random-swapping seat."""
    from headcount_lab.core.rng import block_state
    from headcount_lab.games.poohead.agents import N_TRIPLES
    from headcount_lab.games.poohead.kernels import faceup_block

    rules = PooheadRules(players=players).array()
    n_games = np.zeros(N_TRIPLES, dtype=np.int64)
    n_pooh = np.zeros(N_TRIPLES, dtype=np.int64)
    for b in range(-(-games // BLOCK)):
        k = min(BLOCK, games - b * BLOCK)
        faceup_block(block_state(seed, b), k, rules, n_games, n_pooh)
    return n_games, n_pooh


def values(n_games: np.ndarray, n_pooh: np.ndarray) -> np.ndarray:
    """P(Poohead) by triple, shrunk toward the overall rate by ``PRIOR`` pseudo-games."""
    base = n_pooh.sum() / max(1, n_games.sum())
    return (n_pooh + PRIOR * base) / (n_games + PRIOR)


def write_module(path: Path, games: int, seed: int, command: str) -> dict[str, Any]:
    """Learn the tables for 2-4 players and write them as ``faceup_data.py``."""
    rows = {}
    counts = {}
    rates = {}
    for n in range(PLAYERS_MIN, PLAYERS_MAX + 1):
        g, p = learn(n, games, seed)
        rows[n] = values(g, p)
        counts[n] = int(g.sum())
        rates[n] = float(p.sum() / g.sum())
    lines = [
        '"""The ``cheap+`` face-up table (see ``faceup.py``). Generated, do not edit:',
        "",
        f"    {command}",
        '"""',
        "",
        f"GAMES = {games}",
        f"SEED = {seed}",
        "#: P(Poohead) by face-up triple (``faceup.TRIPLES`` order), by number of players",
        "VALUES = {",
    ]
    for n, v in rows.items():
        lines.append(f"    {n}: (")
        for i in range(0, len(v), 8):
            lines.append("        " + " ".join(f"{x:.4f}," for x in v[i : i + 8]))
        lines.append("    ),")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {"games_counted": counts, "random_swapper_poohead_rate": rates, "path": str(path)}
