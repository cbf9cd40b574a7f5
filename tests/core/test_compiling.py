"""core.compiling: the collector is off while numba compiles and back as it was afterwards (also
after a failed compile); the lean pipeline compiles without the rewrites after typing, and the
Headcount engines use it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import numba
import numpy as np
import pytest
from numba.core import event

import headcount_lab.games.headcount.kernels  # noqa: F401  (a kernel module: installs the pause)
from headcount_lab.core import compiling


class _Probe(event.Listener):  # type: ignore[misc]
    """Records whether the collector runs when a compile starts and when it ends. Registered
    after the pause, it hears each event after it: the pause has already switched the collector
    off at a start, and back on at the outermost end."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, bool]] = []

    def on_start(self, _event: Any) -> None:
        self.seen.append(("start", gc.isenabled()))

    def on_end(self, _event: Any) -> None:
        self.seen.append(("end", gc.isenabled()))


@pytest.fixture
def probe() -> Iterator[_Probe]:
    p = _Probe()
    with event.install_listener("numba:compile", p):
        yield p


def _fresh(body: str) -> Any:
    """A new jitted function (no cache), so calling it compiles."""
    ns: dict[str, Any] = {}
    exec(f"def f(x):\n    {body}\n", ns)
    return numba.njit(ns["f"])


def test_kernel_modules_install_the_pause() -> None:
    assert compiling.gc_pause_installed()


def test_the_collector_is_off_during_a_compile_and_on_after(probe: _Probe) -> None:
    assert gc.isenabled()
    assert _fresh("return x + 1")(2) == 3
    assert probe.seen == [("start", False), ("end", True)]
    assert gc.isenabled()


def test_nested_compiles_stay_inside_the_callers_pause(probe: _Probe) -> None:
    inner = _fresh("return x * 2")

    @numba.njit
    def outer(x):  # type: ignore[no-untyped-def]
        return inner(x) + 1

    assert outer(3) == 7
    # outer starts, inner compiles inside it: the collector is off until outer ends
    assert probe.seen == [("start", False), ("start", False), ("end", False), ("end", True)]
    assert gc.isenabled()


def test_the_collector_is_back_after_a_failed_compile(probe: _Probe) -> None:
    with pytest.raises(numba.core.errors.TypingError):
        _fresh("return x + 'a'")(1)
    assert probe.seen[0] == ("start", False)
    assert probe.seen[-1] == ("end", True)
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off(probe: _Probe) -> None:
    gc.disable()
    try:
        _fresh("return x - 1")(1)
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert probe.seen == [("start", False), ("end", False)]


def test_without_the_pause_the_collector_runs_during_compiles(probe: _Probe) -> None:
    compiling.uninstall_gc_pause()
    try:
        _fresh("return x + 3")(1)
    finally:
        compiling.install_gc_pause()
    assert probe.seen == [("start", True), ("end", True)]
    assert compiling.gc_pause_installed()


def _passes(dispatcher: Any) -> set[str]:
    """The names of the passes that compiled ``dispatcher``'s one overload."""
    (cres,) = dispatcher.overloads.values()
    (times,) = cres.metadata["pipeline_times"].values()
    return {name.split("_", 1)[1] for name in times}  # "12_dead_branch_prune" -> the name


def test_the_lean_pipeline_skips_the_rewrites_after_typing_and_computes_the_same() -> None:
    src = (
        "def f(a, k):\n    t = 0\n    for i in range(a.shape[0]):\n"
        "        if k > 0:\n            t += a[i] * k\n    return t\n"
    )
    ns: dict[str, Any] = {}
    exec(src, ns)
    lean = numba.njit(pipeline_class=compiling.LeanCompiler)(ns["f"])
    plain = numba.njit(ns["f"])
    a = np.arange(7, dtype=np.int64)
    for k in (-1, 0, 3):
        assert lean(a, k) == plain(a, k)
    assert "nopython_rewrites" in _passes(plain)
    assert "nopython_rewrites" not in _passes(lean)
    # the rewrites before typing stay: the engines rely on dead-branch pruning
    assert "dead_branch_prune" in _passes(lean)


def test_the_headcount_engines_compile_with_the_lean_pipeline() -> None:
    from headcount_lab.games.headcount import agents as A
    from headcount_lab.games.headcount import kernels as E

    for kernel in (E.engine(A.EVERY), E.engine(A.BASE)):
        assert kernel._compiler.pipeline_class is compiling.LeanCompiler
