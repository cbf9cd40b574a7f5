"""Sizes a run can finish, checked in one place (issue 26).

Two limits, both before the work they guard:

- A count (``--games``, ``--hands``, ``--rounds``, ...) past :data:`MAX_COUNT` = 2^53 is refused
  by :func:`check_count`, which the command line's count options parse with
  (``cli/run_options.py``, ``Count``): no run that size could end (at a billion units a second,
  2^53 takes 104 days), and past 2^53 a count is no longer exact as a float, which every mean
  and rate divides by.
- A run whose estimated time is over :data:`LONG_RUN_SECONDS` (a day) stops with
  :class:`TooLong`, saying how long it would take and that ``--yes`` runs it anyway. The estimate
  comes from the run's own measured rate: the runner times the first chunks of a run
  (:func:`headcount_lab.core.runner.run_chunked`, ``time_limit``); a command that does not run
  in the runner times a small calibration run of itself, and only when its size could take a day
  at all (:func:`check_run_time`), so an ordinary run does no extra work and prints the same.
"""

from __future__ import annotations

from collections.abc import Callable

#: the largest count any option takes: 2^53, the last integer every float holds exactly
MAX_COUNT = 2**53
#: runs estimated to take longer than this need ``--yes``
LONG_RUN_SECONDS = 86_400.0


class TooLong(ValueError):
    """A run estimated to take longer than the limit, refused before (most of) the work."""

    def __init__(self, what: str, seconds: float, limit: float = LONG_RUN_SECONDS, rate: str = ""):
        at = f" ({rate})" if rate else ""
        super().__init__(
            f"{what} would take about {duration(seconds)} at the rate measured on this "
            f"machine{at}, over the limit of {duration(limit)}: make it smaller, or pass --yes "
            "to run it anyway"
        )
        self.seconds = seconds


def check_count(value: int, name: str = "") -> int:
    """``value`` if it is at most :data:`MAX_COUNT`, else a ``ValueError`` that says why
    (``name``, an option, leads the message if given)."""
    if value > MAX_COUNT:
        raise ValueError(
            f"{name + ' ' if name else ''}{value} is past 2^53 = {MAX_COUNT}: no run that size "
            "can finish (2^53 units at a billion a second take 104 days) and counts past it are "
            "not exact as floats"
        )
    return value


def duration(seconds: float) -> str:
    """``seconds`` in the largest unit that reads well: ``40 s``, ``3.2 hours``, ``5.1 years``."""
    if seconds != seconds or seconds == float("inf"):
        return "forever"
    for unit, size in (("year", 365.25 * 86400), ("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            return _amount(seconds / size, unit)
    return f"{seconds:.3g} s"


def _amount(value: float, unit: str) -> str:
    """``1 day``, ``2.5 days``, ``94,900 years``."""
    text = f"{value:,.0f}" if value >= 1000 else f"{value:.3g}"
    return f"{text} {unit}" + ("" if text == "1" else "s")


def check_run_time(
    what: str,
    units: float,
    unmeasured: float,
    calibrate: Callable[[], float],
    yes: bool,
    unit: str = "units",
    limit: float | None = None,
) -> None:
    """Refuse (:class:`TooLong`) a run of ``units`` estimated to take over ``limit`` seconds.

    A run of at most ``unmeasured`` units (a size the command's slowest set-up does in well under
    the limit) goes ahead unmeasured. A larger one calls ``calibrate()``, which does a small
    piece of the run and returns the seconds one unit took; the estimate is that times
    ``units``. ``yes`` skips the check. ``limit`` defaults to :data:`LONG_RUN_SECONDS` as it is
    when called (a test may lower it).
    """
    if yes or units <= unmeasured:
        return
    limit = LONG_RUN_SECONDS if limit is None else limit
    per_unit = calibrate()
    seconds = per_unit * units
    if seconds > limit:
        rate = f"{1 / per_unit:,.0f} {unit} a second" if per_unit > 0 else ""
        raise TooLong(what, seconds, limit, rate)
