"""Headcount bots: a policy id plus a parameter array, deciding from one observation.

A bot only ever sees an *observation* (:class:`.observation.Observation`, built by
:func:`.observation.observe`): the forehead cards of the other active seats, the hidden card if
it peeked this round, the table's rules and who is still in, the bids so far (who bid what, and
whether they had peeked), who peeked, and everyone's open life cards. The true state (own card,
hidden card, draw pile) never reaches a bot. Each decision gets one uniform number ``u`` in
[0, 1) drawn by the engine from the game's bot stream, so bots are deterministic functions of
(observation, parameters, ``u``) and the kernel and the plain-Python reference consume the
same numbers.

One interface: every decision is ``(policy, params, obs, tables, work, u)`` (``tables`` the
belief arrays, :class:`Tables`; ``work`` a scratch array). :func:`act` takes the decision's
kind too, for Python callers; the engine is given the four functions of a :class:`BotSet`
(:func:`bot_set`: only the bots at the table, so the base bots' engine never compiles the
others) and knows no bot by name. Inside, parameters are read by their names
(:data:`.bots.ODDS_CALL`, :data:`.bots.TIPS_MARGIN`, ..., generated from the bot menu).

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

- ``bayes``: an exact Bayesian responder to a known field (issue 22): ``field`` names the
  policy every other seat plays (at its defaults). Its posterior over the cards in play it
  cannot see (its own, and the hidden card unless it peeked) weighs each deal by the
  probability that the field's policy, put in each earlier actor's seat, makes this round's
  peeks, bids and (when it points) the call; then it calls when P(the last bid loses) >
  ``call``, bids the highest number that survives with probability >= 1 - ``quantile``, peeks
  when the hidden card moves that chance by more than ``peek`` on average, and points at the
  likelier winner (see "bayes" below).

Every policy takes ``discard`` (0: give up a face-down life card first, keeping open cards for
peeking; 1: an open one first).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import rejit, track_module
from headcount_lab.games.headcount import equilibrium as EQ
from headcount_lab.games.headcount import headsup_policy as HP

# the bot table lives in .bots (free of numba), the observation in .observation; "X as X" names
# are re-exported for callers
from headcount_lab.games.headcount.bots import (
    BAYES,
    BAYES_CALL,
    BAYES_DISCARD,
    BAYES_FFIELD,
    BAYES_FIELD,
    BAYES_FSPREAD,
    BAYES_MODEL,
    BAYES_MODEL_SLOTS,
    BAYES_PEEK,
    BAYES_QUANTILE,
    BAYES_SPREAD,
    BLUFFER,
    BLUFFER_RATE,
    BLUFFER_SIZE,
    EQ_DISCARD,
    EQ_PEEK,
    EQUILIBRIUM,
    LEVEL_SLOT,
    MODEL_LEVEL_SLOT,
    ODDS,
    ODDS_CALL,
    ODDS_DISCARD,
    ODDS_FAMILY,
    ODDS_PEEK,
    ODDS_POINT,
    ODDS_QUANTILE,
    RANDOM,
    RANDOM_CALL,
    RANDOM_HI,
    RANDOM_LO,
    RANDOM_PEEK,
    RANDOM_STEP,
    READER,
    READER_MODEL,
    READER_SIGMA,
    RESPONDER,
    RESPONDER_CALL2,
    RESPONDER_QUANTILE2,
    RESPONDER_RAISE,
    RESPONDER_RAISE2,
    RESPONDER_SHADE,
    TIPS,
    TIPS_BAND,
    TIPS_DISCARD,
    TIPS_MARGIN,
    TIPS_STEP,
    Bot,
)
from headcount_lab.games.headcount.bots import MENU as MENU
from headcount_lab.games.headcount.bots import N_PARAMS as N_PARAMS
from headcount_lab.games.headcount.bots import PARAMS as PARAMS
from headcount_lab.games.headcount.bots import POLICY_NAMES as POLICY_NAMES
from headcount_lab.games.headcount.bots import parse_bot as parse_bot
from headcount_lab.games.headcount.bots import parse_bots as parse_bots
from headcount_lab.games.headcount.observation import BID, DISCARD, LEVEL_ROWS, PEEK, POINT, Public
from headcount_lab.games.headcount.observation import CALL as CALL
from headcount_lab.games.headcount.observation import Observation as Observation
from headcount_lab.games.headcount.rules import (
    N_NUMBER,
    TOP,
    VALUES,
    X2,
    lowest_bid,
    may_call,
    may_peek,
)

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
    ``moments``: int64[rows, 2], each row's exact expected total as ``num / den`` (columns
    ``num``, ``den``: :meth:`.exact.BeliefTable.moments`), for the engine's ``surprise``
    counter, not the bots.
    ``headsup``: the ``equilibrium`` bot's solved heads-up round,
    :func:`.headsup_policy.kernel_arrays` (:data:`.headsup_policy.NONE`: none loaded, its
    table plays).
    """

    row_of: np.ndarray
    sf: np.ndarray
    lo: int
    gain: np.ndarray
    levels: tuple[float, ...]
    safe: np.ndarray
    moments: np.ndarray
    headsup: tuple[np.ndarray, ...] = HP.NONE

    @property
    def tables(self) -> Tables:
        """The arrays the kernels and the bots take (:class:`Tables`)."""
        return Tables(self.row_of, self.sf, self.lo, self.gain, self.safe, self.headsup)


@cache
def build_beliefs(
    double: bool,
    players: int,
    hidden_card: bool,
    reader: bool,
    levels: tuple[float, ...] = (),
    equilibrium: bool = False,
    headsup: bool = False,
    table: str | None = None,
) -> Beliefs:
    """Stack the tables a game of ``players`` needs (active seats shrink down to 2), and the
    safe-bid columns for each survival level in ``levels``. ``equilibrium``: append the
    ``equilibrium`` bot's table (:func:`.equilibrium.pack`, widened to every table size by
    :func:`.equilibrium.widen`) as rows of ``gain`` after the belief rows (read from
    :func:`.equilibrium.default_path`, the Double table when ``double``, or from the file
    ``table``: a table trained for other rules, :func:`.equilibrium.load_policy` checks its
    deck, rules version and abstraction). ``headsup``: also its
    solved heads-up round (:func:`.headsup_policy.load`), on the standard deck (Double has none:
    its table plays)."""
    row_of, sf, lo, gain, moments = _belief_rows(double, players, hidden_card, reader)
    if equilibrium:
        gain = _gain_with_table(double, players, hidden_card, reader, table)
    solved = HP.kernel_arrays(HP.load()) if headsup and not double else HP.NONE
    return Beliefs(row_of, sf, lo, gain, tuple(levels), safe_columns(sf, levels), moments, solved)


def with_table(gain: np.ndarray, pol: EQ.EquilibriumPolicy, sf: np.ndarray) -> np.ndarray:
    """``gain`` with the table ``pol`` packed after the belief rows (:func:`.equilibrium.pack`,
    widened to every table size), read-only: the ``gain`` of :class:`Beliefs` when an
    ``equilibrium`` bot sits at the table or is modelled."""
    out = np.concatenate([gain, EQ.pack(*EQ.widen(pol), sf)])
    out.setflags(write=False)
    return out


@cache
def _gain_with_table(
    double: bool, players: int, hidden_card: bool, reader: bool, table: str | None
) -> np.ndarray:
    """:func:`with_table` of the committed table (``table`` None) or the file ``table``, made
    once per process for every set of levels and bots."""
    _, sf, _, gain, _ = _belief_rows(double, players, hidden_card, reader)
    path = EQ.default_path(double) if table is None else Path(table)
    return with_table(gain, EQ.load_policy(path, double), sf)


@cache
def _belief_rows(
    double: bool, players: int, hidden_card: bool, reader: bool
) -> tuple[np.ndarray, np.ndarray, int, np.ndarray, np.ndarray]:
    """``(row_of, sf, lo, gain, moments)`` of :func:`build_beliefs`, read-only: the part that
    depends on the table alone, made once per process for every set of levels and bots (about
    0.1 s each time otherwise)."""
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
    moments = np.concatenate([np.stack(t.moments()[:2], axis=1) for t in tables])
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
    for a in (row_of, sf, gain, moments):
        a.setflags(write=False)
    return row_of, sf, lo, gain, moments


def safe_columns(sf: np.ndarray, levels: tuple[float, ...]) -> np.ndarray:
    """int32[levels, rows]: for each level, the last column of each row of ``sf`` at or above
    it (:attr:`Beliefs.safe`)."""
    safe = np.zeros((len(levels), sf.shape[0]), dtype=np.int32)
    for i, level in enumerate(levels):
        safe[i] = (sf >= level).sum(axis=1) - 1  # sf falls along each row
    safe.setflags(write=False)
    return safe


def bayes_model(bot: Bot) -> Bot:
    """The field model of a ``bayes`` bot: its ``field`` policy at the default parameters (a
    ``bayes`` field with the bot's ``fspread`` as its ``spread`` and ``ffield`` as its
    ``field``)."""
    field = int(bot.params[BAYES_FIELD])
    if field == BAYES:
        own = POLICY_NAMES[int(bot.params[BAYES_FFIELD])]
        return parse_bot(f"bayes:field={own},spread={float(bot.params[BAYES_FSPREAD])!r}")
    return parse_bot(POLICY_NAMES[field])


def table_params(bots: list[Bot] | tuple[Bot, ...]) -> tuple[tuple[float, ...], np.ndarray]:
    """(levels, params): the survival levels the bots use and their float64[slots, N_PARAMS]
    parameters with :data:`.bots.LEVEL_SLOT` / :data:`.bots.MODEL_LEVEL_SLOT` pointing into
    ``levels``. A ``bayes`` bot gets its field model's parameters (:func:`bayes_model`) in its
    slots from :data:`.bots.BAYES_MODEL` on, and the model's levels in its level slots."""
    params = np.array([b.params for b in bots], dtype=np.float64)
    models = [bayes_model(b) if b.policy == BAYES else b for b in bots]
    wanted = set()
    for b in models:
        if b.policy in ODDS_FAMILY:
            wanted.add(1.0 - b.params[ODDS_QUANTILE])
            if b.policy in (READER, RESPONDER):
                wanted.add(1.0 - b.params[READER_MODEL])
    levels = tuple(sorted(wanted)) or (0.5,)
    for i, b in enumerate(models):
        if bots[i].policy == BAYES:
            k = len(MENU.policies[b.name].params)
            params[i, BAYES_MODEL : BAYES_MODEL + k] = b.params[:k]
        if b.policy in ODDS_FAMILY:
            params[i, LEVEL_SLOT] = levels.index(1.0 - b.params[ODDS_QUANTILE])
            if b.policy in (READER, RESPONDER):
                params[i, MODEL_LEVEL_SLOT] = levels.index(1.0 - b.params[READER_MODEL])
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
def _mix_sf(sf, ids, ws, n_rows, wsum, lo, b):
    """P(total >= b) under a mixture of belief rows ``ids[:n_rows]`` (stored as floats) with
    weights ``ws[:n_rows]`` summing to ``wsum`` (the reader: rows 0 and 1 of its scratch)."""
    acc = 0.0
    for i in range(n_rows):
        acc += ws[i] * sf_at(sf, np.int64(ids[i]), lo, b)
    return acc / wsum


@njit(nogil=True, cache=True)
def _mix_safe_bid(sf, ids, ws, n_rows, wsum, lo, level, shift):
    """The highest bid of :func:`_mix_sf`'s mixture that survives with at least ``level``."""
    a = 0
    z = sf.shape[1] - 1
    while z - a > 1:
        m = (a + z) >> 1
        if _mix_sf(sf, ids, ws, n_rows, wsum, lo, lo + m) >= level:
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


# The bots' decisions, one function per kind, each ``(policy, params, obs, tables, work, u)``:
# the bot's policy id and float64[N_PARAMS] parameters, the seat's :class:`.Observation`, the
# belief :class:`Tables`, the float64[WORK_ROWS, 32] scratch (passed in: an allocation would
# make every call pay reference counting) and the decision's uniform number. Three sets of them
# (:class:`BotSet`): the base bots' (``random``, ``tips``, ``odds``, ``reader``, ``bluffer``:
# :data:`BASE`), :data:`EVERY` (the ``equilibrium`` and ``responder`` bots too, else the base
# bodies) and :data:`READERS` (the ``bayes`` bot too, one real call per kind, and its copies
# that read a field of ``bayes`` bots). The engine is
# compiled for one set (:func:`bot_set`) and inlines its four functions at their decision sites,
# so a table of base bots never compiles the expensive bots' code; a policy outside the set
# would play as ``odds`` there.
#
# The base bodies hold the light policies' choices themselves: the seat's view
# (:func:`seat_view`), then the kind's choice, written out in the body, not in a helper it
# inlines: numba copies an inlined function's IR once into its caller and again, with the
# caller's, into the engine, and the helpers cost the base engine about 0.15 CPU s (5%) of its
# own compile (measured, ``scripts/headcount_compile_profile.py --body``). The ``equilibrium``
# bot's peek and bid are inlined too (a real call played a quarter fewer rounds a second). The
# reader's and the responder's bids are one real call to their shared body (:func:`mixture_bid`);
# the rare decisions (pointing with every bot, the equilibrium bot's discard) are one real call,
# :func:`act_rare`, compiled once for all sites.
#
# One small function per kind and set, not one body with the kind and the set as constants:
# numba translates an inlined function's bytecode afresh at every site and only then drops the
# branches the constants rule out, so a shared body cost the base engine 0.4 CPU s of its cold
# compile (measured, scripts/headcount_compile_profile.py).


class Tables(NamedTuple):
    """The belief arrays the kernels read (:class:`Beliefs`): ``row_of``, ``sf``, ``lo``,
    ``gain``, ``safe`` and ``headsup`` (:data:`.headsup_policy.NONE`: no solved heads-up
    round loaded)."""

    row_of: np.ndarray
    sf: np.ndarray
    lo: int
    gain: np.ndarray
    safe: np.ndarray
    headsup: tuple[np.ndarray, ...]


@njit(nogil=True, cache=True, inline="always")
def seat_view(known, hidden_seen, hidden_card):
    """``(mask, nu)`` of a seat's view (:class:`.Observation` fields ``known``,
    ``hidden_seen``, ``table.hidden_card``) without branches (each costs the engine a few blocks
    per decision site): the foreheads it sees and the hidden card's bit if it peeked; two unseen
    cards in play if not and the round has a hidden card, else one. Scalars in: an observation
    passed to an inlined helper is copied whole at every site."""
    mask = known | (np.int64(hidden_seen >= 0) << np.int64(max(hidden_seen, 0)))
    nu = np.int64(1) + np.int64((hidden_card != 0) & (hidden_seen < 0))
    return mask, nu


@njit(nogil=True, cache=True, inline="always")
def obs_view(obs):
    """:func:`seat_view` of an observation, for the functions that are real calls."""
    return seat_view(obs.known, obs.hidden_seen, obs.table.hidden_card)


# The base bodies read the observation's fields once, at the top, into scalars and arrays: a
# named tuple held in a variable or passed to an inlined helper is copied whole, and those
# copies cost the engine's lowering more than the reads (measured with
# scripts/headcount_compile_profile.py --profile).


@njit(nogil=True, cache=True, inline="always")
def peek_base(policy, params, obs, tables, work, u):
    """The base bots' peek: 1 to peek (H7; asked only when the seat may)."""
    nb, bids, hs = obs.public.nb, obs.public.bids, obs.hidden_seen
    n_deck, shift, min_bid = obs.table.n_deck, obs.table.shift, obs.table.min_bid
    mask, nu = seat_view(obs.known, hs, obs.table.hidden_card)
    last = bids[max(nb - 1, 0)] * (nb > 0)  # 0 before the opening bid
    if policy == RANDOM:
        return 1 if u < params[RANDOM_PEEK] else 0
    if policy == TIPS:
        e = _tips_estimate(mask, nu, n_deck)
        return 1 if nb > 0 and abs(last - e) <= params[TIPS_BAND] else 0
    sf, lo = tables.sf, tables.lo
    row = np.int64(tables.row_of[nu, mask])  # int64 like the reader's rows: one sf_at to compile
    # only worth it when it would raise anyway: under H7 a peeker may not call, and with
    # peek_must_raise off a seat that would call on its view calls without looking
    if nb > 0 and obs.can_call and 1.0 - sf_at(sf, row, lo, last + shift) > params[ODDS_CALL]:
        return 0
    plan = lo + tables.safe[np.int64(params[LEVEL_SLOT]), row] - shift
    plan = max(plan, lowest_bid(nb, last, min_bid))
    t = plan + shift - lo
    moved = tables.gain[row, t] if 0 < t < sf.shape[1] else 0.0
    return 1 if moved > params[ODDS_PEEK] else 0


@njit(nogil=True, cache=True, inline="always")
def bid_base(policy, params, obs, tables, work, u):
    """The base bots' bid, or :data:`CALL`: the reader's (:func:`reader_bid`), else by policy."""
    if policy == READER:
        return reader_bid(params, obs, tables, work)
    nb, bids, hs, can_call = obs.public.nb, obs.public.bids, obs.hidden_seen, obs.can_call
    n_deck, shift, min_bid = obs.table.n_deck, obs.table.shift, obs.table.min_bid
    mask, nu = seat_view(obs.known, hs, obs.table.hidden_card)
    last = bids[max(nb - 1, 0)] * (nb > 0)  # 0 before the opening bid
    low = lowest_bid(nb, last, min_bid)  # H5
    if policy == RANDOM:
        if can_call:
            p_call = params[RANDOM_CALL]
            if u < p_call:
                return CALL
            u = (u - p_call) / (1.0 - p_call)
        if nb == 0:
            first = np.int64(params[RANDOM_LO])
            span = np.int64(params[RANDOM_HI]) - first + 1
            return max(first + min(np.int64(u * span), span - 1), low)
        step = np.int64(params[RANDOM_STEP])
        return last + 1 + min(np.int64(u * step), step - 1)
    if policy == TIPS:
        e = _tips_estimate(mask, nu, n_deck)
        if nb == 0:
            return max(e, low)
        if can_call and last > e + params[TIPS_MARGIN]:
            return CALL
        return max(low, min(e, last + np.int64(params[TIPS_STEP])))
    # the odds family
    sf, lo = tables.sf, tables.lo
    row = np.int64(tables.row_of[nu, mask])  # int64 like the reader's rows: one sf_at to compile
    if nb > 0 and can_call and 1.0 - sf_at(sf, row, lo, last + shift) > params[ODDS_CALL]:
        return CALL
    b = lo + tables.safe[np.int64(params[LEVEL_SLOT]), row] - shift
    b = max(b, low)
    if policy == BLUFFER and u < params[BLUFFER_RATE]:
        b += np.int64(params[BLUFFER_SIZE])
    return b


@njit(nogil=True, cache=True, inline="always")
def point_base(policy, params, obs, tables, work, u):
    """The base bots' pointing (Trickster, ``nb`` >= 1: :func:`point_choice`, which
    :func:`act_rare` shares)."""
    nb = obs.public.nb
    mask, nu = seat_view(obs.known, obs.hidden_seen, obs.table.hidden_card)
    return point_choice(policy, params, mask, nu, obs.public.bids[nb - 1],
                        obs.public.bidders[nb - 1], obs.caller, obs.table.shift,
                        obs.table.n_deck, tables.row_of, tables.sf, tables.lo, u)  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def discard_base(policy, params, obs, tables, work, u):
    """The base bots' discard (H8): 1 to give up an open life card, 0 a face-down one (reads
    no view)."""
    if policy == RANDOM:
        return 1 if u < 0.5 else 0
    return np.int64(params[TIPS_DISCARD]) if policy == TIPS else np.int64(params[ODDS_DISCARD])


@njit(nogil=True, cache=True, inline="always")
def peek_every(policy, params, obs, tables, work, u):
    """Every bot's peek: the ``equilibrium`` bot's (:func:`eq_peek`), else :func:`peek_base`."""
    if policy == EQUILIBRIUM:
        return eq_peek(params, obs, tables, u)
    return peek_base(policy, params, obs, tables, work, u)


@njit(nogil=True, cache=True, inline="always")
def bid_every(policy, params, obs, tables, work, u):
    """Every bot's bid or call: the responder's (:func:`responder_bid`), the ``equilibrium``
    bot's (:func:`eq_bid`), else :func:`bid_base`."""
    if policy == RESPONDER:
        return responder_bid(params, obs, tables, work)
    if policy == EQUILIBRIUM:
        return eq_bid(params, obs, tables, u)
    return bid_base(policy, params, obs, tables, work, u)


@njit(nogil=True, cache=True, inline="always")
def point_every(policy, params, obs, tables, work, u):
    """Every bot's pointing: one real call (:func:`act_rare`)."""
    return act_rare(np.int64(POINT), policy, params, obs, tables, u, True)


@njit(nogil=True, cache=True, inline="always")
def discard_every(policy, params, obs, tables, work, u):
    """Every bot's discard: the ``equilibrium`` bot's by the real call :func:`act_rare`, else
    :func:`discard_base`."""
    if policy == EQUILIBRIUM:
        return act_rare(np.int64(DISCARD), policy, params, obs, tables, u, True)
    return discard_base(policy, params, obs, tables, work, u)


# _nrt=False: nothing here allocates, so the call does no reference counting of its arrays
@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def act_rare(kind, policy, params, obs, tables, u, eq_on):
    """The decisions the per-kind bodies do not inline, rare ones: pointing (Trickster;
    :func:`point_choice`, or the ``equilibrium`` table's :func:`eq_point`) and the
    ``equilibrium`` bot's discard (:func:`eq_discard`). ``eq_on`` None: compiled without the
    ``equilibrium`` bot's code."""
    mask, nu = obs_view(obs)
    if eq_on is not None and kind == DISCARD:
        return eq_discard(params)
    if eq_on is not None and policy == EQUILIBRIUM:
        return eq_point(params, obs, tables, np.int64(tables.row_of[nu, mask]))
    nb = obs.public.nb
    last = obs.public.bids[nb - 1] if nb > 0 else 0
    bidder = obs.public.bidders[nb - 1] if nb > 0 else -1
    return point_choice(policy, params, mask, nu, last, bidder, obs.caller, obs.table.shift,
                        obs.table.n_deck, tables.row_of, tables.sf, tables.lo, u)  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def point_choice(policy, params, mask, nu, last, bidder, caller, shift, n_deck, row_of, sf, lo, u):
    """Trickster (H10): the seat expected to win, the last ``bidder`` or the ``caller``, from
    the view ``(mask, nu)``."""
    if policy == RANDOM:
        return bidder if u < 0.5 else caller
    if policy == TIPS:
        return bidder if _tips_estimate(mask, nu, n_deck) >= last + shift else caller
    sure = sf_at(sf, np.int64(row_of[nu, mask]), lo, last + shift) >= params[ODDS_POINT]
    return bidder if sure else caller


class BotSet(NamedTuple):
    """The four decision functions of a set of bots, each ``(policy, params, obs, tables, work,
    u)``; ``name`` tells the engines of two sets apart (:func:`.kernels.engine`)."""

    name: str
    peek: Any
    bid: Any
    point: Any
    discard: Any


#: the base bots (``random``, ``tips``, ``odds``, ``reader``, ``bluffer``): a table of these
#: compiles the smaller engine (its cold compile: about 60% of the one with every bot)
BASE = BotSet("base", peek_base, bid_base, point_base, discard_base)
#: every bot but ``bayes``: ``equilibrium`` and ``responder`` too
EVERY = BotSet("every", peek_every, bid_every, point_every, discard_every)


def bot_set(policies: np.ndarray | list[int]) -> BotSet:
    """The :class:`BotSet` that plays every policy id in ``policies``: :data:`BASE` unless an
    ``equilibrium`` or ``responder`` bot sits at the table, :data:`EVERY` when one does,
    :data:`READERS` when a ``bayes`` bot does (the same games: each set is the next one without
    code those tables never reach).

    Three sets, not more: every table with a ``bayes`` bot, whatever its field, plays the
    largest engine. Smaller ones for a ``bayes`` bot reading plain bots and for a table of
    readers of readers (``all``, ``reader_of_readers``) played the same games at the same speed
    (ratios 0.97-1.01 on four tables, ``scripts/headcount_bot_set_speed.py``: the posterior,
    not the engine, is a ``bayes`` decision's time) and cost about 40 CPU s of every ``warm``
    (Headcount's warm steps compiled for 144 s in one process with them, 102 s without)."""
    p = np.asarray(policies)
    if (p == BAYES).any():
        return READERS
    return EVERY if ((p == EQUILIBRIUM) | (p == RESPONDER)).any() else BASE


# --------------------------------------------------------------------------- reader, responder


@njit(nogil=True, cache=True, inline="always")
def reader_mixture(params, obs, row_of, lo, safe, work):
    """The reader's belief: for every card its own forehead may hold, the belief row of the
    view with that card (``work[0, :m]``) and how well the card explains the others' raises
    (``work[1, :m]``); returns ``(m, sum of the weights)``."""
    me, seen, known, hs = obs.me, obs.seen, obs.known, obs.hidden_seen
    pub = obs.public
    nb, bids, bidders, bid_peeked = pub.nb, pub.bids, pub.bidders, pub.bid_peeked
    n_deck, hidden_card = obs.table.n_deck, obs.table.hidden_card
    min_bid, shift = obs.table.min_bid, obs.table.shift
    mask, nu = seat_view(known, hs, hidden_card)
    sigma = params[READER_SIGMA]
    mqi = np.int64(params[MODEL_LEVEL_SLOT])
    fmask = known  # foreheads only
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
            if bid_peeked[i] and hs >= 0:
                mj |= np.int64(1) << np.int64(hs)
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
def reader_bid(params, obs, tables, work):
    """The reader's bid or call: a mixture over its own card weighted by how well each
    candidate explains the others' raises (see the module docstring); :func:`mixture_bid` with
    its ``call`` and ``quantile``, going all the way to its plan."""
    return mixture_bid(params, obs, tables.row_of, tables.sf, tables.lo, tables.safe, work,
                       params[ODDS_CALL], params[ODDS_QUANTILE], 1.0,
                       np.int64(0))  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def responder_bid(params, obs, tables, work):
    """The responder's bid or call: the reader's belief (:func:`reader_mixture`), its own
    call threshold, quantile and raise fraction when heads-up (``call2``, ``quantile2``,
    ``raise2``) and with more players (``call``, ``quantile``, ``raise``); a raise goes the
    fraction ``raise`` of the way from the lowest legal bid to its plan, and an opening bid is
    ``shade`` below plan (:func:`mixture_bid`). With the defaults it bids exactly as
    ``reader``."""
    heads_up = obs.table.n_active == 2
    call = params[RESPONDER_CALL2] if heads_up else params[ODDS_CALL]
    quantile = params[RESPONDER_QUANTILE2] if heads_up else params[ODDS_QUANTILE]
    frac = params[RESPONDER_RAISE2] if heads_up else params[RESPONDER_RAISE]
    return mixture_bid(params, obs, tables.row_of, tables.sf, tables.lo, tables.safe, work,
                       call, quantile, frac,
                       np.int64(params[RESPONDER_SHADE]))  # fmt: skip


# _nrt=False: allocates nothing (``work`` is the scratch), so no reference counting
@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def mixture_bid(params, obs, row_of, sf, lo, safe, work, call, quantile, frac, shade):
    """The bid or call of the reader's belief (:func:`reader_mixture`), for the reader and the
    responder, one compiled body: "Count!" when P(the last bid loses) > ``call``, else the
    highest bid that survives a call with probability >= 1 - ``quantile`` (the plan); an opening
    bid goes ``shade`` below plan, a raise the fraction ``frac`` of the way from the lowest
    legal bid to it (the reader: ``frac`` 1 and ``shade`` 0, its plan)."""
    m, wsum = reader_mixture(params, obs, row_of, lo, safe, work)
    shift = obs.table.shift
    nb = obs.public.nb
    level = 1.0 - quantile
    last = obs.public.bids[nb - 1] if nb > 0 else 0
    if (
        nb > 0
        and obs.can_call
        and 1.0 - _mix_sf(sf, work[0], work[1], m, wsum, lo, last + shift) > call
    ):
        return CALL
    plan = _mix_safe_bid(sf, work[0], work[1], m, wsum, lo, level, shift)
    low = lowest_bid(nb, last, obs.table.min_bid)
    if nb == 0:
        return max(plan - shade, low)
    if plan <= low:
        return low
    return low + np.int64(frac * (plan - low))


@njit(nogil=True, cache=True)
def stated_call_win(policy, params, obs, tables, work):
    """The probability that "Count!" now (``nb`` >= 1 bids) would win, as the bot of
    ``policy`` believes it from its observation: the reader's mixture, the ``odds`` family's
    view alone, the ``equilibrium`` table's call-win belief; -1 for the bots that state none
    (``random``, ``tips``)."""
    pub = obs.public
    last = pub.bids[pub.nb - 1]
    shift = obs.table.shift
    if policy == EQUILIBRIUM:
        return EQ.call_win_at(tables.gain, tables.sf.shape[0], eq_bid_row(obs, tables))
    if policy == READER or policy == RESPONDER:  # noqa: SIM109 (numba: scalars)
        m, wsum = reader_mixture(params, obs, tables.row_of, tables.lo, tables.safe, work)
        return 1.0 - _mix_sf(tables.sf, work[0], work[1], m, wsum, tables.lo, last + shift)
    if policy == ODDS or policy == BLUFFER:  # noqa: SIM109 (numba: scalars, no tuple)
        mask, nu = obs_view(obs)
        return 1.0 - sf_at(tables.sf, np.int64(tables.row_of[nu, mask]), tables.lo, last + shift)
    return -1.0


# --------------------------------------------------------------------------- bayes
# The exact Bayesian responder (issue 22 item 1). The field is known (``field``: the policy of
# every other seat, at its default parameters, copied into the bot's slots BAYES_MODEL.. by
# table_params). Its hypotheses are the cards in play it cannot see: its own forehead card and,
# unless it peeked, the hidden card (H7; none when ``hidden_card`` is off). Every deal of them is
# equally likely a priori; each is weighted by the probability that the field's policy, put in
# each earlier actor's seat with that seat's view under the hypothesis, makes the actions the
# table saw this round: every peek offered (H7: public, made before the peeker sees the hidden
# card), every bid (H5) and, when it points (Trickster, H10), the call. The draw-pile top that
# the Joker stands for (H2) is seen by nobody; the belief rows of fully known views average over
# it. Likelihoods: the ``equilibrium`` table's probabilities of the actions that give the seen
# bid (exact); 1 or 0 for the deterministic bots (``odds``, ``tips``, ``reader``: their own
# decision functions, run on the hypothetical view; ``bluffer``: its odds bid with probability
# 1 - ``rate``, pushed ``size`` higher with ``rate``); 1 for ``random``, whose choices never
# depend on the cards. Each factor is floored at BAYES_FLOOR (so a field that strays from its
# model never empties the posterior) and the weights are kept as logarithms. Cards are dealt
# afresh every round (H9), so earlier rounds tell nothing about this one.
#
# Scratch (``work``, float64[WORK_ROWS, 32]): rows 0-1 the reader model's mixture, row
# _W_MODEL the field model's parameter array, then three blocks of _HYP_ROWS rows: hypothesis
# k's belief row (of the fully known cards in play), its weight and its hidden card; then the
# pairs' likelihoods (_H_PAIR), the last posterior's inputs (_H_KEY) and the round's turns
# (_H_TURNS).
#
# Cost (issue 22: the bot is an oracle of the competent field's growth, so it must be cheap)
# without changing a bit of any decision: a field seat that looked at the hidden card sees the
# bot's card and the hidden card both, so for every field but the reader its decisions have
# the same likelihood under (x, h) and (h, x); they are scored once per unordered pair and the
# sum read back for the mirror pair (the same float, added to the same part-0 sum as before).
# The engine asks for a peek and then, when the bot declines, for the bid on the same inputs:
# the bid reads the posterior the peek left in ``work`` after checking that every input is the
# same (:func:`_same_inputs`). What each turn was is worked out once a posterior (:func:`_turns`),
# and :func:`event_likelihood` is inlined into the loop over the turns. All of it is tested
# against digests of the decisions and posteriors before (tests/headcount/test_bayes.py);
# scripts/bench_headcount_bayes.py times it (docs/games/headcount.md, "The bayes bot": 6.7 to 8.5
# times the games a second of main at 5e998a5).

BAYES_FLOOR = 1e-9
_W_MODEL = 2
_HYP_ROWS = 10  # 320 hypotheses >= 18 * 17
_H_ROW, _H_W, _H_HIDDEN = 3, 3 + _HYP_ROWS, 3 + 2 * _HYP_ROWS
#: the log-likelihood of a pair (x, h) of the decisions made with a look at the hidden card, at
#: x * n_deck + h from row _H_PAIR on (18 * 18 <= 11 * 32)
_H_PAIR = 3 + 3 * _HYP_ROWS
#: the last posterior's inputs (:func:`_same_inputs`), from row _H_KEY to the end: a flat block
#: of [reusable?, m, wsum, length, the inputs...]
_H_KEY = _H_PAIR + 11
_KEY_ROWS = 8
#: what each turn of the round was (:func:`_turns`), from row _H_TURNS on (MAX_BIDS + 1 turns)
_H_TURNS = _H_KEY + _KEY_ROWS
_TURN_ROWS = 9
_K_REUSE, _K_M, _K_WSUM, _K_LEN, _K_FIRST = 0, 1, 2, 3, 4


@njit(nogil=True, cache=True, inline="always")
def _key_put(key, n, v, same):
    """Write input ``v`` at place ``n`` of the inputs (if it fits); ``same`` and'ed with whether
    it was there already. Returns ``(n + 1, same)``."""
    q = _K_FIRST + n
    if q < key.shape[0]:
        same = same and key[q] == v
        key[q] = v
    return n + 1, same


@njit(nogil=True, cache=True, inline="always")
def _same_inputs(params, obs, tables, work):
    """Write everything :func:`bayes_posterior` reads (the bot's parameters, the tables' shapes
    and places in memory, the table's rules, the seat, its view and this round's public history)
    into the key block of ``work``; True if it equals the inputs written there before (a history
    too long for the block is never the same)."""
    key = work[_H_KEY : _H_KEY + _KEY_ROWS].reshape(_KEY_ROWS * 32)
    pub, t = obs.public, obs.table
    n = np.int64(0)
    same = True
    f = np.float64
    for v in (f(tables.lo), f(tables.sf.shape[0]), f(tables.sf.shape[1]),
              f(tables.gain.shape[0]), f(tables.row_of.shape[1]), f(tables.sf.ctypes.data),
              f(tables.gain.ctypes.data), f(tables.row_of.ctypes.data),
              f(tables.safe.ctypes.data), f(t.n_active), f(t.n_deck), f(t.hidden_card),
              f(t.min_bid), f(t.shift), f(t.start_peek), f(t.peek_raise), f(obs.me),
              f(obs.known), f(obs.hidden_seen), f(obs.caller), f(obs.seen.shape[0]),
              f(pub.nb)):  # fmt: skip
        n, same = _key_put(key, n, v, same)
    for i in range(N_PARAMS):
        n, same = _key_put(key, n, params[i], same)
    for s in range(obs.seen.shape[0]):
        n, same = _key_put(key, n, np.float64(obs.seen[s]), same)
        n, same = _key_put(key, n, np.float64(pub.peeked[s]), same)
        n, same = _key_put(key, n, np.float64(pub.open_l[s]), same)
    for i in range(pub.nb):
        n, same = _key_put(key, n, np.float64(pub.bids[i]), same)
        n, same = _key_put(key, n, np.float64(pub.bidders[i]), same)
        n, same = _key_put(key, n, np.float64(pub.bid_peeked[i]), same)
    fits = _K_FIRST + n <= key.shape[0]
    same = same and fits and key[_K_LEN] == n
    key[_K_LEN] = n if fits else -1
    return same


# inlined at its one site in _log_likelihood: as a real call it took the rebuilt observation
# by value at every event, and the bot played half as many games a second
@njit(nogil=True, cache=True, inline="always")
def event_likelihood(kind, field, mparams, obs, tables, work, observed):
    """The probability that a seat of policy ``field`` (parameters ``mparams``) with the
    observation ``obs`` makes the decision ``observed`` of ``kind`` (PEEK: 1 or 0; BID: the bid
    or :data:`CALL`)."""
    if field == RANDOM:
        return 1.0  # its draws never depend on the cards
    if field == EQUILIBRIUM:
        gain, base = tables.gain, tables.sf.shape[0]
        if kind == PEEK:
            if mparams[EQ_PEEK] != 0:
                p = 1.0 if mparams[EQ_PEEK] == 2 else 0.0
            else:
                p = EQ.prob(gain, base, eq_peek_row(obs, tables), 0, 2, 1)
            return p if observed == 1 else 1.0 - p
        row, r, first, low = eq_bid_setup(obs, tables)
        acc = 0.0
        for a in range(first, EQ.N_ACT):
            b = eq_action_bid(a, obs.public.nb, row, low, gain, base, tables.lo, obs.table.shift)
            if b == observed:
                acc += EQ.prob(gain, base, r, first, EQ.N_ACT, a)
        return acc
    if kind == PEEK:
        a = peek_base(field, mparams, obs, tables, work, 0.5)
    elif field == BLUFFER:  # its odds bid, pushed ``size`` higher with probability ``rate``
        a = bid_base(ODDS, mparams, obs, tables, work, 0.5)
        if a != CALL:
            rate = mparams[BLUFFER_RATE]
            pushed = a + np.int64(mparams[BLUFFER_SIZE])
            return (1.0 - rate) * (a == observed) + rate * (pushed == observed)
    else:
        a = bid_base(field, mparams, obs, tables, work, 0.5)
    return 1.0 if a == observed else 0.0


@njit(nogil=True, cache=True, inline="always")
def _as_seat(obs, j, i, x, hidden, can_call):
    """Seat ``j``'s observation at its turn after ``i`` bids if the asking seat's card is ``x``
    (``hidden``: the hidden card if ``j`` had peeked, else -1). Its ``seen`` is the asking
    seat's array, changed in place (:func:`_log_likelihood` restores it)."""
    pub = obs.public
    seen = obs.seen
    known = (obs.known & ~(np.int64(1) << np.int64(seen[j]))) | (np.int64(1) << np.int64(x))
    seen[obs.me] = x
    seen[j] = -1
    public = Public(np.int64(i), pub.bids, pub.bidders, pub.bid_peeked, pub.peeked, pub.open_l)
    return Observation(obs.table, public, np.int64(j), seen, np.int64(known), np.int64(hidden),
                       can_call, np.int64(-1))  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def _turns(obs, work):
    """Write what :func:`_log_likelihood` asks of each turn this round, the same for every
    hypothesis, into ``work`` from row _H_TURNS (one float a turn): -1 for the asking seat's own
    turns, else the seat ``j`` + 8 if it was offered a peek (H7) + 16 if it peeked then + 32 if
    it had seen the hidden card by its bid + 64 if it could call then. Returns the turns."""
    pub = obs.public
    me, nb, bidders, bid_peeked = obs.me, pub.nb, pub.bidders, pub.bid_peeked
    t = obs.table
    codes = work[_H_TURNS : _H_TURNS + _TURN_ROWS].reshape(_TURN_ROWS * 32)
    turns = nb + (1 if obs.caller >= 0 else 0)  # pointing (H10): the caller's turn too
    for i in range(turns):
        j = bidders[i] if i < nb else obs.caller
        if j == me:
            codes[i] = -1.0
            continue
        had = False  # j peeked on an earlier turn of this round
        for k in range(i):
            if bidders[k] == j and bid_peeked[k]:
                had = True
        now = (bid_peeked[i] if i < nb else pub.peeked[j]) and not had
        # H7: offered a peek at the start of its turn (not yet peeked, an open life card then,
        # the start player not on its opening turn); decided before seeing the hidden card
        open_then = pub.open_l[j] + (1 if pub.peeked[j] else 0)
        offered = not had and may_peek(t.hidden_card, open_then, i == 0, t.start_peek)
        sees = had or now
        codes[i] = (j + 8 * offered + 16 * now + 32 * sees
                    + 64 * may_call(i, now, t.peek_raise))  # fmt: skip
    return turns


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def _log_likelihood(field, mparams, obs, tables, work, x, hidden, part, turns):
    """The log-probability of the others' decisions this round if the asking seat's card is
    ``x`` and the hidden card ``hidden``: ``part`` 0 only the decisions made without a look at
    the hidden card, 1 only those made with one, 2 all of them (``turns`` turns, as
    :func:`_turns` wrote them)."""
    me, nb = obs.me, obs.public.nb
    codes = work[_H_TURNS : _H_TURNS + _TURN_ROWS].reshape(_TURN_ROWS * 32)
    total = 0.0
    for i in range(turns):
        c = np.int64(codes[i])
        if c < 0:
            continue
        j = c & 7
        sees = (c >> 5) & 1 == 1
        sj = obs.seen[j]
        # the peek offered, then the bid: one site for event_likelihood, which is inlined
        for kind in (PEEK, BID):
            if kind == PEEK:
                if part == 1 or not (c >> 3) & 1:
                    continue
                hid, can_call, seen_action = np.int64(-1), i > 0, (c >> 4) & 1
            else:
                if part != 2 and (part == 1) != sees:
                    continue
                hid = hidden if sees else np.int64(-1)
                can_call = (c >> 6) & 1 == 1
                seen_action = obs.public.bids[i] if i < nb else CALL
            o = _as_seat(obs, j, i, x, hid, can_call)
            p = event_likelihood(kind, field, mparams, o, tables, work, seen_action)
            obs.seen[me], obs.seen[j] = -1, sj
            total += np.log(max(p, BAYES_FLOOR))
    return total


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def bayes_posterior(params, obs, tables, work):
    """Fill ``work`` with the posterior over the asking seat's hypotheses (see above); returns
    ``(m, sum of the weights)``, the weights relative to the largest. Right after a peek the
    bot declined (:func:`bayes_peek` marks the scratch), the bid asks again on the same inputs:
    the posterior is then still in ``work`` and is returned as it is (:func:`_same_inputs`)."""
    key = work[_H_KEY : _H_KEY + _KEY_ROWS].reshape(_KEY_ROWS * 32)
    reusable = key[_K_REUSE] == 1.0
    key[_K_REUSE] = 0.0
    if _same_inputs(params, obs, tables, work) and reusable:
        return np.int64(key[_K_M]), key[_K_WSUM]
    n_deck, hidden_card = obs.table.n_deck, obs.table.hidden_card
    hs = obs.hidden_seen
    mask, _ = seat_view(obs.known, hs, hidden_card)
    field = np.int64(params[BAYES_FIELD])
    for c in range(work.shape[1]):
        work[_W_MODEL, c] = 0.0
    for c in range(BAYES_MODEL_SLOTS):
        work[_W_MODEL, c] = params[BAYES_MODEL + c]
    work[_W_MODEL, LEVEL_SLOT] = params[LEVEL_SLOT]
    work[_W_MODEL, MODEL_LEVEL_SLOT] = params[MODEL_LEVEL_SLOT]
    mparams = work[_W_MODEL, :N_PARAMS]
    open_hidden = hidden_card and hs < 0  # the hidden card is one of the hypotheses
    turns = _turns(obs, work)
    # every field but the readers decides from its view's cards alone, whichever of them is the
    # forehead (the reader's model of the other bidders, and a bayes seat's rebuilt views of
    # them, read its foreheads apart from the hidden card): the decisions made after a look at
    # the hidden card are symmetric in (x, h)
    symmetric = field != READER and field != BAYES  # a bayes seat reads the others' views too
    n_h = n_deck if open_hidden else 1
    m = np.int64(0)
    top = -np.inf
    for x in range(n_deck):
        if (mask >> x) & 1:
            continue
        xbit = np.int64(1) << np.int64(x)
        lx = _log_likelihood(field, mparams, obs, tables, work, x, hs, 0 if open_hidden else 2,
                             turns)  # fmt: skip
        for k in range(n_h):
            h = np.int64(k) if open_hidden else np.int64(hs)
            if open_hidden and (h == x or (mask >> h) & 1):
                continue
            lw = lx
            full = mask | xbit
            if open_hidden:
                # the decisions made with a look at the hidden card read the view with both
                # cards in it, the same view for (x, h) and (h, x) in a symmetric field: the
                # pair's sum is memoised when h > x (x runs upwards) and read back for (h, x)
                if symmetric and h < x:
                    l1 = work[_H_PAIR + ((h * n_deck + x) >> 5), (h * n_deck + x) & 31]
                else:
                    # np.int64, not 1: a literal compiles _log_likelihood a second time
                    l1 = _log_likelihood(field, mparams, obs, tables, work, x, h, np.int64(1),
                                         turns)  # fmt: skip
                    if symmetric:
                        work[_H_PAIR + ((x * n_deck + h) >> 5), (x * n_deck + h) & 31] = l1
                lw += l1
                full |= np.int64(1) << h
            r, c = m >> 5, m & 31
            work[_H_ROW + r, c] = tables.row_of[0, full]
            work[_H_W + r, c] = lw
            work[_H_HIDDEN + r, c] = h
            top = max(top, lw)
            m += 1
    wsum = 0.0
    for i in range(m):
        r, c = i >> 5, i & 31
        w = np.exp(work[_H_W + r, c] - top)
        work[_H_W + r, c] = w
        wsum += w
    key[_K_M], key[_K_WSUM] = m, wsum
    return m, wsum


@njit(nogil=True, cache=True, inline="always")
def _hyp(work, first):
    """The hypotheses' block of ``_HYP_ROWS`` scratch rows from row ``first``, as one flat view
    (hypothesis ``k`` at ``k``)."""
    return work[first : first + _HYP_ROWS].reshape(_HYP_ROWS * 32)


@njit(nogil=True, cache=True, inline="always")
def _quantiles(params):
    """The lowest and highest quantile of the bot's bids: ``quantile`` and ``quantile +
    spread`` (below 1; the same float twice when ``spread`` is 0)."""
    q = params[BAYES_QUANTILE]
    return q, min(q + params[BAYES_SPREAD], 1.0 - 1e-9)


@njit(nogil=True, cache=True, inline="always")
def _bid_quantile(params, u):
    """The quantile of a bid drawn with the uniform ``u`` (``quantile`` itself when ``spread``
    is 0: the bot then draws nothing)."""
    lo, hi = _quantiles(params)
    return lo + u * (hi - lo)


@njit(nogil=True, cache=True, inline="always")
def _bayes_plan(params, obs, tables, work, q):
    """``(m, wsum, call?, plan, P(plan survives))`` of the posterior: "Count!" when it may call
    and P(the last bid loses) > ``call``; else the plan, the highest bid that survives a call
    with probability >= 1 - ``q`` (at least the lowest legal bid, H5)."""
    m, wsum = bayes_posterior(params, obs, tables, work)
    ids, ws = _hyp(work, _H_ROW), _hyp(work, _H_W)
    sf, lo, shift = tables.sf, tables.lo, obs.table.shift
    nb = obs.public.nb
    last = obs.public.bids[nb - 1] if nb > 0 else 0
    if nb > 0 and obs.can_call:
        lose = 1.0 - _mix_sf(sf, ids, ws, m, wsum, lo, last + shift)
        if lose > params[BAYES_CALL]:
            return m, wsum, True, last, lose
    plan = _mix_safe_bid(sf, ids, ws, m, wsum, lo, 1.0 - q, shift)
    plan = max(plan, lowest_bid(nb, last, obs.table.min_bid))
    return m, wsum, False, plan, _mix_sf(sf, ids, ws, m, wsum, lo, plan + shift)


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def bayes_bid(params, obs, tables, work, u):
    """The ``bayes`` bot's bid or :data:`CALL` (:func:`_bayes_plan`; the bid's quantile drawn
    with ``u``, :func:`_bid_quantile`)."""
    _, _, call, plan, _ = _bayes_plan(params, obs, tables, work, _bid_quantile(params, u))
    return CALL if call else plan


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def bayes_bid_chance(params, obs, tables, work, observed):
    """The probability that the ``bayes`` bot bids ``observed`` (or calls: :data:`CALL`) on
    ``obs``, over the uniform of :func:`bayes_bid`. Its call is certain either way; the bid at
    quantile q is the highest b with S(b) = P(total >= b + shift) >= 1 - q, at least the lowest
    legal bid: it is ``observed`` when 1 - q lies in (S(observed + 1), S(observed)] (in
    (S(low + 1), 1] for the lowest legal bid ``low``), and q is uniform on the quantiles."""
    q_lo, q_hi = _quantiles(params)
    m, wsum, call, plan, _ = _bayes_plan(params, obs, tables, work, q_lo)
    if call or observed == CALL:
        return 1.0 if call and observed == CALL else 0.0
    if q_hi == q_lo:
        return 1.0 if plan == observed else 0.0
    nb = obs.public.nb
    low = lowest_bid(nb, obs.public.bids[nb - 1] if nb > 0 else 0, obs.table.min_bid)
    if observed < low:
        return 0.0
    ids, ws = _hyp(work, _H_ROW), _hyp(work, _H_W)
    sf, lo, shift = tables.sf, tables.lo, obs.table.shift
    top = 1.0 if observed == low else _mix_sf(sf, ids, ws, m, wsum, lo, observed + shift)
    bottom = _mix_sf(sf, ids, ws, m, wsum, lo, observed + 1 + shift)
    hit = min(top, 1.0 - q_lo) - max(bottom, 1.0 - q_hi)  # levels 1 - q: (1 - q_hi, 1 - q_lo]
    return max(hit, 0.0) / (q_hi - q_lo)


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def bayes_peek(params, obs, tables, work):
    """1 to peek (H7): when it would raise anyway and the hidden card moves the chance that its
    plan survives, on average over the posterior's hidden cards, by more than ``peek`` (the plan
    at the middle of its quantiles: the peek draws nothing)."""
    m, wsum, call, plan, p = _bayes_plan(params, obs, tables, work, _bid_quantile(params, 0.5))
    if call:  # a declined peek: the bid comes next, on the same inputs (see bayes_posterior)
        work[_H_KEY, _K_REUSE] = 1.0
        return np.int64(0)
    sf, lo = tables.sf, tables.lo
    b = plan + obs.table.shift
    moved = 0.0
    for h in range(obs.table.n_deck):
        num = 0.0
        den = 0.0
        for i in range(m):
            r, c = i >> 5, i & 31
            if work[_H_HIDDEN + r, c] == h:
                w = work[_H_W + r, c]
                num += w * sf_at(sf, np.int64(work[_H_ROW + r, c]), lo, b)
                den += w
        if den > 0.0:
            moved += den * abs(num / den - p)
    peek = moved / wsum > params[BAYES_PEEK]
    work[_H_KEY, _K_REUSE] = 0.0 if peek else 1.0  # declined: as above
    return np.int64(1 if peek else 0)


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def bayes_point(params, obs, tables, work):
    """H10: the last bidder if the posterior (the call included) gives its bid at least even
    odds, else the caller: the likelier winner."""
    m, wsum = bayes_posterior(params, obs, tables, work)
    nb = obs.public.nb
    last = obs.public.bids[nb - 1]
    ids, ws = _hyp(work, _H_ROW), _hyp(work, _H_W)
    p = _mix_sf(tables.sf, ids, ws, m, wsum, tables.lo, last + obs.table.shift)
    return obs.public.bidders[nb - 1] if p >= 0.5 else obs.caller


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def bayes_survival(params, obs, tables, work, b):
    """P(total >= b) under the ``bayes`` bot's posterior (for tests and callers)."""
    m, wsum = bayes_posterior(params, obs, tables, work)
    return _mix_sf(tables.sf, _hyp(work, _H_ROW), _hyp(work, _H_W), m, wsum, tables.lo, b)


@njit(nogil=True, cache=True, inline="always")
def peek_all(policy, params, obs, tables, work, u):
    """The peek of every bot, ``bayes`` too (:func:`bayes_peek`)."""
    if policy == BAYES:
        return bayes_peek(params, obs, tables, work)
    return peek_every(policy, params, obs, tables, work, u)


@njit(nogil=True, cache=True, inline="always")
def bid_all(policy, params, obs, tables, work, u):
    """The bid or call of every bot, ``bayes`` too (:func:`bayes_bid`)."""
    if policy == BAYES:
        return bayes_bid(params, obs, tables, work, u)
    return bid_every(policy, params, obs, tables, work, u)


@njit(nogil=True, cache=True, inline="always")
def point_all(policy, params, obs, tables, work, u):
    """The pointing of every bot, ``bayes`` too (:func:`bayes_point`)."""
    if policy == BAYES:
        return bayes_point(params, obs, tables, work)
    return point_every(policy, params, obs, tables, work, u)


@njit(nogil=True, cache=True, inline="always")
def discard_all(policy, params, obs, tables, work, u):
    """The discard of every bot, ``bayes`` too (its ``discard`` parameter, H8)."""
    if policy == BAYES:
        return np.int64(params[BAYES_DISCARD])
    return discard_every(policy, params, obs, tables, work, u)


# ------------------------------------------------------------------------ a reader of readers
# ``bayes:field=bayes``: every other seat is a ``bayes`` bot at its defaults but for its
# ``field`` (the asking bot's ``ffield``: ``equilibrium`` or ``random``) and ``spread`` (its
# ``fspread``), so each of its decisions comes out of a posterior of its own. Under a hypothesis
# the likelihood of such a decision is its chance (1 or 0, floored, when the field does not mix):
# the field seat's posterior is run on the view the hypothesis gives it, in the LEVEL_ROWS
# scratch rows after the asking bot's. The asking bot's functions are those above, copied with
# the likelihood rebound (numba's on-disk cache cannot hold mutually recursive functions); only
# tables that seat such a reader compile them (:data:`READERS`).


@njit(nogil=True, cache=True, inline="always")
def event_likelihood_of_readers(kind, field, mparams, obs, tables, work, observed):
    """:func:`event_likelihood` for ``field`` ``bayes``, the only field of the posterior that
    calls it (:func:`bayes_posterior_r`, asked only by a bot whose field is ``bayes``): the
    chance of that bot's decision on ``obs`` (:func:`bayes_bid_chance`; its peek is certain).
    Not falling back to :func:`event_likelihood` keeps the other bots' code out of the copies'
    compile."""
    inner = work[LEVEL_ROWS:]
    if kind == PEEK:
        return 1.0 if bayes_peek(mparams, obs, tables, inner) == observed else 0.0
    return bayes_bid_chance(mparams, obs, tables, inner, observed)


_log_likelihood_r = rejit(_log_likelihood, "_log_likelihood_r",
                         event_likelihood=event_likelihood_of_readers)  # fmt: skip
bayes_posterior_r = rejit(bayes_posterior, "bayes_posterior_r", _log_likelihood=_log_likelihood_r)
_bayes_plan_r = rejit(_bayes_plan, "_bayes_plan_r", bayes_posterior=bayes_posterior_r)
bayes_bid_r = rejit(bayes_bid, "bayes_bid_r", _bayes_plan=_bayes_plan_r)
bayes_peek_r = rejit(bayes_peek, "bayes_peek_r", _bayes_plan=_bayes_plan_r)
bayes_point_r = rejit(bayes_point, "bayes_point_r", bayes_posterior=bayes_posterior_r)
bayes_survival_r = rejit(bayes_survival, "bayes_survival_r", bayes_posterior=bayes_posterior_r)


@njit(nogil=True, cache=True, inline="always")
def _reads_readers(policy, params):
    return policy == BAYES and params[BAYES_FIELD] == BAYES


@njit(nogil=True, cache=True, inline="always")
def peek_readers(policy, params, obs, tables, work, u):
    """The peek of every bot, a reader of ``bayes`` bots too."""
    if _reads_readers(policy, params):
        return bayes_peek_r(params, obs, tables, work)
    return peek_all(policy, params, obs, tables, work, u)


@njit(nogil=True, cache=True, inline="always")
def bid_readers(policy, params, obs, tables, work, u):
    """The bid or call of every bot, a reader of ``bayes`` bots too."""
    if _reads_readers(policy, params):
        return bayes_bid_r(params, obs, tables, work, u)
    return bid_all(policy, params, obs, tables, work, u)


@njit(nogil=True, cache=True, inline="always")
def point_readers(policy, params, obs, tables, work, u):
    """The pointing of every bot, a reader of ``bayes`` bots too."""
    if _reads_readers(policy, params):
        return bayes_point_r(params, obs, tables, work)
    return point_all(policy, params, obs, tables, work, u)


#: every bot: ``bayes`` too, and a ``bayes`` bot reading a field of ``bayes`` bots
READERS = BotSet("readers", peek_readers, bid_readers, point_readers, discard_all)

#: a bot set's four decision functions, bound per set in each copy of :func:`_act`
bot_peek = bot_bid = bot_point = bot_discard = None


def _act(policy, params, obs, kind, tables, work, u):  # type: ignore[no-untyped-def]
    """One decision of the bot ``(policy, params)`` from its observation ``obs``
    (:class:`.Observation`), for Python callers: ``kind`` PEEK (1 to peek), BID (a bid or
    :data:`CALL`), POINT (the seat pointed at) or DISCARD (1: an open life card); ``tables``:
    :class:`Tables`; ``work``: the scratch, :func:`.observation.new_work`; ``u``: the
    decision's uniform number in [0, 1). The ``equilibrium`` bot's peeks and bids come from its
    solved heads-up round when it plays there. The engine calls the same functions, one per kind,
    inlined at its decision sites."""
    if kind == PEEK:
        return np.int64(bot_peek(policy, params, obs, tables, work, u))
    if kind == POINT:
        return np.int64(bot_point(policy, params, obs, tables, work, u))
    if kind == DISCARD:
        return np.int64(bot_discard(policy, params, obs, tables, work, u))
    return np.int64(bot_bid(policy, params, obs, tables, work, u))


@cache
def act_for(bots: BotSet):  # type: ignore[no-untyped-def]
    """:func:`_act` compiled for the bot set ``bots`` (:func:`bot_set` of the table): like the
    engine (:func:`.kernels.engine`), a table of the base bots compiles only their code (every
    bot's took 11 s of a cold compile, for a replay of base bots too)."""
    return rejit(_act, f"act_{bots.name}", {"nogil": True, "cache": True}, bot_peek=bots.peek,
                 bot_bid=bots.bid, bot_point=bots.point, bot_discard=bots.discard)  # fmt: skip


def act(policy, params, obs, kind, tables, work, u):  # type: ignore[no-untyped-def]
    """:func:`_act` for any bot (the set :func:`bot_set` picks for ``policy``)."""
    bots = bot_set([int(policy)])
    return act_for(bots)(policy, params, obs, kind, tables, work, u)


# --------------------------------------------------------------------------- equilibrium
# The table bot (:mod:`.equilibrium`): a few table lookups per decision, inlined at the
# decision site of its kind like the other choices; its table is the rows of ``gain`` from
# ``sf.shape[0]`` on. Its two-player peeks and bids come from the solved heads-up round first
# when it plays there (:func:`.headsup_policy.engine_move`).


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
def _obs_bid_state(obs, tables, row):
    """The abstract bid state of the seat of ``obs`` (``nb`` >= 1), its view's row ``row``."""
    pub = obs.public
    return eq_bid_state(tables.sf, row, tables.lo, obs.table.n_active, pub.nb, pub.bids,
                        obs.hidden_seen >= 0, pub.bid_peeked, obs.table.shift)  # fmt: skip


@njit(nogil=True, cache=True)
def eq_bid_row(obs, tables):
    """The abstract bid state of the seat of ``obs`` (``nb`` >= 1)."""
    mask, nu = obs_view(obs)
    return _obs_bid_state(obs, tables, np.int64(tables.row_of[nu, mask]))


@njit(nogil=True, cache=True, inline="always")
def eq_bid_setup(obs, tables):
    """What the table bot's bid reads (``nb`` bids so far): ``(view row, table state, first
    action allowed, lowest legal bid)``; the action drawn is turned into a bid by
    :func:`eq_action_bid`."""
    nb, bids, hs = obs.public.nb, obs.public.bids, obs.hidden_seen
    n_active, shift = obs.table.n_active, obs.table.shift
    mask, nu = seat_view(obs.known, hs, obs.table.hidden_card)
    sf, lo, gain = tables.sf, tables.lo, tables.gain
    row = np.int64(tables.row_of[nu, mask])
    base = sf.shape[0]
    if nb == 0:
        r = EQ.open_row(n_active, lo + EQ.safe_col(gain, base, row, EQ.S_MED))
        first = 0
    else:
        r = eq_bid_state(sf, row, lo, n_active, nb, bids, hs >= 0, obs.public.bid_peeked, shift)
        first = 0 if obs.can_call else 1
    low = bids[nb - 1] + 1 if nb > 0 else obs.table.min_bid
    return row, r, first, low


@njit(nogil=True, cache=True, inline="always")
def eq_action_bid(a, nb, row, low, gain, base, lo, shift):
    """The bid (or :data:`CALL`) of the table bot's action ``a`` from the view of belief row
    ``row``, one stored safe bid."""
    if nb > 0 and a == EQ.A_CALL:
        return CALL
    if nb > 0 and a == EQ.A_MIN:
        return low
    j = EQ.S_OPEN + a if nb == 0 else EQ.S_RAISE + a - 2
    return max(lo + EQ.safe_col(gain, base, row, j) - shift, low)


@njit(nogil=True, cache=True, inline="always")
def eq_bid(params, obs, tables, u):
    """A bid or :data:`CALL`: from the solved heads-up round where it plays, else drawn from
    the table; one draw, one stored safe bid."""
    a = HP.engine_move(np.int64(BID), params, obs, tables.headsup, u)
    if a != HP.NO_MOVE:
        return a
    row, r, first, low = eq_bid_setup(obs, tables)
    base = tables.sf.shape[0]
    a = EQ.sample(tables.gain, base, r, first, EQ.N_ACT, u)
    return eq_action_bid(a, obs.public.nb, row, low, tables.gain, base, tables.lo,
                         obs.table.shift)  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def eq_peek_row(obs, tables):
    """The table bot's peek state (before it peeks: its view without the hidden card)."""
    nb, bids, bid_peeked = obs.public.nb, obs.public.bids, obs.public.bid_peeked
    mask, nu = seat_view(obs.known, obs.hidden_seen, obs.table.hidden_card)
    row = np.int64(tables.row_of[nu, mask])
    p = sf_at(tables.sf, row, tables.lo, bids[nb - 1] + obs.table.shift) if nb > 0 else 0.5
    bp = 1 if nb > 0 and bid_peeked[nb - 1] else 0
    return EQ.peek_row(obs.table.n_active, p, nb, bp)


@njit(nogil=True, cache=True, inline="always")
def eq_peek(params, obs, tables, u):
    """1 to peek: from the solved heads-up round where it plays, else drawn from the table's
    peek state; the ``peek`` parameter can override the table: 1 never peeks, 2 peeks whenever
    it may (the peek question's pairs)."""
    a = HP.engine_move(np.int64(PEEK), params, obs, tables.headsup, u)
    if a != HP.NO_MOVE:
        return a
    if params[EQ_PEEK] != 0:
        return np.int64(params[EQ_PEEK] == 2)
    return EQ.sample(tables.gain, tables.sf.shape[0], eq_peek_row(obs, tables), 0, 2, u)


@njit(nogil=True, cache=True)
def eq_point(params, obs, tables, row):
    """H10: the caller if the table says a call here wins more often than not, else the bidder."""
    r = _obs_bid_state(obs, tables, row)
    win = EQ.call_win_at(tables.gain, tables.sf.shape[0], r)
    return obs.caller if win > 0.5 else obs.public.bidders[obs.public.nb - 1]


@njit(nogil=True, cache=True)
def eq_discard(params):
    """H8: the ``discard`` parameter."""
    return np.int64(params[EQ_DISCARD])


track_module(globals())  # every cached function here is keyed on the files it reaches
