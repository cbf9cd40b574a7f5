"""Poohead kernels: deal, swap, start and whole games with a bot per seat (the rules of play,
legal moves and applying an action, are in ``bits.py``, shared with the search bots).

Encoding (``rules.py``): rank index 0..12 for 2 .. A; actions ``r * 4 + k - 1`` (play ``k`` of
rank ``r``), 52 flip, 53 pick up, 54 pass. Rules arrive as the ``int64[N_RULE_FIELDS]`` array of
``PooheadRules.array()``; every random number comes from the ``uint64[4]`` block state.

State of a game (allocated once per block):

- ``obs`` (``int64[OBS_SIZE]``, ``bits.py``): the public state itself (pile, burnt cards,
  face-up cards, hand and face-down counts, known cards, active seats). Before a bot decides, the
  kernel writes the acting seat's own hand and failed flips into it; nothing else is private.
- ``hand`` (``int64[n, 13]``) hands by rank; ``failed`` (``int64[n, 13]``) private failed flips;
  ``down`` (``int64[n, 3]``) face-down ranks in slot order, the first ``obs[OFF_DOWN_N + s]``
  valid; ``deck`` (``int64[52]``) the shuffled pack, the draw pile being its last
  ``obs[O_DRAW_LEFT]`` cards, next card first.
- ``g`` (``int64[G_SIZE]``): who moves, the starter, the bound start rank, turns, and so on.

Game log (``int16``, when asked for): the shuffled deck (52 ranks), each seat's face-up cards
after the swap (3 ascending, by seat), the starter, the number of actions, then every action in
order, a flip written as ``64 + rank`` of the card it turned. ``log_length(n, cap)`` gives the
room one game needs.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.rng import below, next_u64, partial_shuffle
from headcount_lab.core.seat_kernels import seat_bots
from headcount_lab.core.tournament import run_kernel_block
from headcount_lab.games.poohead import bits as L
from headcount_lab.games.poohead.agents import (
    CHEAP,
    N_PARAMS,
    RANDOM,
    TRIPLE,
    WORK_SIZE,
    act,
    choose_swap,
)
from headcount_lab.games.poohead.bits import (  # noqa: F401  (re-exported)
    G_CAPPED,
    G_CUR,
    G_N_ACTIVE,
    G_N_OUT,
    G_PTR,
    G_REPLAY_MAY,
    G_SIZE,
    G_START_RANK,
    G_STARTER,
    G_TURNS,
    apply,
    can_play,
    finish_ok,
    legal_mask,
    next_seat,
    source,
    up_total,
)
from headcount_lab.games.poohead.rules import (
    COPIES,
    DECK,
    FLIP,
    HAND,
    I_CAP_MOST_CARDS,
    I_DEALER,
    I_PLAYERS,
    I_REPETITION_LIMIT,
    I_START_FACEUP,
    I_START_TIEBREAK,
    I_STARTER_FREE_LEAD,
    I_SWAP,
    I_TURN_CAP,
    N_RANKS,
    TABLE,
    TEN,
    TWO,
)

#: Poohead weights: a shared Poohead (``cap_outcome=most_cards``) counts SHARE / ties.
SHARE = 12
ACTION_FLIPPED = 64

# A game's tally (``int64[TALLY_SIZE]``, :func:`play_game`'s ``tally``), blocks of 13 by rank:
T_FACING = 0  # turns begun facing a pile with this top card
T_FORCED = T_FACING + N_RANKS  # of those, turns that ended with the pile picked up (P9, P17)
T_LEAD = T_FORCED + N_RANKS  # plays (and legal flips) onto an empty pile, by rank
T_LATE_LEAD = T_LEAD + N_RANKS  # the same within the last LATE turns before the turn cap
T_LATE_PICK = T_LATE_LEAD + N_RANKS  # pick-ups within those turns, by the top card taken
T_PICKUPS = T_LATE_PICK + N_RANKS  # turns that ended with more hand cards: pick-ups (P9, P17)
T_FLIPS = T_PICKUPS + 1  # face-down flips (P17)
T_FLIP_FAILS = T_FLIPS + 1  # of those, flips whose card could not be played (P17)
T_OUT_TURNS = T_FLIP_FAILS + 1  # seats already out at the start of each turn, summed (downtime)
TALLY_SIZE = T_OUT_TURNS + 1
#: a ``trail`` entry packs each seat's cards left in 8 bits (52 at most), seat ``s`` at 8s
TRAIL_BITS = 8
#: turns before the cap (P20) whose leads and pick-ups show what a stalled game repeats
LATE = 200


def log_length(n: int, turn_cap: int) -> int:
    return DECK + TABLE * n + 2 + turn_cap


def hash_size(rules: np.ndarray) -> int:
    """Slots of the repetition table (a power of two, at least twice the turn cap)."""
    return int(hash_size_kernel(rules))


@L.njit_fast
def deal(state, deck, obs, hand, down, failed, rules, n):
    """P2: shuffle and deal; reset the public state."""
    for i in range(DECK):
        deck[i] = i // COPIES
    partial_shuffle(state, deck, DECK - 1)
    for i in range(L.OBS_SIZE):
        obs[i] = 0
    obs[L.O_PLAYERS] = n
    obs[L.O_TOP] = -1
    obs[L.O_ACTIVE] = (1 << n) - 1
    obs[L.O_LAST_PICK_SEAT] = -1
    obs[L.O_LAST_PICK_TOP] = -1
    obs[L.O_DRAW_LEFT] = DECK - 3 * TABLE * n
    for s in range(n):
        for r in range(N_RANKS):
            hand[s, r] = 0
            failed[s, r] = 0
        for j in range(TABLE):
            down[s, j] = deck[TABLE * s + j]
            obs[L.OFF_UP + N_RANKS * s + deck[TABLE * (n + s) + j]] += 1
            hand[s, deck[TABLE * (2 * n + s) + j]] += 1
        obs[L.OFF_DOWN_N + s] = TABLE
        obs[L.OFF_HAND_N + s] = TABLE


@L.njit_fast
def swap_all(state, obs, hand, policies, params, choices, n):
    """P3: every seat chooses from what it sees of the deal; the choices apply together."""
    obs[L.O_PHASE] = L.PHASE_SWAP
    for s in range(n):
        obs[L.O_SEAT] = s
        obs[L.O_SOURCE] = HAND
        obs[L.O_NEXT] = (s + 1) % n
        for r in range(N_RANKS):
            obs[L.OFF_OWN + r] = hand[s, r] + obs[L.OFF_UP + N_RANKS * s + r]
        choices[s] = choose_swap(policies[s], params[s], state, obs)
    for s in range(n):
        # decode the subset index (rules.swap_subsets order) into positions of the six
        c = choices[s]
        idx = 0
        pa = pb = pc = 0
        for a in range(6):
            for b in range(a + 1, 6):
                for cc in range(b + 1, 6):
                    if idx == c:
                        pa, pb, pc = a, b, cc
                    idx += 1
        j = 0
        for r in range(N_RANKS):
            six_r = hand[s, r] + obs[L.OFF_UP + N_RANKS * s + r]
            up_r = 0
            for _ in range(six_r):
                if j in (pa, pb, pc):
                    up_r += 1
                j += 1
            obs[L.OFF_UP + N_RANKS * s + r] = up_r
            hand[s, r] = six_r - up_r
    obs[L.O_PHASE] = L.PHASE_PLAY


@L.njit_fast
def choose_starter(state, obs, hand, rules, g, n):
    """P6, P7: the start player, and the rank the first play is bound to (-1: free)."""
    scan_up = rules[I_START_FACEUP] != 0
    start = -1
    for r in range(N_RANKS):
        if r in (TWO, TEN):
            continue
        for s in range(n):
            c = hand[s, r] + (obs[L.OFF_UP + N_RANKS * s + r] if scan_up else 0)
            if c > 0:
                start = r
                break
        if start >= 0:
            break
    if start < 0:
        starter = below(state, n)
    else:
        tied = 0
        total = 0
        only = -1
        for s in range(n):
            c = hand[s, start] + (obs[L.OFF_UP + N_RANKS * s + start] if scan_up else 0)
            if c > 0:
                tied += 1
                total += c
                only = s
        if tied == 1:
            starter = only
        elif rules[I_START_TIEBREAK] == 0:  # copies
            x = below(state, total)
            starter = 0
            while True:
                c = hand[starter, start] + (
                    obs[L.OFF_UP + N_RANKS * starter + start] if scan_up else 0
                )
                if x < c:
                    break
                x -= c
                starter += 1
        elif rules[I_START_TIEBREAK] == 1:  # random among the tied
            x = below(state, tied)
            starter = -1
            for s in range(n):
                c = hand[s, start] + (obs[L.OFF_UP + N_RANKS * s + start] if scan_up else 0)
                if c > 0:
                    if x == 0:
                        starter = s
                        break
                    x -= 1
        else:  # seat: first clockwise from the dealer's left
            starter = -1
            for i in range(n):
                s = (rules[I_DEALER] + 1 + i) % n
                c = hand[s, start] + (obs[L.OFF_UP + N_RANKS * s + start] if scan_up else 0)
                if c > 0:
                    starter = s
                    break
    g[G_STARTER] = starter
    g[G_CUR] = starter
    obs[L.O_STARTER] = starter
    bound = start >= 0 and rules[I_STARTER_FREE_LEAD] == 0 and hand[starter, start] > 0
    g[G_START_RANK] = start if bound else -1
    return start


@L.njit_fast
def state_hash(obs, hand, down, g, n):
    """64-bit digest of the full state (P20 ``repetition_limit``; see ``Table.state_key``)."""
    h = uint64(1469598103934665603)
    p = uint64(1099511628211)
    h = (h ^ uint64(g[G_CUR] + 7)) * p
    h = (h ^ uint64(g[G_REPLAY_MAY] + 11)) * p
    h = (h ^ uint64(g[G_START_RANK] + 13)) * p
    for s in range(n):
        for r in range(N_RANKS):
            h = (h ^ uint64(hand[s, r] + 17 * r + 1000 * s)) * p
            h = (h ^ uint64(obs[L.OFF_UP + N_RANKS * s + r] + 31)) * p
        for j in range(TABLE):
            h = (h ^ uint64(down[s, j] + 37)) * p
    for r in range(N_RANKS):
        h = (h ^ uint64(obs[L.OFF_PILE + r] + 41)) * p
    h = (h ^ uint64(obs[L.O_DRAW_LEFT] + 43)) * p
    h = (h ^ uint64(obs[L.O_TOP] + 47)) * p
    h = (h ^ uint64(obs[L.O_RUN] + 53)) * p
    h = (h ^ uint64(obs[L.O_ACTIVE] + 59)) * p
    h ^= h >> uint64(29)
    return h


@L.njit_fast
def _seen_again(keys, counts, h, limit):
    """Count one more visit of state ``h``; True when it reaches ``limit``."""
    mask = keys.shape[0] - 1
    i = np.int64(h & uint64(mask))
    while True:
        if counts[i] == 0:
            keys[i] = h
            counts[i] = 1
            return limit <= 1
        if keys[i] == h:
            counts[i] += 1
            return counts[i] >= limit
        i = (i + 1) & mask


@L.njit_fast
def play_game(
    state, rules, policies, params, arrays, keys, counts, log, work, swap_policies, tally, trail
):  # fmt: skip
    """One game with ``policies``/``params`` by seat (``swap_policies`` decide the swap) in the
    game's state ``arrays`` (:func:`game_arrays`, overwritten): the outcome is left in ``g`` and
    ``order`` (finishing order, the Poohead last) and ``choices`` holds each seat's face-up
    triple (index into ``faceup.TRIPLES``). ``log`` (``int16``, empty
    for none) gets the game log; ``tally`` (``int64[TALLY_SIZE]``, empty for none) adds up the
    game's pick-ups and leads (``T_*``); ``trail`` (``int64[cap + 1]``, empty for none) gets,
    for each turn ``t`` played and after the last, the cards each seat held at the start of
    turn ``t`` (hand, face-up and face-down, packed by :data:`TRAIL_BITS`). None of them
    changes the game."""
    obs, hand, down, failed, deck, g, order, choices = arrays
    n = rules[I_PLAYERS]
    deal(state, deck, obs, hand, down, failed, rules, n)
    if rules[I_SWAP] != 0:
        swap_all(state, obs, hand, swap_policies, params, choices, n)
    for s in range(n):
        t0 = t1 = t2 = -1
        for r in range(N_RANKS):
            for _ in range(obs[L.OFF_UP + N_RANKS * s + r]):
                if t0 < 0:
                    t0 = r
                elif t1 < 0:
                    t1 = r
                else:
                    t2 = r
        choices[s] = TRIPLE[t0, t1, t2]
    for i in range(G_SIZE):
        g[i] = 0
    g[G_N_ACTIVE] = n
    for s in range(n):
        order[s] = -1
    choose_starter(state, obs, hand, rules, g, n)
    rec = log.shape[0] > 0
    pos = 0
    if rec:
        for i in range(DECK):
            log[i] = deck[i]
        pos = DECK
        for s in range(n):
            for r in range(N_RANKS):
                for _ in range(obs[L.OFF_UP + N_RANKS * s + r]):
                    log[pos] = r
                    pos += 1
        log[pos] = g[G_STARTER]
        pos += 2  # the action count is written at the end
    cap = rules[I_TURN_CAP]
    limit = rules[I_REPETITION_LIMIT]
    if limit > 0:
        for i in range(counts.shape[0]):
            counts[i] = 0
    tal = tally.shape[0] > 0
    top0 = hand0 = 0
    track = trail.shape[0] > 0
    held = 0
    if track:
        for s in range(n):
            held |= _cards_left(obs, s) << (TRAIL_BITS * s)
    while g[G_N_ACTIVE] > 1:
        if g[G_TURNS] >= cap:
            g[G_CAPPED] = 1
            break
        if limit > 0 and _seen_again(keys, counts, state_hash(obs, hand, down, g, n), limit):
            g[G_CAPPED] = 1
            break
        s = g[G_CUR]
        m = legal_mask(obs, hand, rules, g, s, obs[L.O_DRAW_LEFT])
        if m & (m - uint64(1)) == 0:
            a = L.nth_bit(m, 0)
        else:
            obs[L.O_SEAT] = s
            obs[L.O_TURNS] = g[G_TURNS]
            obs[L.O_SOURCE] = source(obs, s)
            obs[L.O_NEXT] = next_seat(s, 1, obs[L.O_ACTIVE], n)
            for r in range(N_RANKS):
                obs[L.OFF_OWN + r] = hand[s, r]
                obs[L.OFF_OWN_FAILED + r] = failed[s, r]
            a = act(policies[s], params[s], state, obs, m, rules, work)
        if tal:
            top0 = obs[L.O_TOP]
            hand0 = obs[L.OFF_HAND_N + s]
            tally[T_OUT_TURNS] += n - g[G_N_ACTIVE]
        if track:
            trail[g[G_TURNS]] = held
        flipped = apply(obs, hand, down, failed, deck, rules, g, order, state, a, n)
        if track:  # a turn changes the cards of the seat that moves alone (P9-P18)
            shift = TRAIL_BITS * s
            held = (held & ~(np.int64(255) << shift)) | (_cards_left(obs, s) << shift)
        if tal:
            # a turn that ends with more hand cards is a pick-up (P9) or a failed flip (P17):
            # a play never grows the hand, it draws back to three at most (P10)
            picked = obs[L.OFF_HAND_N + s] > hand0
            _tally(tally, top0, a, flipped, picked, g[G_TURNS] > cap - LATE)
        if rec:
            log[pos] = a if flipped < 0 else ACTION_FLIPPED + flipped
            pos += 1
    if rec:
        log[DECK + TABLE * n + 1] = g[G_TURNS]
    if track:
        trail[g[G_TURNS]] = held


@L.njit_fast
def _cards_left(obs, s):
    """The cards seat ``s`` has still to shed: hand, face-up and face-down."""
    return obs[L.OFF_HAND_N + s] + obs[L.OFF_DOWN_N + s] + up_total(obs, s)


@L.njit_fast
def _last_at_half(trail, turns, n):
    """``(mask, k)``: the ``k`` seats holding the most cards at half-time, the start of turn
    ``turns // 2`` of a game of ``turns`` turns (``trail``, :func:`play_game`)."""
    held = trail[turns // 2]
    most = np.int64(-1)
    for s in range(n):
        most = max(most, (held >> (TRAIL_BITS * s)) & 255)
    mask = np.int64(0)
    k = 0
    for s in range(n):
        if (held >> (TRAIL_BITS * s)) & 255 == most:
            mask |= np.int64(1) << s
            k += 1
    return mask, k


@L.njit_fast
def _tally(tally, top, a, flipped, picked, late):
    """Add one turn to a game's tally (see ``T_*``): the top card it faced (``-1``: empty),
    its action, the rank a flip turned (``-1``: none) and whether it picked the pile up."""
    if picked:
        tally[T_PICKUPS] += 1
    if a == FLIP:
        tally[T_FLIPS] += 1
        if picked:
            tally[T_FLIP_FAILS] += 1
    if top >= 0:
        tally[T_FACING + top] += 1
        if picked:
            tally[T_FORCED + top] += 1
            if late:
                tally[T_LATE_PICK + top] += 1
    elif not picked:
        r = flipped if a == FLIP else (a // COPIES if a < FLIP else -1)
        if r >= 0:
            tally[T_LEAD + r] += 1
            if late:
                tally[T_LATE_LEAD + r] += 1


@L.njit_fast
def _most_cards(obs, n, shares):
    """P20 ``cap_outcome=most_cards``: the active seats with most cards share the Poohead."""
    most = -1
    for s in range(n):
        if (obs[L.O_ACTIVE] >> s) & 1:
            c = obs[L.OFF_HAND_N + s] + obs[L.OFF_DOWN_N + s] + up_total(obs, s)
            if c > most:
                most = c
    ties = 0
    for s in range(n):
        shares[s] = 0
        if (obs[L.O_ACTIVE] >> s) & 1:
            c = obs[L.OFF_HAND_N + s] + obs[L.OFF_DOWN_N + s] + up_total(obs, s)
            if c == most:
                ties += 1
    for s in range(n):
        if (obs[L.O_ACTIVE] >> s) & 1:
            c = obs[L.OFF_HAND_N + s] + obs[L.OFF_DOWN_N + s] + up_total(obs, s)
            if c == most:
                shares[s] = SHARE // ties


@njit(nogil=True, cache=True)
def game_arrays(n):
    """The state arrays of one game (see the module docstring): ``obs``, ``hand``, ``down``,
    ``failed``, ``deck``, ``g``, ``order`` and ``choices``."""
    return (
        np.zeros(L.OBS_SIZE, dtype=np.int64),
        np.zeros((n, N_RANKS), dtype=np.int64),
        np.zeros((n, TABLE), dtype=np.int64),
        np.zeros((n, N_RANKS), dtype=np.int64),
        np.empty(DECK, dtype=np.int64),
        np.zeros(G_SIZE, dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.empty(n, dtype=np.int64),
    )


@njit(nogil=True, cache=True)
def simulate_block(state, n_games, rules, bot_policies, bot_params, rotate, record, keys, counts,
                   out):  # fmt: skip
    """Play ``n_games`` games and add their statistics into ``out``, the arrays of
    :func:`new_stats` in its order (``out_*`` below).

    ``bot_policies`` (``int64[n]``) and ``bot_params`` (``float64[n, P]``) are by bot.
    ``record`` (``int16[K, log_length]``) receives the logs of the first ``K`` games; ``keys``
    (``uint64[H]``) and ``counts`` (``int64[H]``) are the repetition table (``hash_size``).
    """
    (out_games, out_capped, out_turns, out_pooh_bot, out_pooh_rel, out_games_bot_rel,
     out_pooh_bot_rel, out_place_bot, out_place_rel, out_turn_kinds,
     out_comeback) = out  # fmt: skip
    n = rules[I_PLAYERS]
    policies = np.empty(n, dtype=np.int64)
    params = np.empty((n, bot_params.shape[1]), dtype=np.float64)
    seat_bot = np.empty(n, dtype=np.int64)
    arrays = game_arrays(n)
    obs, _, _, _, _, g, order, _ = arrays
    shares = np.zeros(n, dtype=np.int64)
    no_log = np.empty(0, dtype=np.int16)
    tally = np.zeros(TALLY_SIZE, dtype=np.int64)  # read only for the pick-ups and flips
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    cap = rules[I_TURN_CAP]
    trail = np.zeros(cap + 1, dtype=np.int64)
    for m in range(n_games):
        seat_bots(m, rotate, bot_policies, bot_params, seat_bot, policies, params)
        log = record[m] if m < record.shape[0] else no_log
        play_game(state, rules, policies, params, arrays, keys, counts, log, work, policies,
                  tally, trail)  # fmt: skip
        out_games[0] += 1
        t = g[G_TURNS]
        out_turns[t if t < cap else cap] += 1
        starter = g[G_STARTER]
        for s in range(n):
            shares[s] = 0
        if g[G_CAPPED] != 0:
            out_capped[0] += 1
            if rules[I_CAP_MOST_CARDS] != 0:
                _most_cards(obs, n, shares)
        else:
            shares[order[n - 1]] = SHARE
            for place in range(n):
                s = order[place]
                out_place_bot[seat_bot[s], place] += 1
                out_place_rel[(s - starter) % n, place] += 1
        for s in range(n):
            j = seat_bot[s]
            rel = (s - starter) % n
            out_pooh_bot[j] += shares[s]
            out_pooh_rel[rel] += shares[s]
            out_games_bot_rel[j, rel] += 1
            out_pooh_bot_rel[j, rel] += shares[s]
        last, k = _last_at_half(trail, t, n)
        for s in range(n):
            if (last >> s) & 1:  # SHARE // k: the k seats last at half-time share the game
                out_comeback[0] += (SHARE // k) * (SHARE - shares[s])
    out_turn_kinds[0] += tally[T_PICKUPS]
    out_turn_kinds[1] += tally[T_FLIPS]
    out_turn_kinds[2] += tally[T_FLIP_FAILS]
    out_turn_kinds[3] += tally[T_OUT_TURNS]


def new_stats(n: int, turn_cap: int) -> dict[str, np.ndarray]:
    """Statistics of a block: games, capped games, the turn-length histogram (index = turns,
    the last bin = capped), Poohead weights (``SHARE`` per Poohead) by bot, by seat relative to
    the starter and by both, games by bot and relative seat, finishing places by bot and by
    relative seat (uncapped games), the turns ending in a pick-up, the face-down flips, the
    failed flips and the seats out summed over turns (``turn_kinds``), and ``comeback``: the
    escapes (``SHARE`` minus the Poohead weight) of the seats last at half-time, weighted
    ``SHARE // k`` when ``k`` share last place, so a game adds at most ``SHARE**2``."""
    return {
        "games": np.zeros(1, dtype=np.int64),
        "capped": np.zeros(1, dtype=np.int64),
        "turns_hist": np.zeros(turn_cap + 1, dtype=np.int64),
        "poohead_bot": np.zeros(n, dtype=np.int64),
        "poohead_rel": np.zeros(n, dtype=np.int64),
        "games_bot_rel": np.zeros((n, n), dtype=np.int64),
        "poohead_bot_rel": np.zeros((n, n), dtype=np.int64),
        "place_bot": np.zeros((n, n), dtype=np.int64),
        "place_rel": np.zeros((n, n), dtype=np.int64),
        # turns ending in a pick-up (P9; failed flips too), face-down flips, failed flips (P17),
        # and the seats already out at the start of each turn, summed (downtime)
        "turn_kinds": np.zeros(4, dtype=np.int64),
        "comeback": np.zeros(1, dtype=np.int64),
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
    the outputs and the position table, run :func:`simulate_block`, return the dict."""
    n = int(rules[I_PLAYERS])
    cap = int(rules[I_TURN_CAP])
    size = hash_size(rules)
    return run_kernel_block(
        simulate_block, state, n_games, rules, bot_policies, bot_params, rotate, record,
        log_width=log_length(n, cap), stats=lambda: new_stats(n, cap),
        before=(np.zeros(size, dtype=np.uint64), np.zeros(size, dtype=np.int64)),
    )  # fmt: skip


@njit(nogil=True, cache=True)
def faceup_block(state, n_games, rules, out_games, out_poohead):
    """Games of ``cheap`` bots in which one seat (game ``m``: seat ``m % n``) swaps at random:
    by that seat's face-up triple, ``out_games`` (``int64[N_TRIPLES]``) counts the uncapped
    games and ``out_poohead`` those it lost (the data of the ``cheap+`` face-up table)."""
    n = rules[I_PLAYERS]
    policies = np.full(n, CHEAP, dtype=np.int64)
    swaps = np.full(n, CHEAP, dtype=np.int64)
    params = np.zeros((n, N_PARAMS), dtype=np.float64)
    arrays = game_arrays(n)
    _, _, _, _, _, g, order, choices = arrays
    no_log = np.empty(0, dtype=np.int16)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    keys = np.zeros(hash_size_kernel(rules), dtype=np.uint64)
    counts = np.zeros(keys.shape[0], dtype=np.int64)
    for m in range(n_games):
        hero = m % n
        for s in range(n):
            swaps[s] = RANDOM if s == hero else CHEAP
        play_game(state, rules, policies, params, arrays, keys, counts, no_log, work, swaps,
                  np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64))  # fmt: skip
        if g[G_CAPPED] == 0:
            out_games[choices[hero]] += 1
            if order[n - 1] == hero:
                out_poohead[choices[hero]] += 1


@njit(nogil=True, cache=True)
def hash_size_kernel(rules):
    """Slots of the repetition table: 1 when it is off, else a power of two of at least twice
    the turn cap (P20)."""
    if rules[I_REPETITION_LIMIT] == 0:
        return 1
    size = 1
    while size < 2 * (rules[I_TURN_CAP] + 1):
        size *= 2
    return size


# --- variants of one deal (the report's paired comparisons) ------------------------------------

# fields of ``variants_block``'s ``out_game`` (``int32[n_games, V, V_FIELDS]``)
V_STARTER = 0
V_POOHEAD = 1  # the Poohead's seat, -1 for a capped game (P20)
V_TURNS = 2
V_SHIFT = 3  # the seat of bot 0 (with ``rotate`` the bots move one seat a game)
V_LOOP = 4  # capped games: the rank led most often onto an empty pile in the last LATE turns
V_TRIPLE = 5  # + seat: that seat's face-up triple after the swap (``faceup.TRIPLES`` index)
V_FIELDS = V_TRIPLE + 4
# blocks of 13 by rank of ``out_agg`` (``int64[V, A_SIZE]``)
A_LEAD = 0  # plays onto an empty pile, every game
A_STALL_LEAD = A_LEAD + N_RANKS  # capped games: leads in their last LATE turns
A_STALL_PICK = A_STALL_LEAD + N_RANKS  # capped games: pick-ups in their last LATE turns
A_STALL_HELD = A_STALL_PICK + N_RANKS  # capped games: the cards of the players still in
A_SIZE = A_STALL_HELD + N_RANKS
# the last axis of ``out_ratio`` (``float64[V, 13, R_SIZE]``): per game and top rank, forced
# pick-ups x and turns facing it y, summed as x, y, x*x, y*y, x*y (for ratio intervals)
R_SIZE = 5


@L.njit_fast
def game_stream(state, out):
    """A game's own stream (``uint64[4]``): one draw of the block's stream spread by splitmix64
    (the seeding Vigna recommends for xoshiro), so every variant of a game starts alike."""
    x = next_u64(state)
    for i in range(4):
        x += uint64(0x9E3779B97F4A7C15)
        z = x
        z = (z ^ (z >> uint64(30))) * uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> uint64(27))) * uint64(0x94D049BB133111EB)
        out[i] = z ^ (z >> uint64(31))
    if out[0] == 0 and out[1] == 0 and out[2] == 0 and out[3] == 0:
        out[0] = uint64(1)


@njit(nogil=True, cache=True)
def variants_block(
    state, n_games, rules_v, policies_v, params_v, rotate, out_game, out_deal, out_agg, out_ratio,
):  # fmt: skip
    """Play every game of a block once per variant ``v``: rules ``rules_v[v]``, bots
    ``policies_v[v]`` (``int64[V, n]``) with ``params_v[v]`` (``float64[V, n, P]``), seated as
    ``simulate_block`` seats them. Each game has its own stream (:func:`game_stream`) and every
    variant starts from it, so all variants of a game get the same deal (P2) and differ only
    where their rules or bots do: the pairs of the report. Writes ``out_game`` per game and
    variant (``V_*``), ``out_deal`` (``int8[n_games, 9n]``, the deal: face-down, face-up and hand
    cards by seat, as in ``deal``) and adds into ``out_agg`` and ``out_ratio`` (see ``A_*``,
    ``R_SIZE``)."""
    n_var = rules_v.shape[0]
    n = rules_v[0, I_PLAYERS]
    policies = np.empty(n, dtype=np.int64)
    params = np.empty((n, params_v.shape[2]), dtype=np.float64)
    seat_bot = np.empty(n, dtype=np.int64)
    arrays = game_arrays(n)
    obs, hand, down, _, deck, g, order, choices = arrays
    no_log = np.empty(0, dtype=np.int16)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    tally = np.zeros(TALLY_SIZE, dtype=np.int64)
    no_trail = np.empty(0, dtype=np.int64)
    size = 1
    for v in range(n_var):
        size = max(size, hash_size_kernel(rules_v[v]))
    keys = np.zeros(size, dtype=np.uint64)
    counts = np.zeros(size, dtype=np.int64)
    gstate = np.empty(4, dtype=np.uint64)
    vstate = np.empty(4, dtype=np.uint64)
    for m in range(n_games):
        game_stream(state, gstate)
        for v in range(n_var):
            seat_bots(m, rotate, policies_v[v], params_v[v], seat_bot, policies, params)
            for i in range(4):
                vstate[i] = gstate[i]
            for i in range(TALLY_SIZE):
                tally[i] = 0
            play_game(vstate, rules_v[v], policies, params, arrays, keys, counts, no_log, work,
                      policies, tally, no_trail)  # fmt: skip
            if v == 0:
                for i in range(3 * TABLE * n):
                    out_deal[m, i] = deck[i]
            capped = g[G_CAPPED] != 0
            out = out_game[m, v]
            out[V_STARTER] = g[G_STARTER]
            out[V_POOHEAD] = -1 if capped else order[n - 1]
            out[V_TURNS] = g[G_TURNS]
            out[V_SHIFT] = m % n if rotate else 0
            out[V_LOOP] = -1
            for s in range(n):
                out[V_TRIPLE + s] = choices[s]
            for r in range(N_RANKS):
                out_agg[v, A_LEAD + r] += tally[T_LEAD + r]
                x = tally[T_FORCED + r]
                y = tally[T_FACING + r]
                out_ratio[v, r, 0] += x
                out_ratio[v, r, 1] += y
                out_ratio[v, r, 2] += x * x
                out_ratio[v, r, 3] += y * y
                out_ratio[v, r, 4] += x * y
            if capped:
                most = 0
                for r in range(N_RANKS):
                    c = tally[T_LATE_LEAD + r]
                    out_agg[v, A_STALL_LEAD + r] += c
                    out_agg[v, A_STALL_PICK + r] += tally[T_LATE_PICK + r]
                    if c > most:
                        most = c
                        out[V_LOOP] = r
                for s in range(n):
                    if (obs[L.O_ACTIVE] >> s) & 1:
                        for r in range(N_RANKS):
                            out_agg[v, A_STALL_HELD + r] += (
                                hand[s, r] + obs[L.OFF_UP + N_RANKS * s + r]
                            )
                        for j in range(obs[L.OFF_DOWN_N + s]):
                            out_agg[v, A_STALL_HELD + down[s, j]] += 1


def run_variants(
    state: np.ndarray,
    n_games: int,
    rules_v: np.ndarray,
    policies_v: np.ndarray,
    params_v: np.ndarray,
    rotate: bool,
) -> dict[str, np.ndarray]:
    """Plain-Python wrapper of :func:`variants_block`: allocate, run, return the arrays
    (``game``, ``deal``, ``agg``, ``ratio``)."""
    n_var = rules_v.shape[0]
    n = int(rules_v[0, I_PLAYERS])
    out: dict[str, np.ndarray] = {
        "game": np.zeros((n_games, n_var, V_FIELDS), dtype=np.int32),
        "deal": np.zeros((n_games, 3 * TABLE * n), dtype=np.int8),
        "agg": np.zeros((n_var, A_SIZE), dtype=np.int64),
        "ratio": np.zeros((n_var, N_RANKS, R_SIZE), dtype=np.float64),
    }
    variants_block(
        state, n_games, rules_v, policies_v, params_v, rotate, out["game"], out["deal"],
        out["agg"], out["ratio"],
    )  # fmt: skip
    return out


# --- the start of the game alone (exact facts, P6) ---------------------------------------------


@njit(nogil=True, cache=True)
def start_block(state, n_deals, rules, out_rank, out_ties, out_starter):
    """Deal ``n_deals`` times and find the start (P2, P3 off, P6). ``out_rank`` (``int64[14]``)
    counts the start rank by index (13: nobody holds an ordinary card), ``out_ties``
    (``int64[1]``) the deals needing a tie-break, ``out_starter`` (``int64[n]``) the starters."""
    n = rules[I_PLAYERS]
    obs, hand, down, failed, deck, g, _, _ = game_arrays(n)
    scan_up = rules[I_START_FACEUP] != 0
    for _ in range(n_deals):
        deal(state, deck, obs, hand, down, failed, rules, n)
        r = choose_starter(state, obs, hand, rules, g, n)
        out_rank[r if r >= 0 else N_RANKS] += 1
        out_starter[g[G_STARTER]] += 1
        if r >= 0:
            holders = 0
            for s in range(n):
                if hand[s, r] + (obs[L.OFF_UP + N_RANKS * s + r] if scan_up else 0) > 0:
                    holders += 1
            if holders >= 2:
                out_ties[0] += 1


# numba's cache only watches this file; the kernels also inline agents.py and bits.py
# Every cached function of this module, not only the entry points: a callee keeps its own cache
# entry, keyed on its own file, and a caller recompiled after an edit elsewhere links it as cached.
track_sources(
    *[
        f
        for f in list(globals().values())
        if getattr(f, "py_func", None) and f.__module__ == __name__
    ]
)
