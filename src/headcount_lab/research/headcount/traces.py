"""Playtest statistics of Headcount that the tournament summary does not aggregate: the
measuring kernels of the Headcount report and of ``scripts/headcount_headsup_gain.py``.

Everything here is built on the engine's public pieces (:func:`.kernels.engine`,
:func:`.tournament.play_block` and its event trace) and runs through the runner with a recorded
seed. Three kinds of job:

- :func:`trace_job`: plays a tournament with the event trace on and folds the events, block by
  block, into fixed-shape counts by one numba kernel (:func:`fold_trace`): round losses by
  bidding position, peeks and their outcome by position, lives and gap, calls by gap, the fate
  of the first round's loser and heads-up state values.
- :func:`paired_job`: common random numbers. Every deal is played twice, once with a focal bot
  of kind A and once of kind B (or under rules A and B), from the same card and bot streams,
  with the focal bot in every seat in turn; the joint win counts give a paired difference whose
  interval is much narrower than that of two separate runs.
- :func:`tournament_summary`: the engine's own tournament and summary.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_module
from headcount_lab.core.stats import mean_ci_of_moments, paired_win_difference, wilson
from headcount_lab.games.headcount import kernels as E
from headcount_lab.games.headcount.agents import BAYES, EVERY, Bot
from headcount_lab.games.headcount.observation import LEVEL_ROWS
from headcount_lab.games.headcount.rules import (
    N_NUMBER,
    VALUES,
    HeadcountRules,
    bidder_loses,
    discard_life,
    peek_lives,
    settle_lives,
)
from headcount_lab.games.headcount.tournament import (
    Setup,
    engine_beliefs,
    engine_sums,
    make_job,
    play_block,
    summarize,
)

# ----------------------------------------------------------------------------- trace folding

NA = 7  # index by the number of active seats (2..6)
POS = 6  # bidding position: 0 = the start player
LIVES = 5  # life cards at the start of a round, 0..4
GAP_LO = -30  # gap histograms cover GAP_LO .. GAP_LO + GAP_N - 1 (clamped)
GAP_N = 91
HU = 4  # heads-up state: open and face-down life cards 0..3
MAX_TURNS = E.MAX_BIDS  # turns facing a bid in one round: one per bid at most


def new_trace_stats() -> dict[str, np.ndarray]:
    """Zeroed counts of :func:`fold_trace` (all int64)."""
    z = np.zeros
    return {
        "pos_rounds": z((NA, POS), np.int64),  # [active seats, position] rounds played
        "pos_lost": z((NA, POS), np.int64),  # ... rounds lost
        "peek_turns": z((POS, LIVES), np.int64),  # rounds a seat could peek (open card, may)
        "peeks": z((POS, LIVES), np.int64),  # ... and did
        "peek_lost": z((POS, LIVES), np.int64),  # rounds lost after a peek
        "nopeek_lost": z((POS, LIVES), np.int64),  # rounds lost when it could and did not
        "peek_gap_turns": z(GAP_N, np.int64),  # turns a seat could peek, by gap (bid - seen)
        "peek_gap": z(GAP_N, np.int64),  # ... and peeked
        "call_turns": z((NA, GAP_N), np.int64),  # turns it could call (no special seen)
        "calls": z((NA, GAP_N), np.int64),  # ... and called
        "calls_won": z((NA, GAP_N), np.int64),  # ... and the call won
        # of the turns of ``call_turns``, those where a call would have won at the count (H6):
        # what calling at every turn would give, the bids in front read as they were made
        "would_won": z((NA, GAP_N), np.int64),
        "first_loser": z(2, np.int64),  # games, games won by the first round's loser
        # [active seats, rounds a seat started after losing / and lost again]
        "start_again": z((NA, 2), np.int64),
        "heads_up": z((HU, HU, HU, HU, 2, 2), np.int64),  # [mo, md, oo, od, i start, n/won]
        # [finishing place - 1, games / sum / sum of squares of the rounds it watched after
        # going out (the winner, place 1, watches none)]
        "sit_out": z((POS, 3), np.int64),
        # heads-up rounds: [start player can peek, other can peek, rounds / start player lost]
        "hu_rounds": z((2, 2, 2), np.int64),
    }


@njit(nogil=True, cache=True)
def _position(active, n, start, seat):
    k = 0
    s = start
    while s != seat:
        s = (s + 1) % n
        if active[s]:
            k += 1
    return k


@njit(nogil=True, cache=True)
def _other_active(active, n, me):
    for s in range(n):
        if s != me and active[s]:
            return s
    return -1


@njit(nogil=True, cache=True)
def _seen_sum(active, n, cards, me):
    """(number-card sum seat ``me`` sees, whether it sees a special card)."""
    total = 0
    special = False
    for s in range(n):
        if s != me and active[s]:
            c = cards[s]
            if c < N_NUMBER:
                total += VALUES[c]
            else:
                special = True
    return total, special


@njit(nogil=True, cache=True, inline="always")
def _open_round(active, open_l, down_l, peeked, pointed, lives_start, could_peek):
    """A round's start: nobody has peeked or pointed; each seat's lives and whether it may peek
    (an open life card)."""
    for s in range(active.shape[0]):
        peeked[s] = False
        pointed[s] = -1
        lives_start[s] = min(open_l[s] + down_l[s], LIVES - 1)
        could_peek[s] = active[s] and open_l[s] > 0


@njit(nogil=True, cache=True, inline="always")
def _heads_up_round(active, n, start, open_l, down_l, hu_rounds, snap, n_snap):
    """A heads-up round's start: counted by who may peek (returned as ``2 * start can + other
    can``), and each seat's lives kept in ``snap`` (from row ``n_snap``; returns the rows then
    used) to be scored when the game ends."""
    o = _other_active(active, n, start)
    key = 2 * (1 if open_l[start] > 0 else 0) + (1 if open_l[o] > 0 else 0)
    hu_rounds[key // 2, key % 2, 0] += 1
    for s in range(n):
        if active[s]:
            o = _other_active(active, n, s)
            if n_snap < snap.shape[0]:
                snap[n_snap, 0] = s
                snap[n_snap, 1] = min(open_l[s], HU - 1)
                snap[n_snap, 2] = min(down_l[s], HU - 1)
                snap[n_snap, 3] = min(open_l[o], HU - 1)
                snap[n_snap, 4] = min(down_l[o], HU - 1)
                snap[n_snap, 5] = 1 if s == start else 0
                n_snap += 1
    return key, n_snap


@njit(nogil=True, cache=True, inline="always")
def _round_lost(loser, active, n, n_active, start, start_peek, lives_start, could_peek, peeked,
                counts):  # fmt: skip
    """Every seat's round by its bidding position: played and lost, and its peek chance (an
    open life card, and not the start player unless it may peek) taken or not and lost, in the
    first six arrays of ``counts`` (:func:`new_trace_stats`)."""
    pos_rounds, pos_lost, peek_turns = counts[0], counts[1], counts[2]
    peeks, peek_lost, nopeek_lost = counts[3], counts[4], counts[5]
    for s in range(n):
        if not active[s]:
            continue
        k = min(_position(active, n, start, s), POS - 1)
        pos_rounds[n_active, k] += 1
        lv = lives_start[s]
        if could_peek[s] and (k > 0 or start_peek != 0):
            peek_turns[k, lv] += 1
            if peeked[s]:
                peeks[k, lv] += 1
                if s == loser:
                    peek_lost[k, lv] += 1
            elif s == loser:
                nopeek_lost[k, lv] += 1
        if s == loser:
            pos_lost[n_active, k] += 1


@njit(nogil=True, cache=True, inline="always")
def _game_won(winner, n, rnd, out_round, sit_out, snap, n_snap, heads_up):
    """A game's end: the rounds each seat watched after going out, by its finishing place, and
    the outcome of every heads-up state kept in ``snap[:n_snap]``."""
    for s in range(n):
        if s == winner:
            sit_out[0, 0] += 1  # the winner watches no round
        elif out_round[s] > 0:
            # places by the order of going out: the first one out is last (n)
            place = 2
            for s2 in range(n):
                if s2 != winner and out_round[s2] > out_round[s]:
                    place += 1
            watched = rnd - out_round[s]
            k = min(place, POS) - 1
            sit_out[k, 0] += 1
            sit_out[k, 1] += watched
            sit_out[k, 2] += watched * watched
    for j in range(n_snap):
        h = heads_up[snap[j, 1], snap[j, 2], snap[j, 3], snap[j, 4], snap[j, 5]]
        h[0] += 1
        h[1] += 1 if snap[j, 0] == winner else 0


@njit(nogil=True, cache=True)
def fold_trace(trace, t_n, n, open0, down0, start_peek, shift, counts):
    """Fold the events ``trace[:t_n]`` (int64[T, 3]: kind, seat, value, as logged by the
    engine) of whole games into ``counts``, the arrays of :func:`new_trace_stats` in order.

    Lives are replayed from the events (peek: open -> down; Trickster pointing; the winner
    reopens; the loser discards the kind it logged), so every count sees the state a seat had.
    """
    # the first six (by position and peek) are :func:`_round_lost`'s
    (_, _, _, _, _, _, peek_gap_turns, peek_gap, call_turns, calls, calls_won, would_won,
     first_loser, start_again, heads_up, sit_out, hu_rounds) = counts  # fmt: skip
    # this round's turns of ``call_turns`` until the count: gap index, seats active, last bid
    turn_g = np.zeros(MAX_TURNS, np.int64)
    turn_na = np.zeros(MAX_TURNS, np.int64)
    turn_bid = np.zeros(MAX_TURNS, np.int64)
    n_turns = 0
    active = np.ones(n, np.bool_)
    open_l = np.zeros(n, np.int64)
    down_l = np.zeros(n, np.int64)
    cards = np.full(n, -1, np.int64)
    peeked = np.zeros(n, np.bool_)
    lives_start = np.zeros(n, np.int64)
    could_peek = np.zeros(n, np.bool_)
    pointed = np.full(n, -1, np.int64)
    snap = np.zeros((1024, 6), np.int64)  # heads-up snapshots of the current game
    out_round = np.zeros(n, np.int64)  # the round in which each seat went out (0: still in)
    hu_key = -1  # this round's heads-up peek situation (2 * start can + other can), or -1
    n_snap = 0
    start = 0
    n_active = n
    nb = 0
    last = 0
    rnd = 0
    first_lost = -1
    prev_loser = -1
    last_kind = -1
    last_seat = -1
    call_g = -1
    call_seat = -1
    for i in range(t_n):
        kind = trace[i, 0]
        seat = trace[i, 1]
        value = trace[i, 2]
        if kind == E.T_START:
            rnd = value
            if rnd == 1:  # a new game
                for s in range(n):
                    active[s] = True
                    open_l[s] = open0
                    down_l[s] = down0
                    out_round[s] = 0
                n_active = n
                n_snap = 0
                first_lost = -1
                prev_loser = -1
            start = seat
            nb = 0
            last = 0
            call_g = -1
            call_seat = -1
            n_turns = 0
            _open_round(active, open_l, down_l, peeked, pointed, lives_start, could_peek)
            hu_key = -1
            if n_active == 2:
                hu_key, n_snap = _heads_up_round(active, n, start, open_l, down_l, hu_rounds,
                                                 snap, n_snap)  # fmt: skip
        elif kind == E.T_FOREHEAD:
            cards[seat] = value
        elif kind == E.T_PEEK:
            open_l[seat], down_l[seat] = peek_lives(open_l[seat], down_l[seat])  # H7
            peeked[seat] = True
        elif kind == E.T_BID or kind == E.T_CALL:
            just_peeked = last_kind == E.T_PEEK and last_seat == seat
            vis, special = _seen_sum(active, n, cards, seat)
            if nb > 0:
                g = min(max(last - vis - GAP_LO, 0), GAP_N - 1)
                if could_peek[seat] and (just_peeked or not peeked[seat]):
                    peek_gap_turns[g] += 1
                    if just_peeked:
                        peek_gap[g] += 1
                if not just_peeked and not peeked[seat] and not special:
                    call_turns[n_active, g] += 1
                    if n_turns < MAX_TURNS:  # a round has at most one turn per bid
                        turn_g[n_turns], turn_na[n_turns], turn_bid[n_turns] = g, n_active, last
                        n_turns += 1
                    if kind == E.T_CALL:
                        calls[n_active, g] += 1
                        call_g = g
                        call_seat = seat
            if kind == E.T_BID:
                nb += 1
                last = value
        elif kind == E.T_COUNT:
            for j in range(n_turns):
                if bidder_loses(value, turn_bid[j], shift):  # H6: the call would have won
                    would_won[turn_na[j], turn_g[j]] += 1
            n_turns = 0
        elif kind == E.T_POINT:
            pointed[seat] = value
        elif kind == E.T_LOSE:
            loser = seat
            _round_lost(loser, active, n, n_active, start, start_peek, lives_start, could_peek,
                        peeked, counts)  # fmt: skip
            if call_g >= 0 and loser != call_seat:
                calls_won[n_active, call_g] += 1
            if start == prev_loser:
                start_again[n_active, 0] += 1
                if loser == start:
                    start_again[n_active, 1] += 1
            if hu_key >= 0 and loser == start:
                hu_rounds[hu_key // 2, hu_key % 2, 1] += 1
            if rnd == 1:
                first_lost = loser
            prev_loser = loser
            settle_lives(pointed, value, open_l, down_l)  # H10, H8: ``value`` the winner
        elif kind == E.T_DISCARD:
            open_l[seat], down_l[seat] = discard_life(open_l[seat], down_l[seat], value)  # H8
        elif kind == E.T_OUT:
            active[seat] = False
            out_round[seat] = rnd
            n_active -= 1
        elif kind == E.T_WIN:
            first_loser[0] += 1
            if seat == first_lost:
                first_loser[1] += 1
            _game_won(seat, n, rnd, out_round, sit_out, snap, n_snap, heads_up)
        last_kind = kind
        last_seat = seat


TRACE_ROWS_PER_GAME = 400  # a first guess; a block that logs more is replayed with more room
TRACE_BLOCK_GAMES = 500


def trace_job(setup: Setup, games: int):  # type: ignore[no-untyped-def]
    """A runner job playing ``games`` games of ``setup`` (no seat rotation: the trace does not
    say which seat order a game used) and returning the engine's statistics together with the
    folded trace counts of :func:`new_trace_stats`."""
    from headcount_lab.core.runner import Job

    if setup.rotate:
        raise ValueError("trace statistics need fixed seats (rotate=False)")
    beliefs = setup.beliefs()
    perms, policies, params, rules = setup.kernel_args()
    o, d = setup.rules.lives
    n = setup.players
    start_peek = int(setup.rules.start_player_may_peek)
    shift = setup.rules.shift

    def block_fn(state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        rows = TRACE_ROWS_PER_GAME * n_units
        while True:
            st = E.new_stats(n, n)
            trial = state.copy()
            trace = np.zeros((rows, 3), np.int64)
            t_n = play_block(n_units, perms, policies, params, rules, beliefs, trial, st, trace)
            if t_n <= rows:
                break
            rows = t_n  # replay the same games with room for every event
        state[:] = trial
        ts = new_trace_stats()
        fold_trace(trace, t_n, n, o, d, start_peek, shift, tuple(ts.values()))
        return {**st, **ts}

    def warmup() -> None:
        from headcount_lab.core.rng import block_state

        block_fn(block_state(0, 0), 1)

    params_id = {
        "game": "headcount",
        "kind": "trace",
        "bots": [b.spec for b in setup.bots],
        "rules": setup.rules.as_dict(),
        "games": games,
    }
    return Job("headcount-trace", params_id, games, TRACE_BLOCK_GAMES, block_fn, warmup)


# ----------------------------------------------------------------------------- paired games


#: the engine with every bot: a pair may seat any of them
_ENGINE = E.engine(EVERY)


@njit(nogil=True, cache=True)
def _play_one(perm, side, block0, block_st, stats, trace, tn, by_deal):
    """Play the one game the engine deals from the block state ``block0`` (copied into
    ``block_st``, which is left advanced past the deal) with seat order ``perm``
    (read-only int64[1, n]) and the bots, rules and beliefs of ``side`` (:meth:`Pair.arrays`),
    its statistics added into ``stats`` (the arrays of :func:`.kernels.new_stats`, in order);
    return (winning seat, rounds, rounds the focal slot 0 lost). ``by_deal``: scratch per-deal
    sums (:func:`.kernels.engine`'s argument), never read.

    The engine itself plays it, so a paired game is exactly the game a tournament would play
    from the same stream; it is called with the tournament's argument types (read-only seat
    orders and tables, the per-deal sums), so both load the one compiled engine (another type
    compiled the whole engine again: 17 CPU s in a fresh clone)."""
    pol, par, rules, beliefs, moments = side
    st_w, st_c, st_r = stats[0], stats[2], stats[3]
    n = perm.shape[1]
    for i in range(4):
        block_st[i] = block0[i]
    r0 = st_r[E.G_ROUNDS]
    l0 = st_c[0, E.S_LOST]
    before = np.empty(n, np.int64)
    for seat in range(n):
        before[seat] = st_w[seat].sum()
    i8, b1, u8, k = np.int64, np.bool_, np.uint64, E.MAX_BIDS
    # the bots' scratch needs one level only: no bayes seat plays here (Pair.arrays refuses it)
    scratch = (np.empty(4, u8), np.empty(4, u8), np.empty(4, u8), np.empty(4, u8),
               np.empty(n, i8), np.empty(n, i8), np.empty(n, b1), np.empty(n, b1),
               np.empty(n, i8), np.empty(n, i8), np.empty(k, i8), np.empty(k, i8),
               np.empty(k, b1), np.empty(n, i8), np.empty(E.DECK_MAX, i8), np.empty(n + 1, i8),
               np.zeros((LEVEL_ROWS, 32)), np.empty(1, i8))  # E.new_scratch  # fmt: skip
    # one deal, typed (a literal 1 is another argument type: the engine compiled again)
    _ENGINE(i8(1), perm, pol, par, rules, beliefs, moments, block_st, stats, trace, tn, scratch,
            by_deal)  # fmt: skip
    w = -1
    for seat in range(n):
        if st_w[seat].sum() != before[seat]:
            w = seat
    return w, st_r[E.G_ROUNDS] - r0, st_c[0, E.S_LOST] - l0


@njit(nogil=True, cache=True)
def play_pairs(n_deals, n, side_a, side_b, block_st, out, stats_a, stats_b, orders, by_deal):
    """Play each deal twice, under A (``side_a``: policies, params, rules array, belief
    tables and their moments, :meth:`Pair.arrays`) and under B, from the same deal and bot
    streams, with the focal bot (slot 0; slots 1.. are the field) in every seat ``f`` in turn.

    ``out``: ``(joint, rounds_sum, share_sum, share_sq)``: ``joint`` int64[n, 2, 2] games by
    focal seat, focal won under A, under B; ``rounds_sum`` int64[2] rounds under A and B;
    ``share_sum``/``share_sq`` float64[1] sum and sum of squares over games of the focal
    seat's share of rounds lost under A minus under B. ``stats_a``, ``stats_b``: the engine
    statistics of A and B (the arrays of :func:`.kernels.new_stats` with n slots, in order).
    ``orders``: read-only int64[n, 1, n], the seat order with the focal bot in seat ``f`` at
    ``orders[f]``; ``by_deal``: the engine's scratch per-deal sums."""
    joint, rounds_sum, share_sum, share_sq = out
    block0 = np.empty(4, np.uint64)
    after = np.empty(4, np.uint64)
    trace = np.zeros((0, 3), np.int64)
    tn = np.zeros(1, np.int64)
    for _ in range(n_deals):
        for i in range(4):
            block0[i] = block_st[i]
        for f in range(n):
            perm = orders[f]
            w_a, rounds_a, lost_a = _play_one(perm, side_a, block0, after, stats_a, trace, tn,
                                              by_deal)  # fmt: skip
            w_b, rounds_b, lost_b = _play_one(perm, side_b, block0, after, stats_b, trace, tn,
                                              by_deal)  # fmt: skip
            rounds_sum[0] += rounds_a
            rounds_sum[1] += rounds_b
            share = lost_a / rounds_a - lost_b / rounds_b
            share_sum[0] += share
            share_sq[0] += share * share
            joint[f, 1 if w_a == f else 0, 1 if w_b == f else 0] += 1
        for i in range(4):  # past this deal's two seeds, as the engine's own loop leaves it
            block_st[i] = after[i]


@dataclass(frozen=True)
class Pair:
    """A paired comparison: the focal bot ``focal_a`` under ``rules_a`` against the focal bot
    ``focal_b`` under ``rules_b``, each with ``n - 1`` copies of ``field`` around it."""

    players: int
    focal_a: Bot
    focal_b: Bot
    field: Bot
    rules_a: HeadcountRules
    rules_b: HeadcountRules

    def arrays(self, which: str) -> tuple[Any, ...]:
        """Kernel arguments of side ``which`` (``a`` or ``b``): built by the engine's own
        :class:`.tournament.Setup` with the focal bot in slot 0 and the field after it."""
        focal, rules = (
            (self.focal_a, self.rules_a) if which == "a" else (self.focal_b, self.rules_b)
        )
        setup = Setup((focal,) + (self.field,) * (self.players - 1), rules, False)
        _, policies, params, rules_arr = setup.kernel_args()
        if (policies == BAYES).any():  # a bayes seat: its code is not in the engine used here
            raise ValueError("paired games play the bots of agents.EVERY; bayes is not one")
        return policies, params, rules_arr, *engine_beliefs(setup.beliefs())


PAIR_BLOCK_DEALS = 250


def paired_job(pair: Pair, games: int):  # type: ignore[no-untyped-def]
    """A runner job of ``games`` paired games (rounded up to whole deals of ``players`` games,
    one per focal seat)."""
    from headcount_lab.core.runner import Job

    n = pair.players
    deals = -(-games // n)
    a = pair.arrays("a")
    b = pair.arrays("b")
    # the focal bot (slot 0) in seat f, the field's slots 1.. in the other seats in order
    orders = np.array(
        [[[0 if s == f else s + (s < f) for s in range(n)]] for f in range(n)], np.int64
    )
    orders.flags.writeable = False

    def block_fn(state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        out = {
            "joint": np.zeros((n, 2, 2), np.int64),
            "rounds_sum": np.zeros(2, np.int64),
            "share_sum": np.zeros(1, np.float64),
            "share_sq": np.zeros(1, np.float64),
        }
        sa = E.new_stats(n, n)
        sb = E.new_stats(n, n)
        by_deal = engine_sums(E.new_deal_stats(n, n), sa["wins"])
        play_pairs(n_units, n, a, b, state, tuple(out.values()), tuple(sa.values()),
                   tuple(sb.values()), orders, by_deal)  # fmt: skip
        out.update({f"a_{k}": v for k, v in sa.items()})
        out.update({f"b_{k}": v for k, v in sb.items()})
        return out

    def warmup() -> None:
        from headcount_lab.core.rng import block_state

        block_fn(block_state(0, 0), 1)

    params_id = {
        "game": "headcount",
        "kind": "paired",
        "players": n,
        "focal_a": pair.focal_a.spec,
        "focal_b": pair.focal_b.spec,
        "field": pair.field.spec,
        "rules_a": pair.rules_a.as_dict(),
        "rules_b": pair.rules_b.as_dict(),
        "deals": deals,
    }
    return Job("headcount-paired", params_id, deals, PAIR_BLOCK_DEALS, block_fn, warmup)


# ----------------------------------------------------------------------------- estimates


def paired_summary(stats: dict[str, np.ndarray]) -> dict[str, Any]:
    """Game-win rates of the focal bot under A and B, their paired difference (overall and by
    focal seat), and the paired difference of the share of rounds lost."""
    joint = stats["joint"]
    n = int(joint.sum())
    win_a = int(joint[:, 1, :].sum())
    win_b = int(joint[:, :, 1].sum())
    by_seat = []
    for f in range(joint.shape[0]):
        j = joint[f]
        by_seat.append(paired_win_difference(int(j[1, 0]), int(j[0, 1]), int(j.sum())))
    return {
        "games": n,
        "win_a": wilson(win_a, n),
        "win_b": wilson(win_b, n),
        "diff": paired_win_difference(int(joint[:, 1, 0].sum()), int(joint[:, 0, 1].sum()), n),
        "diff_by_seat": by_seat,
        "round_loss_diff": mean_ci_of_moments(
            float(stats["share_sum"][0]), float(stats["share_sq"][0]), n
        ),
        "rounds_a": int(stats["rounds_sum"][0]) / n,
        "rounds_b": int(stats["rounds_sum"][1]) / n,
    }


def run(
    job: Any, seed: int, workers: int | None = None, tick: Any = None, size: int | None = None
) -> dict[str, np.ndarray]:
    """Run a job on the thread pool (every core unless ``workers``) and return its statistics;
    ``tick`` (a report step's :class:`~headcount_lab.core.report.Ticker`) advances by ``size``
    units over the run (``job.units`` if ``None``)."""
    from headcount_lab.core.runner import run_chunked

    on_chunk = None if tick is None else tick.on_chunk(job, size)
    return run_chunked(job, seed, workers=workers, on_chunk=on_chunk)


def tournament_summary(
    bots: list[Bot],
    rules: HeadcountRules,
    games: int,
    seed: int,
    rotate: bool = True,
    tick: Any = None,
) -> dict[str, Any]:
    """The engine's tournament summary (win rates with 95 % intervals, per-round statistics);
    ``tick`` advances by ``games`` over the run."""
    setup = Setup(tuple(bots), rules, rotate)
    return summarize(setup, run(make_job(setup, games), seed, tick=tick, size=games), seed)


track_module(globals())  # every cached function here is keyed on the files it reaches
