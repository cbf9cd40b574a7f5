"""Kernels against the plain-Python reference: the same actions and outcomes on the same
streams, for 2-4 players, every bot and every house-rule flag."""

import numpy as np
import pytest

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.games.poohead import agents, kernels, reference
from headcount_lab.games.poohead.rules import PooheadRules


def _compare(rules, bots, seed, n_games, rotate=True):
    ids, params = agents.policy_params(bots)
    rec = np.zeros((n_games, kernels.log_length(rules.players, rules.turn_cap)), dtype=np.int16)
    got = kernels.run_block(block_state(seed, 0), n_games, rules.array(), ids, params, rotate, rec)
    want, logs = reference.run_block(
        rules, PyStream.for_block(seed, 0), n_games, ids, params, rotate
    )
    for m, log in enumerate(logs):
        assert rec[m, : len(log)].tolist() == log, f"game {m} differs"
        assert not rec[m, len(log) :].any()
    for key in want:
        assert np.array_equal(got[key], want[key]), key


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_bot_agrees_on_every_action(players, seed):
    bots = ["cheap", "random", "cheap+", "random"][:players]
    _compare(PooheadRules(players=players), bots, seed, 6)


FLAGS = [
    ["swap=off"],
    ["mix_sources=on"],
    ["pickup_takes_faceup=on"],
    ["start_scan=hand_and_faceup"],
    ["start_tiebreak=random"],
    ["start_tiebreak=seat", "dealer=1"],
    ["starter_free_lead=on"],
    ["voluntary_pickup=on"],
    ["ten_replay=may"],
    ["bomb_anytime=on"],
    ["eight_skip=per_card"],
    ["failed_flip_public=on"],
    ["finish_on_special=off"],
    ["turn_cap=40"],
    ["turn_cap=60", "cap_outcome=most_cards"],
    ["repetition_limit=2"],
    ["repetition_limit=3", "turn_cap=400", "swap=off"],
]


@pytest.mark.parametrize("flags", FLAGS, ids=lambda f: ",".join(f))
@pytest.mark.parametrize("players", [2, 4])
def test_house_rules_agree(flags, players):
    rules = PooheadRules(players=players).with_flags(flags)
    bots = ["random", "cheap", "cheap+", "random"][:players]
    _compare(rules, bots, 7, 6)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pimc_agrees_with_the_reference(players):
    bots = ["pimc:3:120", "cheap", "random", "cheap+"][:players]
    _compare(PooheadRules(players=players), bots, 5, 2)
