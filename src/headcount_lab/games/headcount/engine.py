"""Complete Headcount games in numba: rounds, peeking, lives, elimination, both variants.

One round (rule text, rulings H5-H10): the deck is shuffled afresh; every active seat gets a
forehead card in seat order, then the hidden card (unless ``hidden_card`` is off), then the
draw-pile top that replaces the mystery Joker at counting (H2). The start player opens with any
bid (or one of at least ``min_first_bid``); clockwise, skipping eliminated seats (H9), each seat
either raises or calls "Count!". At the start of its turn a seat with an open life card may peek
(H7): the card is turned face down, the seat sees the hidden card and must raise (or, with
``peek_must_raise`` off, may also call). The start
player may not peek before opening unless ``start_player_may_peek``. A seat peeks at most once a
round (a second look shows nothing new). In Trickster (H10) every other active seat points at
the caller or the last bidder before the count. The total is counted by H2-H4; the bidder loses
when it is below the bid (or at most the bid with ``tie_goes_to=caller``, H6). The winner turns a
face-down life card up, the loser discards one of its choice (H8); a seat without life cards is
out; the loser starts the next round, or the next active seat clockwise if the loser is out
(H9; with ``next_start=left_of_loser`` the next active seat clockwise after the loser always).

Worked example: seats 0-3 hold Q♥ 7♥ K♥ 5♠, hidden 3♥. Seat 0 bids 26, 1 bids 33, 2 bids 34,
3 bids 45, seat 0 calls: the total 40 is below 45, so seat 3 loses a life and starts next.

Streams: a block's stream draws 8 words per deal: 4 seed the deal stream (shuffles only), 4 the
bot stream (one uniform per decision). With ``--rotate-seats`` every seat order replays the same
deal and bot streams, so the cards of round r are the same in every order.

Kernel state: ``rules`` int64[N_RULES] (see :func:`rules_array`); ``perms`` int64[P, n] the bot
slot of each seat for each seat order; ``policies`` int64[slots]; ``params`` float64[slots,
N_PARAMS]; belief arrays from :func:`~headcount_lab.games.headcount.agents.build_beliefs`.
Statistics are int64 arrays of fixed shape (see :func:`new_stats`), added up by the runner.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.rng import next_u64, partial_shuffle, uniform
from headcount_lab.games.headcount.agents import (
    BID,
    CALL,
    DISCARD,
    P_LEVEL,
    PEEK,
    POINT,
    READER,
    bid_choice,
    discard_choice,
    may_call,
    peek_choice,
    point_choice,
    reader_bid,
)
from headcount_lab.games.headcount.rules import HeadcountRules, count_kernel

# rules array
(R_DOUBLE, R_TRICKSTER, R_HIDDEN, R_MIN_FIRST, R_SHIFT, R_START_PEEK, R_OPEN, R_DOWN,
 R_PEEK_RAISE, R_LEFT_START) = range(10)  # fmt: skip
N_RULES = 10
FREE_BID = -(10**9)  # min_first_bid "none": any integer may open (H5)

TWO_UNSEEN = np.int64(2)  # a typed 2 (not a literal): one compiled _tips_estimate for all sites
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
 G_TOP, G_X2, G_RAISE_SUM, G_RAISE_SQ) = range(13)  # fmt: skip
ROUND_COLUMNS = (
    "games", "rounds", "caller_lost", "peeks", "ties", "bids", "forced_calls", "illegal_bids",
    "joker_in_play", "top_in_play", "x2_in_play", "raise_sum", "raise_sq",
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
    out[R_MIN_FIRST] = FREE_BID if rules.min_first_bid is None else rules.min_first_bid
    out[R_SHIFT] = 1 if rules.tie_goes_to == "caller" else 0
    out[R_START_PEEK] = rules.start_player_may_peek
    out[R_OPEN] = o
    out[R_DOWN] = d
    out[R_PEEK_RAISE] = rules.peek_must_raise
    out[R_LEFT_START] = 1 if rules.next_start == "left_of_loser" else 0
    return out


def new_stats(n: int, slots: int) -> dict[str, np.ndarray]:
    """Zeroed statistics of one block (all int64, fixed shapes)."""
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


@njit(nogil=True, cache=True)
def settle_lives(pointed, winner, open_l, down_l):
    """Life cards after a count, in place (``int64[n]`` each; ``pointed[s]`` is -1 for a seat
    that did not point). H10: a pointer who named the ``winner`` turns a face-down life card up,
    a wrong one turns an open one face down (each if it has one). H8: the winner then turns one
    face-down life card up, if it has one. The one place these rules live: the report's trace
    folding replays lives with it too."""
    for s in range(pointed.shape[0]):
        if pointed[s] < 0:
            continue
        if pointed[s] == winner:
            if down_l[s] > 0:
                down_l[s] -= 1
                open_l[s] += 1
        elif open_l[s] > 0:
            open_l[s] -= 1
            down_l[s] += 1
    if down_l[winner] > 0:
        down_l[winner] -= 1
        open_l[winner] += 1


# One explicit signature: the call sites pass constants (numba literals), and a lazily typed
# _log was compiled once per distinct combination of them (17 times, 1.5 s of a cold start).
@njit("void(int64[:, ::1], int64[::1], int64, int64, int64)", nogil=True, cache=True)
def _log(trace, tn, kind, seat, value):
    if tn[0] < trace.shape[0]:
        trace[tn[0], 0] = kind
        trace[tn[0], 1] = seat
        trace[tn[0], 2] = value
    tn[0] += 1


@njit(nogil=True, cache=True)
def _next_active(active, n, s):
    s = (s + 1) % n
    while not active[s]:
        s = (s + 1) % n
    return s


@njit(nogil=True, cache=True)
def _observe(me, n, active, cards, seen):
    for s in range(n):
        seen[s] = cards[s] if (s != me and active[s]) else -1


@njit(nogil=True, cache=True, inline="always")
def _seen_mask(me, n, active, cards, hs):
    """Bitmask of the cards seat ``me`` knows are in play: the other active foreheads, and the
    hidden card ``hs`` if it peeked (else -1). Never its own card."""
    mask = np.int64(0)
    for s in range(n):
        if s != me and active[s]:
            mask |= np.int64(1) << np.int64(cards[s])
    if hs >= 0:
        mask |= np.int64(1) << np.int64(hs)
    return mask


@njit(nogil=True, cache=True)
def decision(kind, me, slot_of, policies, params, n, active, cards, hidden, peeked, nb, bids,
             bidders, bid_peeked, can_call, min_first, caller, hidden_on, shift, n_deck, row_of,
             sf, lo, gain, safe, seen, work, u):  # fmt: skip
    """The decision :func:`play_deals` asks of seat ``me`` in the full state (all foreheads in
    ``cards``, the ``hidden`` card): exactly its call sites, gathered in one function for the
    fair-play tests. ``seen``: int64[n] and ``work``: float64[2, 32] scratch."""
    hs = hidden if peeked[me] else -1
    p = slot_of[me]
    if kind == BID and policies[p] == READER:
        _observe(me, n, active, cards, seen)
        return reader_bid(params[p], me, n, active, seen, hs, nb, bids, bidders, bid_peeked,
                          can_call, min_first, hidden_on, shift, n_deck, row_of, sf, lo, safe,
                          work)  # fmt: skip
    mask = _seen_mask(me, n, active, cards, hs)
    nu = 2 if hidden_on and hs < 0 else 1
    last = bids[nb - 1] if nb > 0 else 0
    pp = params[p]
    if kind == PEEK:
        return peek_choice(policies[p], pp[0], pp[1], pp[2], np.int64(pp[P_LEVEL]), mask, nu, nb,
                           last, can_call, min_first, shift, n_deck, row_of, sf, lo, gain, safe,
                           u)  # fmt: skip
    if kind == POINT:
        return point_choice(policies[p], pp[0], pp[3], mask, nu, last, bidders[nb - 1], caller,
                            shift, n_deck, row_of, sf, lo, u)  # fmt: skip
    if kind == DISCARD:
        return discard_choice(policies[p], pp[3], pp[4], u)
    return bid_choice(policies[p], pp[0], pp[1], pp[2], pp[3], pp[4], pp[5], pp[6],
                      np.int64(pp[P_LEVEL]), mask, nu, nb, last, can_call, min_first, shift,
                      n_deck, row_of, sf, lo, safe, u)  # fmt: skip


@njit(nogil=True, cache=True)
def _seed_from(block_st, sub):
    for i in range(4):
        sub[i] = next_u64(block_st)
    if sub[0] == 0 and sub[1] == 0 and sub[2] == 0 and sub[3] == 0:
        sub[0] = 1


@njit(nogil=True, cache=True)
def play_deals(
    n_deals, perms, policies, params, rules, row_of, sf, lo, gain, safe, block_st,
    wins, seated, slot_st, round_st, opening_hist, raise_hist, rounds_hist, bids_hist,
    trace, tn,
):  # fmt: skip
    """Play ``n_deals`` deals, each in every seat order of ``perms`` (int64[P, n]): complete
    games, their statistics added into the arrays passed in; events are logged into ``trace``
    (int64[T, 3], may have 0 rows) while ``tn`` (int64[1]) counts them.

    One function for the whole block, not a loop calling a per-game function: numba links a
    called function's code into its caller and optimises and emits it again there, which cost
    a second of every cold start for a kernel this size.
    """
    n = perms.shape[1]
    n_orders = perms.shape[0]
    double = rules[R_DOUBLE] != 0
    trickster = rules[R_TRICKSTER] != 0
    hidden_on = rules[R_HIDDEN] != 0
    min_first = rules[R_MIN_FIRST]
    shift = rules[R_SHIFT]
    start_peek = rules[R_START_PEEK] != 0
    peek_raise = rules[R_PEEK_RAISE] != 0
    left_start = rules[R_LEFT_START] != 0
    n_deck = 18 if double else 17
    log = trace.shape[0] > 0

    # scratch for the whole block, np.empty only (each np.zeros/np.full/np.ones flavour is one
    # more compile); every entry is written before it is read
    deal0 = np.empty(4, np.uint64)
    bot0 = np.empty(4, np.uint64)
    deal_st = np.empty(4, np.uint64)
    bot_st = np.empty(4, np.uint64)
    open_l = np.empty(n, np.int64)
    down_l = np.empty(n, np.int64)
    active = np.empty(n, np.bool_)
    peeked = np.empty(n, np.bool_)
    cards = np.empty(n, np.int64)
    seen = np.empty(n, np.int64)
    pointed = np.empty(n, np.int64)
    deck = np.empty(n_deck, np.int64)
    in_play = np.empty(n + 1, np.int64)
    bids = np.empty(MAX_BIDS, np.int64)
    bidders = np.empty(MAX_BIDS, np.int64)
    bid_peeked = np.empty(MAX_BIDS, np.bool_)
    work = np.empty((2, 32), np.float64)

    for g in range(n_deals * n_orders):
        q = g % n_orders
        if q == 0:  # a new deal: its two streams, replayed in every seat order
            _seed_from(block_st, deal0)
            _seed_from(block_st, bot0)
        # element copies: a slice assignment compiles numba's shape-mismatch error path
        # (string formatting), about 3 s of a cold start
        for i in range(4):
            deal_st[i] = deal0[i]
            bot_st[i] = bot0[i]
        slot_of = perms[q]

        # one complete game
        for s in range(n):
            open_l[s] = rules[R_OPEN]
            down_l[s] = rules[R_DOWN]
            active[s] = True
            seated[s, slot_of[s]] += 1
        n_active = n
        # np.int64, not 0: a literal start would compile every helper taking a seat twice (for
        # Literal[int](0) while typing reaches the loop, then for int64)
        start = np.int64(0)
        rounds = 0
        while n_active > 1:
            rounds += 1
            round_st[G_ROUNDS] += 1
            # deal (fresh shuffle of the whole deck every round, H9)
            for i in range(n_deck):
                deck[i] = i
            n_in = n_active + (1 if hidden_on else 0)
            partial_shuffle(deal_st, deck, n_in + 1)
            k = 0
            for s in range(n):
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
            draw = deck[n_in]
            if log:
                _log(trace, tn, T_START, start, rounds)
                for s in range(n):
                    if active[s]:
                        _log(trace, tn, T_FOREHEAD, s, cards[s])
                if hidden_on:
                    _log(trace, tn, T_HIDDEN, -1, hidden)
                _log(trace, tn, T_DRAW, -1, draw)

            # bidding
            nb = np.int64(0)  # typed, as ``start`` above
            me = start
            caller = -1
            while True:
                can_call = nb > 0
                if nb >= MAX_BIDS - 1:
                    round_st[G_FORCED] += 1
                    caller = me
                    if log:
                        _log(trace, tn, T_CALL, me, 0)
                    break
                did_peek = False
                if (
                    hidden_on
                    and open_l[me] > 0
                    and not peeked[me]
                    and (nb > 0 or me != start or start_peek)
                ):
                    u = uniform(bot_st)
                    p = slot_of[me]
                    mask = _seen_mask(me, n, active, cards, -1)
                    last = bids[nb - 1] if nb > 0 else 0
                    if peek_choice(policies[p], params[p, 0], params[p, 1], params[p, 2],
                                   np.int64(params[p, P_LEVEL]), mask, TWO_UNSEEN, nb, last,
                                   can_call, min_first, shift, n_deck, row_of, sf, lo, gain,
                                   safe, u) == 1:  # fmt: skip
                        open_l[me] -= 1
                        down_l[me] += 1
                        peeked[me] = True
                        did_peek = True
                        round_st[G_PEEKS] += 1
                        slot_st[p, S_PEEKS] += 1
                        if log:
                            _log(trace, tn, T_PEEK, me, hidden)
                call_ok = may_call(nb, did_peek, peek_raise)  # H5, H7
                u = uniform(bot_st)
                p = slot_of[me]
                hs = hidden if peeked[me] else -1
                if policies[p] == READER:
                    _observe(me, n, active, cards, seen)
                    a = reader_bid(params[p], me, n, active, seen, hs, nb, bids, bidders,
                                   bid_peeked, call_ok, min_first, hidden_on,
                                   shift, n_deck, row_of, sf, lo, safe, work)  # fmt: skip
                else:
                    mask = _seen_mask(me, n, active, cards, hs)
                    nu = 2 if hidden_on and hs < 0 else 1
                    last = bids[nb - 1] if nb > 0 else 0
                    a = bid_choice(policies[p], params[p, 0], params[p, 1], params[p, 2],
                                   params[p, 3], params[p, 4], params[p, 5], params[p, 6],
                                   np.int64(params[p, P_LEVEL]), mask, nu, nb, last,
                                   call_ok, min_first, shift, n_deck, row_of, sf,
                                   lo, safe, u)  # fmt: skip
                if a == CALL:
                    if not call_ok:  # a bot bug: never happens with our policies
                        round_st[G_ILLEGAL] += 1
                        a = bids[nb - 1] + 1 if nb > 0 else max(min_first, 0)
                    else:
                        caller = me
                        slot_st[p, S_CALLS] += 1
                        if log:
                            _log(trace, tn, T_CALL, me, 0)
                        break
                lowest = bids[nb - 1] + 1 if nb > 0 else min_first
                if a < lowest:
                    round_st[G_ILLEGAL] += 1
                    a = lowest
                if nb == 0:
                    h = a - HIST_LO
                    opening_hist[min(max(h, 0), HIST_N - 1)] += 1
                    slot_st[p, S_OPENS] += 1
                else:
                    step = a - bids[nb - 1]
                    raise_hist[min(step, RAISE_N - 1)] += 1
                    round_st[G_RAISE_SUM] += step  # exact moments: the histogram clips
                    round_st[G_RAISE_SQ] += step * step
                bids[nb] = a
                bidders[nb] = me
                bid_peeked[nb] = peeked[me]
                nb += 1
                slot_st[p, S_BIDS] += 1
                round_st[G_BIDS] += 1
                if log:
                    _log(trace, tn, T_BID, me, a)
                me = _next_active(active, n, me)
            bids_hist[nb] += 1
            bidder = bidders[nb - 1]
            last = bids[nb - 1]

            # Trickster: everyone else points, simultaneously, before the count (H10)
            if trickster:
                for s in range(n):
                    if active[s] and s != caller and s != bidder:
                        u = uniform(bot_st)
                        p = slot_of[s]
                        hs = hidden if peeked[s] else -1
                        mask = _seen_mask(s, n, active, cards, hs)
                        nu = 2 if hidden_on and hs < 0 else 1
                        pointed[s] = point_choice(policies[p], params[p, 0], params[p, 3], mask, nu,
                                                  last, bidder, caller, shift, n_deck, row_of, sf,
                                                  lo, u)  # fmt: skip
                        slot_st[p, S_POINTS] += 1
                        if log:
                            _log(trace, tn, T_POINT, s, pointed[s])

            # count (H2-H4) and settle (H6)
            total = count_kernel(in_play, n_in, draw)
            for i in range(n_in):
                c = in_play[i]
                if c == 16:
                    round_st[G_JOKER] += 1
                    c = draw
                if c == 15:
                    round_st[G_TOP] += 1
                elif c == 17:
                    round_st[G_X2] += 1
            if total == last:
                round_st[G_TIES] += 1
            if total < last + shift:
                loser = bidder
                winner = caller
            else:
                loser = caller
                winner = bidder
                round_st[G_CALLER_LOST] += 1
                slot_st[slot_of[caller], S_CALLS_LOST] += 1
            if loser == bidder:
                slot_st[slot_of[bidder], S_BIDS_LOST] += 1
            slot_st[slot_of[loser], S_LOST] += 1
            if log:
                _log(trace, tn, T_COUNT, -1, total)
                _log(trace, tn, T_LOSE, loser, winner)
            if trickster:
                for s in range(n):
                    if pointed[s] == winner:
                        slot_st[slot_of[s], S_POINTS_RIGHT] += 1
            settle_lives(pointed, winner, open_l, down_l)
            # H8: the loser discards one of its choice
            discard_open = 1 if down_l[loser] == 0 else 0
            if open_l[loser] > 0 and down_l[loser] > 0:
                u = uniform(bot_st)
                p = slot_of[loser]
                discard_open = discard_choice(policies[p], params[p, 3], params[p, 4], u)
            if discard_open == 1:
                open_l[loser] -= 1
            else:
                down_l[loser] -= 1
            if log:
                _log(trace, tn, T_DISCARD, loser, discard_open)
            start = loser
            if open_l[loser] + down_l[loser] == 0:
                active[loser] = False
                n_active -= 1
                if log:
                    _log(trace, tn, T_OUT, loser, 0)
                start = _next_active(active, n, loser)
            elif left_start:  # H9 house rule: the next active seat after the loser starts
                start = _next_active(active, n, loser)
        w = start  # the only active seat left
        for s in range(n):
            if active[s]:
                w = s
        wins[w, slot_of[w]] += 1
        round_st[G_GAMES] += 1
        rounds_hist[min(rounds, ROUNDS_N - 1)] += 1
        if log:
            _log(trace, tn, T_WIN, w, rounds)


# numba's cache only watches this file; the kernels also inline the bots of agents.py and call
# rules.py and core/rng.py, so their sources are part of the cache stamp too
track_sources(play_deals, decision)
