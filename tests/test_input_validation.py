"""Bad input is refused up front with one ``error:`` line and exit 2 (issue 15).

Rule values that contradict an option or another rule, values out of range, empty options,
input files of the wrong shape, and kernels handed arrays they would read out of bounds.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import numpy as np
import pytest
from cli_support import cli, one_error_line, strict_json

from headcount_lab.games import registered

ROOT = Path(__file__).resolve().parents[1]
HC_GOLDEN = ROOT / "tests" / "headcount" / "golden" / "golden_trickster.json"
WHIST_GOLDEN = ROOT / "tests" / "whist" / "golden" / "match-4p-seed2026.json"
SHEET = ROOT / "docs" / "games" / "whist-score-example.json"


def refused(*argv: str) -> str:
    return one_error_line(cli(*argv))


# --------------------------------------------------------------------------- item 1: contradictions


def test_w1_rule_players_contradicting_players_is_refused():
    line = refused(
        "whist", "simulate", "--players", "3", "--bots", "random,heuristic,random",
        "--rule", "players=6", "--matches", "5", "--seed", "1",
    )  # fmt: skip
    assert "players=6 contradicts --players 3" in line


def test_w1_rule_players_with_four_bots_is_refused_not_an_index_error():
    line = refused(
        "whist", "simulate", "--players", "4", "--bots", "random,random,random,random",
        "--rule", "players=3", "--matches", "5",
    )  # fmt: skip
    assert "contradicts --players 4" in line


def test_w1_rule_players_agreeing_with_players_runs():
    res = cli(
        "whist", "simulate", "--players", "3", "--bots", "random,heuristic,random",
        "--rule", "players=3", "--matches", "6", "--seed", "1", "--json",
    )  # fmt: skip
    assert res.code == 0, res.stderr
    out = strict_json(res.stdout)
    assert out["players"] == 3 and [b["matches"] for b in out["bots"]] == [6, 6, 6]


def test_a_rule_given_two_values_is_refused():
    line = refused(
        "headcount", "odds", "--rule", "tie_goes_to=caller", "--rule", "tie_goes_to=bidder"
    )
    assert "tie_goes_to is given two values" in line


def test_rule_double_contradicting_a_named_variant_is_refused():
    line = refused("headcount", "odds", "--variant", "standard", "--rule", "double=on")
    assert "double=on contradicts --variant standard" in line
    line = refused("headcount", "simulate", "--variant", "trickster", "--rule", "trickster=off")
    assert "trickster=off contradicts --variant trickster" in line


def test_rule_double_without_a_variant_still_sets_the_variant():
    res = cli("headcount", "odds", "--rule", "double=on", "--json")
    assert res.code == 0 and strict_json(res.stdout)["variant"] == "double"
    res = cli("headcount", "odds", "--variant", "double", "--rule", "double=on", "--json")
    assert res.code == 0 and strict_json(res.stdout)["variant"] == "double"


def test_score_rules_contradicting_the_sheet_or_streak_mode_are_refused():
    assert "the score sheet's 3 players" in refused(
        "whist", "score", str(SHEET), "--rule", "players=4"
    )
    line = refused(
        "whist", "score", str(SHEET), "--streak-mode", "once", "--rule", "streak_mode=every_five"
    )
    assert "contradicts --streak-mode once" in line
    assert cli("whist", "score", str(SHEET), "--rule", "streak_mode=once").code == 0


def test_whist_kernel_refuses_bot_arrays_shorter_than_the_table():
    from headcount_lab.core.rng import block_state
    from headcount_lab.games.whist import kernels
    from headcount_lab.games.whist.agents import policy_params
    from headcount_lab.games.whist.rules import WhistRules

    ids, params = policy_params(["random", "heuristic", "random"])
    with pytest.raises(ValueError, match=r"bot_policies must be int64\[6\]"):
        kernels.run_block(block_state(1, 0), 5, WhistRules(players=6).array(), ids, params, False)
    bad_rules = WhistRules(players=3).array()
    bad_rules[6] = 3  # first dealer outside the table
    with pytest.raises(ValueError, match="first dealer"):
        kernels.run_block(block_state(1, 0), 5, bad_rules, ids, params, False)


def test_headcount_kernel_refuses_mismatched_arrays():
    from headcount_lab.core.rng import block_state
    from headcount_lab.games.headcount import tournament as T
    from headcount_lab.games.headcount.agents import parse_bots
    from headcount_lab.games.headcount.rules import HeadcountRules

    setup = T.Setup(tuple(parse_bots("tips,odds,random", 3)), HeadcountRules(), False)
    perms, pol, par, rules = setup.kernel_args()
    st = T.new_block_stats(setup)
    beliefs = setup.beliefs()
    with pytest.raises(ValueError, match="each bot slot once"):
        T.play_block(1, perms + 1, pol, par, rules, beliefs, block_state(1, 0), st)
    double = T.Setup(setup.bots, HeadcountRules(double=True), False).kernel_args()[3]
    with pytest.raises(ValueError, match="another deck"):
        T.play_block(1, perms, pol, par, double, beliefs, block_state(1, 0), st)
    with pytest.raises(ValueError, match="params"):
        T.play_block(1, perms, pol, par[:2], rules, beliefs, block_state(1, 0), st)


# --------------------------------------------------------------------------- item 2: ranges


@pytest.mark.parametrize(
    "argv,message",
    [
        (["whist", "simulate", "--bots", "random,random,random,random", "--rule",
          "streak_bonus=100000000000000000000000"], "streak_bonus must be between 0 and 1000"),
        (["whist", "simulate", "--bots", "random,random,random,random", "--rule",
          "streak_bonus=-1"], "streak_bonus must be between 0 and 1000"),
        (["whist", "simulate", "--bots", "random,random,random,random", "--rule",
          "streak_length=0"], "streak_length must be between 1 and 16"),
        (["whist", "simulate", "--bots", "random,random,random,random", "--rule",
          "streak_length=17"], "streak_length must be between 1 and 16"),
        (["whist", "simulate", "--bots", "random,random,random,random", "--rule",
          "first_dealer=4"], "first_dealer must be a seat 0..3"),
        (["headcount", "simulate", "--rule", "min_first_bid=100000000000000000000000"],
         "min_first_bid must be between -15 and 75"),
        (["headcount", "simulate", "--rule", "min_first_bid=10**23"],
         "min_first_bid takes a whole number or none"),
        (["headcount", "odds", "--variant", "double", "--rule", "min_first_bid=139"],
         "min_first_bid must be between -30 and 138"),
        (["headcount", "odds", "--rule", "min_first_bid=-16"], "between -15 and 75"),
        (["headcount", "odds", "--rule", "open_lives=10"], "open_lives must be between 0 and 9"),
    ],
)  # fmt: skip
def test_rule_values_out_of_range_are_one_error_line(argv, message):
    assert message in refused(*argv)


def test_rule_values_at_the_ends_of_their_ranges_are_accepted():
    from headcount_lab.games.headcount.rules import HeadcountRules
    from headcount_lab.games.whist.rules import WhistRules

    assert WhistRules(players=6, streak_length=18, streak_bonus=1000).streak_length == 18
    assert HeadcountRules(double=True, min_first_bid=138).min_first_bid == 138
    assert HeadcountRules(min_first_bid=-15).min_first_bid == -15


# --------------------------------------------------------------------------- item 3: empty options


@pytest.mark.parametrize(
    "argv,message",
    [
        (["whist", "blind-odds", "--see", "KS ? 8H AD", "--trump-card", ""], "always turns"),
        (["whist", "blind-odds", "--see", "KS ? 8H AD", "--trump-card", "  "], "always turns"),
        (["whist", "blind-odds", "--see", "", "--trump-card", "9D"], "expected 4 cards"),
        (["headcount", "count", "QH", "--draw", ""], "--draw takes exactly one card"),
        (["headcount", "odds", "--peek", ""], "--peek takes exactly one card"),
        (["headcount", "odds", "--variant", ""], "unknown variant"),
        (["whist", "score", str(SHEET), "--streak-mode", ""], "streak_mode must be one of"),
        (["headcount", "odds", "--rule", ""], "unknown rule"),
        (["headcount", "odds", "--rule", "tie_goes_to="], "rule tie_goes_to needs a value"),
        (["headcount", "odds", "--rule", "min_first_bid="], "takes a whole number or none"),
        (["report", "headcount", "--lang", ""], "unknown --lang"),
    ],
)  # fmt: skip
def test_empty_options_are_refused(argv, message):
    assert message in refused(*argv)


# --------------------------------------------------------------------------- item 16: count


def test_h1_count_refuses_more_cards_than_can_be_in_play():
    seven = ["QH", "7H", "KH", "5S", "3H", "2H", "4H"]
    assert "at most 7 cards" in refused("headcount", "count", *seven, "6H")
    res = cli("headcount", "count", *seven)
    assert res.code == 0 and res.stdout == "46\n"  # 15 + 7 + 20 - 5 + 3 + 2 + 4


# --------------------------------------------------------------------------- item 6: input files


def _write(tmp_path: Path, data) -> str:  # type: ignore[no-untyped-def]
    p = tmp_path / "in.json"
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(p)


@pytest.mark.parametrize(
    "command", [["headcount", "replay"], ["whist", "replay"], ["whist", "score"]]
)
def test_unreadable_input_files_are_one_error_line(tmp_path, monkeypatch, command):
    assert "is a folder, not a file" in refused(*command, str(tmp_path))
    assert "no such file" in refused(*command, str(tmp_path / "none.json"))
    p = tmp_path / "latin1.json"
    p.write_bytes(b'{"players": "\xe9"}')
    assert "is not UTF-8 text" in refused(*command, str(p))
    deep = _write(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in refused(*command, deep)
    assert "not valid JSON" in refused(*command, _write(tmp_path, "{"))

    def denied(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_text", denied)
    assert "cannot read" in refused(*command, str(tmp_path / "x.json"))


def _hc_record():  # type: ignore[no-untyped-def]
    return json.loads(HC_GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d.__setitem__("games", [1]), "game 0: Input should be a valid dictionary"),
        (lambda d: d["games"][0]["rounds"][0].__setitem__("points", 5),
         "game 0, round 1, points: Input should be a valid list"),
        (lambda d: d["rules"].__setitem__("min_first_bid", "5"),
         'rules, min_first_bid: Input should be a valid integer, not "5"'),
        (lambda d: d["games"][0]["rounds"][1].__setitem__("loser", True),
         "game 0, round 2, loser: Input should be a valid integer, not true"),
        (lambda d: d["games"][0]["rounds"][1].__setitem__("total", 4.0),
         "game 0, round 2, total: Input should be a valid integer, not 4.0"),
        (lambda d: d["games"][0]["rounds"][0].__setitem__("loser", 9),
         "game 0: round 1, loser: no seat 9 at a table of 5"),
        (lambda d: d["games"][0]["rounds"][0]["actions"].__setitem__(0, {"seat": 0}),
         "game 0, round 1, action 1: an action is exactly one of"),
        (lambda d: d["games"][0]["rounds"][0]["foreheads"].__setitem__(2, 7),
         "game 0, round 1, forehead of seat 2: Input should be a valid string"),
        (lambda d: d["games"][0]["rounds"][0].__setitem__("peeks", []),
         "game 0, round 1, peeks: Extra inputs are not permitted"),
        (lambda d: d["rules"].__setitem__("open_lives", 12), "open_lives must be between 0 and 9"),
        (lambda d: d.__setitem__("rules_version", 2), "rules version 2, this program 1"),
        (lambda d: d.__setitem__("format", "headcount-record/2"), "not a Headcount record"),
    ],
)  # fmt: skip
def test_headcount_replay_names_game_round_and_field(tmp_path, mutate, message):
    data = _hc_record()
    mutate(data)
    line = refused("headcount", "replay", _write(tmp_path, data))
    assert message in line


def _whist_record():  # type: ignore[no-untyped-def]
    return json.loads(WHIST_GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d["matches"][0].__setitem__("hands", [1, 2]),
         "match 1: hand 1: Input should be a valid dictionary"),
        (lambda d: d["matches"][0]["hands"][3].__setitem__("tricks", [1, 2]),
         "match 1: hand 4, trick 1: Input should be a valid dictionary"),
        (lambda d: d["matches"][0]["hands"][3].__setitem__("deal", [1, 2, 3, 4]),
         "match 1: hand 4, seat 0: Input should be a valid list"),
        (lambda d: d["matches"][0]["hands"][3]["deal"].__setitem__(1, [7]),
         "match 1: hand 4, seat 1[0]: Input should be a valid string, not 7"),
        (lambda d: d["matches"][0]["hands"][3]["bids"].__setitem__(2, "1"),
         'match 1: hand 4, seat 2: Input should be a valid integer, not "1"'),
        (lambda d: d["matches"][0]["rules"].__setitem__("players", 4.0),
         "match 1: rules, players: Input should be a valid integer, not 4.0"),
        (lambda d: d["matches"][0]["rules"].__setitem__("streak_bonus", 10**23),
         "match 1: rules: streak_bonus must be between 0 and 1000"),
        (lambda d: d["matches"][0].__setitem__("version", 2), "match 1: not a recorded match"),
        (lambda d: d.__setitem__("matches", []), "matches: List should have at least 1 item"),
        (lambda d: d["matches"][0].__setitem__("bots", ["random"]), "bots must name 4 bots"),
    ],
)  # fmt: skip
def test_whist_replay_names_match_hand_and_field(tmp_path, mutate, message):
    data = _whist_record()
    mutate(data)
    assert message in refused("whist", "replay", _write(tmp_path, data))


@pytest.mark.parametrize(
    "sheet,message",
    [
        ({"players": 4.0, "hands": []}, "players: Input should be a valid integer, not 4.0"),
        ({"players": 3, "hands": [1]}, "hand 1: Input should be a valid dictionary"),
        ({"players": 3, "hands": [{"cards": 1, "bids": 5, "tricks": [0, 0, 1]}]},
         "hand 1, bids: Input should be a valid list"),
        ({"players": 3, "hands": [{"cards": 1, "bids": [0, 0, 0], "tricks": [0, True, 0]}]},
         "hand 1, seat 1: Input should be a valid integer, not true"),
        ({"players": 3, "hands": [{"cards": 1, "bids": [0, 0, 0], "tricks": [1, 0, 0],
                                   "trick": 1}]}, "hand 1, trick: Extra inputs are not permitted"),
        ({"players": 3, "hands": [{"cards": 2, "bids": [0, 0, 0], "tricks": [2, 0, 0]}]},
         "hand 1: the schedule (W2) deals 1 card in hand 1 of a 3-player match, not 2"),
        ({"players": 3, "hands": [{"cards": 1, "bids": [0, 0, 0], "tricks": [1, 0, 0]}] * 22},
         "a 3-player match has 21 hands (W2), the sheet lists 22"),
    ],
)  # fmt: skip
def test_w2_score_sheet_is_checked_against_its_schema_and_schedule(tmp_path, sheet, message):
    assert message in refused("whist", "score", _write(tmp_path, sheet))


def test_w2_a_whole_match_on_the_schedule_scores():
    from headcount_lab.games.whist.rules import hand_sizes
    from headcount_lab.games.whist.scorekeeper import score_match

    hands = [{"cards": k, "bids": [0, 0, 0, 0], "tricks": [k, 0, 0, 0]} for k in hand_sizes(4)]
    res = score_match({"players": 4, "hands": hands})
    assert len(res["hands"]) == 24 and res["totals"][1] == 24 * 5 + 10 * 3


# --------------------------------------------------------------------------- item 4: strict JSON


def test_print_json_writes_null_for_missing_values(capsys):
    from headcount_lab.cli.common import print_json

    print_json({"rate": float("nan"), "ci95": [float("-inf"), np.float64("inf")], "n": 1.5})
    assert strict_json(capsys.readouterr().out) == {"rate": None, "ci95": [None, None], "n": 1.5}


def test_headcount_simulate_json_is_strict_without_rotation():
    res = cli(
        "headcount", "simulate", "--players", "3", "--bots", "tips,tips,random", "--games", "20",
        "--seed", "1", "--json",
    )  # fmt: skip
    assert res.code == 0, res.stderr
    out = strict_json(res.stdout)
    tips = next(b for b in out["per_bot"] if b["label"].startswith("tips"))
    # tips never sat in seat 2: no rate there, so null (was a bare NaN)
    assert tips["by_seat"][2]["games"] == 0 and tips["by_seat"][2]["rate"] is None


# --------------------------------------------------------------------------- item 18: raise moments


def test_raise_size_moments_are_exact_beyond_the_histogram_end():
    from headcount_lab.games.headcount import kernels as E
    from headcount_lab.games.headcount import tournament as T
    from headcount_lab.games.headcount.agents import parse_bots
    from headcount_lab.games.headcount.rules import HeadcountRules

    setup = T.Setup(tuple(parse_bots("tips,tips,tips", 3)), HeadcountRules(), False)
    stats = T.new_block_stats(setup)
    stats["round"][E.G_ROUNDS] = 1
    raises = [1, 2, 100, 250]  # two beyond the last bin (63)
    for r in raises:
        stats["raise_hist"][min(r, E.RAISE_N - 1)] += 1
    stats["round"][E.G_RAISE_SUM] = sum(raises)
    stats["round"][E.G_RAISE_SQ] = sum(r * r for r in raises)
    out = T.summarize(setup, stats, 1)["per_round"]["raise_size"]
    assert out["count"] == 4
    assert out["mean"] == pytest.approx(np.mean(raises), rel=1e-15)
    assert out["sd"] == pytest.approx(np.std(raises), rel=1e-15)


def test_kernel_raise_sums_match_its_trace():
    from headcount_lab.core.rng import block_state
    from headcount_lab.games.headcount import kernels as E
    from headcount_lab.games.headcount import tournament as T
    from headcount_lab.games.headcount.agents import parse_bots
    from headcount_lab.games.headcount.rules import HeadcountRules

    setup = T.Setup(tuple(parse_bots("tips,odds,random,reader", 4)), HeadcountRules(), True)
    perms, pol, par, rules = setup.kernel_args()
    st = T.new_block_stats(setup)
    trace = np.zeros((200_000, 3), np.int64)
    n = T.play_block(3, perms, pol, par, rules, setup.beliefs(), block_state(3, 0), st, trace)
    raises, last = [], None
    for kind, _, value in trace[:n].tolist():
        if kind == E.T_START:
            last = None
        elif kind == E.T_BID:
            if last is not None:
                raises.append(value - last)
            last = value
    assert raises and st["raise_hist"].sum() == len(raises)
    assert st["round"][E.G_RAISE_SUM] == sum(raises)
    assert st["round"][E.G_RAISE_SQ] == sum(r * r for r in raises)


def test_replay_golden_records_still_pass(tmp_path):
    res = cli("headcount", "replay", str(HC_GOLDEN), "--json")
    assert res.code == 0 and strict_json(res.stdout)["games"]
    res = cli("whist", "replay", str(WHIST_GOLDEN), "--json")
    assert res.code == 0 and strict_json(res.stdout)["matches"] == 1
    data = _hc_record()
    del data["rules"]["hidden_lives"]  # a rule at its default may be left out
    assert cli("headcount", "replay", _write(tmp_path, copy.deepcopy(data))).code == 0


def test_an_error_quoting_the_users_text_stays_one_line(tmp_path):
    sheet = {"players": 3, "hands": [{"cards": 1, "bids": [0, 0, 0], "tricks": [1, 0, 0]}]}
    sheet["odd\nkey\x85"] = 1
    line = refused("whist", "score", _write(tmp_path, sheet))
    assert "odd\\nkey\\x85: Extra inputs are not permitted" in line
    line = refused("headcount", "count", "--bo\ngus")  # click's own message, one line too
    assert "No such option: --bo" in line and line.endswith("--help')")


# --------------------------------------------------------------------------- issue 26: sizes


INT64_MAX = str(2**63 - 1)
HUGE = str(10**30)


@pytest.mark.parametrize("value", [INT64_MAX, HUGE, "11", "0"])
@pytest.mark.parametrize(
    "command",
    [["foolish", "simulate", "--games", "4"], ["foolish", "ladder", "--games", "4"],
     ["foolish", "play"]],
    ids=["simulate", "ladder", "play"],
)  # fmt: skip
def test_foolish_lone_multiplier_past_its_range_is_refused_not_wrapped(command, value):
    """lone_multiplier=2^63-1 printed means near -4.6e16 (int64 sums wrapped); 10^30 ended in
    an OverflowError in simulate, ladder and play. The range 1..10 is checked first."""
    line = refused(*command, "--rule", f"lone_multiplier={value}")
    assert f"lone_multiplier must be between 1 and 10 or none, not {value}" in line


@pytest.mark.parametrize(
    "argv",
    [["headcount", "train-equilibrium", "--rounds", HUGE, "--iterations", "1"],
     ["headcount", "deal", "--hands", INT64_MAX],
     ["headcount", "headsup", "--iterations", HUGE],
     ["headcount", "exploit", "--budget", HUGE],
     ["whist", "blind-equilibrium", "--samples", HUGE],
     ["report", "foolish", "--games", HUGE]],
    ids=lambda a: " ".join(a[:3]),
)  # fmt: skip
def test_counts_past_2_to_the_53_are_refused_with_the_reason(argv, tmp_path):
    """train-equilibrium --rounds 10^30 ended in a numba traceback; the others ran until
    interrupted. One option parser refuses every count past 2^53 and says why."""
    line = refused(*argv)
    assert "is past 2^53 = 9007199254740992: no run that size can finish" in line


def _games_option(game):
    return "--matches" if game.unit == "matches" else "--games"


@pytest.mark.parametrize("game", list(registered().values()), ids=lambda g: g.name)
def test_every_simulate_refuses_10_to_the_30_games(game):
    line = refused(game.name, "simulate", _games_option(game), HUGE)
    assert "is past 2^53" in line


@pytest.mark.parametrize("game", list(registered().values()), ids=lambda g: g.name)
def test_every_simulate_of_2_to_the_53_games_stops_after_its_first_chunks_unless_yes(game):
    """2^53 games pass the count check but take years: the runner measures the first chunks
    and stops with the estimate and the way to run it anyway."""
    line = refused(game.name, "simulate", _games_option(game), str(2**53), "--quiet")
    assert re.search(r"would take about [\d,.]+ years at the rate measured on this machine", line)
    assert "pass --yes to run it anyway" in line


@pytest.mark.parametrize(
    "argv",
    [["headcount", "train-equilibrium", "--rounds", str(2**53), "--iterations", "1"],
     ["headcount", "headsup", "--step", "40", "--iterations", str(2**53)],
     ["headcount", "deal", "--hands", str(2**53)],
     ["foolish", "ladder", "--bots", "random,rules", "--games", str(2**53)],
     # --no-bayes: the same estimate, calibrated without the Bayesian candidates (about 4 ms a
     # game each), keeps this test at a few seconds instead of twenty
     ["headcount", "exploit", "--budget", str(10**9), "--games", "10", "--no-bayes"]],
    ids=lambda a: " ".join(a[:2]),
)  # fmt: skip
def test_runs_over_a_day_outside_simulate_are_refused_with_their_estimate(
    argv, tmp_path, monkeypatch
):
    from headcount_lab.core import limits

    # an hour: the meter's largest budget (10^9 games) is over a day only below 11,574 games a
    # second, which a fast machine beats; the other runs are years long either way
    monkeypatch.setattr(limits, "LONG_RUN_SECONDS", 3600.0)
    if "train-equilibrium" in argv:
        argv = [*argv, "--out", str(tmp_path / "eq.npz")]
    line = refused(*argv)
    assert "would take about" in line and "pass --yes" in line
    assert not (tmp_path / "eq.npz").exists()


def test_yes_runs_what_the_time_limit_would_stop(monkeypatch):
    """With the limit shrunk to a microsecond, a small deal is refused; --yes runs it."""
    from headcount_lab.core import limits

    monkeypatch.setattr(limits, "LONG_RUN_SECONDS", 1e-6)
    argv = ["headcount", "deal", "--hands", "2000000", "--quiet", "--json"]
    assert "pass --yes to run it anyway" in refused(*argv)
    res = cli(*argv, "--yes")
    assert res.code == 0, res.stderr
    assert strict_json(res.stdout)["hands"] == 2_000_000


def test_workers_past_the_limit_are_refused():
    line = refused("headcount", "deal", "--hands", "1000", "--workers", str(2**53))
    assert "--workers must be at most 1024" in line


def _seeded_commands() -> list[list[str]]:
    """Every command path (``["whist", "simulate"]``, ...) whose options include ``--seed``."""
    import typer

    from headcount_lab.cli.app import build_app

    out: list[list[str]] = []

    def walk(cmd, path: list[str]) -> None:  # type: ignore[no-untyped-def]
        # typer may vendor its own click: a group is known by its commands, not its class
        if hasattr(cmd, "commands"):
            for name, sub in cmd.commands.items():
                walk(sub, [*path, name])
        elif any("--seed" in p.opts for p in cmd.params):
            out.append(path)

    walk(typer.main.get_command(build_app()), [])
    return out


SEEDED = _seeded_commands()


def test_seeded_commands_are_found():
    assert len(SEEDED) >= 8 and ["whist", "simulate"] in SEEDED and ["report", "all"] in SEEDED


@pytest.mark.parametrize("path", SEEDED, ids=" ".join)
@pytest.mark.parametrize("value", ["-1", str(2**63), str(10**30)])
def test_every_seed_option_is_a_whole_number_a_record_can_hold(path, value):
    # issue 26: a record's seed is 0 .. 2^63 - 1 (core.record.SEED_MAX); a run whose seed is
    # outside it could not be replayed, so every --seed refuses it before any work
    line = one_error_line(cli(*path, "--seed", value))
    assert "a seed is a whole number from 0 to 2^63 - 1" in line
