"""Records and replay: tampered or malformed records are refused with a reason."""

import copy
import json
from pathlib import Path

import pytest

from headcount_lab.games.foolish import record

GOLDEN = Path(__file__).parent / "golden"


def _game(name="game-4p-seed2026.json"):
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))["games"][0]


def _first_play(g, text_pred):
    for rnd in g["rounds"]:
        for tr in rnd["tricks"]:
            for i, p in enumerate(tr["plays"]):
                if text_pred(p):
                    return tr, i
    raise AssertionError("no such play")


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda g: g["rounds"][0]["deal"][0].__setitem__(0, "JK"), "54-card deck"),
        (lambda g: g["rounds"][0].__setitem__("start", (g["rounds"][0]["start"] + 1) % 4), "F4"),
        (lambda g: g["rounds"][1]["tricks"][0].__setitem__("winner", 9), "F9-F12"),
        (lambda g: g["rounds"][0]["scores"].__setitem__(0, 999), "F15"),
        (lambda g: g.__setitem__("totals", [0, 0, 0, 0]), "totals"),
        (lambda g: g["rounds"][0]["tricks"].pop(), "13 tricks"),
        (lambda g: g["rounds"][0]["tricks"][0]["plays"].__setitem__(0, "Q on 9"), "seat 0..3"),
        (lambda g: g.__setitem__("version", 99), "version"),
        (lambda g: g.__setitem__("format", "x"), "not a recorded game"),
        (lambda g: g["rules"].__setitem__("players", 7), "players"),
        (lambda g: g["rounds"].pop(), "4 rounds"),
    ],
)
def test_replay_refuses_a_tampered_record(tamper, message):
    g = _game()
    tamper(g)
    with pytest.raises(ValueError, match=message):
        record.replay_game(g)


def test_replay_refuses_a_card_not_held_and_an_illegal_last_play():
    g = _game()
    tr, i = _first_play(g, lambda p: p.endswith("down"))
    tr["plays"][i] = "JK down" if not tr["plays"][i].startswith("JK") else "A down"
    with pytest.raises(ValueError):
        record.replay_game(g)
    g = _game()
    tr = g["rounds"][0]["tricks"][0]
    tr["plays"] = ["2 down"] * 4  # F6: nothing face up
    with pytest.raises(ValueError):
        record.replay_game(g)


def test_replay_refuses_a_party_crasher_the_rules_do_not_allow():
    g = _game("game-5p-seed1-crasher.json")
    rnd = next(r for r in g["rounds"] if r["party_crasher"] is not None)
    replayed = copy.deepcopy(g)
    replayed["rules"]["party_crasher"] = False
    with pytest.raises(ValueError, match="F18"):
        record.replay_game(replayed)
    early = copy.deepcopy(g)
    r2 = early["rounds"][rnd["round"] - 1]
    r2["tricks"][0]["plays"][0] = record.CRASH_TEXT
    with pytest.raises(ValueError):
        record.replay_game(early)


def test_replay_file_names_the_bad_game():
    g = _game()
    bad = copy.deepcopy(g)
    bad["totals"] = [1, 2, 3, 4]
    with pytest.raises(ValueError, match="game 2"):
        record.replay_file({"games": [g, bad]})
    with pytest.raises(ValueError, match="no recorded games"):
        record.replay_file({"games": []})


def test_a_file_from_before_the_envelope_still_replays_and_is_checked():
    data = json.loads((GOLDEN / "game-4p-seed2026.json").read_text(encoding="utf-8"))
    old = {"seed": data["seed"], "games": data["games"]}
    assert record.replay(old)["totals"] == [data["games"][0]["totals"]]
    old["games"][0]["totals"][0] += 1
    with pytest.raises(ValueError, match="game 1"):
        record.replay(old)


def test_a_file_from_before_the_envelope_has_its_seed_checked_too():
    """Issue 26: the old ``{"seed", "games"}`` form is not a way round the envelope's checks."""
    data = json.loads((GOLDEN / "game-4p-seed2026.json").read_text(encoding="utf-8"))
    for seed in (float("nan"), "7", -1, 2**64):
        with pytest.raises(ValueError, match="seed: must be"):
            record.replay({"seed": seed, "games": data["games"]})
    with pytest.raises(ValueError, match="not a Foolish Faces record"):
        record.replay({"game": "whist", "games": data["games"]})  # an envelope key: checked
