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

from headcount_lab.core.stats import DIFFERENCE, cluster_wilson, paired, wilson


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


def rate(k: int, n: int, sq: int | None = None, deals: int = 0) -> dict[str, Any]:
    """``{"wins", "games", "rate", "ci95"}`` with a Wilson 95% interval; given the deals the
    games come from and the sum of squares ``sq`` of each deal's wins, the deal is the unit
    (:func:`~headcount_lab.core.stats.cluster_wilson`). Without games (a bot that never sat in
    a seat) the rate and interval are None."""
    if n == 0:
        return {"wins": k, "games": n, "rate": None, "ci95": None}
    p, lo, hi = wilson(k, n) if sq is None else cluster_wilson(k, n, sq, deals)
    return {"wins": k, "games": n, "rate": p, "ci95": [lo, hi]}


def paired_difference(
    wins: np.ndarray,
    seated: np.ndarray,
    slot_sq: np.ndarray,
    a: list[int],
    b: list[int],
    deals: int,
) -> dict[str, Any]:
    """Win rate of the bot holding slots ``a`` minus that of the bot holding ``b`` with a 95%
    interval that takes the deal as the unit and pairs the two bots within it: per deal the
    difference of their win rates over the deal's games (every seat order), whose noise from
    the cards they share cancels; ``slot_sq`` (int[slot, slot]) holds the per-deal products of
    the slots' wins (:func:`rate`). ``{"difference", "ci95"}``; needs the same number of games
    of each bot in every deal (seats rotated, or one game a deal). One deal gives no interval
    (``None``), and the interval stays within [-1, 1]."""
    ka, kb = int(wins[:, a].sum()), int(wins[:, b].sum())
    ga, gb = int(seated[:, a].sum()) / deals, int(seated[:, b].sum()) / deals  # games a deal
    sq_aa = int(slot_sq[np.ix_(a, a)].sum())
    sq_bb = int(slot_sq[np.ix_(b, b)].sum())
    sq_ab = int(slot_sq[np.ix_(a, b)].sum())
    diff_sq = sq_aa / ga**2 + sq_bb / gb**2 - 2 * sq_ab / (ga * gb)
    est = paired(ka / ga, kb / gb, diff_sq, deals, bounds=DIFFERENCE)
    return {"difference": est.value, "ci95": est.ci_json}


def distinct(specs: Sequence[Hashable]) -> dict[Hashable, list[int]]:
    """Each distinct spec (first-seen order) and the slots it holds."""
    out: dict[Hashable, list[int]] = {}
    for i, s in enumerate(specs):
        out.setdefault(s, []).append(i)
    return out


def per_seat(
    wins: np.ndarray, games: int, seat_sq: np.ndarray | None = None, deals: int = 0
) -> list[dict[str, Any]]:
    """Win rate of each seat, whoever sat there (``wins``: int[seat, slot]); with ``seat_sq``
    (int[seat, slot, slot], the per-deal products of wins, see :func:`rate`) by deal."""
    return [
        rate(int(wins[s].sum()), games, None if seat_sq is None else int(seat_sq[s].sum()), deals)
        for s in range(wins.shape[0])
    ]


def per_bot_by_seat(
    wins: np.ndarray,
    seated: np.ndarray,
    slots: list[int],
    seat_sq: np.ndarray | None = None,
    deals: int = 0,
) -> list[dict]:
    """Win rate of the bot holding ``slots`` in each seat (``wins``, ``seated``: int[seat,
    slot]); with ``seat_sq`` (as in :func:`per_seat`) by deal."""
    ix = np.ix_(slots, slots)
    return [
        rate(
            int(wins[s, slots].sum()),
            int(seated[s, slots].sum()),
            None if seat_sq is None else int(seat_sq[s][ix].sum()),
            deals,
        )
        for s in range(wins.shape[0])
    ]
