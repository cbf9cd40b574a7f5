"""Forehead Whist kernels: deal, legal moves, trick winners, scoring and whole matches.

Encoding (see ``rules.py``): card id ``c = suit * R + r`` with ``R = 2n`` ranks per suit, a hand
is a ``uint64`` bit mask of ids. Rules arrive as the ``int64[N_RULE_FIELDS]`` array of
``WhistRules.array()``. Every random number comes from the ``uint64[4]`` block state passed in.

Bots are called through ``agents.act`` with an *observation* only: the ``int64[OBS_SIZE]`` array
described in ``bits.py`` (own hand, or nothing in a blind hand; trump card; bids; tricks; the
current trick; cards played; voids shown; the other foreheads in a blind hand). The engine keeps
the public part of the hand in that same array and the hidden hands in ``hands`` (``uint64[n]``).

Match log (``record`` rows, ``int16``): for every hand in order, the trump card (-1 if none),
the deal (``k`` cards per seat, seats in order, each hand ascending), the bids in bidding order
and the cards in play order; after the last hand, the final totals by seat. ``log_length(n)``
gives its length.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from headcount_lab.core.guard import require
from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.rng import partial_shuffle
from headcount_lab.core.seat_kernels import seat_bots, win60
from headcount_lab.core.tournament import run_kernel_block
from headcount_lab.games.whist.agents import (
    P_LISTEN,
    P_READ,
    UWORK_SIZE,
    WORK_SIZE,
    act,
    forbidden,
    play_card,
)
from headcount_lab.games.whist.bits import (  # noqa: F401  (legal moves and winners re-exported)
    O_BLIND,
    O_CARDS,
    O_DEALER,
    O_HAND,
    O_IN_TRICK,
    O_LEADER,
    O_LED_SUIT,
    O_MUST_TRUMP,
    O_PHASE,
    O_PLAYED,
    O_PLAYERS,
    O_RESTRICTION,
    O_SEAT,
    O_TRUMP_CARD,
    O_TRUMP_SUIT,
    O_WIN_CARD,
    OBS_SIZE,
    OFF_BIDS,
    OFF_TRICK,
    OFF_TRICKS,
    OFF_VISIBLE,
    OFF_VOIDS,
    beats,
    bit,
    close_trick,
    legal_mask,
    lowest,
    next_seat,
    njit_inlined,
    njit_without_refcounts,
    put_card,
    start_play,
    trick_winner,
)
from headcount_lab.games.whist.equilibrium import (
    NO_TABLE,
    listen_table,
    listening_bid,
    reading_bid,
)
from headcount_lab.games.whist.rules import (
    I_BLIND,
    I_DEALER_RESTRICTION,
    I_FIRST_DEALER,
    I_MUST_TRUMP,
    I_PLAYERS,
    I_STREAK_BONUS,
    I_STREAK_LENGTH,
    I_STREAK_ONCE,
    MAX_CARDS,
    hand_sizes,
)

#: Statistics one block returns, all indexed by bot (``[bot]`` or ``[bot, cards]``).
STAT_KEYS = ("matches", "score_sum", "score_sq", "win60", "made", "hands")


def log_length(n: int) -> int:
    return sum(1 + 2 * n * k + n for k in hand_sizes(n)) + n


@njit_without_refcounts
def deal(state, deck, n, ranks, k, hands):
    """Shuffle a fresh pack into ``hands`` (``uint64[n]``); return the trump card or -1 (W4).

    ``deck`` is ``int64[4 * ranks]`` scratch. Seat ``s`` gets positions ``s*k .. s*k+k-1`` of the
    shuffled pack and the trump card is the next one; eight-card hands turn none.
    """
    size = 4 * ranks
    for i in range(size):
        deck[i] = i
    m = n * k + 1 if k < MAX_CARDS else n * k
    partial_shuffle(state, deck, m)
    for s in range(n):
        h = uint64(0)
        for j in range(k):
            h |= bit(deck[s * k + j])
        hands[s] = h
    return deck[n * k] if k < MAX_CARDS else -1


@njit_without_refcounts
def hand_score(bid, tricks):
    """W7: 5 + tricks if exact, else minus the difference."""
    if bid == tricks:
        return 5 + tricks
    return -abs(bid - tricks)


@njit_without_refcounts
def settle_seat(bid, took, k, runs, s, once, bonus, length):
    """W7 and W8 for seat ``s`` after a hand of ``k`` cards: ``(hand score, streak bonus)``.

    ``runs`` (``int64[n, 2]``: made run, missed run) is updated. The bonus is ``+bonus`` when a
    made run reaches ``length``, ``-bonus`` for a missed run, else 0; with ``once`` a run pays once
    until broken, otherwise its counter restarts.
    """
    score = hand_score(bid, took)
    if k < 2:
        return score, 0  # W8: one-card hands neither build nor break a run
    extra = 0
    if bid == took:
        runs[s, 0] += 1
        runs[s, 1] = 0
        if runs[s, 0] == length:
            extra = bonus
            if not once:
                runs[s, 0] = 0
    else:
        runs[s, 1] += 1
        runs[s, 0] = 0
        if runs[s, 1] == length:
            extra = -bonus
            if not once:
                runs[s, 1] = 0
    return score, extra


@njit_inlined
def play_hand(
    state, rules, k, dealer, policies, params, hands, obs, work, uwork, deck, log, pos, table
):
    """Deal, bid and play one hand of ``k`` cards; return the log position after it.

    ``policies`` (``int64[n]``) and ``params`` (``float64[n, P]``) are by seat; ``hands``
    (``uint64[n]``) and ``obs`` (``int64[OBS_SIZE]``) are scratch, and on return ``obs`` holds the
    bids and tricks; ``work`` and ``uwork`` are the bots' scratch (``agents.new_work``). When
    ``log`` is not empty the hand is written from ``pos`` on (see the module docstring).
    ``table`` (``int8[n + 1, views, 2^(n-1)]``, :func:`equilibrium.listen_table`) gives the
    blind bids of the bots with ``listen=1``; a ``(1, 1, 1)`` table means none listens.
    """
    n = rules[I_PLAYERS]
    ranks = 2 * n
    rec = log.shape[0] > 0
    trump_card = deal(state, deck, n, ranks, k, hands)
    trump_suit = trump_card // ranks if trump_card >= 0 else -1
    blind = k == 1 and rules[I_BLIND] != 0
    if rec:
        log[pos] = trump_card
        pos += 1
        for s in range(n):
            h = hands[s]
            while h:
                log[pos] = lowest(h)
                pos += 1
                h &= h - uint64(1)
    obs[O_PLAYERS] = n
    obs[O_MUST_TRUMP] = rules[I_MUST_TRUMP]
    obs[O_RESTRICTION] = rules[I_DEALER_RESTRICTION]
    obs[O_CARDS] = k
    obs[O_DEALER] = dealer
    obs[O_TRUMP_CARD] = trump_card
    obs[O_TRUMP_SUIT] = trump_suit
    obs[O_BLIND] = 1 if blind else 0
    obs[O_PHASE] = 0
    obs[O_PLAYED] = 0
    obs[O_IN_TRICK] = 0
    obs[O_LED_SUIT] = -1
    obs[O_WIN_CARD] = -1
    leader = next_seat(dealer, 1, n)
    obs[O_LEADER] = leader
    for s in range(n):
        obs[OFF_BIDS + s] = -1
        obs[OFF_TRICKS + s] = 0
        obs[OFF_TRICK + s] = -1
        obs[OFF_VOIDS + s] = 0
        obs[OFF_VISIBLE + s] = -1
    # W5: bids from the dealer's left, dealer last. W9: in a blind hand the bidder sees the
    # other foreheads and never its own card.
    for i in range(n):
        seat = next_seat(leader, i, n)
        obs[O_SEAT] = seat
        if blind:
            obs[O_HAND] = 0
            for s in range(n):
                obs[OFF_VISIBLE + s] = -1 if s == seat else lowest(hands[s])
        else:
            obs[O_HAND] = np.int64(hands[seat])
        if blind and params[seat, P_READ] > 0:
            b = reading_bid(table, obs, i, params[seat, P_READ], forbidden(obs))
        elif blind and table.shape[1] > 1 and params[seat, P_LISTEN] > 0:
            b = listening_bid(table, obs, i, n)
        else:
            b = act(policies[seat], params[seat], state, obs, work, uwork)
        obs[OFF_BIDS + seat] = b
        if rec:
            log[pos] = b
            pos += 1
    # W6: dealer's left leads, the winner of each trick leads the next.
    start_play(obs, leader)
    must_trump = rules[I_MUST_TRUMP] != 0
    for _t in range(k):
        for _i in range(n):
            seat = next_seat(obs[O_LEADER], obs[O_IN_TRICK], n)
            legal = legal_mask(hands[seat], obs[O_LED_SUIT], trump_suit, must_trump, ranks)
            if legal & (legal - uint64(1)) == 0:
                c = lowest(legal)  # no choice: the bot is not asked (so never in a blind hand)
            else:
                obs[O_SEAT] = seat
                obs[O_HAND] = np.int64(hands[seat])
                c = play_card(policies[seat], params[seat], state, obs, work, uwork, legal)
            put_card(obs, hands, seat, c)
            if rec:
                log[pos] = c
                pos += 1
        close_trick(obs)
    return pos


@njit_without_refcounts
def play_match(
    state,
    rules,
    policies,
    params,
    schedule,
    scores,
    extras,
    made,
    hands,
    obs,
    work,
    uwork,
    deck,
    runs,
    log,
    table,
):
    """Play one match of the hands ``schedule`` (``int64[H]``, :func:`rules.hand_sizes`, W2):
    ``scores``, ``extras`` (streak bonuses, W8) and ``made`` (1 if the bid was made) are
    ``int64[H, n]`` by hand and seat. ``runs`` is ``int64[n, 2]`` scratch (made run, missed
    run). The one match loop: the tournament and the report's hand statistics both play it."""
    n = rules[I_PLAYERS]
    once = rules[I_STREAK_ONCE] != 0
    bonus = rules[I_STREAK_BONUS]
    length = rules[I_STREAK_LENGTH]
    runs[:, :] = 0
    pos = 0
    for h in range(schedule.shape[0]):
        k = schedule[h]
        dealer = (rules[I_FIRST_DEALER] + h) % n
        pos = play_hand(
            state,
            rules,
            k,
            dealer,
            policies,
            params,
            hands,
            obs,
            work,
            uwork,
            deck,
            log,
            pos,
            table,
        )
        for s in range(n):
            bid = obs[OFF_BIDS + s]
            took = obs[OFF_TRICKS + s]
            score, extra = settle_seat(bid, took, k, runs, s, once, bonus, length)
            scores[h, s] = score
            extras[h, s] = extra
            made[h, s] = 1 if bid == took else 0
    if log.shape[0] > 0:
        for s in range(n):
            log[pos + s] = scores[:, s].sum() + extras[:, s].sum()


@njit(nogil=True, cache=True)
def simulate_block(
    state,
    n_matches,
    rules,
    bot_policies,
    bot_params,
    rotate,
    record,
    schedule,
    out,
    table,
):
    """Play ``n_matches`` matches with one bot per seat and add their statistics into ``out``,
    the arrays of :func:`new_stats` in its order (``out_*`` below).

    ``bot_policies`` (``int64[n]``) and ``bot_params`` (``float64[n, P]``) are by bot. With
    ``rotate`` match ``m`` seats bot ``j`` at ``(j + m) % n``, otherwise at seat ``j``. Outputs by
    bot: ``out_matches``, ``out_score_sum``, ``out_score_sq`` and ``out_win60`` (60 / number of
    tied winners per win, W10) are ``int64[n]``; ``out_made`` and ``out_hands`` are
    ``int64[n, MAX_CARDS + 1]`` by hand size. For the table, not by bot: ``out_dealer``
    (``int64[2]``) adds the dealer's hand scores (bonuses included) and the other seats', and
    ``out_comeback60`` (``int64[1]``) the wins (in 60ths, W10) of seats behind the leader after
    the first half of the schedule's hands. ``record`` (``int16[K, log_length(n)]``) receives
    the logs of the first ``K`` matches. ``schedule``: the hand sizes (``int64[H]``,
    :func:`rules.hand_sizes`). ``table``: the listening bots' blind bids (:func:`bot_table`).
    """
    (out_matches, out_score_sum, out_score_sq, out_win60, out_made, out_hands, out_dealer,
     out_comeback60) = out  # fmt: skip
    n = rules[I_PLAYERS]
    ranks = 2 * n
    n_hands = schedule.shape[0]
    policies = np.empty(n, dtype=np.int64)
    params = np.empty((n, bot_params.shape[1]), dtype=np.float64)
    seat_bot = np.empty(n, dtype=np.int64)
    totals = np.zeros(n, dtype=np.int64)
    half_totals = np.zeros(n, dtype=np.int64)
    half = n_hands // 2
    scores = np.zeros((n_hands, n), dtype=np.int64)
    extras = np.zeros((n_hands, n), dtype=np.int64)
    made = np.zeros((n_hands, n), dtype=np.int64)
    hands = np.zeros(n, dtype=np.uint64)
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    uwork = np.zeros(UWORK_SIZE, dtype=np.uint64)
    deck = np.empty(4 * ranks, dtype=np.int64)
    runs = np.empty((n, 2), dtype=np.int64)
    no_log = np.empty(0, dtype=np.int16)
    for m in range(n_matches):
        seat_bots(m, rotate, bot_policies, bot_params, seat_bot, policies, params)
        log = record[m] if m < record.shape[0] else no_log
        play_match(
            state,
            rules,
            policies,
            params,
            schedule,
            scores,
            extras,
            made,
            hands,
            obs,
            work,
            uwork,
            deck,
            runs,
            log,
            table,
        )
        for s in range(n):
            totals[s] = scores[:, s].sum() + extras[:, s].sum()
            half_totals[s] = scores[:half, s].sum() + extras[:half, s].sum()
        for h in range(n_hands):
            dealer = (rules[I_FIRST_DEALER] + h) % n
            for s in range(n):
                out_dealer[0 if s == dealer else 1] += scores[h, s] + extras[h, s]
        lead = half_totals.max()
        for s in range(n):
            if half_totals[s] < lead:
                out_comeback60[0] += win60(totals, s)
        for s in range(n):
            j = seat_bot[s]
            out_matches[j] += 1
            out_score_sum[j] += totals[s]
            out_score_sq[j] += totals[s] * totals[s]
            out_win60[j] += win60(totals, s)  # W10
            for h in range(n_hands):
                k = schedule[h]
                out_made[j, k] += made[h, s]
                out_hands[j, k] += 1


def match_schedule(n: int) -> np.ndarray:
    """The hand sizes of a match (``int64[H]``), from the rules' verb :func:`rules.hand_sizes`
    (W2): the kernels build no schedule of their own."""
    return np.asarray(hand_sizes(n), dtype=np.int64)


def new_stats(n: int) -> dict[str, np.ndarray]:
    return {
        "matches": np.zeros(n, dtype=np.int64),
        "score_sum": np.zeros(n, dtype=np.int64),
        "score_sq": np.zeros(n, dtype=np.int64),
        "win60": np.zeros(n, dtype=np.int64),
        "made": np.zeros((n, MAX_CARDS + 1), dtype=np.int64),
        "hands": np.zeros((n, MAX_CARDS + 1), dtype=np.int64),
        "dealer": np.zeros(2, dtype=np.int64),  # the dealer's hand scores, the others'
        "comeback60": np.zeros(1, dtype=np.int64),  # wins of seats behind at half-time
    }


def check_block_inputs(
    state: np.ndarray,
    rules: np.ndarray,
    bot_policies: np.ndarray,
    bot_params: np.ndarray,
    record: np.ndarray,
) -> int:
    """Refuse arrays a match kernel would read out of bounds; return the number of players.

    numba does not check indices, so a bot array shorter than the table (``--rule players=6``
    with three bots, once) read past its end silently. Every shape, dtype and value the kernel
    indexes with is checked here, in plain Python, before it runs.
    """
    from headcount_lab.games.whist.agents import N_PARAMS, POLICIES
    from headcount_lab.games.whist.rules import N_RULE_FIELDS, PLAYERS_MAX, PLAYERS_MIN

    def need(ok: bool, what: str) -> None:
        require(ok, "match kernel", what)

    need(state.dtype == np.uint64 and state.shape == (4,), "state must be uint64[4]")
    need(
        rules.dtype == np.int64 and rules.shape == (N_RULE_FIELDS,),
        f"rules must be int64[{N_RULE_FIELDS}]",
    )
    n = int(rules[I_PLAYERS])
    need(PLAYERS_MIN <= n <= PLAYERS_MAX, f"{n} players")
    need(0 <= rules[I_FIRST_DEALER] < n, "first dealer outside the table")
    need(rules[I_STREAK_LENGTH] >= 1, "streak length below 1")
    need(
        bot_policies.dtype == np.int64 and bot_policies.shape == (n,),
        f"bot_policies must be int64[{n}], one bot per seat, not {bot_policies.shape}",
    )
    need(bool(((bot_policies >= 0) & (bot_policies < len(POLICIES))).all()), "unknown policy id")
    need(
        bot_params.dtype == np.float64 and bot_params.shape == (n, N_PARAMS),
        f"bot_params must be float64[{n}, {N_PARAMS}], not {bot_params.shape}",
    )
    need(
        record.dtype == np.int16 and record.ndim == 2 and record.shape[1] == log_length(n),
        f"record must be int16[K, {log_length(n)}]",
    )
    return n


def run_block(
    state: np.ndarray,
    n_matches: int,
    rules: np.ndarray,
    bot_policies: np.ndarray,
    bot_params: np.ndarray,
    rotate: bool,
    record: np.ndarray | None = None,
) -> dict[str, np.ndarray]:
    """Plain-Python wrapper (:func:`~headcount_lab.core.tournament.run_kernel_block`): check the
    arrays, allocate the outputs, run :func:`simulate_block`, return the dict."""
    n = int(rules[I_PLAYERS])
    return run_kernel_block(
        simulate_block, state, n_matches, rules, bot_policies, bot_params, rotate, record,
        log_width=log_length(n), stats=lambda: new_stats(n), before=(match_schedule(n),),
        after=lambda: (bot_table(n, bot_params),), check=check_block_inputs,
    )  # fmt: skip


def bot_table(players: int, bot_params: np.ndarray) -> np.ndarray:
    """The equilibrium table the match kernels need when a bot has ``listen=1`` or reads a
    field in part as listening (``0 < read < 1``) (:func:`equilibrium.listen_table`), else the
    empty ``(1, 1, 1)`` table."""
    read = bot_params[:, P_READ]  # float64[n, N_PARAMS], checked before any kernel runs
    if (bot_params[:, P_LISTEN] > 0).any() or ((read > 0) & (read < 1)).any():
        return listen_table(players)
    return NO_TABLE


# numba's cache only watches this file; the kernels also inline agents.py and bits.py
track_sources(simulate_block, deal)
