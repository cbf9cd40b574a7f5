"""Tidy tables of the exact Headcount odds, for the report and for anyone with pandas.

Every number comes from :mod:`headcount_lab.games.headcount.exact`; nothing is simulated.

- :func:`safe_bid_table`: mean, median and the highest bids that survive a call with chance at
  least 50 / 75 / 90 % with nothing seen;
- :func:`safe_bids_by_view_table`: the same safe bids from each seat's view, by the sum of the
  number cards it sees;
- :func:`call_odds_by_gap_table`, :func:`call_threshold_table` and
  :func:`far_from_estimates_table`: the call odds and the surprise rate of questions 2 and 5.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from headcount_lab.core.report import fraction
from headcount_lab.games.headcount.exact import (
    SAFE_LEVELS,
    belief_table,
    far_counts,
    median_total,
    safe_bid,
    total_distribution,
)
from headcount_lab.games.headcount.rules import (
    N_NUMBER,
    PLAYERS_MAX,
    PLAYERS_MIN,
    VALUES,
)

PLAYERS = tuple(range(PLAYERS_MIN, PLAYERS_MAX + 1))
VARIANTS = {"standard": False, "double": True}


def _level_column(level: float) -> str:
    return f"safe_bid_{round(level * 100)}"


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


# --------------------------------------------------------------------------- views by category

#: special cards a view can show, in the order their names are joined (``A♠+JK``)
SPECIALS = ((15, "A♠"), (16, "JK"), (17, "X2"))


def _view_frame(double: bool, n_known: int) -> tuple[pd.DataFrame, np.ndarray]:
    """Per row of the ``n_known``-card belief tables: the sum of the number-card values known
    and the special cards among them (``none``, ``A♠``, ``JK``, ``A♠+JK``, ...)."""
    masks = belief_table(double, n_known, 1).masks  # same rows for any n_unknown
    bits = (masks[:, None] >> np.arange(VALUES.size)) & 1
    labels = np.full(masks.size, "", dtype=object)
    for cid, name in SPECIALS:
        has = bits[:, cid] == 1
        labels[has] = [f"{s}+{name}" if s else name for s in labels[has]]
    labels[labels == ""] = "none"
    frame = pd.DataFrame({"visible_sum": (bits[:, :N_NUMBER] * VALUES[:N_NUMBER]).sum(axis=1)})
    frame["special_seen"] = labels
    return frame, masks


def safe_bids_by_view_table(players: tuple[int, ...] = PLAYERS) -> pd.DataFrame:
    """Question 1: the bids that are 50/75/90 % safe from a seat's view, by player count, the
    number-card sum the seat sees, the special cards it sees (A♠, JK, X2) and whether it peeked
    (a peek adds the hidden card to what it sees). Each row summarises the views with the same
    (visible sum, specials): ``views`` of them, the median safe bid per level and the lowest and
    highest 75 % safe bid among them. Every value is exact (belief tables)."""
    frames = []
    for variant, double in VARIANTS.items():
        for n in players:
            for peeked in (False, True):
                n_known, n_unknown = (n, 1) if peeked else (n - 1, 2)
                frame, _ = _view_frame(double, n_known)
                for level in SAFE_LEVELS:
                    frame[_level_column(level)] = view_safe_bids(double, n_known, n_unknown, level)
                grouped = frame.groupby(["special_seen", "visible_sum"])
                out = grouped[[_level_column(lv) for lv in SAFE_LEVELS]].median().astype(float)
                out.insert(0, "views", grouped.size())
                out["lowest_75"] = grouped["safe_bid_75"].min()
                out["highest_75"] = grouped["safe_bid_75"].max()
                out = out.reset_index()
                out.insert(0, "peeked", peeked)
                out.insert(0, "players", n)
                out.insert(0, "variant", variant)
                frames.append(out)
    return pd.concat(frames, ignore_index=True)


#: gaps (last bid minus the visible number-card sum) covered by the call-odds table
GAPS = tuple(range(-10, 41))


def call_odds_by_gap_table(
    players: tuple[int, ...] = PLAYERS, gaps: tuple[int, ...] = GAPS
) -> pd.DataFrame:
    """Question 2: P(a call wins) from the caller's view (not peeked), by player count, the
    specials it sees and the gap between the last bid and the number-card sum it sees. Views
    are dealt equally often, so the chance is the plain average over the views with that
    (specials, gap); it is exact: ``fraction`` = winning completions / all completions. A call
    wins when the total is below the bid (H6)."""
    rows = []
    for variant, double in VARIANTS.items():
        for n in players:
            table = belief_table(double, n - 1, 2)
            frame, _ = _view_frame(double, n - 1)
            # below[r, t] = completions with total < lo + t (integer, exact)
            width = table.weights.shape[1]
            below = np.zeros((table.weights.shape[0], width + 1), dtype=np.int64)
            below[:, 1:] = np.cumsum(table.weights, axis=1)
            den = int(table.denominators[0])
            for special, group in frame.groupby("special_seen"):
                idx = group.index.to_numpy()
                vis = group["visible_sum"].to_numpy()
                for g in gaps:
                    t = np.clip(vis + g - table.lo, 0, width)
                    wins = int(below[idx, t].sum())
                    p = Fraction(wins, den * idx.size)
                    rows.append(
                        {
                            "variant": variant,
                            "players": n,
                            "special_seen": special,
                            "gap": g,
                            "views": idx.size,
                            "p_call_wins": float(p),
                            "fraction": fraction(p),
                        }
                    )
    return pd.DataFrame(rows)


def call_threshold_table(call_odds: pd.DataFrame, level: float = 0.5) -> pd.DataFrame:
    """The smallest gap at which a call wins with chance above ``level``, per variant, player
    count and specials seen: the exact "call when the bid is this far above what you see"."""
    above = call_odds[call_odds["p_call_wins"] > level]
    out = above.groupby(["variant", "players", "special_seen"], as_index=False)["gap"].min()
    return out.rename(columns={"gap": f"call_gap_{round(level * 100)}"})


def far_from_estimates_table(players: tuple[int, ...] = PLAYERS) -> pd.DataFrame:
    """Exact chance, per variant, player count and with or without the hidden card, that the
    total ends more than ``FAR`` points away from every seat's expected total (each seat's
    exact mean from what it sees, before peeking), and more than ``FAR_SD`` of each seat's
    standard deviations away: how often the count surprises the whole table. Double doubles
    every distance, so the second measure is the one that compares the variants fairly.
    ``at_edge``: deals whose total is exactly ``FAR`` from the nearest expectation (not far)."""
    rows = []
    for variant, double in VARIANTS.items():
        for n in players:
            for hidden_on in (True, False):
                out = far_counts(double, n, hidden_on)
                p = Fraction(int(out[1]), int(out[0]))
                p_sd = Fraction(int(out[2]), int(out[0]))
                rows.append(
                    {
                        "variant": variant,
                        "players": n,
                        "hidden_card": hidden_on,
                        "deals": int(out[0]),
                        "p_far": float(p),
                        "fraction": fraction(p),
                        "at_edge": int(out[3]),
                        "p_far_sd": float(p_sd),
                        "fraction_sd": fraction(p_sd),
                    }
                )
    return pd.DataFrame(rows)
