"""Recorded games: the golden playthroughs replay from their actions and are what the kernels
play today; bad records are refused with a reason. If the second test fails on purpose
(outcomes changed), bump ``rules.VERSION``, note it in docs/games/poohead.md and re-record the
files with the command in the test."""

import copy
import json
from pathlib import Path

import numpy as np
import pytest

from headcount_lab.core.rng import block_state
from headcount_lab.games.poohead import agents, kernels, record
from headcount_lab.games.poohead.rules import VERSION, PooheadRules

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_playthroughs():
    assert len(GOLDEN) >= 3


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_replays_from_its_actions(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    res = record.replay_file(data)
    assert [o["poohead"] for o in res["outcomes"]] == [
        g["outcome"]["poohead"] for g in data["games"]
    ]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_is_what_the_kernels_play_today(path):
    # recorded with: headcount-lab poohead simulate --players N --bots ... --games 1 --seed S
    #                [--rule ...] --record 1 --record-file tests/poohead/golden/<file>
    data = json.loads(path.read_text(encoding="utf-8"))
    g = data["games"][0]
    assert g["version"] == VERSION
    rules = PooheadRules(**g["rules"])
    ids, params = agents.policy_params(g["bots"])
    log = np.zeros((1, kernels.log_length(rules.players, rules.turn_cap)), dtype=np.int16)
    kernels.run_block(block_state(data["seed"], 0), 1, rules.array(), ids, params, False, log)
    assert record.decode_log([int(v) for v in log[0]], rules, g["bots"]) == g


def _game():
    return json.loads(GOLDEN[0].read_text(encoding="utf-8"))["games"][0]


@pytest.mark.parametrize(
    "change, reason",
    [
        (lambda g: g["actions"].__setitem__(0, [g["actions"][0][0], "Ax4"]), "may not"),
        (lambda g: g["actions"].__setitem__(0, [(g["actions"][0][0] + 1) % 4, "3x1"]), "to move"),
        (lambda g: g["actions"].pop(), "before the game is over|outcome"),
        (lambda g: g["deal"]["draw"].__setitem__(0, "Q"), "one pack"),
        (lambda g: g.__setitem__("starter", (g["starter"] + 1) % 4), "cannot start|legal|move"),
        (lambda g: g["outcome"].__setitem__("poohead", (g["outcome"]["poohead"] + 1) % 4), "out"),
        (lambda g: g["face_up"].__setitem__(0, ["A", "A", "A"]), "face up|P3"),
        (lambda g: g["rules"].__setitem__("players", 7), "players"),
        (lambda g: g.__setitem__("actions", "3x1"), "list"),
        (lambda g: g.pop("deal"), "malformed"),
    ],
)
def test_replay_refuses_a_bad_record(change, reason):
    g = copy.deepcopy(_game())
    change(g)
    with pytest.raises(ValueError, match=reason):
        record.replay(g)


def test_a_flip_must_turn_one_of_the_players_face_down_cards():
    for path in GOLDEN:
        g = json.loads(path.read_text(encoding="utf-8"))["games"][0]
        for i, (seat, text) in enumerate(g["actions"]):
            if text.startswith("flip"):
                bad = copy.deepcopy(g)
                downs = g["deal"]["face_down"][seat]
                other = next(r for r in ["3", "4", "5", "6"] if r not in downs)
                bad["actions"][i] = [seat, f"flip {other}"]
                with pytest.raises(ValueError, match="face-down"):
                    record.replay(bad)
                return
    pytest.fail("no golden game flips a face-down card")
