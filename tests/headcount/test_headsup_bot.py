"""The ``equilibrium`` bot's heads-up rounds from the solved round (issue 11 item 4).

Rulings: H5 (bids rise), H7 (a peek is public, the peeker must raise; open life cards are on the
table), H8 (lives), H9 (who starts). The policy file is the one in ``data/``; its command is
``scripts/headcount_headsup_policy.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from engine_support import kernel_games, observe_and_act, setup_for
from scipy import stats

from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount import headsup_policy as HP
from headcount_lab.games.headcount import kernels as E
from headcount_lab.games.headcount import observation as O
from headcount_lab.games.headcount.bots import EQ_HEADSUP
from headcount_lab.games.headcount.rules import HeadcountRules
from headcount_lab.research.headcount import headsup as hu
from headcount_lab.research.headcount import headsup_table as HT

ROOT = Path(__file__).resolve().parents[2]
GRID = hu.default_bids(HP.STEP)


@pytest.fixture(scope="module")
def policy():
    return HP.load()


def info_of(policy):
    return HP.kernel_arrays(policy)[3]


# ---------------------------------------------------------------- the file


def test_file_holds_the_four_solved_trees(policy):
    """Each peek situation's tree in the file is :func:`headsup.build_tree` of its abstraction,
    and every information set's 255ths sum to 255."""
    node, edge, pol = policy["node"], policy["edge"], policy["policy"]
    for c, (_, peeks) in enumerate(HP.SITUATIONS):
        t = hu.build_tree(hu.HeadsUpAbstraction(peeks=peeks))
        r = int(policy["root"][c])
        part = node[r : r + t.n_nodes]
        assert (part[:, 0] == t.kind).all() and (part[:, 1] == t.actor).all()
        assert (part[:, 3] == t.n_act).all()
        e0 = int(part[0, 4])
        assert (edge[e0 : e0 + t.child.size, 0] == t.code).all()
        assert (edge[e0 : e0 + t.child.size, 1] - r == t.child).all()
        p0 = int(part[0, 5])
        for n in np.flatnonzero(t.kind != hu.TERMINAL)[::97]:
            na = int(t.n_act[n])
            rows = pol[p0 + t.act_base[n] : p0 + t.act_base[n] + t.rows[n] * na]
            assert (rows.reshape(-1, na).astype(int).sum(axis=1) == HP.Q).all()
    assert list(policy["bids"]) == list(GRID)
    assert policy["meta"]["rules_version"] == 1


def test_quantised_policy_stays_near_equilibrium(policy):
    """The quantised policy's exact exploitability (measured when the file was written) is as
    small as the float policy's."""
    for name, s in policy["meta"]["situations"].items():
        assert s["quantised_exploitability"] < 1e-3, name
        assert abs(s["quantised_start_player_loses"] - s["start_player_loses"]) < 1e-3, name


def test_quantise_keeps_pure_actions_and_sums():
    ab = hu.HeadsUpAbstraction(cards=(0, 5, 9, 13, 16), bids=(0, 10, 20))
    solver, _ = hu.solve(ab, 20)
    t = solver.tree
    avg = solver.average_policy()
    q = HT.quantise(t, avg)
    pure = avg > 1 - 1e-12
    assert pure.any() and (q[pure] == HP.Q).all()  # pure actions stay exactly pure
    assert (avg[q == HP.Q] > 1 - 1 / HP.Q).all()
    back = HT.dequantise(t, q)
    assert np.abs(back - avg).max() <= 1 / HP.Q


# ---------------------------------------------------------------- the grid translation


@pytest.mark.parametrize(
    "bid,lo,level",
    [(0, 0, 0), (-7, 0, 0), (2, 0, 0), (3, 0, 1), (12, 0, 2), (13, 0, 3), (40, 0, 8),
     (44, 0, 8), (26, 5, 5), (26, 6, 6), (1, 3, 3), (39, 8, 8), (41, 9, -1)],
)  # fmt: skip
def test_grid_translation_nearest_level(policy, bid, lo, level):
    """A bid maps to the nearest grid level at or above ``lo`` (above the top to the top; past
    the top no level is left)."""
    assert HP.grid_level(info_of(policy), np.int64(bid), np.int64(lo)) == level


def test_grid_translation_ties_go_to_the_lower_level():
    info = np.array([0, 0, 0, 0, 1, 0, 0, 0, 0, 17, 3, 0, 4, 8], np.int64)  # grid 0, 4, 8
    assert HP.grid_level(info, np.int64(2), np.int64(0)) == 0
    assert HP.grid_level(info, np.int64(6), np.int64(0)) == 1
    assert HP.grid_level(info, np.int64(7), np.int64(0)) == 2


def state(n, active_seats, me, cards, peeked, bid_list, open_l=None):
    """A state for :func:`engine_support.observe_and_act` of a table of ``n`` seats where
    ``active_seats`` are in."""
    active = np.zeros(n, np.bool_)
    active[list(active_seats)] = True
    bids = np.zeros(E.MAX_BIDS, np.int64)
    bidders = np.zeros(E.MAX_BIDS, np.int64)
    bid_peeked = np.zeros(E.MAX_BIDS, np.bool_)
    for i, (b, who, pk) in enumerate(bid_list):
        bids[i], bidders[i], bid_peeked[i] = b, who, pk
    pk = np.zeros(n, np.bool_)
    pk[list(peeked)] = True
    ol = np.ones(n, np.int64) if open_l is None else np.array(open_l, np.int64)
    c = np.full(n, -1, np.int64)
    for s, card in cards.items():
        c[s] = card
    return active, c, pk, len(bid_list), bids, bidders, bid_peeked, ol


def ask(setup, beliefs, kind, me, st, hidden, u):
    return observe_and_act(setup, beliefs, kind, me, st, hidden, u)


def test_h5_raises_after_off_grid_bids_are_legal_and_on_grid():
    """H5: after another seat's off-grid bid (at least half a step past the last level) the
    solved bot's raise is a grid level above it."""
    setup = setup_for(",".join(["equilibrium:headsup=solved"] * 3))
    beliefs = setup.beliefs()
    rng = np.random.default_rng(3)
    raises = 0
    for _ in range(400):
        cards = dict(zip((0, 2), rng.permutation(17)[:2].tolist(), strict=True))
        hidden = int(next(c for c in rng.permutation(17) if c not in cards.values()))
        opening = int(rng.choice(GRID[:6]))
        b = opening + int(rng.integers(3, 8))
        st = state(3, (0, 2), 0, cards, (), [(opening, 0, False), (b, 2, False)])
        a = ask(setup, beliefs, A.BID, 0, st, hidden, float(rng.random()))
        if a != A.CALL:
            assert a > b
            assert a in GRID
            raises += 1
    assert raises > 50


# ---------------------------------------------------------------- fair play (H7, H8)


def random_headsup(rng, n):
    """A heads-up situation: two active seats of ``n``, foreheads, a hidden card, who peeked,
    open life cards, and bids mostly on the grid (some off it)."""
    seats = sorted(rng.choice(n, size=2, replace=False).tolist())
    deck = rng.permutation(17)
    cards = {seats[0]: int(deck[0]), seats[1]: int(deck[1])}
    hidden = int(deck[2])
    start = seats[int(rng.integers(2))]
    other = seats[0] if start == seats[1] else seats[1]
    nb = int(rng.integers(0, 5))
    level = int(rng.integers(0, 4))
    peeked: set[int] = set()
    bid_list = []
    who = start
    for _ in range(nb):
        if level >= len(GRID):
            break
        if who not in peeked and (who != start or bid_list) and rng.random() < 0.3:
            peeked.add(who)
        b = GRID[level] + (int(rng.integers(-2, 3)) if rng.random() < 0.2 else 0)
        if bid_list and b <= bid_list[-1][0]:
            b = bid_list[-1][0] + 1
        bid_list.append((b, who, who in peeked))
        level += int(rng.integers(1, 3))
        who = other if who == start else start
    me = who
    open_l = rng.integers(0, 3, n)
    for s in peeked:  # a seat that peeked had an open card, and may have none left now
        open_l[s] = rng.integers(0, 2)
    return seats, cards, hidden, peeked, bid_list, me, open_l, deck


@pytest.mark.parametrize("n", [2, 3, 4])
def test_h7_h8_solved_decisions_ignore_unseen_cards(n):
    """Swapping the seat's own card, the hidden card it did not peek at, or the draw pile never
    changes a decision; the others' open life cards (public, H7/H8) and the card it sees do."""
    setup = setup_for(",".join(["equilibrium:headsup=solved"] * n))
    beliefs = setup.beliefs()
    rng = np.random.default_rng(11 + n)
    solved = checked = by_lives = by_seen = 0
    for _ in range(300):
        seats, cards, hidden, peeked, bid_list, me, open_l, deck = random_headsup(rng, n)
        kinds = [A.BID] + ([A.PEEK] if me not in peeked and open_l[me] > 0 else [])
        for kind in kinds:
            u = float(rng.random())
            st = state(n, seats, me, cards, peeked, bid_list, open_l)
            base = ask(setup, beliefs, kind, me, st, hidden, u)
            active, c, pk, nb, bids, bidders, bp, ol = st
            other = next(s for s in seats if s != me)
            hs = hidden if me in peeked and kind == A.BID else -1
            obs = O.Observation(
                O.table_of(HeadcountRules(), active),
                O.Public(nb, bids, bidders, bp, pk, ol),
                me,
                c,
                0,
                hs,
                nb > 0,
                -1,
            )
            move = HP.solved_move(kind, obs, 0, *beliefs.headsup, u)
            solved += move != HP.NO_MOVE
            seen = {cards[other]} | ({hidden} if me in peeked else set())
            unseen = [x for x in range(17) if x not in seen]
            for _ in range(4):
                pick = rng.permutation(unseen)
                c2 = dict(cards)
                c2[me] = int(pick[0])
                h2 = hidden if me in peeked else int(pick[1])
                st2 = state(n, seats, me, c2, peeked, bid_list, open_l)
                assert ask(setup, beliefs, kind, me, st2, h2, u) == base
                checked += 1
            ol2 = open_l.copy()
            ol2[other] = 1 - min(ol2[other], 1)
            st3 = state(n, seats, me, cards, peeked, bid_list, ol2)
            by_lives += ask(setup, beliefs, kind, me, st3, hidden, u) != base
            c4 = dict(cards)
            c4[other] = int(next(x for x in unseen if x not in (cards[me], hidden)))
            st4 = state(n, seats, me, c4, peeked, bid_list, open_l)
            by_seen += ask(setup, beliefs, kind, me, st4, hidden, u) != base
    assert checked > 1000 and solved > 150
    assert by_lives > 5 and by_seen > 20  # teeth: the public flags and the seen card matter


# ---------------------------------------------------------------- pure actions


def pure_cases(policy, rng, k):
    """``k`` (situation, actions, actor row, action code) of information sets where the file's
    policy is pure, reached by random on-grid histories."""
    node, edge, pol = policy["node"], policy["edge"], policy["policy"]
    out = []
    while len(out) < k:
        c = int(rng.integers(4))
        at = int(policy["root"][c])
        path = []
        for _ in range(int(rng.integers(0, 6))):
            if node[at, 0] == hu.TERMINAL:
                break
            na = int(node[at, 3])
            codes = [int(edge[node[at, 4] + j, 0]) for j in range(na)]
            j = int(rng.integers(na))
            if codes[j] == hu.CALL:
                continue
            path.append(codes[j])
            at = int(edge[node[at, 4] + j, 1])
        if node[at, 0] == hu.TERMINAL:
            continue
        na = int(node[at, 3])
        p = int(node[at, 1])
        if (node[at, 2] >> p) & 1:
            continue  # a peeked row: keep the case simple (the seat's own view only)
        row = int(rng.integers(17))
        w = pol[node[at, 5] + row * na : node[at, 5] + (row + 1) * na]
        if w.max() == HP.Q:
            out.append(
                (c, path, row, int(edge[node[at, 4] + int(w.argmax()), 0]), int(node[at, 0]))
            )
    return out


def test_bot_plays_the_pure_solved_action(policy):
    """Where the solved policy is pure, the engine's bot plays exactly that action, for any u."""
    setup = setup_for("equilibrium:headsup=solved,equilibrium:headsup=solved")
    beliefs = setup.beliefs()
    rng = np.random.default_rng(5)
    for c, path, row, code, kind in pure_cases(policy, rng, 150):
        sp, op = bool(c & 2), bool(c & 1)
        start = 0
        bid_list, peeked, who = [], set(), start
        for a in path:
            if a == hu.PEEK:
                peeked.add(who)
            elif a >= hu.RAISE0:
                bid_list.append((GRID[a - hu.RAISE0], who, who in peeked))
                who = 1 - who
        me = who
        open_l = [1 if sp else 0, 1 if op else 0]
        cards = {1 - me: row}
        cards[me] = int(next(x for x in range(17) if x != row))
        hidden = int(next(x for x in range(17) if x not in cards.values()))
        st = state(2, (0, 1), me, cards, peeked, bid_list, open_l)
        for u in (0.0, 0.37, 0.999):
            if kind == hu.PEEK_NODE:
                got = ask(setup, beliefs, A.PEEK, me, st, hidden, u)
                assert got == (1 if code == hu.PEEK else 0), (c, path, row, code)
            else:
                got = ask(setup, beliefs, A.BID, me, st, hidden, u)
                want = A.CALL if code == hu.CALL else GRID[code - hu.RAISE0]
                assert got == want, (c, path, row, code)


# ---------------------------------------------------------------- kernel = reference (cases in
# test_engine_reference.py: the solved heads-up round with the table, peek overrides, H10, and
# H6/H4 where the table plays)


def test_solved_headsup_changes_play():
    """Teeth for the kernel-reference cases of the solved round (test_engine_reference.py): the
    same deals with ``headsup=table`` play otherwise."""
    solved = kernel_games(setup_for(",".join(["equilibrium:headsup=solved"] * 3)), 1, 20)
    table = kernel_games(setup_for(",".join(["equilibrium:headsup=table"] * 3)), 1, 20)
    assert sum(a[1] != b[1] for a, b in zip(solved, table, strict=True)) > 10


def test_headsup_param_words_and_quiet_default():
    # quiet at its default (the table): the canonical text of every older spec is unchanged
    assert "headsup" not in A.parse_bot("equilibrium").spec
    assert A.parse_bot("equilibrium:headsup=table").spec == A.parse_bot("equilibrium").spec
    assert A.parse_bot("equilibrium:headsup=table").params[EQ_HEADSUP] == 0
    assert A.parse_bot("equilibrium:headsup=solved").params[EQ_HEADSUP] == 1


# ---------------------------------------------------------------- Monte Carlo against exact


@pytest.mark.slow  # a long statistical run (6,000 traced games)
def test_h9_selfplay_headsup_rounds_match_the_exact_values(policy):
    """All-solved games: in their heads-up rounds the start player loses as often as the exact
    value of the (quantised) solved round says, per peek situation (binomial test, alpha 0.01,
    fixed seed)."""
    from cli_support import load_script

    hb = load_script("headsup_bots")
    # [start player can peek, other can peek, (rounds, start player lost)]
    counts = hb.run("equilibrium:headsup=solved", 3, 6000, 7, "left_of_loser")
    names = {(1, 1): "both", (1, 0): "starter", (0, 1): "other", (0, 0): "none"}
    tested = 0
    for key, name in names.items():
        n, lost = int(counts[key][0]), int(counts[key][1])
        if n < 500:
            continue
        p = policy["meta"]["situations"][name]["quantised_start_player_loses"]
        assert stats.binomtest(lost, n, p).pvalue > 0.01, (name, lost, n, p)
        tested += 1
    assert tested >= 3


# ---------------------------------------------------------------- bad or missing file


def test_missing_or_bad_file_names_the_command(tmp_path):
    with pytest.raises(ValueError, match="scripts/headcount_headsup_policy.py"):
        HP.load(tmp_path / "missing.npz")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip file")
    with pytest.raises(ValueError, match="scripts/headcount_headsup_policy.py"):
        HP.load(bad)
    data = HP.load()
    old = {**data, "meta": {**data["meta"], "rules_version": 0}}
    HT.save(tmp_path / "old.npz", old)
    with pytest.raises(ValueError, match="rules version 0"):
        HP.load(tmp_path / "old.npz")
    cut = {**data, "root": np.array([0, 1, 2, 10**9], np.int64)}
    HT.save(tmp_path / "cut.npz", cut)
    with pytest.raises(ValueError, match="inconsistent"):
        HP.load(tmp_path / "cut.npz")


def test_cli_with_missing_file_prints_one_error_line(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from headcount_lab.cli.app import app

    monkeypatch.setattr(HP, "default_path", lambda step=HP.STEP: tmp_path / "none.npz")
    A.build_beliefs.cache_clear()
    try:
        bots = "equilibrium:headsup=solved,odds,odds"
        args = ["headcount", "simulate", "--players", "3", "--bots", bots, "--games", "10",
                "--seed", "1"]  # fmt: skip
        r = CliRunner().invoke(app, args)
    finally:
        A.build_beliefs.cache_clear()
    assert r.exit_code == 2
    lines = [x for x in r.output.strip().splitlines() if x]
    assert len(lines) == 1 and lines[0].startswith("error:")
    assert "scripts/headcount_headsup_policy.py" in lines[0]


def test_policy_command_writes_a_loadable_file(tmp_path):
    """The command (few iterations) writes a file :func:`load` accepts, with its own meta."""
    from cli_support import one_error_line, script

    out = tmp_path / "p.npz"
    path = ROOT / "scripts" / "headcount_headsup_policy.py"
    done = script(path, "--iterations", "2", "--out", str(out))  # in this process
    assert done.code == 0, done.stderr
    data = HP.load(out)
    assert data["meta"]["iterations"] == 2
    assert json.loads(json.dumps(data["meta"]))["command"] == HP.COMMAND
    one_error_line(script(path, "--iterations", "0"))
