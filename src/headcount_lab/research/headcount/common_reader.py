"""Rounds among players who read each other as they are: Headcount's public belief.

Issue 22 item 3 asks for Headcount play that does not leak what its seat sees. The ``bayes`` bot
reads a field whose policy it knows, but a field of ``bayes`` bots reads each other as the
``equilibrium`` table they are not, and a chain of readers of readers costs about a hundred times
more at every level. This module measures the fixed point that chain is after, at the level of
one round, by a construction that needs no chain.

**The public belief.** Every seat's policy is known and depends only on what its seat sees and
on the round's public history. So the chance of the whole public history under a deal (every
forehead card and the hidden card) is the product, over the actions, of the chance the actor's
policy gave that action on the actor's view *of that deal*: one weight per deal, the same for
every observer. A seat's posterior over its own card and the hidden card is that weight restricted
to the deals it cannot tell from the true one (those that agree with the foreheads it sees). A
*common reader* decides on that posterior; the likelihood of its action under a deal asks a
common reader on the deal's view with the same weights, so every seat reads every other seat as
it truly reads: the fixed point, exact, at the cost of one pass over the deals per action
(57,120 ordered deals at 3 players, 742,560 at 4).

**The policy** (the ``bayes`` bot's response, H5 and H6): facing a bid, call "Count!" when the
posterior chance that the bid loses is above ``call``; otherwise bid the highest total that
survives a call with a chance of at least ``1 - quantile``, at least one above the last bid. A
*card-only* player decides the same way on the prior of its view (it reads nothing), the
stand-in for the bots that bid from their view alone.

**The measure.** A round is dealt, bid and counted under the standard count (H2-H4, ties to the
bidder by H6); the seat that loses it loses a life in a game. One seat (the *deviator*) plays a
policy of its own; the others (the *field*) play one policy and model the deviator as one of
themselves. The deviator's reading needs no model of itself: its own actions weigh every deal it
cannot tell apart alike. Its share of rounds lost is set against ``1/n``; the deviator and the
start player rotate over every seat. Peeks (H7), lives and the variants' pointing are not
played: a first measurement of what reading is worth, at the level of a round.

What it answers: against a field that reads as it is read, how much can a reader with other
thresholds, or a player who reads nothing, gain? Set beside the same gains against a field of
card-only players (whose bids a reader inverts). ``scripts/headcount_common_reader.py`` runs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import permutations

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_sources
from headcount_lab.core.stats import wilson
from headcount_lab.games.headcount import exact
from headcount_lab.games.headcount.rules import count_kernel, deck_size, next_start

#: the factor on a deal whose view would not have given the action seen: a deviator the field
#: models wrongly leaves the field a posterior over the deals that explain it best (as the
#: ``bayes`` bot's floor does), not an empty one
FLOOR = 1e-9
#: a deal's weight when the history has ``k`` more mismatches on it than on the best explained
#: deal its seat cannot tell apart: ``FLOOR ** k`` (counted, not multiplied, so that no group's
#: weights underflow together; past 34 the power is below the smallest double anyway)
POWERS = FLOOR ** np.arange(40.0)
#: the action code of "Count!" (every bid is far above it)
CALL = -(1 << 30)


@dataclass(frozen=True)
class Policy:
    """A seat's policy: ``reads`` (a common reader) or not (card-only), and its thresholds."""

    reads: bool
    call: float = 0.65
    quantile: float = 0.03

    def spec(self) -> str:
        kind = "reader" if self.reads else "card-only"
        return f"{kind}:call={self.call:g},quantile={self.quantile:g}"


@dataclass(frozen=True)
class Deals:
    """Every ordered deal of ``players`` foreheads and the hidden card, grouped by each seat's view.

    ``cards`` int8[D, players + 1] (seat 0..n-1, then the hidden card); ``row`` int32[D], the deal's
    row of the fully known belief table (``sf[row, t]`` = P(total >= ``lo`` + t), the Joker's
    stand-in averaged, H2-H4); for seat ``j``: ``order[j]`` int32[D] the deals sorted by what ``j``
    sees, ``starts[j]`` int32[G + 1] the groups' bounds in it, ``group[j]`` int32[D] each deal's
    group.
    """

    players: int
    double: bool
    cards: np.ndarray
    row: np.ndarray
    sf: np.ndarray
    lo: int
    order: np.ndarray
    starts: np.ndarray
    group: np.ndarray


@cache
def deals(players: int, double: bool = False) -> Deals:
    """The :class:`Deals` of a table (cached per process)."""
    n_deck = deck_size(double)
    cards = np.array(list(permutations(range(n_deck), players + 1)), dtype=np.int8)
    table = exact.belief_table(double, players + 1, 0)
    masks = (np.int64(1) << cards.astype(np.int64)).sum(axis=1)
    row = table.row_of_mask[masks].astype(np.int32)
    order, starts, group = [], [], []
    for j in range(players):
        others = [k for k in range(players) if k != j]
        key = np.zeros(len(cards), dtype=np.int64)
        for k in others:
            key = key * n_deck + cards[:, k]
        o = np.argsort(key, kind="stable").astype(np.int32)
        sk = key[o]
        s = np.flatnonzero(np.r_[True, sk[1:] != sk[:-1], True]).astype(np.int32)
        g = np.empty(len(cards), dtype=np.int32)
        g[o] = np.repeat(np.arange(len(s) - 1, dtype=np.int32), np.diff(s))
        order.append(o)
        starts.append(s)
        group.append(g)
    return Deals(
        players,
        double,
        cards,
        row,
        np.ascontiguousarray(table.sf),
        table.lo,
        np.stack(order),
        np.stack(starts),
        np.stack(group),
    )


@njit(nogil=True, cache=True)
def _weighed(miss, order, a, z):
    """The fewest mismatches among the deals ``order[a:z]`` and the sum of their weights."""
    base = miss[order[a]]
    for k in range(a, z):
        base = min(base, miss[order[k]])
    wsum = 0.0
    for k in range(a, z):
        wsum += POWERS[min(miss[order[k]] - base, 39)]
    return base, wsum


@njit(nogil=True, cache=True)
def _at_least(miss, order, a, z, row, sf, lo, b, base, wsum):
    """P(total >= ``b``) under the posterior of the deals ``order[a:z]``."""
    t = b - lo
    if t <= 0:
        return 1.0
    if t >= sf.shape[1]:
        return 0.0
    s = 0.0
    for k in range(a, z):
        d = order[k]
        s += POWERS[min(miss[d] - base, 39)] * sf[row[d], t]
    return s / wsum


@njit(nogil=True, cache=True)
def decide(miss, order, a, z, row, sf, lo, nb, last, call, quantile):
    """The action of a seat whose view holds the deals ``order[a:z]``, each weighed by the
    mismatches ``miss`` the history has on it: :data:`CALL`, or the bid (H5; a call needs a bid,
    ties go to the bidder, H6)."""
    base, wsum = _weighed(miss, order, a, z)
    if nb > 0 and 1.0 - _at_least(miss, order, a, z, row, sf, lo, last, base, wsum) > call:
        return CALL
    need = 1.0 - quantile
    # the highest bid with P(total >= bid) >= need: P(total >= lo) = 1, P past the top = 0
    good, bad = lo, lo + sf.shape[1]
    while bad - good > 1:
        m = (good + bad) // 2
        if _at_least(miss, order, a, z, row, sf, lo, m, base, wsum) >= need:
            good = m
        else:
            bad = m
    if nb > 0 and good <= last:
        return last + 1
    return good


@njit(nogil=True, cache=True)
def gives(miss, order, a, z, row, sf, lo, nb, last, call, quantile, action):
    """Whether :func:`decide` on the same inputs gives ``action``, read off at most three
    chances instead of its search (P(total >= b) falls with b, so the bid ``b`` is the one with
    P(total >= b) >= 1 - ``quantile`` > P(total >= b + 1))."""
    base, wsum = _weighed(miss, order, a, z)
    need = 1.0 - quantile
    if nb > 0:
        calls = 1.0 - _at_least(miss, order, a, z, row, sf, lo, last, base, wsum) > call
        if action == CALL or calls:
            return action == CALL and calls
        if action <= last:  # never a legal bid (H5)
            return False
        if action == last + 1:  # the highest safe bid is at most the lowest legal one
            return _at_least(miss, order, a, z, row, sf, lo, last + 2, base, wsum) < need
    return (
        _at_least(miss, order, a, z, row, sf, lo, action, base, wsum) >= need
        and _at_least(miss, order, a, z, row, sf, lo, action + 1, base, wsum) < need
    )


@njit(nogil=True, cache=True)
def _observe(miss, zeros, order, starts, row, sf, lo, nb, last, reads, call, quantile, action):
    """Count a mismatch on every deal whose view the actor's modelled policy does not give
    ``action`` on (a card-only actor decides on ``zeros``: its view's prior)."""
    src = miss if reads else zeros
    for g in range(starts.shape[0] - 1):
        a, z = starts[g], starts[g + 1]
        if not gives(src, order, a, z, row, sf, lo, nb, last, call, quantile, action):
            for k in range(a, z):
                miss[order[k]] += 1


@njit(nogil=True, cache=True)
def play_round(
    cards, row, sf, lo, order, starts, group, d0, draw_u, n_deck, params, start, miss, zeros, res
):
    """Bid and count one round on deal ``d0`` opened by seat ``start``; ``params`` float64[n, 6]
    is each seat's reads, call and quantile as played, then as the others model it. ``res``
    int64[5] gets the loser, the number of bids, the last bid, the last bidder and the draw
    pile's top (the card the Joker stands for, H2); ``miss`` and ``zeros`` are int32 scratch of
    the deals' size."""
    n = order.shape[0]
    miss[:] = 0
    nb = 0
    last = 0
    bidder = -1
    seat = start
    while True:
        p = params[seat]
        a, z = starts[seat, group[seat, d0]], starts[seat, group[seat, d0] + 1]
        act = decide(
            miss if p[0] > 0.5 else zeros, order[seat], a, z, row, sf, lo, nb, last, p[1], p[2]
        )
        if act == CALL:
            break
        _observe(
            miss,
            zeros,
            order[seat],
            starts[seat],
            row,
            sf,
            lo,
            nb,
            last,
            p[3] > 0.5,
            p[4],
            p[5],
            act,
        )
        nb += 1
        last = act
        bidder = seat
        seat = (seat + 1) % n
    # the count: the Joker stands for the draw pile's top, one of the cards not in play (H2)
    k = cards.shape[1]
    rest = np.empty(n_deck - k, dtype=np.int64)
    m = 0
    for c in range(n_deck):
        used = False
        for i in range(k):
            if cards[d0, i] == c:
                used = True
        if not used:
            rest[m] = c
            m += 1
    draw = rest[int(draw_u * m)]
    total = count_kernel(cards[d0].astype(np.int64), k, draw)
    res[0] = bidder if total < last else seat  # H6: a tie goes to the bidder
    res[1] = nb
    res[2] = last
    res[3] = bidder
    res[4] = draw


@njit(nogil=True, cache=True)
def play_rounds(
    cards, row, sf, lo, order, starts, group, deal_ix, draw_u, first, n_deck, field, dev, out
):
    """Play ``deal_ix.shape[0]`` rounds; round ``r`` seats the deviator at ``(first + r) % n`` and
    opens with seat ``(first + r) // n % n``.

    ``field``/``dev`` float64[6]: reads, call, quantile as played, then as the field models the
    seat (the field models every seat as itself). ``out`` int64[rounds, 7]: the loser, the
    deviator's seat, the number of bids, 1 if the last bidder lost, the last bid, the draw pile's
    top (the card the Joker would stand for), the last bidder.
    """
    n = order.shape[0]
    miss = np.zeros(cards.shape[0], dtype=np.int32)
    zeros = np.zeros(cards.shape[0], dtype=np.int32)
    params = np.empty((n, 6))
    res = np.zeros(5, dtype=np.int64)
    for r in range(deal_ix.shape[0]):
        dv = (first + r) % n
        for s in range(n):
            params[s] = dev if s == dv else field
        play_round(
            cards,
            row,
            sf,
            lo,
            order,
            starts,
            group,
            deal_ix[r],
            draw_u[r],
            n_deck,
            params,
            (first + r) // n % n,
            miss,
            zeros,
            res,
        )
        out[r, 0] = res[0]
        out[r, 1] = dv
        out[r, 2] = res[1]
        out[r, 3] = 1 if res[0] == res[3] else 0
        out[r, 4] = res[2]
        out[r, 5] = res[4]
        out[r, 6] = res[3]


track_sources(play_rounds)


def _params(played: Policy, modelled: Policy) -> np.ndarray:
    return np.array(
        [
            played.reads,
            played.call,
            played.quantile,
            modelled.reads,
            modelled.call,
            modelled.quantile,
        ],
        dtype=np.float64,
    )


@dataclass(frozen=True)
class Measured:
    """The deviator's share of ``count`` rounds lost (``what`` "rounds") or games won (``what``
    "games"), with its 95% Wilson interval, and its gain over the fair share ``1/n`` in points,
    positive when it does better than fair."""

    players: int
    field: Policy
    deviator: Policy
    what: str
    count: int
    hits: int
    share: tuple[float, float, float]
    gain_pp: tuple[float, float, float]

    @classmethod
    def of(
        cls, players: int, field: Policy, deviator: Policy, what: str, hits: int, count: int
    ) -> Measured:
        share = wilson(hits, count)
        sign = -100.0 if what == "rounds" else 100.0  # a round lost is bad, a game won good
        est, a, b = (sign * (x - 1.0 / players) for x in share)
        return cls(players, field, deviator, what, count, hits, share, (est, min(a, b), max(a, b)))


def measure(
    players: int, field: Policy, deviator: Policy, rounds: int, seed: int, double: bool = False
) -> Measured:
    """Play ``rounds`` rounds (a multiple of ``players**2`` keeps every seat pairing equal) with
    the deviator against ``players - 1`` field seats; every deviator measured on one seed sees
    the same deals (common random numbers)."""
    dl = deals(players, double)
    g = np.random.default_rng(np.random.SeedSequence([seed, players, int(double)]))
    deal_ix = g.integers(0, len(dl.cards), size=rounds)
    draw_u = g.random(rounds)
    out = np.zeros((rounds, 7), dtype=np.int64)
    play_rounds(
        dl.cards,
        dl.row,
        dl.sf,
        dl.lo,
        dl.order,
        dl.starts,
        dl.group,
        deal_ix,
        draw_u,
        0,
        deck_size(double),
        _params(field, field),
        _params(deviator, field),
        out,
    )
    return Measured.of(
        players, field, deviator, "rounds", int((out[:, 0] == out[:, 1]).sum()), rounds
    )


def play_games(
    players: int,
    field: Policy,
    deviator: Policy,
    games: int,
    seed: int,
    lives: int = 3,
    double: bool = False,
) -> np.ndarray:
    """Whole games without peeks: every seat starts with ``lives`` life cards, a round's loser
    loses one (H8) and opens the next round, or the next seat still in does (H9); a player out
    of life cards is out, and the rounds go on with the smaller table's deals until one player
    is left. Game ``g`` seats the deviator at ``g % players`` and lets seat ``g // players %
    players`` open. Returns int64[games, 2]: the winner and the deviator's seat."""
    g = np.random.default_rng(np.random.SeedSequence([seed, players, int(double), 1]))
    rounds = lives * (players - 1)  # each round takes exactly one life card
    u = g.random((games, rounds, 2))
    tables = {k: deals(k, double) for k in range(2, players + 1)}
    scratch = {
        k: (np.zeros(len(t.cards), np.int32), np.zeros(len(t.cards), np.int32))
        for k, t in tables.items()
    }
    as_played = {p: _params(p, field) for p in (field, deviator)}
    n_deck = deck_size(double)
    res = np.zeros(5, dtype=np.int64)
    out = np.zeros((games, 2), dtype=np.int64)
    for game in range(games):
        dv = game % players
        life = np.full(players, lives)
        start = game // players % players
        for r in range(rounds):
            active = np.flatnonzero(life > 0)
            t = tables[len(active)]
            params = np.stack([as_played[deviator if s == dv else field] for s in active])
            play_round(
                t.cards,
                t.row,
                t.sf,
                t.lo,
                t.order,
                t.starts,
                t.group,
                int(u[game, r, 0] * len(t.cards)),
                u[game, r, 1],
                n_deck,
                params,
                int(np.flatnonzero(active == start)[0]),
                *scratch[len(active)],
                res,
            )
            loser = int(active[res[0]])
            life[loser] -= 1
            start = int(next_start(life > 0, loser, False))
        out[game] = (int(np.flatnonzero(life > 0)[0]), dv)
    return out


def measure_games(
    players: int, field: Policy, deviator: Policy, games: int, seed: int, double: bool = False
) -> Measured:
    """:func:`play_games` summed: the deviator's share of games won against ``1/n``."""
    out = play_games(players, field, deviator, games, seed, double=double)
    return Measured.of(
        players, field, deviator, "games", int((out[:, 0] == out[:, 1]).sum()), games
    )
