"""Headcount kernels: deal and count many hands, aggregating inside the loop, and the runner job
around them (``headcount deal``).

:func:`deal_block` is the ``@njit`` kernel; randomness comes only from the ``uint64[4]`` state
passed in (``core.rng``). The job's unit is one hand; each block of :data:`BLOCK_SIZE` hands runs
:func:`deal_block` on its own stream (:class:`DealBlock`) and returns the histogram of totals and
the special-card counts. A deal of ``hands`` hands with seed ``s`` gives the same numbers however
the blocks are scheduled; :func:`deal_summary` is the result the CLI prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_module
from headcount_lab.core.rng import partial_shuffle_step
from headcount_lab.core.runner import Job
from headcount_lab.games.headcount.rules import (
    JOKER,
    TOP,
    VERSION,
    X2,
    card_text,
    check_players,
    count_with_specials,
    deck_size,
    total_bounds,
)

#: Order of the ``specials`` counters: hands with the A♠, the Joker, the ×2 in play.
SPECIALS = (TOP, JOKER, X2)


@njit(nogil=True, cache=True)
def deal_block(state, n_hands, n_in_play, deck, lo, histogram, specials):
    """Deal and count ``n_hands`` hands; add into ``histogram`` and ``specials``.

    - ``state``: uint64[4], the block's stream, advanced in place
    - ``deck``: int8[17 or 18], a permutation of the deck's ids, shuffled in place; each hand is a
      partial Fisher-Yates shuffle of its first ``n_in_play + 1`` positions (foreheads, hidden
      card if any, draw-pile top), which is a uniform deal whatever order the deck was left in
    - ``histogram``: int64[T], ``histogram[t]`` += hands with total ``lo + t``
    - ``specials``: int64[3], hands with the A♠, the Joker, the ×2 in play (:data:`SPECIALS`)
    """
    # the stream stays in registers from hand to hand, and one pass over the cards both counts
    # them and notes the special ones (docs/games/headcount.md, "Dealing kernel")
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    for _ in range(n_hands):
        s0, s1, s2, s3 = partial_shuffle_step(deck, n_in_play + 1, s0, s1, s2, s3)
        total, dealt = count_with_specials(deck, n_in_play, deck[n_in_play])
        histogram[total - lo] += 1
        for b in range(len(SPECIALS)):
            if dealt >> b & 1:
                specials[b] += 1
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3


#: Hands per block: part of a result's identity, so fixed (never tuned to the machine).
BLOCK_SIZE = 1 << 20


@dataclass(frozen=True)
class DealBlock:
    """``block_fn`` of the deal job (a module-level class so it pickles for remote workers)."""

    players: int
    double: bool = False
    hidden_card: bool = True

    @property
    def n_in_play(self) -> int:
        return self.players + (1 if self.hidden_card else 0)

    @property
    def bounds(self) -> tuple[int, int]:
        return total_bounds(self.double, self.n_in_play)

    def __call__(self, state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        lo, hi = self.bounds
        histogram = np.zeros(hi - lo + 1, dtype=np.int64)
        specials = np.zeros(len(SPECIALS), dtype=np.int64)
        deck = np.arange(deck_size(self.double), dtype=np.int8)
        deal_block(state, n_units, self.n_in_play, deck, lo, histogram, specials)
        return {"histogram": histogram, "specials": specials}

    def warmup(self) -> None:
        """Compile (or load from numba's cache) the kernel on a tiny block."""
        self(np.array([1, 2, 3, 4], dtype=np.uint64), 1)


def deal_kernels() -> None:
    """Compile (or load) ``headcount deal``'s kernel: ``headcount-lab warm`` calls this."""
    DealBlock(4).warmup()


def deal_job(players: int, hands: int, double: bool = False, hidden_card: bool = True) -> Job:
    """The job that deals and counts ``hands`` hands for ``players`` players."""
    check_players(players)
    if hands <= 0:
        raise ValueError(f"the number of hands must be positive, got {hands}")
    fn = DealBlock(players, double, hidden_card)
    params = {
        "game": "headcount",
        "rules_version": VERSION,
        "players": players,
        "variant": "double" if double else "standard",
        "hidden_card": hidden_card,
    }
    return Job("headcount-deal", params, hands, BLOCK_SIZE, fn, fn.warmup, unit="hands")


def deal_summary(
    job: Job,
    stats: dict[str, np.ndarray],
    seed: int,
    seconds: float,
    hands_this_session: int | None = None,
) -> dict[str, Any]:
    """The JSON-able result of a deal: histogram of totals (non-zero range), special-card counts,
    timing (measured by the caller after compilation). The rate counts only the hands dealt in
    this session (``hands_this_session``, default all): after ``--resume`` the others were read
    back, and a finished run read back has no rate (``None``)."""
    dealt = job.units if hands_this_session is None else hands_this_session
    fn = job.block_fn
    assert isinstance(fn, DealBlock)
    lo, _ = fn.bounds
    hist = stats["histogram"]
    nz = np.flatnonzero(hist)
    rows = range(int(nz[0]), int(nz[-1]) + 1) if nz.size else range(0)
    totals = np.arange(lo, lo + hist.size)
    mean = float((totals * hist).sum() / hist.sum())
    return {
        "players": fn.players,
        "hands": job.units,
        "seed": seed,
        "variant": "double" if fn.double else "standard",
        "hidden_card": fn.hidden_card,
        "mean": mean,
        "histogram": [{"total": lo + t, "count": int(hist[t])} for t in rows],
        "specials_in_play": {
            card_text(c): int(n)
            for c, n in zip(SPECIALS, stats["specials"], strict=True)
            if c < deck_size(fn.double)
        },
        "seconds": seconds,
        "hands_this_session": dealt,
        "hands_per_second": dealt / max(seconds, 1e-9) if dealt else None,
    }


track_module(globals())  # every cached function here is keyed on the files it reaches
