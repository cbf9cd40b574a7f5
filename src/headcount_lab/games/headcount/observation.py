"""What a Headcount seat sees when its bot decides: the :class:`Observation`, built by
:func:`observe` from the true state, and the decision kinds and the "Count!" action.

A bot never reads the state (rulings H5-H10 say what is public): it gets the other active
seats' forehead cards, the hidden card if it peeked this round (H7), the table (rules, who is
still in, H9), and the round's public history: the bids, who made them and whether the bidder
had peeked by then, who peeked, everyone's open life cards (H8: they lie open on the table).
Its own forehead card, the hidden card it did not look at and the draw pile are not in it.

The observation is numba named tuples (no allocation: the arrays are the engine's own,
``seen`` its scratch), so the engine builds one per decision and passes it, with the bot's
policy id, parameters, the belief tables, a scratch array and the decision's uniform number,
to the bots' decision function (:mod:`.agents`).
"""

from __future__ import annotations

from types import FunctionType
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_module
from headcount_lab.games.headcount.rules import HeadcountRules

CALL = -(1 << 62)  # the "Count!" action; bids are ordinary integers
PEEK, BID, POINT, DISCARD = 0, 1, 2, 3  # decision kinds
#: the bots' float scratch is float64[WORK_ROWS, 32] (:func:`new_work`): in its first
#: LEVEL_ROWS rows the reader's mixture uses rows 0-1, the ``bayes`` bot the others (its field
#: model, its hypotheses, the pairs' likelihoods, the inputs of its last posterior and the
#: round's turns: ``agents.bayes_posterior``); a ``bayes`` bot whose field is ``bayes`` runs each
#: field seat's posterior in the LEVEL_ROWS rows after its own
LEVEL_ROWS = 61
WORK_ROWS = 2 * LEVEL_ROWS


def new_work() -> np.ndarray:
    """A scratch array for the bots' decisions (the engine keeps one in its scratch)."""
    return np.zeros((WORK_ROWS, 32))


class Table(NamedTuple):
    """The table every seat sees: how many seats are still in (``n_active``, H9; which ones:
    the observation's ``seen``); the rules a bot reads: ``n_deck`` (17 or 18), ``hidden_card``
    (a hidden card in play, H7), ``min_bid`` (lowest opening bid), ``shift`` (1 if ties go to
    the caller: a bid b survives when the total is >= b + shift, H6), ``start_peek``,
    ``peek_raise``. Scalars only: it travels inside every observation."""

    n_active: int
    n_deck: int
    hidden_card: bool
    min_bid: int
    shift: int
    start_peek: bool
    peek_raise: bool


class Public(NamedTuple):
    """This round's public history: ``nb`` bids so far (``bids``, ``bidders`` int64[>= nb];
    ``bid_peeked`` bool[>= nb] whether the bidder had peeked by then), ``peeked`` bool[n] who
    peeked this round and ``open_l`` int64[n] everyone's open life cards."""

    nb: int
    bids: np.ndarray
    bidders: np.ndarray
    bid_peeked: np.ndarray
    peeked: np.ndarray
    open_l: np.ndarray


class Observation(NamedTuple):
    """Seat ``me``'s view: the :class:`Table`, the :class:`Public` history, ``seen`` int64[n]
    the foreheads it sees (-1 for its own and for seats that are out), ``known`` their bitmask,
    ``hidden_seen`` the hidden card if it peeked this round (else -1); ``can_call`` whether
    "Count!" is legal now (:func:`.rules.may_call`), ``caller`` the caller (pointing, H10; else
    -1)."""

    table: Table
    public: Public
    me: int
    seen: np.ndarray
    known: int
    hidden_seen: int
    can_call: bool
    caller: int


def table_of(rules: HeadcountRules, active: np.ndarray) -> Table:
    """The :class:`Table` of ``rules`` with ``active`` (bool[n]) seats in, typed as the engine
    types it (for Python callers)."""
    r = rules
    return Table(int(active.sum()), r.deck_size, r.hidden_card, r.min_first, r.shift,
                 r.start_player_may_peek, r.peek_must_raise)  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def observe(me, active, table, public, cards, hidden, can_call, caller, seen):
    """Seat ``me``'s :class:`Observation` of the state: who is in (``active`` bool[n]), every
    forehead in ``cards`` (int64[n]), the round's ``hidden`` card (-1 without one); ``seen``
    (int64[n]) is filled with the foreheads the seat sees. The only place the state's hidden
    information is read.

    Typed arguments (``me``, ``hidden`` and ``caller`` int64, ``can_call`` bool), as the engine
    passes them: the observation's type is then the same at every site (no conversions here:
    each is IR at every inlined site)."""
    known = np.int64(0)
    for s in range(active.shape[0]):
        if s != me and active[s]:
            seen[s] = cards[s]
            known |= np.int64(1) << cards[s]
        else:
            seen[s] = -1
    hidden_seen = hidden if public.peeked[me] else -1
    return Observation(table, public, me, seen, known, hidden_seen, can_call, caller)


def _renamed(fn: Any, name: str) -> Any:
    """``fn`` under another name: numba keys its on-disk cache on a function's name and code,
    not on the options it was compiled with, so a second compile of one function (here a real
    call besides the inlined one) must carry a name of its own."""
    out = FunctionType(fn.__code__, fn.__globals__, name, fn.__defaults__, fn.__closure__)
    out.__qualname__ = name
    out.__doc__ = fn.__doc__
    return out


#: :func:`observe` as one real call, compiled once: the engine's rare sites (pointing and
#: discarding, once a round), where inlining would copy its IR twice more into the engine
#: (about 250 numba IR statements, a tenth of a second of its cold compile); without the
#: wrapper that would unbox its named tuples from Python (the engine alone calls it)
observe_rare = njit(  # type: ignore[call-overload]
    nogil=True, cache=True, _nrt=False, no_cpython_wrapper=True
)(_renamed(observe.py_func, "observe_rare"))


@njit(nogil=True, cache=True, inline="always")
def after_peek(obs, hidden, can_call):
    """The same seat's observation later in its turn, once it may have peeked (H7: a peek shows
    the hidden card and may take "Count!" away); the foreheads are as before."""
    hs = hidden if obs.public.peeked[obs.me] else -1
    return Observation(obs.table, obs.public, obs.me, obs.seen, obs.known, hs, can_call,
                       obs.caller)  # fmt: skip


track_module(globals())  # every cached function here is keyed on the files it reaches
