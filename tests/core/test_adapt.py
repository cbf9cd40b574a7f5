"""``GAME compare --adapt`` (issue 23 item 4): players who adapted to each rule set.

Tiny budgets only (a Headcount table of 2 iterations of 2,000 rounds trains in about a second
once compiled); the user cache is the session's temporary folder (tests/conftest.py)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from cli_support import cli, strict_json

from headcount_lab.core import compare as C
from headcount_lab.core.paths import CACHE_ENV, user_cache_dir
from headcount_lab.games import GAMES
from headcount_lab.games.headcount.rules import HeadcountRules
from headcount_lab.research.headcount import adapt as HA
from headcount_lab.research.headcount.equilibrium_train import ROUND_FLAGS, train_rules

TINY = "2x2000"
FOUR = ",".join(["equilibrium"] * 4)
#: a Headcount field that plays the table, and a size that keeps a call to a few seconds
EQ_FIELD = ["--field", "equilibrium", "--games", "320", "--seed", "5"]


def run(*args: str) -> dict:
    res = cli("headcount", "compare", *EQ_FIELD, "--adapt", "--adapt-budget", TINY, "--quiet",
              "--json", *args)  # fmt: skip
    assert res.code == 0, res.stderr
    return strict_json(res.stdout)


def test_identical_rules_give_exactly_zero_in_both_sets():
    out = run("--rule", "peek_must_raise=on")
    assert out["adapted"] is True and out["base"] == out["changed"]
    assert not out["adapt"]["same_players"]  # a tiny table, not the committed one
    for rows in (out["metrics"], out["adapted_metrics"]):
        for m in rows:
            if m["base"] is not None:
                assert m["diff"] == 0.0 and m["ci95"] == [0.0, 0.0], m
    # the tiny table plays differently from the committed one: the adapted base differs
    assert [m["base"] for m in out["metrics"]] != [m["base"] for m in out["adapted_metrics"]]
    assert out["verdict_changes"] == []


def test_json_has_both_sets_and_what_adapting_did():
    out = run("--rule", "peek_must_raise=off")
    names = [m["name"] for m in out["metrics"]]
    assert [m["name"] for m in out["adapted_metrics"]] == names
    for m in out["adapted_metrics"]:
        assert set(m) == {"name", "base", "changed", "diff", "ci95"}
    a = out["adapt"]
    assert a["budget"] == TINY and a["same_players"] is False
    base, changed = a["fields"]
    assert base["rules"] == {} and changed["rules"] == {"peek_must_raise": False}
    for f in (base, changed):
        assert f["changed"] and Path(f["file"]).parent == user_cache_dir("headcount")
    assert base["file"] != changed["file"]  # one table per training rule set
    assert set(out["verdict_changes"]) <= set(names)
    want = [m for m, b, x in zip(names, out["metrics"], out["adapted_metrics"], strict=True)
            if C.verdict(b) != C.verdict(x)]  # fmt: skip
    assert out["verdict_changes"] == want


def test_a_second_run_reads_the_tables_from_the_cache():
    first = run("--rule", "start_player_may_peek=on")
    again = run("--rule", "start_player_may_peek=on")
    assert all(f["cached"] and f["seconds"] == 0.0 for f in again["adapt"]["fields"])
    assert [f["file"] for f in again["adapt"]["fields"]] == [
        f["file"] for f in first["adapt"]["fields"]
    ]
    for key in ("metrics", "adapted_metrics"):
        assert again[key] == first[key]


def test_the_text_shows_both_tables_and_the_verdicts():
    res = cli("headcount", "compare", *EQ_FIELD, "--adapt", "--adapt-budget", TINY,
              "--rule", "peek_must_raise=off", "--quiet")  # fmt: skip
    assert res.code == 0, res.stderr
    assert "(players as they are)" in res.stdout
    assert "players who adapted (verdict: as they are -> adapted):" in res.stdout
    assert "equilibrium table retrained under these rules" in res.stdout


def test_the_default_competent_field_is_adapted():
    # issue 23 items 1 and 4: the default field (the committed competent field, one member)
    # seats that member, so --adapt retrains its table under each rule set
    res = cli("headcount", "compare", "--games", "320", "--seed", "5", "--adapt", "--adapt-budget",
              TINY, "--rule", "peek_must_raise=off", "--quiet", "--json")  # fmt: skip
    assert res.code == 0, res.stderr
    out = strict_json(res.stdout)
    assert out["field"]["source"] == "the competent field" and "competent" in out
    assert out["adapt"]["same_players"] is False
    assert all(f["changed"] for f in out["adapt"]["fields"])


def test_bots_that_cannot_adapt_are_the_players_as_they_are():
    res = cli("headcount", "compare", "--field", "odds,tips,odds,random", "--games", "64",
              "--rule", "peek_must_raise=off", "--adapt", "--quiet", "--json")  # fmt: skip
    assert res.code == 0, res.stderr
    out = strict_json(res.stdout)
    assert out["adapt"]["same_players"] is True
    assert out["adapted_metrics"] == out["metrics"] and out["verdict_changes"] == []
    assert "no seat plays the equilibrium table" in out["adapt"]["fields"][1]["how"]


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (["--rule", "nosuch=1", "--adapt"], "unknown rule"),
        (["--rule", "open_lives=3", "--adapt", "--adapt-budget", "huge"], "--adapt-budget takes"),
        (["--rule", "open_lives=3", "--adapt", "--adapt-budget", "0x10"], "--adapt-budget takes"),
    ],
)
def test_bad_input_is_one_error_line(args, match):
    res = cli("headcount", "compare", "--field", "equilibrium", *args, "--quiet")
    assert res.code == 2, res.stdout
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and match in lines[0], res.stderr
    assert "Traceback" not in res.stderr and res.stdout == ""


def test_a_game_without_an_adapter_says_so():
    from dataclasses import replace

    from headcount_lab.cli.common import UserError
    from headcount_lab.cli.games import compare
    from headcount_lab.cli.run_options import RunOptions

    spec = replace(GAMES["poohead"], adapt="")
    with pytest.raises(UserError, match="--adapt is not available"):
        compare(spec, ["turn_cap=30"], [], None, None, 4, None, 16, 1, RunOptions(quiet=True),
                adapt=True)  # fmt: skip


@pytest.mark.parametrize("game", [g for g in GAMES if g != "headcount"])
def test_search_games_compare_adapted_at_no_cost(game):
    """Through typer's runner: the search bots' adapted field is the field as it is, so both
    tables are the same and no verdict changes; a budget the game does not take is refused."""
    from typer.testing import CliRunner

    from headcount_lab.cli.app import app

    fast = {
        "whist": [
            "--players",
            "3",
            "--bots",
            "heuristic,montecarlo:bid_samples=2,play_samples=1,random",
            "--matches",
            "9",
        ],
        "poohead": ["--bots", "cheap,ismcts:iterations=4,cheap,random", "--games", "16"],
        "foolish": ["--bots", "rules,ismcts:iterations=4,rules,random", "--games", "16"],
    }
    rule = {"whist": "must_trump=off", "poohead": "ten_replay=may", "foolish": "party_crasher=on"}
    runner = CliRunner()
    res = runner.invoke(app, [game, "compare", *fast[game], "--rule", rule[game], "--adapt",
                              "--json"])  # fmt: skip
    assert res.exit_code == 0, res.output
    out = strict_json(res.stdout)
    assert out["adapted"] is True and out["adapt"]["same_players"] is True
    assert out["adapted_metrics"] == out["metrics"] and out["verdict_changes"] == []
    assert all(f["seconds"] == 0.0 for f in out["adapt"]["fields"])
    bad = runner.invoke(app, [game, "compare", *fast[game], "--rule", rule[game], "--adapt",
                              "--adapt-budget", "2x2000"])  # fmt: skip
    assert bad.exit_code == 2 and "--adapt-budget takes quick or full" in bad.stderr
    assert "Traceback" not in bad.output


@pytest.mark.parametrize("game", [g for g in GAMES if g != "headcount"])
def test_search_games_adapt_at_no_cost_and_say_why(game):
    spec = GAMES[game]
    adapter = spec.load("adapt")
    rules = spec.make_rules(None, [], 4)
    fb = spec.load("bots").split(spec.default_bots)
    got = adapter.adapt(rules, tuple(fb), 4, "quick", True)
    assert not got.changed and got.seconds == 0.0
    assert got.how.startswith("players as they are: ")
    assert "the seats are not the competent field" in got.how  # nothing to re-solve for them
    assert set(adapter.cost) == {"quick", "full"}


# --- search games: the competent field's meta-game re-solved under the rules in force ---------

#: Poohead at 2 players, cheap bots: profiles of a few milliseconds
POOH = ["poohead", "compare", "--players", "2", "--field", "competent", "--games", "40",
        "--seed", "1", "--rule", "ten_replay=may", "--adapt", "--json", "--quiet"]  # fmt: skip


def test_a_field_whose_support_is_beaten_under_the_rules_is_replaced(planted):
    # planted: `random` is the field (weight 1) though `cheap+` ranks first; re-solved at the
    # quick budget among the three, `random` leaves the support, and the adapted arm seats the
    # new support in the competent seats: another set of games, other metrics
    plant = {"random": 1.0, "cheap+": 0.0, "cheap": 0.0}
    planted("poohead", 2, plant, payoffs={"cheap+": 0.6, "cheap": 0.55, "random": 0.2},
            games=96, refine=96)  # fmt: skip
    res = cli(*POOH)
    assert res.code == 0, res.stderr
    out = strict_json(res.stdout)
    fields = out["adapt"]["fields"]
    assert [f["changed"] for f in fields] == [True, True]
    assert all("re-solved under these rules (quick budget" in f["how"] for f in fields)
    assert all("random" not in f["how"].partition("support ")[2] for f in fields)
    assert out["adapt"]["same_players"] is False
    assert out["adapted_metrics"] != out["metrics"]
    again = strict_json(cli(*POOH).stdout)  # the re-solves are read back from the cache
    assert all("from the cache" in f["how"] and f["cached"] for f in again["adapt"]["fields"])
    assert again["adapted_metrics"] == out["adapted_metrics"]


def test_a_field_that_stays_competent_is_the_players_as_they_are(planted):
    planted("poohead", 2, {"cheap+": 1.0, "random": 0.0}, payoffs={"cheap+": 0.7, "random": 0.3},
            games=96)  # fmt: skip
    out = strict_json(cli(*POOH).stdout)
    assert out["adapt"]["same_players"] is True and out["adapted_metrics"] == out["metrics"]
    for f in out["adapt"]["fields"]:
        assert "support cheap+:swap=0 (1.00), the seats' own: players as they are" in f["how"]
        assert f["file"] and Path(f["file"]).is_file()


def test_the_quick_re_solve_plays_the_best_members_at_a_share_of_the_games(planted):
    from headcount_lab.core import adapt as A

    spec = GAMES["poohead"]
    pays = {"random": 0.1, "cheap": 0.5, "cheap+": 0.6, "pimc": 0.7}
    planted("poohead", 2, {"pimc": 1.0, "cheap+": 0.0, "cheap": 0.0, "random": 0.0},
            payoffs=pays, games=40, refine=0)  # fmt: skip
    rules = spec.make_rules(None, ["ten_replay=may"], 2)
    data, file, _, cached = A.solved_under(spec, 2, rules, "quick")
    menu = spec.load("bots")
    best = [menu.parse(b).canonical for b in ("pimc", "cheap+", "cheap")]
    assert data["table"]["members"] == best and not cached
    assert data["games_per_profile"] == 40 // A.QUICK_SHARE and data["refined"] is None
    assert "ten_replay" in data["command"] and Path(file).parent == user_cache_dir("poohead")


# --- Headcount: what reaches the training, and the table the engine plays ----------------------


def test_every_house_rule_flag_is_either_honoured_or_cannot_reach_a_round():
    """Each flag of HeadcountRules is in ROUND_FLAGS (the training plays it) or is one of the
    flags of the game around a round (docs/games/headcount.md, "players who adapted")."""
    around = {"trickster", "next_start", "open_lives", "hidden_lives"}
    assert set(HeadcountRules().as_dict()) == set(ROUND_FLAGS) | around
    assert not set(ROUND_FLAGS) & around
    r = HeadcountRules(next_start="left_of_loser", open_lives=3, trickster=True)
    assert train_rules(r) == HeadcountRules()


def test_a_flag_that_cannot_reach_the_table_keeps_the_committed_table_at_full_budget():
    r = HeadcountRules(next_start="left_of_loser", open_lives=3)
    got = HA.adapt(r, ("equilibrium",) * 4, 4, "full", True)  # no training: instant
    assert not got.changed and got.file and "committed table" in got.how


@pytest.mark.parametrize(
    "flag",
    ["peek_must_raise=off", "hidden_card=off", "start_player_may_peek=on", "min_first_bid=25"],
)
def test_a_round_flag_trains_another_table(flag):
    base, _, _ = HA.table_for(HeadcountRules(), TINY)
    other, _, _ = HA.table_for(HeadcountRules().with_flags([flag]), TINY)
    from headcount_lab.games.headcount.equilibrium import load_policy

    a, b = load_policy(base), load_policy(other)
    assert base != other and a.digest() != b.digest()
    name = flag.partition("=")[0]
    assert name in b.meta["rules"] and f"--rule {flag}" in b.meta["command"]


def test_the_engine_plays_the_table_it_is_given():
    from headcount_lab.games.headcount.tournament import tournament

    path, _, _ = HA.table_for(HeadcountRules(), TINY)
    st = np.array([1, 2, 3, 4], dtype=np.uint64)
    rules = HeadcountRules()
    mine = tournament(rules, FOUR, 4, 1, False, str(path)).job
    committed = tournament(rules, FOUR, 4, 1, False).job
    a = mine.block_fn(st.copy(), 40)
    b = committed.block_fn(st.copy(), 40)
    assert any(not np.array_equal(a[k], b[k]) for k in a)
    assert mine.params["table"] == str(path) and "table" not in committed.params


def test_the_cache_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "c"))
    assert user_cache_dir("headcount") == tmp_path / "c" / "headcount"
    monkeypatch.delenv(CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "x"))
    assert user_cache_dir() == tmp_path / "x" / "headcount-lab"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert user_cache_dir() == Path.home() / ".cache" / "headcount-lab"
    assert os.environ.get(CACHE_ENV) is None


def test_a_sweep_adapts_every_value():
    out = run("--sweep", "peek_must_raise=on,off")
    rows = out["sweep"]["rows"]
    assert [r["value"] for r in rows] == ["on", "off"]
    for r in rows:
        assert [m["name"] for m in r["adapted_metrics"]] == [m["name"] for m in r["metrics"]]
        assert isinstance(r["verdict_changes"], list)
    on = rows[0]["adapted_metrics"]  # the base's own rules, its own table: exactly zero
    assert all(m["diff"] in (None, 0.0) for m in on)
    assert len(out["adapt"]["fields"]) == 3  # the base and one per value


def test_train_equilibrium_takes_the_rules_of_its_rounds(tmp_path):
    out = tmp_path / "eq.npz"
    args = ["headcount", "train-equilibrium", "--iterations", "1", "--rounds", "500", "--quiet"]
    res = cli(*args, "--rule", "hidden_card=off", "--out", str(out), "--json")
    assert res.code == 0, res.stderr
    from headcount_lab.games.headcount.equilibrium import load_policy

    meta = load_policy(out).meta
    assert meta["rules"]["hidden_card"] is False and "--rule hidden_card=off" in meta["command"]
    res = cli(*args, "--rule", "hidden_card=off")  # never over the committed table
    assert res.code == 2 and "give --out" in res.stderr
