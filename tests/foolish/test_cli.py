"""The foolish commands through typer's CliRunner, with real output and bad input (exit 2)."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from headcount_lab.cli.app import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, ["foolish", *args])


def test_trick_referee_golden_g5_text_and_json():
    res = run("trick", "--players", "4", "JK Q@1 Q@2 down")
    assert res.exit_code == 0, res.output
    assert res.stdout.strip() == "player 1 takes the trick: 3 points"
    res = run("trick", "--players", "5", "J 5 J down 3", "--json")
    assert json.loads(res.stdout) == {"winner": 2, "points": 4}


@pytest.mark.parametrize(
    "plays",
    ["Q@2 down 5 5", "5 5 5 5", "down down down down", "5 K@2 down 4", "5 Q@1 Q@1 down", "5 5",
     "5 5 5 X", ""],
)  # fmt: skip
def test_trick_refuses_an_illegal_trick_with_one_error_line(plays):
    res = run("trick", plays)
    assert res.exit_code == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert res.stdout == ""


def test_trick_refuses_three_players():
    res = run("trick", "--players", "3", "5 down 6")
    assert res.exit_code == 2 and "4 or 5" in res.stderr


def test_odds_json_has_the_lone_fool_fraction():
    res = run("odds", "--players", "5", "--json")
    assert json.loads(res.stdout)["p_lone_fool"]["fraction"] == "17/57"
    assert "16/55" in run("odds").stdout


def test_simulate_json_and_record_then_replay(tmp_path):
    path = tmp_path / "games.json"
    res = run(
        "simulate", "--players", "4", "--bots", "rules,random,rules,random", "--games", "40",
        "--seed", "3", "--rotate-seats", "--rule", "no_tricks_bonus=10", "--json", "--quiet",
        "--record", "2", "--record-file", str(path),
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["rounds"] == 160 and 0 <= data["lone_fool_rounds"] <= 160
    assert data["rules"]["no_tricks_bonus"] == 10
    assert [b["bot"] for b in data["bots"]] == ["rules", "random", "rules", "random"]
    b = data["bots"][0]
    assert b["games"] == 40 and b["ci95"][0] <= b["mean"] <= b["ci95"][1]
    assert set(b["round_score_by_role"]) == {"lone_fool", "two_fool_member", "court"}
    assert sum(r["rounds"] for r in b["round_score_by_role"].values()) == 160
    assert abs(sum(x["win_share"] for x in data["bots"]) - 1) < 1e-9
    assert data["record"] == {"file": str(path), "games": 2}
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["game"] == "foolish" and rec["seed"] == 3 and len(rec["games"]) == 2
    assert rec["bots"] == ["rules", "random", "rules", "random"]
    assert [g["bots"] for g in rec["games"]][1] == ["random", "rules", "random", "rules"]
    res = run("replay", str(path), "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["games"] == 2
    res = run("replay", str(path))
    assert res.stdout.startswith("2 games, ") and "all legal, scores agree" in res.stdout


def test_simulate_out_folder(tmp_path):
    res = run(
        "simulate", "--bots", "random,random,random,random", "--games", "10", "--quiet",
        "--out", str(tmp_path / "run"),
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert (tmp_path / "run" / "metadata.json").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["--bots", "random,random,random"],
        ["--bots", "random,random,random,nobody"],
        ["--bots", "random,random,random,random", "--games", "0"],
        ["--bots", "random,random,random,random", "--rule", "bogus=1"],
        ["--bots", "random,random,random,random", "--rule", "no_tricks_bonus=x"],
        ["--bots", "random,random,random,random", "--rule", "players=5"],
        ["--bots", "random,random,random,random", "--players", "6"],
        ["--bots", "random,random,random,random", "--record", "5", "--games", "2"],
        ["--bots", "pimc:8,random,random,random"],  # parameters are named: pimc:samples=8
        ["--bots", "ismcts:iterations=200000,random,random,random"],
    ],
)
def test_simulate_bad_input_one_error_line(args):
    res = run("simulate", "--quiet", *args)
    assert res.exit_code == 2, res.output
    assert res.stderr.strip().startswith("error: ") and len(res.stderr.strip().splitlines()) == 1


def test_replay_bad_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert run("replay", str(bad)).exit_code == 2
    bad.write_text(json.dumps({"games": [{"format": "foolish-faces-game"}]}))
    res = run("replay", str(bad))
    assert res.exit_code == 2 and res.stderr.startswith("error: game 1")  # before the envelope
    bad.write_text(json.dumps({"format": "whist-match", "games": []}))
    res = run("replay", str(bad))
    assert res.exit_code == 2 and "not a Foolish Faces record" in res.stderr
    golden = Path(__file__).parent / "golden" / "game-4p-seed2026.json"
    data = json.loads(golden.read_text(encoding="utf-8"))
    data["games"][0]["totals"][0] += 1
    bad.write_text(json.dumps(data))
    res = run("replay", str(bad))
    assert res.exit_code == 2 and res.stderr.startswith("error: game 1")
    data["games"][0]["totals"][0] -= 1
    data["rules"]["no_tricks_bonus"] = 10  # the envelope's rules are not the game's
    bad.write_text(json.dumps(data))
    res = run("replay", str(bad))
    assert res.exit_code == 2 and "not the record's rules" in res.stderr
    assert run("replay", str(tmp_path / "missing.json")).exit_code == 2


def test_ladder_json_and_bad_input():
    res = run("ladder", "--bots", "random,rules", "--games", "20", "--seed", "2", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["rungs"][0]["a"] == "rules" and data["games_per_rung"] == 20
    for args in (
        ["--bots", "random"],
        ["--bots", "random,x"],
        ["--games", "1"],
        ["--players", "3"],
    ):
        res = run("ladder", *args)
        assert res.exit_code == 2 and res.stderr.startswith("error: ")


def test_simulate_json_is_strict_json_when_a_role_never_occurs():
    res = run(
        "simulate", "--bots", "rules,random,rules,random", "--games", "1", "--seed", "3",
        "--rule", "rounds=single", "--json", "--quiet",
    )  # fmt: skip
    assert res.exit_code == 0, res.output

    def refuse(name):
        raise ValueError(f"not JSON: {name}")

    data = json.loads(res.stdout, parse_constant=refuse)
    roles = [r for b in data["bots"] for r in b["round_score_by_role"].values()]
    assert any(r["rounds"] == 0 and r["mean"] is None and r["ci95"] is None for r in roles)


def test_simulate_accepts_bot_parameters_inside_the_seat_list():
    res = run(
        "simulate", "--bots",
        "rules:keep=0.3,duck=0,random,ismcts:iterations=20,ucb=0.3,pimc:samples=2",
        "--games", "2", "--rule", "rounds=single", "--json", "--quiet",
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    bots = [b["bot"] for b in json.loads(res.stdout)["bots"]]
    assert bots == ["rules:keep=0.3,duck=0", "random", "ismcts:iterations=20,ucb=0.3",
                    "pimc:samples=2"]  # fmt: skip
