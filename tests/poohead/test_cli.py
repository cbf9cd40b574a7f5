"""The poohead commands through the CLI: the move referee, start odds, and the generic simulate
and replay from the game's registry entry (named bot parameters, the envelope of record files),
and bad input (one error line, exit 2)."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from headcount_lab.cli.app import app
from headcount_lab.games.poohead.record import replay_file

GOLDEN = Path(__file__).parent / "golden"

runner = CliRunner()


def run(*args):
    return runner.invoke(app, ["poohead", *args])


def test_legal_json_lists_each_rank_once_in_rank_order():
    res = run("legal", "--pile", "5 9", "--hand", "10 8 3 J 3 8H", "--json")
    assert res.exit_code == 0
    assert json.loads(res.stdout) == {"legal": ["3", "8", "10"], "pick_up": False}


def test_legal_says_pick_up_when_nothing_goes():
    res = run("legal", "--pile", "3 A", "--hand", "K Q", "--json")
    assert json.loads(res.stdout) == {"legal": [], "pick_up": True}
    assert "pick up" in run("legal", "--pile", "A", "--hand", "K").stdout


def test_legal_takes_house_rules():
    res = run("legal", "--pile", "K", "--hand", "5 5 5 5", "--rule", "bomb_anytime=on", "--json")
    assert json.loads(res.stdout)["legal"] == ["5"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--pile", "5 Z", "--hand", "3"], "unknown card"),
        (["--pile", "5 5 5", "--hand", "5 5"], "pack holds 4"),
        (["--pile", "5", "--hand", "3", "--rule", "bogus=1"], "unknown rule"),
        (["--pile", "5", "--hand", "3", "--rule", "ten_replay=never"], "ten_replay"),
        (["--pile", "5 10", "--hand", "3"], "10"),
        (["--pile", "5"], "no cards"),
    ],
)
def test_legal_bad_input_is_one_error_line_and_exit_2(args, message):
    res = run("legal", *args)
    assert res.exit_code == 2
    assert res.stdout == "" or "error" not in res.stdout
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0]


def test_start_odds_json():
    res = run("start-odds", "--players", "4", "--json")
    data = json.loads(res.stdout)
    assert data["start_rank"]["3"]["fraction"] == "2759/4165"
    assert data["tie_break"]["fraction"] == "130570062157/436571822225"


def test_simulate_json_has_counts_and_records_replay(tmp_path):
    path = tmp_path / "games.json"
    res = run(
        "simulate", "--players", "3", "--bots", "cheap,random,cheap+", "--games", "300",
        "--seed", "4", "--rotate-seats", "--json", "--quiet", "--record", "2",
        "--record-file", str(path),
    )  # fmt: skip
    assert res.exit_code == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["games"] == 300 and isinstance(data["capped"], int)
    assert sum(data["poohead_by_seat"]) + data["capped"] == 300
    assert len(data["bots"]) == 3 and data["turns"]["mean"] > 0
    back = run("replay", str(path), "--json")
    assert back.exit_code == 0 and json.loads(back.stdout)["games"] == 2


def test_simulate_counts_capped_games_apart():
    res = run("simulate", "--players", "4", "--bots", "random,random,random,random",
              "--games", "200", "--rule", "turn_cap=150", "--json", "--quiet")  # fmt: skip
    data = json.loads(res.stdout)
    assert 0 < data["capped"] < 200
    assert sum(data["poohead_by_seat"]) == 200 - data["capped"]
    assert data["turns"]["histogram"]["150"] == data["capped"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bots", "cheap,cheap,cheap,nope"], "unknown bot"),
        (["--bots", "cheap,cheap"], "lists 2 bots but --players is 4"),
        (["--bots", "cheap,cheap", "--players", "5"], "players"),
        (["--bots", "cheap,cheap,cheap,cheap", "--games", "0"], "--games"),
        (["--bots", "cheap,cheap,cheap,cheap", "--rule", "turn_cap=0"], "turn_cap"),
        (["--bots", "pimc:samples=0,cheap,cheap,cheap"], "samples=0 is out of range"),
        (["--bots", "pimc:samples=1.5,cheap,cheap,cheap"], "whole number"),
        (["--bots", "ismcts:iterations=99999,cheap,cheap,cheap"], "out of range [1, 4096]"),
        (["--bots", "pimc:16,cheap,cheap,cheap"], "parameters are named"),
        (["--bots", "cheap:swap=sideways,cheap,cheap,cheap"], "swap must be one of own, keep"),
        (["--bots", "random:swap=keep,cheap,cheap,cheap"], "takes no parameters"),
        (["--bots", "cheap", "--players", "1"], "between 2 and 4"),
    ],
)
def test_simulate_bad_input(args, message):
    res = run("simulate", *args, "--quiet")
    assert res.exit_code == 2
    assert res.stderr.startswith("error:") and message in res.stderr


def test_replay_refuses_bad_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    res = run("replay", str(bad))
    assert res.exit_code == 2 and res.stderr.startswith("error:")
    good = json.loads((GOLDEN / "game-4p-seed7.json").read_text(encoding="utf-8"))
    bad.write_text(json.dumps({**good, "games": [{"format": "poohead-game", "version": 1}]}))
    res = run("replay", str(bad))
    assert res.exit_code == 2 and "game 1" in res.stderr
    bad.write_text(json.dumps({**good, "rules_version": 0}))
    res = run("replay", str(bad))
    assert res.exit_code == 2 and "rules version 0" in res.stderr


def test_replay_refuses_a_game_under_other_rules_than_the_file():
    data = json.loads((GOLDEN / "game-4p-seed7.json").read_text(encoding="utf-8"))
    data["rules"]["ten_replay"] = "may"
    with pytest.raises(ValueError, match="game 1: its rules are not the file's rules"):
        replay_file(data)


def test_replay_takes_one_game_cut_out_of_a_file():
    data = json.loads((GOLDEN / "game-4p-seed7.json").read_text(encoding="utf-8"))
    assert replay_file(data["games"][0])["games"] == 1


def test_simulate_and_replay_text():
    res = run("simulate", "--players", "2", "--bots", "cheap+,pimc:samples=2,horizon=50",
              "--games", "12", "--seed", "2", "--quiet")  # fmt: skip
    assert res.exit_code == 0, res.stderr
    assert res.stdout.startswith("12 games, 2 players, seed 2;")
    assert "pimc:samples=2,horizon=50" in res.stdout
    res = run("replay", str(GOLDEN / "game-4p-seed7.json"))
    assert res.exit_code == 0
    assert res.stdout.splitlines()[0].startswith("1 games, ")
    assert res.stdout.splitlines()[1].startswith("game 1: ")
