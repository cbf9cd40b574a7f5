"""Poohead bots as ``(policy id, parameter array)``, decided by the jitted :func:`act` and
:func:`choose_swap`.

A bot sees only its observation (``bits.py``, P21): its own hand and failed flips, the pile,
the burnt cards, every face-up card, hand and face-down counts, the draw pile's size and the cards
publicly known in each hand. Randomness comes from the block state passed in, so a decision is a
function of (observation, legal mask, stream) only.

- ``random`` (0): a legal action uniformly at random; a random swap.
- ``cheap:swap=keep``, ``cheap:swap=random`` (and the same for ``cheap+``): the bot, but keeping
  the dealt face-up cards or swapping at random (to measure what the swap is worth).
- ``cheap`` (1): swaps its three most valuable cards face up (10 > 2 > A > K > ... > 3), plays
  the cheapest legal rank (3 .. A, then 2, then 10) with all its copies, keeps 2s and 10s for
  emergencies (after a 10 with ``ten_replay=may`` it passes rather than spend one), never picks
  up by choice.
- ``cheap+`` (2): ``cheap`` with a learned swap and a loop-breaker. The swap takes the face-up
  triple with the lowest P(Poohead) in the face-up table (``faceup_table.py``, learned from
  our own games).
  The loop-breaker (section 6 of the rulings): right after a pick-up of a pile topped by a 9,
  it does not lead a 9 it picked up itself (publicly known in its hand) onto the empty pile if
  it holds another ordinary rank. Between ``cheap`` bots 9s led onto an empty pile against
  players holding only J-A go round the table for ever (a stall); the breaker ends most of
  them at no cost in strength.
- ``pimc`` (3), ``pimc:samples=S,horizon=H``: perfect-information Monte Carlo. For each legal
  action it samples ``S`` (default 16) deals of the cards it cannot see that agree with its
  observation, plays each out with ``cheap`` for everybody (at most ``H`` turns, default 600,
  else a stall), and takes the action that made it the Poohead least often. Swaps like
  ``cheap``. ``pimc:cutoff=on`` stops an action's deals once it cannot beat the best and a
  playout once the bot is out (the same decision rule from fewer draws).
- ``ismcts`` (4), ``ismcts:iterations=I,horizon=H,explore=C`` (default 200, 600 and 0.7):
  single-observer information-set Monte Carlo tree search over the same sampler; see
  :func:`ismcts_play`. Swaps like ``cheap`` (``ismcts:swap=keep`` keeps the dealt face-up
  cards, ``ismcts:swap=random`` swaps at random, as ``cheap``'s do). ``ismcts:cutoff=on`` stops
  iterating once the most visited root action cannot be overtaken (the same action in fewer
  iterations); ``cutoff=X`` below 1 once it leads by more than X times the iterations left.

The names, parameters, defaults and ranges are :data:`~headcount_lab.games.poohead.bots.MENU`.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.rng import below, partial_shuffle
from headcount_lab.games.poohead import bits as L
from headcount_lab.games.poohead.bits import (
    G_CUR,
    G_N_ACTIVE,
    G_N_OUT,
    G_REPLAY_MAY,
    G_SIZE,
    G_START_RANK,
    G_TURNS,
    apply_call,
)
from headcount_lab.games.poohead.bots import (
    CHEAP,
    CHEAP_PLUS,
    ISMCTS,
    MAX_ITERATIONS,
    MENU,
    PIMC,
    RANDOM,
    SWAP_NONE,
    SWAP_OWN,
    SWAP_RANDOM,
)
from headcount_lab.games.poohead.faceup_table import table as faceup_table
from headcount_lab.games.poohead.rules import (
    CHEAPEST_FIRST,
    COPIES,
    DECK,
    FLIP,
    HAND,
    I_BOMB_ANYTIME,
    I_FINISH_ON_SPECIAL,
    I_MIX_SOURCES,
    I_NO_NINE_ON_EMPTY,
    N_ACTIONS,
    N_RANKS,
    NINE,
    PASS,
    PICK_UP,
    PLAYERS_MAX,
    TABLE,
    TEN,
    TWO,
)

POLICIES = {name: p.id for name, p in MENU.policies.items()}
P_SAMPLES = 0  # pimc: determinisations per legal action; ismcts: iterations per decision
P_HORIZON = 1  # turns a rollout may last before it counts as a stall
P_EXPLORE = 2  # ismcts: the UCB exploration constant
P_PIMC_CUTOFF = 2  # pimc: skip deals and turns that cannot change the decision (0 off, 1 on)
P_ISMCTS_CUTOFF = 3  # ismcts: stop once the most visited root action is settled (0 off, 1 on)
P_SWAP = 0  # cheap, cheap+: how to swap (SWAP_OWN, SWAP_NONE, SWAP_RANDOM)
P_ISMCTS_SWAP = 4  # ismcts: how to swap (SWAP_OWN: cheap's rule, SWAP_NONE, SWAP_RANDOM)
N_PARAMS = 5

# Scratch of the search bots (``int64[WORK_SIZE]``): a whole game state to play forward.
W_OBS = 0
W_HAND = W_OBS + L.OBS_SIZE
W_DOWN = W_HAND + PLAYERS_MAX * N_RANKS
W_FAILED = W_DOWN + PLAYERS_MAX * TABLE
W_DECK = W_FAILED + PLAYERS_MAX * N_RANKS
W_G = W_DECK + DECK
W_ORDER = W_G + G_SIZE
W_POOL = W_ORDER + PLAYERS_MAX
# the ismcts tree: a node per iteration at most, children by action id
MAX_NODES = MAX_ITERATIONS + 1
W_CHILD = W_POOL + DECK
W_VISITS = W_CHILD + MAX_NODES * N_ACTIONS
W_REWARD = W_VISITS + MAX_NODES
W_AVAIL = W_REWARD + MAX_NODES
W_MOVER = W_AVAIL + MAX_NODES
W_PATH = W_MOVER + MAX_NODES
WORK_SIZE = W_PATH + MAX_NODES


def new_work() -> np.ndarray:
    return np.zeros(WORK_SIZE, dtype=np.int64)


_CHEAPEST = np.array(CHEAPEST_FIRST, dtype=np.int64)
# index of a sorted rank triple a <= b <= c among the 455 (``faceup_table.TRIPLES`` order)
TRIPLE = np.full((N_RANKS, N_RANKS, N_RANKS), -1, dtype=np.int64)
_t = 0
for _a in range(N_RANKS):
    for _b in range(_a, N_RANKS):
        for _c in range(_b, N_RANKS):
            TRIPLE[_a, _b, _c] = _t
            _t += 1
N_TRIPLES = _t
#: the learned face-up table, ``[players - 2, triple]`` (see ``faceup.py``; a copy: numba
#: freezes a global array into the machine code, and core.jitcache keys it on faceup_table.JIT_DATA)
_FACEUP = np.array(faceup_table(), dtype=np.float64)
# subset index of the positions (a, b, c), a < b < c < 6, in rules.swap_subsets() order
_SUBSET_INDEX = np.full((6, 6, 6), -1, dtype=np.int64)
_k = 0
for _a in range(6):
    for _b in range(_a + 1, 6):
        for _c in range(_b + 1, 6):
            _SUBSET_INDEX[_a, _b, _c] = _k
            _k += 1


def policy_params(names: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Policy ids (``int64[n]``) and parameters (``float64[n, N_PARAMS]``) for bot specs such as
    ``pimc:samples=32,horizon=300`` (:data:`~headcount_lab.games.poohead.bots.MENU`): a bot's
    values, in the order of its parameters, fill the start of its row."""
    return MENU.arrays(names, N_PARAMS)


@L.njit_fast
def subset_of(obs, chosen_rank, chosen_count):
    """Subset index choosing, of the six cards in ``obs`` (sorted by rank index), the last
    ``chosen_count[r]`` positions of every rank ``r`` (a ``chosen_rank`` bit mask)."""
    p0 = p1 = p2 = -1
    at = 0
    for r in range(N_RANKS):
        c = obs[L.OFF_OWN + r]
        if (chosen_rank >> r) & 1:
            u = (chosen_count >> (3 * r)) & 7
            for j in range(at + c - u, at + c):
                if p0 < 0:
                    p0 = j
                elif p1 < 0:
                    p1 = j
                else:
                    p2 = j
        at += c
    return _SUBSET_INDEX[p0, p1, p2]


@L.njit_fast
def cheap_swap(obs):
    """Subset index of the three most valuable of the six cards (10 > 2 > A > ... > 3)."""
    need = 3
    ranks = 0
    counts = 0
    for i in range(N_RANKS - 1, -1, -1):
        r = _CHEAPEST[i]
        c = obs[L.OFF_OWN + r]
        take = c if c < need else need
        if take > 0:
            ranks |= 1 << r
            counts |= take << (3 * r)
            need -= take
        if need == 0:
            break
    return subset_of(obs, ranks, counts)


@L.njit_fast
def _rank_at(obs, j):
    """Rank of position ``j`` of the six cards in ``obs``, sorted by rank index."""
    for r in range(N_RANKS):
        c = obs[L.OFF_OWN + r]
        if j < c:
            return r
        j -= c
    return -1


@L.njit_fast
def _value(obs, table, a, b, c):
    return _FACEUP[table, TRIPLE[_rank_at(obs, a), _rank_at(obs, b), _rank_at(obs, c)]]


@L.njit_fast
def table_swap(obs):
    """The ``cheap+`` swap: of the 20 choices, the one whose face-up triple has the lowest value
    in the learned table (``faceup.py``), ``cheap``'s choice unless another is strictly lower."""
    table = obs[L.O_PLAYERS] - 2
    chosen = cheap_swap(obs)
    a0, b0, c0 = _positions(chosen)
    low = _value(obs, table, a0, b0, c0)
    i = 0
    for a in range(6):
        for b in range(a + 1, 6):
            for c in range(b + 1, 6):
                v = _value(obs, table, a, b, c)
                if v < low:
                    low = v
                    chosen = i
                i += 1
    return chosen


@L.njit_fast
def _positions(index):
    i = 0
    for a in range(6):
        for b in range(a + 1, 6):
            for c in range(b + 1, 6):
                if i == index:
                    return a, b, c
                i += 1
    return 0, 1, 2


@L.njit_fast
def swap_setting(policy, params):
    """How a seat chooses its face-up cards: ``SWAP_OWN`` (its bot's rule), ``SWAP_NONE`` or
    ``SWAP_RANDOM``, from the ``swap`` of ``cheap``, ``cheap+`` and ``ismcts`` (other bots:
    their own rule)."""
    if CHEAP <= policy <= CHEAP_PLUS:
        return params[P_SWAP]
    if policy == ISMCTS:
        return params[P_ISMCTS_SWAP]
    return SWAP_OWN


@L.njit_fast
def choose_swap(policy, params, state, obs):
    """P3: the swap of the seat in ``obs`` (phase swap), an index into ``swap_subsets()``."""
    if policy == RANDOM:
        return below(state, 20)
    how = swap_setting(policy, params)
    if how == SWAP_NONE:
        # keep the dealt face-up cards: of each rank, as many as were dealt face up
        me = obs[L.O_SEAT]
        ranks = 0
        counts = 0
        for r in range(N_RANKS):
            u = obs[L.OFF_UP + N_RANKS * me + r]
            if u:
                ranks |= 1 << r
                counts |= u << (3 * r)
        return subset_of(obs, ranks, counts)
    if how == SWAP_RANDOM:
        return below(state, 20)
    if policy == CHEAP_PLUS:
        return table_swap(obs)
    return cheap_swap(obs)


# most copies in a 4-bit group of the legal mask (bit k-1 set: k copies may be played)
_HIGH = np.array([0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4], dtype=np.int64)


@L.njit_fast
def _best_count(mask, r):
    """Most copies of rank ``r`` the mask lets one play, 0 if none."""
    return _HIGH[(mask >> uint64(4 * r)) & uint64(15)]


@L.njit_fast
def cheap_play(mask, skip_rank):
    """Cheapest legal rank with all its copies (``skip_rank`` is passed over if anything else
    is legal); pass rather than spend a 2 or 10; else flip or pick up."""
    for i in range(N_RANKS):
        r = _CHEAPEST[i]
        if r == skip_rank:
            continue
        k = _best_count(mask, r)
        if k:
            if L.has(mask, PASS) and (r in (TWO, TEN)):
                return PASS
            return r * 4 + k - 1
    if skip_rank >= 0:
        k = _best_count(mask, skip_rank)
        if k:
            return skip_rank * 4 + k - 1
    if L.has(mask, FLIP):
        return FLIP
    if L.has(mask, PICK_UP):
        return PICK_UP
    return PASS


@L.njit_fast
def cheap_plus_play(obs, mask):
    """``cheap`` with the loop-breaker (see the module docstring)."""
    me = obs[L.O_SEAT]
    skip = -1
    if (
        obs[L.O_TOP] < 0
        and obs[L.O_SOURCE] == HAND
        and obs[L.OFF_KNOWN + N_RANKS * me + NINE] > 0
        and obs[L.O_LAST_PICK_TOP] == NINE
    ):
        skip = NINE
    return cheap_play(mask, skip)


@L.njit_fast
def _sample(state, obs, work, n):
    """One determinisation (section 4 of the rulings) of what the seat in ``obs`` cannot see,
    written into ``work`` as a whole game state. The unseen cards (the pack less its own hand,
    every face-up card, the pile, the burnt cards and the cards known in other hands) are
    shuffled into the other hands' unknown places, every face-down slot and the draw pile."""
    me = obs[L.O_SEAT]
    pool = work[W_POOL : W_POOL + DECK]
    m = 0
    for r in range(N_RANKS):
        c = COPIES - obs[L.OFF_OWN + r] - obs[L.OFF_PILE + r] - obs[L.OFF_BURNT + r]
        for s in range(n):
            c -= obs[L.OFF_UP + N_RANKS * s + r]
            if s != me:
                c -= obs[L.OFF_KNOWN + N_RANKS * s + r]
        for _ in range(c):
            pool[m] = r
            m += 1
    partial_shuffle(state, pool[:m], m - 1 if m > 1 else 0)
    for i in range(L.OBS_SIZE):
        work[W_OBS + i] = obs[i]
    at = 0
    for s in range(n):
        known = 0
        for r in range(N_RANKS):
            if s == me:
                h = obs[L.OFF_OWN + r]
                work[W_FAILED + N_RANKS * s + r] = obs[L.OFF_OWN_FAILED + r]
            else:
                h = obs[L.OFF_KNOWN + N_RANKS * s + r]
                work[W_FAILED + N_RANKS * s + r] = 0
            work[W_HAND + N_RANKS * s + r] = h
            known += h
        if s != me:
            for _ in range(obs[L.OFF_HAND_N + s] - known):
                work[W_HAND + N_RANKS * s + pool[at]] += 1
                at += 1
        for j in range(TABLE):
            if j < obs[L.OFF_DOWN_N + s]:
                work[W_DOWN + TABLE * s + j] = pool[at]
                at += 1
            else:
                work[W_DOWN + TABLE * s + j] = -1
    for i in range(DECK - obs[L.O_DRAW_LEFT], DECK):
        work[W_DECK + i] = pool[at]
        at += 1


@L.njit_fast
def _views(work):
    """The sampled game state in ``work``: obs, hand, down, failed, deck, g, order."""
    return (
        work[W_OBS : W_OBS + L.OBS_SIZE],
        work[W_HAND : W_HAND + PLAYERS_MAX * N_RANKS].reshape((PLAYERS_MAX, N_RANKS)),
        work[W_DOWN : W_DOWN + PLAYERS_MAX * TABLE].reshape((PLAYERS_MAX, TABLE)),
        work[W_FAILED : W_FAILED + PLAYERS_MAX * N_RANKS].reshape((PLAYERS_MAX, N_RANKS)),
        work[W_DECK : W_DECK + DECK],
        work[W_G : W_G + G_SIZE],
        work[W_ORDER : W_ORDER + PLAYERS_MAX],
    )


@L.njit_fast
def _start(obs, mask, g, n):
    """Who moves and the counters of the sampled state: the seat of ``obs``, now."""
    for i in range(G_SIZE):
        g[i] = 0
    active = 0
    for s in range(n):
        if (obs[L.O_ACTIVE] >> s) & 1:
            active += 1
    g[G_CUR] = obs[L.O_SEAT]
    g[G_N_ACTIVE] = active
    g[G_N_OUT] = n - active
    g[G_START_RANK] = -1
    g[G_REPLAY_MAY] = 1 if L.has(mask, PASS) else 0


@L.njit_fast
def plain_rules(rules):
    """True when the rules leave ``cheap``'s choice to :func:`cheap_plain`: no ``mix_sources``
    (P5), no ``bomb_anytime`` (P12), ``finish_on_special`` on (P18) and no
    ``no_nine_on_empty``."""
    return (
        rules[I_MIX_SOURCES] == 0
        and rules[I_BOMB_ANYTIME] == 0
        and rules[I_FINISH_ON_SPECIAL] != 0
        and rules[I_NO_NINE_ON_EMPTY] == 0
    )


@L.njit_inlined
def cheap_plain(obs, hand, g, s):
    """``cheap_play(legal_mask(...), -1)`` for seat ``s`` under :func:`plain_rules`, without
    building the mask: the first rank in ``cheap``'s order that may go on the pile (P8, P14,
    P15; the bound start rank, P7) with all its copies, a pass instead of a 2 or 10 when a
    pass is legal (P11), else pick up (P9); from the face-down cards a flip (P17). Under those
    rules no play is barred for finishing (P18) and none adds face-up cards (P5), so every
    count of a playable rank is legal and ``cheap`` takes them all (``tests/poohead``
    compares the two on every turn of whole games)."""
    if obs[L.OFF_HAND_N + s] > 0:
        from_hand = True
    elif L.up_total(obs, s) > 0:
        from_hand = False
    else:
        return FLIP
    top = obs[L.O_TOP]
    bound = g[G_START_RANK]
    for i in range(N_RANKS):
        r = _CHEAPEST[i]
        if bound >= 0 and r != bound:
            continue
        c = hand[s, r] if from_hand else obs[L.OFF_UP + N_RANKS * s + r]
        if c > 0 and L.can_play(r, top, 1, False):
            if g[G_REPLAY_MAY] != 0 and r in (TWO, TEN):
                return PASS
            return r * 4 + c - 1
    return PICK_UP


@L.njit_fast
def _cheap_to_the_end(state, rules, wobs, hand, down, failed, deck, g, order, n, horizon, until):
    """``cheap`` for every seat until the game ends or ``horizon`` turns, or seat ``until`` is
    out (-1: play on). The rules of play are inlined here (the playouts are most of a search
    bot's time) and under :func:`plain_rules` the choice skips the legal mask
    (:func:`cheap_plain`, the same action)."""
    plain = plain_rules(rules)
    while g[G_N_ACTIVE] > 1 and g[G_TURNS] < horizon:
        s = g[G_CUR]
        if plain:
            b = cheap_plain(wobs, hand, g, s)
        else:
            m = L.legal_mask(wobs, hand, rules, g, s, wobs[L.O_DRAW_LEFT])
            b = L.nth_bit(m, 0) if m & (m - uint64(1)) == 0 else cheap_play(m, -1)
        L.apply(wobs, hand, down, failed, deck, rules, g, order, state, b, n)
        if s == until and not (wobs[L.O_ACTIVE] >> s) & 1:
            break


@L.njit_fast
def _score(wobs, g, seat):
    """A seat's outcome of a played-out state: 2 out, 1 still in a stalled game, 0 Poohead."""
    if not (wobs[L.O_ACTIVE] >> seat) & 1:
        return 2
    return 0 if g[G_N_ACTIVE] == 1 else 1


@L.njit_fast
def _playout(state, obs, mask, rules, work, a, horizon, cutoff):
    """Play action ``a`` in the sampled state of ``work`` and the rest of the game with
    ``cheap`` everywhere: 2 if the seat of ``obs`` ends as the Poohead, 1 for a stall (no end
    within ``horizon`` turns), else 0. With ``cutoff`` the playout ends as soon as that seat is
    out (its 0 is settled then)."""
    n = obs[L.O_PLAYERS]
    wobs, hand, down, failed, deck, g, order = _views(work)
    _start(obs, mask, g, n)
    apply_call(wobs, hand, down, failed, deck, rules, g, order, state, a, n)
    me = obs[L.O_SEAT]
    until = me if cutoff else -1
    _cheap_to_the_end(state, rules, wobs, hand, down, failed, deck, g, order, n, horizon, until)
    return 2 - _score(wobs, g, me)


@L.njit_fast
def ismcts_play(params, state, obs, mask, rules, work):
    """Single-observer information-set MCTS: every iteration samples a deal of the unseen
    cards (as ``pimc`` does), walks the tree of actions by UCB among the actions legal in that
    deal (counting how often each was available), adds one node, plays out with ``cheap`` and
    credits each node to the player who moved into it (2 out, 1 stall, 0 Poohead). The root
    action visited most is played."""
    n = obs[L.O_PLAYERS]
    iterations = int(params[P_SAMPLES])
    horizon = int(params[P_HORIZON])
    explore = params[P_EXPLORE]
    cutoff = params[P_ISMCTS_CUTOFF]
    child = work[W_CHILD : W_CHILD + MAX_NODES * N_ACTIONS]
    visits = work[W_VISITS : W_VISITS + MAX_NODES]
    reward = work[W_REWARD : W_REWARD + MAX_NODES]
    avail = work[W_AVAIL : W_AVAIL + MAX_NODES]
    mover = work[W_MOVER : W_MOVER + MAX_NODES]
    path = work[W_PATH : W_PATH + MAX_NODES]
    for a in range(N_ACTIONS):
        child[a] = -1
    nodes = 1
    for it in range(iterations):
        _sample(state, obs, work, n)
        wobs, hand, down, failed, deck, g, order = _views(work)
        _start(obs, mask, g, n)
        node = 0
        depth = 0
        while g[G_N_ACTIVE] > 1 and g[G_TURNS] < horizon:
            s = g[G_CUR]
            m = mask if node == 0 else L.legal_mask(wobs, hand, rules, g, s, wobs[L.O_DRAW_LEFT])
            untried = 0
            mm = m
            while mm:
                a = L.nth_bit(mm, 0)
                mm &= mm - uint64(1)
                if child[node * N_ACTIONS + a] < 0:
                    untried += 1
            expand = untried > 0
            if expand:
                if nodes == MAX_NODES:
                    break
                j = below(state, untried)
                mm = m
                pick = -1
                while mm:
                    a = L.nth_bit(mm, 0)
                    mm &= mm - uint64(1)
                    if child[node * N_ACTIONS + a] < 0:
                        if j == 0:
                            pick = a
                            break
                        j -= 1
                new = nodes
                nodes += 1
                for b in range(N_ACTIONS):
                    child[new * N_ACTIONS + b] = -1
                visits[new] = 0
                reward[new] = 0
                avail[new] = 0
                mover[new] = s
                child[node * N_ACTIONS + pick] = new
                mm = m
                while mm:
                    a = L.nth_bit(mm, 0)
                    mm &= mm - uint64(1)
                    if child[node * N_ACTIONS + a] >= 0:
                        avail[child[node * N_ACTIONS + a]] += 1
                best, best_a = new, pick
            else:
                best = -1
                best_a = -1
                best_v = -1.0
                mm = m
                while mm:
                    a = L.nth_bit(mm, 0)
                    mm &= mm - uint64(1)
                    c = child[node * N_ACTIONS + a]
                    avail[c] += 1
                    v = reward[c] / (2.0 * visits[c]) + explore * np.sqrt(
                        np.log(avail[c]) / visits[c]
                    )
                    if v > best_v:
                        best, best_a, best_v = c, a, v
            # one inlined copy of the rules for both steps (the tree's turns are about an
            # eighth of an iteration's)
            L.apply(wobs, hand, down, failed, deck, rules, g, order, state, best_a, n)
            path[depth] = best
            depth += 1
            if expand:
                break
            node = best
        # typed, not -1: a literal would compile _cheap_to_the_end a second time (2.8 s cold)
        _cheap_to_the_end(state, rules, wobs, hand, down, failed, deck, g, order, n, horizon,
                          np.int64(-1))  # fmt: skip
        for i in range(depth):
            c = path[i]
            visits[c] += 1
            reward[c] += _score(wobs, g, mover[c])
        if cutoff > 0:
            # settled (cutoff 1): the iterations left cannot change the root action played;
            # below 1 the search also stops on a lead that more iterations would rarely undo
            _, lead, second = _root_leader(child, visits, mask)
            if lead - max(second, 0) > cutoff * (iterations - 1 - it):
                break
    return _root_leader(child, visits, mask)[0]


@L.njit_fast
def _root_leader(child, visits, mask):
    """The root action :func:`ismcts_play` plays (the most visited, the lowest action id on
    ties), its visits and the most visits of another legal action (-1: never tried)."""
    best = -1
    lead = -1
    second = -1
    mm = mask
    while mm:
        a = L.nth_bit(mm, 0)
        mm &= mm - uint64(1)
        c = child[a]
        v = visits[c] if c >= 0 else -1
        if v > lead:
            best, lead, second = a, v, lead
        elif v > second:
            second = v
    return best, lead, second


@L.njit_fast
def pimc_play(params, state, obs, mask, rules, work):
    """Perfect-information Monte Carlo: for every legal action, the same number of
    determinisations played out with ``cheap``; the action with the fewest Poohead outcomes
    (stalls count half) wins, the lowest action id on ties. With ``cutoff`` an action's deals
    stop once its score cannot beat the best so far, and each playout once this seat is out:
    the same decision from fewer draws (so later draws of the stream differ)."""
    n = obs[L.O_PLAYERS]
    samples = int(params[P_SAMPLES])
    horizon = int(params[P_HORIZON])
    cutoff = params[P_PIMC_CUTOFF] != 0
    best = -1
    best_score = 0
    m = mask
    while m:
        a = L.nth_bit(m, 0)
        m &= m - uint64(1)
        score = 0
        for _ in range(samples):
            _sample(state, obs, work, n)
            score += _playout(state, obs, mask, rules, work, a, horizon, cutoff)
            if cutoff and best >= 0 and score >= best_score:
                break
        if best < 0 or score < best_score:
            best, best_score = a, score
    return best


@L.njit_fast
def act(policy, params, state, obs, mask, rules, work):
    """The action (see ``rules.py``) of the seat in ``obs`` given its legal ``mask`` (``uint64``,
    bit ``a`` set when action ``a`` is legal). ``rules`` is the rules array, ``work`` the search
    bots' scratch (``int64[WORK_SIZE]``)."""
    if policy == RANDOM:
        return L.nth_bit(mask, below(state, L.popcount(mask)))
    if policy == CHEAP:
        return cheap_play(mask, -1)
    if policy == CHEAP_PLUS:
        return cheap_plus_play(obs, mask)
    if policy == PIMC:
        return pimc_play(params, state, obs, mask, rules, work)
    return ismcts_play(params, state, obs, mask, rules, work)


# Every cached function of this module, not only the entry points: a callee keeps its own cache
# entry, keyed on its own file, and a caller recompiled after an edit elsewhere links it as cached.
track_sources(
    *[
        f
        for f in list(globals().values())
        if getattr(f, "py_func", None) and f.__module__ == __name__
    ]
)
