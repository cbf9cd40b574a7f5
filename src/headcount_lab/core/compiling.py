"""What a cold numba compile costs, kept in check: two measures, each measured where it is used.

**The collector paused while numba compiles.** A cold compile is mostly Python work inside
numba: it builds, deep-copies (at every inlined call site) and drops hundreds of thousands of
small IR objects. Every allocation counts towards Python's next cyclic collection, and each
collection walks the objects still alive, so a cold start spent about a tenth of its CPU time in
collections that freed almost nothing. :func:`install_gc_pause` registers a listener on numba's
``"numba:compile"`` event (a public numba API; the event fires only when numba really compiles,
not when it loads a cached function): the collector goes off when the outermost compile starts
and back on when it ends, also when the compile fails. Nested compiles (a kernel's callees) run
inside their caller's pause; a collector that was already off stays off. Compiles run under
numba's global compiler lock, so one thread at a time passes through the listener. Memory: what
a compile drops waits for the first collection after it (the five-bot Headcount compile's peak
resident size 400 MB against 372 MB: ``/usr/bin/time -f %M`` around
``scripts/headcount_compile_cpu.py`` with ``GC=collect`` and without).
:mod:`headcount_lab.core.jitcache`, which every module with kernels imports, installs it.

**A lean pipeline for big scalar kernels.** :class:`LeanCompiler` is numba's nopython pipeline
without its rewrites after type inference (``NopythonRewrites``: fusing array expressions,
constant arrays, string-literal item access), which a kernel of scalar loops over arrays never
uses but which scan every statement and then recompute the CFG and variable lifetimes. Pass it
as ``pipeline_class=`` to such a kernel (the Headcount engine). The rewrites *before* type
inference, dead-branch pruning among them, stay: the engines rely on it.

Measured with ``scripts/headcount_compile_profile.py`` (``--compare ... --gc collect,default``
and ``--body``); the figures are in docs/games/headcount.md, section "Speed".
"""

from __future__ import annotations

import gc
from typing import Any

from numba.core import event
from numba.core.compiler import CompilerBase, DefaultPassBuilder
from numba.core.typed_passes import NopythonRewrites


class _PauseGC(event.Listener):  # type: ignore[misc]
    def __init__(self) -> None:
        self.depth = 0
        self.resume = False

    def on_start(self, _event: Any) -> None:
        if self.depth == 0:
            self.resume = gc.isenabled()
            gc.disable()
        self.depth += 1

    def on_end(self, _event: Any) -> None:
        self.depth -= 1
        if self.depth == 0 and self.resume:
            gc.enable()


_PAUSE: _PauseGC | None = None


def install_gc_pause() -> None:
    """Pause the collector during numba compiles from now on (idempotent)."""
    global _PAUSE
    if _PAUSE is None:
        _PAUSE = _PauseGC()
        event.register("numba:compile", _PAUSE)


def uninstall_gc_pause() -> None:
    """Let the collector run during compiles again (to measure what the pause saves)."""
    global _PAUSE
    if _PAUSE is not None:
        event.unregister("numba:compile", _PAUSE)
        _PAUSE = None


def gc_pause_installed() -> bool:
    """Whether compiles in this process run with the collector paused."""
    return _PAUSE is not None


class LeanCompiler(CompilerBase):  # type: ignore[misc]
    """numba's nopython pipeline without ``NopythonRewrites`` (see the module docstring)."""

    def define_pipelines(self) -> list[Any]:
        pm = DefaultPassBuilder.define_nopython_pipeline(self.state)
        pm.passes = [(p, d) for p, d in pm.passes if p is not NopythonRewrites]
        pm.finalize()
        return [pm]
