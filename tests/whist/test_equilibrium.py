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
            if bids(deal, seat, t) != hist:
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

    def bids(deal: tuple, upto: int, t: int, restricted: bool = True) -> tuple:
        out: list[int] = []
        for j in range(upto):
            masked = tuple(None if s == j else c for s, c in enumerate(deal))
            out.append(bid(j, masked, tuple(out), t, restricted))
        return tuple(out)

    return bids, ranks, size


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
    e = equilibrium(4)
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
