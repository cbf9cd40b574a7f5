"""Foolish Faces kernels: the deal, a round, a game, and a block of games with one bot per seat.

State and observation layout, and the trick rules, are in ``bits.py``; bots in ``agents.py``.
Rules arrive as the ``int64[N_RULE_FIELDS]`` array of ``FoolishRules.array()``. Every random
number comes from the ``uint64[4]`` block state passed in, in this order: the first start seat
(if random, F4), then for each round the deal (F2) and every decision with a choice.

Game log (``int16``, :func:`log_length`): the first start seat; then for each round the stock
(``s`` types, ascending), the deal (``h`` types per seat, seats in order, each ascending), the
action ids in play order (``T * n`` slots, -1 after a Party Crasher) and the round scores by
seat; after the last round the totals by seat.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64
from numba.cpython.unsafe.numbers import trailing_zeros

from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.rng import below, below_step
from headcount_lab.core.seat_kernels import seat_bots, win60
from headcount_lab.core.tournament import run_kernel_block
from headcount_lab.games.foolish.agents import (
    COV_SIZE,
    ISMCTS,
    MAX_NODES,
    RANDOM,
    RULES,
    T_COLS,
    VALS_SIZE,
    act,
    random_act,
    rules_act,
)
from headcount_lab.games.foolish.bits import (
    A_CRASH,
    A_KING,
    A_QUEEN,
    A_UP,
    JACK,
    JOKER,
    KING,
    MAXN,
    NT,
    OFF_HANDS,
    OFF_HELD,
    OFF_JOK,
    OFF_LEFT,
    OFF_PTS,
    OFF_SCORES,
    OFF_STOCK,
    OFF_WON,
    QK_BITS,
    QUEEN,
    S_CRASHED,
    S_FOOLS,
    S_LEADER,
    S_LEN,
    S_N,
    S_STOCK_N,
    S_TRICK_NO,
    S_TRICKS,
    STATE_SIZE,
    begin_round,
    close_trick,
    kth_bit,
    legal_mask,
    njit_fast,
    njit_inlined,
    nth_bit,
    observe,
    play,
    popcount,
    round_over,
    score_round,
    to_move,
)
from headcount_lab.games.foolish.rules import (
    DECK_SIZE,
    I_BONUS,
    I_FIRST_START,
    I_MULT,
    I_PC,
    I_PC_BONUS,
    I_PC_STOCK,
    I_PLAYERS,
    I_ROUNDS,
    deck_types,
    hand_size,
)

DECK = np.array(deck_types(), dtype=np.int64)
#: roles for the per-role statistics
LONE, PAIR, COURT = 0, 1, 2


def log_length(n: int, rounds: int) -> int:
    tricks = hand_size(n)
    return 1 + rounds * (DECK_SIZE + tricks * n + n) + n


@njit_fast
def deal(rng, deck, S):
    """F2: turn the stock (again from a fresh shuffle while it shows both Jokers), then deal.

    ``deck`` is ``int64[54]`` scratch; hands, stock, Jokers dealt, cards left and the Fools'
    mask (F3) are written into ``S``, which :func:`bits.begin_round` has reset. Returns the mask.
    """
    n = S[0]
    s = S[S_STOCK_N]
    h = 13 if n == 4 else 10
    size = DECK.shape[0]
    for i in range(size):
        deck[i] = DECK[i]
    # the stream's state stays in registers for the 54 draws (the same draws as ``below``)
    s0, s1, s2, s3 = rng[0], rng[1], rng[2], rng[3]
    while True:
        for i in range(s):
            j, s0, s1, s2, s3 = below_step(size - i, s0, s1, s2, s3)
            j += i
            x = deck[i]
            deck[i] = deck[j]
            deck[j] = x
        jokers = 0
        for i in range(s):
            if deck[i] == JOKER:
                jokers += 1
        if jokers < 2:
            break
    for i in range(s, size - 1):
        j, s0, s1, s2, s3 = below_step(size - i, s0, s1, s2, s3)
        j += i
        x = deck[i]
        deck[i] = deck[j]
        deck[j] = x
    rng[0] = s0
    rng[1] = s1
    rng[2] = s2
    rng[3] = s3
    for i in range(s):
        S[OFF_STOCK + deck[i]] += 1
    fools = 0
    for p in range(n):
        base = s + p * h
        held = 0
        for k in range(h):
            t = deck[base + k]
            S[OFF_HANDS + p * NT + t] += 1
            held |= 1 << t
        S[OFF_LEFT + p] = h
        S[OFF_HELD + p] = held
        j = S[OFF_HANDS + p * NT + JOKER]
        S[OFF_JOK + p] = j
        if j > 0:
            fools |= 1 << p
    S[S_FOOLS] = fools
    return fools


@njit_fast
def _log_counts(log, pos, S, off):
    for t in range(NT):
        for _ in range(S[off + t]):
            log[pos] = t
            pos += 1
    return pos


def _action_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """By action id (``rules.py``): the card type, the rank it plays with (F9; 15 for a face-up
    J, Q or K, which have none), the seat offset a Queen or King names (else 0), and flags:
    1 face up, 1 << 8 a face-up Jack, 1 << 16 a face-up King."""
    flags = np.zeros(A_CRASH + 1, dtype=np.int64)
    types = np.zeros(A_CRASH + 1, dtype=np.int64)
    ranks = np.zeros(A_CRASH + 1, dtype=np.int64)
    offsets = np.zeros(A_CRASH + 1, dtype=np.int64)
    for a in range(A_CRASH):
        if a < A_UP:
            types[a] = a
        elif a < A_QUEEN:
            t = a - A_UP
            types[a] = t
            ranks[a] = 15 if t in (JACK, QUEEN, KING) else 11 if t == JOKER else t + 1
        else:
            types[a] = QUEEN if a < A_KING else KING
            ranks[a] = 15
            offsets[a] = a - A_QUEEN + 1 if a < A_KING else a - A_KING + 1
        if a >= A_UP:
            flags[a] = 1 | (1 << 8 if types[a] == JACK else 0) | (1 << 16 if a >= A_KING else 0)
    return types, ranks, offsets, flags


TYPE_OF, RANK_OF, OFFSET_OF, FLAGS_OF = _action_tables()


@njit_inlined
def _covered_bits(on, m):
    """F8 on a packed trick: bit ``i`` set when card ``i`` of ``m`` is covered. ``on`` holds,
    four bits per position, one plus the position of the Queen lying on that card (0: none);
    a Queen lies on an earlier card, so one backward pass settles Queens on Queens (the packed
    form of ``bits.covered_into``)."""
    cov = 0
    for i in range(m - 1, -1, -1):
        q = ((on >> (4 * i)) & 15) - 1
        if q >= 0 and (cov >> q) & 1 == 0:
            cov |= 1 << i
    return cov


@njit_fast
def random_tricks(rng, S, log, apos):
    """Play the dealt round in ``S`` to its end with the ``random`` bot in every seat; returns
    the log position after the actions (written from ``apos`` when ``log`` is not empty).

    The same games as :func:`play_round`'s loop over ``bits.legal_mask``, ``agents.random_act``,
    ``bits.play`` and ``bits.close_trick`` (F5-F12), drawing the same numbers, written for a CPU
    that mispredicts random branches: the stream's state stays in locals, the trick in play is a
    few words indexed by position (face up, face-up Jacks and Kings as bit masks in one word; the
    rank and the seat a King names a byte a position; the Queen lying on each card four bits a
    position), so that they fit in registers, the legal mask is assembled with
    masks instead of branches, the k-th legal action is found by halving (``bits.kth_bit``) and
    the winner is a maximum of packed (rank, position) keys. ``random`` never shows Party
    Crasher and reads no observation, so only the hands, the tricks and points taken leave this
    function in ``S`` (what :func:`bits.score_round` reads)."""
    # one copy per player count: the trick's size is a constant in each
    if S[S_N] == 4:
        return _random_tricks(rng, S, log, apos, 4)
    return _random_tricks(rng, S, log, apos, 5)


@njit_inlined
def _random_tricks(rng, S, log, apos, n):
    tricks = S[S_TRICKS]
    rec = log.shape[0] > 0
    kings = ((1 << (n - 1)) - 1) << A_KING
    s0, s1, s2, s3 = rng[0], rng[1], rng[2], rng[3]
    lead = S[S_LEADER]
    for _ in range(tricks):
        flags = 0  # positions played face up (bits 0-4), face-up Jacks (8-12), Kings (16-20)
        rn = 0  # by position, 8 bits each: the F9 rank (15: none), the seat a King names
        on = 0  # one plus the position of the Queen on each position's card (0: none)
        qon = 0  # positions with a Queen on them
        seat = lead
        for m in range(n):
            hi = uint64(OFF_HELD + seat)  # unsigned indices: no wraparound test
            held = S[hi]
            has_k = -((held >> KING) & 1)
            has_q = -((held >> QUEEN) & 1)
            ups = (held & ~QK_BITS) << A_UP
            free = ((1 << m) - 1) & ~qon  # F8: cards in the trick without a Queen on them
            if m < n - 1:
                mask = held | ups | (kings & has_k) | ((free << (n - 1 - m + A_QUEEN)) & has_q)
            else:  # F6: the last card completes the trick
                tup = flags & 31
                down = ~tup & ((1 << m) - 1)
                if on == 0:  # no Queen yet: a Queen covers its card and nothing else
                    unc = down
                    c = popcount(down)
                    ok = free & ~(down & -np.int64(c == 1)) & -np.int64(c != 0)
                else:
                    unc = down & ~_covered_bits(on, m)
                    ok = 0
                    f = free
                    while f:
                        p = np.int64(trailing_zeros(uint64(f)))
                        f &= f - 1
                        cov2 = _covered_bits(on | ((m + 1) << (4 * p)), m + 1)
                        if down & ~cov2:  # an uncovered face-down card remains
                            ok |= 1 << p
                mask = (
                    (held & -np.int64(tup != 0))
                    | ((ups | (kings & has_k)) & -np.int64(unc != 0))
                    | ((ok << A_QUEEN) & has_q)
                )
            umask = uint64(mask)
            if umask & (umask - uint64(1)) == 0:
                a = np.int64(trailing_zeros(umask))  # no choice: no draw
            else:
                k, s0, s1, s2, s3 = below_step(popcount(umask), s0, s1, s2, s3)
                a = kth_bit(umask, k)
            if rec:
                log[apos] = a
            apos += 1
            ua = uint64(a)
            t = TYPE_OF[ua]
            tgt = seat + OFFSET_OF[ua]
            if tgt >= n:
                tgt -= n
            flags |= FLAGS_OF[ua] << m
            rn |= (RANK_OF[ua] | (tgt << 4)) << (8 * m)
            if A_QUEEN <= a < A_KING:
                p = tgt - lead
                if p < 0:
                    p += n
                on |= (m + 1) << (4 * p)
                qon |= 1 << p
            h = uint64(OFF_HANDS + seat * NT + t)
            c = S[h] - 1
            S[h] = c
            S[hi] = held & ~(np.int64(c == 0) << t)
            seat += 1
            if seat == n:
                seat = 0
        # F9-F12: the trick's winner takes its face-up cards
        cov = 0 if on == 0 else _covered_bits(on, n)
        king = (flags >> 16) & ~cov
        if king:  # F11: the first uncovered King names the winner
            w = (rn >> (8 * np.int64(trailing_zeros(uint64(king))) + 4)) & 15
        else:  # F9, F10: highest rank, lowest with odd Jacks; the first of equals
            flip = -(popcount((flags >> 8) & 31 & ~cov) & 1)
            best = -1000
            for i in range(n):
                r = (rn >> (8 * i)) & 15
                key = (r ^ flip) * 8 + 7 - i
                if r == 15 or (cov >> i) & 1:
                    key = -1000
                best = max(best, key)
            w = lead + 7 - (best & 7)
            if w >= n:
                w -= n
        S[OFF_WON + w] += 1
        S[OFF_PTS + w] += popcount(flags & 31)
        lead = w
    rng[0] = s0
    rng[1] = s1
    rng[2] = s2
    rng[3] = s3
    S[S_LEADER] = lead
    S[S_TRICK_NO] = tricks
    return apos


@njit_inlined
def play_round(
    rng, rules, round_no, start, policies, params, S, obs, deck, w, totals, out, log, pos
):
    """Deal and play round ``round_no`` (1-based) from seat ``start``; ``out`` (``int64[n]``) gets
    the round scores (F15, F16, F18). ``totals`` are the game scores before the round (public).

    ``policies`` (``int64[n]``) and ``params`` (``float64[n, N_PARAMS]``) are by seat; ``S`` and
    ``obs`` are ``int64[STATE_SIZE]``; ``w`` is the tuple of the bots' scratch arrays. When
    ``log`` is not empty the round is written from ``pos`` on; returns the position after it."""
    n = rules[I_PLAYERS]
    cov, pteam, samp, trial, buf, vals, sc, tree, stats = w
    begin_round(
        S, n, round_no, rules[I_ROUNDS], start, rules[I_BONUS], rules[I_MULT], rules[I_PC],
        rules[I_PC_STOCK], rules[I_PC_BONUS],
    )  # fmt: skip
    for s in range(n):
        S[OFF_SCORES + s] = totals[s]
    deal(rng, deck, S)
    rec = log.shape[0] > 0
    if rec:
        pos = _log_counts(log, pos, S, OFF_STOCK)
        for s in range(n):
            pos = _log_counts(log, pos, S, OFF_HANDS + s * NT)
        slots = S[S_TRICKS] * n
        for i in range(slots):
            log[pos + i] = -1
    apos = pos
    all_random = True
    for s in range(n):
        if policies[s] != RANDOM:
            all_random = False
    if all_random:
        apos = random_tricks(rng, S, log, apos)
    while not round_over(S):
        seat = to_move(S)
        mask = legal_mask(S, seat, cov)
        pol = policies[seat]
        if pol == RANDOM:
            mask &= ~(uint64(1) << uint64(A_CRASH))
        if mask & (mask - uint64(1)) == 0:
            a = nth_bit(mask, 0)  # no choice: the bot is not asked
        elif pol == RANDOM:
            a = random_act(rng, mask)
        elif pol == RULES:  # directly: the call through ``act`` passes every bot's scratch
            observe(S, seat, obs)
            a = rules_act(obs, mask, params[seat], cov, pteam)
        else:
            observe(S, seat, obs)
            a = act(
                pol, params[seat], rng, obs, mask, cov, pteam, samp, trial, buf, vals, sc,
                tree, stats,
            )  # fmt: skip
        if rec:
            log[apos] = a
        apos += 1
        if a == A_CRASH:
            S[S_CRASHED] = 1  # F18: hands and the trick in play are set aside
        else:
            play(S, seat, a)
            if S[S_LEN] == n:
                close_trick(S, cov)
    score_round(S, S[S_FOOLS], out)
    if rec:
        pos += S[S_TRICKS] * n
        for s in range(n):
            log[pos + s] = out[s]
        pos += n
    return pos


@njit_fast
def play_game(
    rng, rules, policies, params, S, obs, deck, w, totals, out, rsc, roles, log, no_tricks
):
    """Play one game (F1, F4): ``totals`` (``int64[n]``) get the final scores by seat (``out``,
    ``int64[n]``, is scratch for a round's scores), ``rsc``
    (``int64[R, n]``) the round scores and ``roles`` (``int64[R, n]``) each seat's role by round
    (0 Lone Fool, 1 one of two Fools, 2 Court); ``no_tricks`` (``int64[1]``) adds the seats
    that took no trick in a round (F16). Returns the number of Party Crashers and the first
    round's start seat (F4: ``first_start``, or drawn)."""
    n = rules[I_PLAYERS]
    rounds = rules[I_ROUNDS]
    s0 = rules[I_FIRST_START]
    if s0 < 0:
        s0 = below(rng, n)
    rec = log.shape[0] > 0
    if rec:
        log[0] = s0
    pos = 1
    for s in range(n):
        totals[s] = 0
    crashes = 0
    for r in range(rounds):
        start = s0 + r
        while start >= n:
            start -= n
        pos = play_round(
            rng, rules, r + 1, start, policies, params, S, obs, deck, w, totals, out, log, pos
        )
        crashes += S[S_CRASHED]
        for s in range(n):
            if S[OFF_WON + s] == 0:
                no_tricks[0] += 1
        fools = S[S_FOOLS]
        lone = (fools & (fools - 1)) == 0
        for s in range(n):
            rsc[r, s] = out[s]
            totals[s] += out[s]
            if (fools >> s) & 1:
                roles[r, s] = 0 if lone else 1
            else:
                roles[r, s] = 2
    if rec:
        for s in range(n):
            log[pos + s] = totals[s]
    return crashes, s0


@njit(nogil=True, cache=True)
def simulate_block(state, n_games, rules, bot_policies, bot_params, rotate, record, out):
    """Play ``n_games`` games with one bot per seat and add their statistics into ``out``, the
    arrays of :func:`new_stats` in its order (``o_*`` below).

    ``bot_policies`` (``int64[n]``) and ``bot_params`` (``float64[n, N_PARAMS]``) are by bot; with
    ``rotate`` game ``g`` seats bot ``j`` at ``(j + g) % n``. By bot: ``o_games``, ``o_score_sum``,
    ``o_score_sq``, ``o_win60`` (60 / tied winners per win, F17), ``o_win60_sq`` are ``int64[n]``;
    ``o_role_rounds``/``o_role_sum``/``o_role_sq`` are ``int64[n, 3]`` round scores by role.
    ``o_rounds``, ``o_lone``, ``o_crashes`` are ``int64[1]``, and so is ``o_comeback60``: the
    wins (in 60ths, F17) of seats behind the leader after the first half of the rounds, and
    ``o_no_tricks``: the seats that took no trick in a round (F16), over all rounds;
    ``o_start_win60`` (``int64[n]``) the wins in 60ths by seat counted from the first round's
    start player (F4; index 0 starts), whether ``first_start`` is set or drawn per game.
    ``record`` (``int16[K, L]``) gets the logs of the first ``K`` games."""
    (o_games, o_score_sum, o_score_sq, o_win60, o_win60_sq, o_role_rounds, o_role_sum, o_role_sq,
     o_rounds, o_lone, o_crashes, o_comeback60, o_no_tricks, o_start_win60) = out  # fmt: skip
    n = rules[I_PLAYERS]
    rounds = rules[I_ROUNDS]
    policies = np.empty(n, dtype=np.int64)
    params = np.empty((n, bot_params.shape[1]), dtype=np.float64)
    seat_bot = np.empty(n, dtype=np.int64)
    totals = np.zeros(n, dtype=np.int64)
    half_totals = np.zeros(n, dtype=np.int64)
    out = np.zeros(n, dtype=np.int64)
    rsc = np.zeros((rounds, n), dtype=np.int64)
    roles = np.zeros((rounds, n), dtype=np.int64)
    S = np.zeros(STATE_SIZE, dtype=np.int64)
    obs = np.zeros(STATE_SIZE, dtype=np.int64)
    deck = np.zeros(DECK.shape[0], dtype=np.int64)
    ismcts = False
    for j in range(n):
        if bot_policies[j] == ISMCTS:
            ismcts = True
    w = (
        np.zeros(COV_SIZE, dtype=np.int64),
        np.zeros(MAXN, dtype=np.float64),
        np.zeros(STATE_SIZE, dtype=np.int64),
        np.zeros(STATE_SIZE, dtype=np.int64),
        np.zeros(128, dtype=np.int64),
        np.zeros(VALS_SIZE, dtype=np.float64),
        np.zeros(MAXN, dtype=np.int64),
        np.zeros((MAX_NODES if ismcts else 1, T_COLS), dtype=np.int64),
        np.zeros((MAX_NODES if ismcts else 1, 2), dtype=np.float64),
    )
    no_log = np.empty(0, dtype=np.int16)
    for g in range(n_games):
        seat_bots(g, rotate, bot_policies, bot_params, seat_bot, policies, params)
        log = record[g] if g < record.shape[0] else no_log
        crashes, s0 = play_game(
            state, rules, policies, params, S, obs, deck, w, totals, out, rsc, roles, log,
            o_no_tricks,
        )  # fmt: skip
        o_crashes[0] += crashes
        for r in range(rounds):
            o_rounds[0] += 1
            for s in range(n):
                if roles[r, s] == LONE:
                    o_lone[0] += 1
        for s in range(n):
            half_totals[s] = rsc[: rounds // 2, s].sum()
        lead = half_totals.max()
        for s in range(n):
            if half_totals[s] < lead:
                o_comeback60[0] += win60(totals, s)
        for s in range(n):
            j = seat_bot[s]
            o_games[j] += 1
            o_score_sum[j] += totals[s]
            o_score_sq[j] += totals[s] * totals[s]
            share = win60(totals, s)  # F17: tied winners share the win
            o_win60[j] += share
            o_win60_sq[j] += share * share
            o_start_win60[(s - s0 + n) % n] += share
            for r in range(rounds):
                k = roles[r, s]
                o_role_rounds[j, k] += 1
                o_role_sum[j, k] += rsc[r, s]
                o_role_sq[j, k] += rsc[r, s] * rsc[r, s]


def new_stats(n: int) -> dict[str, np.ndarray]:
    return {
        "games": np.zeros(n, dtype=np.int64),
        "score_sum": np.zeros(n, dtype=np.int64),
        "score_sq": np.zeros(n, dtype=np.int64),
        "win60": np.zeros(n, dtype=np.int64),
        "win60_sq": np.zeros(n, dtype=np.int64),
        "role_rounds": np.zeros((n, 3), dtype=np.int64),
        "role_sum": np.zeros((n, 3), dtype=np.int64),
        "role_sq": np.zeros((n, 3), dtype=np.int64),
        "rounds": np.zeros(1, dtype=np.int64),
        "lone_fool_rounds": np.zeros(1, dtype=np.int64),
        "crashes": np.zeros(1, dtype=np.int64),
        "comeback60": np.zeros(1, dtype=np.int64),  # wins of seats behind at half-time
        "no_trick_rounds": np.zeros(1, dtype=np.int64),  # seats without a trick in a round
        # wins (60ths) by seat from the first round's start player, drawn or set (F4)
        "start_win60": np.zeros(n, dtype=np.int64),
    }


def run_block(
    state: np.ndarray,
    n_games: int,
    rules: np.ndarray,
    bot_policies: np.ndarray,
    bot_params: np.ndarray,
    rotate: bool,
    record: np.ndarray | None = None,
) -> dict[str, np.ndarray]:
    """Plain-Python wrapper (:func:`~headcount_lab.core.tournament.run_kernel_block`): allocate
    the outputs, run :func:`simulate_block`, return the dict."""
    n = int(rules[I_PLAYERS])
    return run_kernel_block(
        simulate_block, state, n_games, rules, bot_policies, bot_params, rotate, record,
        log_width=log_length(n, int(rules[I_ROUNDS])), stats=lambda: new_stats(n),
    )  # fmt: skip


@njit(nogil=True, cache=True)
def deal_counts(state, n_deals, n, out_kind, out_lone_seat):
    """F2, F3 check: deal ``n_deals`` rounds; ``out_kind`` (``int64[3]``) counts one Joker in the
    stock, both in one hand, two Fools; ``out_lone_seat`` (``int64[n]``) the Lone Fool's seat."""
    S = np.zeros(STATE_SIZE, dtype=np.int64)
    deck = np.zeros(DECK.shape[0], dtype=np.int64)
    for _ in range(n_deals):
        begin_round(S, n, 1, 1, 0, 0, 1, 0, 0, 0)
        fools = deal(state, deck, S)
        if fools & (fools - 1):
            out_kind[2] += 1
        else:
            out_kind[0 if S[OFF_STOCK + JOKER] == 1 else 1] += 1
            for s in range(n):
                if (fools >> s) & 1:
                    out_lone_seat[s] += 1


def deal_check(seed: int, n_deals: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Counts of :func:`deal_counts` from the stream of block 0 of ``seed``."""
    from headcount_lab.core.rng import block_state

    kinds = np.zeros(3, dtype=np.int64)
    seats = np.zeros(n, dtype=np.int64)
    deal_counts(block_state(seed, 0), n_deals, n, kinds, seats)
    return kinds, seats


# numba's cache only watches a function's own file; the kernels also call agents.py and bits.py.
# Every cached function here is tracked, not only the entry points: simulate_block compiled afresh
# links the cached play_game and play_round, which would otherwise keep an old agents.py inside.
track_sources(*[f for f in list(globals().values()) if getattr(f, "py_func", None) and
                f.py_func.__module__ == __name__])  # fmt: skip
