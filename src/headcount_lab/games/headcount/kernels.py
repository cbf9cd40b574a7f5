"""Headcount kernels: the ``@njit`` loops of the game and the runner jobs around them.

**Dealing** (``headcount deal``). :func:`deal_block` is the ``@njit`` kernel; randomness comes
only from the ``uint64[4]`` state passed in (``core.rng``). The job's unit is one hand; each
block of :data:`BLOCK_SIZE` hands runs :func:`deal_block` on its own stream (:class:`DealBlock`)
and returns the histogram of totals and the special-card counts. A deal of ``hands`` hands with
seed ``s`` gives the same numbers however the blocks are scheduled; :func:`deal_summary` is the
result the CLI prints.

**Whole games** (``simulate`` and the reports' games; was ``engine.py``): complete Headcount
games in numba, with rounds, peeking, lives, elimination and both variants.

One round (rule text, rulings H5-H10): the deck is shuffled afresh; every active seat gets a
forehead card in seat order, then the hidden card (unless ``hidden_card`` is off), then the
draw-pile top that replaces the mystery Joker at counting (H2). The start player opens with any
bid (or one of at least ``min_first_bid``); clockwise, skipping eliminated seats (H9), each seat
either raises or calls "Count!". At the start of its turn a seat with an open life card may peek
(H7): the card is turned face down, the seat sees the hidden card and must raise (or, with
``peek_must_raise`` off, may also call). The start player may not peek before opening unless
``start_player_may_peek``. The engine offers a seat one peek a round (a second look shows
nothing new): its bots' choice, not a rule, as H7 allows another on a later turn while the seat
has an open life card. In Trickster (H10) every other active seat points at the caller or the
last bidder before the count. The total is counted by H2-H4; the bidder loses
when it is below the bid (or at most the bid with ``tie_goes_to=caller``, H6). The winner turns a
face-down life card up, the loser discards one of its choice (H8); a seat without life cards is
out; the loser starts the next round, or the next active seat clockwise if the loser is out
(H9; with ``next_start=left_of_loser`` the next active seat clockwise after the loser always).

Worked example: seats 0-3 hold Q♥ 7♥ K♥ 5♠, hidden 3♥. Seat 0 bids 26, 1 bids 33, 2 bids 34,
3 bids 45, seat 0 calls: the total 40 is below 45, so seat 3 loses a life and starts next.

Streams: a block's stream draws 8 words per deal: 4 seed the deal stream (shuffles only), 4 the
bot stream (one uniform per decision). With ``--rotate-seats`` every seat order replays the same
deal and bot streams, so the cards of round r are the same in every order.

The rules themselves are the verbs of :mod:`.rules` (``may_peek``, ``may_call``, ``lowest_bid``,
``settle_round``, ``settle_lives``, ``discard_life``, ``next_start``, ...), inlined here; the
plain-Python reference engine, the replay checker and the bots call the same functions. Bots are
asked in one way, and the engine knows none by name: the seat's observation
(:func:`.observation.observe`: only what the seat sees), then the decision function of that
kind, ``(policy, params, obs, tables, work, u)``, of the bot set the engine was compiled for
(:func:`engine`, given an :class:`.agents.BotSet`; :func:`.agents.bot_set` picks the smallest
set that plays a table, so a table of base bots never compiles the others' code).

Kernel state: ``rules`` int64[N_RULES] (see :func:`rules_array`); ``perms`` int64[P, n] the bot
slot of each seat for each seat order; ``policies`` int64[slots]; ``params`` float64[slots,
N_PARAMS]; ``beliefs`` the belief tables (:attr:`.agents.Beliefs.tables`). Statistics are int64
arrays of fixed shape (see :func:`new_stats`), passed as one tuple in that order and added up by
the runner.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from numba import njit

from headcount_lab.core.compiling import LeanCompiler
from headcount_lab.core.jitcache import rejit, track_module
from headcount_lab.core.rng import next_u64, partial_shuffle, partial_shuffle_step, uniform
from headcount_lab.core.runner import Job
from headcount_lab.games.headcount.exact import FAR
from headcount_lab.games.headcount.observation import (
    CALL,
    Public,
    Table,
    after_peek,
    new_work,
    observe,
    observe_rare,
)
from headcount_lab.games.headcount.rules import (
    DOUBLE_DECK,
    JOKER,
    STANDARD_DECK,
    TOP,
    VERSION,
    X2,
    HeadcountRules,
    card_text,
    check_players,
    count_kernel,
    count_with_specials,
    counted_card,
    deck_size,
    discard_life,
    is_out,
    loser_chooses,
    lowest_bid,
    may_call,
    may_peek,
    must_point,
    next_active,
    next_start,
    only_discard,
    peek_lives,
    settle_lives,
    settle_round,
    total_bounds,
)

# --- dealing (headcount deal) ---

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


# --- whole games (simulate, the reports' games) ---

# rules array
(R_DOUBLE, R_TRICKSTER, R_HIDDEN, R_MIN_FIRST, R_SHIFT, R_START_PEEK, R_OPEN, R_DOWN,
 R_PEEK_RAISE, R_LEFT_START) = range(10)  # fmt: skip
N_RULES = 10
DECK_MAX = DOUBLE_DECK  # the deck scratch holds either deck (the kernel uses its first n_deck)
MAX_BIDS = 256  # safety valve: at this many bids the next seat must call (never seen in play)

# trace kinds (one row per event: kind, seat, value)
T_START, T_FOREHEAD, T_HIDDEN, T_DRAW, T_PEEK, T_BID, T_CALL = 0, 1, 2, 3, 4, 5, 6
T_POINT, T_COUNT, T_LOSE, T_DISCARD, T_OUT, T_WIN = 7, 8, 9, 10, 11, 12
TRACE_NAMES = (
    "start", "forehead", "hidden", "draw", "peek", "bid", "call",
    "point", "count", "lose", "discard", "out", "win",
)  # fmt: skip

# per-slot statistics columns
(S_SEATED_ROUNDS, S_LOST, S_CALLS, S_CALLS_LOST, S_BIDS, S_BIDS_LOST, S_PEEKS, S_POINTS,
 S_POINTS_RIGHT, S_OPENS) = range(10)  # fmt: skip
SLOT_COLUMNS = (
    "rounds", "rounds_lost", "calls", "calls_lost", "bids", "called_bids_lost", "peeks",
    "points", "points_right", "openings",
)  # fmt: skip
# per-run round statistics
(G_GAMES, G_ROUNDS, G_CALLER_LOST, G_PEEKS, G_TIES, G_BIDS, G_FORCED, G_ILLEGAL, G_JOKER,
 G_TOP, G_X2, G_RAISE_SUM, G_RAISE_SQ, G_SURPRISES, G_COMEBACKS) = range(15)  # fmt: skip
# surprises: rounds counted more than exact.FAR from every active seat's expected total
# (:func:`_surprise`); comebacks: games won by a seat behind at half-time (:func:`_behind`)
ROUND_COLUMNS = (
    "games", "rounds", "caller_lost", "peeks", "ties", "bids", "forced_calls", "illegal_bids",
    "joker_in_play", "top_in_play", "x2_in_play", "raise_sum", "raise_sq", "surprises",
    "comebacks",
)  # fmt: skip
HIST_LO = -100  # opening-bid histogram covers HIST_LO .. HIST_LO + HIST_N - 1 (clamped)
HIST_N = 400
RAISE_N = 64  # raise sizes 1 .. 63, larger clamped into the last bin (exact sums: G_RAISE_*)
ROUNDS_N = 128  # rounds per game


def rules_array(rules: HeadcountRules) -> np.ndarray:
    o, d = rules.lives
    out = np.zeros(N_RULES, dtype=np.int64)
    out[R_DOUBLE] = rules.double
    out[R_TRICKSTER] = rules.trickster
    out[R_HIDDEN] = rules.hidden_card
    out[R_MIN_FIRST] = rules.min_first
    out[R_SHIFT] = rules.shift
    out[R_START_PEEK] = rules.start_player_may_peek
    out[R_OPEN] = o
    out[R_DOWN] = d
    out[R_PEEK_RAISE] = rules.peek_must_raise
    out[R_LEFT_START] = 1 if rules.next_start == "left_of_loser" else 0
    return out


def new_scratch(n: int) -> tuple[np.ndarray, ...]:
    """The kernel's working arrays for ``n`` seats (their contents are never read before the
    kernel writes them): the deal and bot streams, the seats' life cards (open, face-down), who
    is in and who peeked, foreheads, who pointed at whom, the bids (value, seat, whether the
    bidder had peeked), a seat's view of the foreheads, the deck, the cards in play, the
    bots' float scratch, and ``marks`` (int64[1]: the game's seats behind at half-time, a bit
    mask, for the ``comebacks`` counter)."""
    u, i, b = np.uint64, np.int64, np.bool_
    return (np.zeros(4, u), np.zeros(4, u), np.zeros(4, u), np.zeros(4, u), np.zeros(n, i),
            np.zeros(n, i), np.zeros(n, b), np.zeros(n, b), np.zeros(n, i), np.zeros(n, i),
            np.zeros(MAX_BIDS, i), np.zeros(MAX_BIDS, i), np.zeros(MAX_BIDS, b), np.zeros(n, i),
            np.zeros(DECK_MAX, i), np.zeros(n + 1, i), new_work(), np.zeros(1, i))  # fmt: skip


def new_stats(n: int, slots: int) -> dict[str, np.ndarray]:
    """Zeroed statistics of one block (all int64, fixed shapes); the kernel takes
    ``tuple(new_stats(...).values())``, in this order."""
    return {
        "wins": np.zeros((n, slots), np.int64),  # [seat, slot]
        "seated": np.zeros((n, slots), np.int64),  # games with slot in seat
        "slot": np.zeros((slots, len(SLOT_COLUMNS)), np.int64),
        "round": np.zeros(len(ROUND_COLUMNS), np.int64),
        "opening_hist": np.zeros(HIST_N, np.int64),
        "raise_hist": np.zeros(RAISE_N, np.int64),
        "rounds_hist": np.zeros(ROUNDS_N, np.int64),
        "bids_hist": np.zeros(MAX_BIDS + 1, np.int64),
    }


# One explicit signature: the call sites pass constants (numba literals), and a lazily typed
# _log was compiled once per distinct combination of them (17 times, 1.5 s of a cold start).
@njit("void(int64[:, ::1], int64[::1], int64, int64, int64)", nogil=True, cache=True)
def _log(trace, tn, kind, seat, value):
    if tn[0] < trace.shape[0]:
        trace[tn[0], 0] = kind
        trace[tn[0], 1] = seat
        trace[tn[0], 2] = value
    tn[0] += 1


# The steps of a game below are inlined (numba IR) into play_deals, each at one site:
# - a real call is compiled on its own and again where it is linked into its caller, and loses
#   the optimisations across the call (measured: the bots behind real calls, even without
#   reference counting, played 4 to 35 % fewer rounds per second);
# - inlining copies the callee's IR at every site, in time that grows with its size, and an
#   inlined function's own inlined callees are copied into it first: so the bots are asked at
#   the top level of play_deals, not from inside a step (a bidding step holding the peek and
#   bid decisions cost 1.5 s of compile, measured).
# Names: ``slot_of`` int64[n] the bot slot of each seat, ``policies``/``params`` the bots,
# ``beliefs`` the belief tables (:attr:`.agents.Beliefs.tables`); per seat
# ``open_l`` and ``down_l`` (int64 life cards), ``active`` and ``peeked`` (bool), ``cards``
# (int64 foreheads, -1 when out), ``pointed`` (int64, -1); the round's ``hidden`` card (-1
# without one) and its bids so far: ``bids``, ``bidders`` (int64[MAX_BIDS]), ``bid_peeked``
# (bool[MAX_BIDS]); scratch ``seen`` int64[n] and ``work`` float64[2, 32].


@njit(nogil=True, cache=True, inline="always")
def _table(n_active, rules):
    """What every bot is told of the table (:class:`.observation.Table`)."""
    n_deck = DOUBLE_DECK if rules[R_DOUBLE] != 0 else STANDARD_DECK
    return Table(n_active, n_deck, rules[R_HIDDEN] != 0, rules[R_MIN_FIRST],
                 rules[R_SHIFT], rules[R_START_PEEK] != 0, rules[R_PEEK_RAISE] != 0)  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def _start_game(rules, slot_of, open_l, down_l, active, seated):
    """H8: every seat is in, with its open and face-down life cards."""
    for s in range(active.shape[0]):
        open_l[s] = rules[R_OPEN]
        down_l[s] = rules[R_DOWN]
        active[s] = True
        seated[s, slot_of[s]] += 1


@njit(nogil=True, cache=True, inline="always")
def _deal(deal_st, rules, n_active, active, peeked, cards, pointed, deck, in_play, slot_of,
          slot_st):  # fmt: skip
    """H9: a fresh shuffle of the whole deck every round; a forehead card to each active seat in
    seat order (``in_play`` gets them too), then the hidden card (H7) and the draw-pile top that
    stands in for the Joker (H2). Returns ``(hidden, draw, cards in play)``."""
    hidden_on = rules[R_HIDDEN] != 0
    for i in range(deck.shape[0]):
        deck[i] = i
    n_in = n_active + (1 if hidden_on else 0)
    partial_shuffle(deal_st, deck, n_in + 1)
    k = 0
    for s in range(active.shape[0]):
        peeked[s] = False
        pointed[s] = -1
        if active[s]:
            cards[s] = deck[k]
            in_play[k] = deck[k]
            k += 1
            slot_st[slot_of[s], S_SEATED_ROUNDS] += 1
        else:
            cards[s] = -1
    hidden = deck[n_active] if hidden_on else -1
    if hidden_on:
        in_play[k] = hidden
    return hidden, deck[n_in], n_in


@njit(nogil=True, cache=True, inline="always")
def _log_deal(trace, tn, start, rounds, active, cards, hidden, draw):
    _log(trace, tn, T_START, start, rounds)
    for s in range(active.shape[0]):
        if active[s]:
            _log(trace, tn, T_FOREHEAD, s, cards[s])
    if hidden >= 0:
        _log(trace, tn, T_HIDDEN, -1, hidden)
    _log(trace, tn, T_DRAW, -1, draw)


@njit(nogil=True, cache=True, inline="always")
def _peek(me, hidden, open_l, down_l, peeked, slot_of, slot_st, round_st, trace, tn):
    """H7: seat ``me`` turns an open life card face down and sees the hidden card."""
    open_l[me], down_l[me] = peek_lives(open_l[me], down_l[me])
    peeked[me] = True
    round_st[G_PEEKS] += 1
    slot_st[slot_of[me], S_PEEKS] += 1
    if trace.shape[0] > 0:
        _log(trace, tn, T_PEEK, me, hidden)


@njit(nogil=True, cache=True, inline="always")
def _raise(a, me, nb, min_first, peeked, bids, bidders, bid_peeked, slot_of, slot_st, round_st,
           opening_hist, raise_hist, trace, tn):  # fmt: skip
    """Seat ``me`` bids ``a`` (H5); returns the number of bids. A bid below the lowest legal one
    (a bot bug: never happens with our policies) is raised to it and counted."""
    low = lowest_bid(nb, bids[nb - 1] if nb > 0 else 0, min_first)  # H5
    if a < low:
        round_st[G_ILLEGAL] += 1
        a = low
    p = slot_of[me]
    if nb == 0:
        opening_hist[min(max(a - HIST_LO, 0), HIST_N - 1)] += 1
        slot_st[p, S_OPENS] += 1
    else:
        step = a - bids[nb - 1]
        raise_hist[min(step, RAISE_N - 1)] += 1
        round_st[G_RAISE_SUM] += step  # exact moments: the histogram clips
        round_st[G_RAISE_SQ] += step * step
    bids[nb] = a
    bidders[nb] = me
    bid_peeked[nb] = peeked[me]
    slot_st[p, S_BIDS] += 1
    round_st[G_BIDS] += 1
    if trace.shape[0] > 0:
        _log(trace, tn, T_BID, me, a)
    return nb + 1


@njit(nogil=True, cache=True, inline="always")
def _count(in_play, n_in, draw, caller, bidder, last, rules, slot_of, slot_st, round_st, trace,
           tn):  # fmt: skip
    """Count the cards in play (H2-H4) and settle the round (H6); returns ``(loser, winner,
    total)``."""
    total = count_kernel(in_play, n_in, draw)
    for i in range(n_in):
        if in_play[i] == JOKER:
            round_st[G_JOKER] += 1
        c = counted_card(in_play[i], draw)
        if c == TOP:
            round_st[G_TOP] += 1
        elif c == X2:
            round_st[G_X2] += 1
    if total == last:
        round_st[G_TIES] += 1
    loser, winner = settle_round(total, last, bidder, caller, rules[R_SHIFT])
    if loser == caller:
        round_st[G_CALLER_LOST] += 1
        slot_st[slot_of[caller], S_CALLS_LOST] += 1
    else:
        slot_st[slot_of[bidder], S_BIDS_LOST] += 1
    slot_st[slot_of[loser], S_LOST] += 1
    if trace.shape[0] > 0:
        _log(trace, tn, T_COUNT, -1, total)
        _log(trace, tn, T_LOSE, loser, winner)
    return loser, winner, total


@njit(nogil=True, cache=True, inline="always")
def _surprise(total, nu, active, cards, row_of, moments):
    """Whether the round's ``total`` lands more than :data:`.exact.FAR` points from every active
    seat's expected total: the exact mean of the total from the seat's view at the deal (the
    other active seats' foreheads; its own card, the hidden card if any (``nu`` 2, else 1)
    and the draw-pile top unseen), ``moments[row_of[nu, view]]`` = (num, den), compared in
    integers (``|total * den - num| > FAR * den``). Reads only: no number drawn."""
    m = np.int64(0)
    for s in range(active.shape[0]):
        if active[s]:
            m |= np.int64(1) << np.int64(cards[s])
    for s in range(active.shape[0]):
        if active[s]:
            r = row_of[nu, m & ~(np.int64(1) << np.int64(cards[s]))]
            num, den = moments[r, 0], moments[r, 1]
            if abs(total * den - num) <= FAR * den:
                return False
    return True


# a real call, once a game, its mask kept in ``marks`` rather than a local of the game loop:
# inlined, or held in a local, it cost the engine 10-20% of its rounds a second (measured)
@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def _behind(open_l, down_l):
    """Bit mask of the seats holding fewer life cards (open and face-down, H8) than the most
    any seat holds: the seats behind at half-time (seats out are behind too)."""
    lead = np.int64(0)
    for s in range(open_l.shape[0]):
        lead = max(lead, open_l[s] + down_l[s])
    mask = np.int64(0)
    for s in range(open_l.shape[0]):
        if open_l[s] + down_l[s] < lead:
            mask |= np.int64(1) << np.int64(s)
    return mask


@njit(nogil=True, cache=True, inline="always")
def _discard(loser, discard_open, rules, open_l, down_l, active, trace, tn):
    """H8: the loser gives up a life card of the kind ``discard_open`` (1 open, 0 face-down) and
    is out without any; H9: returns who starts the next round."""
    open_l[loser], down_l[loser] = discard_life(open_l[loser], down_l[loser], discard_open)
    log = trace.shape[0] > 0
    if log:
        _log(trace, tn, T_DISCARD, loser, discard_open)
    if is_out(open_l[loser], down_l[loser]):
        active[loser] = False
        if log:
            _log(trace, tn, T_OUT, loser, 0)
    return next_start(active, loser, rules[R_LEFT_START] != 0)


# a real call: once a deal, and inlined at its two sites it was 4 % of the engine's IR
@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def _seed_from(block_st, sub):
    for i in range(4):
        sub[i] = next_u64(block_st)
    if sub[0] == 0 and sub[1] == 0 and sub[2] == 0 and sub[3] == 0:
        sub[0] = 1


@njit(nogil=True, cache=True, inline="always")
def _deal_started(wins, by_deal):
    before = by_deal[2]
    for s in range(wins.shape[0]):
        for a in range(wins.shape[1]):
            before[s, a] = wins[s, a]


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def _deal_ended(wins, by_deal):
    """Add the deal's sums of squares (:func:`new_deal_stats`) of ``W = wins - before``, the
    games of the deal won by each slot in each seat (``by_deal``: see :func:`play_deals`)."""
    deal_seat_sq, deal_slot_sq, w = by_deal
    n, slots = wins.shape
    for s in range(n):
        for a in range(slots):
            w[s, a] = wins[s, a] - w[s, a]
    for a in range(slots):
        ta = 0
        for s in range(n):
            ta += w[s, a]
        for b in range(slots):
            tb = 0
            for s in range(n):
                tb += w[s, b]
                deal_seat_sq[s, a, b] += w[s, a] * w[s, b]
            deal_slot_sq[a, b] += ta * tb


# The bots' four decisions, each ``(policy, params, obs, tables, work, u)``: placeholders here;
# :func:`engine` compiles :func:`_play_deals` with them bound to a bot set's functions.
bot_peek = bot_bid = bot_point = bot_discard = None


def _play_deals(n_deals, perms, policies, params, rules, beliefs, moments, block_st, stats,
                trace, tn, scratch, by_deal=None):  # fmt: skip
    """Play ``n_deals`` deals, each in every seat order of ``perms`` (int64[P, n]): complete
    games, their statistics added into ``stats`` (the arrays of :func:`new_stats`, in order);
    events are logged into ``trace`` (int64[T, 3], may have 0 rows) while ``tn`` (int64[1])
    counts them. ``block_st``: uint64[4], the block's stream, advanced past the deals;
    ``beliefs``: :attr:`.agents.Beliefs.tables`, ``moments``: :attr:`.agents.Beliefs.moments`
    (read for the ``surprises`` counter only); ``scratch``: :func:`new_scratch`. ``by_deal``:
    omitted, or ``(deal_seat_sq, deal_slot_sq, before)``: the per-deal sums of
    :func:`new_deal_stats` are added up too (``before`` int64[n, slots] scratch).

    One compiled function for the whole block: the steps of a game are the kernels above,
    inlined, and the bots are asked here, at one site per decision kind (see the note above
    :func:`_table` for why): the seat's observation (:func:`.observation.observe`), then the
    bot set's decision function of that kind (``bot_peek``, ...: :func:`engine`)."""
    wins, seated, slot_st, round_st, opening_hist, raise_hist, rounds_hist, bids_hist = stats
    (deal0, bot0, deal_st, bot_st, open_l, down_l, active, peeked, cards, pointed, bids,
     bidders, bid_peeked, seen, decks, in_play, work, marks) = scratch  # fmt: skip
    n = active.shape[0]
    n_deck = DOUBLE_DECK if rules[R_DOUBLE] != 0 else STANDARD_DECK
    hidden_on = rules[R_HIDDEN] != 0
    min_first = rules[R_MIN_FIRST]
    deck = decks[:n_deck]
    trickster = rules[R_TRICKSTER] != 0
    # the seats' unseen cards in play at the deal: their own, and the hidden card if any
    nu = np.int64(2) if hidden_on else np.int64(1)
    # half-time: the round after which half the table's life cards are gone (a round takes
    # exactly one, H8), reached in every game of 3 or more seats
    half = (n * (rules[R_OPEN] + rules[R_DOWN]) + 1) // 2
    start_peek = rules[R_START_PEEK] != 0
    peek_raise = rules[R_PEEK_RAISE] != 0
    log = trace.shape[0] > 0
    # typed, not literals: some bot decisions are real calls (agents.act_rare, mixture_bid),
    # and numba compiles a called function once per combination of literal arguments
    nobody = np.int64(-1)
    no_call = np.bool_(False)

    for g in range(n_deals * perms.shape[0]):
        q = g % perms.shape[0]
        if q == 0:  # a new deal: its two streams, replayed in every seat order
            _seed_from(block_st, deal0)
            _seed_from(block_st, bot0)
            if by_deal is not None:
                _deal_started(wins, by_deal)
        # element copies: a slice assignment compiles numba's shape-mismatch error path
        # (string formatting), about 3 s of a cold start
        for i in range(4):
            deal_st[i] = deal0[i]
            bot_st[i] = bot0[i]
        slot_of = perms[q]

        _start_game(rules, slot_of, open_l, down_l, active, seated)
        n_active = n
        # np.int64, not 0: a literal start would compile every helper taking a seat twice (for
        # Literal[int](0) while typing reaches the loop, then for int64)
        start = np.int64(0)
        rounds = 0
        marks[0] = 0
        while n_active > 1:
            if rounds == half:  # the lives as the half-time round left them
                marks[0] = _behind(open_l, down_l)
            rounds += 1
            round_st[G_ROUNDS] += 1
            hidden, draw, n_in = _deal(deal_st, rules, n_active, active, peeked, cards, pointed,
                                       deck, in_play, slot_of, slot_st)  # fmt: skip
            if log:
                _log_deal(trace, tn, start, rounds, active, cards, hidden, draw)
            table = _table(n_active, rules)

            # the turns, from the start player until someone calls (H5, H7, H9)
            nb = np.int64(0)  # typed, as start above
            me = start
            while True:
                if nb >= MAX_BIDS - 1:  # safety valve: this seat must call (never in play)
                    round_st[G_FORCED] += 1
                    break
                peeked_now = False
                # the seat's view, once a turn: a peek shows the hidden card, no forehead
                public = Public(nb, bids, bidders, bid_peeked, peeked, open_l)
                obs = observe(me, active, table, public, cards, hidden, nb > 0, nobody, seen)
                p = slot_of[me]
                # the engine offers one peek a round (its bots' choice; H7 would allow more)
                opens = me == start and nb == 0
                if not peeked[me] and may_peek(hidden_on, open_l[me], opens, start_peek):
                    u = uniform(bot_st)
                    if bot_peek(policies[p], params[p], obs, beliefs, work, u) == 1:
                        _peek(me, hidden, open_l, down_l, peeked, slot_of, slot_st, round_st,
                              trace, tn)  # fmt: skip
                        peeked_now = True
                call_ok = may_call(nb, peeked_now, peek_raise)
                u = uniform(bot_st)
                a = bot_bid(policies[p], params[p], after_peek(obs, hidden, call_ok), beliefs,
                            work, u)  # fmt: skip
                if a == CALL:
                    if call_ok:
                        slot_st[p, S_CALLS] += 1
                        break
                    round_st[G_ILLEGAL] += 1  # a bot bug: never happens with our policies
                    a = bids[nb - 1] + 1 if nb > 0 else max(min_first, 0)
                nb = _raise(a, me, nb, min_first, peeked, bids, bidders, bid_peeked, slot_of,
                            slot_st, round_st, opening_hist, raise_hist, trace, tn)  # fmt: skip
                me = next_active(active, me)
            caller = me
            if log:
                _log(trace, tn, T_CALL, caller, 0)
            bids_hist[nb] += 1
            bidder = bidders[nb - 1]
            public = Public(nb, bids, bidders, bid_peeked, peeked, open_l)

            # Trickster: everyone else points, simultaneously, before the count (H10)
            if trickster:
                for s in range(n):
                    if active[s] and must_point(s, caller, bidder):
                        u = uniform(bot_st)
                        obs = observe_rare(
                            s, active, table, public, cards, hidden, no_call, caller, seen
                        )
                        p = slot_of[s]
                        pointed[s] = bot_point(policies[p], params[p], obs, beliefs, work, u)
                        slot_st[p, S_POINTS] += 1
                        if log:
                            _log(trace, tn, T_POINT, s, pointed[s])

            loser, winner, total = _count(in_play, n_in, draw, caller, bidder, bids[nb - 1],
                                          rules, slot_of, slot_st, round_st, trace, tn)  # fmt: skip
            if _surprise(total, nu, active, cards, beliefs.row_of, moments):
                round_st[G_SURPRISES] += 1
            if trickster:
                for s in range(n):
                    if pointed[s] == winner:
                        slot_st[slot_of[s], S_POINTS_RIGHT] += 1
            settle_lives(pointed, winner, open_l, down_l)  # H10, H8

            # H8: the loser discards, of its choice when it has both kinds
            discard_open = only_discard(open_l[loser], down_l[loser])
            if loser_chooses(open_l[loser], down_l[loser]):
                u = uniform(bot_st)
                p = slot_of[loser]
                obs = observe_rare(
                    loser, active, table, public, cards, hidden, no_call, nobody, seen
                )
                discard_open = bot_discard(policies[p], params[p], obs, beliefs, work, u)
            start = _discard(loser, discard_open, rules, open_l, down_l, active, trace, tn)
            if not active[loser]:
                n_active -= 1
        w = start  # the only active seat left
        for s in range(n):
            if active[s]:
                w = s
        wins[w, slot_of[w]] += 1
        round_st[G_GAMES] += 1
        if (marks[0] >> np.int64(w)) & 1:
            round_st[G_COMEBACKS] += 1
        rounds_hist[min(rounds, ROUNDS_N - 1)] += 1
        if log:
            _log(trace, tn, T_WIN, w, rounds)
        # two ifs: numba drops the first when by_deal is omitted (and with it the second)
        if by_deal is not None:  # noqa: SIM102
            if q == perms.shape[0] - 1:
                _deal_ended(wins, by_deal)


@cache
def engine(bots):  # type: ignore[no-untyped-def]
    """:func:`_play_deals` compiled for the bot set ``bots`` (an :class:`.agents.BotSet`: its
    name and four decision functions), one engine per set: the engine inlines the set's
    functions at its decision sites and so compiles only the bots of the set (the base bots'
    engine never copies the ``equilibrium`` or ``responder`` code; its cold compile is about
    60% of the full one's).

    The four functions are bound as globals of a copy of this module's (``bot_peek``, ...), so
    numba inlines them like any global function; the engine is named after the set
    (``play_deals_base``, ...), which gives each set its own file in numba's on-disk cache."""
    # _nrt=False: the kernel allocates nothing (its scratch comes from new_scratch), so numba's
    # reference counting, which it would otherwise do for every array passed into the inlined
    # steps and bots, is switched off: rounds per second up by a third, same games (measured).
    # LeanCompiler: numba's pipeline without the rewrites after typing, which find nothing in
    # these scalar loops but cost a cold compile a few tenths of a second (core.compiling).
    # rejit stamps the cache with the sources the kernel reaches (numba's cache only watches
    # this file; the kernel also inlines the bots of agents.py and calls rules.py, core/rng.py)
    options = {"nogil": True, "cache": True, "_nrt": False, "pipeline_class": LeanCompiler}
    return rejit(_play_deals, f"play_deals_{bots.name}", options, bot_peek=bots.peek,
                 bot_bid=bots.bid, bot_point=bots.point, bot_discard=bots.discard)  # fmt: skip


def new_deal_stats(n: int, slots: int) -> dict[str, np.ndarray]:
    """Zeroed per-deal sums of :func:`play_deals` with ``by_deal`` (int64): with ``W[s, a]`` the
    games of one deal won by slot ``a`` in seat ``s`` (over its seat orders), ``deal_seat_sq[s,
    a, b]`` adds up ``W[s, a] * W[s, b]`` and ``deal_slot_sq[a, b]`` the same for the slots'
    totals over seats: the sums of squares that make the deal the unit of a CI."""
    return {
        "deal_seat_sq": np.zeros((n, slots, slots), np.int64),
        "deal_slot_sq": np.zeros((slots, slots), np.int64),
    }


track_module(globals())  # every cached function here is keyed on the files it reaches
