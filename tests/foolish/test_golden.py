"""Golden playthroughs: recorded games replayed from their actions, and regenerated from their
seeds. If the second test fails on purpose (outcomes changed), bump ``rules.VERSION``, note it in
docs/games/foolish-faces.md and re-record the files with the commands below."""

import json
from pathlib import Path

import pytest

from headcount_lab.games.foolish import record
from headcount_lab.games.foolish.rules import VERSION, FoolishRules

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))
# recorded with:
#   headcount-lab foolish simulate --players 4 --bots rules,random,rules,random --games 1
#       --seed 2026 --record 1 --record-file tests/foolish/golden/game-4p-seed2026.json
#   headcount-lab foolish simulate --players 5 --bots rules,rules,random,rules,rules --games 1
#       --seed 1 --rule party_crasher=on --rule no_tricks_bonus=10 --rule first_start=2
#       --record 1 --record-file tests/foolish/golden/game-5p-seed1-crasher.json
#   headcount-lab foolish simulate --players 4 --bots pimc:samples=2,rules,random,rules --games 1
#       --seed 7 --rule rounds=single --rule lone_multiplier=3
#       --record 1 --record-file tests/foolish/golden/game-4p-seed7-single-pimc.json
#   headcount-lab foolish simulate --players 4 --bots
#       ismcts:iterations=6,pimc-top,pimc:samples=3,more=2,win=50,rules --games 1 --seed 11
#       --rule party_crasher=on
#       --record 1 --record-file tests/foolish/golden/game-4p-seed11-search.json
#     (recorded at commit d4d2cab, before the search bots' rollouts read the state in place:
#     every search decision of the faster code is the old one)


def test_there_are_golden_playthroughs_with_a_party_crasher():
    assert len(GOLDEN) >= 3
    texts = [p.read_text(encoding="utf-8") for p in GOLDEN]
    assert any('"party crasher"' in t for t in texts)  # F18 is in a golden game


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_replays_from_its_actions(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    res = record.replay(data)
    assert res["totals"] == [g["totals"] for g in data["games"]]
    assert record.describe(res)[0].startswith("1 games, ")


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_is_what_the_kernels_play_today(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    g = data["games"][0]
    assert g["version"] == data["rules_version"] == VERSION
    rules = FoolishRules(**g["rules"])
    assert record.record_games(rules, data["bots"], data["seed"], 1, False) == data
