"""The competent field (issue 22 item 2): a population of bots played as a symmetric empirical
meta-game, solved for a symmetric equilibrium mixture, and grown by a best-response oracle.

The meta-game
    A *population* is a list of bot specs (as ``simulate --bots`` takes them) and ``n`` the table
    size. A *profile* is a multiset of ``n`` members (counts per member summing to ``n``); there
    are C(k + n - 1, n) of them for ``k`` members, and every one is played (exact enumeration:
    :func:`profiles`). A population whose profiles number more than :data:`MAX_PROFILES` is
    refused with the count (this module does not sample profiles; a larger population is grown
    by :func:`grow` instead, which adds only the profiles a new member takes part in). Each
    profile is played as the game's ``simulate --rotate-seats`` tournament with the same number
    of games and the *same seed* for every profile: the runner's block streams, and with them the
    deals of each block's first games, are common to all profiles (common random numbers as far
    as the bots' own random draws let them stay in step). A member's payoff in a profile is its
    per-copy mean in the game's natural unit (:class:`FieldGame`) with its standard error.

Payoff against a mixture
    For a mixture ``x`` over the members, member ``i``'s payoff is its expected payoff when the
    other ``n - 1`` seats are drawn independently from ``x``:
    ``u_i(x) = sum_m P(m | x) U(i, m + e_i)`` over the multisets ``m`` of ``n - 1`` opponents,
    with multinomial weights ``P(m | x) = (n-1)! / prod(m_j!) * prod(x_j ** m_j)``. The mixture's
    own payoff is ``x . u(x)`` and the *regret* ``max_i u_i(x) - x . u(x)`` (zero at a symmetric
    equilibrium of the estimated game).

The solver (:func:`solve`)
    Discrete-time replicator dynamics in their multiplicative (exponential-weights) form:
    ``x <- x * exp(eta_t * (u(x) - x.u(x)) / scale)`` normalised, from the uniform mixture, with
    ``eta_t = eta / sqrt(1 + t / 100)`` and ``scale`` the spread of the table's payoffs. Besides
    the iterate the solver keeps its running average (the replicator's time average, which is
    what converges in cyclic games such as rock-paper-scissors); every :data:`CHECK_EVERY` steps
    both are scored by their regret and the best so far kept. It stops when the best regret is
    at most ``tol * scale`` or after ``max_steps``; weights below :data:`PRUNE` are then set to
    zero (the mixture renormalised), and the regret reported is that of the pruned mixture.

Uncertainty (:func:`assess`)
    A parametric bootstrap over the per-profile estimates: each draw replaces every ``U(i, p)``
    by ``U + se * z`` (``z`` standard normal, independent across profiles and members) and
    recomputes every member's payoff against the solved mixture and the regret at that mixture;
    the 2.5 and 97.5 percentiles are the 95% CIs. The mixture is held fixed (the CI is that of the
    payoffs and of the regret *of this mixture*, not of re-solving). The regret's point estimate
    is biased upwards by the max over members, so its CI's lower end is the honest bound.

Refining (:func:`refine`)
    The profiles the solved mixture's payoffs read (every member against every opponent
    multiset of the support) are played again on fresh deals and pooled with their first games
    by the number of games, and the game is solved again: slow games afford few games in every
    profile and many in the few that matter.

Growth (:func:`grow`, PSRO / double oracle)
    An oracle ``oracle(field) -> (spec, gain) | None`` proposes a new member and its estimated
    gain against the mixture (its payoff against the mixture minus the mixture's own payoff). If
    the gain exceeds the game's threshold, the member joins, the profiles it takes part in are
    played, and the game is re-solved; growth stops when the gain is at most the threshold, the
    oracle has nothing new, or the member budget ends. :func:`grid_oracle` is the oracle of today:
    the game's documented settings (:attr:`FieldGame.oracle`), each played against the mixture's
    support, by successive halving; :func:`search_oracle` wraps a best-response search against a
    fixed table (a meter), and :func:`best_of` combines oracles.
"""

from __future__ import annotations

import itertools
import json
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from headcount_lab.core.exploit import Responders

#: the most profiles a meta-game enumerates
MAX_PROFILES = 2000
#: solver defaults (see the module docstring)
ETA = 0.5
MAX_STEPS = 40_000
TOL = 1e-7
CHECK_EVERY = 20
PRUNE = 1e-4
#: parametric bootstrap draws for the CIs
DRAWS = 2000
#: support threshold: opponents the oracle plays against are members with at least this weight
SUPPORT = 1e-3
FIELD_SCHEMA = "headcount-lab-field/1"
#: seed offset of the oracle's final evaluation (deals no selection round played)
FRESH = 1000
#: seed offset of the refining games (:func:`refine`)
REFINE = 2000

#: ``summary -> {canonical spec: (mean, se)}``: a game's payoffs from a simulate summary
PayoffFn = Callable[[dict[str, Any]], dict[str, tuple[float, float]]]
#: ``search(opponents) -> spec``: a best response to a fixed table of ``n - 1`` opponents
Search = Callable[[list[str]], str]


@dataclass(frozen=True)
class FieldGame:
    """What one game declares for its field (``GameSpec.field`` names it)."""

    unit: str  #: the natural unit, in words ("game-win share", "points per match", ...)
    percent: bool  #: shown in percentage points (shares) rather than in the unit itself
    threshold: float  #: growth stops when the best response gains at most this (unit)
    payoffs: str  #: "module:function", a :data:`PayoffFn`
    population: tuple[str, ...]  #: the starting population at the default table size
    games: int  #: games (matches) per profile of the committed build
    oracle: tuple[str, ...] = ()  #: candidate specs of the grid oracle (documented settings)
    #: or "module:function" returning them (a grid declared elsewhere)
    oracle_from: str = ""
    oracle_games: int = 0  #: games per candidate and opponent multiset in the oracle's last round
    members: int = 0  #: the most members growth may reach (0: no growth)
    refine: int = 0  #: games of the committed build's refining pass (:func:`refine`; 0: none)
    #: every game's seats share a fixed total (win shares; one loser per game): a member that
    #: fills the table gets exactly that total over ``n``, whatever the deals (its se is 0)
    constant_sum: bool = False
    #: other oracles, by name: "module:function" of ``(players, rules, seed) -> Search``, a
    #: best-response search against a fixed table of opponents (a meter), for ``--oracle NAME``
    searches: tuple[tuple[str, str], ...] = ()
    #: ``(variant, other)``: the ``competent`` bot of ``variant`` reads ``other``'s field when
    #: none of its own is committed (:mod:`headcount_lab.core.competent`), for the reason
    #: :attr:`same_field_why` gives
    same_field: tuple[tuple[str, str], ...] = ()
    same_field_why: str = ""
    #: the best-response meter's family, documented settings and sizes (``GAME exploit``)
    responders: Responders | None = None

    def payoff_fn(self) -> PayoffFn:
        import importlib

        module, _, name = self.payoffs.partition(":")
        return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]

    def candidates(self) -> tuple[str, ...]:
        """The grid oracle's candidates: :attr:`oracle`, then those of :attr:`oracle_from`."""
        import importlib

        found = self.oracle
        if self.oracle_from:
            module, _, name = self.oracle_from.partition(":")
            found += tuple(getattr(importlib.import_module(module), name)())
        return found

    def search(self, name: str, players: int, rules: Any, seed: int) -> Search:
        """The named search of :attr:`searches`, built for this table."""
        import importlib

        found = dict(self.searches)
        if name not in found:
            raise ValueError(f"unknown oracle {name!r}: choose from grid, {', '.join(found)}")
        module, _, attr = found[name].partition(":")
        return getattr(importlib.import_module(module), attr)(players, rules, seed)  # type: ignore[no-any-return]

    def show(self, value: float, sign: bool = False) -> str:
        plus = "+" if sign else ""
        return f"{100 * value:{plus}.1f}" if self.percent else f"{value:{plus}.2f}"

    @property
    def shown_unit(self) -> str:
        return "pp" if self.percent else self.unit.split(" per ")[0]


# --- the meta-game table ---------------------------------------------------------------------


def profiles(k: int, n: int) -> np.ndarray:
    """Every multiset of ``n`` of ``k`` members as counts, ``int64[P, k]``, in the order of
    :func:`itertools.combinations_with_replacement`."""
    rows = []
    for combo in itertools.combinations_with_replacement(range(k), n):
        c = np.zeros(k, dtype=np.int64)
        for i in combo:
            c[i] += 1
        rows.append(c)
    return np.array(rows, dtype=np.int64).reshape(-1, k)


def n_profiles(k: int, n: int) -> int:
    return math.comb(k + n - 1, n)


def members_of(counts: Sequence[int]) -> list[int]:
    """The seats of a profile: member indices, each repeated by its count."""
    return [i for i, c in enumerate(counts) for _ in range(int(c))]


@dataclass
class Table:
    """The empirical meta-game: ``mean[p, i]``/``se[p, i]`` is member ``i``'s per-copy payoff in
    profile ``counts[p]`` (NaN where ``i`` is absent)."""

    members: list[str]
    n: int
    counts: np.ndarray
    mean: np.ndarray
    se: np.ndarray
    #: games (matches) played per profile (None: not counted, e.g. a test's exact game)
    games: np.ndarray | None = None
    _index: dict[tuple[int, ...], int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._index = {tuple(int(v) for v in row): p for p, row in enumerate(self.counts)}

    @property
    def k(self) -> int:
        return len(self.members)

    def row(self, counts: Sequence[int]) -> int:
        return self._index[tuple(int(v) for v in counts)]

    def opponents(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(opp[M, k], coef[M], where[M, k])``: the multisets of ``n - 1`` opponents, their
        multinomial coefficients and the row of profile ``opp + e_i`` for each member ``i``."""
        opp = profiles(self.k, self.n - 1)
        coef = np.array(
            [math.factorial(self.n - 1) / math.prod(math.factorial(int(c)) for c in m) for m in opp]
        )
        where = np.empty_like(opp)
        eye = np.eye(self.k, dtype=np.int64)
        for a, m in enumerate(opp):
            for i in range(self.k):
                where[a, i] = self.row(m + eye[i])
        return opp, coef, where


def table_from_function(
    members: list[str], n: int, payoff: Callable[[list[int]], Sequence[float]]
) -> Table:
    """A table of exact payoffs (se 0): ``payoff(seats)`` gives each seat's payoff for the seats'
    member indices (a test's known game)."""
    counts = profiles(len(members), n)
    mean = np.full(counts.shape, np.nan)
    for p, c in enumerate(counts):
        seats = members_of(c)
        vals = np.asarray(payoff(seats), dtype=float)
        for i in set(seats):
            mean[p, i] = float(np.mean([v for s, v in zip(seats, vals, strict=True) if s == i]))
    return Table(list(members), n, counts, mean, np.zeros_like(mean))


class Payoffs:
    """``u(x)`` for a complete table, vectorised over the opponent multisets."""

    def __init__(self, table: Table, mean: np.ndarray | None = None) -> None:
        self.opp, self.coef, self.where = table.opponents()
        self._cols = np.broadcast_to(np.arange(table.k), self.where.shape)
        self.u_table = self.entries(table.mean if mean is None else mean)  # [M, k]: U(i, m + e_i)
        if np.isnan(self.u_table).any():
            raise ValueError("the meta-game table has a profile without a payoff")

    def entries(self, per_profile: np.ndarray) -> np.ndarray:
        """``[M, k]``: of an array shaped like the table's (``mean``, ``se``), member ``i``'s
        entry in the profile of opponents ``m`` and ``i`` (``m + e_i``)."""
        return per_profile[self.where, self._cols]  # type: ignore[no-any-return]

    def weights(self, x: np.ndarray) -> np.ndarray:
        return self.coef * np.prod(np.power(x[None, :], self.opp), axis=1)  # type: ignore[no-any-return]

    def __call__(self, x: np.ndarray, u_table: np.ndarray | None = None) -> np.ndarray:
        w = self.weights(x)
        return w @ (self.u_table if u_table is None else u_table)  # type: ignore[no-any-return]


def regret(u: np.ndarray, x: np.ndarray) -> float:
    return float(np.max(u) - x @ u)


def replicator_step(x: np.ndarray, u: np.ndarray, step: float, scale: float = 1.0) -> np.ndarray:
    """One multiplicative replicator step, ``x * exp(step * (u - x . u) / scale)`` normalised: a
    member above the mixture's payoff grows and one below shrinks. ``u`` may be measured rather
    than computed (each member's gain over the mixture in a simulation, for one)."""
    logits = np.log(np.maximum(x, 1e-300)) + step * (u - x @ u) / scale
    y = np.exp(logits - logits.max())
    return y / y.sum()  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Solution:
    weights: np.ndarray
    regret: float
    steps: int
    converged: bool


def solve(table: Table, eta: float = ETA, max_steps: int = MAX_STEPS, tol: float = TOL) -> Solution:
    """A symmetric equilibrium mixture by replicator dynamics (module docstring)."""
    pay = Payoffs(table)
    k = table.k
    finite = pay.u_table[np.isfinite(pay.u_table)]
    scale = float(np.ptp(finite)) if finite.size else 1.0
    scale = scale if scale > 0 else 1.0
    x = np.full(k, 1.0 / k)
    avg = np.zeros(k)
    total = 0.0
    best, best_r = x.copy(), regret(pay(x), x)
    steps = 0
    for steps in range(1, max_steps + 1):
        u = pay(x)
        step = eta / math.sqrt(1.0 + steps / 100.0)
        x = replicator_step(x, u, step, scale)
        avg += step * x
        total += step
        if steps % CHECK_EVERY == 0:
            for cand in (x, avg / total):
                r = regret(pay(cand), cand)
                if r < best_r:
                    best, best_r = cand.copy(), r
            if best_r <= tol * scale:
                break
    w = np.where(best < PRUNE, 0.0, best)
    w /= w.sum()
    return Solution(w, regret(pay(w), w), steps, best_r <= tol * scale)


@dataclass(frozen=True)
class Assessment:
    payoff: np.ndarray  #: each member's payoff against the mixture
    payoff_ci: np.ndarray  #: [k, 2]
    mixture_payoff: float
    regret: float
    regret_ci: tuple[float, float]
    best: int  #: the member with the highest payoff against the mixture


def assess(
    table: Table,
    x: np.ndarray,
    draws: int = DRAWS,
    seed: int = 0,
    constant_sum: bool = False,
    shares: bool = False,
) -> Assessment:
    """Payoffs against ``x`` and the regret, with parametric-bootstrap CIs (module docstring).
    With ``constant_sum`` a profile of one member only is exact (its copies share the game's
    fixed total) and is not perturbed; with ``shares`` the payoffs' CIs are kept in [0, 1]."""
    pay = Payoffs(table)
    u = pay(x)
    se = np.nan_to_num(table.se)
    if constant_sum:
        se[table.counts.max(axis=1) == table.n] = 0.0
    se_table = pay.entries(se)
    rng = np.random.default_rng(seed)
    w = pay.weights(x)
    # the draws perturb profile entries, not opponent rows: one z per (profile, member)
    z = rng.standard_normal((draws, *table.mean.shape))
    us = np.empty((draws, table.k))
    for d in range(draws):
        us[d] = w @ (pay.u_table + se_table * pay.entries(z[d]))
    regs = us.max(axis=1) - us @ x
    ci = np.percentile(us, [2.5, 97.5], axis=0).T
    if shares:
        ci = np.clip(ci, 0.0, 1.0)
    rci = np.percentile(regs, [2.5, 97.5])
    return Assessment(
        u, ci, float(x @ u), regret(u, x), (float(rci[0]), float(rci[1])), int(np.argmax(u))
    )


# --- playing profiles ------------------------------------------------------------------------

#: ``play(bots, games, seed) -> {canonical: (mean, se)}``: one profile's tournament
PlayFn = Callable[[list[str], int, int], dict[str, tuple[float, float]]]


def game_player(spec: Any, rules: Any, players: int, fg: FieldGame) -> PlayFn:
    """The :data:`PlayFn` of a game: its ``simulate --rotate-seats`` tournament, run in this
    thread by :func:`headcount_lab.core.runner.run`, read by the game's payoff function."""
    from headcount_lab.core import runner

    payoffs = fg.payoff_fn()
    make = spec.load("tournament")

    def play(bots: list[str], games: int, seed: int) -> dict[str, tuple[float, float]]:
        t = make(rules, ",".join(bots), players, games, True)
        stats = runner.run(t.job, seed)
        return payoffs(t.summarize(stats, seed))

    return play


def pool(menu: Any, rows: Iterable[tuple[str, float, float]]) -> dict[str, tuple[float, float]]:
    """``{canonical spec: (mean, se)}`` from per-seat rows ``(spec, mean, se)``: the copies of a
    bot averaged, their standard errors combined as independent (conservative for shares, whose
    copies' results are negatively correlated)."""
    groups: dict[str, list[tuple[float, float]]] = {}
    for spec, mu, se in rows:
        groups.setdefault(menu.parse(spec).canonical, []).append((float(mu), float(se)))
    return {
        k: (sum(m for m, _ in v) / len(v), math.sqrt(sum(s * s for _, s in v)) / len(v))
        for k, v in groups.items()
    }


def canonical(menu: Any, bots: Iterable[str]) -> list[str]:
    """Each spec in its canonical text (every parameter written out), refused if unknown."""
    out = [menu.parse(b).canonical for b in bots]
    if "competent" in out:
        raise ValueError(
            "competent cannot be a member of a field: it plays the committed field's own "
            "members (name them instead)"
        )
    if len(set(out)) != len(out):
        raise ValueError(f"the population names a bot twice: {', '.join(out)}")
    return out


def build_table(
    members: list[str],
    n: int,
    play: PlayFn,
    games: int,
    seed: int,
    old: Table | None = None,
    progress: Callable[[str], None] | None = None,
) -> Table:
    """Play every profile of ``members`` at ``n`` seats not already in ``old`` (whose members
    must be a prefix of ``members``)."""
    k = len(members)
    if n_profiles(k, n) > MAX_PROFILES:
        raise ValueError(
            f"{k} members at {n} seats make {n_profiles(k, n)} profiles, more than "
            f"{MAX_PROFILES}: use a smaller population and grow it"
        )
    counts = profiles(k, n)
    mean = np.full(counts.shape, np.nan)
    se = np.full(counts.shape, np.nan)
    played = np.full(len(counts), games, dtype=np.int64)
    for p, c in enumerate(counts):
        if old is not None and not c[old.k :].any():
            r = old.row(c[: old.k])
            mean[p, : old.k], se[p, : old.k] = old.mean[r], old.se[r]
            if old.games is not None:
                played[p] = old.games[r]
            continue
        seats = members_of(c)
        res = play([members[i] for i in seats], games, seed)
        for i in set(seats):
            mean[p, i], se[p, i] = res[members[i]]
        if progress is not None:
            progress(f"profile {p + 1}/{len(counts)}: {' '.join(str(int(v)) for v in c)}")
    return Table(list(members), n, counts, mean, se, played)


def refine_rows(table: Table, x: np.ndarray, constant_sum: bool = False) -> list[int]:
    """The profiles every member's payoff against ``x`` reads: each member with each opponent
    multiset of the support (a profile of one member only left out in a constant-sum game,
    where it is exact)."""
    eye = np.eye(table.k, dtype=np.int64)
    rows = set()
    for opp, _ in support_opponents(table, x):
        m = np.bincount(opp, minlength=table.k)
        for i in range(table.k):
            c = m + eye[i]
            if not (constant_sum and c.max() == table.n):
                rows.add(table.row(c))
    return sorted(rows)


def refine(
    table: Table,
    x: np.ndarray,
    play: PlayFn,
    games: int,
    seed: int,
    constant_sum: bool = False,
    progress: Callable[[str], None] | None = None,
) -> tuple[Table, list[int]]:
    """Play :func:`refine_rows` again, ``games`` more each on fresh deals (seed +
    :data:`REFINE`), pooled with what the table has by their games; return the new table and
    the rows refined. The slow games' fields are built this way: few games per profile for
    the whole meta-game, many for the profiles the solved mixture's payoffs read."""
    if table.games is None:
        raise ValueError("the table does not count its games: it cannot be refined")
    rows = refine_rows(table, x, constant_sum)
    mean, se, played = table.mean.copy(), table.se.copy(), table.games.copy()
    for j, r in enumerate(rows):
        seats = members_of(table.counts[r])
        res = play([table.members[i] for i in seats], games, seed + REFINE)
        g0, g1 = float(played[r]), float(games)
        for i in set(seats):
            mu, s1 = res[table.members[i]]
            mean[r, i] = (g0 * mean[r, i] + g1 * mu) / (g0 + g1)
            se[r, i] = math.hypot(g0 * se[r, i], g1 * s1) / (g0 + g1)
        played[r] += games
        if progress is not None:
            progress(
                f"refine {j + 1}/{len(rows)}: {' '.join(str(int(v)) for v in table.counts[r])}"
            )
    return Table(table.members, table.n, table.counts, mean, se, played), rows


# --- growth ------------------------------------------------------------------------------------

#: ``oracle(table, weights) -> (spec, gain) | None``
Oracle = Callable[[Table, np.ndarray], "tuple[str, float] | None"]


@dataclass
class Growth:
    table: Table
    solution: Solution
    steps: list[dict[str, Any]]  #: one per oracle call: the proposal, its gain, added or not


def grow(
    table: Table,
    oracle: Oracle,
    threshold: float,
    max_members: int,
    extend: Callable[[Table, str], Table],
    progress: Callable[[str], None] | None = None,
) -> Growth:
    """Double oracle / PSRO: solve, ask ``oracle`` for a best response, add it while it gains
    more than ``threshold`` and the population is below ``max_members``; ``extend(table, spec)``
    plays the new member's profiles."""
    sol = solve(table)
    steps: list[dict[str, Any]] = []
    while True:
        if table.k >= max_members:
            steps.append({"stop": f"member budget ({max_members}) reached"})
            break
        found = oracle(table, sol.weights)
        if found is None:
            steps.append({"stop": "the oracle has no candidate outside the population"})
            break
        spec, gain = found
        added = gain > threshold and spec not in table.members
        steps.append({"proposal": spec, "gain": gain, "added": added})
        if progress is not None:
            progress(f"oracle: {spec} gains {gain:+.4f} ({'added' if added else 'stop'})")
        if not added:
            break
        table = extend(table, spec)
        sol = solve(table)
    return Growth(table, sol, steps)


def support_opponents(table: Table, x: np.ndarray) -> list[tuple[list[int], float]]:
    """The opponent multisets of the mixture's support with their probabilities."""
    sup = [i for i in range(table.k) if x[i] >= SUPPORT]
    xs = x[sup] / x[sup].sum()
    out = []
    for m in profiles(len(sup), table.n - 1):
        prob = math.factorial(table.n - 1) / math.prod(math.factorial(int(c)) for c in m)
        prob *= float(np.prod(xs**m))
        out.append(([sup[j] for j in members_of(m)], prob))
    return out


def payoff_against(
    spec: str, table: Table, x: np.ndarray, play: PlayFn, games: int, seed: int,
    progress: Callable[[str], None] | None = None,
) -> tuple[float, float]:  # fmt: skip
    """``spec``'s payoff against the mixture, played against each opponent multiset of its
    support (an entry of the table when ``spec`` is a member), and its standard error;
    ``progress`` hears of each multiset played."""
    mean = var = 0.0
    opponents = support_opponents(table, x)
    for k, (opp, prob) in enumerate(opponents, 1):
        if progress is not None:
            progress(f"{spec}: opponents {k}/{len(opponents)}")
        seats = [spec] + [table.members[i] for i in opp]
        res = play(seats, games, seed)
        mu, se = res[spec]
        mean += prob * mu
        var += (prob * se) ** 2
    return mean, math.sqrt(var)


def mixture_se(table: Table, x: np.ndarray, constant_sum: bool = False) -> float:
    """The standard error of the mixture's own payoff ``x @ u(x)`` from the table's standard
    errors: each profile entry enters it once, weighted by its member's weight and its
    opponents' chance. 0 in a constant-sum game, where that payoff is the fixed share."""
    if constant_sum:
        return 0.0
    pay = Payoffs(table)
    se = pay.entries(np.nan_to_num(table.se))  # [M, k]: the se of U(i, m + e_i)
    return float(np.sqrt(np.sum((pay.weights(x)[:, None] * x[None, :] * se) ** 2)))


def grid_oracle(
    candidates: Sequence[str], play: PlayFn, games: int, seed: int, keep: int = 3
) -> Oracle:
    """The best of ``candidates`` against the mixture by successive halving: every candidate
    not in the population plays ``games / 2**r`` games per opponent multiset in round ``r``
    (at least one seat-order cycle), the best third survive, until ``keep`` are left, which
    play ``games``; the best of them is proposed with its gain over the mixture's payoff."""

    def oracle(table: Table, x: np.ndarray) -> tuple[str, float] | None:
        alive = [c for c in candidates if c not in table.members]
        if not alive:
            return None
        rounds = 0
        n = len(alive)
        while n > keep:
            n = max(keep, -(-n // 3))
            rounds += 1
        for r in range(rounds, 0, -1):
            g = max(1, games >> r)
            scored = sorted(alive, key=lambda c: -payoff_against(c, table, x, play, g, seed + r)[0])
            alive = scored[: max(keep, -(-len(alive) // 3))]
        pay = Payoffs(table)
        own = float(x @ pay(x))
        best = max(alive, key=lambda c: payoff_against(c, table, x, play, games, seed)[0])
        # the winner's gain on fresh deals: the selection's own games overstate it
        return best, payoff_against(best, table, x, play, games, seed + FRESH)[0] - own

    return oracle


def search_oracle(search: Search, play: PlayFn, games: int, seed: int) -> Oracle:
    """An oracle from a search against a fixed table (a meter such as Headcount's
    ``exploit``): the search answers the mixture's most likely opponent multiset, and its
    response is then measured against the whole mixture on fresh deals."""

    def oracle(table: Table, x: np.ndarray) -> tuple[str, float] | None:
        opp, _ = max(support_opponents(table, x), key=lambda t: t[1])
        spec = search([table.members[i] for i in opp])
        own = float(x @ Payoffs(table)(x))
        return spec, payoff_against(spec, table, x, play, games, seed + FRESH)[0] - own

    return oracle


def best_of(oracles: Sequence[Oracle]) -> Oracle:
    """The proposal with the largest gain of several oracles (None if none proposes)."""

    def oracle(table: Table, x: np.ndarray) -> tuple[str, float] | None:
        found = [f for f in (o(table, x) for o in oracles) if f is not None]
        return max(found, key=lambda f: f[1]) if found else None

    return oracle


# --- the committed field: JSON in data/ -----------------------------------------------------


def to_json(
    *,
    game: str,
    title: str,
    players: int,
    variant: str,
    rules_version: int,
    fg: FieldGame,
    table: Table,
    solution: Solution,
    assessment: Assessment,
    command: str,
    seed: int,
    games: int,
    growth: list[dict[str, Any]],
    seconds: float,
    refined: dict[str, Any] | None = None,
) -> dict[str, Any]:
    order = sorted(range(table.k), key=lambda i: -assessment.payoff[i])
    return {
        "schema": FIELD_SCHEMA,
        "game": game,
        "title": title,
        "players": players,
        "variant": variant,
        "rules_version": rules_version,
        "unit": fg.unit,
        "threshold": fg.threshold,
        "command": command,
        "seed": seed,
        "games_per_profile": games,
        "profiles": len(table.counts),
        "members": [
            {
                "bot": table.members[i],
                "weight": float(solution.weights[i]),
                "payoff": float(assessment.payoff[i]),
                "ci95": [float(v) for v in assessment.payoff_ci[i]],
            }
            for i in order
        ],
        "strongest": table.members[assessment.best],
        "mixture_payoff": assessment.mixture_payoff,
        "regret": assessment.regret,
        "regret_ci95": list(assessment.regret_ci),
        "solver": {"steps": solution.steps, "converged": solution.converged},
        "growth": growth,
        "refined": refined,
        "seconds": seconds,
        "table": {
            "members": table.members,
            "counts": table.counts.tolist(),
            "mean": [[None if math.isnan(v) else v for v in row] for row in table.mean.tolist()],
            "se": [[None if math.isnan(v) else v for v in row] for row in table.se.tolist()],
            "games": None if table.games is None else table.games.tolist(),
        },
    }


def field_json(spec: Any, fg: FieldGame, players: int, variant: str, table: Table,
               sol: Solution, seed: int, games: int, steps: list[dict[str, Any]],
               refine_info: dict[str, Any] | None, seconds: float,
               command: str) -> dict[str, Any]:  # fmt: skip
    """A solved field of ``spec`` (a :class:`~headcount_lab.games.GameSpec`) as written:
    assessed against its mixture, then :func:`to_json`."""
    assessment = assess(
        table, sol.weights, seed=seed, constant_sum=fg.constant_sum, shares=fg.percent
    )
    return to_json(
        game=spec.name, title=spec.title, players=players, variant=variant,
        rules_version=spec.version, fg=fg, table=table, solution=sol, assessment=assessment,
        command=command, seed=seed, games=games, growth=steps, seconds=seconds,
        refined=refine_info,
    )  # fmt: skip


def refined_field(spec: Any, data: dict[str, Any], refine_games: int, play: PlayFn,
                  say: Callable[[str], None] | None, seconds: float) -> dict[str, Any]:  # fmt: skip
    """``data`` (a field as :func:`field_json` writes it) with the profiles its mixture's
    payoffs read played ``refine_games`` more games each (:func:`refine`), re-solved and
    re-assessed; its command gains ``--refine G``, which rebuilds the same from scratch;
    ``seconds`` (what building it took) grows by the refining's time."""
    fg: FieldGame = spec.load("metagame")
    players, seed = data["players"], data["seed"]
    table = table_from_json(data, players)
    sol = solve(table)
    t0 = time.perf_counter()
    table, rows = refine(table, sol.weights, play, refine_games, seed, fg.constant_sum, say)
    info = {"games": refine_games, "profiles": len(rows), "support": [
        table.members[i] for i in range(table.k) if sol.weights[i] >= SUPPORT]}  # fmt: skip
    took = seconds + time.perf_counter() - t0
    return field_json(spec, fg, players, data["variant"], table, solve(table), seed,
                      data["games_per_profile"], data["growth"], info, took,
                      f"{data['command']} --refine {refine_games}")  # fmt: skip


def table_from_json(data: dict[str, Any], n: int) -> Table:
    t = data["table"]
    nan = float("nan")
    return Table(
        list(t["members"]),
        n,
        np.array(t["counts"], dtype=np.int64),
        np.array([[nan if v is None else v for v in row] for row in t["mean"]], dtype=float),
        np.array([[nan if v is None else v for v in row] for row in t["se"]], dtype=float),
        np.array(t.get("games") or [data["games_per_profile"]] * len(t["counts"]), dtype=np.int64),
    )


def read_field(path: Path, game: str, version: int) -> dict[str, Any]:
    """A committed field, refused (ValueError) if missing, damaged, of another game or of
    another rules version."""
    from headcount_lab.core.paths import read_committed_json

    return read_committed_json(path, schema=FIELD_SCHEMA, version=version, what="committed field",
                               again="build it with the same command and --solve",
                               game=game)  # fmt: skip


def write_field(path: Path, data: dict[str, Any]) -> None:
    from headcount_lab.core.paths import atomic_write_bytes

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, (json.dumps(data, indent=1) + "\n").encode())
