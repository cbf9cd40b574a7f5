"""A slow, plain-Python Headcount game engine: the oracle for :mod:`.engine`.

It plays by the same rules (see the engine's docstring and rulings H5-H10), written the obvious
way with Python lists and the rulebook's verbs, and draws from :class:`~headcount_lab.core.rng.
PyStream` exactly the numbers the kernel draws. The bots are the shared jitted
:func:`~headcount_lab.games.headcount.agents.act` (this module checks the *game*; the bots have
their own tests); each bot call gets an observation this module builds itself. Its events are
the same ``(kind, seat, value)`` triples the kernel logs, so tests compare them one by one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from headcount_lab.core.rng import PyStream
from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount.agents import Beliefs, Bot
from headcount_lab.games.headcount.engine import MAX_BIDS, TRACE_NAMES
from headcount_lab.games.headcount.rules import JOKER, HeadcountRules, count

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

    @property
    def n(self) -> int:
        return len(self.bots)

    def lives(self, seat: int) -> int:
        return self.open_lives[seat] + self.down_lives[seat]

    def active(self) -> list[bool]:
        return [self.lives(s) > 0 for s in range(self.n)]

    def next_active(self, seat: int) -> int:
        s = (seat + 1) % self.n
        while self.lives(s) == 0:
            s = (s + 1) % self.n
        return s

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
        u = self.bot_stream.uniform()
        bot = self.bots[seat]
        r = self.rules
        return int(
            A.act(
                kind, bot.policy, np.array(bot.params), seat, self.n, np.array(active),
                np.array(seen, np.int64), hidden_seen,
                np.array([s in rnd.peeked for s in range(self.n)]), len(rnd.bids), bids,
                bidders, bid_peeked, can_call, min_first(r), caller, r.hidden_card,
                1 if r.tie_goes_to == "caller" else 0, r.deck_size, self.beliefs.row_of,
                self.beliefs.sf, self.beliefs.lo, self.beliefs.gain, self.beliefs.safe,
                np.empty((2, 32)), u,
            )
        )  # fmt: skip


def min_first(rules: HeadcountRules) -> int:
    from headcount_lab.games.headcount.engine import FREE_BID

    return FREE_BID if rules.min_first_bid is None else rules.min_first_bid


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


def can_peek(t: Table, rnd: Round, seat: int) -> bool:
    """H7: an open life card, a hidden card, not yet this round, not the start player's first
    turn (unless the flag allows it)."""
    first_turn = seat == rnd.start and not rnd.bids
    return (
        t.rules.hidden_card
        and t.open_lives[seat] > 0
        and seat not in rnd.peeked
        and (not first_turn or t.rules.start_player_may_peek)
    )


def peek(t: Table, rnd: Round, seat: int) -> None:
    t.open_lives[seat] -= 1
    t.down_lives[seat] += 1
    rnd.peeked.add(seat)
    t.events.append(("peek", seat, rnd.hidden))


def raise_to(t: Table, rnd: Round, seat: int, bid: int) -> None:
    lowest = rnd.bids[-1][0] + 1 if rnd.bids else min_first(t.rules)
    if bid < lowest:
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
        if can_peek(t, rnd, seat) and t.ask(A.PEEK, seat, rnd, bool(rnd.bids)) == 1:
            peek(t, rnd, seat)
            peeked_now = True
        may_call = bool(A.may_call(len(rnd.bids), peeked_now, t.rules.peek_must_raise))  # H5, H7
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
            if s not in (caller, bidder):
                pointed[s] = t.ask(A.POINT, s, rnd, False, caller)
                t.events.append(("point", s, pointed[s]))
    in_play = list(rnd.cards.values()) + ([rnd.hidden] if t.rules.hidden_card else [])
    total = count(in_play, rnd.draw if JOKER in in_play else None)
    bidder_loses = total < last if t.rules.tie_goes_to == "bidder" else total <= last  # H6
    loser, winner = (bidder, caller) if bidder_loses else (caller, bidder)
    t.events.append(("count", -1, total))
    t.events.append(("lose", loser, winner))
    for s, target in pointed.items():
        if target == winner:
            if t.down_lives[s]:
                t.down_lives[s] -= 1
                t.open_lives[s] += 1
        elif t.open_lives[s]:
            t.open_lives[s] -= 1
            t.down_lives[s] += 1
    if t.down_lives[winner]:
        t.down_lives[winner] -= 1
        t.open_lives[winner] += 1
    if t.open_lives[loser] and t.down_lives[loser]:
        discard_open = t.ask(A.DISCARD, loser, rnd)
    else:
        discard_open = 1 if t.down_lives[loser] == 0 else 0
    if discard_open:
        t.open_lives[loser] -= 1
    else:
        t.down_lives[loser] -= 1
    t.events.append(("discard", loser, discard_open))
    if t.lives(loser) == 0:
        t.events.append(("out", loser, 0))
        return t.next_active(loser)
    # H9: the loser starts, or with the house rule the next active seat after it
    return t.next_active(loser) if t.rules.next_start == "left_of_loser" else loser


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
    :func:`headcount_lab.games.headcount.engine.play_deals` does; return (order, events) per
    game."""
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
