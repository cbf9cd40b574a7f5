"""Bench timers shared by every game's ``bench.py``: throughput is measured against a baseline
in the same run, so these only time; the ratios are the benchmarks' business."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def median_seconds(fn: Callable[[], Any], repeats: int) -> float:
    """Median wall seconds of ``repeats`` calls of ``fn``."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def best_rate(fn: Callable[[], Any], units: int, repeats: int) -> dict[str, float]:
    """Units per second of ``fn`` (best of ``repeats``): per CPU second of this thread, so that
    other programs on a shared machine count less, and per wall second."""
    best_cpu = best_wall = float("inf")
    for _ in range(repeats):
        w, c = time.perf_counter(), time.thread_time()
        fn()
        best_cpu = min(best_cpu, time.thread_time() - c)
        best_wall = min(best_wall, time.perf_counter() - w)
    return {"per_s_cpu": units / best_cpu, "per_s_wall": units / best_wall}


def cpu_seconds(fn: Callable[[], Any]) -> tuple[Any, float]:
    """``(fn(), CPU seconds of this process spent in it)``."""
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0
