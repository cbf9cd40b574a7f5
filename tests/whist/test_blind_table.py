"""The enumeration of blind one-card deals (blind_table.py) against exact.py, deal by deal."""

from fractions import Fraction
from functools import cache
from itertools import permutations

import numpy as np
import pytest

from headcount_lab.games.whist import blind_table
from headcount_lab.games.whist.exact import best_bid, blind_win_cards
from headcount_lab.games.whist.rules import (
    WhistRules,
    forbidden_bid,
    ranks_per_suit,
    trick_winner,
)


@cache
def tables(players):
    """``blind_tables(players)`` over every trump rank (0.8 s at 4 players), computed once for
    the tests that read it and made read-only."""
    out = blind_table.blind_tables(players)
    for a in out.values():
        a.flags.writeable = False
    return out


@cache
def _odds(players, seen, trump):
    """``blind_win_cards`` counted (possible cards, winning ones); a seat's view of the others
    recurs in every deal that differs only in its own card, so each view is asked once."""
    possible, wins = blind_win_cards(players, list(seen), trump)
    return len(possible), len(wins)


def _oracle(players, trump_ranks):
    """Plain Python: every ordered deal, each seat's exact odds from ``exact.py``, W5, W7."""
    n = players
    ranks = ranks_per_suit(n)
    out = blind_table.new_tables(n)
    rule_sets = [WhistRules(players=n, dealer_restriction=on) for on in (False, True)]
    for t in trump_ranks:
        rest = [c for c in range(4 * ranks) if c != t]
        for deal in permutations(rest, n):
            winner = trick_winner(list(deal), 0, ranks)
            p = []
            for i in range(n):
                seen = tuple(None if s == i else deal[s] for s in range(n))
                possible, wins = _odds(n, seen, t)
                trumps = sum(1 for s in range(n) if s != i and deal[s] < ranks)
                high = sum(
                    1
                    for s in range(n)
                    if s != i and deal[s] >= ranks and deal[s] % ranks >= ranks - 2
                )
                out["views"][i, min(trumps, 2), min(high, 2), wins] += 1
                p.append(Fraction(wins, possible))
            for b, bonus in enumerate(blind_table.BONUSES):
                # the bid with the higher expected score at this bonus (0 on a tie)
                bids = [int(q > Fraction(bonus + 1, 2 * bonus + 3)) for q in p]
                if bonus == 5:
                    assert bids == [best_bid(q) for q in p]
                for r, rules in enumerate(rule_sets):
                    forb = forbidden_bid(1, bids[:-1], rules)
                    bid = list(bids)
                    if forb == bid[-1]:
                        bid[-1] = 1 - bid[-1]
                        out["forced"][b] += 1
                    for i in range(n):
                        took = int(i == winner)
                        if bid[i] == took:
                            out["score"][b, r, i] += bonus + took
                            out["made"][b, r, i] += 1
                        else:
                            out["score"][b, r, i] -= 1
    return out


#: the lowest trump rank in make test-all only (5 s; issue 25: test time)
@pytest.mark.parametrize(
    ("players", "trump_rank"), [pytest.param(3, 0, marks=pytest.mark.slow), (3, 5)]
)
def test_enumeration_equals_exact_odds_deal_by_deal(players, trump_rank):
    got = blind_table.blind_tables(players, range(trump_rank, trump_rank + 1))
    want = _oracle(players, [trump_rank])
    for key in want:
        assert np.array_equal(got[key], want[key]), key


def test_counts_of_deals_and_views():
    got = tables(3)
    assert blind_table.deals(3) == 6 * 23 * 22 * 21
    assert got["views"].sum() == 3 * blind_table.deals(3)


def test_w9_exact_odds_of_the_seats_add_up_to_one_trick():
    """Someone takes the one trick: averaged over every deal, the seats' exact chances of
    winning (from their views) add up to 1. The leader, whose suit is led, has the best."""
    for n in (3, 4):
        views = tables(n)["views"]
        u = blind_table.unseen(n)
        wins = np.arange(u + 1)
        p = [
            Fraction(int((v * wins).sum()), int(v.sum()) * u)
            for v in (views[pos].sum(axis=(0, 1)) for pos in range(n))
        ]
        assert sum(p) == 1
        assert p[0] == max(p) and p[0] > Fraction(1, n)


def test_w5_restriction_costs_only_the_dealer():
    t = tables(3)
    for b in range(len(blind_table.BONUSES)):
        assert np.array_equal(t["score"][b, 0, :-1], t["score"][b, 1, :-1])
        assert t["score"][b, 1, -1] < t["score"][b, 0, -1]


def test_six_players_refused():
    with pytest.raises(ValueError, match="3 to 5"):
        blind_table.blind_tables(6)


def _listening_oracle(n, t, bonus=5):
    """Plain Python: one seat listens to the earlier card-only bids, from ``exact.py``."""
    ranks = ranks_per_suit(n)
    out = {
        "score": np.zeros((2, n, 2), dtype=np.int64),
        "changed": np.zeros((2, n), dtype=np.int64),
    }
    rest = [c for c in range(4 * ranks) if c != t]

    def card_bid(deal, seat):
        seen = tuple(None if s == seat else deal[s] for s in range(n))
        possible, wins = _odds(n, seen, t)
        return int(Fraction(wins, possible) > Fraction(bonus + 1, 2 * bonus + 3))

    def total(bid, deals):
        return sum(
            (bonus + 1 if won else -1) if bid == 1 else (-1 if won else bonus) for _, won in deals
        )

    def best(deals, forb):
        b = int(total(1, deals) > total(0, deals))
        return 1 - b if b == forb else b

    for pos in range(n):
        for others in permutations(rest, n - 1):
            view = list(others[:pos]) + [None] + list(others[pos:])
            groups = {}
            for mine in rest:
                if mine in others:
                    continue
                deal = [mine if c is None else c for c in view]
                heard = tuple(card_bid(deal, s) for s in range(pos))
                won = trick_winner(deal, 0, ranks) == pos
                groups.setdefault(heard, []).append((deal, won))
            every = [d for g in groups.values() for d in g]
            for heard, deals in groups.items():
                for r in range(2):
                    forb = 1 - sum(heard) if r == 1 and pos == n - 1 else None
                    a, b = best(every, forb), best(deals, forb)
                    out["score"][r, pos, 0] += total(a, deals)
                    out["score"][r, pos, 1] += total(b, deals)
                    out["changed"][r, pos] += len(deals) if a != b else 0
    return out


def test_w9_listening_to_earlier_bids_equals_exact_py():
    got = blind_table.listening_tables(3, trump_ranks=range(2, 3))
    want = _listening_oracle(3, 2)
    assert np.array_equal(got["score"], want["score"])
    assert np.array_equal(got["changed"], want["changed"])


def test_bidding_by_cards_only_scores_as_the_deal_enumeration():
    """The listening enumeration's card-only strategy is the deal enumeration's bids: the same
    totals over every deal, restriction off and on."""
    for n in (3, 4):
        listen = blind_table.listening_tables(n)
        deals = tables(n)
        assert np.array_equal(listen["score"][:, :, 0], deals["score"][0])
        # listening never scores less than bidding by the cards alone
        assert (listen["score"][:, :, 1] >= listen["score"][:, :, 0]).all()
        assert not listen["changed"][:, 0].any()  # the leader hears nothing
