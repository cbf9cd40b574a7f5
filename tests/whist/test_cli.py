"""The whist commands through typer's CliRunner, with real output and bad input (exit 2)."""

import json

import pytest
from typer.testing import CliRunner

from headcount_lab.cli.app import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, ["whist", *args])


def test_blind_odds_json_worked_example():
    res = run("blind-odds", "--players", "4", "--see", "K♠ ? 8♥ A♦", "--trump-card", "9♦", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert (data["p_win"], data["fraction"], data["best_bid"]) == (0.0, "0/1", 0)


def test_blind_odds_text_and_ascii_cards():
    res = run("blind-odds", "--see", "7S ? 8H 9C", "--trump-card", "9D")
    assert res.exit_code == 0
    assert "1/2" in res.stdout and "best bid: 1" in res.stdout


def test_blind_odds_w5_forbidden_bid_takes_the_other_bid():
    res = run("blind-odds", "--see", "? 8♥ 9♣ 7♠", "--trump-card", "9♦", "--forbidden", "1")
    assert "25/28" in res.stdout and "best bid: 0 (1 is the dealer's forbidden bid" in res.stdout


def test_schedule_json_lists_every_hand():
    res = run("schedule", "--players", "4", "--first-dealer", "1", "--json")
    rows = json.loads(res.stdout)
    assert len(rows) == 24
    assert rows[0] == {"hand": 1, "cards": 1, "dealer": 1, "trump": True, "blind": True}
    assert rows[10] == {"hand": 11, "cards": 8, "dealer": 3, "trump": False, "blind": False}


def test_score_file_json(tmp_path):
    f = tmp_path / "table.json"
    # W2: three one-card hands, then 2..6 cards; seat 0 takes the one-card tricks
    blind = [{"cards": 1, "bids": [0, 0, 0], "tricks": [1, 0, 0]}] * 3
    hands = [{"cards": k, "bids": [1, 0, 0], "tricks": [1, k - 1, 0]} for k in range(2, 7)]
    f.write_text(json.dumps({"players": 3, "hands": blind + hands}))
    data = json.loads(run("score", str(f), "--json").stdout)
    # one-card hands: seat 0 -1 each, the others 5 each (W8: they build no run); then seat 0
    # makes five in a row: 6 x 5 + 10; seat 1 misses by 1..5: -15 - 10; seat 2 makes: 25 + 10
    assert data["totals"] == [-3 + 40, 15 - 25, 15 + 35]
    once = json.loads(run("score", str(f), "--streak-mode", "once", "--json").stdout)
    assert once["totals"] == data["totals"]
    text = run("score", str(f)).stdout
    assert "totals: 37 -10 50" in text


def test_simulate_json_and_record_then_replay(tmp_path):
    rec = tmp_path / "m.json"
    res = run(
        "simulate", "--players", "3", "--bots", "heuristic,random,heuristic", "--matches", "50",
        "--seed", "4", "--rotate-seats", "--rule", "streak_mode=once", "--record", "2",
        "--record-file", str(rec), "--json",
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert [b["bot"] for b in data["bots"]] == ["heuristic", "random", "heuristic"]
    assert sum(b["win_rate"] for b in data["bots"]) == pytest.approx(1.0)
    assert data["rules"]["streak_mode"] == "once"
    rep = run("replay", str(rec), "--json")
    assert rep.exit_code == 0, rep.output
    out = json.loads(rep.stdout)
    assert out["matches"] == 2 and out["actions"] == 2 * (
        3 * 21 + 3 * (3 + 27 + 24 + 27 + 3)
    )  # bids + cards


def test_simulate_is_reproducible_from_the_seed():
    args = ["simulate", "--bots", "heuristic,random,random,heuristic", "--matches", "30"]

    def result(seed):
        data = json.loads(run(*args, "--seed", seed, "--json").stdout)
        data.pop("seconds")  # timings are the one part that changes from run to run
        return data

    a = result("9")
    assert a == result("9")
    assert a != result("10")


@pytest.mark.parametrize(
    "args,message",
    [
        (["blind-odds", "--see", "K♠ ? 8♥ Z♦", "--trump-card", "9♦"], "unknown card"),
        (["blind-odds", "--see", "K♠ ? 8♥", "--trump-card", "9♦"], "expected 4 cards"),
        (["blind-odds", "--see", "K♠ ? 8♥ K♠", "--trump-card", "9♦"], "given twice"),
        (["blind-odds", "--see", "K♠ ? 8♥ A♦", "--trump-card", "A♦"], "given twice"),
        (["blind-odds", "--see", "K♠ ? ? A♦", "--trump-card", "9♦"], "exactly one"),
        (
            ["blind-odds", "--players", "2", "--see", "K♠ ?", "--trump-card", "9♦"],
            "between 3 and 6",
        ),
        (["schedule", "--players", "7"], "between 3 and 6"),
        (["simulate", "--bots", "heuristic,genius,random,random"], "unknown bot"),
        (  # issue 15 item 2: a sample count that overflowed to no samples at all
            [
                "simulate",
                "--bots",
                "montecarlo:bid_samples=100000000000000000000,random,random,random",
            ],
            "bid_samples=100000000000000000000 is out of range [1, 100000]",
        ),  # fmt: skip
        (["simulate", "--bots", "montecarlo:24:32,random,random,random"], "parameters are named"),
        (["simulate", "--bots", "heuristic,random"], "lists 2 bots but --players is 4"),
        (
            ["simulate", "--bots", "random,random,random", "--players", "3", "--rule", "x=1"],
            "unknown rule",
        ),
        (
            ["simulate", "--bots", "random,random,random,random", "--out", __file__],
            "is a file",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    res = run(*args)
    assert res.exit_code == 2
    assert message in res.stderr
    assert "Traceback" not in res.output


@pytest.mark.parametrize(
    "content,message",
    [
        ("{", "not valid JSON"),
        ('{"players": 4}', "must be"),
        ('{"players": 9, "hands": [{"cards": 1}]}', "between 3 and 6"),
        (
            '{"players": 3, "hands": [{"cards": 1, "bids": [0, 0, 0], "tricks": [1, 1, 0]}]}',
            "hand 1: tricks sum to 2",
        ),
        (
            '{"players": 3, "hands": [{"cards": 1, "bids": [3, 0, 0], "tricks": [1, 0, 0]}]}',
            "hand 1: seat 0 bid 3",
        ),
        (
            '{"players": 3, "hands": [{"cards": 1, "bids": [1, 1], "tricks": [1, 0, 0]}]}',
            "one entry per player",
        ),
        (
            '{"players": 3, "hands": [{"cards": 9, "bids": [1, 0, 0], "tricks": [1, 1, 0]}]}',
            "the schedule (W2) deals 1 card in hand 1",
        ),
    ],
)
def test_score_rejects_impossible_input(tmp_path, content, message):
    f = tmp_path / "bad.json"
    f.write_text(content)
    res = run("score", str(f))
    assert res.exit_code == 2
    assert message in res.stderr


def test_score_w5_bids_that_add_up_are_impossible_unless_the_rule_is_off(tmp_path):
    f = tmp_path / "t.json"
    f.write_text(
        json.dumps({"players": 3, "hands": [{"cards": 1, "bids": [1, 0, 0], "tricks": [1, 0, 0]}]})
    )
    res = run("score", str(f))
    assert res.exit_code == 2 and "hand 1: bids sum to the 1 tricks" in res.stderr
    ok = run("score", str(f), "--rule", "dealer_restriction=off", "--json")
    assert json.loads(ok.stdout)["totals"] == [6, 5, 5]


def test_score_missing_file_and_replay_of_a_non_record(tmp_path):
    assert run("score", str(tmp_path / "none.json")).exit_code == 2
    f = tmp_path / "x.json"
    f.write_text('{"players": 4}')
    res = run("replay", str(f))
    assert res.exit_code == 2 and "not a recorded match" in res.stderr
