"""Exact distributions of the Headcount total, for one view or for every view at once.

A *view* is what one seat knows: some card ids that are certainly in play (the foreheads it
sees, plus the hidden card if it peeked) and a number of further in-play cards it cannot see
(its own card, the hidden card if it did not peek). Every unseen card is equally likely. When
the Joker is in play, known or not, the draw pile's top card replaces it (H2); that card is one
more unknown drawn from what remains after the in-play cards.

Counting the completions: with ``p`` cards outside the known set and ``u`` unknown in-play cards,
every ``u``-subset of the ``p`` cards is equally likely, and so is each of the ``p - u`` cards
left for the draw-pile top. So each (subset, top) pair has weight 1 out of ``comb(p, u) * (p-u)``;
a subset without the Joker does not depend on the top and gets weight ``p - u`` at once.

:func:`belief_table` does this for every ``n_known``-card view in one numba kernel;
:func:`total_distribution` runs the same kernel on a single view and returns exact fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
from numba import njit

from headcount_lab.core.exact import mask_of, subsets_of_size
from headcount_lab.core.jitcache import track_module
from headcount_lab.games.headcount.rules import (
    JOKER,
    card_text,
    check_players,
    count_kernel,
    deck_size,
    total_bounds,
)

NO_DRAW = np.int64(-1)  # "no draw-pile top", typed: a literal -1 compiles count_kernel again


@njit(nogil=True, cache=True)
def _view_weights(cards, n_known, pool, n_pool, n_unknown, lo, out):
    """Add the completion weights of one view into ``out``.

    ``cards``: int64[>= n_known + n_unknown], the known ids first (the rest is scratch);
    ``pool``: int64[>= n_pool], the ids not known; ``out``: int64[T], ``out[t]`` counts the
    completions with total ``lo + t``. Each unordered choice of the unknown cards has weight
    ``n_pool - n_unknown``, split over the draw-pile tops when the Joker is in play.
    """
    n_in = n_known + n_unknown
    n_rest = n_pool - n_unknown
    known_joker = False
    for i in range(n_known):
        if cards[i] == JOKER:
            known_joker = True
    idx = np.empty(max(n_unknown, 1), dtype=np.int64)
    used = np.zeros(n_pool, dtype=np.bool_)
    for i in range(n_unknown):
        idx[i] = i
    while True:
        joker = known_joker
        for i in range(n_unknown):
            c = pool[idx[i]]
            cards[n_known + i] = c
            used[idx[i]] = True
            if c == JOKER:
                joker = True
        if joker:
            for q in range(n_pool):
                if not used[q]:
                    out[count_kernel(cards, n_in, pool[q]) - lo] += 1
        else:
            out[count_kernel(cards, n_in, NO_DRAW) - lo] += n_rest
        for i in range(n_unknown):
            used[idx[i]] = False
        # next combination in lexicographic order
        i = n_unknown - 1
        while i >= 0 and idx[i] == n_pool - n_unknown + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for j in range(i + 1, n_unknown):
            idx[j] = idx[j - 1] + 1


@njit(nogil=True, cache=True)
def _table_weights(masks, n_deck, n_unknown, lo, out):
    """Fill ``out`` (int64[rows, T], zeroed) with the weights of the view ``masks[r]`` (int64)."""
    cards = np.empty(n_deck, dtype=np.int64)
    pool = np.empty(n_deck, dtype=np.int64)
    for r in range(masks.shape[0]):
        m = masks[r]
        k = np.int64(0)  # typed zeros: literal ones compile _view_weights twice
        p = np.int64(0)
        for c in range(n_deck):
            if (m >> c) & 1:
                cards[k] = c
                k += 1
            else:
                pool[p] = c
                p += 1
        _view_weights(cards, k, pool, p, n_unknown, lo, out[r])


def _check_sizes(double: bool, n_known: int, n_unknown: int) -> int:
    n_deck = deck_size(double)
    if n_known < 0 or n_unknown < 0:
        raise ValueError("the numbers of known and unknown cards cannot be negative")
    if n_known + n_unknown < 1:
        raise ValueError("at least one card must be in play")
    if n_known + n_unknown >= n_deck:
        # the draw-pile top must exist whenever the Joker can be in play
        raise ValueError(
            f"{n_known + n_unknown} cards in play leave no draw pile in a {n_deck}-card deck"
        )
    return n_deck


def _check_known(known: list[int], double: bool) -> list[int]:
    n_deck = deck_size(double)
    ids = [int(c) for c in known]
    for c in ids:
        if not 0 <= c < n_deck:
            raise ValueError(f"card id {c} is not in the {n_deck}-card deck")
    if len(set(ids)) != len(ids):
        dup = next(c for c in ids if ids.count(c) > 1)
        raise ValueError(f"card {card_text(dup)} is given twice")
    return ids


def view_weights(known: list[int], n_unknown: int, double: bool) -> tuple[int, np.ndarray, int]:
    """``(lo, weights, denominator)`` for one view: ``weights[t]/denominator`` = P(total = lo+t)."""
    ids = _check_known(known, double)
    n_deck = _check_sizes(double, len(ids), n_unknown)
    lo, hi = total_bounds(double, len(ids) + n_unknown)
    cards = np.zeros(n_deck, dtype=np.int64)
    cards[: len(ids)] = ids
    pool = np.array([c for c in range(n_deck) if c not in ids], dtype=np.int64)
    out = np.zeros(hi - lo + 1, dtype=np.int64)
    _view_weights(cards, len(ids), pool, pool.size, n_unknown, lo, out)
    n_pool = n_deck - len(ids)
    return lo, out, comb(n_pool, n_unknown) * (n_pool - n_unknown)


def total_distribution(known: list[int], n_unknown: int, double: bool) -> dict[int, Fraction]:
    """Exact distribution of the total when the ``known`` ids are in play and ``n_unknown``
    further in-play cards are unseen (H2-H4), as ``{total: probability}`` over possible totals."""
    lo, weights, den = view_weights(known, n_unknown, double)
    return {lo + int(t): Fraction(int(weights[t]), den) for t in np.flatnonzero(weights)}


@dataclass(frozen=True)
class BeliefTable:
    """Exact total distributions for every view with ``n_known`` known and ``n_unknown`` unseen
    in-play cards. Arrays are read-only; rows are the ``n_known``-subsets in increasing mask order.

    - ``row_of_mask``: int32[2**deck_size], the row of a known-card bitmask, -1 for other sizes
    - ``weights``: int64[rows, T], equally likely completions with total ``lo + t``
    - ``denominators``: int64[rows], completions per row (``weights`` rows sum to it)
    - ``pmf``: float64[rows, T]; ``sf``: float64[rows, T+1], ``sf[r, t]`` = P(total >= lo + t)
    """

    double: bool
    n_known: int
    n_unknown: int
    lo: int
    row_of_mask: np.ndarray
    weights: np.ndarray
    denominators: np.ndarray
    pmf: np.ndarray
    sf: np.ndarray

    @property
    def masks(self) -> np.ndarray:
        """int64[rows]: the known-card bitmask of each row."""
        return np.flatnonzero(self.row_of_mask >= 0).astype(np.int64)

    def row(self, known: list[int]) -> int:
        """Row of the view whose known cards are ``known`` (any order)."""
        if len(known) != self.n_known:
            raise ValueError(f"this table has {self.n_known} known cards, got {len(known)}")
        r = int(self.row_of_mask[mask_of(_check_known(known, self.double))])
        assert r >= 0
        return r

    def totals(self) -> np.ndarray:
        """int64[T]: the total of each column."""
        return self.lo + np.arange(self.weights.shape[1], dtype=np.int64)

    def moments(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """int64 per row, exact: ``num`` and ``den`` with the view's expected total
        ``num / den``, and ``var_num`` with its variance ``var_num / den**2``."""
        totals = self.totals()
        w = self.weights.astype(np.int64)
        den = self.denominators.astype(np.int64)
        num = w @ totals
        sq = w @ (totals * totals)
        return num, den, sq * den - num * num

    def p_at_least(self, known: list[int], bid: int) -> float:
        """P(total >= ``bid``) for the view ``known``: the chance a bid of ``bid`` survives a
        call, since ties go to the bidder (H6)."""
        t = min(max(bid - self.lo, 0), self.weights.shape[1])
        return float(self.sf[self.row(known), t])


#: the count *surprises* the table when it lands more than this many points from every active
#: seat's expected total (its exact mean from what it sees at the deal: the other foreheads,
#: before any peek): the report's question 5 and compare's Headcount ``surprise``
FAR = 10


@cache
def belief_table(double: bool, n_known: int, n_unknown: int) -> BeliefTable:
    """The :class:`BeliefTable` for every ``n_known``-card view; built once per process."""
    n_deck = _check_sizes(double, n_known, n_unknown)
    masks, row_of_mask = subsets_of_size(n_deck, n_known)
    lo, hi = total_bounds(double, n_known + n_unknown)
    wide = np.zeros((masks.size, hi - lo + 1), dtype=np.int64)
    _table_weights(masks, n_deck, n_unknown, lo, wide)
    # keep only the columns some view can reach
    used = np.flatnonzero(wide.any(axis=0))
    weights = np.ascontiguousarray(wide[:, used[0] : used[-1] + 1])
    lo += int(used[0])
    n_pool = n_deck - n_known
    den = comb(n_pool, n_unknown) * (n_pool - n_unknown)
    denominators = np.full(masks.size, den, dtype=np.int64)
    pmf = weights / float(den)
    sf = np.zeros((masks.size, weights.shape[1] + 1), dtype=np.float64)
    # suffix sums of the integer weights, divided once, so sf is exact up to one rounding
    sf[:, :-1] = np.cumsum(weights[:, ::-1], axis=1)[:, ::-1] / float(den)
    for a in (row_of_mask, weights, denominators, pmf, sf):
        a.setflags(write=False)
    return BeliefTable(double, n_known, n_unknown, lo, row_of_mask, weights, denominators, pmf, sf)


def view_of_seat(
    players: int,
    seen: list[int],
    peek: int | None = None,
    double: bool = False,
    hidden_card: bool = True,
) -> tuple[list[int], int]:
    """``(known, n_unknown)`` for a seat at a table of ``players`` that sees ``seen`` foreheads
    (exactly ``players - 1`` of them, or none for the no-information view) and, if it peeked,
    knows the hidden card ``peek``. Bad combinations raise ``ValueError`` naming the problem."""
    check_players(players)
    seen = _check_known(seen, double)
    if seen and len(seen) != players - 1:
        raise ValueError(
            f"a seat at a {players}-player table sees {players - 1} forehead cards, got {len(seen)}"
        )
    known = list(seen)
    if peek is not None:
        if not hidden_card:
            raise ValueError("there is no hidden card to peek at (hidden_card=off)")
        if peek in seen:
            raise ValueError(f"card {card_text(peek)} is both seen and peeked")
        known = _check_known([*seen, peek], double)
    in_play = players + (1 if hidden_card else 0)
    return known, in_play - len(known)


#: Chances a bid should survive a call, for the "safe bid" read-out.
SAFE_LEVELS = (0.5, 0.75, 0.9)


def median_total(dist: dict[int, Fraction]) -> int:
    """The smallest total ``t`` with P(total <= t) >= 1/2."""
    acc = Fraction(0)
    for t in sorted(dist):
        acc += dist[t]
        if acc >= Fraction(1, 2):
            return t
    raise ValueError("empty distribution")


def survival(dist: dict[int, Fraction]) -> dict[int, Fraction]:
    """``{b: P(total >= b)}`` for every possible total ``b``: the chance a bid of ``b`` survives
    a call (H6: ties go to the bidder). Bids between possible totals share the next one's value."""
    out: dict[int, Fraction] = {}
    acc = Fraction(0)
    for t in sorted(dist, reverse=True):
        acc += dist[t]
        out[t] = acc
    return dict(sorted(out.items()))


def safe_bid(dist: dict[int, Fraction], level: float) -> int:
    """The highest whole-number bid (H5) that survives a call with probability >= ``level``."""
    exact_level = Fraction(str(level))  # 0.9 means 9/10, not the float nearest to it
    ok = [b for b, p in survival(dist).items() if p >= exact_level]
    if not ok:
        raise ValueError(f"no bid survives with probability {level}")
    return max(ok)


def view_odds(
    players: int,
    seen: list[int],
    peek: int | None = None,
    double: bool = False,
    hidden_card: bool = True,
) -> dict:
    """Everything ``headcount odds`` reports for one seat's view, JSON-able: the exact
    distribution (with fractions in lowest terms), its mean and median, and the safe bids."""
    known, n_unknown = view_of_seat(players, seen, peek, double, hidden_card)
    dist = total_distribution(known, n_unknown, double)
    mean = sum((t * p for t, p in dist.items()), Fraction(0))
    return {
        "players": players,
        "see": [card_text(c) for c in seen],
        "peek": None if peek is None else card_text(peek),
        "variant": "double" if double else "standard",
        "hidden_card": hidden_card,
        "mean": float(mean),
        "mean_fraction": f"{mean.numerator}/{mean.denominator}",
        "median": median_total(dist),
        "safe_bids": {str(level): safe_bid(dist, level) for level in SAFE_LEVELS},
        "distribution": [
            {"total": t, "probability": float(p), "fraction": f"{p.numerator}/{p.denominator}"}
            for t, p in sorted(dist.items())
        ],
        "at_least": [
            {"bid": b, "probability": float(p), "fraction": f"{p.numerator}/{p.denominator}"}
            for b, p in survival(dist).items()
        ],
    }


#: a total "far from everyone's estimate" differs by more than :data:`.exact.FAR` points from
#: every seat's expected total (its exact mean from its own view, no peek)
#: ... or, in units of each seat's own standard deviation (from its view), by more than this
FAR_SD = 1


@njit(nogil=True, cache=True)
def _far_counts(deal_masks, n_deck, hidden_on, row_of, num, den, var_num, far, far_sd, out):
    """Over every deal (``deal_masks``: int64 forehead sets; then every hidden card and draw-pile
    top, each equally likely): ``out[0]`` deals, ``out[1]`` deals whose total is more than ``far``
    points from every seat's expected total, ``out[2]`` deals whose total is more than ``far_sd``
    of that seat's standard deviations from every seat's expected total, ``out[3]`` deals whose
    total is exactly ``far`` from the nearest seat's expectation.

    Exact integer arithmetic: the view ``r`` of a seat has expected total ``num[r] / den[r]`` and
    variance ``var_num[r] / den[r]**2`` (int64), so ``|total - mean| <= far`` is
    ``|total * den - num| <= far * den`` and ``|total - mean| <= far_sd * sd`` is
    ``(total * den - num)**2 <= far_sd**2 * var_num``: no rounding decides a deal at the edge."""
    cards = np.empty(n_deck, np.int64)
    seats = np.empty(n_deck, np.int64)
    for r in range(deal_masks.shape[0]):
        m = deal_masks[r]
        k = 0
        for c in range(n_deck):
            if (m >> c) & 1:
                seats[k] = c
                k += 1
        for h in range(n_deck if hidden_on else 1):
            if hidden_on and (m >> h) & 1:
                continue
            n_in = k
            for i in range(k):
                cards[i] = seats[i]
            if hidden_on:
                cards[k] = h
                n_in = k + 1
            for d in range(n_deck):
                if (m >> d) & 1 or (hidden_on and d == h):
                    continue
                total = count_kernel(cards, n_in, d)
                close = False
                close_sd = False
                edge = False
                for i in range(k):
                    row = row_of[m & ~(np.int64(1) << np.int64(seats[i]))]
                    dist = abs(total * den[row] - num[row])
                    if dist <= far * den[row]:
                        close = True
                        if dist == far * den[row]:
                            edge = True
                    if dist * dist <= far_sd * far_sd * var_num[row]:
                        close_sd = True
                out[0] += 1
                if not close:
                    out[1] += 1
                if not close_sd:
                    out[2] += 1
                if edge:
                    out[3] += 1


def far_counts(double: bool, players: int, hidden_on: bool) -> np.ndarray:
    """int64[4] of :func:`_far_counts` over every deal to ``players`` seats (with the hidden
    card or without): deals, far from every seat, far in standard deviations, at the edge."""
    table = belief_table(double, players - 1, 2 if hidden_on else 1)
    num, den, var_num = table.moments()
    deal_masks, _ = subsets_of_size(deck_size(double), players)
    out = np.zeros(4, np.int64)
    _far_counts(deal_masks, deck_size(double), hidden_on, table.row_of_mask, num, den, var_num,
                FAR, FAR_SD, out)  # fmt: skip
    return out


track_module(globals())  # every cached function here is keyed on the files it reaches
