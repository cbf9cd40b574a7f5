"""Kernels against the plain-Python reference engine: same streams, same actions, same numbers,
to the last bit (every flag, both player counts, all bots)."""

import numpy as np
import pytest
from numba import njit, uint64

from headcount_lab.core.rng import block_state
from headcount_lab.games.foolish import agents, kernels, reference
from headcount_lab.games.foolish import bits as B
from headcount_lab.games.foolish.bots import MENU
from headcount_lab.games.foolish.rules import FoolishRules

CASES = [
    (FoolishRules(), "random,random,random,random", 12),
    (FoolishRules(players=5, party_crasher=True), "random,random,random,random,random", 8),
    (FoolishRules(players=5), "random,rules,random,rules,random", 8),
    (FoolishRules(party_crasher=True, no_tricks_bonus=10), "rules,rules,random,rules", 8),
    (
        FoolishRules(players=5, party_crasher=True, pc_keeps_stock=False, pc_no_tricks_bonus=False),
        "rules,rules,rules,rules,rules",
        6,
    ),
    (
        FoolishRules(rounds="single", lone_multiplier=4, first_start=3),
        "rules,random,rules,random",
        10,
    ),
    (FoolishRules(party_crasher=True), "pimc:samples=2,rules,random,rules", 2),
    (FoolishRules(players=5, rounds="single"), "pimc:samples=3,random,rules,random,rules", 2),
    (
        FoolishRules(rounds="single"),
        "pimc:samples=3,top=4,win=40,rules,ismcts:iterations=4,top=3,win=40,rules",
        2,
    ),
    (
        FoolishRules(rounds="single", party_crasher=True),
        "ismcts:iterations=5,top=0,deep=3,widen=1,rules,random,pimc:samples=2,top=4,more=2",
        3,
    ),
]


@pytest.mark.parametrize(("rules", "bots", "seeds"), CASES)
def test_kernel_games_equal_reference_games(rules, bots, seeds):
    names = MENU.split(bots)
    ids, params = agents.policy_params(names)
    n = rules.players
    games = 3
    crashes = 0
    for seed in range(seeds):
        for rotate in (False, True):
            rec = np.zeros((games, kernels.log_length(n, rules.n_rounds)), dtype=np.int16)
            a = kernels.run_block(
                block_state(seed, 1), games, rules.array(), ids, params, rotate, rec
            )
            logs: list[list[int]] = []
            b = reference.run_block(block_state(seed, 1), games, rules, ids, params, rotate, logs)
            assert a.keys() == b.keys()
            for k in a:
                assert np.array_equal(a[k], b[k]), (seed, k)
            for g in range(games):
                assert [int(v) for v in rec[g]] == logs[g], (seed, g)
            assert a["games"].sum() == games * n
            crashes += int(a["crashes"][0])
    if rules.party_crasher and "rules" in bots and seeds > 2:
        assert crashes > 0  # F18 was exercised


@njit(nogil=True, cache=True)
def _random_rounds_both_ways(rng, n, rounds, won, pts, logs):
    """Deal ``rounds`` rounds and play each twice from the same stream: with the general loop
    (``bits.legal_mask``, ``agents.random_act``, ``bits.play``, ``bits.close_trick``) and with
    :func:`kernels.random_tricks`. Tricks and points taken go to ``won``/``pts``
    (``int64[2, rounds, n]``), the actions to ``logs`` (``int16[2, rounds, 65]``); returns the
    number of rounds whose streams ended in different states."""
    S = np.zeros(B.STATE_SIZE, dtype=np.int64)
    T = np.zeros(B.STATE_SIZE, dtype=np.int64)
    deck = np.zeros(kernels.DECK.shape[0], dtype=np.int64)
    cov = np.zeros(agents.COV_SIZE, dtype=np.int64)
    other = np.zeros(4, dtype=np.uint64)
    diverged = 0
    for r in range(rounds):
        B.begin_round(S, n, 1, n, r % n, 5, 2, 0, 1, 1)
        kernels.deal(rng, deck, S)
        T[:] = S
        other[:] = rng
        k = 0
        while not B.round_over(S):
            seat = B.to_move(S)
            mask = B.legal_mask(S, seat, cov) & ~B.CRASH_BIT
            single = mask & (mask - uint64(1)) == 0  # no choice: no draw
            a = B.nth_bit(mask, 0) if single else agents.random_act(rng, mask)
            logs[0, r, k] = a
            k += 1
            B.play(S, seat, a)
            if S[B.S_LEN] == n:
                B.close_trick(S, cov)
        kernels.random_tricks(other, T, logs[1, r], np.int64(0))  # typed: the engine's own compile
        for s in range(n):
            won[0, r, s] = S[B.OFF_WON + s]
            pts[0, r, s] = S[B.OFF_PTS + s]
            won[1, r, s] = T[B.OFF_WON + s]
            pts[1, r, s] = T[B.OFF_PTS + s]
        for i in range(4):
            if other[i] != rng[i]:
                diverged += 1
                break
    return diverged


@pytest.mark.parametrize("n", [4, 5])
def test_f5_f12_random_fast_path_plays_the_general_loops_games(n):
    """The all-``random`` round (``kernels.random_tricks``: packed trick, branch-free legal mask)
    plays the same actions, tricks and points and draws the same numbers as the general loop,
    on thousands of rounds: Queens on Queens at the last card (F8 with F6), Jacks (F10), Kings
    (F11) all occur."""
    rounds = 4000
    won = np.zeros((2, rounds, n), dtype=np.int64)
    pts = np.zeros((2, rounds, n), dtype=np.int64)
    logs = np.full((2, rounds, 65), -1, dtype=np.int16)
    diverged = _random_rounds_both_ways(block_state(5, n), n, rounds, won, pts, logs)
    assert diverged == 0
    assert np.array_equal(logs[0], logs[1])
    assert np.array_equal(won[0], won[1])
    assert np.array_equal(pts[0], pts[1])
    queens_on = (logs[0] >= B.A_QUEEN) & (logs[0] < B.A_KING)
    assert queens_on.sum() > 1000  # the rare branches were exercised
