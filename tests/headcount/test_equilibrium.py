"""The ``equilibrium`` bot's table: training is reproducible by seed, the table on disk is the
one the command writes, a table of another rules version is refused, the bot plays what its
table says, and the training command refuses bad input with one error line (exit 2)."""

import json

import numpy as np
import pytest
from cli_support import cli

from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount import equilibrium as EQ
from headcount_lab.games.headcount import headsup_policy as HP
from headcount_lab.games.headcount import observation as O
from headcount_lab.games.headcount.rules import VERSION
from headcount_lab.research.headcount.equilibrium_train import train


def _train(rounds, out, *extra):
    """``headcount train-equilibrium``, one short iteration, writing ``out``."""
    args = ["--iterations", "1", "--rounds", str(rounds), "--out", str(out), *extra]
    return cli("headcount", "train-equilibrium", *args)


def _tiny(seed: int) -> EQ.EquilibriumPolicy:
    return train(4, 2, 3000, seed, 0.1, ("reader", "odds"), 0.5)


def test_training_is_reproducible_by_seed():
    a, b, c = _tiny(5), _tiny(5), _tiny(6)
    assert a.digest() == b.digest()
    assert a.digest() != c.digest()
    # every row is a probability distribution over its legal actions
    assert np.allclose(a.policy[: EQ.PEEK0].sum(axis=1), 1.0)
    assert np.allclose(a.policy[EQ.PEEK0 :, :2].sum(axis=1), 1.0)
    assert (a.policy[EQ.PEEK0 :, 2:] == 0).all()
    assert ((a.call_win > 0) & (a.call_win < 1)).all()


def test_saved_table_loads_back_bit_for_bit(tmp_path):
    pol = _tiny(5)
    path = tmp_path / "eq.npz"
    EQ.save_policy(path, pol)
    back = EQ.load_policy(path)
    assert back.digest() == pol.digest()
    assert back.meta["rules_version"] == VERSION
    assert "train-equilibrium" in back.meta["command"]


def test_a_table_of_another_rules_version_is_refused(tmp_path):
    pol = _tiny(5)
    path = tmp_path / "old.npz"
    EQ.save_policy(
        path,
        EQ.EquilibriumPolicy(pol.policy, pol.call_win, {**pol.meta, "rules_version": VERSION + 1}),
    )
    with pytest.raises(ValueError, match="rules version"):
        EQ.load_policy(path)
    other = {**pol.meta, "abstraction": {**EQ.ABSTRACTION, "raises": ["call"]}}
    EQ.save_policy(path, EQ.EquilibriumPolicy(pol.policy, pol.call_win, other))
    with pytest.raises(ValueError, match="abstraction"):
        EQ.load_policy(path)
    with pytest.raises(ValueError, match="no equilibrium table"):
        EQ.load_policy(tmp_path / "missing.npz")


@pytest.mark.parametrize("double", [False, True])
def test_the_committed_table_is_the_commands_output(double):
    """The tables in data/ (standard deck, and the Double deck of H4) load (right version,
    abstraction and deck) and record the command that wrote them; the slow test below retrains
    them and compares the hashes."""
    pol = EQ.load_policy(EQ.default_path(double), double)
    assert pol.meta["command"].startswith("headcount-lab headcount train-equilibrium")
    assert ("--variant double" in pol.meta["command"]) == double
    assert pol.meta["rules_version"] == VERSION
    # the engine reads the table of its deck
    bel = A.build_beliefs(double, 4, True, False, (0.5,), True)
    stored = bel.gain[bel.sf.shape[0] :]
    assert np.array_equal(stored, EQ.pack(*EQ.widen(pol), bel.sf))


@pytest.mark.parametrize("double", [False, True])
def test_the_commands_defaults_rewrite_the_committed_tables(double):
    """`train-equilibrium` without options (and with --variant double) is the committed
    tables' command: its defaults are their recorded options."""
    from headcount_lab.cli import headcount as H

    m = EQ.load_policy(EQ.default_path(double), double).meta
    assert m["field"] == [A.parse_bot(f).spec for f in H.TRAIN_FIELD]
    assert m["belief_field"] == [A.parse_bot(f).spec for f in H.TRAIN_BELIEF_FIELD]
    assert (m["field_share"], m["belief_share"]) == (H.TRAIN_FIELD_SHARE, H.TRAIN_BELIEF_SHARE)
    assert (m["iterations"], m["rounds"], m["seed"], m["explore"], m["players"]) == (
        H.TRAIN_ITERATIONS,
        H.TRAIN_ROUNDS,
        H.TRAIN_SEED,
        H.TRAIN_EXPLORE,
        4,
    )


def test_h4_a_table_of_the_other_deck_is_refused(tmp_path):
    pol = _tiny(5)
    path = tmp_path / "eq.npz"
    EQ.save_policy(path, pol)
    assert EQ.load_policy(path, False).digest() == pol.digest()
    with pytest.raises(ValueError, match="standard deck"):
        EQ.load_policy(path, True)


@pytest.mark.slow
@pytest.mark.parametrize("double", [False, True])
def test_retraining_reproduces_the_committed_table(double):
    pol = EQ.load_policy(EQ.default_path(double), double)
    m = pol.meta
    again = train(
        m["players"],
        m["iterations"],
        m["rounds"],
        m["seed"],
        m["explore"],
        tuple(m["field"]),
        m["field_share"],
        m["double"],
        tuple(m["belief_field"]),
        m["belief_share"],
    )
    assert again.digest() == pol.digest()


def _bid_with(table: np.ndarray, call_win: np.ndarray, nb: int, u: float) -> int:
    """Seat 0's bid at a 4-seat table, with ``table`` as the bot's policy."""
    bel = A.build_beliefs(False, 4, True, False, (0.5,))
    gain = np.concatenate([bel.gain, EQ.pack(table, call_win, bel.sf)])
    bids = np.zeros(8, np.int64)
    bids[:nb] = np.arange(nb) + 20
    seen = np.array([-1, 3, 9, 12], np.int64)  # sees 2♥ 7♥ 10♥
    table = O.Table(4, 17, True, -(10**9), 0, False, True)
    public = O.Public(nb, bids, np.arange(8) % 4, np.zeros(8, np.bool_), np.zeros(4, np.bool_),
                      np.ones(4, np.int64))  # fmt: skip
    obs = O.Observation(table, public, 0, seen, (1 << 3) | (1 << 9) | (1 << 12), -1, nb > 0, -1)
    tables = A.Tables(bel.row_of, bel.sf, bel.lo, gain, bel.safe, HP.NONE)
    return int(A.eq_bid(np.zeros(A.N_PARAMS), obs, tables, u))


def test_tables_for_more_seats_than_trained_copy_the_largest_trained():
    pol = train(3, 1, 2000, 5)
    policy, call_win = EQ.widen(pol)
    block = EQ.BID_ROWS // EQ.N_ACTIVE
    trained = policy[block : 2 * block]  # 3 active seats
    assert not np.allclose(trained, 1.0 / EQ.N_ACT)
    for a in (2, 3, 4):  # 4, 5, 6 active seats
        assert (policy[a * block : (a + 1) * block] == trained).all()
        assert (call_win[a * block : (a + 1) * block] == call_win[block : 2 * block]).all()
    assert (policy[:block] == pol.policy[:block]).all()
    assert (
        policy[EQ.OPEN0 + 4 * EQ.N_MED : EQ.PEEK0]
        == policy[EQ.OPEN0 + EQ.N_MED : EQ.OPEN0 + 2 * EQ.N_MED]
    ).all()


def test_stored_safe_bids_are_the_bisections_the_trainer_uses():
    """The engine reads the bot's safe bids from columns stored with its table; the trainer
    bisects the belief rows: the same bids, for every belief row and level."""
    bel = A.build_beliefs(False, 4, True, False, (0.5,))
    table = EQ.pack(np.zeros((EQ.N_ROWS, EQ.N_ACT)), np.zeros(EQ.BID_ROWS), bel.sf)
    gain = np.concatenate([bel.gain, table])
    base = bel.sf.shape[0]
    for row in range(0, base, 7):
        for j, level in enumerate(EQ.SAFE_LEVELS):
            got = bel.lo + EQ.safe_col(gain, base, row, j)
            assert got == A.safe_bid(bel.sf, row, bel.lo, level, 0), (row, level)
    # the engine's indices into the stored levels are the trainer's levels
    for a in range(2, EQ.N_ACT):
        assert EQ.SAFE_LEVELS[EQ.S_RAISE + a - 2] == EQ.LEVELS[a]
    for a in range(EQ.N_ACT):
        assert EQ.SAFE_LEVELS[EQ.S_OPEN + a] == EQ.OPEN_LEVELS[a]
    assert EQ.SAFE_LEVELS[EQ.S_MED] == 0.5


def test_the_bot_plays_the_action_its_table_gives():
    cw = np.full(EQ.BID_ROWS, 0.5)
    for action in range(EQ.N_ACT):
        table = np.zeros((EQ.N_ROWS, EQ.N_ACT))
        table[:, action] = 1.0
        got = _bid_with(table, cw, 2, 0.37)
        if action == EQ.A_CALL:
            assert got == A.CALL
        elif action == EQ.A_MIN:
            assert got == 22  # the last bid was 21
        else:
            assert got >= 22
    # two actions with weight 1/2 each: u below 1/2 picks the first
    table = np.zeros((EQ.N_ROWS, EQ.N_ACT))
    table[:, [EQ.A_CALL, EQ.A_MIN]] = 0.5
    assert _bid_with(table, cw, 2, 0.49) == A.CALL
    assert _bid_with(table, cw, 2, 0.51) == 22


def test_train_command_writes_the_table_and_reports_it(tmp_path):
    out = tmp_path / "eq.npz"
    res = _train(500, out, "--json")
    assert res.code == 0, res.stderr
    got = json.loads(res.stdout)
    assert got["written"] == str(out)
    assert EQ.load_policy(out).digest() == got["sha256"]


def test_h4_train_command_trains_the_double_deck(tmp_path):
    out = tmp_path / "eq2.npz"
    res = _train(500, out, "--json", "--variant", "double")
    assert res.code == 0, res.stderr
    pol = EQ.load_policy(out, True)
    assert pol.meta["double"] is True
    assert pol.meta["command"].startswith(
        "headcount-lab headcount train-equilibrium --players 4 --variant double "
    )


@pytest.mark.parametrize(
    "args,message",
    [
        (["--iterations", "0"], "--iterations"),
        (["--rounds", "0"], "--rounds"),
        (["--players", "7"], "--players"),
        (["--field-share", "1.5"], "--field-share"),
        (["--explore", "1"], "--explore"),
        (["--field", "nosuch"], "nosuch"),
        (["--field", "equilibrium"], "--field"),
        (["--belief-field", "equilibrium"], "--belief-field"),
        (["--belief-share", "-0.1"], "--belief-share"),
        (["--seed", "-1"], "--seed"),
        (["--variant", "trickster"], "trickster"),
    ],
)
def test_train_command_refuses_bad_input(tmp_path, args, message):
    out = tmp_path / "eq.npz"
    out.write_bytes(b"keep me")
    res = _train(300, out, *args)
    assert res.code == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], lines
    assert "Traceback" not in res.stderr
    assert out.read_bytes() == b"keep me"  # nothing already written is lost


def test_train_command_refuses_an_out_in_a_missing_folder(tmp_path):
    res = _train(300, tmp_path / "nope" / "eq.npz")
    assert res.code == 2 and res.stderr.startswith("error: --out")
