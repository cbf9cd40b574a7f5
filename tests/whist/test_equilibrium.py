"""The blind-bidding equilibrium (W9 with W4, W5, W7) against a plain recursion from its
definition: each seat bids best over the cards it might hold that are consistent with the
bids it heard, knowing how the earlier seats bid."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from headcount_lab.games.whist.equilibrium import (
    deal_count,
    equilibrium,
    solve,
    view_key,
)
from headcount_lab.games.whist.rules import ranks_per_suit, trick_winner


def brute_force(players: int, bonus: int = 5):
    """Bids by recursion on the definition, with no tables (slow; small samples only)."""
    ranks = ranks_per_suit(players)
    size = 4 * ranks

    def score(bid: int, won: bool) -> int:
        return bonus + bid if bid == int(won) else -1

    @cache
    def bid(seat: int, masked: tuple, hist: tuple, t: int, restricted: bool) -> int:
        used = {c for c in masked if c is not None} | {t}
        cnt = wins = 0
        for mine in range(size):
            if mine in used:
                continue
            deal = tuple(mine if c is None else c for c in masked)
            if not heard(deal, hist, t):
                continue
            cnt += 1
            wins += trick_winner(list(deal), 0, ranks) == seat
        assert cnt > 0
        options = [0, 1]
        if restricted and seat == players - 1 and 0 <= 1 - sum(hist) <= 1:
            options.remove(1 - sum(hist))  # W5
        # expected score times cnt; a tie goes to bid 0
        return max(
            options, key=lambda b: (score(b, True) * wins + score(b, False) * (cnt - wins), -b)
        )

    def heard(deal: tuple, hist: tuple, t: int) -> bool:
        """``bids(deal, len(hist), t) == hist``, stopping at the first bid that differs."""
        for j, b in enumerate(hist):
            masked = tuple(None if s == j else c for s, c in enumerate(deal))
            if bid(j, masked, hist[:j], t, True) != b:
                return False
        return True

    def bids(deal: tuple, upto: int, t: int, restricted: bool = True) -> tuple:
        out: list[int] = []
        for j in range(upto):
            masked = tuple(None if s == j else c for s, c in enumerate(deal))
            out.append(bid(j, masked, tuple(out), t, restricted))
        return tuple(out)

    return bids, ranks, size


#: the 4-player equilibrium (0.8 s) is frozen: solved once for the tests that read it
solved = cache(equilibrium)


def random_deals(players: int, k: int, seed: int):
    ranks = ranks_per_suit(players)
    rng = random.Random(seed)
    for _ in range(k):
        t = rng.randrange(ranks)
        cards = rng.sample([c for c in range(4 * ranks) if c != t], players)
        yield t, tuple(cards)


@pytest.mark.parametrize(
    "players,k", [(3, 300), (4, 3), pytest.param(4, 30, marks=pytest.mark.slow)]
)
def test_w9_tables_bid_as_the_recursion_on_sampled_deals(players, k):
    strategy, free = solve(players)
    bids, ranks, size = brute_force(players)
    for t, deal in random_deals(players, k, seed=players):
        expected = bids(deal, players, t)
        hist = 0
        got = []
        for j in range(players):
            b = int(strategy[j, view_key(np.array(deal), players, j, t, size), hist])
            got.append(b)
            hist |= b << j
        assert tuple(got) == expected, (t, deal)
        free_bid = int(
            free[
                view_key(np.array(deal), players, players - 1, t, size),
                hist & ((1 << (players - 1)) - 1),
            ]
        )
        assert free_bid == bids(deal, players, t, restricted=False)[-1]


def test_w5_three_player_totals_equal_the_recursion_over_every_deal():
    players, bonus = 3, 5
    bids, ranks, size = brute_force(players, bonus)
    total = [[0] * players for _ in range(2)]
    n = 0
    for t in range(ranks):
        for a in range(size):
            for b in range(size):
                for c in range(size):
                    if len({a, b, c, t}) < 4:
                        continue
                    deal = (a, b, c)
                    n += 1
                    w = trick_winner(list(deal), 0, ranks)
                    for r, restricted in enumerate((False, True)):
                        for i, bid in enumerate(bids(deal, players, t, restricted)):
                            total[r][i] += bonus + bid if bid == int(w == i) else -1
    e = equilibrium(players, bonus)
    assert n == e.deals == deal_count(players)
    assert [list(s) for s in e.score] == total


def test_w5_dealer_cost_is_nonnegative_and_only_the_dealer_changes():
    e = solved(4)
    assert e.score[0][:3] == e.score[1][:3]  # earlier seats never depend on W5
    assert e.dealer_cost > 0
    assert 0 < e.forced <= e.restricted <= e.deals
    assert e.forced_cost == Fraction(e.score[0][3] - e.score[1][3], e.forced)


def test_w7_bonus_is_a_parameter():
    five, ten = equilibrium(3, 5), equilibrium(3, 10)
    assert five.to_json()["bonus"] == 5 and ten.to_json()["bonus"] == 10
    assert ten.mean_score(0) > five.mean_score(0)


def test_w9_equilibrium_refuses_table_sizes_it_cannot_enumerate():
    with pytest.raises(ValueError, match="enumerated for"):
        solve(6)
    with pytest.raises(ValueError, match="bonus"):
        solve(3, bonus=0)


def test_cli_blind_equilibrium_json_is_the_exact_fractions():
    from typer.testing import CliRunner

    from headcount_lab.cli.app import app

    res = CliRunner().invoke(app, ["whist", "blind-equilibrium", "--players", "3", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    e = equilibrium(3)
    assert [s["mean_score"] for s in data["seats"]] == [
        f"{e.mean_score(i).numerator}/{e.mean_score(i).denominator}" for i in range(3)
    ]
    assert data["dealer_cost"] == f"{e.dealer_cost.numerator}/{e.dealer_cost.denominator}"
    off = CliRunner().invoke(
        app,
        [
            "whist",
            "blind-equilibrium",
            "--players",
            "3",
            "--rule",
            "dealer_restriction=off",
            "--json",
        ],
    )
    assert json.loads(off.stdout)["dealer_forced_share"] == "0/1"


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "6"],
        ["--players", "2"],
        ["--players", "4", "--bonus", "0"],
        ["--players", "4", "--rule", "players=3"],
        ["--players", "4", "--rule", "blind_one_card_hands=off"],
        ["--players", "4", "--rule", "nonsense=1"],
    ],
)
def test_cli_blind_equilibrium_bad_input_is_one_error_line(args):
    from typer.testing import CliRunner

    from headcount_lab.cli.app import app

    res = CliRunner().invoke(app, ["whist", "blind-equilibrium", *args])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("error:") and res.output.count("\n") == 1


@pytest.mark.parametrize("players", [3, 4])
def test_w9_the_leader_hears_no_bids_so_its_score_is_the_card_only_score(players):
    from headcount_lab.games.whist.blind_table import BONUSES, blind_tables

    card_only = blind_tables(players)["score"][BONUSES.index(5), 1, 0]
    assert solved(players).score[1][0] == card_only


def test_w9_a_listening_bot_bids_as_the_recursion_whatever_the_trump_suit():
    """The tables are solved with trumps in suit 0; a bot in a hand with another trump suit
    relabels the suits, and must bid as the definition says for the cards as dealt."""
    from headcount_lab.games.whist import bits as B
    from headcount_lab.games.whist.equilibrium import listen_table, listening_bid

    players = 3
    ranks = ranks_per_suit(players)
    table = listen_table(players)
    rng = random.Random(7)
    checked = 0
    for _ in range(60):
        trump_card = rng.randrange(4 * ranks)
        ts = trump_card // ranks
        deal = rng.sample([c for c in range(4 * ranks) if c != trump_card], players)

        # the recursion with the real trump suit: relabel to suit 0 and ask the brute force
        def canon(c, ts=ts):
            s = c // ranks
            s = 0 if s == ts else ts if s == 0 else s
            return s * ranks + c % ranks

        bids, _, _ = brute_force(players)
        want = bids(tuple(canon(c) for c in deal), players, trump_card % ranks)
        obs = np.zeros(B.OBS_SIZE, dtype=np.int64)
        obs[B.O_TRUMP_CARD] = trump_card
        obs[B.O_LEADER] = 0
        obs[B.O_RESTRICTION] = 1
        got = []
        for pos in range(players):
            for s in range(players):
                obs[B.OFF_VISIBLE + s] = -1 if s == pos else deal[s]
            b = int(listening_bid(table, obs, pos, players))
            obs[B.OFF_BIDS + pos] = b
            got.append(b)
        assert tuple(got) == want, (trump_card, deal)
        checked += ts != 0
    assert checked > 30  # most deals had a trump suit other than 0


def test_w9_a_listening_bid_never_reads_its_own_card_or_later_bids():
    """Fair play: what the bidder cannot see (its own forehead, bids not yet made) changes
    nothing."""
    from headcount_lab.games.whist import bits as B
    from headcount_lab.games.whist.equilibrium import listen_table, listening_bid

    players = 4
    ranks = ranks_per_suit(players)
    table = listen_table(players)
    rng = random.Random(11)
    for _ in range(200):
        trump_card = rng.randrange(4 * ranks)
        deal = rng.sample([c for c in range(4 * ranks) if c != trump_card], players)
        pos = rng.randrange(players)
        obs = np.zeros(B.OBS_SIZE, dtype=np.int64)
        obs[B.O_TRUMP_CARD] = trump_card
        obs[B.O_LEADER] = 0
        obs[B.O_RESTRICTION] = 1
        for s in range(players):
            obs[B.OFF_VISIBLE + s] = deal[s]
            obs[B.OFF_BIDS + s] = rng.randrange(2) if s < pos else -1
        obs[B.OFF_VISIBLE + pos] = -1
        first = listening_bid(table, obs, pos, players)
        obs[B.OFF_VISIBLE + pos] = rng.randrange(4 * ranks)  # its own card, which it never sees
        for s in range(pos, players):
            obs[B.OFF_BIDS + s] = rng.randrange(2)  # bids not made yet
        assert listening_bid(table, obs, pos, players) == first
