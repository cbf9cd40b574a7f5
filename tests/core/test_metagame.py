"""The competent field's meta-game solver (core/metagame.py, issue 22 item 2) on games whose
symmetric equilibria are known, cross-checked against OpenSpiel's replicator dynamics."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from headcount_lab.core import metagame as mg

RPS = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])


def matrix_table(a: np.ndarray, names: list[str] | None = None) -> mg.Table:
    """The 2-player symmetric game of payoff matrix ``a`` (row player's payoff)."""
    names = names or [f"s{i}" for i in range(len(a))]
    return mg.table_from_function(names, 2, lambda s: [a[s[0], s[1]], a[s[1], s[0]]])


def volunteer(benefit: float, cost: float) -> mg.Table:
    """3-player volunteer's dilemma: 0 = volunteer (pays ``cost``), 1 = ignore; everyone gets
    ``benefit`` if someone volunteers. Symmetric equilibrium: ignore with (cost/benefit)^(1/2)."""

    def pay(seats: list[int]) -> list[float]:
        anyone = any(s == 0 for s in seats)
        return [benefit * anyone - cost * (s == 0) for s in seats]

    return mg.table_from_function(["volunteer", "ignore"], 3, pay)


def test_profiles_are_every_multiset_once():
    p = mg.profiles(4, 3)
    assert len(p) == mg.n_profiles(4, 3) == math.comb(6, 3)
    assert (p.sum(axis=1) == 3).all()
    assert len({tuple(r) for r in p}) == len(p)


def test_payoff_against_a_mixture_is_the_average_over_seated_opponents():
    """u_i(x) by the multinomial weights equals the plain average over every ordered choice of
    the other seats drawn from x (3 players, 3 members, an asymmetric made-up game)."""
    rng = np.random.default_rng(5)
    coef = rng.normal(size=(3, 3, 3))

    def pay(seats: list[int]) -> list[float]:
        return [coef[s, seats[(j + 1) % 3], seats[(j + 2) % 3]] + coef[s, s, s] for j, s in
                enumerate(seats)]  # fmt: skip

    table = mg.table_from_function(["a", "b", "c"], 3, pay)
    x = np.array([0.5, 0.3, 0.2])
    u = mg.Payoffs(table)(x)
    for i in range(3):
        want = 0.0
        for o in itertools.product(range(3), repeat=2):
            seats = sorted([i, *o])
            counts = [seats.count(j) for j in range(3)]
            want += x[o[0]] * x[o[1]] * table.mean[table.row(counts), i]
        assert u[i] == pytest.approx(want, abs=1e-12)


def test_rock_paper_scissors_solves_to_uniform():
    sol = mg.solve(matrix_table(RPS))
    assert sol.weights == pytest.approx([1 / 3] * 3, abs=0.01)
    assert sol.regret < 0.01


def test_a_dominated_strategy_gets_weight_zero():
    """s2 is strictly dominated by s0 (one less against everything); s0/s1 form hawk-dove
    with the mixed equilibrium (1/2, 1/2)."""
    a = np.array([[0.0, 3.0, 2.0], [1.0, 2.0, 3.0], [-1.0, 2.0, 1.0]])
    sol = mg.solve(matrix_table(a))
    assert sol.weights[2] == 0.0
    assert sol.weights[:2] == pytest.approx([0.5, 0.5], abs=1e-3)
    assert sol.converged


def test_three_player_volunteers_dilemma_has_its_known_mixture():
    sol = mg.solve(volunteer(1.0, 0.25))
    assert sol.weights[1] == pytest.approx(math.sqrt(0.25), abs=1e-3)
    sol = mg.solve(volunteer(1.0, 0.49))
    assert sol.weights[1] == pytest.approx(0.7, abs=1e-3)


def test_the_solver_agrees_with_openspiel_replicator_dynamics():
    """OpenSpiel's single-population replicator (``open_spiel.python.egt.dynamics``) on a small
    2-player table: the same vector field at random points, and its rest point reached by
    integrating OpenSpiel's dynamics equals the solver's mixture."""
    dyn = pytest.importorskip("open_spiel.python.egt.dynamics")
    a = np.array([[1.0, 4.0, 0.5], [2.0, 1.0, 3.0], [0.0, 2.5, 1.5]])
    table = matrix_table(a)
    theirs = dyn.SinglePopulationDynamics(np.stack([a, a.T]), dyn.replicator)
    pay = mg.Payoffs(table)
    rng = np.random.default_rng(1)
    for _ in range(5):
        x = rng.dirichlet(np.ones(3))
        u = pay(x)
        assert x * (u - x @ u) == pytest.approx(theirs(x), abs=1e-12)
    x = np.full(3, 1 / 3)
    for _ in range(200_000):
        x = x + 0.01 * theirs(x)
    sol = mg.solve(table)
    assert sol.weights == pytest.approx(x, abs=2e-3)
    assert sol.regret < 1e-4


def test_a_replicator_step_moves_weight_to_the_members_above_the_mixture():
    """One step is ``x * exp(step * (u - x.u) / scale)`` normalised: the members above the
    mixture's payoff gain weight, those below lose it, a constant added to every payoff changes
    nothing, and for small steps the change is the replicator field ``x * (u - x.u)`` (the one
    the OpenSpiel check above pins) times the step."""
    x = np.array([0.5, 0.3, 0.2])
    u = np.array([1.0, 4.0, -2.0])
    y = mg.replicator_step(x, u, 0.2, 2.0)
    assert y.sum() == pytest.approx(1.0) and (y > 0).all()
    above = u > x @ u
    assert (y[above] > x[above]).all() and (y[~above] < x[~above]).all()
    assert mg.replicator_step(x, u + 7.0, 0.2, 2.0) == pytest.approx(y, abs=1e-15)
    small = mg.replicator_step(x, u, 1e-6)
    assert (small - x) / 1e-6 == pytest.approx(x * (u - x @ u), rel=1e-4)


def test_assess_gives_the_bootstrap_ci_of_a_pure_mixture():
    """A pure mixture on s0 in a 2-player table: s0's payoff is its self-play entry, whose CI is
    that entry +- 1.96 se; the regret CI brackets the true (zero) regret."""
    table = matrix_table(np.array([[0.5, 0.9], [0.2, 0.5]]))
    table.se[:] = np.where(np.isnan(table.mean), np.nan, 0.01)
    x = np.array([1.0, 0.0])
    a = mg.assess(table, x, draws=4000, seed=3)
    assert a.payoff[0] == pytest.approx(0.5)
    lo, hi = a.payoff_ci[0]
    assert lo == pytest.approx(0.5 - 1.96 * 0.01, abs=0.002)
    assert hi == pytest.approx(0.5 + 1.96 * 0.01, abs=0.002)
    assert a.regret == 0.0 and a.regret_ci[0] == 0.0 and a.best == 0
    # win shares: two copies of s0 split the one win, 0.5 each whatever the deals
    exact = mg.assess(table, x, draws=500, seed=3, constant_sum=True)
    assert exact.payoff_ci[0] == pytest.approx([0.5, 0.5], abs=1e-12)
    assert exact.regret_ci == (0.0, 0.0)


def test_the_mixtures_own_payoff_has_the_se_of_its_entries_weighted_by_their_chance():
    """``field --against``'s gain (issue 22 item 2) over a mixture whose own payoff is an
    estimate (Whist's points): that payoff is linear in the table's entries, so its variance is
    the sum over entries of (its derivative x se)^2; the derivatives here are taken by changing
    one entry at a time, not from the function's own weights. A constant-sum game's is 0."""
    rng = np.random.default_rng(11)
    table = volunteer(1.0, 0.4)
    table.mean[:] = np.where(np.isnan(table.mean), np.nan, rng.normal(0.0, 1.0, table.mean.shape))
    table.se[:] = np.where(np.isnan(table.mean), np.nan, rng.uniform(0.01, 0.2, table.mean.shape))
    x = np.array([0.3, 0.7])

    def own(mean: np.ndarray) -> float:
        return float(x @ mg.Payoffs(table, mean)(x))

    var = 0.0
    for p, i in zip(*np.nonzero(~np.isnan(table.mean)), strict=True):
        moved = table.mean.copy()
        moved[p, i] += 1.0
        var += ((own(moved) - own(table.mean)) * table.se[p, i]) ** 2
    assert var > 0
    assert mg.mixture_se(table, x) == pytest.approx(math.sqrt(var), rel=1e-9)
    assert mg.mixture_se(table, x, constant_sum=True) == 0.0


def test_growth_adds_the_best_response_until_it_gains_nothing():
    """Start from rock and paper (paper is the pure equilibrium); an oracle that knows scissors
    proposes it with its gain; growth adds it and the field becomes uniform."""
    names = ["rock", "paper", "scissors"]

    def extend(t: mg.Table, new: str) -> mg.Table:
        members = [*t.members, new]
        idx = [names.index(m) for m in members]
        sub = RPS[np.ix_(idx, idx)]
        return matrix_table(sub, members)

    def oracle(t: mg.Table, x: np.ndarray) -> tuple[str, float] | None:
        idx = [names.index(m) for m in t.members]
        full = np.zeros(3)
        full[idx] = x
        u = RPS @ full
        out = [n for n in names if n not in t.members]
        if not out:
            return None
        best = max(out, key=lambda n: u[names.index(n)])
        return best, float(u[names.index(best)] - full @ u)

    start = extend(matrix_table(RPS[:1, :1], ["rock"]), "paper")
    assert mg.solve(start).weights == pytest.approx([0.0, 1.0])
    grown = mg.grow(start, oracle, 0.01, 5, extend)
    assert grown.table.members == names
    assert grown.steps[0] == {"proposal": "scissors", "gain": 1.0, "added": True}
    assert grown.solution.weights == pytest.approx([1 / 3] * 3, abs=0.01)
    assert mg.grow(start, oracle, 1.0, 5, extend).table.members == ["rock", "paper"]
    assert mg.grow(start, oracle, 0.01, 2, extend).steps[-1]["stop"].startswith("member budget")


def test_build_table_plays_each_profile_once_and_keeps_the_old_rows():
    """build_table asks the play function for every profile, once, with every seat's bot;
    extending a table replays only the profiles with the new member. The grid oracle picks
    the candidate that scores best against the mixture."""
    strength = {"a": 1.0, "b": 2.0, "c": 3.0, "d": 0.5}
    calls: list[tuple[str, ...]] = []

    def play(bots: list[str], games: int, seed: int) -> dict[str, tuple[float, float]]:
        calls.append(tuple(sorted(bots)))
        total = sum(strength[b] for b in bots)
        return {b: (strength[b] / total, 0.01) for b in bots}

    t = mg.build_table(["a", "b"], 3, play, 10, 1)
    assert len(calls) == 4 and len(set(calls)) == 4
    calls.clear()
    t2 = mg.build_table(["a", "b", "c"], 3, play, 10, 1, old=t)
    assert len(calls) == mg.n_profiles(3, 3) - mg.n_profiles(2, 3)
    assert all("c" in c for c in calls)
    assert np.array_equal(t2.mean[t2.row([1, 2, 0])][:2], t.mean[t.row([1, 2])], equal_nan=True)
    sol = mg.solve(t)
    assert sol.weights == pytest.approx([0.0, 1.0])
    best, gain = mg.grid_oracle(["d", "c", "a"], play, 8, 1, keep=1)(t, sol.weights)
    assert best == "c" and gain == pytest.approx(3 / 7 - 1 / 3)
    with pytest.raises(ValueError, match="more than"):
        mg.build_table([f"m{i}" for i in range(20)], 4, play, 1, 1)


def test_a_search_oracle_answers_the_likeliest_opponents_and_best_of_takes_the_larger_gain():
    strength = {"a": 1.0, "b": 2.0, "c": 3.0, "d": 0.5}
    seen: list[list[str]] = []

    def play(bots: list[str], games: int, seed: int) -> dict[str, tuple[float, float]]:
        total = sum(strength[b] for b in bots)
        return {b: (strength[b] / total, 0.0) for b in bots}

    def search(opponents: list[str]) -> str:
        seen.append(opponents)
        return "d"

    t = mg.build_table(["a", "b"], 3, play, 10, 1)
    x = mg.solve(t).weights
    spec, gain = mg.search_oracle(search, play, 8, 1)(t, x)
    assert seen == [["b", "b"]] and spec == "d" and gain == pytest.approx(0.5 / 4.5 - 1 / 3)
    best = mg.best_of([mg.search_oracle(search, play, 8, 1), mg.grid_oracle(["c"], play, 8, 1)])
    assert best(t, x)[0] == "c"
    assert mg.best_of([lambda t, x: None])(t, x) is None


def test_refining_replays_the_profiles_the_mixture_reads_and_pools_them_by_games():
    """Against a pure field of b at 3 seats the payoffs read {a,b,b} and {b,b,b}; in a
    constant-sum game {b,b,b} is exact and left alone. The pooled mean weighs each part by its
    games."""
    calls: list[tuple[list[str], int, int]] = []

    def play(bots: list[str], games: int, seed: int) -> dict[str, tuple[float, float]]:
        calls.append((sorted(bots), games, seed))
        shift = 0.0 if seed == 1 else 0.3  # the refining games see other deals
        return {b: ((0.2 if b == "a" else 0.4) + shift, 0.1) for b in bots}

    t = mg.build_table(["a", "b"], 3, play, 10, 1)
    x = np.array([0.0, 1.0])
    assert [t.counts[r].tolist() for r in mg.refine_rows(t, x, True)] == [[1, 2]]
    assert len(mg.refine_rows(t, x, False)) == 2
    calls.clear()
    t2, rows = mg.refine(t, x, play, 30, 1, constant_sum=True)
    assert calls == [(["a", "b", "b"], 30, 1 + mg.REFINE)]
    r = rows[0]
    assert t2.games[r] == 40 and t2.games[t.row([0, 3])] == 10
    assert t2.mean[r, 0] == pytest.approx((10 * 0.2 + 30 * 0.5) / 40)
    assert t2.se[r, 0] == pytest.approx(math.hypot(10 * 0.1, 30 * 0.1) / 40)
    assert t2.mean[t.row([0, 3]), 1] == t.mean[t.row([0, 3]), 1]
