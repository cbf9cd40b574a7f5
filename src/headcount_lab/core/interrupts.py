"""SIGTERM and SIGHUP handled like Ctrl-C.

Python turns Ctrl-C (SIGINT) into ``KeyboardInterrupt``, but by default dies at once on SIGTERM
(``kill``, a batch system's time limit, a container stop) and SIGHUP (the terminal closed), with
no message and no last checkpoint. Inside :func:`signals_as_interrupts` those two signals raise
:class:`Terminated`, a ``KeyboardInterrupt``, so every ``except KeyboardInterrupt`` that saves
work saves it for them too. The exit status is the shell's for the signal, ``128 + signal
number``: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP (:func:`exit_status`).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

#: The signals that :func:`signals_as_interrupts` turns into :class:`Terminated`.
HANDLED = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived; caught wherever Ctrl-C is."""

    def __init__(self, signum: int):
        super().__init__(signal_name(signum))
        self.signum = signum


def signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def signum_of(exc: BaseException) -> int:
    """The signal behind a ``KeyboardInterrupt`` (SIGINT unless it is a :class:`Terminated`)."""
    return getattr(exc, "signum", signal.SIGINT)


def exit_status(signum: int) -> int:
    """``128 + signum``, as a shell reports a process ended by that signal."""
    return 128 + int(signum)


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Terminated(signum)


@contextmanager
def _handled_by(handler: Any, signals: Iterable[int]) -> Iterator[None]:
    """``handler`` for each of ``signals`` within the block, the previous handlers back
    afterwards. Only in the main thread (Python cannot set handlers elsewhere), and never for a
    signal that is ignored: under ``nohup`` a closed terminal must not stop the run."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    mine = [s for s in signals if signal.getsignal(s) not in (signal.SIG_IGN, None)]
    before = {s: signal.signal(s, handler) for s in mine}
    try:
        yield
    finally:
        for s, h in before.items():
            signal.signal(s, h)


@contextmanager
def signals_as_interrupts() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise :class:`Terminated` in the main thread; the
    previous handlers come back afterwards. Off the main thread (where Python cannot set
    handlers) it does nothing. A signal that is ignored stays ignored: under ``nohup`` a closed
    terminal must not stop the run."""
    with _handled_by(_raise, HANDLED):
        yield


#: Every signal a run treats as an interrupt: Ctrl-C and the two above.
INTERRUPTS = (signal.SIGINT, *HANDLED)


@contextmanager
def deferred() -> Iterator[None]:
    """Within the block, Ctrl-C, SIGTERM and SIGHUP wait: each is noted and sent again when the
    block ends, to whatever handler was there before, so a write the block holds is finished or
    not started, never cut in two. (``np.savez`` cut by a ``KeyboardInterrupt`` raised a
    ``ValueError`` from its zip file's close instead, and the run ended as an error, status 2.)
    Blocking the signals would not do: a process-wide signal goes to any thread that does not
    block it, and Python then runs the handler in the main thread all the same."""
    noted: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        noted.append(signum)

    try:
        with _handled_by(note, INTERRUPTS):  # off the main thread nothing can cut a write
            yield
    finally:
        if noted:
            signal.raise_signal(noted[0])
