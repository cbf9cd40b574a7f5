"""Seat rotation and the per-bot / per-seat summaries of a tournament, for every game.

A tournament seats one bot per seat. Seat luck (who starts, who deals) is removed either by
playing each deal in every distinct seat order (:func:`seat_orders`, Headcount) or by turning the
table one seat per match (:func:`rotated`, Forehead Whist). The summaries count wins per
``[seat, slot]`` and turn them into rates with Wilson 95% intervals.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from headcount_lab.core.stats import wilson


def seat_orders(specs: Sequence[Hashable], rotate: bool) -> list[tuple[int, ...]]:
    """Seat orders, each the slot sitting in every seat. Without rotation the bots sit as
    listed; with it, every distinct arrangement of the specs once (equal specs are
    interchangeable, so four copies of one bot give one order, not 24)."""
    n = len(specs)
    if not rotate:
        return [tuple(range(n))]
    seen: set[tuple[Hashable, ...]] = set()
    out = []
    for perm in itertools.permutations(range(n)):
        key = tuple(specs[i] for i in perm)
        if key not in seen:
            seen.add(key)
            out.append(perm)
    return out


def rotated(slots: Sequence[Any], match: int, rotate: bool) -> list[Any]:
    """Who sits where in match ``match`` when the table turns one seat per match: seat ``s``
    holds ``slots[(s - match) % n]`` (the bots as listed in match 0)."""
    n = len(slots)
    shift = match % n if rotate else 0
    return [slots[(s - shift) % n] for s in range(n)]


def rate(k: int, n: int) -> dict[str, Any]:
    """``{"wins", "games", "rate", "ci95"}`` with a Wilson 95% interval."""
    p, lo, hi = wilson(k, n)
    return {"wins": k, "games": n, "rate": p, "ci95": [lo, hi]}


def distinct(specs: Sequence[Hashable]) -> dict[Hashable, list[int]]:
    """Each distinct spec (first-seen order) and the slots it holds."""
    out: dict[Hashable, list[int]] = {}
    for i, s in enumerate(specs):
        out.setdefault(s, []).append(i)
    return out


def per_seat(wins: np.ndarray, games: int) -> list[dict[str, Any]]:
    """Win rate of each seat, whoever sat there (``wins``: int[seat, slot])."""
    return [rate(int(wins[s].sum()), games) for s in range(wins.shape[0])]


def per_bot_by_seat(wins: np.ndarray, seated: np.ndarray, slots: list[int]) -> list[dict]:
    """Win rate of the bot holding ``slots`` in each seat (``wins``, ``seated``: int[seat,
    slot])."""
    return [
        rate(int(wins[s, slots].sum()), int(seated[s, slots].sum())) for s in range(wins.shape[0])
    ]
