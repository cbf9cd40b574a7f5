"""Forehead Whist bots as ``(policy id, parameter array)``, decided by one jitted :func:`act`.

A bot sees only its observation (see ``kernels.py``): its own hand (nothing in a blind hand),
the trump card, the bids, the tricks, the cards played so far and the suits players have shown
void in, and in a blind hand the other players' foreheads (W9). Randomness comes from the block
state passed in, so a bot's decision is a function of (observation, stream) only.

- ``random`` (0): a legal bid or card uniformly at random.
- ``heuristic`` (1): bids the rounded count of likely tricks (high trumps, side aces and kings
  discounted for later rounds, ruffs from voids) and plays to make its bid exactly: while it
  needs tricks it wins as cheaply as it safely can, once it has them it ducks with its highest
  losing card.
- ``montecarlo`` (2): deals the unseen cards at random consistently with what it has seen,
  plays each sample out with ``heuristic`` for everyone, and takes the bid (and, if
  ``play_samples > 0``, the card) with the best total score. Parameters (``float64[N_PARAMS]``,
  named on the command line, ``montecarlo:bid_samples=64,play_samples=8``):
  ``[bid_samples, play_samples, bid_width, listen, stop, read, bids]``; bids further than
  ``bid_width`` from the heuristic bid are not tried. With ``listen=2`` (besides the blind
  bids of ``listen=1``) each bid sample is weighted by the chance that the seats that bid
  before would have bid as they did holding the sampled hands (the bid model at
  :data:`LISTEN_SPREAD`), so the bids shift the samples towards the deals they suggest; with
  ``listen=3`` each card-play sample is weighted likewise by the tricks the other seats still
  need. With ``bids=heuristic`` (opt-in) the earlier bids are read instead as a field of
  ``heuristic`` bots makes them, exactly: a bid sample is drawn again until every earlier
  bidder would have bid what it did holding its sampled hand (:func:`heuristic_bids_agree`, at
  most :data:`EXACT_TRIES` draws), and the samples count alike.
  With ``stop=Z > 0`` (``[..., stop]``, opt-in) a decision drops, every :data:`STOP_EVERY`
  samples, the options that the leader beats by more than ``Z`` standard errors of the paired
  mean difference (:func:`prune`), and stops sampling when one is left.

In a blind one-card hand every bot bids from the exact probability that its unseen card takes
the trick (the same count as ``exact.py``), taking the bid with the higher expected score that the
dealer's restriction allows. With ``listen=1`` (``heuristic`` and ``montecarlo``, 3 and 4
players) it bids instead as the exact equilibrium of seats that read the earlier bids
(``equilibrium.py``); the match kernel looks that bid up before it would call :func:`act`.
"""

from __future__ import annotations

import math

import numpy as np
from numba import uint64

from headcount_lab.core.jitcache import track_module
from headcount_lab.core.rng import below, partial_shuffle
from headcount_lab.games.whist.bits import (
    MAX_SEATS,
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
    O_WIN_SEAT,
    OBS_SIZE,
    OFF_BIDS,
    OFF_TRICK,
    OFF_TRICKS,
    OFF_VISIBLE,
    OFF_VOIDS,
    above,
    beats,
    bit,
    highest,
    legal_mask,
    lowest,
    mask_at,
    next_seat,
    njit_inlined,
    njit_without_refcounts,
    popcount,
    put_card,
    rank_of,
    start_play,
    suit_mask,
    suit_of,
)
from headcount_lab.games.whist.bots import MENU as MENU
from headcount_lab.games.whist.bots import MONTECARLO, RANDOM, SLOTS
from headcount_lab.games.whist.bots import POLICIES as POLICIES

P_BID_SAMPLES = 0
P_PLAY_SAMPLES = 1
P_BID_WIDTH = 2
P_LISTEN = 3
P_STOP = 4
P_READ = 5
P_BIDS = 6
N_PARAMS = 7


def policy_params(names: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Policy ids (``int64[n]``) and parameters (``float64[n, N_PARAMS]``) for bot specs such as
    ``montecarlo:bid_samples=64,play_samples=8`` (:class:`~headcount_lab.core.botspec.BotMenu`).
    """
    return MENU.arrays(names, N_PARAMS, SLOTS)


# --- shared pieces ----------------------------------------------------------------------------


@njit_without_refcounts
def forbidden(obs):
    """W5: the value the acting seat may not bid (only the dealer has one), or -1."""
    seat = obs[O_SEAT]
    if seat != obs[O_DEALER] or not obs[O_RESTRICTION]:
        return -1
    total = 0
    for s in range(obs[O_PLAYERS]):
        if s != seat:
            total += obs[OFF_BIDS + s]
    v = obs[O_CARDS] - total
    return v if 0 <= v <= obs[O_CARDS] else -1


@njit_without_refcounts
def nth_card(mask, j):
    for _ in range(j):
        mask &= mask - uint64(1)
    return lowest(mask)


@njit_without_refcounts
def strength(c, trump_suit, ranks):
    """Order for choosing a low or high card: rank, trumps above every side card."""
    return rank_of(c, ranks) + (ranks if suit_of(c, ranks) == trump_suit else 0)


@njit_without_refcounts
def _trump_mask(trump_suit, ranks):
    return suit_mask(trump_suit, ranks) if trump_suit >= 0 else uint64(0)


@njit_without_refcounts
def pick_low(mask, trump_suit, ranks):
    """The weakest card of ``mask`` (lowest id on ties), by :func:`strength`. Suit by suit: a
    suit's weakest card is its lowest id, and on a tie between suits the earlier suit holds the
    lower id, so the first strict minimum over the suits in order is that card."""
    best = -1
    best_v = 1 << 30
    for s in range(4):
        m = mask & suit_mask(s, ranks)
        if m:
            c = lowest(m)
            v = c - s * ranks + (ranks if s == trump_suit else 0)
            if v < best_v:
                best_v = v
                best = c
    return best


@njit_without_refcounts
def pick_high(mask, trump_suit, ranks):
    """The strongest card of ``mask`` (lowest id on ties), by :func:`strength` (suit by suit, as
    :func:`pick_low`: a suit's strongest card is its highest id)."""
    best = -1
    best_v = -1
    for s in range(4):
        m = mask & suit_mask(s, ranks)
        if m:
            c = highest(m)
            v = c - s * ranks + (ranks if s == trump_suit else 0)
            if v > best_v:
                best_v = v
                best = c
    return best


@njit_without_refcounts
def bosses(mask, known, ranks):
    """Cards of ``mask`` with no unknown higher card left in their suit: in each suit, the cards
    from its highest unknown card up (all of them when none is unknown)."""
    out = uint64(0)
    for s in range(4):
        sm = suit_mask(s, ranks)
        m = mask & sm
        if m:
            u = sm & ~known
            out |= m if u == 0 else m & ~(bit(highest(u)) - uint64(1))
    return out


@njit_without_refcounts
def random_bid(state, k, forb):
    """A bid uniformly from 0..k without the forbidden value."""
    j = below(state, k if forb >= 0 else k + 1)
    return j + 1 if 0 <= forb <= j else j


# --- exact blind bid (W9) ---------------------------------------------------------------------


@njit_without_refcounts
def blind_counts(obs):
    """(cards the acting seat's unseen card can be, how many of them take the trick)."""
    possible, wins = blind_masks(obs)
    return popcount(possible), popcount(wins)


@njit_without_refcounts
def blind_masks(obs):
    """``uint64`` masks of the cards the acting seat's unseen card can be and of those among
    them that take the trick.

    My card wins if it beats the best card before it and no card after it beats it: a later
    card removes every candidate of its suit below it, and a later trump every side card.
    """
    n = obs[O_PLAYERS]
    ranks = 2 * n
    seat = obs[O_SEAT]
    leader = obs[O_LEADER]
    trump_suit = obs[O_TRUMP_SUIT]
    full = (uint64(1) << uint64(4 * ranks)) - uint64(1)
    known = uint64(0)
    if obs[O_TRUMP_CARD] >= 0:
        known |= bit(obs[O_TRUMP_CARD])
    for s in range(n):
        if s != seat:
            known |= bit(obs[OFF_VISIBLE + s])
    tmask = suit_mask(trump_suit, ranks) if trump_suit >= 0 else uint64(0)
    cand = full & ~known
    possible = cand
    pos = (seat - leader) % n
    best = -1
    for i in range(pos):
        c = obs[OFF_VISIBLE + next_seat(leader, i, n)]
        if best < 0 or beats(c, best, trump_suit, ranks):
            best = c
    if best >= 0:
        cand &= (
            above(best, ranks) if suit_of(best, ranks) == trump_suit else above(best, ranks) | tmask
        )
    for i in range(pos + 1, n):
        c = obs[OFF_VISIBLE + next_seat(leader, i, n)]
        cand &= ~(suit_mask(suit_of(c, ranks), ranks) & ((bit(c) << uint64(1)) - uint64(1)))
        if suit_of(c, ranks) == trump_suit:
            cand &= tmask
    return possible, cand


@njit_without_refcounts
def blind_bid(obs, forb):
    """Bid 1 iff E[score | 1] = 7p - 1 beats E[score | 0] = 5 - 6p, i.e. 13 p > 6 (W7)."""
    unseen, wins = blind_counts(obs)
    b = 1 if 13 * wins > 6 * unseen else 0
    if b == forb:
        b = 1 - b
    return b


# --- heuristic --------------------------------------------------------------------------------


def _chance_tables() -> tuple[np.ndarray, np.ndarray]:
    """``P_NONE_OUT[ranks, k, h]``: chance that none of ``h`` higher unseen cards is with an
    opponent, when each unseen card is out with ``q = (n-1) k / unseen``; ``SIDE[trump, j]``: the
    discount of a side card with ``j`` own higher cards in its suit (looked up, not computed, in
    the hot loop)."""
    p_none = np.zeros((13, 9, 13), dtype=np.float64)
    for n in range(3, 7):
        ranks = 2 * n
        for k in range(1, 9):
            unseen = 4 * ranks - k - (1 if k < 8 else 0)
            q = (n - 1) * k / unseen
            p = 1.0
            for h in range(13):
                p_none[ranks, k, h] = p
                p *= 1.0 - q
    side = np.zeros((2, 9), dtype=np.float64)
    for j in range(9):
        side[0, j] = 0.9 * 0.6**j  # no trump
        side[1, j] = 0.8 * 0.6**j
    return p_none, side


P_NONE_OUT, SIDE = _chance_tables()


@njit_without_refcounts
def estimate_tricks(hand, k, n, trump_card, trump_suit):
    """Expected tricks by a rough count: each card wins if no higher unseen card of its suit is
    held by an opponent, side cards discounted for the rounds of the suit before them, plus half
    a trick per void matched by a spare trump (low trump)."""
    known = hand
    if trump_card >= 0:
        known |= bit(trump_card)
    return estimate_known(hand, known, k, n, trump_suit)


@njit_without_refcounts
def estimate_known(hand, known, k, n, trump_suit):
    """:func:`estimate_tricks` of a hand of ``k`` cards when the cards of ``known`` (the hand,
    the trump card, and mid-hand the cards played) can no longer be with an opponent."""
    ranks = 2 * n
    has_trump = 1 if trump_suit >= 0 else 0
    e = 0.0
    spare = 0
    tm = _trump_mask(trump_suit, ranks)
    m = hand
    while m:
        c = lowest(m)
        m &= m - uint64(1)
        up = above(c, ranks)
        p = P_NONE_OUT[ranks, k, popcount(up & ~known)]
        if tm & bit(c):  # a trump
            e += p
            if p < 0.5:
                spare += 1
        else:
            e += p * SIDE[has_trump, popcount(up & hand)]
    if trump_suit >= 0 and k >= 3:
        voids = 0
        for s in range(4):
            if s != trump_suit and hand & suit_mask(s, ranks) == 0:
                voids += 1
        e += 0.5 * min(voids, spare)
    return e


@njit_without_refcounts
def heuristic_bid(hand, k, n, trump_card, trump_suit, forb):
    """The rounded estimate; if that is the dealer's forbidden value, the nearer neighbour."""
    return bid_from_estimate(estimate_tricks(hand, k, n, trump_card, trump_suit), k, forb)


@njit_without_refcounts
def bid_from_estimate(e, k, forb):
    """:func:`heuristic_bid` of a hand whose trick estimate is ``e``."""
    b = min(int(e + 0.5), k)
    if b == forb:
        if e > b and b < k:
            b += 1
        elif b > 0:
            b -= 1
        else:
            b += 1
    return b


@njit_without_refcounts
def heuristic_card(legal, need, known, w, last, trump_suit, ranks):
    """:func:`heuristic_play` on scalars: ``need`` is the seat's bid less its tricks, ``known``
    the cards it knows are not with an opponent (its hand, the cards played, the trump card),
    ``w`` the card winning the trick (-1 while leading), ``last`` whether it plays last."""
    if w < 0:  # leading
        if need > 0:
            boss = bosses(legal, known, ranks)
            tmask = _trump_mask(trump_suit, ranks)
            if boss & ~tmask:
                return lowest(boss & ~tmask)
            if boss:
                return lowest(boss)
        return pick_low(legal, trump_suit, ranks)
    # cards that would take the lead: higher in the winning card's suit, or any trump over a
    # side card (W6)
    win = legal & above(w, ranks)
    if trump_suit >= 0 and suit_of(w, ranks) != trump_suit:
        win |= legal & suit_mask(trump_suit, ranks)
    if need > 0:
        if win == 0:
            return pick_low(legal, trump_suit, ranks)
        if last:
            return pick_low(win, trump_suit, ranks)
        boss = bosses(win, known, ranks)
        if boss:
            return pick_low(boss, trump_suit, ranks)
        return pick_high(win, trump_suit, ranks)
    lose = legal & ~win
    if lose:
        return pick_high(lose, trump_suit, ranks)
    if last:
        return pick_high(legal, trump_suit, ranks)
    return pick_low(legal, trump_suit, ranks)


@njit_inlined
def heuristic_play(obs, legal):
    """Play to make the bid exactly: win cheaply while tricks are needed, duck after."""
    seat = obs[O_SEAT]
    known = mask_at(obs, O_HAND) | mask_at(obs, O_PLAYED)
    if obs[O_TRUMP_CARD] >= 0:
        known |= bit(obs[O_TRUMP_CARD])
    return heuristic_card(
        legal,
        obs[OFF_BIDS + seat] - obs[OFF_TRICKS + seat],
        known,
        obs[O_WIN_CARD],
        obs[O_IN_TRICK] == obs[O_PLAYERS] - 1,
        obs[O_TRUMP_SUIT],
        2 * obs[O_PLAYERS],
    )


@njit_without_refcounts
def playout_until(obs, hands, stop_seat, stop_at):
    """Play on with ``heuristic`` at every seat from ``obs`` (a trick may be under way; ``hands``,
    ``uint64[n]``, are the sampled hands) until the hand ends, or until seat ``stop_seat`` has
    just taken its ``stop_at``-th trick (then return True, at the trick's close). The state is
    kept in locals and written back at the end: the hands, the tricks and the trick's header
    fields (``O_PLAYED``, ``O_LEADER``, ``O_IN_TRICK``, ``O_LED_SUIT``, ``O_WIN_CARD``,
    ``O_WIN_SEAT``); the seat's ``trick`` cards and ``voids`` are not kept up (no heuristic
    decision reads them), nor ``O_SEAT`` and ``O_HAND``."""
    n = obs[O_PLAYERS]
    ranks = 2 * n
    must_trump = obs[O_MUST_TRUMP] != 0
    trump_suit = obs[O_TRUMP_SUIT]
    seen = bit(obs[O_TRUMP_CARD]) if obs[O_TRUMP_CARD] >= 0 else uint64(0)
    played = mask_at(obs, O_PLAYED)
    leader = obs[O_LEADER]
    in_trick = obs[O_IN_TRICK]
    led = obs[O_LED_SUIT]
    win_card = obs[O_WIN_CARD]
    win_seat = obs[O_WIN_SEAT]
    stopped = False
    while True:
        if in_trick == n:  # close_trick
            obs[OFF_TRICKS + win_seat] += 1
            leader = win_seat
            in_trick = 0
            led = -1
            win_card = -1
            if win_seat == stop_seat and obs[OFF_TRICKS + win_seat] == stop_at:
                stopped = True
                break
        if in_trick == 0 and hands[leader] == 0:
            break
        seat = next_seat(leader, in_trick, n)
        h = hands[seat]
        legal = legal_mask(h, led, trump_suit, must_trump, ranks)
        if legal & (legal - uint64(1)) == 0:
            c = lowest(legal)
        else:
            c = heuristic_card(
                legal,
                obs[OFF_BIDS + seat] - obs[OFF_TRICKS + seat],
                h | played | seen,
                win_card,
                in_trick == n - 1,
                trump_suit,
                ranks,
            )
        # put_card without the voids and the trick's cards
        cs = suit_of(c, ranks)
        hands[seat] = h & ~bit(c)
        played |= bit(c)
        if in_trick == 0:
            led = cs
            win_card = c
            win_seat = seat
        elif c > win_card if cs == suit_of(win_card, ranks) else cs == trump_suit:
            win_card = c
            win_seat = seat
        in_trick += 1
    obs[O_PLAYED] = np.int64(played)
    obs[O_LEADER] = leader
    obs[O_IN_TRICK] = in_trick
    obs[O_LED_SUIT] = led
    obs[O_WIN_CARD] = win_card
    obs[O_WIN_SEAT] = win_seat
    return stopped


@njit_without_refcounts
def playout(obs, hands):
    """Finish a hand with ``heuristic`` play at every seat from ``obs`` (a trick may be under
    way); ``hands`` (``uint64[n]``) are the (sampled) hands. Both are updated in place, as
    :func:`playout_until` says."""
    playout_until(obs, hands, -1, 0)


#: options of one decision that the stopping rule compares (bids 0..8, cards of a hand)
N_OPT = 16
WORK_SIZE = 3 * OBS_SIZE + MAX_SEATS + 2 * 48 + 3 * N_OPT + N_OPT * N_OPT
UWORK_SIZE = 3 * MAX_SEATS


def new_work() -> tuple[np.ndarray, np.ndarray]:
    """Scratch arrays for :func:`act`."""
    return np.zeros(WORK_SIZE, dtype=np.int64), np.zeros(UWORK_SIZE, dtype=np.uint64)


@njit_without_refcounts
def copy_into(dst, src):
    """Element by element, so that no temporary is allocated (the kernels run without NRT)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@njit_without_refcounts
def scratch(work, uwork, n):
    """Views of the scratch arrays: simulated observation, cards needed per seat, card pool,
    totals per option, dealt hands, simulated hands."""
    a = OBS_SIZE
    b = a + MAX_SEATS
    c = b + 48
    return (
        work[:a],
        work[a : a + n],
        work[b:c],
        work[c : c + 16],
        uwork[:n],
        uwork[MAX_SEATS : MAX_SEATS + n],
    )


@njit_without_refcounts
def scratch_more(work, uwork, n):
    """The rest of the scratch: the unseen cards in order (``int64[48]``), a second simulated
    observation and its hands (:func:`mc_bid` keeps a playout there to resume) and a third
    observation (:func:`mc_bid`'s start of play for one deal)."""
    a = OBS_SIZE + MAX_SEATS + 48 + 16
    b = a + 48 + OBS_SIZE
    return (
        work[a : a + 48],
        work[a + 48 : b],
        uwork[2 * MAX_SEATS : 2 * MAX_SEATS + n],
        work[b : b + OBS_SIZE],
    )


@njit_without_refcounts
def stop_scratch(work):
    """The stopping rule's scratch (:func:`prune`): the last sample's score of each
    option, the unweighted sums and the sums of squared paired differences."""
    a = 3 * OBS_SIZE + MAX_SEATS + 2 * 48 + N_OPT
    return work[a : a + N_OPT], work[a + N_OPT : a + 2 * N_OPT], work[a + 2 * N_OPT :]


@njit_without_refcounts
def clear_stats(sums, sq):
    for i in range(sums.shape[0]):
        sums[i] = 0
    for i in range(sq.shape[0]):
        sq[i] = 0


#: the stopping rule looks every ``STOP_EVERY`` samples, and drops an option that scored as
#: the leader on every sample after ``SAME_AFTER``
STOP_EVERY = 8
SAME_AFTER = 32


@njit_without_refcounts
def add_sample(score, sums, sq, alive):
    """Add one sample's scores of the options in ``alive`` (a bit mask over ``score``'s
    indices) to their sums and to the sums of squared paired differences
    ``sq[i * N_OPT + j]``, ``i < j``."""
    m = alive
    while m:
        i = lowest(m)
        m &= m - 1
        sums[i] += score[i]
        r = m
        while r:
            j = lowest(r)
            r &= r - 1
            d = score[i] - score[j]
            sq[i * N_OPT + j] += d * d


@njit_without_refcounts
def after_sample(score, sums, sq, alive, drawn, samples, z):
    """The stopping rule after sample ``drawn`` of ``samples``: count its ``score`` and, every
    ``STOP_EVERY`` samples, :func:`prune`; the options left."""
    add_sample(score, sums, sq, alive)
    if drawn % STOP_EVERY == 0 and drawn < samples:
        return prune(sums, sq, alive, drawn, z)
    return alive


@njit_without_refcounts
def best_alive(totals, alive):
    """The option of ``alive`` with the highest total (the lowest index on ties)."""
    best = -1
    m = alive
    while m:
        i = lowest(m)
        m &= m - 1
        if best < 0 or totals[i] > totals[best]:
            best = i
    return best


@njit_without_refcounts
def prune(sums, sq, alive, drawn, z):
    """The options of ``alive`` left after ``drawn`` samples: the leader (highest sum, the lowest
    index on ties) and those it does not beat by more than ``z`` standard errors of the mean
    paired difference. An option that scored the same as the leader on every one of at least
    ``SAME_AFTER`` samples goes too (cards that play alike; the leader is the lower index,
    which a tie would choose); before that it stays (dropping it after 8 samples lost
    strength: such options may differ on a rarer deal)."""
    best = best_alive(sums, alive)
    out = alive
    m = alive & ~(1 << best)
    while m:
        j = lowest(m)
        m &= m - 1
        d = np.float64(sums[best] - sums[j])
        q = np.float64(sq[best * N_OPT + j] if best < j else sq[j * N_OPT + best])
        # the mean difference d / m against its standard error sqrt((q / m - (d / m)^2) / (m - 1))
        if (q == 0.0 and drawn >= SAME_AFTER) or (
            q > 0.0
            and d > 0.0
            and d / drawn > z * math.sqrt((q / drawn - (d / drawn) ** 2) / (drawn - 1))
        ):
            out &= ~(1 << j)
    return out


# --- montecarlo -------------------------------------------------------------------------------

#: The bid model a listening montecarlo bot assumes of every other seat (a cheap proxy for the
#: heuristic and montecarlo bids, which both centre on the heuristic's trick estimate ``e``): a
#: seat with ``k`` cards bids ``b`` with chance ``(1 - NOISE) g(b - e) / sum_j g(j - e) +
#: NOISE / (k + 1)`` over ``j = 0..k``, where ``g(d) = exp(-d^2 / (2 SPREAD^2))``. The noise term
#: keeps a bid the model finds unlikely (a random bot's, a listener's) from zeroing every sample.
LISTEN_SPREAD = 0.75
LISTEN_NOISE = 0.05
#: sample weights are fixed point, ``WEIGHT_ONE`` = weight 1, so that the totals stay integers
#: (the scratch is ``int64``) and a bot that does not listen scores exactly as before
WEIGHT_ONE = 1 << 30


@njit_without_refcounts
def bid_likelihood(b, e, k):
    """The chance that a seat with ``k`` cards and trick estimate ``e`` bids ``b`` (the model
    above)."""
    total = 0.0
    mine = 0.0
    for j in range(k + 1):
        d = (j - e) / LISTEN_SPREAD
        g = math.exp(-0.5 * d * d)
        total += g
        if j == b:
            mine = g
    return (1.0 - LISTEN_NOISE) * mine / total + LISTEN_NOISE / (k + 1)


@njit_without_refcounts
def bids_weight(obs, hands, k):
    """Importance weight (fixed point) of a sampled deal ``hands`` before play: the chance that
    every seat that has bid would have bid what it did, holding its sampled hand."""
    n = obs[O_PLAYERS]
    p = 1.0
    for s in range(n):
        b = obs[OFF_BIDS + s]
        if s != obs[O_SEAT] and b >= 0:
            p *= bid_likelihood(
                b, estimate_tricks(hands[s], k, n, obs[O_TRUMP_CARD], obs[O_TRUMP_SUIT]), k
            )
    return np.int64(p * WEIGHT_ONE + 0.5)


#: ``bids=heuristic``: draws of a bid sample before the last one is kept as it is (a deal the
#: earlier bids make unlikely, or a field that does not bid as heuristic does)
EXACT_TRIES = 200


@njit_without_refcounts
def heuristic_bids_agree(obs, hands, k):
    """Whether every seat that has bid would have bid what it did as the heuristic bot bids,
    holding its hand in the sampled deal ``hands`` (``bids=heuristic``). The seats that bid
    before the acting one are never the dealer, who bids last, so no bid of theirs was
    forbidden (W5)."""
    n = obs[O_PLAYERS]
    for s in range(n):
        b = obs[OFF_BIDS + s]
        if (
            s != obs[O_SEAT]
            and b >= 0
            and heuristic_bid(hands[s], k, n, obs[O_TRUMP_CARD], obs[O_TRUMP_SUIT], -1) != b
        ):
            return False
    return True


@njit_without_refcounts
def needs_weight(obs, hands):
    """Importance weight (fixed point) of a sampled deal ``hands`` of the unplayed cards during
    play: for every other seat, the chance that a seat holding those cards would bid the tricks
    it still needs (its bid less its tricks), estimated with the cards played counted as known.
    Seats already over their bid, or with no cards left, say nothing."""
    n = obs[O_PLAYERS]
    known = mask_at(obs, O_PLAYED)
    if obs[O_TRUMP_CARD] >= 0:
        known |= bit(obs[O_TRUMP_CARD])
    p = 1.0
    for s in range(n):
        if s == obs[O_SEAT]:
            continue
        left = popcount(hands[s])
        need = obs[OFF_BIDS + s] - obs[OFF_TRICKS + s]
        if left == 0 or need < 0 or need > left:
            continue
        e = estimate_known(hands[s], known | hands[s], left, n, obs[O_TRUMP_SUIT])
        p *= bid_likelihood(need, e, left)
    return np.int64(p * WEIGHT_ONE + 0.5)


@njit_without_refcounts
def unseen_cards(obs, pool):
    """Write the cards the acting seat has not seen into ``pool`` in increasing order; their
    number."""
    ranks = 2 * obs[O_PLAYERS]
    seen = mask_at(obs, O_HAND) | mask_at(obs, O_PLAYED)
    if obs[O_TRUMP_CARD] >= 0:
        seen |= bit(obs[O_TRUMP_CARD])
    size = 0
    for c in range(4 * ranks):
        if not seen & bit(c):
            pool[size] = c
            size += 1
    return size


@njit_without_refcounts
def deal_pool(state, obs, need, tries, pool, out):
    """:func:`deal_unseen` from ``pool``, the unseen cards (in the order :func:`unseen_cards`
    writes them, for the same deals); ``pool`` is shuffled in place."""
    n = obs[O_PLAYERS]
    ranks = 2 * n
    seat = obs[O_SEAT]
    hand = mask_at(obs, O_HAND)
    total = 0
    for s in range(n):
        if s != seat:
            total += need[s]
    for _ in range(tries):
        partial_shuffle(state, pool, total)
        ok = True
        p = 0
        for s in range(n):
            out[s] = uint64(0)
            if s == seat:
                out[s] = hand
                continue
            for _j in range(need[s]):
                c = pool[p]
                p += 1
                out[s] |= bit(c)
                if obs[OFF_VOIDS + s] & (1 << suit_of(c, ranks)):
                    ok = False
        if ok:
            return


@njit_without_refcounts
def deal_unseen(state, obs, need, tries, pool, out):
    """Deal every card the acting seat has not seen to the other seats, ``need[s]`` each, into
    ``out`` (``uint64[n]``; the acting seat keeps its own hand). Deals that respect the voids
    players have shown are sought by rejection, ``tries`` times; the last deal is kept.
    ``pool`` is ``int64[4 * ranks]`` scratch."""
    size = unseen_cards(obs, pool)
    deal_pool(state, obs, need, tries, pool[:size], out)


@njit_without_refcounts
def deal_again(state, obs, need, tries, unseen, pool, out):
    """:func:`deal_unseen` with the unseen cards already listed in ``unseen`` (the same deal:
    ``pool``, of the same length, starts from that order)."""
    copy_into(pool, unseen)
    deal_pool(state, obs, need, tries, pool, out)


@njit_without_refcounts
def same_bids(a, b, n, skip):
    """Do observations ``a`` and ``b`` hold the same bids at every seat but ``skip``?"""
    same = True
    for s in range(n):
        if s != skip and a[OFF_BIDS + s] != b[OFF_BIDS + s]:
            same = False
    return same


@njit_without_refcounts
def mc_bid(state, params, obs, work, uwork, forb):
    """Try the bids near the heuristic bid on sampled deals; keep the best total score.

    The playouts of one deal share their common part, which changes no outcome: the heuristic
    reads its own bid only as ``need > 0`` (bid above tricks taken), so with the other seats'
    bids equal the playouts of bids ``b < b'`` (both at least 1) are the same until the seat
    takes its ``b``-th trick, and wholly the same if it never does. One playout (``run``) is
    driven through the bids in increasing order, stopping as the seat reaches each; the rest
    of the hand for bid ``b`` is played from a copy of that point."""
    n = obs[O_PLAYERS]
    k = obs[O_CARDS]
    seat = obs[O_SEAT]
    dealer = obs[O_DEALER]
    hand = mask_at(obs, O_HAND)
    trump_card = obs[O_TRUMP_CARD]
    trump_suit = obs[O_TRUMP_SUIT]
    centre = heuristic_bid(hand, k, n, trump_card, trump_suit, forb)
    width = int(params[P_BID_WIDTH])
    lo = max(0, centre - width)
    hi = min(k, centre + width)
    sim, need, pool, totals, dealt, sim_hands = scratch(work, uwork, n)
    unseen, run, run_hands, start = scratch_more(work, uwork, n)
    size = unseen_cards(obs, unseen)
    for i in range(n):
        need[i] = k
    for i in range(totals.shape[0]):
        totals[i] = 0
    me = (seat - dealer - 1) % n  # my place in the bidding order
    exact = params[P_BIDS] > 0
    listen = params[P_LISTEN] > 1 and not exact
    z = params[P_STOP]
    score, sums, sq = stop_scratch(work)
    clear_stats(sums, sq)
    alive = 0  # the bids still tried (all of them unless z > 0)
    for b in range(lo, hi + 1):
        if b != forb:
            alive |= 1 << b
    samples = int(params[P_BID_SAMPLES])
    for drawn in range(1, samples + 1):
        deal_again(state, obs, need, 1, unseen[:size], pool[:size], dealt)
        if exact:
            for _ in range(EXACT_TRIES - 1):
                if heuristic_bids_agree(obs, dealt, k):
                    break
                deal_again(state, obs, need, 1, unseen[:size], pool[:size], dealt)
        w = bids_weight(obs, dealt, k) if listen else np.int64(1)
        # the start of play for this deal: the later bidders bid as the heuristic would (only
        # the dealer's bid can depend on this seat's bid, through the forbidden value)
        copy_into(start, obs)
        dealer_later = me < n - 1
        for i in range(me + 1, n - 1):
            s = next_seat(dealer, 1 + i, n)
            start[OFF_BIDS + s] = heuristic_bid(dealt[s], k, n, trump_card, trump_suit, -1)
        e_dealer = 0.0
        if dealer_later:
            e_dealer = estimate_tricks(dealt[dealer], k, n, trump_card, trump_suit)
        start[O_SEAT] = dealer
        start_play(start, next_seat(dealer, 1, n))
        running = False  # run: a playout of this deal with bid above tricks all along
        run_over = False  # it ended before the seat took as many tricks as the last bid
        for b in range(lo, hi + 1):
            if not alive & (1 << b):
                continue
            copy_into(sim, start)
            sim[OFF_BIDS + seat] = b
            if dealer_later:
                sim[OFF_BIDS + dealer] = bid_from_estimate(e_dealer, k, forbidden(sim))
            if b == 0:
                copy_into(sim_hands, dealt)
                playout(sim, sim_hands)
                t = sim[OFF_TRICKS + seat]
            else:
                if not running or not same_bids(sim, run, n, seat):
                    copy_into(run, sim)
                    copy_into(run_hands, dealt)
                    running = True
                    run_over = False
                if not run_over:
                    run[OFF_BIDS + seat] = b
                    if playout_until(run, run_hands, seat, b):
                        copy_into(sim, run)
                        copy_into(sim_hands, run_hands)
                        playout(sim, sim_hands)
                        t = sim[OFF_TRICKS + seat]
                    else:
                        run_over = True
                if run_over:
                    t = run[OFF_TRICKS + seat]
            score[b] = 5 + t if t == b else -abs(b - t)
            totals[b] += w * score[b]
        if z > 0:
            alive = after_sample(score, sums, sq, alive, drawn, samples, z)
            if alive & (alive - 1) == 0:
                break
    return best_alive(totals, alive)


@njit_without_refcounts
def mc_play(state, params, obs, work, uwork, legal):
    """Try every legal card on sampled deals of the unseen cards, then play out heuristically."""
    n = obs[O_PLAYERS]
    k = obs[O_CARDS]
    seat = obs[O_SEAT]
    done = 0
    for s in range(n):
        done += obs[OFF_TRICKS + s]
    sim, need, pool, totals, dealt, sim_hands = scratch(work, uwork, n)
    unseen = scratch_more(work, uwork, n)[0]
    size = unseen_cards(obs, unseen)
    for i in range(totals.shape[0]):
        totals[i] = 0
    for s in range(n):
        need[s] = k - done - (1 if obs[OFF_TRICK + s] >= 0 else 0)
    n_legal = popcount(legal)
    bid = obs[OFF_BIDS + seat]
    listen = params[P_LISTEN] > 2
    z = params[P_STOP]
    score, sums, sq = stop_scratch(work)
    clear_stats(sums, sq)
    alive = (1 << n_legal) - 1  # the cards still tried, by index in ``legal``
    samples = int(params[P_PLAY_SAMPLES])
    for drawn in range(1, samples + 1):
        deal_again(state, obs, need, 20, unseen[:size], pool[:size], dealt)
        w = needs_weight(obs, dealt) if listen else np.int64(1)
        m = legal
        j = 0
        while m:
            c = lowest(m)
            m &= m - uint64(1)
            if not alive & (1 << j):
                j += 1
                continue
            copy_into(sim, obs)
            copy_into(sim_hands, dealt)
            put_card(sim, sim_hands, seat, c)
            playout(sim, sim_hands)
            t = sim[OFF_TRICKS + seat]
            score[j] = 5 + t if t == bid else -abs(bid - t)
            totals[j] += w * score[j]
            j += 1
        if z > 0:
            alive = after_sample(score, sums, sq, alive, drawn, samples, z)
            if alive & (alive - 1) == 0:
                break
    return nth_card(legal, best_alive(totals, alive))


# --- the one entry point ----------------------------------------------------------------------


@njit_inlined
def act(policy, params, state, obs, work, uwork):
    """The decision of bot ``policy`` (``params``: ``float64[N_PARAMS]``) from its observation
    ``obs`` (``int64[OBS_SIZE]``, see ``bits.py``): a bid in phase 0, else a card id. Draws from
    the ``uint64[4]`` stream ``state`` only for ``random`` and ``montecarlo``. ``work``
    (``int64[WORK_SIZE]``) and ``uwork`` (``uint64[UWORK_SIZE]``) are scratch for
    ``montecarlo``, passed in because the match kernels run without allocating."""
    if obs[O_PHASE] == 0:
        forb = forbidden(obs)
        if obs[O_BLIND]:
            return blind_bid(obs, forb)
        if policy == RANDOM:
            return random_bid(state, obs[O_CARDS], forb)
        if policy == MONTECARLO and params[P_BID_SAMPLES] > 0:
            return mc_bid(state, params, obs, work, uwork, forb)
        return heuristic_bid(
            mask_at(obs, O_HAND),
            obs[O_CARDS],
            obs[O_PLAYERS],
            obs[O_TRUMP_CARD],
            obs[O_TRUMP_SUIT],
            forb,
        )
    legal = legal_mask(
        mask_at(obs, O_HAND),
        obs[O_LED_SUIT],
        obs[O_TRUMP_SUIT],
        obs[O_MUST_TRUMP] != 0,
        2 * obs[O_PLAYERS],
    )
    return play_card(policy, params, state, obs, work, uwork, legal)


@njit_inlined
def play_card(policy, params, state, obs, work, uwork, legal):
    """:func:`act` in the play phase, for a caller that already has the ``legal`` cards of the
    acting seat (``legal_mask`` of its hand; the match kernel computes it anyway)."""
    if policy == RANDOM:
        return nth_card(legal, below(state, popcount(legal)))
    if policy == MONTECARLO and params[P_PLAY_SAMPLES] > 0:
        return mc_play(state, params, obs, work, uwork, legal)
    return heuristic_play(obs, legal)


# numba's cache only watches this file; the bots are built on bits.py and core/rng.py
track_module(globals())
