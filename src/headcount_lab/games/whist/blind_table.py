"""Every deal of a blind one-card hand (W9), enumerated: views, bids, tricks and scores.

A one-card hand leaves no choice in play, so it is decided by the deal and the bids. Each seat
bids from what it sees (the other foreheads and the trump card) the bid with the higher expected
score, as every bot does (``agents.blind_bid``; the win count is ``agents.blind_counts``, the
same count as ``exact.py``); the dealer, bidding last, is moved off the forbidden value (W5).
Enumerating all ordered deals of ``n`` cards plus the turned trump gives exact expectations: each
sum below is an integer over ``deals(n)`` equally likely deals.

Suits are symmetric, so the trump card is taken from suit 0 only: that divides the work by four
and leaves every ratio unchanged. Seats are numbered by play order, 0 the leader (the dealer's
left) to ``n - 1`` the dealer. Scores use a parameter ``bonus`` (W7: exact scores ``bonus +
tricks``, a miss -1 in a one-card hand), so the bid-1 rule is ``P(win) > (bonus + 1) / (2 bonus +
3)``: 6/13 for the rule text's 5, 11/23 for Oh Hell's common 10.

Cost: ``2n * (8n - 1)! / (7n - 1)!`` deals: 64 thousand for 3 players and 6.0 million for 4
(under a second in numba); 5 players (690 million, about two minutes) and 6 (9.2e10) are left to
simulation in the report.
"""

from __future__ import annotations

from math import perm

import numpy as np
from numba import njit, uint64

from headcount_lab.core.jitcache import track_module
from headcount_lab.games.whist.agents import blind_counts
from headcount_lab.games.whist.bits import (
    O_CARDS,
    O_DEALER,
    O_LEADER,
    O_PLAYERS,
    O_RESTRICTION,
    O_SEAT,
    O_TRUMP_CARD,
    O_TRUMP_SUIT,
    OBS_SIZE,
    OFF_VISIBLE,
    trick_winner,
)
from headcount_lab.games.whist.rules import ranks_per_suit

#: bonuses scored in one pass (the rule text's 5, and 10 for the published Oh Hell figure)
BONUSES = (5, 10)
#: views are grouped by visible trumps and visible side aces/kings, each 0, 1 or "2 or more"
GROUPS = 3


def deals(players: int) -> int:
    """Ordered deals enumerated for ``players`` (trump card from suit 0)."""
    ranks = ranks_per_suit(players)
    return ranks * perm(4 * ranks - 1, players)


def unseen(players: int) -> int:
    """Cards a blind seat's own card can be: the pack minus the other foreheads and the trump."""
    return 8 * players - players


@njit(nogil=True, cache=True)
def next_deal(cards, base, size):
    """Step ``cards`` (``int64[k]``) to the next ordered tuple of distinct card ids below
    ``size`` and outside the ``uint64`` mask ``base``, in lexicographic order. A tuple starting
    with -1 steps to the first one. Returns False after the last."""
    k = cards.shape[0]
    level = 0 if cards[0] < 0 else k - 1
    fresh = cards[0] < 0
    while level >= 0:
        used = base
        for j in range(level):
            used |= uint64(1) << uint64(cards[j])
        c = 0 if fresh else cards[level] + 1
        while c < size and used & (uint64(1) << uint64(c)):
            c += 1
        if c < size:
            cards[level] = c
            used |= uint64(1) << uint64(c)
            for j in range(level + 1, k):  # the smallest free cards after it
                c = 0
                while used & (uint64(1) << uint64(c)):
                    c += 1
                cards[j] = c
                used |= uint64(1) << uint64(c)
            return True
        level -= 1
    return False


@njit(nogil=True, cache=True)
def _one_card_obs(n):
    """An observation of a one-card hand: seats in play order (leader 0, dealer ``n - 1``),
    trump in suit 0; the restriction is applied by the callers, both ways."""
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    obs[O_PLAYERS] = n
    obs[O_LEADER] = 0
    obs[O_DEALER] = n - 1
    obs[O_CARDS] = 1
    obs[O_TRUMP_SUIT] = 0
    obs[O_RESTRICTION] = 0
    return obs


@njit(nogil=True, cache=True)
def _bid_one(wins, n_unseen, bonus):
    """Bid 1 iff its expected score is higher: ``(2 bonus + 3) * wins > (bonus + 1) * unseen``."""
    return 1 if (2 * bonus + 3) * wins > (bonus + 1) * n_unseen else 0


@njit(nogil=True, cache=True)
def enumerate_deals(n, trump_lo, trump_hi, bonuses, views, score, made, forced):
    """Enumerate the deals whose trump card is rank ``trump_lo .. trump_hi - 1`` of suit 0.

    Outputs (``int64``, added to): ``views[pos, trumps_seen, high_seen, wins]`` counts each
    seat's view by the number of its own possible cards that take the trick (``wins`` of
    ``unseen(n)``); ``score[b, r, pos]`` and ``made[b, r, pos]`` sum the scores and contracts
    made for bonus ``bonuses[b]`` with the dealer's restriction off (``r = 0``) or on (1);
    ``forced[b]`` counts the deals where the restriction moved the dealer's bid.
    """
    ranks = 2 * n
    size = 4 * ranks
    obs = _one_card_obs(n)
    c = np.full(n, -1, dtype=np.int64)
    wins = np.zeros(n, dtype=np.int64)
    bids = np.zeros(n, dtype=np.int64)
    nb = bonuses.shape[0]
    for t in range(trump_lo, trump_hi):
        obs[O_TRUMP_CARD] = t
        c[0] = -1
        while next_deal(c, uint64(1) << uint64(t), size):
            # a complete deal: every seat's view
            n_unseen = 0
            for i in range(n):
                obs[O_SEAT] = i
                ts = 0
                hs = 0
                for s in range(n):
                    if s == i:
                        obs[OFF_VISIBLE + s] = -1
                    else:
                        obs[OFF_VISIBLE + s] = c[s]
                        if c[s] < ranks:
                            ts += 1
                        elif c[s] % ranks >= ranks - 2:
                            hs += 1
                u, v = blind_counts(obs)
                n_unseen = u
                wins[i] = v
                views[i, min(ts, 2), min(hs, 2), v] += 1
            w = trick_winner(c, n, 0, ranks)
            for b in range(nb):
                others = 0
                for i in range(n):
                    bids[i] = _bid_one(wins[i], n_unseen, bonuses[b])
                    if i < n - 1:
                        others += bids[i]
                for r in range(2):
                    dealer_bid = bids[n - 1]
                    if r == 1 and dealer_bid == 1 - others:  # W5: the forbidden value
                        dealer_bid = 1 - dealer_bid
                        forced[b] += 1
                    for i in range(n):
                        bid = dealer_bid if i == n - 1 else bids[i]
                        took = 1 if i == w else 0
                        if bid == took:
                            score[b, r, i] += bonuses[b] + took
                            made[b, r, i] += 1
                        else:
                            score[b, r, i] -= 1


def new_tables(players: int) -> dict[str, np.ndarray]:
    n = players
    nb = len(BONUSES)
    return {
        "views": np.zeros((n, GROUPS, GROUPS, unseen(n) + 1), dtype=np.int64),
        "score": np.zeros((nb, 2, n), dtype=np.int64),
        "made": np.zeros((nb, 2, n), dtype=np.int64),
        "forced": np.zeros(nb, dtype=np.int64),
    }


def blind_tables(players: int, trump_ranks: range | None = None) -> dict[str, np.ndarray]:
    """Enumerate every deal (or only those with the given trump ranks) of a blind one-card hand
    at ``players`` seats and return the tables of :func:`enumerate_deals`."""
    ranks = ranks_per_suit(players)
    if players > 5:
        raise ValueError("exact enumeration covers 3 to 5 players (6 would be 9.2e10 deals)")
    tr = trump_ranks if trump_ranks is not None else range(ranks)
    out = new_tables(players)
    enumerate_deals(
        players,
        tr.start,
        tr.stop,
        np.asarray(BONUSES, dtype=np.int64),
        out["views"],
        out["score"],
        out["made"],
        out["forced"],
    )
    return out


# --- listening to the earlier bids --------------------------------------------------------------


@njit(nogil=True, cache=True)
def _view_bid(obs, c, n, seat, bonus):
    """The card-only bid of ``seat`` in the deal ``c`` (play order): ``(bid, wins, unseen)``."""
    obs[O_SEAT] = seat
    for s in range(n):
        obs[OFF_VISIBLE + s] = -1 if s == seat else c[s]
    u, w = blind_counts(obs)
    return _bid_one(w, u, bonus), w, u


@njit(nogil=True, cache=True)
def _score_sum(bid, wins, count, bonus):
    """Total score of ``bid`` over ``count`` deals of which ``wins`` give the bidder the trick."""
    if bid == 1:
        return (bonus + 1) * wins - (count - wins)
    return bonus * (count - wins) - wins


@njit(nogil=True, cache=True)
def _best(wins, count, bonus, forb):
    """The bid with the higher total score (0 on a tie) other than ``forb``."""
    b = 1 if _score_sum(1, wins, count, bonus) > _score_sum(0, wins, count, bonus) else 0
    return 1 - b if b == forb else b


@njit(nogil=True, cache=True)
def enumerate_listening(n, trump_lo, trump_hi, bonus, score, changed, pattern):
    """One seat at a time listens to the bids made before its turn, the others bid by their
    cards: the exact value of that information (W9: the earlier bidders saw your card).

    For every seat ``pos`` and every view it can have (trump card of suit 0 ranked ``trump_lo ..
    trump_hi - 1``, the other cards in play order), each card it might hold gives the earlier
    seats' card-only bids; the seat then bids best for the cards consistent with the bids it
    heard. Outputs (``int64``, added to): ``score[r, pos, s]``, the total score over all deals
    with the restriction off/on (``r``), bidding by cards only (``s = 0``) or listening (1);
    ``changed[r, pos]``, deals where listening changes the bid; ``pattern[r, pos, seen, lead,
    bid]`` counts deals by whether the seat sees a trump (``seen``), the leader's bid (0 for the
    leader itself) and the listening bid.
    """
    ranks = 2 * n
    size = 4 * ranks
    obs = _one_card_obs(n)
    c = np.full(n, -1, dtype=np.int64)
    others = np.full(n - 1, -1, dtype=np.int64)
    keys = 1 << (n - 1)
    cnt = np.zeros(keys, dtype=np.int64)
    wins = np.zeros(keys, dtype=np.int64)
    for t in range(trump_lo, trump_hi):
        obs[O_TRUMP_CARD] = t
        for pos in range(n):
            others[0] = -1
            while next_deal(others, uint64(1) << uint64(t), size):
                # a complete view of seat pos: try every card it might hold
                used = uint64(1) << uint64(t)
                j = 0
                for s in range(n):
                    if s != pos:
                        c[s] = others[j]
                        used |= uint64(1) << uint64(others[j])
                        j += 1
                cnt[:] = 0
                wins[:] = 0
                total_w = 0
                for mine in range(size):
                    if used & (uint64(1) << uint64(mine)):
                        continue
                    c[pos] = mine
                    key = 0
                    for s in range(pos):
                        b, _, _ = _view_bid(obs, c, n, s, bonus)
                        key |= b << s
                    won = 1 if trick_winner(c, n, 0, ranks) == pos else 0
                    cnt[key] += 1
                    wins[key] += won
                    total_w += won
                total_c = cnt.sum()
                seen = 0
                for s in range(n):
                    if s != pos and c[s] < ranks:
                        seen = 1
                for key in range(keys):
                    if cnt[key] == 0:
                        continue
                    heard = 0
                    for s in range(pos):
                        heard += (key >> s) & 1
                    for r in range(2):
                        forb = -1
                        if r == 1 and pos == n - 1:
                            forb = 1 - heard  # W5: the bids may not add up to 1
                        card_only = _best(total_w, total_c, bonus, forb)
                        listen = _best(wins[key], cnt[key], bonus, forb)
                        score[r, pos, 0] += _score_sum(card_only, wins[key], cnt[key], bonus)
                        score[r, pos, 1] += _score_sum(listen, wins[key], cnt[key], bonus)
                        if card_only != listen:
                            changed[r, pos] += cnt[key]
                        pattern[r, pos, seen, key & 1, listen] += cnt[key]


def listening_tables(
    players: int, bonus: int = 5, trump_ranks: range | None = None
) -> dict[str, np.ndarray]:
    """Every view of every seat at ``players`` seats (see :func:`enumerate_listening`), or only
    those with the given trump ranks."""
    tr = trump_ranks if trump_ranks is not None else range(ranks_per_suit(players))
    if players > 4:
        raise ValueError("listening is enumerated for 3 and 4 players")
    out = {
        "score": np.zeros((2, players, 2), dtype=np.int64),
        "changed": np.zeros((2, players), dtype=np.int64),
        "pattern": np.zeros((2, players, 2, 2, 2), dtype=np.int64),
    }
    enumerate_listening(
        players, tr.start, tr.stop, bonus, out["score"], out["changed"], out["pattern"]
    )
    return out


track_module(globals())  # every cached function here is keyed on the files it reaches
