"""Headcount bots: a policy id plus a parameter array, and one jitted :func:`act`.

A bot only ever sees an *observation*: the forehead cards of the other active seats, the hidden
card if it peeked this round, the bids so far (who bid what, and whether they had peeked), who
peeked, and everyone's open and face-down life cards. The engine builds that observation; the
true state (own card, hidden card, draw pile) never reaches :func:`act`. Each decision gets one
uniform number ``u`` in [0, 1) drawn by the engine from the game's bot stream, so bots are
deterministic functions of (observation, parameters, ``u``) and the kernel and the plain-Python
reference consume the same numbers.

Decisions (``kind``): ``PEEK`` (0/1, only asked when peeking is allowed), ``BID`` (a bid, or
:data:`CALL` when :func:`.rules.may_call` allows it), ``POINT`` (Trickster, H10: the seat
pointed at, caller or last bidder) and ``DISCARD`` (1 = discard an open life card, 0 = a
face-down one; only asked when both exist).

Policies and their parameters (``name:key=value,...`` on the command line):

- ``random``: calls with probability ``call`` when it may, else raises by 1..``step`` (the
  opening bid is uniform on ``lo..hi``); peeks with probability ``peek``; points and discards at
  random. A floor.
- ``tips``: the rule text's tips. Estimate = what it sees + 5 for each unseen card in play (the
  highest seen number card dropped when the A♠ is seen, doubled when ×2 is seen). Opens at the
  estimate, raises by at most ``step`` towards it (else by 1), calls when the bid is more than
  ``margin`` above it, peeks when the bid is within ``band`` of it.
- ``odds``: the exact distribution of the total from its view (belief tables of
  :mod:`~headcount_lab.games.headcount.exact`). Calls when P(bidder loses) > ``call``; otherwise
  bids the highest number that survives a call with probability >= 1 - ``quantile`` (at least
  the minimum raise). Peeks when it would raise anyway and the hidden card *matters*: the
  expected absolute change, over the possible hidden cards, of the chance its planned bid
  survives exceeds ``peek``. Points at the bidder when P(bid survives) >= ``point``.
- ``reader``: ``odds`` plus Bayesian inference about its own card: each raise by another seat
  is scored against the bid an ``odds`` player with quantile ``model`` would have made, for
  every possible own card, with a Cauchy weight of scale ``sigma``. It bids and calls
  from the resulting mixture. (Approximation: a bidder who peeked and whose hidden card the
  reader does not know is modelled as if it had not peeked.)
- ``bluffer``: ``odds``, but with probability ``rate`` a bid is pushed ``size`` above plan.
- ``equilibrium``: plays a table trained by self-play over an abstraction of its view
  (:mod:`.equilibrium`, :mod:`.equilibrium_train`): peeks, opens, raises and calls with the
  table's probabilities for its abstract state, points (Trickster) at whoever its table says
  is more likely to win the count. With ``headsup=solved`` its two-player peeks and bids come
  from the solved heads-up round instead (:mod:`.headsup_policy`; the engine asks it first,
  reading everyone's open life cards, which are public).
- ``responder``: ``reader`` with more knobs, the family the best-response meter
  (:mod:`.exploit`) tunes against a fixed field: a raise goes only the fraction ``raise`` of
  the way from the lowest legal bid to its plan, an opening bid is ``shade`` below plan, and
  heads-up it has its own ``call2``, ``quantile2`` and ``raise2``. With the defaults it plays
  exactly as ``reader``.

Every policy takes ``discard`` (0: give up a face-down life card first, keeping open cards for
peeking; 1: an open one first).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_module

# the bot table lives in .bots (free of numba); "X as X" names are re-exported for callers
from headcount_lab.games.headcount import equilibrium as EQ
from headcount_lab.games.headcount import headsup_policy as HP
from headcount_lab.games.headcount.bots import (
    BLUFFER,
    EQUILIBRIUM,
    ODDS,
    P_CALL,
    P_CALL2,
    P_EXTRA,
    P_EXTRA2,
    P_LEVEL,
    P_MODEL_LEVEL,
    P_QUANT,
    P_QUANT2,
    P_RAISE,
    P_RAISE2,
    P_SHADE,
    RANDOM,
    READER,
    RESPONDER,
    TIPS,
    Bot,
)
from headcount_lab.games.headcount.bots import (
    DISCARD_SLOT as DISCARD_SLOT,
)
from headcount_lab.games.headcount.bots import (
    MENU as MENU,
)
from headcount_lab.games.headcount.bots import (
    N_PARAMS as N_PARAMS,
)
from headcount_lab.games.headcount.bots import (
    P_DISCARD as P_DISCARD,
)
from headcount_lab.games.headcount.bots import (
    P_PEEK as P_PEEK,
)
from headcount_lab.games.headcount.bots import (
    P_POINT as P_POINT,
)
from headcount_lab.games.headcount.bots import (
    PARAMS as PARAMS,
)
from headcount_lab.games.headcount.bots import (
    POLICY_NAMES as POLICY_NAMES,
)
from headcount_lab.games.headcount.bots import (
    parse_bot as parse_bot,
)
from headcount_lab.games.headcount.bots import (
    parse_bots as parse_bots,
)
from headcount_lab.games.headcount.rules import N_NUMBER, TOP, VALUES, X2, lowest_bid

CALL = -(1 << 62)  # the "Count!" action; bids are ordinary integers

PEEK, BID, POINT, DISCARD = 0, 1, 2, 3


# --------------------------------------------------------------------------- belief tables


@dataclass(frozen=True)
class Beliefs:
    """The belief tables the bots read, stacked on one total grid, and what is derived from them.

    ``row_of``: int32[3, 2**deck]: row of a known-card mask in ``sf`` for 0, 1 or 2 unseen
    in-play cards (-1 where not built); ``sf``: float64[rows, W+1] with ``sf[r, t]`` =
    P(total >= lo + t) and ``sf[r, W] = 0``; ``lo``: the total of column 0.
    ``gain``: float64[rows, W+1], for a view before peeking, the mean over the possible hidden
    cards of ``|sf[view + hidden, t] - sf[view, t]|``: how much peeking would move the chance
    that a bid of ``lo + t`` survives (0 for other rows). ``safe``: int32[levels, rows], the
    last column ``t`` with ``sf[r, t] >= levels[i]`` (so the highest bid surviving a call with
    probability >= level is ``lo + t - shift``).
    ``headsup``: the ``equilibrium`` bot's solved heads-up round,
    :func:`.headsup_policy.kernel_arrays` (None: none loaded, its table plays).
    """

    row_of: np.ndarray
    sf: np.ndarray
    lo: int
    gain: np.ndarray
    levels: tuple[float, ...]
    safe: np.ndarray
    headsup: tuple[np.ndarray, ...] | None = None


@cache
def build_beliefs(
    double: bool,
    players: int,
    hidden_card: bool,
    reader: bool,
    levels: tuple[float, ...] = (),
    equilibrium: bool = False,
    headsup: bool = False,
) -> Beliefs:
    """Stack the tables a game of ``players`` needs (active seats shrink down to 2), and the
    safe-bid columns for each survival level in ``levels``. ``equilibrium``: append the
    ``equilibrium`` bot's table (:func:`.equilibrium.pack`, widened to every table size by
    :func:`.equilibrium.widen`) as rows of ``gain`` after the belief rows (read from
    :func:`.equilibrium.default_path`, the Double table when ``double``). ``headsup``: also its
    solved heads-up round (:func:`.headsup_policy.load`), on the standard deck (Double has none:
    its table plays)."""
    from headcount_lab.games.headcount.exact import belief_table

    n_deck = 18 if double else 17
    wanted: list[tuple[int, int]] = []
    for active in range(2, players + 1):
        others = active - 1
        if hidden_card:
            wanted += [(others, 2), (others + 1, 1)]
            if reader:
                wanted += [(others + 2, 0)]
        else:
            wanted += [(others, 1)]
            if reader:
                wanted += [(others + 1, 0)]
    tables = [belief_table(double, k, u) for k, u in sorted(set(wanted))]
    lo = min(t.lo for t in tables)
    hi = max(t.lo + t.sf.shape[1] - 1 for t in tables)
    width = hi - lo
    rows = sum(t.sf.shape[0] for t in tables)
    sf = np.zeros((rows, width + 1), dtype=np.float64)
    row_of = np.full((3, 1 << n_deck), -1, dtype=np.int32)
    base = 0
    for t in tables:
        r, w = t.sf.shape
        off = t.lo - lo
        sf[base : base + r, :off] = 1.0
        sf[base : base + r, off : off + w] = t.sf
        has = t.row_of_mask >= 0
        row_of[t.n_unknown][has] = t.row_of_mask[has] + base
        base += r
    gain = np.zeros_like(sf)
    for t in tables:
        if t.n_unknown != 2:
            continue
        masks = t.masks
        parent = row_of[2, masks]
        acc = np.zeros((masks.size, sf.shape[1]))
        for c in range(n_deck):
            bit = np.int64(1) << c
            has = (masks & bit) == 0  # c can be the hidden card of these views
            child = row_of[1, masks[has] | bit]
            acc[has] += np.abs(sf[child] - sf[parent[has]])
        gain[parent] = acc / (n_deck - t.n_known)
    safe = safe_columns(sf, levels)
    solved = HP.kernel_arrays(HP.load()) if headsup and not double else None
    if equilibrium:
        pol = EQ.load_policy(EQ.default_path(double), double)
        gain = np.concatenate([gain, EQ.pack(*EQ.widen(pol), sf)])
    for a in (row_of, sf, gain, safe):
        a.setflags(write=False)
    return Beliefs(row_of, sf, lo, gain, tuple(levels), safe, solved)


def safe_columns(sf: np.ndarray, levels: tuple[float, ...]) -> np.ndarray:
    """int32[levels, rows]: for each level, the last column of each row of ``sf`` at or above
    it (:attr:`Beliefs.safe`)."""
    safe = np.zeros((len(levels), sf.shape[0]), dtype=np.int32)
    for i, level in enumerate(levels):
        safe[i] = (sf >= level).sum(axis=1) - 1  # sf falls along each row
    safe.setflags(write=False)
    return safe


def table_params(bots: list[Bot] | tuple[Bot, ...]) -> tuple[tuple[float, ...], np.ndarray]:
    """(levels, params): the survival levels the bots use and their float64[slots, N_PARAMS]
    parameters with :data:`P_LEVEL` / :data:`P_MODEL_LEVEL` pointing into ``levels``."""
    params = np.array([b.params for b in bots], dtype=np.float64)
    wanted = set()
    odds_family = (ODDS, READER, BLUFFER, RESPONDER)
    for b in bots:
        if b.policy in odds_family:
            wanted.add(1.0 - b.params[P_QUANT])
            if b.policy in (READER, RESPONDER):
                wanted.add(1.0 - b.params[P_EXTRA2])
    levels = tuple(sorted(wanted)) or (0.5,)
    for i, b in enumerate(bots):
        if b.policy in odds_family:
            params[i, P_LEVEL] = levels.index(1.0 - b.params[P_QUANT])
            if b.policy in (READER, RESPONDER):
                params[i, P_MODEL_LEVEL] = levels.index(1.0 - b.params[P_EXTRA2])
    return levels, params


# --------------------------------------------------------------------------- kernels


@njit(nogil=True, cache=True)
def sf_at(sf, row, lo, b):
    """P(total >= b) for belief row ``row``."""
    t = b - lo
    if t <= 0:
        return 1.0
    w = sf.shape[1] - 1
    if t >= w:
        return 0.0
    return sf[row, t]


@njit(nogil=True, cache=True)
def safe_bid(sf, row, lo, level, shift):
    """Highest bid b with P(total >= b + shift) >= level (0 < level <= 1), by bisection."""
    a = 0  # sf[row, 0] = 1 >= level
    z = sf.shape[1] - 1  # sf[row, z] = 0 < level
    while z - a > 1:
        m = (a + z) >> 1
        if sf[row, m] >= level:
            a = m
        else:
            z = m
    return lo + a - shift


@njit(nogil=True, cache=True)
def _mix_sf(sf, work, n_rows, wsum, lo, b):
    """Mixture of belief rows ``work[0, :n_rows]`` with weights ``work[1, :n_rows]``."""
    acc = 0.0
    for i in range(n_rows):
        acc += work[1, i] * sf_at(sf, np.int64(work[0, i]), lo, b)
    return acc / wsum


@njit(nogil=True, cache=True)
def _mix_safe_bid(sf, work, n_rows, wsum, lo, level, shift):
    a = 0
    z = sf.shape[1] - 1
    while z - a > 1:
        m = (a + z) >> 1
        if _mix_sf(sf, work, n_rows, wsum, lo, lo + m) >= level:
            a = m
        else:
            z = m
    return lo + a - shift


@njit(nogil=True, cache=True, inline="always")
def view_mask(me, n, active, seen, hidden_seen):
    """(bitmask of the cards seat ``me`` knows are in play, number of them)."""
    m = np.int64(0)
    k = 0
    for s in range(n):
        if s != me and active[s]:
            m |= np.int64(1) << np.int64(seen[s])
            k += 1
    if hidden_seen >= 0:
        m |= np.int64(1) << np.int64(hidden_seen)
        k += 1
    return m, k


@njit(nogil=True, cache=True)
def _tips_estimate(mask, nu, n_deck):
    """What a beginner expects: the known cards (mask) plus 5 for each of ``nu`` unseen ones."""
    total = 0
    best = -1
    top = False
    x2 = False
    for c in range(n_deck):
        if not (mask >> c) & 1:
            continue
        if c < N_NUMBER:
            total += VALUES[c]
            best = c  # ids rise with value
        elif c == TOP:
            top = True
        elif c == X2:
            x2 = True
        else:  # the mystery: an average card stands in
            total += 5
    if top and best >= 0:
        total -= VALUES[best]
    total += 5 * nu
    if x2:
        total *= 2
    return total


# The bots' dispatch for one decision kind, for the engine to inline at that decision's site:
# ``base_peek``, ``base_bid``, ``base_point``, ``base_discard`` (the base bots alone: no
# ``equilibrium`` or ``responder`` code, the engine a table of base bots compiles, see
# :func:`.engine.engine_for`; a policy of either would play as ``odds`` there, so it must not sit
# at that table) and ``decide_peek``, ... (every bot: those two bots' decisions, else the base
# body). Each takes ``known``, the mask of the foreheads in ``seen`` (the engine gets it from the
# loop that builds ``seen``), then the arguments of :func:`act`.
#
# The base bodies hold the light policies' choices themselves (``random``, ``tips``, ``odds``,
# ``bluffer``, and the reader and the responder outside their bids): the seat's view
# (:func:`seat_view`), then the kind's choice, written out in the body, not in a helper it
# inlines: numba copies an inlined function's IR once into its caller and again, with the
# caller's, into the engine, and the helpers cost the base engine about 0.15 CPU s (5%) of its
# own compile (measured, ``scripts/headcount_compile_profile.py --body``). The ``equilibrium``
# bot's peek and bid are inlined too (a real call played a quarter fewer rounds a second). The
# reader's and the responder's bids are one real call to their shared body (:func:`mixture_bid`);
# the rare decisions (pointing in the engine with every bot, the equilibrium bot's discard) are
# one real call, :func:`act_rare`, compiled once for all sites.
#
# One small function per kind and engine, not one body with the kind and the bot set as
# constants of a closure: numba translates an inlined function's bytecode afresh at every site
# and only then drops the branches the constants rule out, so the shared body cost the base
# engine 0.4 CPU s of its cold compile (measured, scripts/headcount_compile_profile.py).


@njit(nogil=True, cache=True, inline="always")
def seat_view(known, hidden_seen, hidden_card):
    """``(mask, nu)`` of a seat's view without branches (each costs the engine a few blocks per
    decision site): ``known`` and the hidden card's bit if the seat saw it; two unseen cards in
    play if not and the round has a hidden card, else one."""
    mask = known | (np.int64(hidden_seen >= 0) << np.int64(max(hidden_seen, 0)))
    nu = np.int64(1) + np.int64((hidden_card != 0) & (hidden_seen < 0))
    return mask, nu


@njit(nogil=True, cache=True, inline="always")
def base_peek(
    policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
    bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
    safe, work, u,
):  # fmt: skip
    """The base bots' peek: 1 to peek (H7; asked only when the seat may)."""
    p0, p1, p2 = params[0], params[1], params[2]
    qi = np.int64(params[P_LEVEL])
    mask, nu = seat_view(known, hidden_seen, hidden_card)
    last = bids[max(nb - 1, 0)] * (nb > 0)  # 0 before the opening bid
    if policy == RANDOM:
        return 1 if u < p1 else 0
    if policy == TIPS:
        return 1 if nb > 0 and abs(last - _tips_estimate(mask, nu, n_deck)) <= p2 else 0
    row = np.int64(row_of[nu, mask])  # int64 like the reader's rows: one sf_at to compile
    # only worth it when it would raise anyway: under H7 a peeker may not call, and with
    # peek_must_raise off a seat that would call on its view calls without looking
    if nb > 0 and can_call and 1.0 - sf_at(sf, row, lo, last + shift) > p0:
        return 0
    plan = lo + safe[qi, row] - shift
    plan = max(plan, lowest_bid(nb, last, min_bid))
    t = plan + shift - lo
    moved = gain[row, t] if 0 < t < sf.shape[1] else 0.0
    return 1 if moved > p2 else 0


@njit(nogil=True, cache=True, inline="always")
def base_bid(
    policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
    bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
    safe, work, u,
):  # fmt: skip
    """The base bots' bid, or :data:`CALL`: the reader's (:func:`reader_bid`), else by policy."""
    if policy == READER:
        return reader_bid(
            params, me, n, active, seen, hidden_seen, nb, bids, bidders, bid_peeked, can_call,
            min_bid, hidden_card, shift, n_deck, row_of, sf, lo, safe, work,
        )  # fmt: skip
    mask, nu = seat_view(known, hidden_seen, hidden_card)
    last = bids[max(nb - 1, 0)] * (nb > 0)  # 0 before the opening bid
    p0, p1, p2, p3, p4, p5, p6 = (params[0], params[1], params[2], params[3], params[4],
                                  params[5], params[6])  # fmt: skip
    qi = np.int64(params[P_LEVEL])
    low = lowest_bid(nb, last, min_bid)  # H5
    if policy == RANDOM:
        if can_call:
            if u < p0:
                return CALL
            u = (u - p0) / (1.0 - p0)
        if nb == 0:
            span = np.int64(p4) - np.int64(p3) + 1
            return max(np.int64(p3) + min(np.int64(u * span), span - 1), low)
        step = np.int64(p2)
        return last + 1 + min(np.int64(u * step), step - 1)
    if policy == TIPS:
        e = _tips_estimate(mask, nu, n_deck)
        if nb == 0:
            return max(e, low)
        if can_call and last > e + p0:
            return CALL
        return max(low, min(e, last + np.int64(p1)))
    # the odds family: p0 call, p1 quantile, p2 peek, p3 point, p4 discard, p5/p6 extras
    row = np.int64(row_of[nu, mask])  # int64 like the reader's rows: one sf_at to compile
    if nb > 0 and can_call and 1.0 - sf_at(sf, row, lo, last + shift) > p0:
        return CALL
    b = lo + safe[qi, row] - shift
    b = max(b, low)
    if policy == BLUFFER and u < p5:
        b += np.int64(p6)
    return b


@njit(nogil=True, cache=True, inline="always")
def base_point(
    policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
    bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
    safe, work, u,
):  # fmt: skip
    """The base bots' pointing (Trickster, ``nb`` >= 1: :func:`point_choice`, which
    :func:`act_rare` shares)."""
    mask, nu = seat_view(known, hidden_seen, hidden_card)
    return point_choice(policy, params, mask, nu, bids[nb - 1], bidders[nb - 1], caller, shift,
                        n_deck, row_of, sf, lo, u)  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def base_discard(
    policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
    bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
    safe, work, u,
):  # fmt: skip
    """The base bots' discard (H8): 1 to give up an open life card, 0 a face-down one (reads
    no view)."""
    if policy == RANDOM:
        return 1 if u < 0.5 else 0
    return np.int64(params[3]) if policy == TIPS else np.int64(params[P_DISCARD])


@njit(nogil=True, cache=True, inline="always")
def decide_peek(
    policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
    bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
    safe, work, u,
):  # fmt: skip
    """Every bot's peek: the ``equilibrium`` bot's (:func:`eq_peek`), else :func:`base_peek`."""
    if policy == EQUILIBRIUM:
        mask, nu = seat_view(known, hidden_seen, hidden_card)
        return eq_peek(params, np.int64(row_of[nu, mask]), n, active, nb, bids, bidders,
                       bid_peeked, hidden_seen >= 0, can_call, min_bid, caller, shift, sf, lo,
                       gain, u)  # fmt: skip
    return base_peek(
        policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
        bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
        safe, work, u,
    )  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def decide_bid(
    policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
    bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
    safe, work, u,
):  # fmt: skip
    """Every bot's bid or call: the responder's (:func:`responder_bid`), the ``equilibrium``
    bot's (:func:`eq_bid`), else :func:`base_bid`."""
    if policy == RESPONDER:
        return responder_bid(
            params, me, n, active, seen, hidden_seen, nb, bids, bidders, bid_peeked, can_call,
            min_bid, hidden_card, shift, n_deck, row_of, sf, lo, safe, work,
        )  # fmt: skip
    if policy == EQUILIBRIUM:
        mask, nu = seat_view(known, hidden_seen, hidden_card)
        return eq_bid(params, np.int64(row_of[nu, mask]), n, active, nb, bids, bidders,
                      bid_peeked, hidden_seen >= 0, can_call, min_bid, caller, shift, sf, lo,
                      gain, u)  # fmt: skip
    return base_bid(
        policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
        bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
        safe, work, u,
    )  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def decide_point(
    policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
    bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
    safe, work, u,
):  # fmt: skip
    """Every bot's pointing: one real call (:func:`act_rare`)."""
    return act_rare(
        np.int64(POINT), policy, params, me, n, active, seen, hidden_seen, nb, bids, bidders,
        bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
        safe, work, u, True,
    )  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def decide_discard(
    policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
    bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
    safe, work, u,
):  # fmt: skip
    """Every bot's discard: the ``equilibrium`` bot's by the real call :func:`act_rare`, else
    :func:`base_discard`."""
    if policy == EQUILIBRIUM:
        return act_rare(
            np.int64(DISCARD), policy, params, me, n, active, seen, hidden_seen, nb, bids,
            bidders, bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of,
            sf, lo, gain, safe, work, u, True,
        )  # fmt: skip
    return base_discard(
        policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
        bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
        safe, work, u,
    )  # fmt: skip


# _nrt=False: nothing here allocates, so the call does no reference counting of its arrays
@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def act_rare(
    kind, policy, params, me, n, active, seen, hidden_seen, nb, bids, bidders, bid_peeked,
    can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain, safe, work, u,
    eq_on,
):  # fmt: skip
    """The decisions the per-kind bodies (``decide_peek``, ...) do not inline (arguments as
    :func:`act`), rare ones: pointing (Trickster; :func:`point_choice`, or the ``equilibrium``
    table's :func:`eq_point`) and the ``equilibrium`` bot's discard (:func:`eq_discard`).
    ``eq_on`` None: compiled without the ``equilibrium`` bot's code."""
    mask, _ = view_mask(me, n, active, seen, hidden_seen)
    nu = 2 if hidden_card and hidden_seen < 0 else 1
    row = np.int64(row_of[nu, mask])
    sp = hidden_seen >= 0
    if eq_on is not None and kind == DISCARD:
        return eq_discard(params, row, n, active, nb, bids, bidders, bid_peeked, sp, can_call,
                          min_bid, caller, shift, sf, lo, gain, u)  # fmt: skip
    if eq_on is not None and policy == EQUILIBRIUM:
        return eq_point(params, row, n, active, nb, bids, bidders, bid_peeked, sp, can_call,
                        min_bid, caller, shift, sf, lo, gain, u)  # fmt: skip
    last = bids[nb - 1] if nb > 0 else 0
    bidder = bidders[nb - 1] if nb > 0 else -1
    return point_choice(policy, params, mask, nu, last, bidder, caller, shift, n_deck, row_of, sf,
                        lo, u)  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def point_choice(policy, params, mask, nu, last, bidder, caller, shift, n_deck, row_of, sf, lo, u):
    """Trickster (H10): the seat expected to win, the last ``bidder`` or the ``caller``, from
    the view ``(mask, nu)``."""
    p3 = params[P_POINT]
    if policy == RANDOM:
        return bidder if u < 0.5 else caller
    if policy == TIPS:
        return bidder if _tips_estimate(mask, nu, n_deck) >= last + shift else caller
    return bidder if sf_at(sf, np.int64(row_of[nu, mask]), lo, last + shift) >= p3 else caller


@njit(nogil=True, cache=True, inline="always")
def act(
    kind, policy, params, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
    bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
    safe, work, u,
):  # fmt: skip
    """One decision of seat ``me`` from its observation: the bots' one dispatch.

    ``kind``: PEEK, BID, POINT or DISCARD; ``policy``: the bot's policy id; ``params``:
    float64[N_PARAMS] its parameters; ``active``: bool[n]; ``seen``: int64[n] forehead ids as
    ``me`` sees them (``seen[me]`` and inactive seats are -1); ``hidden_seen``: the hidden card
    if ``me`` peeked, else -1; ``peeked``: bool[n] who peeked this round; ``bids``/``bidders``:
    int64[>= nb] the bids so far and their seats; ``bid_peeked``: bool[>= nb] whether the
    bidder had peeked by then; ``can_call``: whether "Count!" is legal
    (:func:`.rules.may_call`); ``min_bid``: lowest legal opening bid; ``caller``: the caller
    (POINT only); ``shift``: 1 if ties go to the caller (a bid b survives when total >= b +
    shift), else 0; ``n_deck``: 17 or 18; ``row_of``, ``sf``, ``lo``, ``gain``, ``safe``:
    :class:`Beliefs`; ``work``: float64[2, >= n_deck] scratch (passed in: an allocation here
    would make every call pay reference counting); ``u``: uniform [0, 1) for this decision.

    The seat's view of the foreheads (:func:`view_mask`), then :func:`decide`: the body is
    the kind's own (``decide_peek``, ... above), compiled once per kind: the engine calls the one
    of its decision site, inlined (a dispatch inlined whole at each site would compile every
    choice four times); this function picks the same one at run time, for Python callers.
    """
    known, _ = view_mask(me, n, active, seen, -1)
    return decide(
        kind, policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
        bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
        safe, work, u,
    )  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def decide(
    kind, policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
    bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
    safe, work, u,
):  # fmt: skip
    """:func:`act` given ``known``, the bitmask of the foreheads in ``seen``: the kind's
    ``decide_*`` picked at run time (the engine's :func:`.engine.ask` and the fair-play tests).
    """
    if kind == PEEK:
        return decide_peek(
            policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
            bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo,
            gain, safe, work, u,
        )  # fmt: skip
    if kind == POINT:
        return decide_point(
            policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
            bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo,
            gain, safe, work, u,
        )  # fmt: skip
    if kind == DISCARD:
        return decide_discard(
            policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
            bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo,
            gain, safe, work, u,
        )  # fmt: skip
    return decide_bid(
        policy, params, known, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders,
        bid_peeked, can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain,
        safe, work, u,
    )  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def reader_mixture(params, me, n, active, seen, hidden_seen, nb, bids, bidders, bid_peeked,
                   min_bid, hidden_card, shift, n_deck, row_of, lo, safe, work):  # fmt: skip
    """The reader's belief: for every card its own forehead may hold, the belief row of the
    view with that card (``work[0, :m]``) and how well the card explains the others' raises
    (``work[1, :m]``); returns ``(m, sum of the weights)``."""
    mask, _ = view_mask(me, n, active, seen, hidden_seen)
    nu = 2 if hidden_card and hidden_seen < 0 else 1
    sigma = params[P_EXTRA]
    mqi = np.int64(params[P_MODEL_LEVEL])
    fmask = mask  # foreheads only
    if hidden_seen >= 0:
        fmask &= ~(np.int64(1) << np.int64(hidden_seen))
    m = np.int64(0)  # not a literal 0, which would compile the _mix_* helpers twice
    wsum = 0.0
    for x in range(n_deck):
        if (mask >> x) & 1:
            continue
        xbit = np.int64(1) << np.int64(x)
        wx = 1.0
        for i in range(nb):
            j = bidders[i]
            if j == me:
                continue
            prev = bids[i - 1] if i > 0 else min_bid
            # j's view: the foreheads I see, minus j's own, plus my card x
            mj = (fmask & ~(np.int64(1) << np.int64(seen[j]))) | xbit
            nuj = 2 if hidden_card else 1
            if bid_peeked[i] and hidden_seen >= 0:
                mj |= np.int64(1) << np.int64(hidden_seen)
                nuj = 1
            q = lo + safe[mqi, row_of[nuj, mj]] - shift
            e = max(q, lowest_bid(i, prev, min_bid))
            d = (bids[i] - e) / sigma
            wx *= 1.0 / (1.0 + d * d)
        work[0, m] = row_of[nu - 1, mask | xbit]  # belief rows, stored as floats
        work[1, m] = wx
        wsum += wx
        m += 1
    return m, wsum


@njit(nogil=True, cache=True, inline="always")
def reader_bid(
    params, me, n, active, seen, hidden_seen, nb, bids, bidders, bid_peeked,
    can_call, min_bid, hidden_card, shift, n_deck, row_of, sf, lo, safe, work,
):  # fmt: skip
    """The reader's bid or call: a mixture over its own card weighted by how well each
    candidate explains the others' raises (see the module docstring); :func:`mixture_bid` with
    its ``call`` and ``quantile``, going all the way to its plan."""
    return mixture_bid(params, me, n, active, seen, hidden_seen, nb, bids, bidders, bid_peeked,
                       can_call, min_bid, hidden_card, shift, n_deck, row_of, sf, lo, safe, work,
                       params[P_CALL], params[P_QUANT], 1.0, np.int64(0))  # fmt: skip


# _nrt=False: allocates nothing (``work`` is the scratch), so no reference counting
@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def mixture_bid(
    params, me, n, active, seen, hidden_seen, nb, bids, bidders, bid_peeked,
    can_call, min_bid, hidden_card, shift, n_deck, row_of, sf, lo, safe, work,
    call, quantile, frac, shade,
):  # fmt: skip
    """The bid or call of the reader's belief (:func:`reader_mixture`), for the reader and the
    responder, one compiled body: "Count!" when P(the last bid loses) > ``call``, else the
    highest bid that survives a call with probability >= 1 - ``quantile`` (the plan); an opening
    bid goes ``shade`` below plan, a raise the fraction ``frac`` of the way from the lowest
    legal bid to it (the reader: ``frac`` 1 and ``shade`` 0, its plan)."""
    m, wsum = reader_mixture(params, me, n, active, seen, hidden_seen, nb, bids, bidders,
                             bid_peeked, min_bid, hidden_card, shift, n_deck, row_of, lo, safe,
                             work)  # fmt: skip
    level = 1.0 - quantile
    last = bids[nb - 1] if nb > 0 else 0
    if nb > 0 and can_call and 1.0 - _mix_sf(sf, work, m, wsum, lo, last + shift) > call:
        return CALL
    plan = _mix_safe_bid(sf, work, m, wsum, lo, level, shift)
    low = lowest_bid(nb, last, min_bid)
    if nb == 0:
        return max(plan - shade, low)
    if plan <= low:
        return low
    return low + np.int64(frac * (plan - low))


@njit(nogil=True, cache=True)
def stated_call_win(
    policy, params, me, n, active, seen, hidden_seen, nb, bids, bidders, bid_peeked, min_bid,
    hidden_card, shift, n_deck, row_of, sf, lo, gain, safe, work,
):  # fmt: skip
    """The probability that "Count!" now (``nb`` >= 1 bids) would win, as the bot of
    ``policy`` believes it from its observation (arguments as :func:`act`): the reader's
    mixture, the ``odds`` family's view alone, the ``equilibrium`` table's call-win belief;
    -1 for the bots that state none (``random``, ``tips``)."""
    last = bids[nb - 1]
    if policy == EQUILIBRIUM:
        r = eq_bid_row(me, n, active, seen, hidden_seen, nb, bids, bid_peeked, hidden_card, shift,
                       row_of, sf, lo)  # fmt: skip
        return EQ.call_win_at(gain, sf.shape[0], r)
    if policy == READER or policy == RESPONDER:  # noqa: SIM109 (numba: scalars)
        m, wsum = reader_mixture(params, me, n, active, seen, hidden_seen, nb, bids, bidders,
                                 bid_peeked, min_bid, hidden_card, shift, n_deck, row_of, lo,
                                 safe, work)  # fmt: skip
        return 1.0 - _mix_sf(sf, work, m, wsum, lo, last + shift)
    if policy == ODDS or policy == BLUFFER:  # noqa: SIM109 (numba: scalars, no tuple)
        mask, _ = view_mask(me, n, active, seen, hidden_seen)
        nu = 2 if hidden_card and hidden_seen < 0 else 1
        return 1.0 - sf_at(sf, np.int64(row_of[nu, mask]), lo, last + shift)
    return -1.0


# --------------------------------------------------------------------------- equilibrium
# The table bot (:mod:`.equilibrium`): a few table lookups per decision, inlined at the
# decision site of its kind like the other choices; its table is the rows of ``gain`` from
# ``sf.shape[0]`` on.


@njit(nogil=True, cache=True)
def eq_view(me, n, active, seen, hidden_seen, hidden_card, row_of, sf, lo):
    """``(active seats, belief row of the view)`` of seat ``me``."""
    mask, _ = view_mask(me, n, active, seen, hidden_seen)
    nu = 2 if hidden_card and hidden_seen < 0 else 1
    return _n_active(active), np.int64(row_of[nu, mask])


@njit(nogil=True, cache=True, inline="always")
def eq_bid_state(sf, row, lo, n_active, nb, bids, self_peeked, bid_peeked, shift):
    """The abstract bid state (``nb`` >= 1) of a seat whose view has belief row ``row``."""
    last = bids[nb - 1]
    last_raise = last - bids[nb - 2] if nb > 1 else np.int64(0)
    return EQ.bid_row(n_active, sf_at(sf, row, lo, last + shift), nb, last_raise,
                      1 if self_peeked else 0, 1 if bid_peeked[nb - 1] else 0)  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def eq_raise(sf, row, lo, last, a, shift):
    """The trainer's bid of raise action ``a`` (>= 1) after ``last``, by bisection (the engine
    reads the same bids from the columns stored with the table, :func:`eq_bid`)."""
    if a == EQ.A_MIN:
        return last + 1
    return max(last + 1, safe_bid(sf, row, lo, EQ.LEVELS[a], shift))


@njit(nogil=True, cache=True, inline="always")
def _n_active(active):
    k = np.int64(0)
    for s in range(active.shape[0]):
        if active[s]:
            k += 1
    return k


@njit(nogil=True, cache=True)
def eq_bid_row(me, n, active, seen, hidden_seen, nb, bids, bid_peeked, hidden_card, shift,
               row_of, sf, lo):  # fmt: skip
    """The abstract bid state of seat ``me`` (``nb`` >= 1)."""
    n_active, row = eq_view(me, n, active, seen, hidden_seen, hidden_card, row_of, sf, lo)
    return eq_bid_state(sf, row, lo, n_active, nb, bids, hidden_seen >= 0, bid_peeked, shift)


# The four decisions take one argument list: ``row`` is the belief row of the seat's view,
# ``self_peeked`` whether it saw the hidden card; the rest as :func:`act`. The frequent ones
# (bid, peek) are inlined at their decision sites; the rare ones (point, discard) are real
# calls, which compile once.


@njit(nogil=True, cache=True, inline="always")
def eq_bid(params, row, n, active, nb, bids, bidders, bid_peeked, self_peeked, can_call, min_bid,
           caller, shift, sf, lo, gain, u):  # fmt: skip
    """A bid or :data:`CALL` drawn from the table; one draw, one stored safe bid."""
    base = sf.shape[0]
    n_active = _n_active(active)
    if nb == 0:
        r = EQ.open_row(n_active, lo + EQ.safe_col(gain, base, row, EQ.S_MED))
        first = 0
    else:
        r = eq_bid_state(sf, row, lo, n_active, nb, bids, self_peeked, bid_peeked, shift)
        first = 0 if can_call else 1
    a = EQ.sample(gain, base, r, first, EQ.N_ACT, u)
    low = bids[nb - 1] + 1 if nb > 0 else min_bid
    if nb > 0 and a == EQ.A_CALL:
        return CALL
    if nb > 0 and a == EQ.A_MIN:
        return low
    j = EQ.S_OPEN + a if nb == 0 else EQ.S_RAISE + a - 2
    return max(lo + EQ.safe_col(gain, base, row, j) - shift, low)


@njit(nogil=True, cache=True, inline="always")
def eq_peek(params, row, n, active, nb, bids, bidders, bid_peeked, self_peeked, can_call,
            min_bid, caller, shift, sf, lo, gain, u):  # fmt: skip
    """1 to peek, drawn from the table's peek state; the ``peek`` parameter (slot 1) can
    override the table: 1 never peeks, 2 peeks whenever it may (the peek question's pairs)."""
    if params[1] != 0:
        return np.int64(params[1] == 2)
    p = sf_at(sf, row, lo, bids[nb - 1] + shift) if nb > 0 else 0.5
    bp = 1 if nb > 0 and bid_peeked[nb - 1] else 0
    return EQ.sample(gain, sf.shape[0], EQ.peek_row(_n_active(active), p, nb, bp), 0, 2, u)


@njit(nogil=True, cache=True)
def eq_point(params, row, n, active, nb, bids, bidders, bid_peeked, self_peeked, can_call,
             min_bid, caller, shift, sf, lo, gain, u):  # fmt: skip
    """H10: the caller if the table says a call here wins more often than not, else the bidder."""
    r = eq_bid_state(sf, row, lo, _n_active(active), nb, bids, self_peeked, bid_peeked, shift)
    return caller if EQ.call_win_at(gain, sf.shape[0], r) > 0.5 else bidders[nb - 1]


@njit(nogil=True, cache=True)
def eq_discard(params, row, n, active, nb, bids, bidders, bid_peeked, self_peeked, can_call,
               min_bid, caller, shift, sf, lo, gain, u):  # fmt: skip
    """H8: the ``discard`` parameter (slot 0)."""
    return np.int64(params[0])


@njit(nogil=True, cache=True, inline="always")
def responder_bid(
    params, me, n, active, seen, hidden_seen, nb, bids, bidders, bid_peeked,
    can_call, min_bid, hidden_card, shift, n_deck, row_of, sf, lo, safe, work,
):  # fmt: skip
    """The responder's bid or call: the reader's belief (:func:`reader_mixture`), its own
    call threshold, quantile and raise fraction when heads-up (``call2``, ``quantile2``,
    ``raise2``) and with more players (``call``, ``quantile``, ``raise``); a raise goes the
    fraction ``raise`` of the way from the lowest legal bid to its plan, and an opening bid is
    ``shade`` below plan (:func:`mixture_bid`). With the defaults it bids exactly as
    ``reader``."""
    k = 0
    for s in range(n):
        if active[s]:
            k += 1
    heads_up = k == 2
    call = params[P_CALL2] if heads_up else params[P_CALL]
    quantile = params[P_QUANT2] if heads_up else params[P_QUANT]
    frac = params[P_RAISE2] if heads_up else params[P_RAISE]
    return mixture_bid(params, me, n, active, seen, hidden_seen, nb, bids, bidders, bid_peeked,
                       can_call, min_bid, hidden_card, shift, n_deck, row_of, sf, lo, safe, work,
                       call, quantile, frac, np.int64(params[P_SHADE]))  # fmt: skip


def _with_view(decide_kind, name: str):  # type: ignore[no-untyped-def]
    """:func:`act` for one decision kind: the seat's view (:func:`view_mask`), then
    ``decide_kind`` (``decide_peek``, ...) inlined; for callers that ask one kind at a site
    (the table's training) and so should compile only that kind's body."""

    def act_kind(
        policy, params, me, n, active, seen, hidden_seen, peeked, nb, bids, bidders, bid_peeked,
        can_call, min_bid, caller, hidden_card, shift, n_deck, row_of, sf, lo, gain, safe, work,
        u,
    ):  # fmt: skip
        known, _ = view_mask(me, n, active, seen, -1)
        return decide_kind(policy, params, known, me, n, active, seen, hidden_seen, peeked, nb,
                           bids, bidders, bid_peeked, can_call, min_bid, caller, hidden_card,
                           shift, n_deck, row_of, sf, lo, gain, safe, work, u)  # fmt: skip

    act_kind.__name__ = act_kind.__qualname__ = name
    return njit(nogil=True, inline="always")(act_kind)


act_peek = _with_view(decide_peek, "act_peek")
act_bid = _with_view(decide_bid, "act_bid")


track_module(globals())  # every cached function here is keyed on the files it reaches
