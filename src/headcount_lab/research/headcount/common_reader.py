"""Rounds among players who read each other as they are: Headcount's public belief.

Issue 22 item 3 asks for Headcount play that does not leak what its seat sees. The ``bayes`` bot
reads a field whose policy it knows, but a field of ``bayes`` bots reads each other as the
``equilibrium`` table they are not, and a chain of readers of readers costs about a hundred times
more at every level. This module measures the fixed point that chain is after, at the level of
one round, by a construction that needs no chain.

**The public belief.** Every seat's policy is known and depends only on what its seat sees and
on the round's public history. So the chance of the whole public history under a deal (every
forehead card and the hidden card) is the product, over the actions, of the chance the actor's
policy gave that action on the actor's view *of that deal*: one weight per deal, the same for
every observer. A seat's posterior over its own card and the hidden card is that weight restricted
to the deals it cannot tell from the true one (those that agree with the foreheads it sees). A
*common reader* decides on that posterior; the likelihood of its action under a deal asks a
common reader on the deal's view with the same weights, so every seat reads every other seat as
it truly reads: the fixed point, exact, at the cost of one pass over the deals per action
(57,120 ordered deals at 3 players, 742,560 at 4).

**The policy** (the ``bayes`` bot's response, H5 and H6): facing a bid, call "Count!" when the
posterior chance that the bid loses is above ``call``; otherwise bid the highest total that
survives a call with a chance of at least ``1 - quantile``, at least one above the last bid. A
*card-only* player decides the same way on the prior of its view (it reads nothing), the
stand-in for the bots that bid from their view alone.

**The measure.** A round is dealt, bid and counted under the standard count (H2-H4, ties to the
bidder by H6); the seat that loses it loses a life in a game. One seat (the *deviator*) plays a
policy of its own; the others (the *field*) play one policy and model the deviator as one of
themselves. The deviator's reading needs no model of itself: its own actions weigh every deal it
cannot tell apart alike. Its share of rounds lost is set against ``1/n``; the deviator and the
start player rotate over every seat. Whole games (:func:`play_games`) add the life cards (H8,
H9), and with them peeks.

**Peeks (H7).** A peek is public: the table sees the life card turned, not the hidden card. A
policy with a ``peek`` threshold peeks, at most once a round and never on the start player's
opening turn, when it would raise anyway and the hidden card would move the chance that its
planned bid survives by more than ``peek`` on average over its posterior (the ``bayes`` bot's
rule); it then must raise on that turn. Both the peek and the decision not to peek are actions
the table reads: a deal gains a mismatch when the actor's modelled policy, on that deal's view,
would have chosen otherwise. From its peek on, a seat's view holds the hidden card too, so its
later actions are read over the deals that agree on the foreheads it sees *and* the hidden card.
The variants' pointing (H10) is not played.

**Mixtures.** A seat may draw its policy afresh each round from a :class:`Mixed` set of
policies that the table knows (it does not see the draw). Seat ``s``'s factor in a deal's weight
is then ``sum_k pi_k FLOOR ** m_sk``, ``m_sk`` counting the actions that policy ``k`` would not
have taken on that deal's view; a deal's weight is the product of its seats' factors, kept as
``FLOOR ** miss * rel`` so that nothing underflows (:func:`_refresh`). A seat's own factor is
the same on every deal it cannot tell apart, so it decides on the same belief as everyone.

What it answers: against a field that reads as it is read, how much can a reader with other
thresholds, or a player who reads nothing, gain? Set beside the same gains against a field of
card-only players (whose bids a reader inverts). ``scripts/headcount_common_reader.py`` runs it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from itertools import permutations

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.stats import wilson
from headcount_lab.games.headcount import exact
from headcount_lab.games.headcount.rules import (
    count_kernel,
    deck_size,
    discard_life,
    loser_chooses,
    next_start,
    only_discard,
    peek_lives,
    winner_lives,
)

#: the factor on a deal whose view would not have given the action seen: a deviator the field
#: models wrongly leaves the field a posterior over the deals that explain it best (as the
#: ``bayes`` bot's floor does), not an empty one
FLOOR = 1e-9
#: a deal's weight when the history has ``k`` more mismatches on it than on the best explained
#: deal its seat cannot tell apart: ``FLOOR ** k`` (counted, not multiplied, so that no group's
#: weights underflow together; past 34 the power is below the smallest double anyway)
POWERS = FLOOR ** np.arange(40.0)
#: the action code of "Count!" (every bid is far above it)
CALL = -(1 << 30)
#: a threshold no chance exceeds: a ``call`` of NEVER never calls (a peeker must raise, H7), a
#: ``peek`` of NEVER never peeks
NEVER = 2.0


@dataclass(frozen=True)
class Policy:
    """A seat's policy: ``reads`` (a common reader) or not (card-only), and its thresholds;
    ``peek`` None never peeks."""

    reads: bool
    call: float = 0.65
    quantile: float = 0.03
    peek: float | None = None

    @classmethod
    def parse(cls, text: str) -> Policy:
        """``KIND:CALL:QUANTILE[:PEEK]`` (KIND ``reader`` or ``card-only``; no PEEK: never
        peeks), the scripts' notation; ValueError names the form."""
        parts = text.split(":")
        try:
            if parts[0] not in ("reader", "card-only") or not 3 <= len(parts) <= 4:
                raise ValueError
            call, q, *peek = (float(x) for x in parts[1:])
        except ValueError:
            raise ValueError(
                f"{text!r} is not KIND:CALL:QUANTILE[:PEEK] (KIND reader or card-only)"
            ) from None
        return cls(parts[0] == "reader", call, q, peek[0] if peek else None)

    def spec(self) -> str:
        kind = "reader" if self.reads else "card-only"
        peek = "" if self.peek is None else f",peek={self.peek:g}"
        return f"{kind}:call={self.call:g},quantile={self.quantile:g}{peek}"


def parse_peeks(text: str) -> list[float | None]:
    """Comma-separated peek thresholds, ``none`` for a policy that never peeks (the scripts'
    ``--peeks``); ValueError otherwise."""
    try:
        return [None if x == "none" else float(x) for x in text.split(",")]
    except ValueError:
        raise ValueError(f"{text!r} is not numbers and 'none'") from None


@dataclass(frozen=True)
class Deals:
    """Every ordered deal of ``players`` foreheads and the hidden card, grouped by each seat's view.

    ``cards`` int8[D, players + 1] (seat 0..n-1, then the hidden card); ``row`` int32[D], the deal's
    row of the fully known belief table (``sf[row, t]`` = P(total >= ``lo`` + t), the Joker's
    stand-in averaged, H2-H4) and ``sft`` the same table by column (``sft[t, row]``: the
    kernels read one bid's column of every deal's row, which then fits in the cache); for seat
    ``j``: ``order[j]`` int32[D] the deals sorted by what ``j`` sees, ``starts[j]`` int32[G + 1]
    the groups' bounds in it, ``group[j]`` int32[D] each deal's group, ``rows[j]`` int32[D] and
    ``hid[j]`` int8[D] the belief row and the hidden card of the deal at each place of
    ``order[j]`` (the kernels read them in that order, one after the other, instead of looking
    each deal up); ``porder``, ``pstarts``, ``pgroup``, ``prows`` and
    ``phid`` the same for what ``j`` sees after a peek (the hidden card too).
    """

    players: int
    double: bool
    cards: np.ndarray
    row: np.ndarray
    sf: np.ndarray
    sft: np.ndarray
    lo: int
    order: np.ndarray
    starts: np.ndarray
    group: np.ndarray
    rows: np.ndarray
    hid: np.ndarray
    porder: np.ndarray
    pstarts: np.ndarray
    pgroup: np.ndarray
    prows: np.ndarray
    phid: np.ndarray

    def arrays(self) -> tuple[np.ndarray, ...]:
        """What the kernels take: cards, sft, then the views before and after a peek."""
        return (self.cards, self.sft, self.order, self.starts, self.group, self.rows, self.hid,
                self.porder, self.pstarts, self.pgroup, self.prows, self.phid)  # fmt: skip


def _views(
    cards: np.ndarray, row: np.ndarray, seen: list[list[int]], n_deck: int
) -> tuple[np.ndarray, ...]:
    """For each list of columns a seat sees: the deals sorted by those cards, the groups' bounds,
    each deal's group, and the rows and hidden cards in the sorted order, stacked over the
    seats."""
    order, starts, group = [], [], []
    for cols in seen:
        key = np.zeros(len(cards), dtype=np.int64)
        for k in cols:
            key = key * n_deck + cards[:, k]
        o = np.argsort(key, kind="stable").astype(np.int32)
        sk = key[o]
        s = np.flatnonzero(np.r_[True, sk[1:] != sk[:-1], True]).astype(np.int32)
        g = np.empty(len(cards), dtype=np.int32)
        g[o] = np.repeat(np.arange(len(s) - 1, dtype=np.int32), np.diff(s))
        order.append(o)
        starts.append(s)
        group.append(g)
    o = np.stack(order)
    return o, np.stack(starts), np.stack(group), row[o], np.ascontiguousarray(cards[:, -1][o])


@cache
def deals(players: int, double: bool = False) -> Deals:
    """The :class:`Deals` of a table (cached per process)."""
    n_deck = deck_size(double)
    cards = np.array(list(permutations(range(n_deck), players + 1)), dtype=np.int8)
    table = exact.belief_table(double, players + 1, 0)
    masks = (np.int64(1) << cards.astype(np.int64)).sum(axis=1)
    row = table.row_of_mask[masks].astype(np.int32)
    others = [[k for k in range(players) if k != j] for j in range(players)]
    return Deals(
        players,
        double,
        cards,
        row,
        np.ascontiguousarray(table.sf),
        np.ascontiguousarray(table.sf.T),
        table.lo,
        *_views(cards, row, others, n_deck),
        *_views(cards, row, [o + [players] for o in others], n_deck),
    )


@njit(nogil=True, cache=True)
def _load(bel, order, a, z, w, mb):
    """Load the weights of the group ``order[a:z]`` (the deals a seat cannot tell apart) for the
    decisions below into ``w`` (float64[>= z - a]), each relative to the group's best explained
    deal (``mb`` int32 scratch of the same size); returns their sum. The decisions read the
    weights from ``w`` and the rows (hidden cards) from the view's ``rows`` (``hid``) in the
    group's order, so every sum adds the same products in the same order however many are
    taken.

    ``bel`` = (``miss`` int32[D], ``rel`` float64[D]): a deal's weight is ``FLOOR ** (miss -
    base) * rel``, ``base`` the group's fewest mismatches and ``rel`` 1 unless a seat mixes
    policies (:func:`_refresh`); an empty ``rel`` stands for all ones and is not read."""
    miss, rel = bel
    base = miss[order[a]]
    for k in range(a, z):
        x = miss[order[k]]
        mb[k - a] = x
        base = min(base, x)
    mixed = rel.shape[0] > 0
    wsum = 0.0
    for i in range(z - a):
        x = POWERS[min(mb[i] - base, 39)]
        if mixed:
            x *= rel[order[a + i]]
        w[i] = x
        wsum += x
    return wsum


@njit(nogil=True, cache=True, inline="always")
def _sf(sft, r, t):
    """P(total >= ``lo + t``) on the belief row ``r`` (1 below the table, 0 past its top)."""
    if t <= 0:
        return 1.0
    if t >= sft.shape[0]:
        return 0.0
    return sft[t, r]


@njit(nogil=True, cache=True, inline="always")
def _tail(s, wsum, sft, t):
    """P(total >= ``lo + t``) from the weighted sum ``s`` of the group's rows at ``t``."""
    if t <= 0 or t >= sft.shape[0]:
        return _sf(sft, 0, t)
    return s / wsum


@njit(nogil=True, cache=True)
def _at_least(w, r, m, wsum, sft, t):
    """P(total >= ``lo + t``) under the posterior of a loaded group of ``m`` deals."""
    s = 0.0
    if 0 < t < sft.shape[0]:
        for i in range(m):
            s += w[i] * sft[t, r[i]]
    return _tail(s, wsum, sft, t)


@njit(nogil=True, cache=True)
def _choose(w, r, m, wsum, sft, lo, nb, last, call, quantile):
    """:func:`decide` on a loaded group."""
    if nb > 0 and 1.0 - _at_least(w, r, m, wsum, sft, last - lo) > call:
        return CALL
    return _safe(w, r, m, wsum, sft, lo, nb, last, quantile)


@njit(nogil=True, cache=True)
def _safe(w, r, m, wsum, sft, lo, nb, last, quantile):
    """The bid of :func:`_choose` when it does not call: the highest with P(total >= bid) >= 1 -
    ``quantile``, at least one above the last (P(total >= lo) = 1, P past the top = 0)."""
    need = 1.0 - quantile
    good, bad = lo, lo + sft.shape[0]
    while bad - good > 1:
        mid = (good + bad) // 2
        if _at_least(w, r, m, wsum, sft, mid - lo) >= need:
            good = mid
        else:
            bad = mid
    if nb > 0 and good <= last:
        return last + 1
    return good


@njit(nogil=True, cache=True)
def _buffers(m):
    """Scratch for :func:`_load` of groups of up to ``m`` deals."""
    return np.empty(m), np.empty(m, dtype=np.int32)


@njit(nogil=True, cache=True)
def _largest(starts):
    """The most deals in one group of ``starts``."""
    m = 0
    for g in range(starts.shape[0] - 1):
        m = max(m, starts[g + 1] - starts[g])
    return m


@njit(nogil=True, cache=True)
def decide(bel, order, a, z, rows, sft, lo, nb, last, call, quantile):
    """The action of a seat whose view holds the deals ``order[a:z]``, weighed by the belief
    ``bel`` (:func:`_load`): :data:`CALL`, or the bid (H5; a call needs a bid, ties go to the
    bidder, H6). ``rows`` and ``sft`` are the view's rows and the belief table by column
    (:class:`Deals`)."""
    w, mb = _buffers(z - a)
    wsum = _load(bel, order, a, z, w, mb)
    return _choose(w, rows[a:z], z - a, wsum, sft, lo, nb, last, call, quantile)


@njit(nogil=True, cache=True)
def _sums(w, r, m, sft, lo, last, action):
    """The weighted sums of a loaded group's belief rows that :func:`_gives_on` reads, at
    ``last``, ``last + 2``, ``action`` and ``action + 1`` (0 outside the table), in one pass:
    the table reads every group of a view at every action, and the policies of a mixture that
    decide on the same belief share them."""
    t0, t1, t2, t3 = last - lo, last + 2 - lo, action - lo, action + 1 - lo
    top = sft.shape[0]
    s0, s1, s2, s3 = 0.0, 0.0, 0.0, 0.0
    for i in range(m):
        x, ri = w[i], r[i]
        if 0 < t0 < top:
            s0 += x * sft[t0, ri]
        if 0 < t1 < top:
            s1 += x * sft[t1, ri]
        if 0 < t2 < top:
            s2 += x * sft[t2, ri]
        if 0 < t3 < top:
            s3 += x * sft[t3, ri]
    return s0, s1, s2, s3


@njit(nogil=True, cache=True)
def _gives_on(sums, wsum, sft, lo, nb, last, call, quantile, action):
    """:func:`gives` on a loaded group, from its :func:`_sums`."""
    s0, s1, s2, s3 = sums
    t0, t1, t2, t3 = last - lo, last + 2 - lo, action - lo, action + 1 - lo
    need = 1.0 - quantile
    if nb > 0:
        calls = 1.0 - _tail(s0, wsum, sft, t0) > call
        if action == CALL or calls:
            return action == CALL and calls
        if action <= last:  # never a legal bid (H5)
            return False
        if action == last + 1:  # the highest safe bid is at most the lowest legal one
            return _tail(s1, wsum, sft, t1) < need
    return _tail(s2, wsum, sft, t2) >= need and _tail(s3, wsum, sft, t3) < need


@njit(nogil=True, cache=True)
def gives(bel, order, a, z, rows, sft, lo, nb, last, call, quantile, action):
    """Whether :func:`decide` on the same inputs gives ``action``, read off at most three
    chances instead of its search (P(total >= b) falls with b, so the bid ``b`` is the one with
    P(total >= b) >= 1 - ``quantile`` > P(total >= b + 1))."""
    w, mb = _buffers(z - a)
    wsum = _load(bel, order, a, z, w, mb)
    sums = _sums(w, rows[a:z], z - a, sft, lo, last, action)
    return _gives_on(sums, wsum, sft, lo, nb, last, call, quantile, action)


@njit(nogil=True, cache=True)
def _sources(model, peeking):
    """Which beliefs the policies ``model[k]`` (those that may peek, when ``peeking``) decide on:
    (any reader, any card-only player)."""
    readers, plain = False, False
    for k in range(model.shape[0]):
        if peeking and model[k, 3] >= NEVER:
            continue
        if model[k, 0] > 0.5:
            readers = True
        else:
            plain = True
    return readers, plain


@njit(nogil=True, cache=True)
def _mark(outs, k, order, a, z):
    """One mismatch more under policy ``k`` on the deals ``order[a:z]``."""
    for j in range(a, z):
        outs[k, order[j]] += 1


@njit(nogil=True, cache=True)
def _peeks(w, r, h, m, wsum, sft, lo, nb, last, call, quantile, peek, acc):
    """:func:`wants_peek` on a loaded group (hidden cards included)."""
    if peek >= NEVER:
        return False
    plan = _choose(w, r, m, wsum, sft, lo, nb, last, call, quantile)
    if plan == CALL:
        return False
    return _moved(w, r, h, m, wsum, sft, lo, plan, acc) > peek


@njit(nogil=True, cache=True)
def _moved(w, r, h, m, wsum, sft, lo, plan, acc):
    """How far the hidden card moves the chance that the bid ``plan`` survives, on average over
    a loaded group (hidden cards ``h``; ``acc`` float64[2, n_deck] scratch): :func:`_peeks`
    peeks when it is above the policy's threshold."""
    p = _at_least(w, r, m, wsum, sft, plan - lo)
    acc[:] = 0.0
    for i in range(m):
        acc[0, h[i]] += w[i]
        acc[1, h[i]] += w[i] * _sf(sft, r[i], plan - lo)
    moved = 0.0
    for c in range(acc.shape[1]):
        if acc[0, c] > 0.0:
            moved += acc[0, c] * abs(acc[1, c] / acc[0, c] - p)
    return moved / wsum


@njit(nogil=True, cache=True)
def wants_peek(bel, order, a, z, hid, rows, sft, lo, nb, last, call, quantile, peek, acc):
    """Whether a seat whose view holds the deals ``order[a:z]`` peeks (H7): when it would raise
    anyway and the hidden card moves the chance that its planned bid survives by more than
    ``peek``, on average over its posterior. ``hid`` int8[D] the hidden card of the deal at each
    place of ``order``; ``acc`` float64[2, n_deck] scratch."""
    if peek >= NEVER:
        return False
    w, mb = _buffers(z - a)
    wsum = _load(bel, order, a, z, w, mb)
    return _peeks(w, rows[a:z], hid[a:z], z - a, wsum, sft, lo, nb, last, call, quantile, peek,
                  acc)  # fmt: skip


@njit(nogil=True, cache=True)
def _twin(model, k, reads, keys, key):
    """The first policy before ``k`` that decides on the same belief (``reads``), may peek and
    has ``keys[j] == key``, or -1: on a peek turn such a policy has already worked out what
    policy ``k`` needs (its plan, or the hidden card's pull on that plan)."""
    for j in range(k):
        if (model[j, 0] > 0.5) == reads and model[j, 3] < NEVER and keys[j] == key:
            return j
    return -1


@njit(nogil=True, cache=True)
def _observe(bel, prior, outs, order, starts, hid, rows, sft, lo, nb, last, model, peek_turn,
             must_raise, action, acc):  # fmt: skip
    """Count in ``outs[k]`` (int32[K, D]) a mismatch on every deal whose view the modelled policy
    ``model[k]`` (float64[K, >= 4]: reads, call, quantile, peek) does not give the actor's
    action on. On a ``peek_turn`` the action is the peek decision (``action`` 1 peeked, 0
    declined; H7), read under the policies that may peek, and a policy that never peeks is wrong
    on every deal alike when the actor peeked; else it is the bid (a peeker ``must_raise``, H7).
    A reader decides on the belief ``bel``, a card-only player on ``prior`` (its view's prior).
    ``outs`` may hold ``bel``'s own counts (one policy): a group's check reads only its own
    deals. Each group is loaded once per belief, and what the policies deciding on one belief
    have in common is computed once: a bid's four sums (:func:`_sums`), a peek turn's chance
    that the last bid fails, the plan of each quantile and the hidden card's pull on each plan
    (:func:`_moved`). Every figure is the one a policy alone computes, so the marks are those of
    one policy at a time."""
    k_n = model.shape[0]
    peeked = peek_turn and action == 1
    if peeked:
        for k in range(k_n):
            if model[k, 3] >= NEVER:
                _mark(outs, k, order, 0, order.shape[0])
    readers, plain = _sources(model, peek_turn)
    if not (readers or plain):
        return
    m = _largest(starts)
    w, mb = _buffers(m)
    w0 = np.empty(m if plain else 0)
    plans = np.empty(k_n, np.int64)  # a peek turn's plan of each policy (CALL: it calls)
    planned = np.empty(k_n)  # ... the quantile it planned with (-1: it calls, no plan)
    moves = np.empty(k_n)  # ... and the hidden card's pull on its plan
    zero = (0.0, 0.0, 0.0, 0.0)
    for g in range(starts.shape[0] - 1):
        a, z = starts[g], starts[g + 1]
        ws = _load(bel, order, a, z, w, mb) if readers else 0.0
        ps = _load(prior, order, a, z, w0, mb) if plain else 0.0
        r = rows[a:z]
        fail_r, fail_p, sum_r, sum_p = 0.0, 0.0, zero, zero
        if peek_turn:  # _choose's call check, shared
            if readers:
                fail_r = 1.0 - _at_least(w, r, z - a, ws, sft, last - lo)
            if plain:
                fail_p = 1.0 - _at_least(w0, r, z - a, ps, sft, last - lo)
        else:
            if readers:
                sum_r = _sums(w, r, z - a, sft, lo, last, action)
            if plain:
                sum_p = _sums(w0, r, z - a, sft, lo, last, action)
        for k in range(k_n):
            if peek_turn and model[k, 3] >= NEVER:
                continue
            reads = model[k, 0] > 0.5
            wk = w if reads else w0
            sk = ws if reads else ps
            if peek_turn:
                if nb > 0 and (fail_r if reads else fail_p) > model[k, 1]:  # as _choose
                    plans[k], planned[k] = CALL, -1.0
                else:
                    j = _twin(model, k, reads, planned, model[k, 2])
                    plans[k] = plans[j] if j >= 0 else _safe(wk, r, z - a, sk, sft, lo, nb, last,
                                                             model[k, 2])  # fmt: skip
                    planned[k] = model[k, 2]
                if plans[k] == CALL:
                    same = not peeked  # a policy that calls does not peek
                else:
                    j = _twin(model, k, reads, plans, plans[k])
                    moves[k] = moves[j] if j >= 0 else _moved(wk, r, hid[a:z], z - a, sk, sft, lo,
                                                              plans[k], acc)  # fmt: skip
                    same = peeked == (moves[k] > model[k, 3])
            else:
                call = NEVER if must_raise else model[k, 1]
                same = _gives_on(sum_r if reads else sum_p, sk, sft, lo, nb, last, call,
                                 model[k, 2], action)  # fmt: skip
            if not same:
                _mark(outs, k, order, a, z)


@njit(nogil=True, cache=True)
def _refresh(bel, mix, seat, pi):
    """Fold ``seat``'s mismatches under each policy of the mixture ``pi`` (``tmiss[seat]``
    int32[K, D]; ``mix`` is ``(tmiss, cs, rs)``) into the belief: the seat's factor of a deal,
    ``sum_k pi[k] FLOOR ** tmiss[seat, k]``, is kept as ``FLOOR ** cs[seat] * rs[seat]`` (``cs``
    the fewest mismatches, int32[n, D]; ``rs`` float64[n, D], between the least weight and 1),
    so ``miss`` is the sum of the seats' ``cs`` and ``rel`` the product of their ``rs``."""
    miss, rel = bel
    tmiss, cs, rs = mix
    n, k_n = tmiss.shape[0], tmiss.shape[1]
    for d in range(miss.shape[0]):
        c = tmiss[seat, 0, d]
        for k in range(1, k_n):
            c = min(c, tmiss[seat, k, d])
        r = 0.0
        for k in range(k_n):
            r += pi[k] * POWERS[min(tmiss[seat, k, d] - c, 39)]
        miss[d] += c - cs[seat, d]
        cs[seat, d] = c
        rs[seat, d] = r
        r = 1.0
        for s in range(n):
            r *= rs[s, d]
        rel[d] = r


@njit(nogil=True, cache=True)
def _read(bel, prior, mix, seat, order, starts, rows, sft, lo, nb, last, model, now, peek_turn,
          action, hid, acc):  # fmt: skip
    """The table reads ``seat``'s action under every policy ``model[k]`` of the field's mixture
    (one policy: the mismatches go straight into ``bel``): its peek decision when
    ``peek_turn`` (``action`` 1 peeked, 0 declined), else its bid (``now``: it peeked this
    turn)."""
    k_n = model.shape[0]
    miss = bel[0]
    outs = miss.reshape((1, miss.shape[0])) if k_n == 1 else mix[0][seat]
    _observe(bel, prior, outs, order, starts, hid, rows, sft, lo, nb, last, model, peek_turn, now,
             action, acc)  # fmt: skip
    if k_n > 1:
        _refresh(bel, mix, seat, model[:, 4])  # column 4: the mixture's weights


@njit(nogil=True, cache=True)
def play_round(tab, lo, n_deck, d0, draw_u, played, model, start, open_l, work, peeked, res):
    """Bid and count one round on deal ``d0`` opened by seat ``start``.

    ``tab``: :meth:`Deals.arrays`. ``played`` float64[n, 4]: each seat's reads, call, quantile
    and peek this round; ``model`` float64[K, 5]: the field's policies (the same four) and
    their weights, as every seat is modelled. ``open_l`` int64[n]: the seats' open life cards
    (a seat with none may not peek, H7). ``work``: :func:`scratch`. Out: ``peeked`` int64[n], 1
    for a seat that peeked; ``res`` int64[6]: the loser, the number of bids, the last bid, the
    last bidder, the draw pile's top (the card the Joker stands for, H2) and the caller.
    """
    cards, sft, order, starts, group, rows, hid, porder, pstarts, pgroup, prows, phid = tab
    miss, rel, mix, zeros, ones = work
    tmiss, cs, rs = mix  # the seats' mismatches and factors under a mixed field
    # one policy leaves every deal's relative weight at 1: an empty one is not read (:func:`_load`)
    bel, prior = (miss, rel if model.shape[0] > 1 else rel[:0]), (zeros, ones)
    n = order.shape[0]
    acc = np.zeros((2, n_deck))
    miss[:] = 0
    rel[:] = 1.0
    tmiss[:] = 0
    cs[:] = 0
    rs[:] = 1.0
    peeked[:] = 0
    # typed flags, not literals: a literal True or False is another argument type, and
    # _read (with _observe) was compiled once per call site
    yes, no = np.bool_(True), np.bool_(False)
    model_peeks = False
    for k in range(model.shape[0]):
        model_peeks = model_peeks or model[k, 3] < NEVER
    nb = 0
    last = 0
    bidder = -1
    seat = start
    while True:
        p = played[seat]
        src = bel if p[0] > 0.5 else prior
        now = False
        # H7: an open life card, not the start player's opening turn; once a round (a second
        # look shows nothing new)
        if open_l[seat] > 0 and peeked[seat] == 0 and nb > 0 and (p[3] < NEVER or model_peeks):
            a, z = starts[seat, group[seat, d0]], starts[seat, group[seat, d0] + 1]
            now = wants_peek(
                src, order[seat], a, z, hid[seat], rows[seat], sft, lo, nb, last, p[1], p[2], p[3],
                acc,
            )  # fmt: skip
            if model_peeks:  # a model that never peeks finds every deal alike wrong
                _read(bel, prior, mix, seat, order[seat], starts[seat], rows[seat], sft, lo, nb,
                      last, model, no, yes, 1 if now else 0, hid[seat], acc)  # fmt: skip
            peeked[seat] = 1 if now else 0
        if peeked[seat]:
            o, s, g, ro, hi = porder, pstarts, pgroup, prows, phid
        else:
            o, s, g, ro, hi = order, starts, group, rows, hid
        a, z = s[seat, g[seat, d0]], s[seat, g[seat, d0] + 1]
        act = decide(src, o[seat], a, z, ro[seat], sft, lo, nb, last, NEVER if now else p[1], p[2])
        if act == CALL:
            break
        _read(bel, prior, mix, seat, o[seat], s[seat], ro[seat], sft, lo, nb, last, model, now,
              no, act, hi[seat], acc)  # fmt: skip
        nb += 1
        last = act
        bidder = seat
        seat = (seat + 1) % n
    # the count: the Joker stands for the draw pile's top, one of the cards not in play (H2)
    k = cards.shape[1]
    rest = np.empty(n_deck - k, dtype=np.int64)
    m = 0
    for c in range(n_deck):
        used = False
        for i in range(k):
            if cards[d0, i] == c:
                used = True
        if not used:
            rest[m] = c
            m += 1
    draw = rest[int(draw_u * m)]
    total = count_kernel(cards[d0].astype(np.int64), k, draw)
    res[0] = bidder if total < last else seat  # H6: a tie goes to the bidder
    res[1] = nb
    res[2] = last
    res[3] = bidder
    res[4] = draw
    res[5] = seat


@njit(nogil=True, cache=True, inline="always")
def _draw(mix, u):
    """The policy (float64[4]) the mixture ``mix`` (float64[K, 5]) plays with the uniform ``u``."""
    k = 0
    acc = mix[0, 4]
    while u >= acc and k < mix.shape[0] - 1:
        k += 1
        acc += mix[k, 4]
    return mix[k, :4]


@njit(nogil=True, cache=True)
def play_rounds(tab, lo, n_deck, deal_ix, draw_u, type_u, first, field, dev, open_lives, out):
    """Play ``deal_ix.shape[0]`` rounds; round ``r`` seats the deviator at ``(first + r) % n`` and
    opens with seat ``(first + r) // n % n``; every seat starts each round with ``open_lives``
    open life cards (0: nobody peeks).

    ``field``/``dev`` float64[K, 5]: the policies (reads, call, quantile, peek) and weights the
    field's seats and the deviator draw from each round with ``type_u`` float64[rounds, n]; the
    field models every seat, the deviator's too, as its own mixture. ``out`` int64[rounds, 7]:
    the loser, the deviator's seat, the number of bids, the last bid, the draw pile's top (the
    card the Joker would stand for), the last bidder, and the seats that peeked (bit ``s`` for
    seat ``s``).
    """
    n = tab[2].shape[0]
    work = scratch(tab[0].shape[0], n, field.shape[0])
    played = np.empty((n, 4))
    open_l = np.full(n, open_lives, dtype=np.int64)
    peeked = np.zeros(n, dtype=np.int64)
    res = np.zeros(6, dtype=np.int64)
    for r in range(deal_ix.shape[0]):
        dv = (first + r) % n
        for s in range(n):
            played[s] = _draw(dev if s == dv else field, type_u[r, s])
        play_round(
            tab, lo, n_deck, deal_ix[r], draw_u[r], played, field, (first + r) // n % n, open_l,
            work, peeked, res,
        )  # fmt: skip
        out[r, 0] = res[0]
        out[r, 1] = dv
        out[r, 2] = res[1]
        out[r, 3] = res[2]
        out[r, 4] = res[4]
        out[r, 5] = res[3]
        out[r, 6] = (peeked << np.arange(n)).sum()


@njit(nogil=True, cache=True)
def scratch(deals, n, k_n):
    """A round's belief arrays: ``miss`` int32[D], ``rel`` float64[D], the mixed field's tuple
    ``(tmiss, cs, rs)`` (the mismatches per seat and policy int32[n, K, D], empty for one policy,
    and the seats' factors int32[n, D] and float64[n, D], :func:`_refresh`), and a card-only
    player's ``zeros`` and ``ones`` (empty: a weight of 1 on every deal, not read,
    :func:`_load`)."""
    m = deals if k_n > 1 else 0
    return (
        np.zeros(deals, np.int32),
        np.ones(deals),
        (np.zeros((n, k_n, m), np.int32), np.zeros((n, m), np.int32), np.ones((n, m))),
        np.zeros(deals, np.int32),
        np.ones(0),
    )


track_sources(play_rounds, gives)  # gives: the tests' check of _gives_on, reached by nothing else


@dataclass(frozen=True)
class Mixed:
    """Policies a seat draws from, afresh each round, with ``weights`` (summing to 1); the
    table knows the mixture, not the draw."""

    policies: tuple[Policy, ...]
    weights: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.policies) != len(self.weights) or not self.policies:
            raise ValueError("a mixture needs one weight per policy")
        if min(self.weights) <= 0 or abs(sum(self.weights) - 1.0) > 1e-9:
            raise ValueError(f"mixture weights must be positive and sum to 1: {self.weights}")

    def spec(self) -> str:
        return " + ".join(
            f"{w:g} {p.spec()}" for p, w in zip(self.policies, self.weights, strict=True)
        )


Play = Policy | Mixed


def _mix(x: Play) -> np.ndarray:
    """float64[K, 5]: each policy's reads, call, quantile and peek (:data:`NEVER` for none)
    and its weight (one policy: weight 1)."""
    mixed = x if isinstance(x, Mixed) else Mixed((x,), (1.0,))
    return np.array(
        [
            (p.reads, p.call, p.quantile, NEVER if p.peek is None else p.peek, w)
            for p, w in zip(mixed.policies, mixed.weights, strict=True)
        ],
        dtype=np.float64,
    )


#: the situations a :class:`Situational` seat plays apart: two players left, or one life card
#: left in its own hands (open or face down); both are public at the round's start
SITUATIONS = ("headsup", "last-life")


@dataclass(frozen=True)
class Situational:
    """A deviator that plays ``base`` except, in whole games (:func:`play_games`), in the rounds
    that open in the situation ``when`` (:data:`SITUATIONS`), where it plays ``then``: a reply
    wider than one set of thresholds (a peek or a call that depends on the lives left). The
    field still models the seat as one of its own. A ``headsup`` one is also a field
    (:data:`Field`): every seat plays and reads ``then`` once two are left. A ``last-life`` one
    may take such a field as its ``base``: it then plays the field's two mixtures as the field
    does, and ``then`` on its last life card."""

    base: Play | Situational
    when: str
    then: Play

    def __post_init__(self) -> None:
        if self.when not in SITUATIONS:
            raise ValueError(f"{self.when!r} is not a situation: {', '.join(SITUATIONS)}")
        if isinstance(self.base, Situational) and (
            self.when != "last-life" or self.base.when != "headsup"
        ):
            raise ValueError("only a last-life seat takes a situational base, a heads-up field")

    def spec(self, base: str | None = None) -> str:
        """Its notation; ``base`` names the base instead of its spec ("the field")."""
        return f"{self.then.spec()} when {self.when}, else {base or self.base.spec()}"

    def now(self, n_active: int, lives: int) -> bool:
        """Whether a round that opens with ``n_active`` players in and ``lives`` life cards in
        its hands is its situation."""
        return n_active == 2 if self.when == "headsup" else lives == 1

    def plays(self, n_active: int, lives: int) -> Play:
        """What it plays in such a round."""
        if self.now(n_active, lives):
            return self.then
        return self.base.plays(n_active, lives) if isinstance(self.base, Situational) else self.base


#: a deviator: a policy, a mixture, or a seat that changes with the situation (games only)
Deviator = Play | Situational
#: a field: a policy or mixture, or (games only) a ``headsup`` :class:`Situational` that plays
#: and reads one mixture while three or more are in and another once two are left; the
#: situation is the table's, so every seat reads every other with the same mixture
Field = Play | Situational


def headsup_apart(field: Field) -> tuple[Play, Play]:
    """The field's play (and model) with three or more in, and with two left."""
    if not isinstance(field, Situational):
        return field, field
    if field.when != "headsup" or isinstance(field.base, Situational):
        # a seat's own lives would give each seat its own model
        raise ValueError(f"a field changes with the table only (headsup), not {field.when!r}")
    return field.base, field.then


def any_peek(x: Deviator) -> bool:
    """Whether a policy of ``x`` ever peeks."""
    if isinstance(x, Situational):
        return any_peek(x.base) or any_peek(x.then)
    return any(p.peek is not None for p in (x.policies if isinstance(x, Mixed) else (x,)))


@dataclass(frozen=True)
class Measured:
    """The deviator's share of the rounds lost (``what`` "rounds") or games won (``what``
    "games"), with its 95% Wilson interval, and its gain over the fair share ``1/n`` in points,
    positive when it does better than fair; ``peeks``: the deviator's and a field seat's peeks
    per round or game; ``by_label``: the hits had the deviator's label sat ``j`` seats further
    on (``j = 0`` the deviator's own, :attr:`hits`), which sum to :attr:`count`: when the
    deviator plays the field's own policy the play does not depend on the label, so they are
    ``n`` readings of one run whose mean is the fair share, and their spread is the noise of
    the measure."""

    players: int
    field: Field
    deviator: Deviator
    what: str
    by_label: tuple[int, ...]
    share: tuple[float, float, float]
    gain_pp: tuple[float, float, float]
    peeks: tuple[float, float] = (0.0, 0.0)

    @property
    def hits(self) -> int:
        return self.by_label[0]

    @property
    def count(self) -> int:
        return sum(self.by_label)

    @classmethod
    def of(
        cls,
        players: int,
        field: Field,
        deviator: Deviator,
        what: str,
        by_label: tuple[int, ...],
        peeks: tuple[float, float] = (0.0, 0.0),
    ) -> Measured:
        share = wilson(by_label[0], sum(by_label))
        sign = -100.0 if what == "rounds" else 100.0  # a round lost is bad, a game won good
        est, a, b = (sign * (x - 1.0 / players) for x in share)
        gain = (est, min(a, b), max(a, b))
        return cls(players, field, deviator, what, by_label, share, gain, peeks)


def _tally(
    players: int, field: Field, deviator: Deviator, what: str, out: np.ndarray, peeks: np.ndarray
) -> Measured:
    """:class:`Measured` of a run whose rows ``out`` start with the seat that lost the round
    (``what`` "rounds") or won the game ("games") and the deviator's seat; ``peeks``
    int64[rows, n] each seat's peeks, averaged for the deviator and for a field seat."""
    dev = out[:, 1]
    mine = peeks[np.arange(len(dev)), dev]
    rates = float(mine.mean()), float((peeks.sum(axis=1) - mine).mean() / (players - 1))
    labels = tuple(int((out[:, 0] == (dev + j) % players).sum()) for j in range(players))
    return Measured.of(players, field, deviator, what, labels, rates)


def measure(
    players: int,
    field: Play,
    deviator: Play,
    rounds: int,
    seed: int,
    double: bool = False,
    open_lives: int = 0,
) -> Measured:
    """Play ``rounds`` rounds (a multiple of ``players**2`` keeps every seat pairing equal) with
    the deviator against ``players - 1`` field seats, each seat holding ``open_lives`` open life
    cards (0: no peeks; a peek costs nothing beyond the round); every deviator measured on one
    seed sees the same deals (common random numbers)."""
    dl = deals(players, double)
    g = np.random.default_rng(np.random.SeedSequence([seed, players, int(double)]))
    deal_ix = g.integers(0, len(dl.cards), size=rounds)
    draw_u = g.random(rounds)
    type_u = g.random((rounds, players))  # after the deals: a mixture leaves them as they were
    out = np.zeros((rounds, 7), dtype=np.int64)
    play_rounds(
        dl.arrays(),
        dl.lo,
        deck_size(double),
        deal_ix,
        draw_u,
        type_u,
        0,
        _mix(field),
        _mix(deviator),
        open_lives,
        out,
    )
    return _tally(players, field, deviator, "rounds", out, (out[:, 6:7] >> np.arange(players)) & 1)


def play_games(
    players: int,
    field: Field,
    deviator: Deviator,
    games: int,
    seed: int,
    lives: int = 3,
    double: bool = False,
) -> np.ndarray:
    """Whole games: every seat starts with ``lives`` open life cards. A peek turns one face down
    (H7); after the count the round's winner (the bidder or the caller) turns a face-down one up
    and the loser discards one, face-down first while it has both (a face-down card is the one
    it could not peek with), H8; a player out of life cards is out, and the loser opens the
    next round, or the next seat still in does (H9). The rounds go on with the smaller table's
    deals until one player is left. Game ``g`` seats the deviator at ``g % players`` and lets
    seat ``g // players % players`` open; a :class:`Situational` deviator picks its policy at
    each round's start, from what the table sees, and a heads-up field (:data:`Field`) plays and
    reads its heads-up mixture in the rounds two players open. Returns int64[games, 3 + players]:
    the winner, the deviator's seat, the rounds played and each seat's peeks."""
    g = np.random.default_rng(np.random.SeedSequence([seed, players, int(double), 1]))
    # each round discards one life card: the last player keeps at least one of its own
    rounds = lives * players - 1
    u = g.random((games, rounds, 2))
    type_u = g.random((games, rounds, players))  # after the deals (see :func:`measure`)
    tables = {k: deals(k, double) for k in range(2, players + 1)}

    def by_table(x: Field) -> dict[int, np.ndarray]:
        """What ``x`` plays at each table size: its heads-up part once two are left."""
        many, two = (_mix(p) for p in headsup_apart(x))
        return {k: two if k == 2 else many for k in tables}

    models = by_table(field)
    # a situational deviator: (its situation, the policy it plays there); its base may change
    # heads-up as a field does. A plain deviator plays its one policy or mixture every round.
    situation: tuple[Situational, np.ndarray] | None = None
    if isinstance(deviator, Situational):
        situation, bases = (deviator, _mix(deviator.then)), by_table(deviator.base)
    else:
        bases = by_table(deviator)
    work = {k: scratch(len(t.cards), k, len(models[k])) for k, t in tables.items()}
    n_deck = deck_size(double)
    res = np.zeros(6, dtype=np.int64)
    out = np.zeros((games, 3 + players), dtype=np.int64)
    for game in range(games):
        dv = game % players
        open_l = np.full(players, lives, dtype=np.int64)
        down = np.zeros(players, dtype=np.int64)
        start = game // players % players
        for r in range(rounds):
            active = np.flatnonzero(open_l + down > 0)
            if len(active) == 1:
                break
            out[game, 2] += 1
            t, model = tables[len(active)], models[len(active)]
            mine = bases[len(active)]
            if situation is not None and situation[0].now(len(active), int(open_l[dv] + down[dv])):
                mine = situation[1]
            played = np.stack(
                [_draw(mine if s == dv else model, type_u[game, r, s]) for s in active]
            )
            peeked = np.zeros(len(active), dtype=np.int64)
            play_round(
                t.arrays(),
                t.lo,
                n_deck,
                int(u[game, r, 0] * len(t.cards)),
                u[game, r, 1],
                played,
                model,
                int(np.flatnonzero(active == start)[0]),
                open_l[active],
                work[len(active)],
                peeked,
                res,
            )
            for s in active[peeked > 0]:
                open_l[s], down[s] = peek_lives(open_l[s], down[s])
            out[game, 3 + active] += peeked
            loser, bidder, caller = (int(active[res[i]]) for i in (0, 3, 5))
            win = caller if loser == bidder else bidder
            open_l[win], down[win] = winner_lives(open_l[win], down[win])
            kind = (
                0
                if loser_chooses(open_l[loser], down[loser])
                else only_discard(open_l[loser], down[loser])
            )
            open_l[loser], down[loser] = discard_life(open_l[loser], down[loser], kind)
            start = int(next_start(open_l + down > 0, loser, False))
        out[game, :2] = (np.flatnonzero(open_l + down > 0)[0], dv)
    return out


def measure_games(
    players: int, field: Field, deviator: Deviator, games: int, seed: int, double: bool = False
) -> Measured:
    """:func:`play_games` summed: the deviator's share of games won against ``1/n``."""
    out = play_games(players, field, deviator, games, seed, double=double)
    return _tally(players, field, deviator, "games", out, out[:, 3:])


def halve_thirds(
    pool: list[Deviator],
    size: int,
    seed: int,
    measured: Callable[[Deviator, int, int], Measured],
    each: Callable[..., Iterable[Measured]] = map,
) -> tuple[Deviator, list[list[Measured]]]:
    """Successive thirds over the deviators ``pool``: each stage measures every one left with
    ``measured(deviator, size, seed)`` (one seed for all: common deals), keeps the best third
    (the largest gain first) and triples ``size``, until fewer than six are left. Returns the
    winner of the last stage and every stage's measurements, best first. ``each`` maps the
    measurement over a stage's deviators in order (a thread pool's ``map``: the same result)."""
    stages = []
    while True:
        now = each(measured, pool, [size] * len(pool), [seed] * len(pool))
        ms = sorted(now, key=lambda m: -m.gain_pp[0])
        stages.append(ms)
        if len(ms) // 3 < 2:
            return ms[0].deviator, stages
        pool = [m.deviator for m in ms[: len(ms) // 3]]
        size *= 3
