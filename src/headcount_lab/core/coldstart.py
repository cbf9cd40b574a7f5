"""A word on stderr while a command compiles kernels cold, so a first run never looks hung.

numba keeps compiled kernels in its on-disk cache (``cache=True``: a ``__pycache__`` folder next
to each source file, or ``NUMBA_CACHE_DIR``), so one location serves every entry point: the
``headcount-lab`` script, ``python -m headcount_lab`` and the tests. Only the first run after a
fresh clone (or an edit of a kernel's sources, see :mod:`.jitcache`) compiles; that takes 10-60 s
per game on two cores. ``headcount-lab warm`` compiles every game ahead, with a progress bar.

:class:`CompileWatch` listens to numba's ``"numba:compile"`` event, which fires only when numba
really compiles, never when it loads from the cache: a warm run says nothing. While an outermost
compile runs it shows one live line on stderr naming the game, the function being compiled, how
many functions are done and the seconds spent; when it ends a line says how long it took. The
CLI turns it on (:func:`enable`) when stderr is a terminal and ``--quiet`` was not given; stdout
is never written, so ``--json`` output stays clean. This module imports numba only once a module
with kernels has (:mod:`.jitcache` calls :func:`install`), so ``--help`` stays light.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

#: seconds a compile must last before the live line appears (a short one passes unseen)
SHOW_AFTER = 0.5
#: a finished compile this long or longer leaves a line saying so
REPORT_AFTER = 1.0


def game_of(module: str) -> str:
    """The title of the game whose code ``module`` is (``headcount_lab.games.whist.kernels`` ->
    ``Forehead Whist``), or ``headcount-lab`` for the platform's own kernels."""
    from headcount_lab.games import registered

    parts = module.split(".")
    for spec in registered().values():
        if module.startswith(spec.package + ".") or spec.name in parts[:-1]:
            return spec.title
    return "headcount-lab"


class CompileWatch:
    """A numba compile listener that reports cold compiles through three callbacks.

    ``started(game)`` when an outermost compile starts; ``compiling(function, done)`` as each
    function's compile starts (``done`` functions finished so far); ``finished(game, seconds)``
    when the outermost compile ends (also when it fails). Compiles run under numba's global
    compiler lock, one thread at a time. ``outermost``: the module-qualified name of the
    function whose compile is (or was last) outermost.
    """

    def __init__(
        self,
        started: Callable[[str], None],
        compiling: Callable[[str, int], None],
        finished: Callable[[str, float], None],
    ) -> None:
        self.started, self.compiling, self.finished = started, compiling, finished
        self.depth = 0
        self.done = 0
        self.game = ""
        self.outermost = ""
        self.t0 = 0.0

    # numba.core.event.Listener's interface; :func:`install` registers the class as a virtual
    # subclass, so this module does not import numba
    def notify(self, ev: Any) -> None:
        if ev.is_start:
            self.on_start(ev)
        elif ev.is_end:
            self.on_end(ev)

    def on_start(self, ev: Any) -> None:
        py_func = getattr(ev.data.get("dispatcher"), "py_func", None)
        name = getattr(py_func, "__name__", "?")
        if self.depth == 0:
            self.done = 0
            self.t0 = time.perf_counter()
            module = getattr(py_func, "__module__", "") or ""
            self.game = game_of(module)
            self.outermost = f"{module}.{getattr(py_func, '__qualname__', name)}"
            self.started(self.game)
        self.depth += 1
        self.compiling(name, self.done)

    def on_end(self, _ev: Any) -> None:
        self.depth -= 1
        self.done += 1
        if self.depth == 0:
            self.finished(self.game, time.perf_counter() - self.t0)


class _Live:
    """The live line on a terminal's stderr: shown once a compile has lasted ``SHOW_AFTER``."""

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(stderr=True)
        self.progress: Any = None
        self.task: Any = None
        self.game = ""
        self.t0 = 0.0

    def started(self, game: str) -> None:
        self.game, self.t0 = game, time.perf_counter()

    def compiling(self, function: str, done: int) -> None:
        text = f"compiling {self.game} kernels, first run only: {done} done, now {function}"
        if self.progress is None and time.perf_counter() - self.t0 >= SHOW_AFTER:
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            self.progress = Progress(
                SpinnerColumn(),
                TextColumn("{task.description}"),
                TimeElapsedColumn(),
                console=self.console,
                transient=True,
            )
            self.task = self.progress.add_task(text, total=None)
            self.progress.start()
        elif self.progress is not None:
            self.progress.update(self.task, description=text)

    def finished(self, game: str, seconds: float) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None
        if seconds >= REPORT_AFTER:
            self.console.print(
                f"compiled {game} kernels in {seconds:.0f} s, once (cached; "
                "`headcount-lab warm` compiles every game)",
                highlight=False,
                soft_wrap=True,
            )


_WATCH: CompileWatch | None = None
_ENABLED = False


def enable() -> None:
    """Show cold compiles from now on (the CLI calls this for a terminal without --quiet)."""
    global _ENABLED
    _ENABLED = True
    if "numba" in sys.modules:
        install()


def install() -> None:
    """Register the live line's listener if :func:`enable` was called (idempotent)."""
    global _WATCH
    if not _ENABLED or _WATCH is not None:
        return
    from numba.core import event

    event.Listener.register(CompileWatch)
    live = _Live()
    _WATCH = CompileWatch(live.started, live.compiling, live.finished)
    event.register("numba:compile", _WATCH)


def disable() -> None:
    """Stop showing cold compiles (``warm`` shows its own bar; tests)."""
    global _WATCH, _ENABLED
    _ENABLED = False
    if _WATCH is not None:
        from numba.core import event

        event.unregister("numba:compile", _WATCH)
        _WATCH = None
