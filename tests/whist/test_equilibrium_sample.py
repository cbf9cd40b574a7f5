"""The blind-bidding equilibrium on sampled deals (W9 with W4, W5, W7): the same bids as the
exact tables, an estimate that passes a statistical test against the exact value, and the
cache the report reads."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from scipy import stats

from headcount_lab.games.whist.equilibrium import equilibrium, solve, view_key
from headcount_lab.games.whist.rules import ranks_per_suit, trick_winner
from headcount_lab.research.whist import equilibrium_sample as es


def _random_deal(players: int, rng: random.Random) -> tuple[int, np.ndarray]:
    ranks = ranks_per_suit(players)
    t = rng.randrange(ranks)
    cards = rng.sample([c for c in range(4 * ranks) if c != t], players)
    return t, np.array(cards, dtype=np.int64)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_w9_leader_count_is_the_cards_that_take_the_trick(players):
    ranks = ranks_per_suit(players)
    rng = random.Random(players)
    for _ in range(200):
        t, deal = _random_deal(players, rng)
        used = {t, *deal[1:].tolist()}
        want = 0
        for x in range(4 * ranks):
            if x not in used:
                deal[0] = x
                want += trick_winner(deal.tolist(), 0, ranks) == 0
        assert es.leader_wins(deal, players, t, ranks) == want


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_w9_second_seat_shortcut_bids_as_trying_every_card(players):
    ranks = ranks_per_suit(players)
    rng = random.Random(10 + players)
    differ = 0
    for _ in range(300):
        t, deal = _random_deal(players, rng)
        for heard in (0, 1):
            fast = es.eq_bid(deal, players, 1, heard, t, ranks, 5, True)
            slow = es.eq_bid(deal, players, 1, heard, t, ranks, 5, False)
            assert fast == slow, (t, deal, heard)
            differ += fast != es.eq_bid(deal, players, 1, 1 - heard, t, ranks, 5, True)
    assert differ > 0  # the bid heard does change seat 1's bid in some deals


def _recursive_bid(c, n, seat, heard, t, ranks, fast):
    """:func:`es.eq_bid` as the plain recursion it unrolls onto a stack: try every card the seat
    might hold, keep those on which each earlier seat would have bid what was heard."""
    from headcount_lab.games.whist.bits import trick_winner as winner
    from headcount_lab.games.whist.blind_table import _best

    if seat == 0 or (seat == 1 and fast):
        return es.eq_bid(c, n, seat, heard, t, ranks, 5, fast)  # the leaves, pinned above
    own, cnt, wins = int(c[seat]), 0, 0
    for x in sorted(set(range(4 * ranks)) - {t, *(int(c[s]) for s in range(n) if s != seat)}):
        c[seat] = x
        h = 0
        for j in range(seat):
            b = _recursive_bid(c, n, j, h, t, ranks, fast)
            if b != (heard >> j) & 1:
                break
            h |= b << j
        else:
            cnt += 1
            wins += winner(c, n, 0, ranks) == seat
    c[seat] = own
    return _best(wins, cnt, 5, -1)


@pytest.mark.parametrize(
    ("players", "deals"),
    [(5, 6), pytest.param(6, 2, marks=pytest.mark.slow)],  # 6: 6 s
)
def test_w9_deep_seats_bid_as_the_plain_recursion(players, deals):
    """Seats 2 and up, whose bids need the earlier seats' bids on every card they might hold,
    at the table sizes the exact tables do not reach cheaply; heard bits of every kind."""
    ranks = ranks_per_suit(players)
    rng = random.Random(40 + players)
    for _ in range(deals):
        t, deal = _random_deal(players, rng)
        for seat in range(2, players - 1):
            heard = rng.randrange(1 << seat)
            for fast in (True, False):
                want = _recursive_bid(deal.copy(), players, seat, heard, t, ranks, fast)
                got = es.eq_bid(deal, players, seat, heard, t, ranks, 5, fast)
                assert got == want, (t, deal, seat, heard, fast)


@pytest.mark.parametrize("players", [3, 4])
def test_w9_sampled_bids_are_the_exact_tables_bids(players):
    strategy, _ = solve(players)
    ranks = ranks_per_suit(players)
    size = 4 * ranks
    rng = random.Random(20 + players)
    for _ in range(150):
        t, deal = _random_deal(players, rng)
        h = es.eq_bids(deal, players, players - 1, t, ranks, 5)
        want = 0
        for j in range(players - 1):
            want |= int(strategy[j, view_key(deal, players, j, t, size), want]) << j
        assert h == want, (t, deal)


@pytest.mark.parametrize("players", [3, 4])
def test_w5_a_sampled_view_scores_as_the_exact_tables(players):
    """Every completion of a dealer's view, bid from the exact tables and scored by hand."""
    strategy, free = solve(players)
    ranks = ranks_per_suit(players)
    size = 4 * ranks
    d = players - 1
    rng = random.Random(30 + players)
    for _ in range(10):
        t, deal = _random_deal(players, rng)
        out = np.zeros((1, es.n_fields(players)), dtype=np.int64)
        es.score_views(players, 5, np.array([t]), deal[None, :d].copy(), out)
        score = np.zeros((2, players), dtype=np.int64)
        forced = 0
        for x in range(size):
            if x == t or x in deal[:d]:
                continue
            deal[d] = x
            h = 0
            for j in range(d):
                h |= int(strategy[j, view_key(deal, players, j, t, size), h]) << j
            key = view_key(deal, players, d, t, size)
            on, off = int(strategy[d, key, h]), int(free[key, h])
            forced += off == 1 - bin(h).count("1")
            w = trick_winner(deal.tolist(), 0, ranks)
            for r, dealer in enumerate((off, on)):
                for i in range(players):
                    bid = dealer if i == d else (h >> i) & 1
                    score[r, i] += 5 + bid if bid == int(w == i) else -1
        assert out[0, : 2 * players].tolist() == score.ravel().tolist()
        assert out[0, 8 * players] == forced


def test_w5_sampled_estimate_passes_a_test_against_the_exact_value_at_4_players():
    """Hotelling's T^2 over chunks (alpha 0.01, fixed seed) on four statistics at once: the
    dealer's cost, its forced share, its made rate and seat 2's score, against the exact
    enumeration. The same test rejects the card-only cost as the reference (it can fail)."""
    players = 4
    s = es.sampled_equilibrium(players, 1000, seed=12)
    e = equilibrium(players)
    per = es.CHUNK * 7 * players
    x = np.column_stack(
        [
            (s.field("score", 0, 3) - s.field("score", 1, 3)) / per,
            s.field("forced") / per,
            s.field("made", 1, 3) / per,
            s.field("score", 1, 1) / per,
        ]
    )
    exact = np.array([e.dealer_cost, e.forced_share, e.made_rate(3), e.mean_score(1)], dtype=float)

    def p_value(mu: np.ndarray) -> float:
        k, p = x.shape
        diff = x.mean(axis=0) - mu
        t2 = k * diff @ np.linalg.solve(np.cov(x, rowvar=False), diff)
        return float(stats.f.sf((k - p) / (p * (k - 1)) * t2, p, k - p))

    assert p_value(exact) > 0.01
    from headcount_lab.games.whist.blind_table import blind_tables

    card = blind_tables(players)
    card_cost = (card["score"][0, 0, 3] - card["score"][0, 1, 3]) / e.deals
    assert p_value(np.array([card_cost, *exact[1:]])) < 0.01


def test_w9_sampled_results_do_not_depend_on_the_workers():
    one = es.sample_chunks(4, 5, 40, seed=3, workers=1)
    two = es.sample_chunks(4, 5, 40, seed=3, workers=2)
    assert np.array_equal(one, two)
    assert not np.array_equal(one, es.sample_chunks(4, 5, 40, seed=4, workers=1))


def test_w9_sampled_json_says_it_is_not_exact():
    s = es.sampled_equilibrium(3, 20, seed=1)
    j = s.to_json()
    assert j["exact"] is False and j["samples"] == 20 and j["deals"] == 20 * 21
    lo, hi = j["dealer_cost_ci95"]
    assert lo <= j["dealer_cost"] <= hi
    assert all(
        lo <= seat["made_rate"] <= hi for seat in j["seats"] for lo, hi in [seat["made_rate_ci95"]]
    )
    off = s.to_json(restriction=False)
    assert off["dealer_forced_share"] == 0.0
    # the earlier seats never depend on W5, so their scores are the same both ways
    assert [x["mean_score"] for x in off["seats"][:-1]] == [
        x["mean_score"] for x in j["seats"][:-1]
    ]


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "6", "--samples", "7"],
        ["--players", "6", "--samples", "0"],
        ["--players", "7", "--samples", "10"],
    ],
)
def test_cli_sampled_equilibrium_bad_input_is_one_error_line(args):
    from typer.testing import CliRunner

    from headcount_lab.cli.app import app

    res = CliRunner().invoke(app, ["whist", "blind-equilibrium", *args])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("error:") and res.output.count("\n") == 1


def test_cli_six_players_without_samples_points_to_samples():
    from typer.testing import CliRunner

    from headcount_lab.cli.app import app

    res = CliRunner().invoke(app, ["whist", "blind-equilibrium", "--players", "6"])
    assert res.exit_code == 2 and "--samples" in res.output


def test_cli_sampled_json():
    from typer.testing import CliRunner

    from headcount_lab.cli.app import app

    args = ["whist", "blind-equilibrium", "--players", "3", "--samples", "20", "--seed", "5"]
    res = CliRunner().invoke(app, [*args, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["exact"] is False and data["seed"] == 5
    assert data == es.sampled_equilibrium(3, 20, seed=5).to_json()
    exact = CliRunner().invoke(app, ["whist", "blind-equilibrium", "--players", "3", "--json"])
    assert json.loads(exact.stdout)["exact"] is True


# --- the cache the report reads (data/whist-blind-equilibrium.json) -----------------------------


def test_cache_round_trips(tmp_path):
    path = tmp_path / "cache.json"
    e = equilibrium(3)
    es.write_cache_entry(es.cache_key(3, 5, True), "cmd", es.exact_record(e), path)
    s = es.sampled_equilibrium(3, 20, seed=2)
    es.write_cache_entry(es.cache_key(3, 5, False), "cmd2", es.sampled_record(s), path)
    assert es.cached_exact(3, path=path) == e
    back = es.cached_sampled(3, path=path)
    assert back is not None and np.array_equal(back.chunks, s.chunks)
    assert es.read_cache(path)["exact-3-bonus5"]["command"] == "cmd"


def test_cached_entries_carry_their_command():
    cache = es.read_cache()
    assert {"sampled-6-bonus5", "sampled-5-bonus5"} <= set(cache)
    for entry in cache.values():
        assert entry["command"].startswith("python scripts/whist_blind_equilibrium.py ")


def test_cached_five_player_samples_match_recomputation_of_the_first_chunk():
    s = es.cached_sampled(5)
    assert s is not None
    first = es.sample_chunk(5, s.bonus, s.seed, 0).sum(axis=0)
    assert s.chunks[0].tolist() == first.tolist()


@pytest.mark.slow
def test_cached_six_player_samples_match_recomputation_of_the_first_chunk():
    s = es.cached_sampled(6)
    assert s is not None
    first = es.sample_chunk(6, s.bonus, s.seed, 0).sum(axis=0)
    assert s.chunks[0].tolist() == first.tolist()
