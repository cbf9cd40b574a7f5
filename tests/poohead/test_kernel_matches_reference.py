"""Kernels against the plain-Python reference: the same actions and outcomes on the same
streams, for 2-4 players, every bot and every house-rule flag."""

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

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
    ["no_nine_on_empty=on"],
    ["no_nine_on_empty=on", "bomb_anytime=on", "mix_sources=on"],
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
    bots = ["pimc:samples=3,horizon=120", "cheap", "random", "cheap+"][:players]
    _compare(PooheadRules(players=players), bots, 5, 2)


def test_swap_variants_agree_with_the_reference():
    bots = ["cheap:swap=keep", "cheap+:swap=random", "cheap:swap=random", "cheap+:swap=keep"]
    _compare(PooheadRules(players=4), bots, 8, 6)


@pytest.mark.parametrize("players", [2, 4])
def test_ismcts_agrees_with_the_reference(players):
    bots = ["ismcts:iterations=40,horizon=150", "cheap+", "random", "pimc:samples=2,horizon=100"][
        :players
    ]
    _compare(PooheadRules(players=players), bots, 6, 2)


FLAG_VALUES = {
    "swap": ["on", "off"],
    "mix_sources": ["on", "off"],
    "pickup_takes_faceup": ["on", "off"],
    "start_scan": ["hand", "hand_and_faceup"],
    "start_tiebreak": ["copies", "random", "seat"],
    "starter_free_lead": ["on", "off"],
    "voluntary_pickup": ["on", "off"],
    "ten_replay": ["must", "may"],
    "bomb_anytime": ["on", "off"],
    "eight_skip": ["per_play", "per_card"],
    "failed_flip_public": ["on", "off"],
    "finish_on_special": ["on", "off"],
    "no_nine_on_empty": ["on", "off"],
    "cap_outcome": ["none", "most_cards"],
}


@settings(max_examples=25, deadline=None)
@example(  # found by this test: the kernel never took a face-up 10 with pickup_takes_faceup
    players=3,
    seed=0,
    flags={k: v[0] for k, v in FLAG_VALUES.items()}
    | {"start_scan": "hand", "start_tiebreak": "copies", "ten_replay": "must"}
    | {"eight_skip": "per_play", "cap_outcome": "none"},
    bots=["random"] * 4,
)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    flags=st.fixed_dictionaries({k: st.sampled_from(v) for k, v in FLAG_VALUES.items()}),
    bots=st.lists(st.sampled_from(["random", "cheap", "cheap+"]), min_size=4, max_size=4),
)
def test_any_combination_of_flags_agrees(players, seed, flags, bots):
    rules = PooheadRules(players=players, turn_cap=300).with_flags(
        [f"{k}={v}" for k, v in flags.items()]
    )
    _compare(rules, bots[:players], seed, 3)
