"""`headcount simulate` and `headcount replay` through CliRunner, bad input included."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from headcount_lab.cli.app import app

runner = CliRunner()
GOLDEN = Path(__file__).parent / "golden" / "golden_standard.json"


def invoke(*args):
    return runner.invoke(app, ["headcount", *args])


def test_simulate_json_schema():
    r = invoke("simulate", "--players", "4", "--bots", "reader,odds,tips,random", "--games",
               "300", "--seed", "1", "--rotate-seats", "--json")  # fmt: skip
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout)
    assert s["schema"] == "headcount-simulate/1"
    assert s["seat_orders"] == 24 and s["games"] == 312  # whole deals of 24 seat orders
    assert sum(b["wins"] for b in s["per_bot"]) == s["games"]
    assert sum(p["wins"] for p in s["per_seat"]) == s["games"]
    for b in s["per_bot"]:
        lo, hi = b["ci95"]
        assert lo <= b["rate"] <= hi
        assert b["games"] == s["games"]  # every bot sat in every game once
    # rotating seats: every bot sits in every seat equally often
    assert {r["games"] for b in s["per_bot"] for r in b["by_seat"]} == {s["games"] // 4}
    pr = s["per_round"]
    assert 0 < pr["caller_loses"] < 1 and pr["opening_bid"]["count"] == s["rounds"]
    assert s["rounds_per_game"]["count"] == s["games"]


def test_simulate_same_seed_same_result():
    args = ("simulate", "--bots", "odds,tips,random", "--players", "3", "--games", "200",
            "--variant", "trickster", "--json")  # fmt: skip
    a, b = json.loads(invoke(*args).stdout), json.loads(invoke(*args).stdout)
    for d in (a, b):
        d.pop("seconds"), d.pop("rounds_per_second")
    assert a == b


def test_simulate_text_and_record(tmp_path):
    rec = tmp_path / "games.json"
    r = invoke("simulate", "--bots", "odds,tips,random,bluffer", "--games", "50",
               "--variant", "double", "--rule", "tie_goes_to=caller", "--record", "3",
               "--record-file", str(rec))  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "win rate" in r.stdout and "recorded 3 games" in r.stdout
    data = json.loads(rec.read_text())
    assert len(data["games"]) == 3 and data["rules"]["double"] is True
    out = invoke("replay", str(rec))
    assert out.exit_code == 0, out.output
    assert out.stdout.strip().endswith("3 games replayed: every action legal")


def test_identical_bots_sharing_a_row_are_said_out_loud():
    """Issue 26: ``--bots odds,odds,tips,random`` printed one ``odds`` row without a word."""
    args = ("simulate", "--bots", "odds,odds,tips,random", "--games", "40")
    r = invoke(*args)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert sum(line.startswith("odds ") for line in lines) == 1
    note = "note: identical bots share one row, their seats pooled (win rate per seat taken): "
    assert f"{note}odds holds 2 seats" in lines
    s = json.loads(invoke(*args, "--json").stdout)
    assert [(b["label"], b["copies"], b["games"]) for b in s["per_bot"]] == [
        ("odds", 2, 2 * s["games"]), ("tips", 1, s["games"]), ("random", 1, s["games"])
    ]  # fmt: skip
    plain = invoke("simulate", "--bots", "odds,tips,random", "--players", "3", "--games", "40")
    assert "note:" not in plain.stdout


def test_replay_golden_json():
    r = invoke("replay", str(GOLDEN), "--json")
    assert r.exit_code == 0
    assert [g["winner"] for g in json.loads(r.stdout)["games"]] == [
        g["winner"] for g in json.loads(GOLDEN.read_text())["games"]
    ]


@pytest.mark.parametrize(
    "args,message",
    [
        (["--bots", "odds,tips,genius,random"], "unknown bot 'genius'"),
        (["--bots", "odds:call=2,tips,tips,tips"], "call=2 is out of range"),
        (["--bots", "odds:fast=1,tips,tips,tips"], "unknown parameter 'fast=1'"),
        (["--bots", "odds:call=0.5,call=0.6,tips,tips,tips"], "call is given twice"),  # 15.16
        (["--bots", "odds,tips,tips"], "lists 3 bots but --players is 4"),
        (["--rule", "ties=caller"], "unknown rule 'ties=caller'"),
        (["--rule", "tie_goes_to=nobody"], "tie_goes_to must be 'bidder' or 'caller'"),
        (["--rule", "hidden_card=maybe"], "takes on/off"),
        (["--variant", "poker"], "unknown variant 'poker'"),
        (["--games", "0"], "must be positive"),
        (["--players", "7", "--bots", "odds,odds,odds,odds,odds,odds,odds"], "between 3 and 6"),
        (["--record", "11"], "--record K must be between 0 and 10, got 11"),
    ],
)
def test_simulate_bad_input(args, message):
    base = {"--bots": "odds,tips,tips,random", "--games": "10"}
    for k in args[::2]:
        base.pop(k, None)
    flat = [x for kv in base.items() for x in kv]
    r = invoke("simulate", *flat, *args)
    assert r.exit_code == 2
    assert message in r.stderr
    assert "Traceback" not in r.output
    assert len(r.stderr.strip().splitlines()) == 1


def test_replay_bad_input(tmp_path):
    bad = json.loads(GOLDEN.read_text())
    bad["games"][0]["rounds"][0]["actions"][0]["bid"] = "lots"
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad))
    r = invoke("replay", str(p))
    assert r.exit_code == 2
    assert r.stderr.startswith("error: game 0, round 1, action 1, bid: Input should be a valid")
    missing = invoke("replay", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "no such file" in missing.stderr
