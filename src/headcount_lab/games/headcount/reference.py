"""Slow, obvious Headcount engines: the oracles of the kernels in tests.

- :func:`brute_force_distribution`: the exact total distribution of a view by listing every
  ordered way to deal the unseen in-play cards and the draw-pile top, one by one, with the plain
  Python :func:`~headcount_lab.games.headcount.rules.count`.
- :func:`deal_block_reference`: the dealing kernel's block, hand by hand, on a
  :class:`~headcount_lab.core.rng.PyStream`; it must give bit-identical statistics.
- :func:`play_deals`: whole games, the oracle for :mod:`.kernels`. It plays by the same rules (see
  the engine's docstring and rulings H5-H10), written the obvious way with Python lists and the
  verbs of :mod:`.rules` that the kernel inlines (``may_peek``, ``may_call``, ``may_bid``,
  ``settle_round``, ``pointer_lives``, ``winner_lives``, ``discard_life``, ``next_start``, ...),
  and draws from :class:`~headcount_lab.core.rng.PyStream` exactly the numbers the kernel draws.
  The bots are the shared jitted :func:`~headcount_lab.games.headcount.agents.act` (this checks
  the *game*; the bots have their own tests); each bot call gets an observation
  (:class:`.observation.Observation`) built here from this engine's own state. Its events are
  the same ``(kind, seat, value)`` triples the kernel logs, so tests compare them one by one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import permutations

import numpy as np

from headcount_lab.core.rng import PyStream
from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount import observation as O
from headcount_lab.games.headcount import rules as R
from headcount_lab.games.headcount.agents import Beliefs, Bot
from headcount_lab.games.headcount.kernels import MAX_BIDS, TRACE_NAMES
from headcount_lab.games.headcount.rules import (
    JOKER,
    TOP,
    X2,
    HeadcountRules,
    count,
    deck_size,
)


def brute_force_distribution(known: list[int], n_unknown: int, double: bool) -> dict[int, Fraction]:
    """Every ordered deal of ``n_unknown`` unseen in-play cards plus a draw-pile top is equally
    likely; the top only matters when the Joker is in play (H2)."""
    rest = [c for c in range(deck_size(double)) if c not in known]
    tally: dict[int, int] = {}
    n = 0
    for deal in permutations(rest, n_unknown + 1):
        in_play = list(known) + list(deal[:n_unknown])
        total = count(in_play, deal[n_unknown] if JOKER in in_play else None)
        tally[total] = tally.get(total, 0) + 1
        n += 1
    return {t: Fraction(w, n) for t, w in sorted(tally.items())}


#: The special cards whose presence the dealer counts, in the order of its ``specials`` array.
SPECIALS = (TOP, JOKER, X2)


def deal_block_reference(
    state: np.ndarray,
    n_hands: int,
    players: int,
    double: bool,
    hidden_card: bool,
    lo: int,
    width: int,
) -> dict[str, np.ndarray]:
    """Deal ``n_hands`` hands as :func:`~headcount_lab.games.headcount.kernels.deal_block` does:
    one deck (ids in order at the start of the block), each hand a partial Fisher-Yates shuffle of
    the first ``in_play + 1`` positions of the deck left by the previous hand."""
    rng = PyStream(state)
    deck = list(range(deck_size(double)))
    n_in = players + (1 if hidden_card else 0)
    histogram = np.zeros(width, dtype=np.int64)
    specials = np.zeros(len(SPECIALS), dtype=np.int64)
    for _ in range(n_hands):
        rng.partial_shuffle(deck, n_in + 1)
        in_play = deck[:n_in]
        total = count(in_play, deck[n_in] if JOKER in in_play else None)
        histogram[total - lo] += 1
        for i, s in enumerate(SPECIALS):
            if s in in_play:
                specials[i] += 1
    return {"histogram": histogram, "specials": specials}


# --- whole games ---

Event = tuple[str, int, int]


@dataclass
class Table:
    """The public and private state of one game in progress."""

    rules: HeadcountRules
    bots: list[Bot]  # by seat
    beliefs: Beliefs
    deal_stream: PyStream
    bot_stream: PyStream
    open_lives: list[int] = field(default_factory=list)
    down_lives: list[int] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        o, d = self.rules.lives
        self.open_lives = [o] * self.n
        self.down_lives = [d] * self.n
        # the table's bot set, chosen once: its act compiles only the bots it seats
        self.act = A.act_for(A.bot_set([b.policy for b in self.bots]))

    @property
    def n(self) -> int:
        return len(self.bots)

    def lives(self, seat: int) -> int:
        return self.open_lives[seat] + self.down_lives[seat]

    def active(self) -> list[bool]:
        return [self.lives(s) > 0 for s in range(self.n)]

    def next_active(self, seat: int) -> int:
        return int(R.next_active(np.array(self.active()), seat))  # H9

    # -- one bot decision from the seat's observation only
    def ask(
        self, kind: int, seat: int, rnd: Round, can_call: bool = False, caller: int = -1
    ) -> int:
        active = self.active()
        seen = [rnd.cards.get(s, -1) if s != seat else -1 for s in range(self.n)]
        hidden_seen = rnd.hidden if seat in rnd.peeked and kind != A.PEEK else -1
        m = MAX_BIDS
        bids = np.zeros(m, np.int64)
        bidders = np.zeros(m, np.int64)
        bid_peeked = np.zeros(m, np.bool_)
        for i, (b, who, pk) in enumerate(rnd.bids):
            bids[i], bidders[i], bid_peeked[i] = b, who, pk
        public = O.Public(
            len(rnd.bids), bids, bidders, bid_peeked,
            np.array([s in rnd.peeked for s in range(self.n)]),
            np.array(self.open_lives, np.int64),
        )  # fmt: skip
        known = sum(1 << c for c in seen if c >= 0)
        table = O.table_of(self.rules, np.array(active))
        obs = O.Observation(table, public, seat, np.array(seen, np.int64), known, hidden_seen,
                            can_call, caller)  # fmt: skip
        u = self.bot_stream.uniform()
        bot = self.bots[seat]
        return int(self.act(bot.policy, np.array(bot.params), obs, kind, self.beliefs.tables,
                            O.new_work(), u))  # fmt: skip


@dataclass
class Round:
    start: int
    cards: dict[int, int]  # seat -> forehead card
    hidden: int  # -1 without a hidden card
    draw: int
    bids: list[tuple[int, int, bool]] = field(default_factory=list)  # (bid, seat, had peeked)
    peeked: set[int] = field(default_factory=set)


def deal(t: Table, start: int) -> Round:
    """Shuffle all cards afresh and deal foreheads in seat order, the hidden card, the draw."""
    deck = list(range(t.rules.deck_size))
    seats = [s for s in range(t.n) if t.lives(s) > 0]
    n_in = len(seats) + (1 if t.rules.hidden_card else 0)
    t.deal_stream.partial_shuffle(deck, n_in + 1)
    cards = dict(zip(seats, deck, strict=False))
    hidden = deck[len(seats)] if t.rules.hidden_card else -1
    return Round(start, cards, hidden, deck[n_in])


def offers_peek(t: Table, rnd: Round, seat: int) -> bool:
    """Whether the engine asks ``seat`` if it wants to peek: when H7 allows it
    (:func:`.rules.may_peek`) and the seat has not peeked yet this round (the engine's choice for
    its bots, not a rule)."""
    first_turn = seat == rnd.start and not rnd.bids
    may = R.may_peek(t.rules.hidden_card, t.open_lives[seat], first_turn,
                     t.rules.start_player_may_peek)  # fmt: skip
    return bool(may) and seat not in rnd.peeked


def peek(t: Table, rnd: Round, seat: int) -> None:
    t.open_lives[seat], t.down_lives[seat] = R.peek_lives(t.open_lives[seat], t.down_lives[seat])
    rnd.peeked.add(seat)
    t.events.append(("peek", seat, rnd.hidden))


def raise_to(t: Table, rnd: Round, seat: int, bid: int) -> None:
    nb, last = len(rnd.bids), rnd.bids[-1][0] if rnd.bids else 0
    if not R.may_bid(bid, nb, last, t.rules.min_first):  # H5
        lowest = R.lowest_bid(nb, last, t.rules.min_first)
        raise AssertionError(f"seat {seat} bid {bid}, below the lowest legal {lowest}")
    rnd.bids.append((bid, seat, seat in rnd.peeked))
    t.events.append(("bid", seat, bid))


def play_round(t: Table, start: int) -> int:
    """Play one round; return the next start seat."""
    rnd = deal(t, start)
    t.events.append(("start", start, 0))  # the round number is filled in by play_game
    for s, c in rnd.cards.items():
        t.events.append(("forehead", s, c))
    if t.rules.hidden_card:
        t.events.append(("hidden", -1, rnd.hidden))
    t.events.append(("draw", -1, rnd.draw))
    seat = start
    while True:
        if len(rnd.bids) >= MAX_BIDS - 1:  # the engine's safety valve
            caller = seat
            t.events.append(("call", seat, 0))
            break
        peeked_now = False
        if offers_peek(t, rnd, seat) and t.ask(A.PEEK, seat, rnd, bool(rnd.bids)) == 1:
            peek(t, rnd, seat)
            peeked_now = True
        may_call = bool(R.may_call(len(rnd.bids), peeked_now, t.rules.peek_must_raise))  # H5, H7
        a = t.ask(A.BID, seat, rnd, may_call)
        if a == A.CALL:
            if not may_call:
                raise AssertionError(f"seat {seat} called when it may not")
            caller = seat
            t.events.append(("call", seat, 0))
            break
        raise_to(t, rnd, seat, a)
        seat = t.next_active(seat)
    last, bidder, _ = rnd.bids[-1]
    pointed: dict[int, int] = {}
    if t.rules.trickster:  # H10
        for s in sorted(rnd.cards):
            if R.must_point(s, caller, bidder):
                pointed[s] = t.ask(A.POINT, s, rnd, False, caller)
                t.events.append(("point", s, pointed[s]))
    in_play = list(rnd.cards.values()) + ([rnd.hidden] if t.rules.hidden_card else [])
    total = count(in_play, rnd.draw if JOKER in in_play else None)
    loser, winner = (int(x) for x in R.settle_round(total, last, bidder, caller, t.rules.shift))
    t.events.append(("count", -1, total))
    t.events.append(("lose", loser, winner))
    o, d = t.open_lives, t.down_lives
    for s, target in pointed.items():  # H10
        o[s], d[s] = R.pointer_lives(o[s], d[s], target == winner)
    o[winner], d[winner] = R.winner_lives(o[winner], d[winner])  # H8
    if R.loser_chooses(o[loser], d[loser]):
        discard_open = t.ask(A.DISCARD, loser, rnd)
    else:
        discard_open = int(R.only_discard(o[loser], d[loser]))
    o[loser], d[loser] = R.discard_life(o[loser], d[loser], discard_open)
    t.events.append(("discard", loser, discard_open))
    if R.is_out(o[loser], d[loser]):
        t.events.append(("out", loser, 0))
    # H9: the loser starts; if it is out, or with the house rule, the next active seat after it
    active = np.array(t.active())
    return int(R.next_start(active, loser, t.rules.next_start == "left_of_loser"))


def play_game(t: Table) -> int:
    """Play until one seat has life cards; return the winner."""
    start = 0
    rounds = 0
    while sum(t.active()) > 1:
        rounds += 1
        mark = len(t.events)
        start = play_round(t, start)
        kind, seat, _ = t.events[mark]
        t.events[mark] = (kind, seat, rounds)
    winner = t.active().index(True)
    t.events.append(("win", winner, rounds))
    return winner


def _sub_stream(block: PyStream) -> PyStream:
    words = [block.next_u64() for _ in range(4)]
    if not any(words):
        words[0] = 1
    return PyStream(words)


def play_deals(
    n_deals: int,
    orders: list[list[int]],
    bots: list[Bot],
    rules: HeadcountRules,
    beliefs: Beliefs,
    block: PyStream,
) -> list[tuple[list[int], list[Event]]]:
    """Play ``n_deals`` deals in every seat order (``orders[q][seat]`` = bot slot), as
    the engine (:func:`headcount_lab.games.headcount.kernels.engine`) does; return (order, events)
    per game."""
    _, params = A.table_params(bots)  # the bots' parameters with their table indices
    bots = [Bot(b.policy, tuple(params[i]), b.spec) for i, b in enumerate(bots)]
    games = []
    for _ in range(n_deals):
        deal_words = _sub_stream(block).s
        bot_words = _sub_stream(block).s
        for order in orders:
            t = Table(rules, [bots[i] for i in order], beliefs, PyStream(deal_words),
                      PyStream(bot_words))  # fmt: skip
            play_game(t)
            games.append((list(order), t.events))
    return games


def events_from_trace(trace: np.ndarray) -> list[Event]:
    """The kernel's int64[T, 3] trace as reference-style events."""
    return [(TRACE_NAMES[int(k)], int(s), int(v)) for k, s, v in trace]


def designer_counts(
    games: list[tuple[list[int], list[Event]]], rules: HeadcountRules
) -> dict[str, int]:
    """The engine's ``surprises`` and ``comebacks`` counters (``ROUND_COLUMNS``) recomputed from
    the events of :func:`play_deals`, the obvious way.

    A round *surprises* when its count is more than :data:`.exact.FAR` from every active seat's
    expected total: the mean, in exact fractions, of :func:`brute_force_distribution` over the
    seat's view at the deal (the other foreheads; its own card, the hidden card if any and the
    draw-pile top unseen). A game is a *comeback* when its winner held fewer life cards than
    some seat after round ``ceil(n * lives / 2)``, when half the table's life cards are gone (a
    round's loser discards one, H8; nothing else removes one)."""
    from headcount_lab.games.headcount.exact import FAR

    means: dict[tuple[int, ...], Fraction] = {}
    unseen = 2 if rules.hidden_card else 1
    lives = sum(rules.lives)
    out = {"surprises": 0, "comebacks": 0}
    for order, events in games:
        n = len(order)
        half = -(-n * lives // 2)
        held = [lives] * n
        at_half: list[int] | None = None
        rounds = 0
        foreheads: dict[int, int] = {}
        for kind, seat, value in events:
            if kind == "start":
                foreheads = {}
            elif kind == "forehead":
                foreheads[seat] = value
            elif kind == "count":
                near = False
                for s in foreheads:
                    view = tuple(sorted(c for t, c in foreheads.items() if t != s))
                    if view not in means:
                        dist = brute_force_distribution(list(view), unseen, rules.double)
                        means[view] = sum((t * p for t, p in dist.items()), Fraction(0))
                    near |= abs(value - means[view]) <= FAR
                out["surprises"] += not near
            elif kind == "discard":
                held[seat] -= 1
                rounds += 1
                if rounds == half:
                    at_half = list(held)
            elif kind == "win":
                assert at_half is not None
                out["comebacks"] += at_half[seat] < max(at_half)
    return out
