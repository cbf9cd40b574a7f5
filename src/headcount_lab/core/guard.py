"""Checks run in plain Python before a kernel: numba does not check indices, so an array of the
wrong shape or a value outside its range would be read past its end silently."""

from __future__ import annotations


def require(ok: bool, kernel: str, what: str) -> None:
    """Raise ``ValueError("<kernel> input: <what>")`` unless ``ok``."""
    if not ok:
        raise ValueError(f"{kernel} input: {what}")
