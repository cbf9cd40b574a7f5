"""Kernels against the plain-Python reference engine: same streams, same actions, same numbers,
to the last bit (every flag, both player counts, all bots)."""

import numpy as np
import pytest

from headcount_lab.core.rng import block_state
from headcount_lab.games.foolish import agents, kernels, reference
from headcount_lab.games.foolish.bots import MENU
from headcount_lab.games.foolish.rules import FoolishRules

CASES = [
    (FoolishRules(), "random,random,random,random", 12),
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
