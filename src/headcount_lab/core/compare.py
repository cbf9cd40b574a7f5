"""Rule comparisons for the designer (issue 23): the same deals under two or more rule sets, one
set of designer metrics, and paired differences with 95% intervals.

``headcount-lab GAME compare`` (``cli/games.py``) builds a :class:`Comparison` and runs
:meth:`Comparison.job` on the platform's runner, like ``simulate``: workers, progress, results
folder, resume and Dask all apply.

The arms
    A comparison has *rule sets*: the base (index 0) and one or more changed sets (one per
    ``--sweep`` value, or the one ``--rule`` change). Each rule set is played twice on the same
    games: by the *field* (the bots in every seat), and by the field with one seat taken by the
    game's naive bot (``random``), for ``skill_spread``. Every arm plays through the game's own
    ``simulate`` block function (the tournament's job), seats not rotated by the kernel.

Common random numbers
    Every game of a run has its own random stream: block ``b``'s stream
    (:func:`headcount_lab.core.rng.block_state`) seeds a ``SeedSequence`` whose output gives one
    ``uint64[4]`` state per game of the block (:func:`game_states`), and every arm plays game
    ``i`` from a copy of that state. So game ``i`` is dealt the same cards in every arm, and what
    follows is the same for as long as the arms draw the same numbers: a rule that changes what
    is drawn (a longer game, another bot's random choice) makes the rest of that game differ,
    but never the next game. Game ``i`` seats the field rotated by ``i mod n`` and gives the
    naive bot seat ``(i // n) mod n``; a block holds a multiple of ``n * n`` games, so every
    block balances every bot over every seat, and the naive bot over every seat and opponent.

The interval (method)
    The blocks are independent (their streams are), and the same block index holds the same
    games in every arm, so the block is the unit of the paired analysis. Each block's raw
    statistics are kept apart (one row per block: :class:`CompareBlock` writes its block's row of
    a ``[blocks, ...]`` array, the runner adds the rows). A metric is a function of the summed
    statistics (a ratio of sums, or the largest seat's deviation), so the difference ``d`` is
    computed from the totals and its variance by the delete-one-block jackknife:
    ``var = (B - 1) / B * sum_b (d_(b) - mean d_(.))**2`` with ``d_(b)`` the difference
    recomputed without block ``b``; the 95% interval is ``d +- t(0.975, B - 1) * sqrt(var)``.
    The jackknife is valid for smooth functions of means (ratios) and, for the largest seat's
    deviation, while one seat clearly leads. With fewer than :data:`MIN_BLOCKS` blocks the
    intervals are printed but flagged as unreliable. Two identical rule sets give identical
    statistics in every block, so every ``d_(b)`` is exactly 0 and so is the interval.

The metrics
    :data:`CORE_METRICS` are defined here, once; each game's ``GameSpec.metrics`` names a
    :class:`GameMetrics` that turns its ``simulate`` statistics into :class:`Measures` and adds
    its own metrics. The seat metrics (``start_advantage``, ``seat_spread``) and
    ``skill_spread`` are computed here from the games' per-seat results; a metric a game cannot
    compute from its statistics is absent with the reason the game gives.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from headcount_lab.core.runner import Job, merge

#: the fewest blocks whose jackknife intervals are called reliable (t with 19 d.o.f.)
MIN_BLOCKS = 20
#: blocks a comparison aims for (each a multiple of n * n games), when the games allow
TARGET_BLOCKS = 100


@dataclass(frozen=True)
class Metric:
    name: str
    unit: str
    meaning: str


#: the designer metrics every game reports (or says why it cannot)
CORE_METRICS: tuple[Metric, ...] = (
    Metric("length", "rounds per game", "how long a game lasts, in the game's own rounds"),
    Metric("decisions", "decisions per player per game", "choices a player makes in a game"),
    Metric("downtime", "share of a game", "share of a game's rounds a player sits out eliminated"),
    Metric(
        "start_advantage",
        "share of a win",
        "the start player's result minus the fair share (the mean over seats)",
    ),
    Metric(
        "seat_spread",
        "share of a win",
        "the largest deviation of any seat's result from the fair share (seats from the start)",
    ),
    Metric(
        "skill_spread",
        "share of a win",
        "the field's result in a seat minus the naive bot's (random) in that seat, same games",
    ),
    Metric(
        "comeback",
        "share of games",
        "how often a player behind the leader at half-time wins (shared wins count their share)",
    ),
    Metric("stalls", "per game", "ties, turn caps and endless games"),
)

#: the naive bot of ``skill_spread``; every game's menu has it
NAIVE_BOT = "random"


@dataclass(frozen=True)
class Measures:
    """What a game reads off its summed ``simulate`` statistics (seats not rotated by the kernel:
    bot ``j`` sat in seat ``j``).

    ``seat_num / seat_den`` is each seat's result (a share of a win: won games, a shared win in
    60ths, games escaped); ``start_num / start_den`` the same by seat counted from the start
    player (index 0 starts), or ``None`` when the statistics do not say who started;
    ``values`` the game's other metrics (``None``: nothing to divide by in these games)."""

    seat_num: np.ndarray
    seat_den: np.ndarray
    start_num: np.ndarray | None
    start_den: np.ndarray | None
    values: dict[str, float | None]


@dataclass(frozen=True)
class RuleLab:
    """A game's rule lab (``analysis/rulelab.py``, issue 23): every rule change the report
    judges with these metrics, each as its ``--rule`` assignments against the default rules.
    Every flag of the rules dataclass is in a change or in ``exempt`` with the reason it is not a
    rule a designer chooses (``tests/analysis/test_rulelab.py`` checks both)."""

    changes: Mapping[str, tuple[str, ...]]  #: change name -> its ``--rule`` assignments
    exempt: Mapping[str, str] = field(default_factory=dict)  #: flag -> why it is not judged
    #: the tag of a second stored set, played by the committed competent field on fewer games,
    #: for a game whose main runs are played by a cheaper field (a search game's competent
    #: field is too slow for the main runs' size): the report shows its verdict beside
    check: str = ""
    #: the tag of the stored re-solves of the competent field under each change
    #: (``scripts/rule_lab.py GAME --resolve quick --tag resolved``; issue 23 item 4)
    resolved: str = ""
    #: the tag of the ``check`` runs replayed with players who adapted, for the changes under
    #: which the re-solved field is another field (``scripts/rule_lab.py GAME --field competent
    #: --adapt full --only CHANGES --tag TAG``); they take those changes' places in the check
    check_adapted: str = ""
    not_judged: Mapping[str, str] = field(default_factory=dict)  #: core metric -> why not read
    #: the game's own metrics the verdict reads, with their good direction (+1 up, -1 down, 0
    #: nearer zero): a fair dealer (Whist), a balanced Lone Fool (Foolish Faces)
    judged: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class GameMetrics:
    """A game's part of the metric set (``GameSpec.metrics`` names it)."""

    measure: Callable[[Mapping[str, np.ndarray], Any], Measures]  #: (stats, rules) -> Measures
    own: tuple[Metric, ...]  #: the game's own metrics, after the core ones
    absent: Mapping[str, str] = field(default_factory=dict)  #: metric -> why not here
    #: core metric -> the unit in this game's words (``length`` in hands per match, ...)
    units: Mapping[str, str] = field(default_factory=dict)
    lab: RuleLab | None = None  #: the rule changes the report's rule lab judges (None: none)

    def names(self) -> list[str]:
        return [m.name for m in self.described()]

    def described(self) -> list[Metric]:
        """The metrics this game reports, core ones first, with its units."""
        return [
            replace(m, unit=self.units.get(m.name, m.unit))
            for m in (*CORE_METRICS, *self.own)
            if m.name not in self.absent
        ]


def ratio(num: float, den: float) -> float | None:
    return float(num) / float(den) if den else None


def metric_values(gm: GameMetrics, stats: Mapping[str, np.ndarray], rules: Any,
                  skill: np.ndarray) -> dict[str, float | None]:  # fmt: skip
    """Every metric of ``gm`` from one rule set's summed statistics and its ``skill`` row
    (field result numerator and denominator, naive result numerator and denominator)."""
    m = gm.measure(stats, rules)
    out: dict[str, float | None] = {}
    seat_tot = float(m.seat_den.sum())
    fair = float(m.seat_num.sum()) / seat_tot if seat_tot else None
    if m.start_num is not None and m.start_den is not None and fair is not None:
        rates = [ratio(k, n) for k, n in zip(m.start_num, m.start_den, strict=True)]
        out["start_advantage"] = None if rates[0] is None else rates[0] - fair
    else:
        out["start_advantage"] = None
    if fair is not None:
        num, den = (
            (m.start_num, m.start_den) if m.start_num is not None else (m.seat_num, m.seat_den)
        )
        rates = [ratio(k, n) for k, n in zip(num, den, strict=True)]  # type: ignore[arg-type]
        out["seat_spread"] = (
            None if any(r is None for r in rates) else max(abs(r - fair) for r in rates)  # type: ignore[operator]
        )
    else:
        out["seat_spread"] = None
    f, n = ratio(skill[0], skill[1]), ratio(skill[2], skill[3])
    out["skill_spread"] = None if f is None or n is None else f - n
    out.update(m.values)
    return {name: out.get(name) for name in gm.names()}


def game_states(state: np.ndarray, k: int) -> np.ndarray:
    """``uint64[k, 4]``: the streams of a block's ``k`` games, from the block's stream."""
    ss = np.random.SeedSequence([int(v) for v in state])
    out = ss.generate_state(4 * k, np.uint64).reshape(k, 4)
    zero = ~out.any(axis=1)  # xoshiro's one forbidden state, as in rng.block_state
    out[zero, 0] = 1
    return out


@dataclass(frozen=True)
class RuleArm:
    """One rule set's block functions: ``field[r]`` seats the field rotated by ``r``;
    ``naive[r][s]`` the same with the naive bot in seat ``s``."""

    rules: Any
    field: tuple[Callable[[np.ndarray, int], dict[str, np.ndarray]], ...]
    naive: tuple[tuple[Callable[[np.ndarray, int], dict[str, np.ndarray]], ...], ...]


@dataclass(frozen=True)
class CompareBlock:
    """A block of a comparison: every game of the block in every arm, from the same per-game
    streams; returns each rule set's statistics and skill row in this block's row of
    ``[n_blocks, ...]`` arrays (the runner adds the rows: integers, so exactly)."""

    arms: tuple[RuleArm, ...]
    players: int
    n_blocks: int
    first_states: tuple[bytes, ...]  #: block_state(seed, b) as bytes, b = 0 .. n_blocks - 1
    metrics: GameMetrics

    def block_of(self, state: np.ndarray) -> int:
        try:
            return self.first_states.index(np.asarray(state, np.uint64).tobytes())
        except ValueError:
            raise ValueError("a comparison block ran from a stream not of its run") from None

    def __call__(self, state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        b = self.block_of(state)
        n = self.players
        states = game_states(state, n_units)
        out: dict[str, np.ndarray] = {}
        for x, arm in enumerate(self.arms):
            by_seat: list[dict[str, np.ndarray] | None] = [None] * n  # field, per naive seat
            naive: list[dict[str, np.ndarray] | None] = [None] * n
            for i in range(n_units):
                r, s = i % n, (i // n) % n
                by_seat[s] = merge(by_seat[s], arm.field[r](states[i].copy(), 1))
                naive[s] = merge(naive[s], arm.naive[r][s](states[i].copy(), 1))
            total: dict[str, np.ndarray] | None = None
            skill = np.zeros(4, np.int64)
            for s in range(n):
                part, alone = by_seat[s], naive[s]
                if part is None or alone is None:
                    continue
                total = merge(total, part)
                f = self.metrics.measure(part, arm.rules)
                g = self.metrics.measure(alone, arm.rules)
                skill += np.array([f.seat_num[s], f.seat_den[s], g.seat_num[s], g.seat_den[s]],
                                  dtype=np.int64)  # fmt: skip
            assert total is not None
            total["skill"] = skill
            for key, v in total.items():
                row = np.zeros((self.n_blocks, *np.shape(v)), dtype=np.int64)
                row[b] = v
                out[f"r{x}.{key}"] = row
        return out

    def warmup(self) -> None:
        from headcount_lab.core.rng import block_state

        st = block_state(0, 0)
        for arm in self.arms:
            for fn in (*arm.field, *(f for row in arm.naive for f in row)):
                warm = getattr(fn, "warmup", None)
                if warm is not None:
                    warm()
                else:
                    fn(st.copy(), 1)


def block_size(games: int, players: int) -> int:
    """Games per block: a multiple of ``players**2`` giving about :data:`TARGET_BLOCKS`
    blocks."""
    unit = players * players
    return unit * max(1, -(-games // (TARGET_BLOCKS * unit)))


@dataclass(frozen=True)
class Comparison:
    """A comparison of ``rule_sets[1:]`` against ``rule_sets[0]`` by ``field`` (one bot spec per
    seat, in seat order), ``games`` games from ``seed``."""

    game: str
    rule_sets: tuple[Any, ...]
    field: tuple[str, ...]
    games: int
    seed: int
    metrics: GameMetrics
    #: (rules, bots text, players) -> block function of one game per unit, seats as given
    arm_fn: Callable[[Any, str, int], Callable[[np.ndarray, int], dict[str, np.ndarray]]]
    unit: str = "games"  #: what a game is called in text (games, matches)
    #: per rule set, another ``arm_fn`` (None: ``arm_fn``): the adapted field's
    #: (:mod:`headcount_lab.core.adapt`); ``arm_ids`` name them in the run's identity (resume)
    arms: tuple[Callable[[Any, str, int], Any] | None, ...] = ()
    arm_ids: tuple[str | None, ...] = ()

    @property
    def players(self) -> int:
        return len(self.field)

    def job(self) -> Job:
        from headcount_lab.core.rng import block_state

        n = self.players
        size = block_size(self.games, n)
        n_blocks = -(-self.games // size)
        arms = []
        for x, rules in enumerate(self.rule_sets):
            fields = []
            naive = []
            arm_fn = (self.arms[x] if self.arms else None) or self.arm_fn
            for r in range(n):
                seats = [self.field[(s + r) % n] for s in range(n)]
                fields.append(arm_fn(rules, ",".join(seats), n))
                naive.append(
                    tuple(arm_fn(rules, ",".join(_with_naive(seats, s)), n) for s in range(n))
                )
            arms.append(RuleArm(rules, tuple(fields), tuple(naive)))
        firsts = tuple(block_state(self.seed, b).tobytes() for b in range(n_blocks))
        fn = CompareBlock(tuple(arms), n, n_blocks, firsts, self.metrics)
        params = {
            "game": self.game,
            "compare": [r.as_dict() for r in self.rule_sets],
            "field": list(self.field),
            "games": self.games,
            "block": size,
            "seed_of_blocks": self.seed,
        }
        if self.arm_ids:
            params["adapted"] = list(self.arm_ids)
        return Job(f"{self.game}-compare", params, self.games, size, fn, fn.warmup,
                   unit="games")  # fmt: skip

    def results(self, stats: Mapping[str, np.ndarray]) -> list[list[dict[str, Any]]]:
        """For each changed rule set, one row per metric: ``name``, ``base``, ``changed``,
        ``diff``, ``ci95`` (``None`` where a value is missing)."""
        per_set = [_split(stats, x) for x in range(len(self.rule_sets))]
        blocks = _blocks(per_set[0])
        values = [self._values(x, per_set[x], None) for x in range(len(self.rule_sets))]
        loo = [[self._values(x, per_set[x], b) for b in blocks] for x in range(len(self.rule_sets))]
        t = _t95(len(blocks))
        out = []
        for x in range(1, len(self.rule_sets)):
            rows = []
            for name in self.metrics.names():
                base, changed = values[0][name], values[x][name]
                diff = None if base is None or changed is None else changed - base
                ci = None
                if diff is not None and t is not None:
                    ds = [loo[x][i][name] for i in range(len(blocks))]
                    bs = [loo[0][i][name] for i in range(len(blocks))]
                    if all(v is not None for v in (*ds, *bs)):
                        d = np.array(ds, dtype=float) - np.array(bs, dtype=float)
                        b_ = len(d)
                        var = (b_ - 1) / b_ * float(((d - d.mean()) ** 2).sum())
                        half = t * math.sqrt(var)
                        ci = [diff - half, diff + half]
                rows.append(
                    {"name": name, "base": base, "changed": changed, "diff": diff, "ci95": ci}
                )
            out.append(rows)
        return out

    def _values(
        self, x: int, stats: dict[str, np.ndarray], drop: int | None
    ) -> dict[str, float | None]:
        """Rule set ``x``'s metrics from its statistics summed over every block but ``drop``."""
        summed = {
            k: (v.sum(axis=0) if drop is None else v.sum(axis=0) - v[drop])
            for k, v in stats.items()
        }
        skill = summed.pop("skill")
        return metric_values(self.metrics, summed, self.rule_sets[x], skill)

    @property
    def n_blocks(self) -> int:
        return -(-self.games // block_size(self.games, self.players))


def _with_naive(seats: Sequence[str], s: int) -> list[str]:
    out = list(seats)
    out[s] = NAIVE_BOT
    return out


def _split(stats: Mapping[str, np.ndarray], x: int) -> dict[str, np.ndarray]:
    prefix = f"r{x}."
    return {k[len(prefix) :]: v for k, v in stats.items() if k.startswith(prefix)}


def _blocks(stats: Mapping[str, np.ndarray]) -> list[int]:
    """The blocks that ran (every block of the run)."""
    return list(range(next(iter(stats.values())).shape[0]))


def _t95(blocks: int) -> float | None:
    from headcount_lab.core.stats import t95

    return t95(blocks - 1) if blocks >= 2 else None


# --- what the command prints and writes --------------------------------------------------------

CI_METHOD = (
    "paired by block (the same games in every arm), delete-one-block jackknife of the "
    "difference, t quantile with blocks - 1 degrees of freedom"
)


def changed_rules(base: Any, changed: Any) -> dict[str, Any]:
    """The rules where ``changed`` differs from ``base``."""
    b, c = base.as_dict(), changed.as_dict()
    return {k: v for k, v in c.items() if b.get(k) != v}


def summary(
    cmp: Comparison,
    stats: Mapping[str, np.ndarray],
    field_source: str,
    sweep_key: str | None = None,
    sweep_values: Sequence[str] = (),
) -> dict[str, Any]:
    """The JSON of ``compare`` (the shape on the games' docs pages and in README)."""
    rows = cmp.results(stats)
    n_blocks = cmp.n_blocks
    out: dict[str, Any] = {
        "schema": "compare/1",
        "game": cmp.game,
        "games": cmp.games,
        "players": cmp.players,
        "seed": cmp.seed,
        "unit": cmp.unit,
        "base": cmp.rule_sets[0].as_dict(),
    }
    if sweep_key is None:
        out["changed"] = cmp.rule_sets[1].as_dict()
    out["adapted"] = False
    out["field"] = {"bots": list(cmp.field), "source": field_source, "naive": NAIVE_BOT}
    out["blocks"] = n_blocks
    out["block_games"] = block_size(cmp.games, cmp.players)  # games (or matches) a block
    out["ci_method"] = CI_METHOD
    out["ci_reliable"] = n_blocks >= MIN_BLOCKS
    out["units"] = {m.name: m.unit for m in cmp.metrics.described()}
    out["absent"] = dict(cmp.metrics.absent)
    if sweep_key is None:
        out["metrics"] = rows[0]
    else:
        out["sweep"] = {
            "key": sweep_key,
            "rows": [
                {"value": v, "changed": cmp.rule_sets[i + 1].as_dict(), "metrics": r}
                for i, (v, r) in enumerate(zip(sweep_values, rows, strict=True))
            ],
        }
    return out


def _num(v: float | None, spec: str = "+.4f") -> str:
    return "-" if v is None else format(v, spec)


def _ci(ci: list[float] | None) -> str:
    return "-" if ci is None else f"[{ci[0]:+.4f}, {ci[1]:+.4f}]"


def text_lines(res: dict[str, Any]) -> list[str]:
    """The text form of ``compare``."""
    adapted = res.get("adapted", False)
    lines = [
        f"{res['game']} compare: {res['games']:,} {res['unit']}, {res['players']} players, "
        f"seed {res['seed']}, {res['blocks']} blocks of {res['block_games']} {res['unit']}",
        f"field ({res['field']['source']}): {','.join(res['field']['bots'])}; "
        f"skill_spread against {res['field']['naive']} in the same {res['unit']}; "
        + (
            "each table twice: the players as they are, then the players who adapted"
            if adapted
            else "players as they are (not adapted to the changed rules)"
        ),
    ]
    if adapted:
        a = res["adapt"]
        lines.append(f"adapting ({a['budget']} budget; cost: {a['cost']}):")
        for f in a["fields"]:
            what = ", ".join(f"{k}={v}" for k, v in f["rules"].items()) or "base rules"
            lines.append(f"  {what}: {f['how']}")
    base = res["base"]
    tables: list[tuple[str, list[dict[str, Any]], list[dict[str, Any]] | None]] = []
    if "sweep" in res:
        for row in res["sweep"]["rows"]:
            tables.append((f"{res['sweep']['key']}={row['value']}", row["metrics"],
                           row.get("adapted_metrics")))  # fmt: skip
    else:
        diff = {k: v for k, v in res["changed"].items() if base.get(k) != v}
        what = ", ".join(f"{k}={v}" for k, v in diff.items()) or "nothing (identical rules)"
        tables.append((what, res["metrics"], res.get("adapted_metrics")))
    for title, metrics, after in tables:
        lines.append(f"changed: {title}" + (" (players as they are)" if adapted else ""))
        lines.extend(_table(metrics, res["units"]))
        if after is not None:
            lines.append("  players who adapted (verdict: as they are -> adapted):")
            lines.extend(_table(after, res["units"], metrics))
    if res["absent"]:
        lines.append("not measured:")
        lines.extend(f"  {k}: {v}" for k, v in res["absent"].items())
    lines.append(f"intervals: {res['ci_method']}")
    if not res["ci_reliable"]:
        lines.append(
            f"warning: only {res['blocks']} blocks (fewer than {MIN_BLOCKS}): the intervals "
            "are not reliable; play more games"
        )
    return lines


def _table(metrics: list[dict[str, Any]], units: dict[str, str],
           before: list[dict[str, Any]] | None = None) -> list[str]:  # fmt: skip
    """A metric table; with ``before`` (the same metrics as the players were), each row also
    says how the verdict changed (:func:`verdict`), ``<-`` where it did."""
    out = [f"  {'metric':<18} {'base':>9} {'changed':>9} {'diff':>9}  95% CI"]
    for i, m in enumerate(metrics):
        line = (
            f"  {m['name']:<18} {_num(m['base'], '.4f'):>9} {_num(m['changed'], '.4f'):>9} "
            f"{_num(m['diff']):>9}  {_ci(m['ci95'])}  ({units.get(m['name'], '')})"
        )
        if before is not None:
            was, now = verdict(before[i]), verdict(m)
            line += f"  {was} -> {now}" + ("  <-" if was != now else "")
        out.append(line)
    return out


def verdict(row: dict[str, Any]) -> str:
    """What a metric's row says: ``up`` or ``down`` when its 95% interval excludes zero, ``no
    change`` when it holds zero, ``-`` without an interval."""
    ci = row["ci95"]
    if ci is None:
        return "-"
    return "up" if ci[0] > 0 else "down" if ci[1] < 0 else "no change"


def add_adapted(
    res: dict[str, Any], rows: list[list[dict[str, Any]]], adapt: dict[str, Any]
) -> None:
    """Add the players who adapted to ``res`` (:func:`summary`'s): ``rows`` per changed rule
    set as :meth:`Comparison.results` gives them, ``adapt`` what adapting did (budget, cost,
    fields). Each metric table gets its ``adapted_metrics`` and the names of the metrics whose
    :func:`verdict` adapting changed, ``verdict_changes``."""
    res["adapted"] = True
    res["adapt"] = adapt
    holders = [res] if "metrics" in res else res["sweep"]["rows"]
    for holder, after in zip(holders, rows, strict=True):
        holder["adapted_metrics"] = after
        holder["verdict_changes"] = [
            b["name"] for b, a in zip(holder["metrics"], after, strict=True)
            if verdict(b) != verdict(a)
        ]  # fmt: skip


def sweep_chart(res: dict[str, Any]) -> Any:
    """One panel per metric: the difference from the base against the swept value, with 95%
    intervals (:class:`~headcount_lab.core.charts.CILineChart`, the reports' style)."""
    import pandas as pd

    from headcount_lab.core.charts import CILineChart, styled

    key = res["sweep"]["key"]
    records = []
    for row in res["sweep"]["rows"]:
        for m in row["metrics"]:
            if m["diff"] is None:
                continue
            lo, hi = m["ci95"] if m["ci95"] is not None else (m["diff"], m["diff"])
            records.append(
                {"value": _axis_value(row["value"]), "metric": m["name"], "diff": m["diff"],
                 "diff_lo": lo, "diff_hi": hi}
            )  # fmt: skip
    data = pd.DataFrame.from_records(records)
    names = list(dict.fromkeys(data["metric"])) if records else []
    cols = 3
    rows_n = max(1, -(-len(names) // cols))
    from matplotlib.figure import Figure

    with styled():
        fig = Figure(figsize=(4.6 * cols, 3.4 * rows_n), layout="constrained")
        axes = fig.subplots(rows_n, cols, squeeze=False).ravel()
        for ax, name in zip(axes, names, strict=False):
            CILineChart(
                data[data["metric"] == name], "value", "diff", "metric", key,
                f"change ({res['units'].get(name, '')})", title=name,
                integer_x=all(isinstance(v, int) for v in data["value"]),
            ).plot(ax)  # fmt: skip
            if ax.get_legend() is not None:
                ax.get_legend().remove()
        for ax in axes[len(names) :]:
            ax.set_axis_off()
        fig.suptitle(f"{res['game']} compare --sweep {key}: difference from the base, 95% CI")
    return fig


def _axis_value(v: str) -> Any:
    try:
        return int(v)
    except ValueError:
        try:
            return float(v)
        except ValueError:
            return v
