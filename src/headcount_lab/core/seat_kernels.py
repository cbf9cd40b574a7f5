"""Jitted pieces every game's match kernel shares: seating the bots of a block, and the tied
winners' share of a win. Compiled without numba's reference counting, like the kernels that
inline them, and kept apart from :mod:`headcount_lab.core.seats` so that importing the plain
seat helpers (``--help``) does not import numba."""

from __future__ import annotations

from numba import njit

from headcount_lab.core.jitcache import track_module

_njit = njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]


@_njit
def seat_bots(game, rotate, bot_policies, bot_params, seat_bot, policies, params):
    """Seat the bots for game ``game`` of a block: with ``rotate`` bot ``j`` sits at
    ``(j + game) % n``, else at seat ``j``. Fills ``seat_bot`` (``int64[n]``, bot by seat),
    ``policies`` (``int64[n]``) and ``params`` (``float64[n, P]``) by seat from the bots'
    ``bot_policies`` and ``bot_params``."""
    n = policies.shape[0]
    shift = game % n if rotate else 0
    for j in range(n):
        seat = (j + shift) % n
        seat_bot[seat] = j
        policies[seat] = bot_policies[j]
        for i in range(bot_params.shape[1]):
            params[seat, i] = bot_params[j, i]


@_njit
def win60(totals, s):
    """60 / (number of seats tied on the best total) if seat ``s`` has it, else 0: a shared
    win in whole sixtieths, exact for 1 to 6 tied winners (``totals``: ``int64[n]``)."""
    best = totals[0]
    for i in range(1, totals.shape[0]):
        best = max(best, totals[i])
    if totals[s] != best:
        return 0
    tied = 0
    for i in range(totals.shape[0]):
        if totals[i] == best:
            tied += 1
    return 60 // tied


track_module(globals())  # every cached function here is keyed on the files it reaches
