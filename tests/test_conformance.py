"""The same checks over every registered game (a game is a folder, not a fork)."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import json
import re
from pathlib import Path

import pytest

from headcount_lab.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
ENTRIES = list(GAMES.values())
IDS = [g.name for g in ENTRIES]


def goldens(game):
    return sorted((ROOT / "tests" / game.name / "golden").glob("*.json"))


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_game_folder_has_the_standard_modules(game):
    for module in ("rules", "kernels", "agents", "reference", "exact", "record", "bench"):
        importlib.import_module(f"{game.package}.{module}")


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_rules_are_frozen_plain_data_with_a_version(game):
    rules_cls = game.load("rules")
    rules = rules_cls()
    assert dataclasses.is_dataclass(rules)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(rules, dataclasses.fields(rules)[0].name, None)
    version = importlib.import_module(f"{game.package}.rules").VERSION
    assert isinstance(version, int) and version >= 1
    with pytest.raises(ValueError, match="unknown rule"):
        rules.with_flags(["no_such_flag=1"])


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_docs_page_lists_every_flag_and_the_current_version(game):
    text = (ROOT / game.docs).read_text(encoding="utf-8")
    for f in dataclasses.fields(game.load("rules")):
        assert f"`{f.name}" in text, f"{game.docs} does not document the flag {f.name}"
    history = text.split("## Version history", 1)
    assert len(history) == 2, f"{game.docs} has no '## Version history' section"
    version = importlib.import_module(f"{game.package}.rules").VERSION
    assert re.search(rf"\b{version}\b", history[1])


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_game_has_golden_playthroughs_that_replay(game):
    files = goldens(game)
    assert files, f"{game.title} has no recorded playthroughs in tests/{game.name}/golden/"
    replay = game.load("replay")
    for path in files:
        assert replay(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_replay_rejects_a_tampered_playthrough(game):
    """Change one recorded action's number and replay must refuse the record."""
    data = json.loads(goldens(game)[0].read_text(encoding="utf-8"))
    replay = game.load("replay")
    rejected = 0
    for path, value in _numbers(data):
        if "seed" in path[-1:] or "version" in str(path[-1]):
            continue
        bad = copy.deepcopy(data)
        _set(bad, path, value + 1)
        try:
            replay(bad)
        except ValueError:
            rejected += 1
        if rejected >= 3:
            break
    assert rejected >= 3


def _numbers(obj, path=()):
    if isinstance(obj, bool):
        return
    if isinstance(obj, int):
        yield path, obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _numbers(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _numbers(v, (*path, i))


def _set(obj, path, value):
    for p in path[:-1]:
        obj = obj[p]
    obj[path[-1]] = value


def _headcount_job():
    from headcount_lab.games.headcount import tournament as T
    from headcount_lab.games.headcount.agents import parse_bots
    from headcount_lab.games.headcount.rules import HeadcountRules

    bots = tuple(parse_bots("reader,odds,tips,random", 4))
    return T.make_job(T.Setup(bots, HeadcountRules(), True), 48)


def _whist_job():
    from headcount_lab.games.whist.rules import WhistRules
    from headcount_lab.games.whist.tournament import make_job

    return make_job(WhistRules(players=4), ["heuristic", "heuristic", "random", "random"], 64, True)


def _foolish_job():
    from headcount_lab.games.foolish.rules import FoolishRules
    from headcount_lab.games.foolish.tournament import make_job

    return make_job(
        FoolishRules(party_crasher=True), ["rules", "random", "rules", "random"], 8, True
    )


#: a small tournament job of each game, for the checks that every simulation job must pass
SIMULATE_JOBS = {"headcount": _headcount_job, "whist": _whist_job, "foolish": _foolish_job}


def test_every_game_has_a_simulate_job_here():
    assert set(SIMULATE_JOBS) == set(GAMES)


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_simulate_job_travels_to_dask_and_plays_identically(game):
    """A job sent to another process (Dask worker) must play the same games from the same
    block stream as the local one."""
    import pickle

    import numpy as np

    from headcount_lab.core import runner
    from headcount_lab.core.rng import block_state

    job = SIMULATE_JOBS[game.name]()
    copy = pickle.loads(pickle.dumps(runner.portable(job)))  # portable() raises if it cannot
    here = job.block_fn(block_state(5, 3), 4)
    there = copy.block_fn(block_state(5, 3), 4)
    assert here.keys() == there.keys()
    for k in here:
        assert np.array_equal(here[k], there[k]), k
    assert any(v.any() for v in here.values())
