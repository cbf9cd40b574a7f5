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
from numba import njit

from headcount_lab.core.exact import subsets_of_size
from headcount_lab.core.jitcache import track_module
from headcount_lab.core.report import fraction
from headcount_lab.games.headcount.exact import (
    FAR,
    SAFE_LEVELS,
    belief_table,
    median_total,
    safe_bid,
    total_distribution,
)
from headcount_lab.games.headcount.rules import (
    N_NUMBER,
    PLAYERS_MAX,
    PLAYERS_MIN,
    VALUES,
    count_kernel,
    deck_size,
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
    players: tuple[int, ...] = PLAYERS, gaps: tuple[int, ...] = GAPS, tie_goes_to: str = "bidder"
) -> pd.DataFrame:
    """Question 2: P(a call wins) from the caller's view (not peeked), by player count, the
    specials it sees and the gap between the last bid and the number-card sum it sees. Views
    are dealt equally often, so the chance is the plain average over the views with that
    (specials, gap); it is exact: ``fraction`` = winning completions / all completions. A call
    wins when the total is below the bid (H6), or at most the bid with ``tie_goes_to=caller``."""
    shift = 1 if tie_goes_to == "caller" else 0
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
                    t = np.clip(vis + g + shift - table.lo, 0, width)
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


# --------------------------------------------------------------------------- surprises

#: a total "far from everyone's estimate" differs by more than :data:`.exact.FAR` points from
#: every seat's expected total (its exact mean from its own view, no peek)
#: ... or, in units of each seat's own standard deviation (from its view), by more than this
FAR_SD = 1


@njit(nogil=True, cache=True)
def _far_counts(deal_masks, n_deck, hidden_on, row_of, num, den, var_num, far, far_sd, out):
    """Over every deal (``deal_masks``: int64 forehead sets; then every hidden card and draw-pile
    top, each equally likely): ``out[0]`` deals, ``out[1]`` deals whose total is more than ``far``
    points from every seat's expected total, ``out[2]`` deals whose total is more than ``far_sd``
    of that seat's standard deviations from every seat's expected total, ``out[3]`` deals whose
    total is exactly ``far`` from the nearest seat's expectation.

    Exact integer arithmetic: the view ``r`` of a seat has expected total ``num[r] / den[r]`` and
    variance ``var_num[r] / den[r]**2`` (int64), so ``|total - mean| <= far`` is
    ``|total * den - num| <= far * den`` and ``|total - mean| <= far_sd * sd`` is
    ``(total * den - num)**2 <= far_sd**2 * var_num``: no rounding decides a deal at the edge."""
    cards = np.empty(n_deck, np.int64)
    seats = np.empty(n_deck, np.int64)
    for r in range(deal_masks.shape[0]):
        m = deal_masks[r]
        k = 0
        for c in range(n_deck):
            if (m >> c) & 1:
                seats[k] = c
                k += 1
        for h in range(n_deck if hidden_on else 1):
            if hidden_on and (m >> h) & 1:
                continue
            n_in = k
            for i in range(k):
                cards[i] = seats[i]
            if hidden_on:
                cards[k] = h
                n_in = k + 1
            for d in range(n_deck):
                if (m >> d) & 1 or (hidden_on and d == h):
                    continue
                total = count_kernel(cards, n_in, d)
                close = False
                close_sd = False
                edge = False
                for i in range(k):
                    row = row_of[m & ~(np.int64(1) << np.int64(seats[i]))]
                    dist = abs(total * den[row] - num[row])
                    if dist <= far * den[row]:
                        close = True
                        if dist == far * den[row]:
                            edge = True
                    if dist * dist <= far_sd * far_sd * var_num[row]:
                        close_sd = True
                out[0] += 1
                if not close:
                    out[1] += 1
                if not close_sd:
                    out[2] += 1
                if edge:
                    out[3] += 1


def far_from_estimates_table(players: tuple[int, ...] = PLAYERS) -> pd.DataFrame:
    """Exact chance, per variant, player count and with or without the hidden card, that the
    total ends more than :data:`FAR` points away from every seat's expected total (each seat's
    exact mean from what it sees, before peeking), and more than :data:`FAR_SD` of each seat's
    standard deviations away: how often the count surprises the whole table. Double doubles
    every distance, so the second measure is the one that compares the variants fairly.
    ``at_edge``: deals whose total is exactly :data:`FAR` from the nearest expectation (not far)."""
    rows = []
    for variant, double in VARIANTS.items():
        n_deck = deck_size(double)
        for n in players:
            for hidden_on in (True, False):
                table = belief_table(double, n - 1, 2 if hidden_on else 1)
                num, den, var_num = table.moments()
                deal_masks, _ = subsets_of_size(n_deck, n)
                out = np.zeros(4, np.int64)
                _far_counts(deal_masks, n_deck, hidden_on, table.row_of_mask, num, den, var_num,
                            FAR, FAR_SD, out)  # fmt: skip
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


track_module(globals())  # every cached function here is keyed on the files it reaches
