"""The engine's games obey the rules: every kernel game replays cleanly through the independent
checker in record.py, and the rulings' consequences hold (H5-H10)."""

import json

import numpy as np
from engine_support import kernel_games, setup_for
from hypothesis import given, settings
from hypothesis import strategies as st

from headcount_lab.games.headcount.record import make_record, replay
from headcount_lab.games.headcount.rules import HeadcountRules

BOTS = [
    "random",
    "random:call=0.05,peek=0.6,step=20",
    "tips",
    "odds",
    "reader",
    "bluffer",
    "equilibrium",
]

rules_st = st.builds(
    HeadcountRules,
    double=st.booleans(),
    trickster=st.booleans(),
    hidden_card=st.booleans(),
    min_first_bid=st.sampled_from([None, 1, 10]),
    tie_goes_to=st.sampled_from(["bidder", "caller"]),
    start_player_may_peek=st.booleans(),
    peek_must_raise=st.booleans(),
    next_start=st.sampled_from(["loser", "left_of_loser"]),
    open_lives=st.sampled_from([None, 0, 1, 3]),
    hidden_lives=st.sampled_from([None, 1, 2]),
)


@settings(max_examples=40, deadline=None)
@given(
    rules=rules_st,
    bots=st.lists(st.sampled_from(BOTS), min_size=3, max_size=6),
    seed=st.integers(0, 2**32),
)
def test_every_kernel_game_replays_as_legal(rules, bots, seed):
    setup = setup_for(",".join(bots), rules)
    games = kernel_games(setup, seed, 2)
    rec = json.loads(json.dumps(make_record(rules, games, seed)))  # through JSON, as on disk
    result = replay(rec)
    open_l, down_l = rules.lives
    lives = open_l + down_l
    n = len(bots)
    for g in result["games"]:
        rounds = len(g["rounds"])
        # H8: one life lost per round, so L(n-1) .. L(n-1) + L-1 rounds
        assert lives * (n - 1) <= rounds <= lives * (n - 1) + lives - 1
        for r in g["rounds"]:
            if not rules.hidden_card:
                assert r["peeks"] == []


def test_h7_peek_is_followed_by_a_raise_and_not_on_the_first_turn():
    setup = setup_for("random:peek=0.9,random:peek=0.9,random:peek=0.9,random:peek=0.9")
    games = kernel_games(setup, 3, 5)
    peeks = 0
    for _, ev in games:
        start, first_turn = None, False
        for i, (kind, seat, _value) in enumerate(ev):
            if kind == "start":
                start, first_turn = seat, True
            elif kind == "peek":
                peeks += 1
                assert not (first_turn and seat == start)
                assert ev[i + 1][0] == "bid" and ev[i + 1][1] == seat
            elif kind in ("bid", "call"):
                first_turn = False
    assert peeks > 20


def test_h8_lives_never_rise_and_the_loser_starts_next():
    setup = setup_for("odds,tips,random,bluffer", HeadcountRules(trickster=True))
    rec = make_record(setup.rules, kernel_games(setup, 11, 4), 11)
    for g in replay(rec)["games"]:
        total = [sum(o + d for o, d in r["lives"]) for r in g["rounds"]]
        assert all(b == a - 1 for a, b in zip(total, total[1:], strict=False))
        for r, nxt in zip(g["rounds"], g["rounds"][1:], strict=False):
            o, d = r["lives"][r["loser"]]
            if o + d:
                assert nxt["start"] == r["loser"]
            else:
                assert nxt["start"] != r["loser"]


PEEKERS = "random:peek=0.9,call=0.5,random:peek=0.9,call=0.5,random:peek=0.9,call=0.5,tips"


def _calls_right_after_a_peek(games):
    n = 0
    for _, ev in games:
        for a, b in zip(ev, ev[1:], strict=False):
            if a[0] == "peek" and b[0] == "call":
                assert b[1] == a[1]
                n += 1
    return n


def test_h7_peek_must_raise_off_allows_a_call():
    """With the flag off, a peeker decides by its normal call rule; the games stay legal."""
    rules = HeadcountRules(peek_must_raise=False)
    setup = setup_for(PEEKERS, rules)
    games = kernel_games(setup, 5, 6)
    assert _calls_right_after_a_peek(games) > 10
    replay(json.loads(json.dumps(make_record(rules, games, 5))))
    # the default forbids it, on the same deals
    assert _calls_right_after_a_peek(kernel_games(setup_for(PEEKERS), 5, 6)) == 0


def test_h9_left_of_loser_starts():
    """With next_start=left_of_loser the next seat still in after the loser starts."""
    rules = HeadcountRules(next_start="left_of_loser")
    setup = setup_for("odds,tips,random,bluffer,reader", rules)
    rec = make_record(rules, kernel_games(setup, 13, 4), 13)
    checked = 0
    for g in replay(rec)["games"]:
        for r, nxt in zip(g["rounds"], g["rounds"][1:], strict=False):
            alive = [o + d > 0 for o, d in r["lives"]]
            s = (r["loser"] + 1) % len(alive)
            while not alive[s]:
                s = (s + 1) % len(alive)
            assert nxt["start"] == s != r["loser"]
            checked += 1
    assert checked > 40


def test_h6_tie_rule_decides_who_loses():
    """Across many rounds with the total equal to the last bid, the loser follows the flag."""
    for tie, expect in (("bidder", "caller"), ("caller", "bidder")):
        setup = setup_for("random,random,random,random", HeadcountRules(tie_goes_to=tie))
        rec = make_record(setup.rules, kernel_games(setup, 2, 30), 2)
        ties = [r for g in replay(rec)["games"] for r in g["rounds"] if r["total"] == r["last_bid"]]
        assert len(ties) > 5
        assert all(r["loser"] == r[expect] for r in ties)


def test_first_round_totals_follow_the_exact_distribution():
    """Chi-square (alpha 0.01, fixed seed) of the kernel's first-round totals against the exact
    distribution of 5 cards in play (4 players and the hidden card)."""
    from scipy import stats

    from headcount_lab.games.headcount.exact import total_distribution

    setup = setup_for("odds,odds,odds,odds")
    totals = []
    for block in range(4):
        for _, ev in kernel_games(setup, 99, 400, block=block):
            totals.append(next(v for k, _, v in ev if k == "count"))
    dist = total_distribution([], 5, False)
    lo = min(dist)
    probs = np.zeros(max(dist) - lo + 1)
    for t, p in dist.items():
        probs[t - lo] = float(p)
    obs = np.bincount(np.array(totals) - lo, minlength=probs.size)
    exp = probs * len(totals)
    # pool the thin tails into neighbouring bins so every expected count is at least 5
    edges = np.flatnonzero(np.cumsum(exp) >= 5)[0], np.flatnonzero(np.cumsum(exp[::-1]) >= 5)[0]
    a, b = edges[0], probs.size - 1 - edges[1]
    o = np.concatenate([[obs[: a + 1].sum()], obs[a + 1 : b], [obs[b:].sum()]])
    e = np.concatenate([[exp[: a + 1].sum()], exp[a + 1 : b], [exp[b:].sum()]])
    assert stats.chisquare(o, e).pvalue > 0.01
