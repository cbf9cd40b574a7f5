"""Golden playthroughs: recorded matches replayed from their actions, and regenerated from their
seeds. If the second test fails on purpose (outcomes changed), bump ``rules.VERSION``, note it in
docs/games/forehead-whist.md and re-record the files with the command in their test."""

import json
from pathlib import Path

import numpy as np
import pytest

from headcount_lab.core.rng import block_state
from headcount_lab.games.whist import agents, kernels, record
from headcount_lab.games.whist.rules import VERSION, WhistRules

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_playthroughs():
    assert len(GOLDEN) >= 2


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_match_replays_from_its_actions(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    res = record.replay_file(data)
    assert res["totals"] == [m["totals"] for m in data["matches"]]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_match_is_what_the_kernels_play_today(path):
    # recorded with: headcount-lab whist simulate --players N --bots ... --matches 1 --seed S
    #                [--rule ...] --record 1 --record-file tests/whist/golden/<file>
    data = json.loads(path.read_text(encoding="utf-8"))
    m = data["matches"][0]
    assert m["version"] == VERSION
    rules = WhistRules(**m["rules"])
    ids, params = agents.policy_params(m["bots"])
    log = np.zeros((1, kernels.log_length(rules.players)), dtype=np.int16)
    kernels.run_block(block_state(data["seed"], 0), 1, rules.array(), ids, params, False, log)
    assert record.decode_log([int(v) for v in log[0]], rules, m["bots"]) == m
