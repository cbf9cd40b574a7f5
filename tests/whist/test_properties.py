"""Property tests: any seed, any table size and any house rules give matches whose every action
replays legally, whose tricks sum to the hand size and whose totals follow the score table."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from headcount_lab.core.rng import block_state
from headcount_lab.games.whist import agents, kernels, record
from headcount_lab.games.whist.rules import WhistRules, hand_score


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(3, 6),
    restriction=st.booleans(),
    must_trump=st.booleans(),
    once=st.booleans(),
    blind=st.booleans(),
    bots=st.lists(st.sampled_from(["random", "heuristic"]), min_size=6, max_size=6),
)
def test_matches_replay_legally_and_score_by_the_table(
    seed, players, restriction, must_trump, once, blind, bots
):
    rules = WhistRules(
        players=players,
        dealer_restriction=restriction,
        must_trump=must_trump,
        streak_mode="once" if once else "every_five",
        blind_one_card_hands=blind,
        first_dealer=seed % players,
    )
    names = bots[:players]
    ids, params = agents.policy_params(names)
    log = np.zeros((1, kernels.log_length(players)), dtype=np.int16)
    out = kernels.run_block(block_state(seed, 0), 1, rules.array(), ids, params, False, log)
    rec = record.decode_log([int(v) for v in log[0]], rules, names)  # replays every action
    res = record.replay_match(rec)
    without_bonus = [0] * players
    for h, r in zip(rec["hands"], res["hands"], strict=True):
        assert sum(r["tricks"]) == h["cards"]
        dealt = [c for hand in h["deal"] for c in hand]
        assert len(set(dealt)) == len(dealt) == players * h["cards"]  # cards conserved
        for s in range(players):
            without_bonus[s] += hand_score(h["bids"][s], r["tricks"][s])
    for s in range(players):
        bonus = res["totals"][s] - without_bonus[s]
        assert bonus % rules.streak_bonus == 0  # W8: only whole streak bonuses on top (W7)
    assert out["score_sum"].tolist() == res["totals"]
