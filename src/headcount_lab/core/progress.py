"""A progress bar for long runs: units per second and time left, on a terminal only.

It writes to stderr, and only when stderr is a terminal: nothing on a pipe, in a log file, with
``--json`` or with ``--quiet``. The runner calls :meth:`Bar.advance` from its main thread after
each chunk, so the bar never slows the workers.

One exception, on purpose: the builds of a competent field (``field --solve``, ``field
--refine``, and the re-solve of ``compare --adapt``) run for minutes to hours, often under
``nohup`` into a log file, and their line per played profile (:func:`stderr_lines`) is that
run's record of where the time went. They write it to stderr wherever stderr goes; ``--quiet``
(and ``--json`` for ``--refine``) silences it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from types import TracebackType
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text


def stderr_lines(quiet: bool) -> Callable[[str], None] | None:
    """A progress callback that writes each line to stderr, or None when ``quiet`` (every
    caller of one takes None for "say nothing"): the field builds' profile-by-profile lines, a
    build log kept in a log file too (see the module's note)."""
    import sys

    return None if quiet else (lambda line: print(line, file=sys.stderr, flush=True))


def compact(n: float) -> str:
    """``1234567 -> '1.23M'``: short counts for an 80-column terminal."""
    for div, suffix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(n) >= div:
            return f"{n / div:.3g}{suffix}"
    return f"{n:.0f}"


class _Count(ProgressColumn):
    def __init__(self, unit: str):
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        return Text(f"{compact(task.completed)}/{compact(task.total or 0)} {self.unit}")


class _Rate(ProgressColumn):
    def __init__(self, unit: str):
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        text = "" if speed is None else f"{compact(speed)} {self.unit}/s"
        return Text(text, style="progress.data.speed")


def wanted(quiet: bool, json: bool, console: Console | None = None) -> bool:
    """Whether to show a bar: not asked to be silent, and stderr is a terminal."""
    console = console or Console(stderr=True)
    return not quiet and not json and console.is_terminal


class Bar(AbstractContextManager["Bar"]):
    """``with Bar(total, "hands", "headcount deal") as bar: bar.advance(n)``. ``transient``: the
    bar is erased when it stops (a report's step prints its own line with the time it took)."""

    def __init__(
        self,
        total: int,
        unit: str,
        label: str,
        console: Console | None = None,
        transient: bool = False,
    ):
        self.progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(bar_width=20),
            _Count(unit),
            _Rate(unit),
            TimeRemainingColumn(),
            TextColumn("left"),
            console=console or Console(stderr=True),
            transient=transient,
        )
        self.task = self.progress.add_task(label, total=total)

    def __enter__(self) -> Bar:
        self.progress.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> Any:
        self.progress.stop()
        return None

    def advance(self, units: int) -> None:
        self.progress.update(self.task, advance=units)

    def skip(self, units: int) -> None:
        """Count units done earlier (a resumed run) without letting them inflate the rate."""
        self.progress.reset(self.task, completed=units)


@contextmanager
def advancing(
    quiet: bool, json: bool, total: int, unit: str, label: str
) -> Iterator[Callable[[int], None] | None]:
    """For a command's long loop: a :class:`Bar`'s ``advance`` while the block runs when a bar
    is :func:`wanted`, else ``None`` (the loop then reports nothing). The bar's total may be an
    estimate: it is shown complete when the block ends without an error."""
    if not wanted(quiet, json):
        yield None
        return
    with Bar(total, unit, label) as bar:
        yield bar.advance
        bar.progress.update(bar.task, completed=total)
