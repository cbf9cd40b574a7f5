"""The ``competent`` bot (issue 22 item 4; :mod:`headcount_lab.core.competent`): every game's
menu takes it, it resolves to the committed field of the table's game, size and variant (or a
stated stand-in), a one-member field plays exactly its member, and a planted two-member field
is drawn per game with its weights, the same way on every run."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from cli_support import cli, one_error_line, strict_json
from scipy import stats as sps

from headcount_lab.core import competent as C
from headcount_lab.core import runner
from headcount_lab.core.rng import block_state
from headcount_lab.games import GAMES, registered

#: the committed fields: their one member with weight 1 (data/field-*-v1.json)
MEMBERS = {
    "headcount": "equilibrium:discard=0",
    "whist": "montecarlo:bid_samples=64,play_samples=64,bid_width=2,listen=1",
    "foolish": "ismcts:iterations=64,keep=0.15,duck=0.3,deny=0.3,crash=1,ucb=0.3,top=6,deep=3,"
    "widen=4,win=100",
    "poohead": "ismcts:iterations=400,horizon=600,explore=0.7",
}


def rules(game: str, players: int, variant: str | None = None, *flags: str):  # type: ignore[no-untyped-def]
    return GAMES[game].make_rules(variant, list(flags), players)


# --- parsing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_every_menu_takes_competent_without_parameters(game):
    menu = GAMES[game].load("bots")
    for text in ("competent", " Competent ", "competent:"):
        bot = menu.parse(text)
        assert bot.name == "competent" and bot.canonical == "competent" and bot.label == "competent"
    n = GAMES[game].default_players
    assert len(menu.parse_list(",".join(["competent"] * n), n)) == n
    assert "competent: no parameters" in menu.help()
    for bad in ("competent:x=1", "competent:iterations=400"):
        with pytest.raises(ValueError, match="bot competent takes no parameters"):
            menu.parse(bad)
    # it has no kernel id: the policy tables refuse it rather than play policy -1
    with pytest.raises(ValueError, match="resolve it to its field's members first"):
        menu.arrays(["competent"], 8)


def test_bad_competent_specs_are_one_error_line():
    line = one_error_line(cli("headcount", "simulate", "--bots", "competent:x=1,odds,tips,random"))
    assert "competent takes no parameters" in line
    line = one_error_line(cli("poohead", "simulate", "--bots", "competent,competent"))
    assert "--bots lists 2 bots but --players is 4" in line


def test_competent_cannot_be_a_field_member():
    from headcount_lab.core.metagame import canonical

    with pytest.raises(ValueError, match="cannot be a member of a field"):
        canonical(GAMES["poohead"].load("bots"), ["cheap", "competent"])


# --- resolution ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_the_default_table_resolves_to_its_committed_field(game):
    spec = GAMES[game]
    mix = C.resolve(spec, 4, rules(game, 4))
    assert mix.members == (MEMBERS[game],) and mix.weights == (1.0,) and mix.single
    assert mix.file == f"data/field-{game}-4p-standard-v{spec.version}.json"
    assert mix.notes == ()


@pytest.mark.parametrize(
    ("players", "variant"), [(3, "standard"), (5, "standard"), (6, "standard"), (4, "double")]
)
def test_headcount_has_its_own_field_per_size_and_double(players, variant):
    mix = C.resolve(GAMES["headcount"], players, rules("headcount", players, variant))
    assert mix.file == f"data/field-headcount-{players}p-{variant}-v1.json"
    assert (mix.field_players, mix.field_variant, mix.notes) == (players, variant, ())
    assert math.isclose(sum(mix.weights), 1.0)


def test_trickster_reads_the_standard_field_and_says_so():
    mix = C.resolve(GAMES["headcount"], 5, rules("headcount", 5, "trickster"))
    assert (mix.file, mix.field_variant) == ("data/field-headcount-5p-standard-v1.json", "standard")
    assert mix.variant == "trickster" and "trickster reads the standard field" in mix.notes[0]


@pytest.mark.parametrize(("game", "players"), [("whist", 3), ("whist", 6), ("poohead", 2),
                                               ("foolish", 5)])  # fmt: skip
def test_a_size_without_a_field_uses_the_nearest_committed_one(game, players):
    mix = C.resolve(GAMES[game], players, rules(game, players))
    assert mix.field_players == 4 and mix.players == players
    assert f"no field is committed for {players} players: the 4-player field" in mix.text()


def test_the_nearest_size_prefers_the_smaller_on_a_tie(planted):
    planted("poohead", 2, {"cheap": 1.0})
    planted("poohead", 4, {"random": 1.0})
    assert C.resolve(GAMES["poohead"], 3, rules("poohead", 3)).field_players == 2


def test_house_rules_beyond_the_variant_are_named():
    mix = C.resolve(GAMES["headcount"], 4, rules("headcount", 4, "standard", "tie_goes_to=caller"))
    assert mix.file.endswith("4p-standard-v1.json")
    assert mix.notes == ("the field was solved under the standard defaults, the rules differ in "
                         "tie_goes_to",)  # fmt: skip


def test_no_field_at_all_is_refused(planted):
    with pytest.raises(ValueError, match="no competent field of Poohead is committed"):
        C.resolve(GAMES["poohead"], 4, rules("poohead", 4))


def test_a_game_without_a_field_has_no_competent_bot():
    toy = next((g for g in registered().values() if not g.metagame), None)
    if toy is None:
        pytest.skip("every registered game has a field")
    with pytest.raises(ValueError, match="has no competent field"):
        C.resolve(toy, toy.default_players, toy.make_rules(None, [], toy.default_players))


# --- one member: the seat is that member ------------------------------------------------------


def _rows(summary: dict, game: str) -> list:
    rows = summary["per_bot"] if game == "headcount" else summary["bots"]
    return [{k: v for k, v in r.items() if k not in ("bot", "label")} for r in rows]


@pytest.mark.parametrize(
    ("game", "others", "games"),
    [
        ("headcount", "odds,tips,random", 2400),
        ("poohead", "cheap+,cheap,random", 8),
        ("whist", "heuristic,heuristic,random", 4),
        ("foolish", "rules,rules,random", 4),
    ],
)
def test_a_one_member_field_plays_exactly_its_member(game, others, games):
    spec = GAMES[game]
    make = spec.load("tournament")
    r = rules(game, 4)
    out = []
    for first in ("competent", MEMBERS[game]):
        t = make(r, f"{first},{others}", 4, games, True)
        out.append(t.summarize(runner.run(t.job, 7), 7))
    assert _rows(out[0], game) == _rows(out[1], game)
    entry = out[0]["competent"]
    assert entry["members"] == [
        {"bot": MEMBERS[game], "weight": 1.0, "drawn": entry["members"][0]["drawn"]}
    ]
    assert entry["field"] == f"data/field-{game}-4p-standard-v{spec.version}.json"
    assert "competent" not in out[1]
    rows = out[0]["per_bot"] if game == "headcount" else out[0]["bots"]
    assert rows[0]["bot"] == "competent"


def test_simulate_names_what_competent_played():
    res = cli("headcount", "simulate", "--bots", "competent,odds,tips,random", "--games", "240")
    assert res.code == 0, res.stderr
    assert "competent: equilibrium:discard=0 (weight 1.000, played 240 seat-games), from " \
        "data/field-headcount-4p-standard-v1.json" in res.stdout  # fmt: skip
    data = strict_json(cli("headcount", "simulate", "--bots", "competent,odds,tips,random",
                           "--games", "240", "--json").stdout)  # fmt: skip
    assert data["bots"][0] == "competent" and data["competent"]["members"][0]["drawn"] == 240


# --- a planted two-member field: drawn per game with its weights -----------------------------


def _z(p_mix: float, se_mix: float, parts: list[tuple[float, float, float]]) -> float:
    """z of the mixture's result against ``sum w * p`` of the pure runs ``(w, p, se)``."""
    expect = sum(w * p for w, p, _ in parts)
    se = math.sqrt(se_mix**2 + sum((w * s) ** 2 for w, _, s in parts))
    return (p_mix - expect) / se


def _chi2_p(counts: list[int], weights: list[float]) -> float:
    total = sum(counts)
    return float(sps.chisquare(counts, [w * total for w in weights]).pvalue)


def _blocks_in_reverse(job: runner.Job, seed: int) -> dict[str, np.ndarray]:
    """The run's blocks computed last first and merged: what another number of workers does."""
    total = None
    for b in reversed(range(job.n_blocks)):
        total = runner.merge(total, runner.run_block(job, seed, b))
    assert total is not None
    return total


def test_a_planted_headcount_mixture_plays_both_members_in_their_weights(planted):
    weights = {"equilibrium:discard=0": 0.3, "random": 0.7}
    planted("headcount", 4, weights)
    make = GAMES["headcount"].load("tournament")
    r = rules("headcount", 4)
    others, games, seed = "odds,tips,reader", 24_000, 11

    def run(first: str) -> dict:
        t = make(r, f"{first},{others}", 4, games, True)
        return t.summarize(runner.run(t.job, seed), seed)

    mixed = run("competent")
    entry = mixed["competent"]
    orders = mixed["seat_orders"]
    drawn = [m["drawn"] // orders for m in entry["members"]]  # deals: the unit of the draw
    assert sum(drawn) * orders == mixed["games"]
    assert _chi2_p(drawn, list(weights.values())) > 0.01
    # one competent seat: its expected win rate is the members' rates weighted
    row = mixed["per_bot"][0]
    se = (row["ci95"][1] - row["ci95"][0]) / 3.92
    parts = []
    for spec, w in weights.items():
        pure = run(spec)["per_bot"][0]
        parts.append((w, pure["rate"], (pure["ci95"][1] - pure["ci95"][0]) / 3.92))
    assert parts[0][1] > 0.3 and parts[1][1] < 0.05  # the two members are far apart
    assert abs(_z(row["rate"], se, parts)) < 2.576  # alpha 0.01, two-sided
    # the same seed draws the same members and plays the same games on any number of workers
    t = make(r, f"competent,{others}", 4, games, True)
    again = t.summarize(_blocks_in_reverse(t.job, seed), seed)
    assert again["per_bot"] == mixed["per_bot"] and again["competent"] == entry


def test_a_planted_poohead_mixture_plays_both_members_in_their_weights(planted):
    weights = {"random": 0.4, "cheap": 0.6}
    planted("poohead", 4, weights)
    make = GAMES["poohead"].load("tournament")
    r = rules("poohead", 4)
    games, seed = 12_000, 5

    def run(first: str) -> dict:
        t = make(r, f"{first},competent,cheap+,cheap+", 4, games, True)
        return t.summarize(runner.run(t.job, seed), seed), t

    pure = []
    for spec in weights:
        # the second seat is competent too: it draws from the same field in all three runs
        res, _ = run(spec)
        p = res["bots"][0]["p_poohead"]["p"]
        pure.append(p)
    mixed, t = run("competent")
    entry = mixed["competent"]
    drawn = [m["drawn"] for m in entry["members"]]
    assert sum(drawn) == 2 * games and _chi2_p(drawn, list(weights.values())) > 0.01
    # every slot played every game, in every seat from the starter equally often (rotation
    # survives the grouping by draw: the by-bot statistics are turned back to the slots)
    for row in mixed["bots"]:
        assert row["games"] == games
    # each seat draws on its own: seat 0's expected P(Poohead) is the members' weighted
    rows = mixed["bots"]
    assert pure[0] > 0.5 and pure[1] < 0.3
    p0 = rows[0]["p_poohead"]["p"]
    se = lambda p: math.sqrt(p * (1 - p) / games)  # noqa: E731
    parts = [(w, p, se(p)) for w, p in zip(weights.values(), pure, strict=True)]
    assert abs(_z(p0, se(p0), parts)) < 2.576
    # both competent seats draw the same mixture: their results agree within chance
    p1 = rows[1]["p_poohead"]["p"]
    assert abs(p0 - p1) < 2.576 * math.hypot(se(p0), se(p1))
    again = t.summarize(_blocks_in_reverse(t.job, seed), seed)
    assert again == mixed


def test_the_draw_is_a_function_of_the_block_stream_only():
    state = block_state(3, 2)
    before = state.copy()
    a = C.draws((0.25, 0.75), state, 500, 3)
    assert np.array_equal(state, before)  # the game stream is not advanced
    assert np.array_equal(a, C.draws((0.25, 0.75), block_state(3, 2), 500, 3))
    assert not np.array_equal(a, C.draws((0.25, 0.75), block_state(3, 3), 500, 3))
    counts = np.bincount(a.ravel(), minlength=2).tolist()
    assert _chi2_p(counts, [0.25, 0.75]) > 0.01


def test_a_fixed_table_gets_the_member_or_a_seeded_draw(planted):
    planted("poohead", 4, {"random": 0.5, "cheap": 0.5})
    r = rules("poohead", 4)
    with pytest.raises(ValueError, match="competent is a mixture of 2 members here"):
        C.fixed("poohead", ["competent", "cheap", "cheap"], 4, r)
    seen = set()
    for seed in range(12):
        specs, mix = C.fixed("poohead", ["competent", "cheap", "competent"], 4, r, seed)
        assert specs == C.fixed("poohead", ["competent", "cheap", "competent"], 4, r, seed)[0]
        assert specs[1] == "cheap" and {specs[0], specs[2]} <= set(mix.members)
        seen.update((specs[0], specs[2]))
    assert seen == set(C.resolve(GAMES["poohead"], 4, r).members)


def test_a_drawing_table_cannot_be_recorded(planted):
    planted("poohead", 4, {"random": 0.5, "cheap": 0.5})
    t = GAMES["poohead"].load("tournament")(rules("poohead", 4), "competent,cheap,cheap,cheap",
                                            4, 10, False)  # fmt: skip
    with pytest.raises(ValueError, match="--record needs one bot per seat"):
        t.record(1, 2)


# --- the other commands ----------------------------------------------------------------------


def test_play_seats_competent_and_its_hint_asks_the_member(tmp_path):
    from typer.testing import CliRunner

    from headcount_lab.cli.app import app

    argv = ["headcount", "play", "--bots", "competent,odds", "--seed", "3", "--hint", "competent",
            "--record-file", str(tmp_path / "p.json")]  # fmt: skip
    res = CliRunner().invoke(app, argv, input="hint\nquit\n")
    assert res.exit_code == 0, res.output
    field = "data/field-headcount-3p-standard-v1.json"
    assert f"competent plays equilibrium:discard=0 (1.000) from {field}" in res.stdout
    assert "competent (equilibrium:discard=0) would " in res.stdout
    line = one_error_line(cli("headcount", "play", "--bots", "odds,odds", "--hint", "competent:x"))
    assert "competent takes no parameters" in line


@pytest.mark.parametrize("game", list(GAMES))
def test_the_hint_names_the_competent_member(game):
    from headcount_lab.core.play import Console, Hint, Quit, scripted

    spec = GAMES[game]
    n = spec.default_players
    said: list[str] = []
    hint = Hint(MEMBERS[game], f"competent ({MEMBERS[game]})")
    bots = [None, *spec.load("bots").split(spec.default_bots)[1:]]
    table = spec.load("play")(
        rules(game, n), bots, 0, 5, Console(scripted(["hint"]), said.append), hint=hint
    )
    with pytest.raises(Quit):  # the script ends after the hint
        table.play()
    assert any(s.startswith(f"competent ({MEMBERS[game]}) ") for s in said), said[-3:]


def test_a_one_member_field_records_its_member_and_replays(tmp_path):
    path = tmp_path / "r.json"
    res = cli("poohead", "simulate", "--bots", "competent,cheap,cheap,random", "--games", "6",
              "--record", "2", "--record-file", str(path))  # fmt: skip
    assert res.code == 0, res.stderr
    assert json.loads(path.read_text())["bots"][0] == MEMBERS["poohead"]
    assert cli("poohead", "replay", str(path)).code == 0


def test_exploit_and_compare_take_competent():
    res = cli("headcount", "exploit", "--players", "3", "--field", "competent", "--budget", "48",
              "--games", "12", "--seed", "2", "--no-bayes", "--json")  # fmt: skip
    assert res.code == 0, res.stderr
    data = strict_json(res.stdout)
    assert data["field"] == [MEMBERS["headcount"]] * 2
    assert data["competent"]["field"] == "data/field-headcount-3p-standard-v1.json"
    res = cli("headcount", "compare", "--rule", "double=on", "--field", "competent", "--games",
              "64", "--json")  # fmt: skip
    assert res.code == 0, res.stderr
    data = strict_json(res.stdout)
    # resolved once, for the base rules: the standard field, in both arms; its one member is
    # seated as itself (not drawn)
    assert data["field"]["bots"] == [MEMBERS["headcount"]] * 4
    assert data["competent"]["field"] == "data/field-headcount-4p-standard-v1.json"


def test_compare_adapt_refuses_a_mixed_competent_field(planted):
    # a mixture is a meta-game solution: adapting it would mean solving it again
    planted("headcount", 4, {"equilibrium": 0.5, "odds": 0.5})
    line = one_error_line(cli("headcount", "compare", "--rule", "double=on", "--field",
                              "competent", "--adapt", "--games", "64"))  # fmt: skip
    assert "--adapt adapts named bots" in line and "equilibrium:discard=0" in line


def test_the_meter_of_every_game_takes_competent(planted):
    planted("poohead", 4, {"cheap": 1.0})  # a fast member: the committed one searches
    res = cli("poohead", "exploit", "--players", "4", "--field", "competent", "--budget", "40",
              "--games", "8", "--seed", "1", "--json")  # fmt: skip
    assert res.code == 0, res.stderr
    data = strict_json(res.stdout)
    assert data["field"] == ["cheap:swap=0"] * 3
    assert data["competent"]["members"] == [{"bot": "cheap:swap=0", "weight": 1.0}]
