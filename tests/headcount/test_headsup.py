"""Heads-up rounds solved by our numba CFR+, checked against OpenSpiel on the same abstraction."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from typer.testing import CliRunner

from headcount_lab.cli.app import app
from headcount_lab.games.headcount.exact import total_distribution
from headcount_lab.games.headcount.rules import JOKER, TOP, VERSION, HeadcountRules
from headcount_lab.research.headcount import headsup as hu

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402
from open_spiel.python.algorithms.expected_game_score import policy_value  # noqa: E402

from headcount_lab.research.headcount import headsup_openspiel as hos  # noqa: E402

# A small deck keeps OpenSpiel's Python tree walks short; it holds both specials (H2, H3) and
# the extremes, so the mystery draw and top-to-zero both reach the payoffs.
SMALL = hu.HeadsUpAbstraction(bids=(0, 10, 20), cards=(0, 9, 14, TOP, JOKER))


def _codes(tree: hu.HeadsUpTree, node: int) -> list[int]:
    lo = int(tree.first[node])
    return [int(c) for c in tree.code[lo : lo + int(tree.n_act[node])]]


def _child(tree: hu.HeadsUpTree, node: int, code: int) -> int:
    lo = int(tree.first[node])
    return int(tree.child[lo + _codes(tree, node).index(code)])


# --- the abstraction follows the rulings


def test_h7_start_player_may_not_peek_before_opening() -> None:
    tree = hu.build_tree(hu.HeadsUpAbstraction(bids=(0, 10)))
    assert tree.kind[0] == hu.BID_NODE and hu.PEEK not in _codes(tree, 0)
    allowed = hu.HeadsUpAbstraction(HeadcountRules(start_player_may_peek=True), bids=(0, 10))
    assert _codes(hu.build_tree(allowed), 0) == [hu.NO_PEEK, hu.PEEK]


def test_h7_peeker_must_raise_unless_flag_off() -> None:
    for must, call_after_peek in ((True, False), (False, True)):
        ab = hu.HeadsUpAbstraction(HeadcountRules(peek_must_raise=must), bids=(0, 10, 20))
        tree = hu.build_tree(ab)
        turn = _child(tree, 0, hu.RAISE0)  # player 1's turn after the opening bid 0
        assert _codes(tree, turn) == [hu.NO_PEEK, hu.PEEK]
        assert (hu.CALL in _codes(tree, _child(tree, turn, hu.PEEK))) is call_after_peek
        assert hu.CALL in _codes(tree, _child(tree, turn, hu.NO_PEEK))


def test_h7_no_peek_without_an_open_life_card_or_hidden_card() -> None:
    for ab in (
        hu.HeadsUpAbstraction(bids=(0, 10, 20), peeks=(False, False)),
        hu.HeadsUpAbstraction(HeadcountRules(hidden_card=False), bids=(0, 10, 20)),
    ):
        assert hu.PEEK not in hu.build_tree(ab).code


def test_h5_min_first_bid_limits_the_opening() -> None:
    ab = hu.HeadsUpAbstraction(HeadcountRules(min_first_bid=5), bids=(0, 10, 20))
    assert _codes(hu.build_tree(ab), 0) == [hu.RAISE0 + 1, hu.RAISE0 + 2]
    with pytest.raises(ValueError, match="min_first_bid"):
        hu.HeadsUpAbstraction(HeadcountRules(min_first_bid=30), bids=(0, 10, 20))


def test_h2_h6_survival_table_equals_plain_count_over_every_draw() -> None:
    """Our numba survival table against the OpenSpiel twin's payoffs from ``rules.count``."""
    for tie in ("bidder", "caller"):
        ab = hu.HeadsUpAbstraction(
            HeadcountRules(tie_goes_to=tie),
            bids=(-5, 0, 3, 10, 25),
            cards=(0, 1, 5, 12, 13, 14, TOP, JOKER),
        )
        deals = hu.make_deals(ab)
        for i, deal in enumerate(deals.cards):
            for j, bid in enumerate(ab.bids):
                exact = hos.bidder_wins(ab, tuple(int(q) for q in deal), bid)
                assert deals.win[i, j] == pytest.approx(float(exact), abs=1e-15)


@pytest.mark.parametrize(
    ("rules", "unseen"),
    [
        (HeadcountRules(), 3),
        (HeadcountRules(double=True), 3),
        (HeadcountRules(hidden_card=False), 2),
    ],
)
def test_one_bid_level_value_is_the_exact_chance_the_opening_survives(rules, unseen) -> None:  # type: ignore[no-untyped-def]
    """With a single grid level the start player must open it and the other must call, so the
    start player's value is P(total >= bid) over the whole deck: exact.py's distribution (H2-H4
    and the Double deck's X2 included)."""
    dist = total_distribution([], unseen, rules.double)
    for bid in (5, 12, 20):
        _, summary = hu.solve(hu.HeadsUpAbstraction(rules, bids=(bid,)), 1)
        exact = sum((p for t, p in dist.items() if t >= bid), Fraction(0))
        assert summary["start_player_value"] == pytest.approx(float(exact), abs=1e-12)
        assert summary["exploitability"] == pytest.approx(0.0, abs=1e-12)


def test_h9_next_start_does_not_change_the_round_game() -> None:
    values = []
    for ns in ("loser", "left_of_loser"):
        ab = hu.HeadsUpAbstraction(HeadcountRules(next_start=ns), bids=(0, 10, 20, 30))
        values.append(hu.solve(ab, 20)[1]["start_player_loses"])
    assert values[0] == values[1]


# --- (a) our exploitability equals OpenSpiel's on the same policy


@pytest.fixture(scope="module")
def small_game():  # type: ignore[no-untyped-def]
    return hos.load(SMALL)


def test_exploitability_and_value_equal_openspiel_on_the_same_policy(small_game) -> None:  # type: ignore[no-untyped-def]
    solver = hu.Solver(SMALL)
    uniform = hu.normalise(solver.tree, np.zeros(solver.tree.size))
    solver.run(7)  # an unfinished, lopsided profile: every best response has work to do
    gaps = []
    for table in (uniform, solver.current_policy()):
        ours = solver.evaluate(table)
        gaps.append(ours["exploitability"])
        pol = hos.to_openspiel_policy(small_game, solver.tree, table)
        assert len(pol.state_lookup) == hu.information_sets(solver.tree, len(SMALL.deck))
        theirs = exploitability.exploitability(small_game, pol)
        assert ours["exploitability"] == pytest.approx(theirs, abs=1e-12)
        value = policy_value(small_game.new_initial_state(), [pol, pol])[0]
        assert ours["value"] == pytest.approx(value, abs=1e-12)
    assert max(gaps) > 1e-2  # the check compared something that can differ


# --- (b) both solvers reach low exploitability and the same value


def test_our_cfr_plus_is_openspiels_cfr_plus_iterate_for_iterate(small_game) -> None:  # type: ignore[no-untyped-def]
    """OpenSpiel's CFRPlusSolver is the same algorithm (regret matching+, alternating updates in
    player order, average weighted by iteration number), so after the same number of iterations
    the two average strategies agree at every information set, up to rounding."""
    theirs = cfr.CFRPlusSolver(small_game)
    for _ in range(10):
        theirs.evaluate_and_update_policy()
    solver = hu.Solver(SMALL)
    solver.run(10)
    ours = hos.to_openspiel_policy(small_game, solver.tree, solver.average_policy())
    avg = theirs.average_policy()
    assert ours.state_lookup.keys() == avg.state_lookup.keys()
    rows = [avg.state_lookup[k] for k in ours.state_lookup]
    a = ours.action_probability_array[list(ours.state_lookup.values())]
    np.testing.assert_allclose(a, avg.action_probability_array[rows], rtol=0, atol=1e-10)
    # every decision has two or more moves, so a uniform row is at most 1/2: the rows moved
    assert (a.max(axis=1) > 0.9).any()


@pytest.mark.slow
def test_our_cfr_and_openspiel_cfr_agree_on_the_game_value(small_game) -> None:  # type: ignore[no-untyped-def]
    ours_solver, ours = hu.solve(SMALL, 400)
    os_solver = cfr.CFRPlusSolver(small_game)
    for _ in range(60):
        os_solver.evaluate_and_update_policy()
    os_pol = os_solver.average_policy()
    os_expl = exploitability.exploitability(small_game, os_pol)
    os_value = policy_value(small_game.new_initial_state(), [os_pol, os_pol])[0]
    assert ours["exploitability"] < 1e-4
    assert os_expl < 2e-3
    # a profile with exploitability e has a value within 2e of the game value (both players'
    # best-response values bracket it), so two such profiles differ by at most 2(e1 + e2)
    assert abs(ours["start_player_value"] - os_value) <= 2 * (ours["exploitability"] + os_expl)


# --- the saved table and the command


def test_saved_policy_loads_as_arrays_and_answers_lookups(tmp_path) -> None:  # type: ignore[no-untyped-def]
    solver, summary = hu.solve(SMALL, 30)
    path = hu.policy_path(tmp_path, SMALL)
    assert f"-v{VERSION}-" in path.name
    hu.save_policy(path, solver, summary)
    loaded = hu.load_policy(path)
    assert loaded.policy.dtype == np.float32 and loaded.policy.shape == (solver.tree.size,)
    np.testing.assert_allclose(loaded.policy, solver.average_policy(), rtol=1e-6, atol=1e-7)
    probs = loaded.probs([hu.RAISE0], sees=14)  # player 1, sees K♥, after the opening bid 0
    assert set(probs) == {hu.NO_PEEK, hu.PEEK} and sum(probs.values()) == pytest.approx(1.0)
    after_peek = loaded.probs([hu.RAISE0, hu.PEEK], sees=14, hidden=JOKER)
    assert hu.CALL not in after_peek  # H7: a peeker must raise
    with pytest.raises(ValueError, match="not legal"):
        loaded.node_of([hu.CALL])  # H5: no call before the first bid


def test_load_policy_refuses_another_rules_version(tmp_path) -> None:  # type: ignore[no-untyped-def]
    solver, summary = hu.solve(SMALL, 2)
    path = tmp_path / "old.npz"
    hu.save_policy(path, solver, {**summary, "rules_version": VERSION + 1})
    with pytest.raises(ValueError, match="rules version"):
        hu.load_policy(path)


def test_cli_headsup_json_and_write(tmp_path) -> None:  # type: ignore[no-untyped-def]
    args = ["headcount", "headsup", "--step", "20", "--iterations", "5", "--json"]
    res = CliRunner().invoke(app, [*args, "--write", "--data-dir", str(tmp_path)])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["abstraction"]["bids"] == [0, 20, 40]
    assert out["start_player_loses"] == pytest.approx(1 - out["start_player_value"])
    lo, hi = out["start_player_loses_bounds"]
    assert lo - 1e-12 <= out["start_player_loses"] <= hi + 1e-12
    assert hi - lo == pytest.approx(2 * out["exploitability"])
    assert hu.load_policy(tmp_path / out["written"].split("/")[-1]).meta["iterations"] == 5
    assert out["start_player_is"] == "the last round's loser"
    res = CliRunner().invoke(
        app, ["headcount", "headsup", "--step", "20", "--iterations", "2", "--rule",
              "next_start=left_of_loser"],
    )  # fmt: skip
    assert res.exit_code == 0 and "last round's winner" in res.output


def test_cli_headsup_data_dir_that_is_a_file_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("keep me")
    res = CliRunner().invoke(
        app, ["headcount", "headsup", "--step", "20", "--iterations", "1", "--write",
              "--data-dir", str(not_a_dir)],
    )  # fmt: skip
    assert res.exit_code == 2 and res.output.startswith("error: ")
    assert not_a_dir.read_text() == "keep me"


@pytest.mark.parametrize(
    "extra",
    [["--peeks", "all"], ["--step", "0"], ["--iterations", "0"], ["--rule", "next_start=me"]],
)
def test_cli_headsup_bad_input_is_one_line_exit_2(extra: list[str]) -> None:
    res = CliRunner().invoke(app, ["headcount", "headsup", *extra])
    assert res.exit_code == 2
    assert res.output.startswith("error: ") and res.output.count("\n") == 1
