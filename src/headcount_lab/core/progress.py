"""A progress bar for long runs: units per second and time left, on a terminal only.

It writes to stderr, and only when stderr is a terminal: nothing on a pipe, in a log file, with
``--json`` or with ``--quiet``. The runner calls :meth:`Bar.advance` from its main thread after
each chunk, so the bar never slows the workers.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from types import TracebackType
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class _Rate(ProgressColumn):
    def __init__(self, unit: str):
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(
            "" if speed is None else f"{speed:,.0f} {self.unit}/s", style="progress.data.speed"
        )


def wanted(quiet: bool, json: bool, console: Console | None = None) -> bool:
    """Whether to show a bar: not asked to be silent, and stderr is a terminal."""
    console = console or Console(stderr=True)
    return not quiet and not json and console.is_terminal


class Bar(AbstractContextManager["Bar"]):
    """``with Bar(total, "hands", "headcount deal") as bar: bar.advance(n)``."""

    def __init__(self, total: int, unit: str, label: str, console: Console | None = None):
        self.progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            TextColumn("{task.completed:,.0f}/{task.total:,.0f} " + unit),
            _Rate(unit),
            TextColumn("left"),
            TimeRemainingColumn(),
            TimeElapsedColumn(),
            console=console or Console(stderr=True),
            transient=False,
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
