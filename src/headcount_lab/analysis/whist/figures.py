"""Charts of the Forehead Whist report, each built from a tidy table with ``.plot(ax=None)``.

One style for all of them: Okabe & Ito's colour-blind-safe palette, readable type, labelled
axes with units, 95% intervals drawn as error bars (exact values have none). matplotlib is
imported inside the methods only (no pyplot, no global state), and axes come from
:func:`headcount_lab.analysis.headcount.figures.new_axes`.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from headcount_lab.analysis.headcount.figures import (
    MARKERS,
    PALETTE,
    error_lengths,
    finish_axes,
    new_axes,
    styled,
)


def _errors(rows: pd.DataFrame, y: str, ci: bool) -> Any:
    """Error-bar lengths from the columns ``{y}_lo`` and ``{y}_hi`` (``None`` if not ``ci``)."""
    return error_lengths(rows[y], rows[f"{y}_lo"], rows[f"{y}_hi"]) if ci else None


@dataclass(frozen=True)
class CILineChart:
    """``y`` against ``x``, one line per value of ``group``, with the 95% intervals in columns
    ``{y}_lo`` .. ``{y}_hi`` as error bars (none if not ``ci``), and a line at zero."""

    data: pd.DataFrame
    x: str
    y: str
    group: str
    xlabel: str
    ylabel: str
    title: str = ""
    group_label: str = "{}"
    ci: bool = True
    zero_line: bool = True

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                _, ax = new_axes()
            groups = list(self.data.groupby(self.group, sort=True))
            for i, (g, rows) in enumerate(groups):
                rows = rows.sort_values(self.x)
                # small sideways offsets keep the error bars of neighbouring lines apart
                dx = (i - (len(groups) - 1) / 2) * 0.08
                ax.errorbar(
                    rows[self.x] + dx,
                    rows[self.y],
                    yerr=_errors(rows, self.y, self.ci),
                    color=PALETTE[i % len(PALETTE)],
                    marker=MARKERS[i % len(MARKERS)],
                    capsize=3,
                    label=self.group_label.format(g),
                )
            if self.zero_line:
                ax.axhline(0, color="grey", linewidth=0.8)
            return finish_axes(ax, self.xlabel, self.ylabel, self.title, "best")


@dataclass(frozen=True)
class CIBarChart:
    """Horizontal bars of ``y`` for each ``category``, grouped by ``group`` (one colour each),
    with the 95% intervals in ``{y}_lo`` .. ``{y}_hi`` (none if not ``ci``: exact values)."""

    data: pd.DataFrame
    category: str
    y: str
    xlabel: str
    ylabel: str
    group: str | None = None
    title: str = ""
    group_label: str = "{}"
    ci: bool = True

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                _, ax = new_axes()
            cats = list(dict.fromkeys(self.data[self.category]))
            groups = (
                [(None, self.data)]
                if self.group is None
                else list(self.data.groupby(self.group, sort=False))
            )
            height = 0.8 / len(groups)
            for i, (g, rows) in enumerate(groups):
                pos = [
                    cats.index(c) + (i - (len(groups) - 1) / 2) * height
                    for c in rows[self.category]
                ]
                ax.barh(
                    pos,
                    rows[self.y],
                    height=height * 0.9,
                    xerr=_errors(rows, self.y, self.ci),
                    color=PALETTE[i % len(PALETTE)],
                    capsize=3,
                    label=None if g is None else self.group_label.format(g),
                )
            ax.set_yticks(range(len(cats)), [str(c) for c in cats])
            ax.invert_yaxis()
            ax.axvline(0, color="grey", linewidth=0.8)
            legend = "best" if self.group is not None else None
            return finish_axes(ax, self.xlabel, self.ylabel, self.title, legend)


@dataclass(frozen=True)
class TipChart:
    """A printable page of tips: a title and blocks of ``(heading, lines)``, with a footer
    naming the command the numbers come from."""

    title: str
    blocks: list[tuple[str, list[str]]]
    footer: str = ""
    width: int = 88
    sizes: dict[str, float] = field(default_factory=lambda: {"title": 20, "head": 14, "text": 11})

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                _, ax = new_axes(size=(8.27, 11.69))  # A4 portrait, inches
            ax.set_axis_off()
            ax.set_xlim(0, 1)
            ax.set_ylim(0, 1)
            y = 0.97
            ax.text(0.0, y, self.title, fontsize=self.sizes["title"], weight="bold", va="top")
            y -= 0.06
            for i, (head, lines) in enumerate(self.blocks):
                ax.text(
                    0.0,
                    y,
                    head,
                    fontsize=self.sizes["head"],
                    weight="bold",
                    color=PALETTE[i % len(PALETTE)],
                    va="top",
                )
                y -= 0.035
                for line in lines:
                    wrapped = textwrap.wrap(line, self.width)
                    ax.text(
                        0.02, y, "• " + "\n   ".join(wrapped), fontsize=self.sizes["text"], va="top"
                    )
                    y -= 0.022 * len(wrapped) + 0.008
                y -= 0.02
            if self.footer:
                ax.text(0.0, 0.0, self.footer, fontsize=8, color="grey", va="bottom")
            return ax
