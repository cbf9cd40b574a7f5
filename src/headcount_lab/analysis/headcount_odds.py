"""Tidy tables of the exact Headcount odds, for the report and for anyone with pandas.

Every number comes from :mod:`headcount_lab.games.headcount.exact`; nothing is simulated.

- :func:`prior_table`: P(total = t) and P(total >= t) with nothing seen, per player count and
  variant (what a seat knows before looking around the table);
- :func:`safe_bid_table`: mean, median and the highest bids that survive a call with chance at
  least 50 / 75 / 90 % for those distributions;
- :func:`safe_bid_by_sight_table`: the same safe bids from a real seat's view (the other players'
  foreheads seen, no peek), summarised by the sum of the values the seat sees.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from headcount_lab.games.headcount.exact import (
    SAFE_LEVELS,
    belief_table,
    median_total,
    safe_bid,
    survival,
    total_distribution,
)
from headcount_lab.games.headcount.rules import N_NUMBER, PLAYERS_MAX, PLAYERS_MIN, VALUES

PLAYERS = tuple(range(PLAYERS_MIN, PLAYERS_MAX + 1))
VARIANTS = {"standard": False, "double": True}


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _level_column(level: float) -> str:
    return f"safe_bid_{round(level * 100)}"


def prior_table(players: tuple[int, ...] = PLAYERS) -> pd.DataFrame:
    """One row per (variant, players, total): probability, P(total >= total), exact fractions."""
    rows = []
    for variant, double in VARIANTS.items():
        for n in players:
            dist = total_distribution([], n + 1, double)
            at_least = survival(dist)
            for t, p in sorted(dist.items()):
                rows.append(
                    {
                        "variant": variant,
                        "players": n,
                        "total": t,
                        "probability": float(p),
                        "fraction": _frac(p),
                        "p_at_least": float(at_least[t]),
                        "fraction_at_least": _frac(at_least[t]),
                    }
                )
    return pd.DataFrame(rows)


def safe_bid_table(players: tuple[int, ...] = PLAYERS) -> pd.DataFrame:
    """One row per (variant, players) with nothing seen: mean, median and the safe bids."""
    rows = []
    for variant, double in VARIANTS.items():
        for n in players:
            dist = total_distribution([], n + 1, double)
            row: dict[str, object] = {
                "variant": variant,
                "players": n,
                "mean": float(sum(t * p for t, p in dist.items())),
                "median": median_total(dist),
            }
            for level in SAFE_LEVELS:
                row[_level_column(level)] = safe_bid(dist, level)
            rows.append(row)
    return pd.DataFrame(rows)


def view_safe_bids(double: bool, n_known: int, n_unknown: int, level: float) -> np.ndarray:
    """int64[rows]: for every view of the belief table, the highest bid that survives a call
    with chance at least ``level`` (sf is non-increasing, so it is the last column >= level)."""
    table = belief_table(double, n_known, n_unknown)
    # sf is an exact integer count divided once, correctly rounded, and rounding is monotone:
    # comparing floats gives the same answer as comparing the exact fractions with the level
    reach = (table.sf[:, :-1] >= level).sum(axis=1)
    return table.lo + reach - 1


def safe_bid_by_sight_table(players: tuple[int, ...] = PLAYERS) -> pd.DataFrame:
    """Safe bids from each seat's view before peeking, grouped by the sum of the number-card
    values the seat sees. Views showing a special card (A♠, JK, X2) are left out: their safe
    bids do not follow the visible sum. Columns: variant, players, visible_sum, views, and the
    median safe bid per level over the views with that sum."""
    frames = []
    for variant, double in VARIANTS.items():
        for n in players:
            table = belief_table(double, n - 1, 2)
            masks = table.masks
            bits = (masks[:, None] >> np.arange(VALUES.size)) & 1
            plain = bits[:, N_NUMBER:].sum(axis=1) == 0
            frame = pd.DataFrame({"visible_sum": (bits * VALUES).sum(axis=1)})
            for level in SAFE_LEVELS:
                frame[_level_column(level)] = view_safe_bids(double, n - 1, 2, level)
            frame = frame[plain]
            grouped = frame.groupby("visible_sum")
            out = grouped.median().astype(float)
            out.insert(0, "views", grouped.size())
            out = out.reset_index()
            out.insert(0, "players", n)
            out.insert(0, "variant", variant)
            frames.append(out)
    return pd.concat(frames, ignore_index=True)
