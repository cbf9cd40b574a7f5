"""Foolish Faces bots as ``(policy id, parameter array)``, decided by one jitted :func:`act`.

A bot sees only its observation (``bits.observe``, F13): its own hand, its own face-down plays
and the Jokers it was dealt; the stock; every face-up play with its seat and target; the seats of
the face-down plays; hats; tricks and points taken; the scores. Randomness comes from the block
stream passed in, so a decision is a function of (observation, stream) only.

- ``random`` (0): a legal action uniformly at random; never Party Crasher.
- ``rules`` (1), the rule of thumb: an exact belief over who holds the unseen Jokers (uniform over
  the hidden card slots: the others' hands and face-down plays, F3), hence the chance that each
  seat is on its team; for every legal action the provisional winner of the trick (exact when
  last, else assuming the players still to come play face down), valued as the trick's face-up
  points for or against its team (weighted by the Lone Fool multiplier when known), minus the
  worth of the card spent, minus a No Tricks bonus it would lose by winning its first trick, plus
  a bonus denied by a King naming a trickless opponent; Party Crasher whenever it may.
- ``pimc`` (2): determinised Monte Carlo. For ``samples`` consistent deals of the unseen cards
  (into the others' hands and face-down plays, so each sample fixes the teams), every legal
  action is played and the round finished with ``rules`` for everyone; it takes the action with
  the best mean :func:`search_reward` (F19: a round-level objective unless ``win``). With
  ``more`` the better half of the actions gets that many more deals (successive halving).
- ``ismcts`` (3): information-set MCTS from one seat (:func:`ismcts_act`): the root like
  ``pimc`` on the rule of thumb's ``top`` plays, ``samples`` deals each, and below each root play
  a tree over my later information sets whose edges are public (another seat's face-down play
  is one edge), the others played by ``rules``, my own later turns searched over the rule of
  thumb's ``deep`` best plays (tried in its order, one more every ``widen`` visits, then UCB1).
  One tree spans every sample, so it does not plan as if it knew the teams.

Parameters (``float64[N_PARAMS]``, one meaning per slot for every bot): ``samples`` (pimc
samples, ismcts deals per root play),
``keep`` (weight of a card's worth), ``duck`` (share of the No Tricks bonus weighed when winning
a first trick), ``deny`` (share of an opponent's bonus weighed when a King names them), ``crash``
(1: show Party Crasher when allowed), ``ucb`` (ismcts: the exploration constant, for rewards
in points / 40), ``top`` (pimc, ismcts: search only the ``top`` plays the rule of thumb values
highest, :func:`rules_top`; 0 searches every legal play), ``win`` (the search bots' objective,
:func:`search_reward`), ``more`` (pimc), ``deep`` and ``widen`` (ismcts). The ``rules`` part is
used by the search bots' rollouts too.
"""

from __future__ import annotations

import numpy as np
from numba import uint64

from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.rng import below
from headcount_lab.games.foolish.bits import (
    A_CRASH,
    A_KING,
    A_QUEEN,
    A_UP,
    CRASH_BIT,
    JOKER,
    MAXN,
    NT,
    OFF_DOWNS,
    OFF_DOWNT,
    OFF_HANDS,
    OFF_HELD,
    OFF_JOK,
    OFF_LEFT,
    OFF_SCORES,
    OFF_SEEN,
    OFF_STOCK,
    OFF_TSEAT,
    OFF_TTGT,
    OFF_TTYPE,
    OFF_TUP,
    OFF_UPJ,
    OFF_WON,
    S_BONUS,
    S_CRASHED,
    S_FOOLS,
    S_HATS,
    S_LEN,
    S_MULT,
    S_N,
    S_ROUND,
    S_ROUNDS,
    S_SEAT,
    STATE_SIZE,
    close_trick,
    covered_into,
    decode,
    legal_mask,
    lone_self,
    njit_fast,
    njit_inlined,
    nth_bit,
    play,
    popcount,
    push,
    round_over,
    score_round,
    seat_at,
    to_move,
    trick_points,
    winner_seat,
)
from headcount_lab.games.foolish.bots import FILL, MAX_NODES

RANDOM = 0
RULES = 1
PIMC = 2
ISMCTS = 3
POLICIES = {"random": RANDOM, "rules": RULES, "pimc": PIMC, "ismcts": ISMCTS}

P_SAMPLES = 0
P_KEEP = 1
P_DUCK = 2
P_DENY = 3
P_CRASH = 4
P_UCB = 5
P_TOP = 6
P_WIN = 7
P_MORE = 8
P_DEEP = 9
P_WIDEN = 10
P_RACE = 11
N_PARAMS = 12
PARAM_NAMES = (
    "samples", "keep", "duck", "deny", "crash", "ucb", "top", "win", "more", "deep", "widen",
    "race",
)  # fmt: skip
DEFAULTS = dict(zip(PARAM_NAMES, FILL, strict=True))
DEFAULT_SAMPLES = 8
DEFAULT_ITERATIONS = 64
#: tree columns: children by public edge (37 action ids; edge 0 is another seat's face-down play)
T_COLS = 37
#: UCB reads rewards as round points / REWARD_SCALE; the exploration constant is ``ucb``
REWARD_SCALE = 40.0
#: scratch ``cov``: the covered flags of a trick (``MAXN``), then :func:`trick_base`'s summary
COV_SIZE = MAXN + 8
#: ``race`` (:func:`_race`): a root play can be dropped after this many deals, or an eighth of
#: the deals (``samples``) if that is more
RACE_FROM = 4
#: scratch ``vals``: 64 values by play (:func:`rules_top`, ``pimc``'s sums), then ``race``'s sums,
#: this deal's rewards (64 each) and cross products (``RACE_STRIDE`` squared) by play position
R_SUM = 64
R_REW = 128
R_CROSS = 192
RACE_STRIDE = 40
VALS_SIZE = R_CROSS + RACE_STRIDE * RACE_STRIDE

#: worth of keeping a card, by type (A .. 10, J, Q, K, Joker): spend the cheap ones first
KEEP = np.array(
    [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.6, 0.8, 1.2, 1.6, 1.4], dtype=np.float64
)
#: the deck by type (F1)
DECK_COUNTS = np.array([4] * 13 + [2], dtype=np.int64)


def policy_params(names: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Policy ids (``int64[k]``) and parameters (``float64[k, N_PARAMS]``) for bot specs such as
    ``pimc:samples=16`` or ``rules:keep=0.3,duck=0`` (:data:`.bots.MENU`: named parameters,
    unknown or out-of-range ones refused)."""
    from headcount_lab.games.foolish.bots import MENU, SLOTS

    return MENU.arrays(names, N_PARAMS, SLOTS, FILL)


# --- random -------------------------------------------------------------------------------------


@njit_fast
def random_act(rng, mask):
    """Uniform over the legal actions, Party Crasher excluded."""
    mask &= ~CRASH_BIT
    return nth_bit(mask, below(rng, popcount(mask)))


# --- rules --------------------------------------------------------------------------------------


@njit_fast
def _comb2(a, k):
    """C(a, k) for k in 0..2 as a float."""
    if k == 0:
        return 1.0
    if k == 1:
        return float(a)
    return a * (a - 1) / 2.0


@njit_fast
def team_beliefs(obs, me, pteam):
    """F3 from what seat ``me`` sees: ``pteam[s]`` is the chance that seat ``s`` is on my team.

    ``obs`` is my observation or the full state (only my own Jokers and public fields are read).
    Unseen Jokers lie uniformly in the hidden slots (the others' hands and face-down plays); a
    seat with a hat is a Fool. Returns ``(lone_me, lone_known_against_me)``."""
    n = obs[S_N]
    myj = obs[OFF_JOK + me]
    stockj = obs[OFF_STOCK + JOKER]
    shown = 0
    total = 0
    for s in range(n):
        if s != me:
            shown += obs[OFF_UPJ + s]
            total += obs[OFF_LEFT + s] + obs[OFF_DOWNS + s]
    u = 2 - stockj - myj - shown
    hats = obs[S_HATS]
    lone_me = lone_self(obs, me)
    lone_against = False
    for s in range(n):
        if s == me:
            pteam[s] = 1.0
            continue
        slots = obs[OFF_LEFT + s] + obs[OFF_DOWNS + s]
        if (hats >> s) & 1:
            pfool = 1.0
        elif u <= 0 or total == 0:
            pfool = 0.0
        else:
            pfool = 1.0 - _comb2(total - slots, u) / _comb2(total, u)
        if myj > 0:
            pteam[s] = 0.0 if lone_me else pfool
        else:
            pteam[s] = 1.0 - pfool
            if obs[OFF_UPJ + s] == 2 or (stockj == 1 and (hats >> s) & 1):
                lone_against = True
    if myj == 0 and stockj == 1:
        lone_against = True
    return lone_me, lone_against


@njit_fast
def trick_outcome(obs, me, a, cov):
    """``(winner, points)`` of the trick if I (seat ``me``) play ``a`` and the players still to
    come play face down (exact when I am last). Writes the trick's slots after its last card."""
    n = obs[S_N]
    m = obs[S_LEN]
    t, up, tgt = decode(a, me, n)
    push(obs, me, t, up, tgt)
    for i in range(m + 1, n):  # the rest assumed face down
        push(obs, seat_at(me, i - m, n), 0, 0, -1)
    w = winner_seat(obs, cov)
    pts = trick_points(obs)
    obs[S_LEN] = m
    return w, pts


@njit_fast
def trick_base(obs, me, cov, base):
    """What my (seat ``me``) play cannot change in the trick in play (F8-F11), into ``base``
    (``int64[8]``): the first uncovered King's name, uncovered Jacks, the first highest and
    first lowest uncovered ranked cards (seat, rank), the face-up count, the first seat still
    to come after me (-1 if I am last)."""
    n = obs[S_N]
    m = obs[S_LEN]
    covered_into(obs, cov)
    king = -1
    jacks = 0
    hi_seat = -1
    hi_rank = 0
    lo_seat = -1
    lo_rank = 0
    ups = 0
    for i in range(m):
        up = obs[OFF_TUP + i]
        ups += up
        if cov[i] == 1:
            continue
        t = obs[OFF_TTYPE + i]
        if up == 1:
            if t == 12:
                if king < 0:
                    king = obs[OFF_TTGT + i]
                continue
            if t == 10:
                jacks += 1
                continue
            if t == 11:
                continue
            r = 11 if t == JOKER else t + 1
        else:
            r = 0
        seat = obs[OFF_TSEAT + i]
        if hi_seat < 0 or r > hi_rank:
            hi_seat = seat
            hi_rank = r
        if lo_seat < 0 or r < lo_rank:
            lo_seat = seat
            lo_rank = r
    base[0] = king
    base[1] = jacks
    base[2] = hi_seat
    base[3] = hi_rank
    base[4] = lo_seat
    base[5] = lo_rank
    base[6] = ups
    base[7] = seat_at(me, 1, n) if m < n - 1 else -1


@njit_inlined
def quick_outcome(obs, me, a, base):
    """:func:`trick_outcome` for a play that is not a face-up Queen, from :func:`trick_base`."""
    t, up, tgt = decode(a, me, obs[S_N])
    pts = base[6] + up
    if base[0] >= 0:
        return base[0], pts
    if up == 1 and t == 12:
        return tgt, pts
    low = (base[1] + (1 if up == 1 and t == 10 else 0)) & 1
    seat = base[4] if low else base[2]
    rank = base[5] if low else base[3]
    if up == 0 or t != 10:
        r = 0 if up == 0 else (11 if t == JOKER else t + 1)
        if seat < 0 or (r < rank if low else r > rank):
            seat = me
            rank = r
    if base[7] >= 0 and (seat < 0 or (low and rank > 0)):
        seat = base[7]
    return seat, pts


@njit_inlined
def rules_value(obs, me, a, w, pts, pteam, lone_me, lone_against, params):
    """The rule of thumb's value of action ``a`` whose trick goes to ``w`` with ``pts`` points
    (see the module docstring)."""
    t, up, tgt = decode(a, me, obs[S_N])
    q = 1.0 if w == me else (pteam[w] if w >= 0 else 0.0)
    mult = float(obs[S_MULT])
    gain = mult if lone_me else 1.0
    loss = mult if lone_against else 1.0
    v = q * pts * gain - (1.0 - q) * pts * loss
    v -= params[P_KEEP] * KEEP[t]
    bonus = float(obs[S_BONUS] * obs[S_ROUND])
    if w == me and obs[OFF_WON + me] == 0:
        v -= params[P_DUCK] * bonus
    if up == 1 and t == 12 and obs[OFF_WON + tgt] == 0:
        v += params[P_DENY] * bonus * (1.0 - pteam[tgt])
    return v


@njit_fast
def rules_act(obs, mask, params, cov, pteam):
    """The rule-of-thumb action for the observation ``obs`` (legal ``mask``):
    :func:`rules_act_at` for the seat that observes."""
    return rules_act_at(obs, obs[S_SEAT], mask, params, cov, pteam)


@njit_fast
def rules_act_at(obs, me, mask, params, cov, pteam):
    """The rule-of-thumb action of seat ``me`` (legal ``mask``). ``obs`` is the seat's
    observation or the full state itself: the rule of thumb reads only the seat's own hand and
    Jokers and public fields (F13), so a rollout need not copy the observation out of the state
    (it writes only the trick's slots after its last card, which nothing reads).

    The trick as it stands is summed up once (:func:`trick_base`); each play other than a Queen
    then finds its winner in a few comparisons. Only the cheapest face-down card is weighed (they
    all give the same trick, and ``KEEP`` has no ties)."""
    if mask & CRASH_BIT and params[P_CRASH] > 0.5:
        return A_CRASH
    mask &= ~CRASH_BIT
    lone_me, lone_against = team_beliefs(obs, me, pteam)
    best = -1
    best_v = -1e300
    base = cov[MAXN:]
    trick_base(obs, me, cov, base)
    # Face-down plays differ only in the card spent (F9): keep the cheapest, drop the others.
    downs = mask & uint64((1 << A_UP) - 1)
    if downs:
        cheapest = nth_bit(downs, 0)
        d = downs
        while d:
            t = nth_bit(d, 0)
            d &= d - uint64(1)
            if KEEP[t] < KEEP[cheapest]:
                cheapest = t
        mask = (mask & ~downs) | (uint64(1) << uint64(cheapest))
    m = mask
    while m:
        a = nth_bit(m, 0)
        m &= m - uint64(1)
        v = play_value(obs, me, a, base, cov, pteam, lone_me, lone_against, params)
        if v > best_v:
            best_v = v
            best = a
    return best


@njit_inlined
def play_value(obs, me, a, base, cov, pteam, lone_me, lone_against, params):
    """The rule of thumb's value of play ``a`` (not Party Crasher) by seat ``me``, the trick
    summed up in ``base`` by :func:`trick_base`."""
    if A_QUEEN <= a < A_KING:
        w, pts = trick_outcome(obs, me, a, cov)
    else:
        w, pts = quick_outcome(obs, me, a, base)
    return rules_value(obs, me, a, w, pts, pteam, lone_me, lone_against, params)


@njit_fast
def rules_top(obs, mask, params, cov, pteam, vals, k):
    """:func:`rules_top_at` for the seat that observes ``obs``."""
    return rules_top_at(obs, obs[S_SEAT], mask, params, cov, pteam, vals, k)


@njit_fast
def rules_top_at(obs, me, mask, params, cov, pteam, vals, k):
    """The sub-mask of the ``k`` plays of ``mask`` that the rule of thumb values highest (every
    face-down type on its own; Party Crasher always kept; ties to the lower action id); all of
    ``mask`` when ``k`` is 0 or it holds at most ``k`` plays. ``vals`` is ``float64[64]``
    scratch. The search bots' candidate filter (``top``). ``obs`` as in :func:`rules_act_at`."""
    if k <= 0 or popcount(mask) <= k:
        return mask
    lone_me, lone_against = team_beliefs(obs, me, pteam)
    base = cov[MAXN:]
    trick_base(obs, me, cov, base)
    n_act = 0
    m = mask
    while m:
        a = nth_bit(m, 0)
        m &= m - uint64(1)
        if a == A_CRASH:
            vals[n_act] = 1e300
        else:
            vals[n_act] = play_value(obs, me, a, base, cov, pteam, lone_me, lone_against, params)
        n_act += 1
    out = uint64(0)
    for _ in range(k):
        best = -1
        for i in range(n_act):
            if vals[i] > -1e299 and (best < 0 or vals[i] > vals[best]):
                best = i
        vals[best] = -1e300
        out |= uint64(1) << uint64(nth_bit(mask, best))
    return out


# --- pimc ---------------------------------------------------------------------------------------


@njit_fast
def determinise(rng, obs, samp, buf):
    """A full state ``samp`` consistent with ``obs`` (F13): the unseen cards (54 less own hand,
    own face-down plays, stock and every face-up card) shuffled into the other seats' hands and
    face-down plays; Jokers dealt and the Fools follow from where the Jokers land."""
    n = obs[S_N]
    me = obs[S_SEAT]
    for i in range(STATE_SIZE):
        samp[i] = obs[i]
    samp[S_SEAT] = -1
    k = 0
    for t in range(NT):
        c = (
            DECK_COUNTS[t]
            - obs[OFF_HANDS + me * NT + t]
            - obs[OFF_DOWNT + me * NT + t]
            - obs[OFF_STOCK + t]
            - obs[OFF_SEEN + t]
        )
        for _ in range(c):
            buf[k] = t
            k += 1
    for i in range(k - 1):
        j = i + below(rng, k - i)
        x = buf[i]
        buf[i] = buf[j]
        buf[j] = x
    pos = 0
    fools = 0
    for s in range(n):
        if s == me:
            if obs[OFF_JOK + me] > 0:
                fools |= 1 << s
            continue
        for t in range(NT):
            samp[OFF_HANDS + s * NT + t] = 0
            samp[OFF_DOWNT + s * NT + t] = 0
        for _ in range(obs[OFF_LEFT + s]):
            samp[OFF_HANDS + s * NT + buf[pos]] += 1
            pos += 1
        for _ in range(obs[OFF_DOWNS + s]):
            samp[OFF_DOWNT + s * NT + buf[pos]] += 1
            pos += 1
        held = 0
        for t in range(NT):
            if samp[OFF_HANDS + s * NT + t] > 0:
                held |= 1 << t
        samp[OFF_HELD + s] = held
        j = samp[OFF_HANDS + s * NT + JOKER] + samp[OFF_DOWNT + s * NT + JOKER] + obs[OFF_UPJ + s]
        samp[OFF_JOK + s] = j
        if j > 0:
            fools |= 1 << s
    for i in range(obs[S_LEN]):  # face-down types in the trick never matter to the rules
        if obs[OFF_TUP + i] == 0:
            samp[OFF_TTYPE + i] = 0
    samp[S_FOOLS] = fools
    return fools


@njit_fast
def _step(S, seat, a, cov):
    """Play ``a`` for ``seat`` in the full state ``S`` (Party Crasher ends the round, F18)."""
    if a == A_CRASH:
        S[S_CRASHED] = 1
    else:
        play(S, seat, a)
        if S[S_LEN] == S[S_N]:
            close_trick(S, cov)


@njit_fast
def rollout(S, params, cov, pteam):
    """Finish the round in ``S`` with the rule of thumb in every seat."""
    while not round_over(S):
        seat = to_move(S)
        mask = legal_mask(S, seat, cov)
        if mask & (mask - uint64(1)) == 0:
            a = nth_bit(mask, 0)
        else:
            a = rules_act_at(S, seat, mask, params, cov, pteam)
        _step(S, seat, a, cov)


@njit_fast
def pimc_act(rng, obs, mask, params, cov, pteam, samp, trial, buf, vals, scores):
    """Determinised Monte Carlo over ``params[P_SAMPLES]`` samples (see the module docstring)."""
    k = int(params[P_SAMPLES])
    if params[P_TOP] > 0:
        mask = rules_top(obs, mask, params, cov, pteam, vals, int(params[P_TOP]))
    n_act = popcount(mask)
    for i in range(n_act):
        vals[i] = 0.0
    z = params[P_RACE]
    alive = _pimc_pass(
        rng, obs, mask, mask, k, z, params, cov, pteam, samp, trial, buf, vals, scores
    )
    n_alive = popcount(alive)
    for i in range(n_act):
        if not _in(mask, alive, i):
            vals[i] = -1e300  # dropped by the race: never chosen
    more = int(params[P_MORE])
    if more > 0 and n_alive > 2:
        # successive halving: the better half gets ``more`` samples on top; every survivor has
        # seen the same deals, so the comparison stays paired
        keep = uint64(0)
        for _ in range((n_alive + 1) // 2):
            b = -1
            for i in range(n_act):
                if not _in(mask, keep, i) and (b < 0 or vals[i] > vals[b]):
                    b = i
            keep |= uint64(1) << uint64(nth_bit(mask, b))
        _pimc_pass(
            rng, obs, mask, keep, more, 0.0, params, cov, pteam, samp, trial, buf, vals, scores
        )
        for i in range(n_act):
            if not _in(mask, keep, i):
                vals[i] = -1e300
    best = 0
    for i in range(1, n_act):
        if vals[i] > vals[best]:
            best = i
    return nth_bit(mask, best)


@njit_inlined
def _in(mask, alive, i):
    """Is the play at position ``i`` of ``mask`` in ``alive``?"""
    return (alive >> uint64(nth_bit(mask, i))) & uint64(1) != 0


@njit_fast
def _race(vals, mask, alive, k, z, first):
    """``race``: after deal ``k`` (from 1), whose reward for each ``alive`` play (a sub-mask of
    ``mask``) is at ``vals[R_REW + i]``, ``i`` its position in ``mask``: add the rewards to the
    plays' sums and cross products, and from ``first`` deals on drop every play whose
    mean trails the leader's by more than ``z`` standard errors of their paired difference
    (every alive play has been played out on the same deals), or that equals the leader on
    every deal. Returns the plays still alive."""
    n = popcount(mask)
    for i in range(n):
        if _in(mask, alive, i):
            r = vals[R_REW + i]
            vals[R_SUM + i] += r
            for j in range(n):
                if _in(mask, alive, j):
                    vals[R_CROSS + i * RACE_STRIDE + j] += r * vals[R_REW + j]
    if k < first:
        return alive
    b = -1
    for i in range(n):
        if _in(mask, alive, i) and (b < 0 or vals[R_SUM + i] > vals[R_SUM + b]):
            b = i
    bb = vals[R_CROSS + b * RACE_STRIDE + b]
    out = alive
    for i in range(n):
        if i == b or not _in(mask, alive, i):
            continue
        d = (vals[R_SUM + b] - vals[R_SUM + i]) / k
        ss = bb - 2.0 * vals[R_CROSS + b * RACE_STRIDE + i] + vals[R_CROSS + i * RACE_STRIDE + i]
        var = max(ss / k - d * d, 0.0) * k / (k - 1.0)  # of the paired difference
        if d > z * np.sqrt(var / k) or (var == 0.0 and d >= 0.0):
            out &= ~(uint64(1) << uint64(nth_bit(mask, i)))
    return out


@njit_fast
def _race_reset(vals, n_act):
    for i in range(n_act):
        vals[R_SUM + i] = 0.0
        for j in range(n_act):
            vals[R_CROSS + i * RACE_STRIDE + j] = 0.0


@njit_fast
def _pimc_pass(rng, obs, mask, keep, k, z, params, cov, pteam, samp, trial, buf, vals, scores):
    """``k`` deals, each played out after every action of ``keep`` (a sub-mask of ``mask``);
    adds each action's reward to ``vals`` at its position in ``mask``. With ``z`` > 0 the
    actions race (:func:`_race`): a dropped action gets no more rollouts, and the pass stops
    when one is left. Returns the actions still in (``keep`` when ``z`` is 0)."""
    me = obs[S_SEAT]
    if z > 0:
        _race_reset(vals, popcount(mask))
    for d in range(k):
        determinise(rng, obs, samp, buf)
        i = 0
        m = mask
        while m:
            a = nth_bit(m, 0)
            m &= m - uint64(1)
            if (keep >> uint64(a)) & uint64(1):
                for x in range(STATE_SIZE):
                    trial[x] = samp[x]
                _step(trial, me, a, cov)
                rollout(trial, params, cov, pteam)
                score_round(trial, trial[S_FOOLS], scores)
                r = search_reward(trial, me, scores, params[P_WIN])
                vals[i] += r
                if z > 0:
                    vals[R_REW + i] = r
            i += 1
        if z > 0:
            keep = _race(vals, mask, keep, d + 1, z, max(RACE_FROM, k // 8))
            if keep & (keep - uint64(1)) == 0:
                break
    return keep


@njit_fast
def search_reward(S, me, scores, win):
    """What the search bots maximise for seat ``me`` at the end of a played-out round ``S``
    (round ``scores``). ``win`` 0: my round score minus the others' mean. ``win`` > 0: my round
    score minus the mean of the other team's (the sample fixes the teams; my partners' scores
    and No Tricks bonuses are no loss to me), and in the game's last round plus ``win`` times my
    share of the game win (F17, ties split), so that a bot that is behind or ahead plays for
    the win, not for points (F19)."""
    n = S[S_N]
    if win <= 0.0:
        others = 0.0
        for s in range(n):
            if s != me:
                others += scores[s]
        return scores[me] - others / (n - 1)
    fools = S[S_FOOLS]
    mine = (fools >> me) & 1
    opp = 0.0
    k = 0
    for s in range(n):
        if ((fools >> s) & 1) != mine:
            opp += scores[s]
            k += 1
    v = float(scores[me]) - opp / k if k > 0 else 0.0
    if S[S_ROUND] == S[S_ROUNDS]:
        best = -(1 << 62)
        ties = 0
        for s in range(n):
            t = S[OFF_SCORES + s] + scores[s]
            if t > best:
                best = t
                ties = 1
            elif t == best:
                ties += 1
        if S[OFF_SCORES + me] + scores[me] == best:
            v += win / ties
    return v


@njit_fast
def _new_node(tree, stats, used):
    for c in range(T_COLS):
        tree[used, c] = -1
    stats[used, 0] = 0.0
    stats[used, 1] = 0.0
    return used + 1


@njit_fast
def _descend(me, node, used, params, cov, pteam, trial, tree, stats, path, vals):
    """One ISMCTS iteration below a root play, on the sample ``trial``: the others play the rule
    of thumb on what they see of the sample (read in place, :func:`rules_act_at`); the tree
    follows the public edges (a face-down play of another seat is edge 0, F13), so each of my
    nodes is one of my information sets. At my nodes the plays are the rule of thumb's ``deep``
    best; a node tries its plays in the rule of thumb's order, one more every ``widen`` visits,
    then chooses by UCB1. The round is finished with ``rules``. Returns the nodes used; the path
    of nodes, for the backup, is in ``path`` (its length in ``path[63]``)."""
    depth = 0
    cap = MAX_NODES - 64
    deep = int(params[P_DEEP])
    widen = params[P_WIDEN]
    c_ucb = params[P_UCB]
    while node >= 0 and not round_over(trial) and depth < 60:
        seat = to_move(trial)
        lm = legal_mask(trial, seat, cov)
        if seat != me:
            if lm & (lm - uint64(1)) == 0:
                a = nth_bit(lm, 0)
            else:
                a = rules_act_at(trial, seat, lm, params, cov, pteam)
            e = 0 if a < A_UP else a
            ch = tree[node, e]
            if ch < 0 and used < cap:
                ch = used
                used = _new_node(tree, stats, used)
                tree[node, e] = ch
            _step(trial, seat, a, cov)
            node = ch
        else:
            cand = rules_top_at(trial, me, lm, params, cov, pteam, vals, deep)
            tried = uint64(0)
            m = cand
            while m:
                x = nth_bit(m, 0)
                m &= m - uint64(1)
                if tree[node, x] >= 0:
                    tried |= uint64(1) << uint64(x)
            visits = stats[node, 1]
            untried = cand & ~tried
            if untried and (tried == 0 or popcount(tried) < 1 + visits // widen):
                # rules_top keeps Party Crasher even for a bot with crash=0, which rules_act
                # would then never pick: left alone it is tried as it is
                if untried == CRASH_BIT:
                    a = A_CRASH
                else:
                    a = rules_act_at(trial, me, untried, params, cov, pteam)
                ch = -1
                if used < cap:
                    ch = used
                    used = _new_node(tree, stats, used)
                    tree[node, a] = ch
                _step(trial, seat, a, cov)
                if ch >= 0:
                    path[depth] = ch
                    depth += 1
                break  # expanded: the rule of thumb takes it from here
            best_u = -1e300
            a = -1
            m = tried
            log_v = np.log(max(visits, 1.0))
            while m:
                x = nth_bit(m, 0)
                m &= m - uint64(1)
                c = tree[node, x]
                u = stats[c, 0] / (stats[c, 1] * REWARD_SCALE) + c_ucb * np.sqrt(
                    log_v / stats[c, 1]
                )
                if u > best_u:
                    best_u = u
                    a = x
            _step(trial, seat, a, cov)
            node = tree[node, a]
        if node >= 0:
            path[depth] = node
            depth += 1
    path[63] = depth
    if not round_over(trial):
        rollout(trial, params, cov, pteam)
    return used


@njit_fast
def ismcts_act(rng, obs, mask, params, cov, pteam, samp, trial, vals, scores, tree, stats, path):
    """Information-set MCTS from my seat (Cowling, Powley and Whitehouse 2012), with the rule of
    thumb as the model of the others and as the prior of my own later plays.

    The root is searched like ``pimc``: each of ``params[P_SAMPLES]`` consistent deals is played
    out after every one of the rule of thumb's ``top`` best plays, so the plays are compared on
    the same deals. Below each root play a tree over my later information sets
    (:func:`_descend`) improves my own later plays on the rule of thumb, so a root play is valued
    by how I would go on, not by how ``rules`` would. It takes the root play with the best mean
    :func:`search_reward`. With ``race`` the root plays race as in ``pimc`` (:func:`_race`).

    ``vals`` (``float64[VALS_SIZE]``), ``tree`` (``int64[MAX_NODES, T_COLS]``: children by
    public edge), ``stats`` (``float64[MAX_NODES, 2]``: reward sum, visits) and ``path``
    (``int64[128]``: the path, then the sampler's buffer) are scratch."""
    me = obs[S_SEAT]
    k = int(params[P_SAMPLES])
    z = params[P_RACE]
    if params[P_TOP] > 0:
        mask = rules_top(obs, mask, params, cov, pteam, vals, int(params[P_TOP]))
    used = _new_node(tree, stats, 0)
    m = mask
    while m:
        a = nth_bit(m, 0)
        m &= m - uint64(1)
        tree[0, a] = used
        used = _new_node(tree, stats, used)
    alive = mask
    if z > 0:
        _race_reset(vals, popcount(mask))
    for d in range(k):
        determinise(rng, obs, samp, path[64:])
        m = alive
        while m:
            a = nth_bit(m, 0)
            m &= m - uint64(1)
            for x in range(STATE_SIZE):
                trial[x] = samp[x]
            _step(trial, me, a, cov)
            root = tree[0, a]
            used = _descend(me, root, used, params, cov, pteam, trial, tree, stats, path, vals)
            score_round(trial, trial[S_FOOLS], scores)
            r = search_reward(trial, me, scores, params[P_WIN])
            stats[root, 0] += r
            stats[root, 1] += 1.0
            for p in range(path[63]):
                stats[path[p], 0] += r
                stats[path[p], 1] += 1.0
            if z > 0:
                vals[R_REW + popcount(mask & ((uint64(1) << uint64(a)) - uint64(1)))] = r
        if z > 0:
            alive = _race(vals, mask, alive, d + 1, z, max(RACE_FROM, k // 8))
            if alive & (alive - uint64(1)) == 0:
                break
    best = -1
    m = alive  # the plays still alive have seen the same deals
    while m:
        a = nth_bit(m, 0)
        m &= m - uint64(1)
        if best < 0 or stats[tree[0, a], 0] > stats[tree[0, best], 0]:
            best = a
    return best


@njit_fast
def act(policy, params, rng, obs, mask, cov, pteam, samp, trial, buf, vals, scores, tree, stats):
    """The action of bot ``policy`` for observation ``obs`` with legal ``mask`` (``uint64``).

    Scratch: ``cov`` ``int64[COV_SIZE]``, ``pteam`` ``float64[MAXN]``, ``samp``/``trial``
    ``int64[STATE_SIZE]``, ``buf`` ``int64[128]``, ``vals`` ``float64[VALS_SIZE]``, ``scores``
    ``int64[MAXN]``, ``tree``/``stats`` the ISMCTS tree (see :class:`Work`)."""
    if policy == RANDOM:
        return random_act(rng, mask)
    if policy == RULES:
        return rules_act(obs, mask, params, cov, pteam)
    if policy == PIMC:
        return pimc_act(rng, obs, mask, params, cov, pteam, samp, trial, buf, vals, scores)
    return ismcts_act(
        rng, obs, mask, params, cov, pteam, samp, trial, vals, scores, tree, stats, buf
    )


class Work:
    """Scratch arrays for :func:`act`, allocated once per block."""

    def __init__(self) -> None:
        self.cov = np.zeros(COV_SIZE, dtype=np.int64)
        self.pteam = np.zeros(MAXN, dtype=np.float64)
        self.samp = np.zeros(STATE_SIZE, dtype=np.int64)
        self.trial = np.zeros(STATE_SIZE, dtype=np.int64)
        self.buf = np.zeros(128, dtype=np.int64)
        self.vals = np.zeros(VALS_SIZE, dtype=np.float64)
        self.scores = np.zeros(MAXN, dtype=np.int64)
        self.tree = np.zeros((MAX_NODES, T_COLS), dtype=np.int64)
        self.stats = np.zeros((MAX_NODES, 2), dtype=np.float64)

    def call(
        self, policy: int, params: np.ndarray, rng: np.ndarray, obs: np.ndarray, mask: int
    ) -> int:
        return int(
            act(
                policy, params, rng, obs, np.uint64(mask), self.cov, self.pteam, self.samp,
                self.trial, self.buf, self.vals, self.scores, self.tree, self.stats,
            )
        )  # fmt: skip


# numba's cache only watches a function's own file; the bots also call bits.py. Every cached
# function here is tracked, not only the entry point: a caller compiled afresh links the cached
# machine code of the functions it calls, which would otherwise go stale after an edit of bits.py.
track_sources(*[f for f in list(globals().values()) if getattr(f, "py_func", None) and
                f.py_func.__module__ == __name__])  # fmt: skip
