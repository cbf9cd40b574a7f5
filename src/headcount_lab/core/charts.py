"""One chart style for every report, and the layout of a printable tip chart.

Charts are objects built from tidy data with ``.plot(ax=None) -> Axes``. matplotlib is imported
inside the functions only, so importing this module stays cheap, and figures are made with
``matplotlib.figure.Figure`` (no pyplot, no global state, no backend). The games' chart objects
(``analysis/<game>/figures.py``) draw with :func:`styled`, :func:`new_axes` and
:func:`finish_axes`; their labels are passed in from the report's text.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
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


def finish_axes(ax: Any, xlabel: str, ylabel: str, title: str, legend: str | None) -> Any:
    """Axis labels, the legend at ``legend`` (none if ``None``) and the title, if any."""
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if legend is not None:
        ax.legend(loc=legend)
    if title:
        ax.set_title(title)
    return ax


def error_lengths(value: Any, lo: Any, hi: Any, scale: float = 1.0) -> list[Any]:
    """Error-bar lengths below and above ``value``; an interval end that rounding put a hair
    on the wrong side of the estimate (Wilson at 0 or 1) draws as zero length."""
    return [((value - lo) * scale).clip(lower=0), ((hi - value) * scale).clip(lower=0)]


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

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                _, ax = new_axes(size=A4)
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
