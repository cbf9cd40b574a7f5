"""Bit operations on ``uint64`` masks shared by the games' kernels (``@njit`` only).

Hands and card sets are ``uint64`` masks in Forehead Whist and Foolish Faces; counting their
cards is one ``popcnt`` instruction. It lives here, not in one game's folder, so that no game
imports another's kernels.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64
from numba.core import errors, types
from numba.extending import intrinsic

from headcount_lab.core.jitcache import track_module


@intrinsic
def _popcnt(typingctx, src):  # type: ignore[no-untyped-def]
    """LLVM's ctpop: one ``popcnt`` instruction on the CPUs numba compiles for."""
    if not isinstance(src, types.Integer):
        raise errors.NumbaTypeError(f"_popcnt needs an integer, got {src}")

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return src(src), codegen


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def popcount(mask):  # type: ignore[no-untyped-def]
    """The number of set bits of ``mask`` (as ``int64``)."""
    return np.int64(_popcnt(uint64(mask)))


track_module(globals())  # every cached function here is keyed on the files it reaches
