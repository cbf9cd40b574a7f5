"""Per-round traces for the Foolish Faces report: single rounds with one bot per seat, and for
every round what the report's questions need (scores, tricks, points, the hand dealt, roles,
Kings that took a first trick, Jokers shown, Party Crasher).

The loop is :func:`kernels.play_round` with traces and two streams: the deals come from one
stream and the bots' random draws from another, so that the same seed deals the same cards
whatever the bots do. Comparisons of rules or bots are then paired deal by deal. Given the same
stream for both, the draws follow ``play_round`` exactly (a test holds the two together).

Round ``r`` (from 0) of a trace is round ``1 + r % R`` of a game of ``R`` rounds (F1, for the
No Tricks bonus, F16) and starts at seat ``(r + r // n) % n`` (F4), so every start seat meets
every round number. Game scores before a round are 0: no bot reads them.

**Measuring devices, not fair play.** ``devices`` (by seat, bit flags) change what a seat may
see or do, to measure what information or a plan is worth; results with them are never fair-play
claims. ``ORACLE``: a ``rules`` seat is told the teams (its observation shows every other Fool
as if it had shown a Joker face up, F3), which bounds what team inference can gain.
``JOKER_DOWN``: the seat never plays a Joker face up while another play is legal.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.rng import block_state
from headcount_lab.games.foolish.agents import (
    COV_SIZE,
    MAX_NODES,
    RANDOM,
    T_COLS,
    VALS_SIZE,
    act,
    policy_params,
    random_act,
)
from headcount_lab.games.foolish.bits import (
    A_CRASH,
    A_UP,
    CRASH_BIT,
    JOKER,
    KING,
    MAXN,
    NT,
    OFF_HANDS,
    OFF_JOK,
    OFF_PTS,
    OFF_STOCK,
    OFF_TTGT,
    OFF_TTYPE,
    OFF_TUP,
    OFF_UPJ,
    OFF_WON,
    S_CRASHED,
    S_FOOLS,
    S_HATS,
    S_LEN,
    S_TRICK_NO,
    STATE_SIZE,
    begin_round,
    close_trick,
    covered_into,
    legal_mask,
    nth_bit,
    observe,
    play,
    round_over,
    score_round,
    to_move,
)
from headcount_lab.games.foolish.kernels import COURT, DECK, LONE, PAIR, deal
from headcount_lab.games.foolish.rules import (
    I_BONUS,
    I_MULT,
    I_PC,
    I_PC_BONUS,
    I_PC_STOCK,
    I_PLAYERS,
    I_ROUNDS,
    FoolishRules,
)

ORACLE = 1
JOKER_DOWN = 2
#: per seat and round (``seat`` array, ``int16[R, n, len]``)
SEAT_FIELDS = ("score", "won", "points", "king_first", "jokers", "jokers_up", "role", "can_crash")
SCORE, WON, POINTS, KING_FIRST, JOKERS, JOKERS_UP, ROLE, CAN_CRASH = range(8)
#: per round (``round`` array, ``int16[R, len]``)
ROUND_FIELDS = ("fools", "stock_jokers", "crashed", "round_no", "start", "tricks")
FOOLS, STOCK_JOKERS, CRASHED, ROUND_NO, START, TRICKS = range(6)


@njit(nogil=True, cache=True)
def king_decides(S, cov):
    """F11: whether an uncovered face-up King decides the complete trick in play."""
    covered_into(S, cov)
    for i in range(S[S_LEN]):
        if cov[i] == 0 and S[OFF_TUP + i] == 1 and S[OFF_TTYPE + i] == KING:
            return S[OFF_TTGT + i] >= 0
    return False


@njit(nogil=True, cache=True)
def reveal_teams(S, seat, obs):
    """ORACLE (a measuring device): every other Fool in ``obs`` looks as if it had shown its
    Jokers face up, so the rule of thumb's team beliefs (``agents.team_beliefs``) are exact."""
    n = S[0]
    for s in range(n):
        if s != seat:
            obs[OFF_UPJ + s] = S[OFF_JOK + s]
            if S[OFF_JOK + s] > 0:
                obs[S_HATS] |= 1 << s


@njit(nogil=True, cache=True)
def trace_rounds(
    deal_rng, dec_rng, n_rounds, rules, policies, params, devices, o_seat, o_hand, o_round
):
    """Play ``n_rounds`` single rounds (see the module docstring) with bot ``policies[s]``
    (``int64[n]``, parameters ``float64[n, N_PARAMS]``, ``devices`` ``int64[n]``) in seat ``s``.

    Writes ``o_seat`` (``int16[n_rounds, n, 8]``, :data:`SEAT_FIELDS`), ``o_hand``
    (``int8[n_rounds, n, 14]``, the hands dealt) and ``o_round`` (``int16[n_rounds, 6]``,
    :data:`ROUND_FIELDS`). ``deal_rng`` and ``dec_rng`` are ``uint64[4]`` states (may be the
    same array)."""
    n = rules[I_PLAYERS]
    rounds = rules[I_ROUNDS]
    S = np.zeros(STATE_SIZE, dtype=np.int64)
    obs = np.zeros(STATE_SIZE, dtype=np.int64)
    deck = np.zeros(DECK.shape[0], dtype=np.int64)
    out = np.zeros(n, dtype=np.int64)
    first_king = np.zeros(n, dtype=np.int64)
    can = np.zeros(n, dtype=np.int64)
    cov = np.zeros(COV_SIZE, dtype=np.int64)
    pteam = np.zeros(MAXN, dtype=np.float64)
    samp = np.zeros(STATE_SIZE, dtype=np.int64)
    trial = np.zeros(STATE_SIZE, dtype=np.int64)
    buf = np.zeros(128, dtype=np.int64)
    vals = np.zeros(VALS_SIZE, dtype=np.float64)
    sc = np.zeros(MAXN, dtype=np.int64)
    tree = np.zeros((MAX_NODES, T_COLS), dtype=np.int64)
    tstats = np.zeros((MAX_NODES, 2), dtype=np.float64)
    up_joker = uint64(1) << uint64(A_UP + JOKER)
    for r in range(n_rounds):
        round_no = 1 + r % rounds
        start = (r + r // n) % n
        begin_round(
            S, n, round_no, rounds, start, rules[I_BONUS], rules[I_MULT], rules[I_PC],
            rules[I_PC_STOCK], rules[I_PC_BONUS],
        )  # fmt: skip
        deal(deal_rng, deck, S)
        for s in range(n):
            first_king[s] = 0
            can[s] = 0
            for t in range(NT):
                o_hand[r, s, t] = S[OFF_HANDS + s * NT + t]
        while not round_over(S):
            seat = to_move(S)
            mask = legal_mask(S, seat, cov)
            if mask & CRASH_BIT:
                can[seat] = 1
            pol = policies[seat]
            if pol == RANDOM:
                mask &= ~CRASH_BIT
            if devices[seat] & JOKER_DOWN and mask & up_joker and mask != up_joker:
                mask &= ~up_joker
            if mask & (mask - uint64(1)) == 0:
                a = nth_bit(mask, 0)
            elif pol == RANDOM:
                a = random_act(dec_rng, mask)
            else:
                observe(S, seat, obs)
                if devices[seat] & ORACLE:
                    reveal_teams(S, seat, obs)
                a = act(
                    pol, params[seat], dec_rng, obs, mask, cov, pteam, samp, trial, buf, vals, sc,
                    tree, tstats,
                )  # fmt: skip
            if a == A_CRASH:
                S[S_CRASHED] = 1
            else:
                play(S, seat, a)
                if S[S_LEN] == n:
                    by_king = king_decides(S, cov)
                    w = close_trick(S, cov)
                    if by_king and S[OFF_WON + w] == 1:
                        first_king[w] = 1
        fools = S[S_FOOLS]
        score_round(S, fools, out)
        lone = (fools & (fools - 1)) == 0
        for s in range(n):
            o_seat[r, s, SCORE] = out[s]
            o_seat[r, s, WON] = S[OFF_WON + s]
            o_seat[r, s, POINTS] = S[OFF_PTS + s]
            o_seat[r, s, KING_FIRST] = first_king[s]
            o_seat[r, s, JOKERS] = S[OFF_JOK + s]
            o_seat[r, s, JOKERS_UP] = S[OFF_UPJ + s]
            o_seat[r, s, ROLE] = (LONE if lone else PAIR) if (fools >> s) & 1 else COURT
            o_seat[r, s, CAN_CRASH] = can[s]
        o_round[r, FOOLS] = fools
        o_round[r, STOCK_JOKERS] = S[OFF_STOCK + JOKER]
        o_round[r, CRASHED] = S[S_CRASHED]
        o_round[r, ROUND_NO] = round_no
        o_round[r, START] = start
        o_round[r, TRICKS] = S[S_TRICK_NO]


def trace(
    rules: FoolishRules,
    bots: list[str],
    n_rounds: int,
    seed: int,
    devices: list[int] | None = None,
    shared_stream: bool = False,
) -> dict[str, np.ndarray]:
    """Trace ``n_rounds`` rounds (``bots`` by seat; ``devices`` by seat, default none). Deals
    come from block 0 of ``seed`` and the bots' draws from block 1, or both from block 0 with
    ``shared_stream`` (then the draws are those of ``kernels.play_round``). Returns ``seat``,
    ``hand`` and ``round`` arrays (see :func:`trace_rounds`)."""
    n = rules.players
    if len(bots) != n:
        raise ValueError(f"{n} players need {n} bots, got {len(bots)}")
    ids, params = policy_params(bots)
    dev = np.zeros(n, dtype=np.int64) if devices is None else np.array(devices, dtype=np.int64)
    deal_rng = block_state(seed, 0)
    dec_rng = deal_rng if shared_stream else block_state(seed, 1)
    o_seat = np.zeros((n_rounds, n, len(SEAT_FIELDS)), dtype=np.int16)
    o_hand = np.zeros((n_rounds, n, NT), dtype=np.int8)
    o_round = np.zeros((n_rounds, len(ROUND_FIELDS)), dtype=np.int16)
    trace_rounds(deal_rng, dec_rng, n_rounds, rules.array(), ids, params, dev, o_seat, o_hand,
                 o_round)  # fmt: skip
    return {"seat": o_seat, "hand": o_hand, "round": o_round}


track_sources(trace_rounds, king_decides, reveal_teams)
