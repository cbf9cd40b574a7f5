"""The equilibrium of blind one-card bidding (W9), computed exactly.

In a blind one-card hand every seat sees every card but its own, and the bids are made in turn
from the dealer's left to the dealer (W4). A seat's score depends only on its own bid and on
the cards (W7), never on the other bids, so the bidding is solved seat by seat: the leader bids
the bid with the higher expected score over the cards it might hold; the second seat knows the
leader's strategy, so the leader's bid tells it which of its possible cards are still
consistent, and it bids best over those; and so on to the dealer, who picks the best bid it is
allowed (W5). No seat can gain by changing its strategy, because nothing later changes its own
score and everything earlier is taken as given: these sequential best responses are the
equilibrium (ties go to bid 0, the same tie-break as every card-only bid in this package).

Worked example at 3 players (pack 9..A, trump suit the turned card's): if the leader shows the
A of trumps, the second seat knows its own card cannot take the trick whatever the leader bid,
and bids 0. If instead the leader shows a low side card and bids 1, the second seat learns
that the leader saw no card that beats it, which is evidence that its own card is low too.

How it is computed. Suits are symmetric, so the trump card is taken from suit 0 only (every
ratio unchanged). A seat's *view* is the other seats' cards in play order plus the trump rank;
its *information set* is the view plus the bits of the earlier bids. Strategies are tables
``int8[view key, history]`` (:func:`view_key`). For seat ``k``, every view is enumerated and
every card the seat might hold is tried: the earlier seats' bids follow from their (already
solved) tables, and counting the wins per history gives seat ``k``'s best bid there, with
integer arithmetic only. A last pass over every deal scores the equilibrium with the
restriction on and off. Deals: ``2n * (8n - 1)! / (7n - 1)!`` (64 thousand at 3 players, 6.0
million at 4, 690 million at 5); the tables take ``(8n)^(n-1) * 2n * 2^n`` bytes per seat (3 MB at
4 players, 410 MB at 5), so 6 players (9.2e10 deals) are not enumerated.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
from numba import njit, uint64

from headcount_lab.core.jitcache import track_module
from headcount_lab.games.whist.agents import blind_bid, blind_masks
from headcount_lab.games.whist.bits import (
    O_LEADER,
    O_PLAYERS,
    O_RESTRICTION,
    O_SEAT,
    O_TRUMP_CARD,
    OFF_BIDS,
    OFF_VISIBLE,
    next_seat,
    njit_inlined,
    trick_winner,
)
from headcount_lab.games.whist.blind_table import _best, next_deal
from headcount_lab.games.whist.rules import ranks_per_suit

#: players whose blind bidding is enumerated exactly
EXACT_PLAYERS = (3, 4, 5)


@njit(nogil=True, cache=True)
def view_key(c, n, seat, t, size):
    """Index of seat ``seat``'s view of the deal ``c`` (``int64[n]``, play order) with trump
    rank ``t``: the other cards in play order as base-``size`` digits, then the trump rank."""
    key = 0
    for s in range(n):
        if s != seat:
            key = key * size + c[s]
    return key * (size // 4) + t


@njit(nogil=True, cache=True)
def _bids(c, n, upto, t, size, strategy):
    """Bits of the equilibrium bids of seats ``0 .. upto - 1`` in the deal ``c``."""
    hist = 0
    for j in range(upto):
        b = strategy[j, view_key(c, n, j, t, size), hist]
        hist |= np.int64(b) << j
    return hist


@njit(nogil=True, cache=True)
def solve_seat(n, seat, bonus, restricted, strategy):
    """Fill ``strategy[seat]`` (``int8[views, 2^n]``) with the seat's best bid in every
    information set, given the tables of the earlier seats. ``restricted``: apply W5 if the
    seat is the dealer (``n - 1``)."""
    ranks = 2 * n
    size = 4 * ranks
    c = np.zeros(n, dtype=np.int64)
    others = np.full(n - 1, -1, dtype=np.int64)
    keys = 1 << seat
    cnt = np.zeros(keys, dtype=np.int64)
    wins = np.zeros(keys, dtype=np.int64)
    for t in range(ranks):
        others[0] = -1
        while next_deal(others, uint64(1) << uint64(t), size):
            used = uint64(1) << uint64(t)
            j = 0
            for s in range(n):
                if s != seat:
                    c[s] = others[j]
                    used |= uint64(1) << uint64(others[j])
                    j += 1
            cnt[:] = 0
            wins[:] = 0
            for mine in range(size):
                if used & (uint64(1) << uint64(mine)):
                    continue
                c[seat] = mine
                h = _bids(c, n, seat, t, size, strategy)
                cnt[h] += 1
                if trick_winner(c, n, 0, ranks) == seat:
                    wins[h] += 1
            c[seat] = 0
            key = view_key(c, n, seat, t, size)
            for h in range(keys):
                if cnt[h] == 0:
                    continue
                forb = -1
                if restricted and seat == n - 1:
                    heard = 0
                    for s in range(seat):
                        heard += (h >> s) & 1
                    forb = 1 - heard  # W5: the bids may not add up to the one trick
                strategy[seat, key, h] = _best(wins[h], cnt[h], bonus, forb)


@njit(nogil=True, cache=True)
def score_deals(n, bonus, strategy, dealer_off, score, made, forced, restricted):
    """Play every deal with the equilibrium bids. Outputs (``int64``, added to): ``score[r, i]``
    and ``made[r, i]``, seat ``i``'s total score and contracts made with the restriction off
    (``r = 0``, the dealer bidding from ``dealer_off``) or on (``r = 1``); ``forced[0]``, deals
    where the restriction forbids the bid the dealer would make without it; ``restricted[0]``,
    deals where the dealer has a single legal bid."""
    ranks = 2 * n
    size = 4 * ranks
    c = np.full(n, -1, dtype=np.int64)
    for t in range(ranks):
        c[0] = -1
        while next_deal(c, uint64(1) << uint64(t), size):
            h = _bids(c, n, n - 1, t, size, strategy)
            heard = 0
            for s in range(n - 1):
                heard += (h >> s) & 1
            key = view_key(c, n, n - 1, t, size)
            on = strategy[n - 1, key, h]
            off = dealer_off[key, h]
            if heard <= 1:
                restricted[0] += 1
            if off == 1 - heard:
                forced[0] += 1
            w = trick_winner(c, n, 0, ranks)
            for r in range(2):
                for i in range(n):
                    dealer_bid = on if r == 1 else off
                    bid = dealer_bid if i == n - 1 else (h >> i) & 1
                    took = 1 if i == w else 0
                    if bid == took:
                        score[r, i] += bonus + took
                        made[r, i] += 1
                    else:
                        score[r, i] -= 1


def deal_count(players: int) -> int:
    """Deals enumerated (trump card from suit 0): ``2n * (8n - 1)! / (7n - 1)!``."""
    ranks = ranks_per_suit(players)
    out = ranks
    for k in range(players):
        out *= 4 * ranks - 1 - k
    return out


def solve(players: int, bonus: int = 5) -> tuple[np.ndarray, np.ndarray]:
    """The equilibrium tables: ``strategy[seat, view key, history]`` with the dealer bound by
    W5, and the dealer's table without the restriction (``int8``)."""
    if players not in EXACT_PLAYERS:
        raise ValueError(
            f"the blind-hand equilibrium is enumerated for {', '.join(map(str, EXACT_PLAYERS))} "
            f"players, got {players}"
        )
    if not 1 <= bonus <= 1000:
        raise ValueError(f"the made-bid bonus must be between 1 and 1000, got {bonus}")
    ranks = ranks_per_suit(players)
    size = 4 * ranks
    views = size ** (players - 1) * ranks
    strategy = np.zeros((players, views, 1 << (players - 1)), dtype=np.int8)
    for seat in range(players - 1):
        solve_seat(players, seat, bonus, True, strategy)
    solve_seat(players, players - 1, bonus, False, strategy)
    free = strategy[players - 1].copy()
    solve_seat(players, players - 1, bonus, True, strategy)
    return strategy, free


@dataclass(frozen=True)
class Equilibrium:
    """Exact results of the blind bidding at one table size; sums are over :attr:`deals`."""

    players: int
    bonus: int
    deals: int
    score: tuple[tuple[int, ...], tuple[int, ...]]  #: [off, on][seat]
    made: tuple[tuple[int, ...], tuple[int, ...]]
    forced: int  #: deals where W5 forbids the dealer's unrestricted best bid
    restricted: int  #: deals where the dealer has one legal bid

    def mean_score(self, seat: int, restriction: bool = True) -> Fraction:
        return Fraction(self.score[int(restriction)][seat], self.deals)

    def made_rate(self, seat: int, restriction: bool = True) -> Fraction:
        return Fraction(self.made[int(restriction)][seat], self.deals)

    @property
    def dealer_cost(self) -> Fraction:
        """Dealer's mean score with the restriction off minus with it on."""
        d = self.players - 1
        return self.mean_score(d, False) - self.mean_score(d, True)

    @property
    def forced_share(self) -> Fraction:
        return Fraction(self.forced, self.deals)

    @property
    def restricted_share(self) -> Fraction:
        return Fraction(self.restricted, self.deals)

    @property
    def forced_cost(self) -> Fraction:
        """The dealer's mean loss in the deals where the restriction binds."""
        if self.forced == 0:
            return Fraction(0)
        d = self.players - 1
        return Fraction(self.score[0][d] - self.score[1][d], self.forced)

    def to_json(self, restriction: bool = True) -> dict[str, Any]:
        def frac(x: Fraction) -> str:
            return f"{x.numerator}/{x.denominator}"

        return {
            "players": self.players,
            "bonus": self.bonus,
            "dealer_restriction": restriction,
            "exact": True,
            "deals": self.deals,
            "seats": [
                {
                    "mean_score": frac(self.mean_score(i, restriction)),
                    "made_rate": frac(self.made_rate(i, restriction)),
                }
                for i in range(self.players)
            ],
            "dealer_forced_share": frac(self.forced_share if restriction else Fraction(0)),
            "dealer_restricted_share": frac(self.restricted_share if restriction else Fraction(0)),
            "dealer_cost": frac(self.dealer_cost),
            "dealer_cost_when_forced": frac(self.forced_cost),
        }


def equilibrium(players: int, bonus: int = 5) -> Equilibrium:
    """Solve the blind bidding at ``players`` seats and score it exactly (see the module)."""
    strategy, free = solve(players, bonus)
    score = np.zeros((2, players), dtype=np.int64)
    made = np.zeros((2, players), dtype=np.int64)
    forced = np.zeros(1, dtype=np.int64)
    restricted = np.zeros(1, dtype=np.int64)
    score_deals(players, bonus, strategy, free, score, made, forced, restricted)
    deals = deal_count(players)
    return Equilibrium(
        players=players,
        bonus=bonus,
        deals=deals,
        score=(tuple(int(x) for x in score[0]), tuple(int(x) for x in score[1])),
        made=(tuple(int(x) for x in made[0]), tuple(int(x) for x in made[1])),
        forced=int(forced[0]),
        restricted=int(restricted[0]),
    )


# --- the equilibrium as a bot's blind bid -------------------------------------------------------

#: table sizes whose equilibrium a bot can carry (5 players would need 2.4 GB of tables)
LISTEN_PLAYERS = (3, 4)
#: the table a match kernel gets when no bot listens (or the table size has none)
NO_TABLE = np.zeros((1, 1, 1), dtype=np.int8)

_TABLES: dict[int, np.ndarray] = {}


def listen_table(players: int) -> np.ndarray:
    """``int8[n + 1, views, 2^(n-1)]``: rows ``0 .. n - 1`` the equilibrium bid of each position
    in bidding order (the dealer, row ``n - 1``, bound by W5), row ``n`` the dealer's bid without
    the restriction; :data:`NO_TABLE` beyond :data:`LISTEN_PLAYERS`. Solved once per process
    (about a second at 4 players) with the rule text's bonus of 5 (W7)."""
    if players not in LISTEN_PLAYERS:
        return NO_TABLE
    if players not in _TABLES:
        strategy, free = solve(players, 5)
        _TABLES[players] = np.ascontiguousarray(np.concatenate([strategy, free[None]], axis=0))
    return _TABLES[players]


@njit(nogil=True, cache=True)
def _canonical(c, trump_suit, ranks):
    """Card ``c`` with its suit swapped with suit 0 if it is the trump suit, or vice versa: the
    tables are solved with the trump card in suit 0, and the other suits are interchangeable."""
    s = c // ranks
    if s == trump_suit:
        s = 0
    elif s == 0:
        s = trump_suit
    return s * ranks + c % ranks


@njit_inlined
def listening_bid(table, obs, pos, n):
    """The equilibrium bid of the seat at position ``pos`` in bidding order (0 the leader) of a
    blind hand, from its observation ``obs`` (``int64[OBS_SIZE]``, ``bits.py``): the other
    foreheads in play order, the turned trump card and the bids made before it. The dealer's
    row is the one bound by W5 when the restriction is on."""
    ranks = 2 * n
    size = 4 * ranks
    trump_card = obs[O_TRUMP_CARD]
    trump_suit = trump_card // ranks
    leader = obs[O_LEADER]
    key = 0
    hist = 0
    for i in range(n):
        s = next_seat(leader, i, n)
        if i != pos:
            key = key * size + _canonical(obs[OFF_VISIBLE + s], trump_suit, ranks)
        if i < pos:
            hist |= obs[OFF_BIDS + s] << i
    key = key * ranks + trump_card % ranks
    row = pos if (pos < n - 1 or obs[O_RESTRICTION] != 0) else n
    return table[row, key, hist]


# --- a reader of a known field (issue 22 item 1) -------------------------------------------
# The listening equilibrium above assumes every earlier seat listens too. Against a field whose
# blind bids are known to be something else (every bot without ``listen=1`` bids from its cards
# alone, agents.blind_bid), the best reply is the same sequential reasoning with the field's own
# strategies: a seat's score depends on its own bid and the cards only (W7), so the best blind
# bid is the better bid over the cards the earlier bids leave possible, each weighted by the
# chance that the earlier seats would have bid as they did had it held that card.


@njit(nogil=True, cache=True)
def reading_bid(table, obs, pos, card_only, forb):
    """The blind bid (W9) of the seat at position ``pos`` in bidding order (0: the leader) whose
    observation is ``obs`` (``int64[OBS_SIZE]``, restored before returning), reading the earlier
    bids under a known field: each earlier seat bids from its cards alone with chance
    ``card_only`` (:func:`.agents.blind_bid`), else as the listening equilibrium (``table``:
    :func:`listen_table`; with :data:`NO_TABLE`, from its cards alone). Every card the seat
    cannot see is weighted by the product over the earlier seats of the chance of their bids had
    it held that card; it bids 1 iff ``13 P(win) > 6`` (W7), the other bid when that one is
    ``forb`` (W5). If no card explains the bids (a field that bids otherwise), it bids from its
    cards alone."""
    n = obs[O_PLAYERS]
    me = obs[O_SEAT]
    leader = obs[O_LEADER]
    q = card_only if table.shape[1] > 1 else 1.0
    possible, wins = blind_masks(obs)  # the cards it might hold, and those that take the trick
    win_w = 0.0
    tot_w = 0.0
    for x in range(4 * 2 * n):
        if not (possible >> uint64(x)) & uint64(1):
            continue
        obs[OFF_VISIBLE + me] = x
        w = 1.0
        for i in range(pos):
            j = next_seat(leader, i, n)
            cj = obs[OFF_VISIBLE + j]
            obs[OFF_VISIBLE + j] = -1  # seat j's view: every forehead but its own
            obs[O_SEAT] = j
            f = 0.0
            if q > 0.0 and blind_bid(obs, -1) == obs[OFF_BIDS + j]:  # j < pos: never the dealer
                f += q
            if q < 1.0 and listening_bid(table, obs, i, n) == obs[OFF_BIDS + j]:
                f += 1.0 - q
            obs[OFF_VISIBLE + j] = cj
            w *= f
        obs[O_SEAT] = me
        if w == 0.0:
            continue
        tot_w += w
        if (wins >> uint64(x)) & uint64(1):
            win_w += w
    obs[OFF_VISIBLE + me] = -1
    if tot_w == 0.0:
        return blind_bid(obs, forb)
    b = 1 if 13.0 * win_w > 6.0 * tot_w else 0
    return 1 - b if b == forb else b


track_module(globals())  # every cached function here is keyed on the files it reaches
