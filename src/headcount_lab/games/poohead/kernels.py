"""Poohead kernels: deal, swap, start, legal moves, play, and whole games with a bot per seat.

Encoding (``rules.py``): rank index 0..12 for 2 .. A; actions ``r * 4 + k - 1`` (play ``k`` of
rank ``r``), 52 flip, 53 pick up, 54 pass. Rules arrive as the ``int64[N_RULE_FIELDS]`` array of
``PooheadRules.array()``; every random number comes from the ``uint64[4]`` block state.

State of a game (allocated once per block):

- ``obs`` (``int64[OBS_SIZE]``, ``layout.py``): the public state itself (pile, burnt cards,
  face-up cards, hand and face-down counts, known cards, active seats). Before a bot decides, the
  kernel writes the acting seat's own hand and failed flips into it; nothing else is private.
- ``hand`` (``int64[n, 13]``) hands by rank; ``failed`` (``int64[n, 13]``) private failed flips;
  ``down`` (``int64[n, 3]``) face-down ranks in slot order, the first ``obs[OFF_DOWN_N + s]``
  valid; ``deck`` (``int64[52]``) the shuffled pack, the draw pile being ``deck[9n + ptr:]``.
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
from headcount_lab.core.rng import below, partial_shuffle
from headcount_lab.games.poohead import layout as L
from headcount_lab.games.poohead.agents import act, choose_swap
from headcount_lab.games.poohead.rules import (
    CHEAPEST_FIRST,
    COPIES,
    DECK,
    EIGHT,
    FACE_DOWN,
    FACE_UP,
    FLIP,
    HAND,
    I_BOMB_ANYTIME,
    I_CAP_MOST_CARDS,
    I_DEALER,
    I_EIGHT_PER_CARD,
    I_FAILED_FLIP_PUBLIC,
    I_FINISH_ON_SPECIAL,
    I_MIX_SOURCES,
    I_PICKUP_TAKES_FACEUP,
    I_PLAYERS,
    I_REPETITION_LIMIT,
    I_START_FACEUP,
    I_START_TIEBREAK,
    I_STARTER_FREE_LEAD,
    I_SWAP,
    I_TEN_MAY,
    I_TURN_CAP,
    I_VOLUNTARY_PICKUP,
    N_RANKS,
    NINE,
    PASS,
    PICK_UP,
    TABLE,
    TEN,
    THREE,
    TWO,
)

#: Poohead weights: a shared Poohead (``cap_outcome=most_cards``) counts SHARE / ties.
SHARE = 12
ACTION_FLIPPED = 64

# fields of ``g``
G_CUR = 0
G_STARTER = 1
G_START_RANK = 2
G_REPLAY_MAY = 3
G_TURNS = 4
G_CAPPED = 5
G_N_OUT = 6
G_PTR = 7  # cards drawn from the draw pile
G_N_ACTIVE = 8
G_SIZE = 9

_CHEAPEST = np.array(CHEAPEST_FIRST, dtype=np.int64)


def log_length(n: int, turn_cap: int) -> int:
    return DECK + TABLE * n + 2 + turn_cap


def hash_size(rules: np.ndarray) -> int:
    """Slots of the repetition table (a power of two, at least twice the turn cap)."""
    if rules[I_REPETITION_LIMIT] == 0:
        return 1
    size = 1
    while size < 2 * (int(rules[I_TURN_CAP]) + 1):
        size *= 2
    return size


@L.njit_fast
def can_play(rank, top, count, bomb_anytime):
    """P8, P14, P15, P12 (see ``rules.can_play``)."""
    if top < 0 or top == TWO or rank in (TWO, TEN):
        return True
    if bomb_anytime and count == COPIES:
        return True
    if top == NINE:
        return THREE <= rank <= NINE
    return rank >= top


@L.njit_fast
def finish_ok(rank, burned, finish_on_special):
    """P18 (see ``rules.finishing_allowed``)."""
    if finish_on_special:
        return True
    return rank != TWO and rank != EIGHT and rank != NINE and rank != TEN and not burned


@L.njit_fast
def next_seat(seat, steps, active_mask, n):
    """P18, P22: ``steps`` active seats clockwise from ``seat``."""
    s = seat
    while steps > 0:
        s += 1
        if s == n:
            s = 0
        if (active_mask >> s) & 1:
            steps -= 1
    return s


@L.njit_fast
def hand_total(hand, s):
    t = 0
    for r in range(N_RANKS):
        t += hand[s, r]
    return t


@L.njit_fast
def up_total(obs, s):
    t = 0
    base = L.OFF_UP + N_RANKS * s
    for r in range(N_RANKS):
        t += obs[base + r]
    return t


@L.njit_fast
def source(obs, s):
    """P5: the acting zone of seat ``s`` (the hand count is public, so ``obs`` suffices)."""
    if obs[L.OFF_HAND_N + s] > 0:
        return HAND
    if up_total(obs, s) > 0:
        return FACE_UP
    if obs[L.OFF_DOWN_N + s] > 0:
        return FACE_DOWN
    return -1


@L.njit_inlined
def legal_mask(obs, hand, rules, g, s, draw_left):
    """``uint64`` mask of the legal actions of seat ``s`` (P5, P7-P9, P11, P12, P17, P18).

    Whole groups at once: if a rank may go on the top card, every count of it may (P16), so its
    bits ``4r .. 4r + c - 1`` are set together; only a play that would leave the player without
    cards (``finish_on_special=off``) or four of a kind (``bomb_anytime``) needs a second look.
    """
    m = uint64(0)
    hand_n = obs[L.OFF_HAND_N + s]
    down_n = obs[L.OFF_DOWN_N + s]
    top = obs[L.O_TOP]
    if hand_n > 0:
        src = HAND
        total = hand_n
        up_n = up_total(obs, s) if draw_left == 0 else 1
        can_finish = draw_left == 0 and up_n == 0 and down_n == 0
    else:
        up_n = up_total(obs, s)
        src = FACE_UP if up_n > 0 else FACE_DOWN
        total = up_n
        can_finish = down_n == 0
    if src == FACE_DOWN:
        m |= uint64(1) << uint64(FLIP)
    else:
        bound = g[G_START_RANK]
        bomb = rules[I_BOMB_ANYTIME] != 0
        strict_finish = can_finish and rules[I_FINISH_ON_SPECIAL] == 0
        for r in range(N_RANKS):
            if bound >= 0 and r != bound:
                continue
            c = hand[s, r] if src == HAND else obs[L.OFF_UP + N_RANKS * s + r]
            if c == 0:
                continue
            if can_play(r, top, 1, False):
                m |= uint64((1 << c) - 1) << uint64(4 * r)
            elif bomb and c == COPIES:
                m |= uint64(1) << uint64(4 * r + 3)
            if strict_finish and c == total:
                run = obs[L.O_RUN] + c if top == r else c
                if not finish_ok(r, r == TEN or run >= COPIES, False):
                    m &= ~(uint64(1) << uint64(4 * r + c - 1))
            if (
                rules[I_MIX_SOURCES] != 0
                and src == HAND
                and bound < 0
                and draw_left == 0
                and c == hand_n
            ):
                u = obs[L.OFF_UP + N_RANKS * s + r]
                top_k = c + u if c + u < COPIES else COPIES
                for k in range(c + 1, top_k + 1):
                    if not can_play(r, top, k, bomb):
                        continue
                    last = up_n == k - c and down_n == 0  # the play would finish
                    if last and rules[I_FINISH_ON_SPECIAL] == 0:
                        run = obs[L.O_RUN] + k if top == r else k
                        if not finish_ok(r, r == TEN or run >= COPIES, False):
                            continue
                    m |= uint64(1) << uint64(4 * r + k - 1)
    voluntary = rules[I_VOLUNTARY_PICKUP] != 0 and obs[L.O_PILE_LEN] > 0
    if (src != FACE_DOWN and m == 0) or voluntary:
        m |= uint64(1) << uint64(PICK_UP)
    if g[G_REPLAY_MAY] != 0:
        m |= uint64(1) << uint64(PASS)
    return m


@L.njit_inlined
def _clear_pile(obs):
    for r in range(N_RANKS):
        obs[L.OFF_PILE + r] = 0
    obs[L.O_TOP] = -1
    obs[L.O_RUN] = 0
    obs[L.O_PILE_LEN] = 0


@L.njit_inlined
def _pick_up(obs, hand, rules, g, s, taking_faceup, n):
    """P9 (and P5's ``pickup_takes_faceup``): the pile to the hand, the turn passes."""
    if obs[L.O_PILE_LEN] > 0:
        obs[L.O_LAST_PICK_SEAT] = s
        obs[L.O_LAST_PICK_TOP] = obs[L.O_TOP]
        if taking_faceup and rules[I_PICKUP_TAKES_FACEUP] != 0:
            for i in range(12):
                r = _CHEAPEST[i]
                if obs[L.OFF_UP + N_RANKS * s + r] > 0:
                    obs[L.OFF_UP + N_RANKS * s + r] -= 1
                    hand[s, r] += 1
                    obs[L.OFF_HAND_N + s] += 1
                    obs[L.OFF_KNOWN + N_RANKS * s + r] += 1
                    break
    for r in range(N_RANKS):
        c = obs[L.OFF_PILE + r]
        hand[s, r] += c
        obs[L.OFF_KNOWN + N_RANKS * s + r] += c
    obs[L.OFF_HAND_N + s] += obs[L.O_PILE_LEN]
    _clear_pile(obs)
    g[G_CUR] = next_seat(s, 1, obs[L.O_ACTIVE], n)


@L.njit_inlined
def _after_play(obs, hand, deck, rules, g, order, s, r, k, n):
    """P10-P13, P18 in their order: pile, draw, burn, going out, who moves next."""
    if obs[L.O_TOP] == r:
        obs[L.O_RUN] += k
    else:
        obs[L.O_RUN] = k
    obs[L.O_TOP] = r
    obs[L.OFF_PILE + r] += k
    obs[L.O_PILE_LEN] += k
    while obs[L.OFF_HAND_N + s] < TABLE and obs[L.O_DRAW_LEFT] > 0:
        c = deck[DECK - obs[L.O_DRAW_LEFT]]
        hand[s, c] += 1
        obs[L.OFF_HAND_N + s] += 1
        obs[L.O_DRAW_LEFT] -= 1
    burned = r == TEN or obs[L.O_RUN] >= COPIES
    if burned:
        for q in range(N_RANKS):
            obs[L.OFF_BURNT + q] += obs[L.OFF_PILE + q]
        _clear_pile(obs)
    out = obs[L.OFF_HAND_N + s] == 0 and obs[L.OFF_DOWN_N + s] == 0 and up_total(obs, s) == 0
    if out:
        obs[L.O_ACTIVE] &= ~(1 << s)
        order[g[G_N_OUT]] = s
        g[G_N_OUT] += 1
        g[G_N_ACTIVE] -= 1
        if g[G_N_ACTIVE] == 1:
            for q in range(n):
                if (obs[L.O_ACTIVE] >> q) & 1:
                    order[g[G_N_OUT]] = q
            return
    if burned and not out:
        g[G_REPLAY_MAY] = 1 if (r == TEN and rules[I_TEN_MAY] != 0) else 0
        return
    step = 1
    if not burned and r == EIGHT:
        step += k if rules[I_EIGHT_PER_CARD] != 0 else 1
    g[G_CUR] = next_seat(s, step, obs[L.O_ACTIVE], n)


@L.njit_inlined
def apply(obs, hand, down, failed, deck, rules, g, order, state, a, n):
    """Play action ``a`` for the seat to move; returns the flipped rank for a flip, else -1.
    A flip's slot is drawn from the stream (P17: the slots are exchangeable)."""
    s = g[G_CUR]
    g[G_TURNS] += 1
    g[G_REPLAY_MAY] = 0
    if a == PASS:
        g[G_CUR] = next_seat(s, 1, obs[L.O_ACTIVE], n)
        return -1
    if a == PICK_UP:
        _pick_up(obs, hand, rules, g, s, source(obs, s) == FACE_UP, n)
        return -1
    if a == FLIP:
        d = obs[L.OFF_DOWN_N + s]
        j = below(state, d)
        r = down[s, j]
        for i in range(j, d - 1):
            down[s, i] = down[s, i + 1]
        down[s, d - 1] = -1
        obs[L.OFF_DOWN_N + s] = d - 1
        top = obs[L.O_TOP]
        run = obs[L.O_RUN] + 1 if top == r else 1
        ok = can_play(r, top, 1, rules[I_BOMB_ANYTIME] != 0)
        if ok and d == 1 and obs[L.OFF_HAND_N + s] == 0 and up_total(obs, s) == 0:
            ok = finish_ok(r, r == TEN or run >= COPIES, rules[I_FINISH_ON_SPECIAL] != 0)
        if ok:
            _after_play(obs, hand, deck, rules, g, order, s, r, 1, n)
        else:  # P17: the card goes to the hand with the pile
            _pick_up(obs, hand, rules, g, s, False, n)
            hand[s, r] += 1
            obs[L.OFF_HAND_N + s] += 1
            if rules[I_FAILED_FLIP_PUBLIC] != 0:
                obs[L.OFF_KNOWN + N_RANKS * s + r] += 1
            else:
                failed[s, r] += 1
        return r
    r = a // 4
    k = a % 4 + 1
    if obs[L.OFF_HAND_N + s] > 0:
        from_hand = k if hand[s, r] >= k else hand[s, r]
        hand[s, r] -= from_hand
        obs[L.OFF_HAND_N + s] -= from_hand
        obs[L.OFF_UP + N_RANKS * s + r] -= k - from_hand  # mix_sources
    else:
        obs[L.OFF_UP + N_RANKS * s + r] -= k
    kn = L.OFF_KNOWN + N_RANKS * s + r
    if obs[kn] > hand[s, r]:
        obs[kn] = hand[s, r]
    if failed[s, r] > hand[s, r]:
        failed[s, r] = hand[s, r]
    g[G_START_RANK] = -1
    _after_play(obs, hand, deck, rules, g, order, s, r, k, n)
    return -1


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
    state, rules, policies, params, obs, hand, down, failed, deck, g, order, choices, keys,
    counts, log,
):  # fmt: skip
    """One game with ``policies``/``params`` by seat; the outcome is left in ``g`` and ``order``
    (finishing order, the Poohead last). ``log`` (``int16``, empty for none) gets the game log."""
    n = rules[I_PLAYERS]
    deal(state, deck, obs, hand, down, failed, rules, n)
    if rules[I_SWAP] != 0:
        swap_all(state, obs, hand, policies, params, choices, n)
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
            a = act(policies[s], params[s], state, obs, m)
        flipped = apply(obs, hand, down, failed, deck, rules, g, order, state, a, n)
        if rec:
            log[pos] = a if flipped < 0 else ACTION_FLIPPED + flipped
            pos += 1
    if rec:
        log[DECK + TABLE * n + 1] = g[G_TURNS]


@L.njit_fast
def seat_bots(game, rotate, bot_policies, bot_params, seat_bot, policies, params):
    """With ``rotate`` game ``m`` seats bot ``j`` at ``(j + m) % n``, else at seat ``j``."""
    n = policies.shape[0]
    shift = game % n if rotate else 0
    for j in range(n):
        seat = (j + shift) % n
        seat_bot[seat] = j
        policies[seat] = bot_policies[j]
        for i in range(bot_params.shape[1]):
            params[seat, i] = bot_params[j, i]


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
def simulate_block(
    state, n_games, rules, bot_policies, bot_params, rotate, record, keys, counts,
    out_games, out_capped, out_turns, out_pooh_bot, out_pooh_rel, out_games_bot_rel,
    out_pooh_bot_rel, out_place_bot, out_place_rel,
):  # fmt: skip
    """Play ``n_games`` games and add their statistics into ``out_*`` (see :func:`new_stats`).

    ``bot_policies`` (``int64[n]``) and ``bot_params`` (``float64[n, P]``) are by bot.
    ``record`` (``int16[K, log_length]``) receives the logs of the first ``K`` games; ``keys``
    (``uint64[H]``) and ``counts`` (``int64[H]``) are the repetition table (``hash_size``).
    """
    n = rules[I_PLAYERS]
    policies = np.empty(n, dtype=np.int64)
    params = np.empty((n, bot_params.shape[1]), dtype=np.float64)
    seat_bot = np.empty(n, dtype=np.int64)
    obs = np.zeros(L.OBS_SIZE, dtype=np.int64)
    hand = np.zeros((n, N_RANKS), dtype=np.int64)
    down = np.zeros((n, TABLE), dtype=np.int64)
    failed = np.zeros((n, N_RANKS), dtype=np.int64)
    deck = np.empty(DECK, dtype=np.int64)
    g = np.zeros(G_SIZE, dtype=np.int64)
    order = np.empty(n, dtype=np.int64)
    choices = np.empty(n, dtype=np.int64)
    shares = np.zeros(n, dtype=np.int64)
    no_log = np.empty(0, dtype=np.int16)
    cap = rules[I_TURN_CAP]
    for m in range(n_games):
        seat_bots(m, rotate, bot_policies, bot_params, seat_bot, policies, params)
        log = record[m] if m < record.shape[0] else no_log
        play_game(
            state, rules, policies, params, obs, hand, down, failed, deck, g, order, choices,
            keys, counts, log,
        )  # fmt: skip
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


def new_stats(n: int, turn_cap: int) -> dict[str, np.ndarray]:
    """Statistics of a block: games, capped games, the turn-length histogram (index = turns,
    the last bin = capped), Poohead weights (``SHARE`` per Poohead) by bot, by seat relative to
    the starter and by both, games by bot and relative seat, finishing places by bot and by
    relative seat (uncapped games)."""
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
    """Plain-Python wrapper: allocate the outputs, run :func:`simulate_block`, return the dict."""
    n = int(rules[I_PLAYERS])
    cap = int(rules[I_TURN_CAP])
    out = new_stats(n, cap)
    if record is None:
        record = np.empty((0, log_length(n, cap)), dtype=np.int16)
    size = hash_size(rules)
    simulate_block(
        state, n_games, rules, bot_policies, bot_params, rotate, record,
        np.zeros(size, dtype=np.uint64), np.zeros(size, dtype=np.int64),
        out["games"], out["capped"], out["turns_hist"], out["poohead_bot"], out["poohead_rel"],
        out["games_bot_rel"], out["poohead_bot_rel"], out["place_bot"], out["place_rel"],
    )  # fmt: skip
    return out


# --- the start of the game alone (exact facts, P6) ---------------------------------------------


@njit(nogil=True, cache=True)
def start_block(state, n_deals, rules, out_rank, out_ties, out_starter):
    """Deal ``n_deals`` times and find the start (P2, P3 off, P6). ``out_rank`` (``int64[14]``)
    counts the start rank by index (13: nobody holds an ordinary card), ``out_ties``
    (``int64[1]``) the deals needing a tie-break, ``out_starter`` (``int64[n]``) the starters."""
    n = rules[I_PLAYERS]
    obs = np.zeros(L.OBS_SIZE, dtype=np.int64)
    hand = np.zeros((n, N_RANKS), dtype=np.int64)
    down = np.zeros((n, TABLE), dtype=np.int64)
    failed = np.zeros((n, N_RANKS), dtype=np.int64)
    deck = np.empty(DECK, dtype=np.int64)
    g = np.zeros(G_SIZE, dtype=np.int64)
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


# numba's cache only watches this file; the kernels also inline agents.py and layout.py
# Every cached function of this module, not only the entry points: a callee keeps its own cache
# entry, keyed on its own file, and a caller recompiled after an edit elsewhere links it as cached.
track_sources(
    *[
        f
        for f in list(globals().values())
        if getattr(f, "py_func", None) and f.__module__ == __name__
    ]
)
