"""Kernels against the plain-Python reference: identical actions and scores on the same streams."""

import numpy as np
import pytest

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.games.whist import agents, kernels, reference
from headcount_lab.games.whist.rules import WhistRules


def _compare(rules, bots, seed, n_matches, rotate=True):
    ids, params = agents.policy_params(bots)
    rec = np.zeros((n_matches, kernels.log_length(rules.players)), dtype=np.int16)
    got = kernels.run_block(
        block_state(seed, 0), n_matches, rules.array(), ids, params, rotate, rec
    )
    want, logs = reference.run_block(
        rules, PyStream.for_block(seed, 0), n_matches, ids, params, rotate
    )
    for m, log in enumerate(logs):
        assert len(log) == rec.shape[1]
        assert rec[m].tolist() == log, f"match {m} differs"
    for key in want:
        assert np.array_equal(got[key], want[key]), key


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_and_heuristic_agree_on_every_action(players, seed):
    bots = (["heuristic", "random"] * 3)[:players]
    _compare(WhistRules(players=players), bots, seed, 4)


@pytest.mark.parametrize(
    "flags",
    [
        ["dealer_restriction=off"],
        ["must_trump=off"],
        ["streak_mode=once"],
        ["blind_one_card_hands=off", "first_dealer=2"],
        ["streak_bonus=7", "streak_length=3"],
    ],
)
def test_house_rules_agree(flags):
    rules = WhistRules(players=4).with_flags(flags)
    _compare(rules, ["heuristic", "random", "heuristic", "random"], 11, 4)


def test_montecarlo_agrees_with_sampled_play():
    rules = WhistRules(players=4)
    _compare(
        rules, ["montecarlo:bid_samples=3,play_samples=2", "heuristic", "random", "heuristic"], 5, 1
    )


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("flags", [[], ["dealer_restriction=off"]])
def test_w9_listening_bots_agree_on_every_action(players, flags):
    """``listen=1``: the kernel looks the blind bid up in the equilibrium table from the
    observation, the reference from its own state (trump suit relabelled, play order); at 5
    players there is no table and both bid from the cards."""
    bots = (["heuristic:listen=1", "heuristic", "montecarlo:bid_samples=2,listen=1"] * 2)[:players]
    _compare(WhistRules(players=players).with_flags(flags), bots, players, 6)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_montecarlo_reading_the_bids_agrees_on_every_action(players):
    """``listen=2`` weights montecarlo's bid samples by the earlier bids, ``listen=3`` its
    card-play samples too: the same decisions from the kernel's and the reference's observations."""
    bots = (
        [
            "montecarlo:bid_samples=3,play_samples=2,listen=3",
            "heuristic",
            "montecarlo:bid_samples=3,play_samples=2,listen=2",
        ]
        * 2
    )[:players]
    _compare(WhistRules(players=players), bots, 20 + players, 1)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("flags", [[], ["dealer_restriction=off"]])
def test_w9_readers_of_a_known_field_agree_on_every_action(players, flags):
    """``read``: the kernel weighs each card the reader cannot see by the earlier bids from the
    observation (listening seats through the equilibrium table at 3 and 4 players), the
    reference from its own state and the exact odds; the same bids, floats in the same order."""
    bots = (
        ["heuristic:read=1", "heuristic:listen=1", "montecarlo:bid_samples=2,read=0.5", "heuristic"]
        * 2
    )[:players]
    _compare(WhistRules(players=players).with_flags(flags), bots, 40 + players, 6)
