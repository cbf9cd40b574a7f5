"""Charts as objects built from tidy data, each with ``.plot(ax=None) -> Axes``.

matplotlib is imported inside the plotting methods only, so importing this module stays cheap.
Figures are made with ``matplotlib.figure.Figure`` (no pyplot, no global state, no backend).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

LEVEL_STYLES = {50: ":", 75: "--", 90: "-."}


def new_axes(ncols: int = 1, size: tuple[float, float] = (6.4, 4.2)) -> tuple[Any, Any]:
    """A fresh ``Figure`` and its axes (one or a row of ``ncols``)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(size[0] * ncols, size[1]), layout="constrained")
    return fig, fig.subplots(1, ncols)


@dataclass(frozen=True)
class SafeBidChart:
    """P(total >= bid) against the bid, one line per player count, with the chance levels of the
    safe bids marked. ``data``: the rows of :func:`~headcount_lab.analysis.headcount_odds.
    prior_table` for one variant (columns ``players``, ``total``, ``p_at_least``)."""

    data: pd.DataFrame
    title: str = ""

    def plot(self, ax: Any = None) -> Any:
        if ax is None:
            _, ax = new_axes()
        for n, rows in self.data.groupby("players"):
            rows = rows.sort_values("total")
            # a bid between two possible totals survives as often as the next total: steps
            ax.step(rows["total"], rows["p_at_least"], where="pre", label=f"{n} players")
        for level, style in LEVEL_STYLES.items():
            ax.axhline(level / 100, color="grey", linestyle=style, linewidth=0.8)
            ax.annotate(
                f"{level}%",
                (1.0, level / 100),
                xycoords=("axes fraction", "data"),
                ha="right",
                va="bottom",
                color="grey",
                fontsize=8,
            )
        ax.set_xlabel("bid")
        ax.set_ylabel("P(total ≥ bid): the bid survives a call")
        ax.set_ylim(0, 1.02)
        ax.grid(alpha=0.3)
        ax.legend(loc="lower left")
        if self.title:
            ax.set_title(self.title)
        return ax


@dataclass(frozen=True)
class SafeBidBySightChart:
    """The safe bid at ``level`` % against the sum of the forehead values a seat sees, one line
    per player count. ``data``: rows of :func:`~headcount_lab.analysis.headcount_odds.
    safe_bid_by_sight_table` for one variant (``players``, ``visible_sum``,
    ``safe_bid_<level>``)."""

    data: pd.DataFrame
    level: int = 75
    title: str = ""

    def plot(self, ax: Any = None) -> Any:
        if ax is None:
            _, ax = new_axes()
        column = f"safe_bid_{self.level}"
        for n, rows in self.data.groupby("players"):
            rows = rows.sort_values("visible_sum")
            ax.plot(rows["visible_sum"], rows[column], marker=".", label=f"{n} players")
        ax.set_xlabel("sum of the forehead values you see (no special card seen, no peek)")
        ax.set_ylabel(f"safe bid: survives a call with chance ≥ {self.level}%")
        ax.grid(alpha=0.3)
        ax.legend(loc="upper left")
        if self.title:
            ax.set_title(self.title)
        return ax
