"""``GAME compare`` (issue 23, items 1-3): paired rule comparisons with the designer metrics.

Small runs only (the whole file takes seconds): identical rule sets give exactly zero, a rule
with a large effect gives an interval that excludes zero, bad input is one error line, the JSON
has its documented shape, a sweep writes its rows and its chart."""

from __future__ import annotations

import json

import numpy as np
import pytest
from cli_support import cli, one_error_line, strict_json

from headcount_lab.core import compare as C
from headcount_lab.core.rng import block_state
from headcount_lab.games import GAMES

#: a field and a size per game that keep every call under a second or two
FAST = {
    "headcount": ["--bots", "odds,tips,odds,random", "--games", "320"],
    "whist": ["--players", "3", "--bots", "heuristic,heuristic,random", "--matches", "180"],
    "poohead": ["--bots", "cheap+,cheap,cheap+,random", "--games", "320"],
    "foolish": ["--bots", "rules,rules,rules,random", "--games", "320"],
}
#: a rule with a large effect on one metric of each game, and the sign of the change
EFFECT = {
    "headcount": ("open_lives=3", "length", +1),  # H8: one more life each, longer games
    "whist": ("dealer_restriction=off", "made_rate", +1),  # W5: the dealer may fit the bids
    "poohead": ("turn_cap=30", "stalls", +1),  # P20: most games hit a cap of 30 turns
    "foolish": ("lone_multiplier=10", "lone_fool_balance", +1),  # F15: the Lone Fool scores x10
}


def run(game: str, *args: str) -> dict:
    res = cli(game, "compare", *FAST[game], "--seed", "5", "--quiet", "--json", *args)
    assert res.code == 0, res.stderr
    return strict_json(res.stdout)


def default_flag(game: str) -> str:
    """A ``--rule`` giving a flag its default value: the changed rules equal the base."""
    rules = GAMES[game].load("rules")()
    name = next(k for k, v in rules.as_dict().items() if isinstance(v, bool))
    return f"{name}={'on' if getattr(rules, name) else 'off'}"


@pytest.mark.parametrize("game", list(GAMES))
def test_identical_rules_with_a_bad_bot_are_refused_in_one_line(game):
    """The A/A warning comes once every input is accepted: an unknown bot in an A/A call is one
    error line, with no warning before it (the fuzz guard found the two lines)."""
    n = GAMES[game].players[0]
    bots = ",".join(["random"] * (n - 1) + ["nobot"])
    res = cli(game, "compare", "--bots", bots, "--players", str(n), "--rule", default_flag(game))
    assert "unknown bot 'nobot'" in one_error_line(res)


@pytest.mark.parametrize("game", list(GAMES))
def test_identical_rules_give_exactly_zero(game):
    res = cli(game, "compare", *FAST[game], "--rule", default_flag(game), "--quiet", "--json")
    assert res.code == 0, res.stderr
    assert "every difference is zero" in res.stderr  # said, not refused: an A/A check
    out = strict_json(res.stdout)
    assert out["base"] == out["changed"]
    assert out["metrics"]
    for m in out["metrics"]:
        if m["base"] is None:
            continue
        assert m["changed"] == m["base"], m
        assert m["diff"] == 0.0 and m["ci95"] == [0.0, 0.0], m


@pytest.mark.parametrize("game", list(GAMES))
def test_a_rule_with_a_large_effect_has_an_interval_off_zero(game):
    rule, metric, sign = EFFECT[game]
    out = run(game, "--rule", rule)
    assert out["ci_reliable"] and out["blocks"] >= C.MIN_BLOCKS
    row = next(m for m in out["metrics"] if m["name"] == metric)
    lo, hi = row["ci95"]
    assert lo <= row["diff"] <= hi
    assert (lo > 0) if sign > 0 else (hi < 0), row


def test_json_shape_and_what_it_says_about_the_field():
    out = run("headcount", "--rule", "peek_must_raise=off", "--against", "tie_goes_to=caller")
    for key in ("base", "changed", "adapted", "field", "metrics", "absent", "units", "ci_method"):
        assert key in out
    assert out["adapted"] is False
    assert out["base"]["tie_goes_to"] == out["changed"]["tie_goes_to"] == "caller"
    assert out["base"]["peek_must_raise"] is True and out["changed"]["peek_must_raise"] is False
    assert out["field"] == {
        "bots": ["odds", "tips", "odds", "random"], "source": "given", "naive": "random"
    }  # fmt: skip
    metrics = GAMES["headcount"].load("metrics")
    assert [m["name"] for m in out["metrics"]] == metrics.names()
    for m in out["metrics"]:
        assert set(m) == {"name", "base", "changed", "diff", "ci95"}
    assert out["absent"] == {}  # Headcount measures every metric of the set


def test_default_field_is_the_competent_one_and_said():
    # issue 23 item 1: without --field a rule is judged by the committed competent field; a
    # field of one member seats that member (so --adapt can fit it) and names the file
    from headcount_lab.core.competent import resolve

    spec = GAMES["headcount"]
    mix = resolve(spec, 4, spec.make_rules(None, [], 4))
    assert mix.single, "the test expects the committed 4-player field to have one member"
    res = cli("headcount", "compare", "--rule", "open_lives=3", "--games", "16", "--quiet")
    assert res.code == 0, res.stderr
    assert f"field (the competent field): {','.join([mix.members[0]] * 4)}" in res.stdout
    assert mix.file in res.stdout  # the committed field file is named
    assert "warning: only 1 blocks" in res.stdout  # too few blocks for an interval: said
    both = [strict_json(cli("headcount", "compare", "--rule", "open_lives=3", "--games", "16",
                            "--quiet", "--json", *field).stdout)
            for field in ([], ["--field", mix.members[0]])]  # fmt: skip
    assert both[0]["metrics"] == both[1]["metrics"]  # the same games as the member named
    assert both[0]["competent"]["field"] == mix.file and "competent" not in both[1]


def test_sweep_writes_rows_and_a_chart(tmp_path):
    out = run("headcount", "--sweep", "open_lives=1,3", "--out", str(tmp_path / "s"))
    rows = out["sweep"]["rows"]
    assert [r["value"] for r in rows] == ["1", "3"]
    assert [r["changed"]["open_lives"] for r in rows] == [1, 3]
    length = [next(m for m in r["metrics"] if m["name"] == "length") for r in rows]
    assert length[0]["diff"] < 0 < length[1]["diff"]
    chart = tmp_path / "s" / "compare-sweep-open_lives.png"
    assert chart.stat().st_size > 10_000 and out["chart"] == str(chart)
    assert json.loads((tmp_path / "s" / "compare.json").read_text())["sweep"]["key"] == "open_lives"


def test_same_result_with_one_or_two_workers():
    a = run("foolish", "--rule", "party_crasher=on", "--workers", "1")
    b = run("foolish", "--rule", "party_crasher=on", "--workers", "2")
    a.pop("seconds"), b.pop("seconds")
    assert a == b


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (["--games", "8"], "nothing to compare"),
        (["--rule", "nosuch=1"], "unknown rule"),
        (["--rule", "open_lives=99"], "open_lives"),
        (["--rule", "open_lives"], "--rule takes NAME=VALUE"),
        (["--rule", "open_lives=3", "--rule", "open_lives=1"], "gives rule open_lives twice"),
        (["--sweep", "open_lives"], "--sweep takes NAME=V1,V2"),
        (["--sweep", "open_lives=1,1"], "lists a value twice"),
        (["--sweep", "open_lives=1,3", "--rule", "open_lives=2"], "both swept and set"),
        (["--rule", "open_lives=3", "--bots", "odds,odds"], "--field lists 2 bots"),
        (["--rule", "open_lives=3", "--bots", "nobot"], "nobot"),
        (["--rule", "open_lives=3", "--players", "9"], "--players must be between"),
        (["--rule", "open_lives=3", "--games", "0"], "--games"),
    ],
)
def test_bad_input_is_one_error_line(args, match):
    res = cli("headcount", "compare", *args, "--quiet")
    assert res.code == 2, res.stdout
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and match in lines[0], res.stderr
    assert "Traceback" not in res.stderr and res.stdout == ""


def test_every_arm_plays_the_same_game_streams():
    """Common random numbers: the base arm of a comparison plays exactly what its block
    function plays from the per-game streams of the block (game i from stream i)."""
    spec = GAMES["poohead"]
    rules = spec.make_rules(None, [], 4)

    def arm_fn(r, text, n):
        return spec.load("tournament")(r, text, n, 1, False).job.block_fn

    field = ("cheap", "cheap+", "random", "cheap")
    cmp = C.Comparison("poohead", (rules, rules), field, 32, 3, spec.load("metrics"), arm_fn)
    job = cmp.job()
    got = job.block_fn(block_state(3, 1), job.block_units(1))
    states = C.game_states(block_state(3, 1), 16)
    assert np.array_equal(states, C.game_states(block_state(3, 1), 16))  # a function of the block
    want = None
    for i in range(16):
        seats = ",".join(field[(s + i % 4) % 4] for s in range(4))
        part = arm_fn(rules, seats, 4)(states[i].copy(), 1)
        want = part if want is None else {k: want[k] + part[k] for k in want}
    for key, v in want.items():
        assert np.array_equal(got[f"r0.{key}"][1], v), key
        assert np.array_equal(got[f"r1.{key}"][1], v), key
        assert not got[f"r0.{key}"][0].any()  # another block's row stays empty


def test_jackknife_interval_of_a_ratio_matches_the_formula():
    """The interval of a difference of two ratios of block sums is the delete-one-block
    jackknife: checked against a direct computation on made-up block sums."""
    rng = np.random.default_rng(7)
    blocks = 30
    a = rng.integers(40, 60, size=(blocks, 2))
    b = a + rng.integers(0, 5, size=(blocks, 2))
    gm = C.GameMetrics(
        measure=lambda st, rules: C.Measures(
            st["x"], st["n"], None, None, {"length": C.ratio(st["x"][0], st["n"][0])}
        ),
        own=(),
        absent={m.name: "" for m in C.CORE_METRICS if m.name != "length"},
    )

    class R:
        def as_dict(self):
            return {}

    cmp = C.Comparison("toy", (R(), R()), ("a",), blocks, 0, gm, lambda *a: None)
    n = np.ones((blocks, 1), np.int64) * 100
    stats = {
        "r0.x": a[:, :1], "r0.n": n, "r0.skill": np.ones((blocks, 4), np.int64),
        "r1.x": b[:, :1], "r1.n": n, "r1.skill": np.ones((blocks, 4), np.int64),
    }  # fmt: skip
    row = cmp.results(stats)[0][0]
    d = b[:, 0].sum() / n.sum() - a[:, 0].sum() / n.sum()
    loo = np.array(
        [(b[:, 0].sum() - b[i, 0] - a[:, 0].sum() + a[i, 0]) / (n.sum() - 100)
         for i in range(blocks)]
    )  # fmt: skip
    half = C._t95(blocks) * np.sqrt((blocks - 1) / blocks * ((loo - loo.mean()) ** 2).sum())
    assert row["diff"] == pytest.approx(d)
    assert row["ci95"] == pytest.approx([d - half, d + half])


def test_the_block_function_pickles_for_dask():
    """A comparison's block function travels by pickle (a frozen dataclass of the games' own
    picklable block functions) and plays the same block after the trip."""
    import pickle

    spec = GAMES["foolish"]
    rules = spec.make_rules(None, [], 4)
    changed = spec.make_rules(None, ["party_crasher=on"], 4)

    def arm_fn(r, text, n):
        return spec.load("tournament")(r, text, n, 1, False).job.block_fn

    field = ("rules", "random", "rules", "random")
    cmp = C.Comparison("foolish", (rules, changed), field, 32, 4, spec.load("metrics"), arm_fn)
    fn = cmp.job().block_fn
    back = pickle.loads(pickle.dumps(fn))
    a, b = fn(block_state(4, 0), 16), back(block_state(4, 0), 16)
    assert a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def test_whist_measures_per_hand_and_per_match():
    """Whist's metrics from made-up statistics of 2 matches at 3 players (15 hands each, W2):
    the dealer scored 1 a hand and the others 2, so dealing costs 1 point a hand."""
    from headcount_lab.games.whist.rules import MAX_CARDS, WhistRules

    n, matches, per_match = 3, 2, 15
    hands = np.zeros((n, MAX_CARDS + 1), np.int64)
    hands[:, 1] = matches * per_match  # every hand counted at size 1: one bid, one card
    stats = {
        "matches": np.full(n, matches), "win60": np.array([60, 60, 0]), "hands": hands,
        "made": hands // 2, "dealer": np.array([30, 2 * 2 * 30]), "comeback60": np.array([30]),
    }  # fmt: skip
    m = GAMES["whist"].load("metrics").measure(stats, WhistRules(players=3))
    assert m.values["length"] == per_match
    assert m.values["decisions"] == 2 * per_match  # a bid and a card per hand
    assert m.values["dealer_cost"] == pytest.approx(1.0)
    assert m.values["comeback"] == pytest.approx(0.25)
    assert m.values["made_rate"] == pytest.approx(0.5)
    assert m.start_num.tolist() == [60, 0, 60]  # the first bidder is seat 1 (W3, W5)
