"""One chart style for every report, and the layout of a printable tip chart.

Charts are objects built from tidy data with ``.plot(ax=None) -> Axes``. matplotlib is imported
inside the functions only, so importing this module stays cheap, and figures are made with
``matplotlib.figure.Figure`` (no pyplot, no global state, no backend). The games' chart objects
(``analysis/<game>/figures.py``) draw with :func:`styled`, :func:`new_axes` and
:func:`finish_axes`, and the shapes several games draw live here: :class:`CILineChart` (an
estimate against x, one line per group) and :class:`CIBarChart` (horizontal bars by category),
both with their 95% intervals as error bars. Labels are passed in from the report's text.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

#: Okabe & Ito's palette, told apart with every common colour-vision deficiency
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")
MARKERS = ("o", "s", "^", "D", "v", "P")

#: one style for every chart: readable fonts, light grid, the palette above
STYLE: dict[str, Any] = {
    "font.size": 11,
    "axes.titlesize": 12,
    "axes.labelsize": 11,
    "legend.fontsize": 10,
    "xtick.labelsize": 10,
    "ytick.labelsize": 10,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "lines.linewidth": 2.0,
    "lines.markersize": 5,
    "savefig.dpi": 120,
}


_depth = [0]


@contextmanager
def styled(**extra: Any) -> Iterator[None]:
    """matplotlib settings of :data:`STYLE` (plus ``extra``) for the artists made inside. Inside
    an outer ``styled`` block only ``extra`` applies, so a chart drawn into a page with larger
    type (the tip chart) keeps the page's sizes."""
    import matplotlib as mpl
    from cycler import cycler

    settings: dict[str, Any] = {}
    if not _depth[0]:
        settings.update(STYLE)
        settings["axes.prop_cycle"] = cycler(color=PALETTE)
    settings.update(extra)
    _depth[0] += 1
    try:
        with mpl.rc_context(settings):  # type: ignore[arg-type]
            yield
    finally:
        _depth[0] -= 1


def new_axes(ncols: int = 1, size: tuple[float, float] = (6.4, 4.2)) -> tuple[Any, Any]:
    """A fresh ``Figure`` and its axes (one or a row of ``ncols``)."""
    from matplotlib.figure import Figure

    with styled():
        fig = Figure(figsize=(size[0] * ncols, size[1]), layout="constrained")
        return fig, fig.subplots(1, ncols)


def panels(charts: Iterable[Any], size: tuple[float, float] = (6.4, 4.2)) -> Any:
    """A figure of ``charts`` (objects with ``.plot(ax)``) side by side, each ``size``."""
    charts = list(charts)
    fig, axes = new_axes(ncols=len(charts), size=size)
    for chart, ax in zip(charts, axes if len(charts) > 1 else [axes], strict=True):
        chart.plot(ax)
    return fig


def finish_axes(ax: Any, xlabel: str, ylabel: str, title: str, legend: str | None) -> Any:
    """Axis labels, the legend at ``legend`` (none if ``None``) and the title, if any."""
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if legend is not None and ax.get_legend_handles_labels()[0]:  # none: a chart with no data
        ax.legend(loc=legend)
    if title:
        ax.set_title(title)
    return ax


def error_lengths(value: Any, lo: Any, hi: Any, scale: float = 1.0) -> list[Any]:
    """Error-bar lengths below and above ``value``; an interval end that rounding put a hair
    on the wrong side of the estimate (Wilson at 0 or 1) draws as zero length."""
    return [((value - lo) * scale).clip(lower=0), ((hi - value) * scale).clip(lower=0)]


def interval_columns(names: Any, y: str) -> tuple[str, str]:
    """The columns of the 95% interval of ``y`` among ``names`` (a table's columns or a row's
    index): ``{y}_lo`` and ``{y}_hi``, or ``lo`` and ``hi`` in a table without them (one
    estimate per row, as in a table of rates ``p``)."""
    lo, hi = f"{y}_lo", f"{y}_hi"
    return (lo, hi) if lo in names else ("lo", "hi")


def stacked(df: Any, names: dict[str, str], keep: list[str], y: str, group: str = "what") -> Any:
    """Estimates that a table holds side by side (columns ``name``, ``name_lo``, ``name_hi``)
    stacked into one column ``y`` with its interval ``y_lo``, ``y_hi``, for a chart with a line
    or bar per estimate: ``names`` maps each column to its label, written into the column
    ``group``; the columns ``keep`` stay beside them."""
    import pandas as pd

    parts = []
    for col, label in names.items():
        part = df[[*keep, col, f"{col}_lo", f"{col}_hi"]].copy()
        part.columns = [*keep, y, f"{y}_lo", f"{y}_hi"]
        part[group] = label
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def _errors(rows: Any, y: str, ci: bool, scale: float = 1.0) -> Any:
    """Error-bar lengths of ``y`` from its interval columns (``None`` if not ``ci``)."""
    if not ci:
        return None
    lo, hi = interval_columns(rows.columns, y)
    return error_lengths(rows[y], rows[lo], rows[hi], scale)


@dataclass(frozen=True)
class CILineChart:
    """``y`` against ``x`` (numbers, or categories in the order they first appear), one line
    per value of ``group``, with the 95% intervals (:func:`interval_columns`) as error bars
    (none if not ``ci``: exact values) and a reference line at ``ref`` (none if ``None``).

    ``scale`` multiplies the estimates (100: shares as percentages); ``sort_groups``: groups in
    sorted order, else in table order (their colours follow it); ``spread``: the sideways
    offset between neighbouring groups' points, which keeps their error bars apart;
    ``integer_x``: ticks at whole numbers only on a numeric x."""

    data: Any
    x: str
    y: str
    group: str
    xlabel: str
    ylabel: str
    title: str = ""
    group_label: str = "{}"
    ci: bool = True
    ref: float | None = 0.0
    scale: float = 1.0
    sort_groups: bool = True
    spread: float = 0.08
    integer_x: bool = False

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                _, ax = new_axes()
            cats = list(dict.fromkeys(self.data[self.x]))
            numeric = all(isinstance(c, int | float) for c in cats)
            groups = list(self.data.groupby(self.group, sort=self.sort_groups))
            for i, (g, rows) in enumerate(groups):
                rows = rows.sort_values(self.x, key=None if numeric else _index_in(cats))
                xs = rows[self.x] if numeric else rows[self.x].map(cats.index)
                dx = (i - (len(groups) - 1) / 2) * self.spread
                ax.errorbar(
                    xs + dx,
                    rows[self.y] * self.scale,
                    yerr=_errors(rows, self.y, self.ci, self.scale),
                    color=PALETTE[i % len(PALETTE)],
                    marker=MARKERS[i % len(MARKERS)],
                    capsize=3,
                    label=self.group_label.format(g),
                )
            if not numeric:
                ax.set_xticks(range(len(cats)), [str(c) for c in cats])
            elif self.integer_x:
                from matplotlib.ticker import MaxNLocator

                ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            if self.ref is not None:
                ax.axhline(self.ref * self.scale, color="grey", linewidth=0.8)
            return finish_axes(ax, self.xlabel, self.ylabel, self.title, "best")


def _index_in(cats: list[Any]) -> Any:
    return lambda s: s.map(cats.index)


@dataclass(frozen=True)
class CIBarChart:
    """Horizontal bars of ``y`` for each ``category``, grouped by ``group`` (one colour each),
    with the 95% intervals of :func:`interval_columns` (none if not ``ci``: exact values)."""

    data: Any
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
class DotChart:
    """Estimates with their 95% error bars, one row per entry of ``data`` top to bottom in
    table order (a forest plot), labelled by its ``label``: the estimate ``y`` (intervals of
    :func:`interval_columns`) times ``scale``, coloured by ``group`` if given, a reference
    line at ``ref`` (none if ``None``) drawn as ``ref_style`` (line style, width).

    ``legend``: where the groups' legend goes (``"below"``: under the axes, so it never covers
    an interval); ``height``: the figure's height when the chart makes its own, (inches at
    least, plus inches per row, and at the least) as ``max(least, base + per_row * rows)``."""

    data: Any
    label: str
    y: str
    xlabel: str
    title: str = ""
    group: str | None = None
    ref: float | None = 0.0
    scale: float = 1.0
    legend: str = "best"
    ref_style: tuple[str, float] = ("-", 0.8)
    height: tuple[float, float, float] = (1.2, 0.28, 3.0)

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                base, per_row, least = self.height
                _, ax = new_axes(size=(6.4, max(least, per_row * len(self.data) + base)))
            lo, hi = interval_columns(self.data.columns, self.y)
            d = self.data.reset_index(drop=True)
            pos = list(range(len(d) - 1, -1, -1))
            groups = list(dict.fromkeys(d[self.group])) if self.group else [None]
            for i, g in enumerate(groups):
                rows = d[d[self.group] == g] if self.group else d
                ax.errorbar(
                    rows[self.y] * self.scale,
                    [pos[j] for j in rows.index],
                    xerr=error_lengths(rows[self.y], rows[lo], rows[hi], self.scale),
                    fmt=MARKERS[i % len(MARKERS)],
                    color=PALETTE[i % len(PALETTE)],
                    capsize=3,
                    label=None if g is None else str(g),
                )
            ax.set_yticks(pos, [str(v) for v in d[self.label]])
            if self.ref is not None:
                style, width = self.ref_style
                ax.axvline(self.ref * self.scale, color="grey", linestyle=style, linewidth=width)
            if self.group and self.legend == "below":
                ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=2, fontsize=9)
            legend = self.legend if self.group and self.legend != "below" else None
            return finish_axes(ax, self.xlabel, "", self.title, legend)


#: A4 portrait in inches (the printable tip charts)
A4 = (8.27, 11.69)


@dataclass(frozen=True)
class TipChart:
    """A printable page of tips: a title and blocks of ``(heading, lines)``, with a footer
    naming the command the numbers come from."""

    title: str
    blocks: list[tuple[str, list[str]]]
    footer: str = ""
    width: int = 88
    sizes: dict[str, float] = field(default_factory=lambda: {"title": 20, "head": 14, "text": 11})

    #: the page's top, the title's step, a heading's, a wrapped line's, after a tip, after a
    #: block, and the room kept for the footer (axes fractions)
    TOP, TITLE, HEAD, LINE, TIP, BLOCK, FOOT = 0.97, 0.06, 0.035, 0.022, 0.008, 0.02, 0.03

    def wrapped(self) -> list[tuple[str, list[list[str]]]]:
        return [(h, [textwrap.wrap(x, self.width) for x in lines]) for h, lines in self.blocks]

    def scale(self) -> float:
        """1 when the tips fit above the footer, else the factor that shrinks every step and
        font so that they do."""
        need = self.TITLE + sum(
            self.HEAD + sum(self.LINE * len(w) + self.TIP for w in lines) + self.BLOCK
            for _, lines in self.wrapped()
        )
        return min(1.0, (self.TOP - self.FOOT) / need)

    def plot(self, ax: Any = None) -> Any:
        k = self.scale()
        with styled():
            if ax is None:
                _, ax = new_axes(size=A4)
            ax.set_axis_off()
            ax.set_xlim(0, 1)
            ax.set_ylim(0, 1)
            y = self.TOP
            ax.text(0.0, y, self.title, fontsize=self.sizes["title"], weight="bold", va="top")
            y -= self.TITLE * k
            for i, (head, lines) in enumerate(self.wrapped()):
                ax.text(
                    0.0,
                    y,
                    head,
                    fontsize=self.sizes["head"] * k,
                    weight="bold",
                    color=PALETTE[i % len(PALETTE)],
                    va="top",
                )
                y -= self.HEAD * k
                for wrapped in lines:
                    text = "• " + "\n   ".join(wrapped)
                    ax.text(0.02, y, text, fontsize=self.sizes["text"] * k, va="top")
                    y -= (self.LINE * len(wrapped) + self.TIP) * k
                y -= self.BLOCK * k
            if self.footer:
                ax.text(0.0, 0.0, self.footer, fontsize=8, color="grey", va="bottom")
            return ax
