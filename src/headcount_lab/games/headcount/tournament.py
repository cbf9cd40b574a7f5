"""Tournaments of Headcount bots: the runner job around the engine (:func:`.kernels.engine`) and the
summary (win rates with 95% Wilson intervals that take the deal as the unit, per-round
statistics) that ``simulate`` prints (:func:`print_summary`).

Plain Python: dtype coercion, seat orders, belief tables and chunking live here; the kernel
only plays. The JSON schema of :func:`summarize` is documented in ``docs/games/headcount.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from headcount_lab.core import seats
from headcount_lab.core.competent import Mixture, Seats
from headcount_lab.core.guard import require
from headcount_lab.core.stats import ci_text, value_text
from headcount_lab.games.headcount import kernels as E
from headcount_lab.games.headcount.agents import (
    BAYES,
    EQUILIBRIUM,
    READER,
    RESPONDER,
    Beliefs,
    Bot,
    Tables,
    bayes_model,
    bot_set,
    build_beliefs,
    table_params,
)
from headcount_lab.games.headcount.rules import PLAYERS_MAX, PLAYERS_MIN, VERSION, HeadcountRules

BLOCK_GAMES = 2000  # games per runner block (rounded to whole deals); part of a run's identity


@dataclass(frozen=True)
class Setup:
    """A tournament: ``bots[slot]``, seat orders ``orders[q][seat] -> slot``, rules; ``table``:
    the file of the ``equilibrium`` table its seats play (None: the committed one,
    :func:`.equilibrium.default_path`; another is a table trained for other rules, as
    ``compare --adapt`` plays)."""

    bots: tuple[Bot, ...]
    rules: HeadcountRules
    rotate: bool
    table: str | None = None

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def orders(self) -> list[tuple[int, ...]]:
        return seat_orders(self.bots, self.rotate)

    @property
    def deals_per_block(self) -> int:
        """Deals in one runner block (each played in every seat order): about
        :data:`BLOCK_GAMES` games. The record replays the same blocks, so it reads this too."""
        return max(1, BLOCK_GAMES // len(self.orders))

    def beliefs(self) -> Beliefs:
        return beliefs_for(self.rules, self.bots, self.table)

    def kernel_args(self) -> tuple[np.ndarray, ...]:
        """(perms int64[P, n], policies int64[slots], params float64[slots, N_PARAMS], rules)."""
        perms = np.array(self.orders, dtype=np.int64)
        policies = np.array([b.policy for b in self.bots], dtype=np.int64)
        _, params = table_params(self.bots)
        return perms, policies, params, E.rules_array(self.rules)


def beliefs_for(
    rules: HeadcountRules,
    bots: tuple[Bot, ...] | list[Bot],
    table: str | None = None,
    players: int | None = None,
) -> Beliefs:
    """The belief tables a table of ``bots`` needs under ``rules``: the readers' tables when a
    bot reads bids (the ``bayes`` bot too: its hypotheses are fully known views), the
    ``equilibrium`` table (the committed one, or the file ``table``) when one seats it or a
    ``bayes`` bot models it, the solved heads-up round when one plays it. ``players`` is the
    table size when ``bots`` also lists bots that may take a seat (the members a ``competent``
    seat draws from)."""
    levels, _ = table_params(bots)
    models = [bayes_model(b) for b in bots if b.policy == BAYES]
    models += [bayes_model(m) for m in models if m.policy == BAYES]  # a reader of readers
    return build_beliefs(
        rules.double,
        len(bots) if players is None else players,
        rules.hidden_card,
        any(b.policy in (READER, RESPONDER, BAYES) for b in bots),
        levels,
        any(b.policy == EQUILIBRIUM for b in [*bots, *models]),
        any(b.solved_headsup for b in bots),
        table,
    )


def seat_orders(bots: tuple[Bot, ...] | list[Bot], rotate: bool) -> list[tuple[int, ...]]:
    """Seat orders (slot of each seat): every distinct arrangement of the specs when rotating."""
    return seats.seat_orders([b.key for b in bots], rotate)


def tournament(rules: HeadcountRules, bots: str, players: int, games: int, rotate: bool,
               table: str | None = None):  # type: ignore[no-untyped-def]  # fmt: skip
    """The ``simulate`` tournament (:class:`~headcount_lab.core.tournament.Tournament`);
    ``table``: the ``equilibrium`` table's file, if not the committed one (:class:`Setup`)."""
    from headcount_lab.core.tournament import Tournament
    from headcount_lab.games.headcount.record import record_games

    setup, named = competent_setup(rules, bots, players, rotate, table)
    return Tournament(
        make_job(setup, games, mix=named.mix),
        lambda stats, seed: named.summarize(
            summarize(setup, stats, seed), stats, games_of(stats)
        ),  # fmt: skip
        named.record(lambda seed, k: record_games(setup, seed, k)),
        games,
    )


#: Tables whose kernels ``headcount-lab warm`` compiles beside the default table's engine: the
#: default table's one-decision function (replays and records), the ``equilibrium`` and
#: ``responder`` bots' engine without and with the solved heads-up round (the committed competent
#: field, ``play``'s hints), then the ``bayes`` bots' (``exploit``'s responder; every table with
#: a ``bayes`` bot plays that one engine, :func:`.agents.bot_set`)
WARM_TABLES = {
    "bots": (
        "reader,odds,tips,random",
        "equilibrium,responder,odds",
        "equilibrium:headsup=solved,equilibrium,reader",
    ),
    "bayes": ("bayes,odds,odds", "bayes:field=bayes,odds,odds"),
}


def warm_table(bots: str) -> None:
    """Compile (or load) the engine of a table of ``bots`` and its one-decision function, as
    ``simulate --record 1`` reaches them: the job's block, then the record's reference game."""
    t = tournament(HeadcountRules(), bots, bots.count(",") + 1, 1, False)
    t.job.warmup()
    t.record(0, 1)


def bots_kernels() -> None:
    """``headcount-lab warm``'s step for every bot's kernels but the ``bayes`` bots'."""
    for bots in WARM_TABLES["bots"]:
        warm_table(bots)


def bayes_kernels() -> None:
    """``headcount-lab warm``'s step for the ``bayes`` bots' kernels (their engine and
    one-decision function, the largest of the game's)."""
    for bots in WARM_TABLES["bayes"]:
        warm_table(bots)


def games_of(stats: dict[str, np.ndarray]) -> int:
    return int(stats["round"][E.ROUND_COLUMNS.index("games")])


def competent_setup(
    rules: HeadcountRules, text: str, players: int, rotate: bool, table: str | None = None
) -> tuple[Setup, Seats]:
    """The tournament's seats (``table``: :class:`Setup`'s): a ``competent`` seat
    (:mod:`headcount_lab.core.competent`) is the first member of its field, named
    ``competent``."""
    from headcount_lab.core.competent import seats
    from headcount_lab.games.headcount.agents import parse_bot

    named = seats("headcount", text, players, rules)
    bots = []
    for j, p in enumerate(named.played):
        b = parse_bot(p)
        bots.append(Bot(b.policy, b.params, b.spec, "competent") if j in named.slots else b)
    return Setup(tuple(bots), rules, rotate, table), named


def make_job(setup: Setup, games: int, trace_rows: int = 0, mix: Mixture | None = None):  # type: ignore[no-untyped-def]
    """A runner :class:`~headcount_lab.core.runner.Job` whose units are deals (each played in
    every seat order). ``games`` is rounded up to whole deals. With ``mix`` (a ``competent``
    seat's field of more than one member) each deal draws the members of the ``competent``
    seats (:class:`MixedBlock`)."""
    from headcount_lab.core.runner import Job

    if not PLAYERS_MIN <= setup.players <= PLAYERS_MAX:
        raise ValueError(
            f"players must be between {PLAYERS_MIN} and {PLAYERS_MAX}, got {setup.players}"
        )
    if games <= 0:
        raise ValueError(f"--games must be positive, got {games}")
    n_orders = len(setup.orders)
    deals = -(-games // n_orders)
    block = setup.deals_per_block
    block_fn = (
        SimulateBlock.of(setup) if mix is None or mix.single else MixedBlock.mixed(setup, mix)
    )

    params_id = {
        "game": "headcount",
        "version": VERSION,
        "bots": [b.key for b in setup.bots],
        "rules": setup.rules.as_dict(),
        "rotate_seats": setup.rotate,
        "deals": deals,
    }
    if mix is not None:
        params_id["competent"] = mix.json()
    if setup.table is not None:  # the table is part of the run's identity (resume)
        params_id["table"] = setup.table
    return Job("headcount-simulate", params_id, deals, block, block_fn, block_fn.warmup)


@dataclass(frozen=True)
class SimulateBlock:
    """A block of the tournament: picklable by reference (a module-level class holding plain
    arrays), so the job can travel to Dask workers as well as run on the local thread pool."""

    setup: Setup
    beliefs: Beliefs
    perms: np.ndarray
    policies: np.ndarray
    params: np.ndarray
    rules: np.ndarray

    @classmethod
    def of(cls, setup: Setup) -> SimulateBlock:
        perms, policies, params, rules = setup.kernel_args()
        return cls(setup, setup.beliefs(), perms, policies, params, rules)

    def __call__(self, state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        st = new_block_stats(self.setup)
        play_block(
            n_units, self.perms, self.policies, self.params, self.rules, self.beliefs, state, st
        )
        return st

    def warmup(self) -> None:
        from headcount_lab.core.rng import block_state

        self(block_state(0, 0), 1)


@dataclass(frozen=True)
class MixedBlock(SimulateBlock):
    """A block whose ``competent`` slots play a member drawn per deal from the field's mixture
    (:mod:`headcount_lab.core.competent`): the deals are grouped by their draws and each group
    is played with the drawn members' policies and parameters in those slots; the seat orders,
    the statistics' slots and the belief tables (built for the table and every member) are the
    same for every group, so the groups' statistics add up."""

    slots: tuple[int, ...]
    member_policies: np.ndarray
    member_params: np.ndarray
    weights: tuple[float, ...]

    @classmethod
    def mixed(cls, setup: Setup, mix: Mixture) -> MixedBlock:
        from headcount_lab.games.headcount.agents import parse_bot

        members = [parse_bot(m) for m in mix.members]
        n = setup.players
        every = [*setup.bots, *members]
        _, params = table_params(every)
        return cls(
            setup,
            beliefs_for(setup.rules, every, setup.table, n),
            np.array(setup.orders, dtype=np.int64),
            np.array([b.policy for b in setup.bots], dtype=np.int64),
            params[:n],
            E.rules_array(setup.rules),
            tuple(i for i, b in enumerate(setup.bots) if b.shown == "competent"),
            np.array([b.policy for b in members], dtype=np.int64),
            params[n:],
            mix.weights,
        )

    def __call__(self, state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        from headcount_lab.core.competent import draws, groups

        picks = draws(self.weights, state, n_units, len(self.slots))
        st = new_block_stats(self.setup)
        drawn = np.zeros(len(self.weights), dtype=np.int64)
        for members, _, count in groups(picks, np.zeros(n_units, np.int64)):
            policies, params = self.policies.copy(), self.params.copy()
            for slot, m in zip(self.slots, members, strict=True):
                policies[slot], params[slot] = self.member_policies[m], self.member_params[m]
                drawn[m] += count
            part = new_block_stats(self.setup)
            play_block(count, self.perms, policies, params, self.rules, self.beliefs, state, part)
            for k in st:
                st[k] += part[k]
        # seat-games: each deal is played in every seat order
        st["competent_drawn"] = drawn * len(self.perms)
        return st


def new_block_stats(setup: Setup) -> dict[str, np.ndarray]:
    """The engine's statistics and the per-deal sums of squares (:func:`.kernels.new_deal_stats`)
    that make the deal the unit of the summary's intervals."""
    n = setup.players
    return {**E.new_stats(n, n), **E.new_deal_stats(n, n)}


def check_block_inputs(perms, policies, params, rules, beliefs, state, st, trace) -> None:  # type: ignore[no-untyped-def]
    """Refuse arrays the engine (:func:`.kernels.engine`) would read or write out of bounds.

    numba does not check indices: a seat order naming a slot without a bot, a rules array whose
    deck differs from the belief tables', or statistics sized for another table would be read
    past their ends silently. Every shape, dtype and value the kernel indexes with is checked
    here, in plain Python, before it runs.
    """
    from headcount_lab.games.headcount.agents import BAYES_FIELD, N_PARAMS, POLICY_NAMES
    from headcount_lab.games.headcount.equilibrium import table_rows

    def need(ok: bool, what: str) -> None:
        require(ok, "tournament kernel", what)

    need(perms.dtype == np.int64 and perms.ndim == 2 and perms.shape[0] >= 1, "perms int64[P, n]")
    n = perms.shape[1]
    need(PLAYERS_MIN <= n <= PLAYERS_MAX, f"{n} seats")
    slots = policies.shape[0]
    need(policies.dtype == np.int64 and policies.ndim == 1, "policies must be int64[slots]")
    need(all(sorted(row) == list(range(slots)) for row in perms.tolist()),
         "every seat order must seat each bot slot once")  # fmt: skip
    need(bool(((policies >= 0) & (policies < len(POLICY_NAMES))).all()), "unknown policy id")
    need(params.dtype == np.float64 and params.shape == (slots, N_PARAMS), "params shape")
    need(rules.dtype == np.int64 and rules.shape == (E.N_RULES,), "rules must be int64[N_RULES]")
    n_deck = 18 if rules[E.R_DOUBLE] else 17
    need(beliefs.row_of.shape == (3, 1 << n_deck), "belief tables built for another deck")
    need(beliefs.moments.dtype == np.int64 and beliefs.moments.shape == (beliefs.sf.shape[0], 2),
         "belief moments int64[rows, 2], one per belief row")  # fmt: skip
    modelled = params[policies == BAYES, BAYES_FIELD] == EQUILIBRIUM
    need(not ((policies == EQUILIBRIUM).any() or modelled.any())
         or beliefs.gain.shape[0] >= beliefs.sf.shape[0] + table_rows(beliefs.sf),
         "beliefs built without the equilibrium table")  # fmt: skip
    need(
        not (policies == BAYES).any() or bool((beliefs.row_of[0] >= 0).any()),
        "beliefs built without the tables of fully known views (bayes)",
    )
    need(rules[E.R_OPEN] >= 0 and rules[E.R_DOWN] >= 0 and rules[E.R_OPEN] + rules[E.R_DOWN] > 0,
         "every seat needs a life card")  # fmt: skip
    need(state.dtype == np.uint64 and state.shape == (4,), "state must be uint64[4]")
    wanted = E.new_stats(n, slots)
    if "deal_seat_sq" in st or "deal_slot_sq" in st:
        wanted |= E.new_deal_stats(n, slots)
    for key, want in wanted.items():
        need(key in st, f"stats {key!r} missing")
        need(st[key].shape == want.shape and st[key].dtype == want.dtype, f"stats {key!r}")
    need(trace.dtype == np.int64 and trace.ndim == 2 and trace.shape[1] == 3, "trace int64[T, 3]")


def play_block(n_deals, perms, policies, params, rules, beliefs, state, st, trace=None):  # type: ignore[no-untyped-def]
    """Run the kernel on one block (``state`` uint64[4] is advanced); returns the trace count.
    ``st``: :func:`new_block_stats` (with the per-deal sums), or the engine's statistics alone
    (:func:`.kernels.new_stats`): the same games either way."""
    tr = np.zeros((0, 3), np.int64) if trace is None else trace
    check_block_inputs(perms, policies, params, rules, beliefs, state, st, tr)
    tn = np.zeros(1, np.int64)
    engine_stats = tuple(st[k] for k in E.new_stats(1, 1))
    # The engine's arguments have one type whoever calls: read-only seat orders, tables and
    # moments (read-only views cost nothing) and the per-deal sums always there (scratch ones
    # for a caller without them). numba compiles an engine once per argument types, and each compile
    # of a bot set's engine takes seconds: writable tables from one caller and omitted sums from
    # another compiled the same engine three times.
    n_deals = np.int64(n_deals)
    perms = _read_only(perms)
    tables, moments = engine_beliefs(beliefs)
    # the tournament's statistics (new_block_stats) have the sums; the engine's alone
    # (E.new_stats) are for callers that need no intervals
    has_sums = "deal_seat_sq" in st
    sums = st if has_sums else E.new_deal_stats(perms.shape[1], policies.shape[0])
    by_deal = engine_sums(sums, st["wins"])
    play_deals = E.engine(bot_set(policies))  # the base bots compile a smaller engine
    play_deals(n_deals, perms, policies, params, rules, tables, moments, state, engine_stats,
               tr, tn, E.new_scratch(perms.shape[1]), by_deal)  # fmt: skip
    return int(tn[0])


def engine_beliefs(beliefs: Any) -> tuple[Tables, np.ndarray]:
    """The belief tables and moments of ``beliefs`` (:class:`.agents.Beliefs`) as the engine
    takes them from every caller: read-only views (see :func:`play_block`)."""
    return Tables(*(_read_only(a) for a in beliefs.tables)), _read_only(beliefs.moments)


def engine_sums(sums: dict[str, np.ndarray], wins: np.ndarray) -> tuple[np.ndarray, ...]:
    """The engine's ``by_deal`` argument: the per-deal sums of ``sums``
    (:func:`.kernels.new_deal_stats`) and a scratch shaped like ``wins``."""
    return sums["deal_seat_sq"], sums["deal_slot_sq"], np.empty_like(wins)


def _read_only(a: Any) -> Any:
    """``a`` (an array or a tuple of them) as read-only views; anything else as it is."""
    if isinstance(a, tuple):
        return tuple(_read_only(x) for x in a)
    if not isinstance(a, np.ndarray) or not a.flags.writeable:
        return a
    view = a.view()
    view.flags.writeable = False
    return view


# --------------------------------------------------------------------------- summary

_rate = seats.rate


def _hist_stats(hist: np.ndarray, offset: int) -> dict[str, Any]:
    n = int(hist.sum())
    if n == 0:
        return {"count": 0, "mean": None, "sd": None, "histogram": []}
    vals = np.arange(hist.size) + offset
    mean = float((vals * hist).sum() / n)
    sd = float(math.sqrt(max(0.0, (((vals - mean) ** 2) * hist).sum() / n)))
    return {
        "count": n,
        "mean": mean,
        "sd": sd,
        "histogram": [
            {"value": int(v), "count": int(c)} for v, c in zip(vals, hist, strict=True) if c
        ],
    }


def _exact_moments(hist_stats: dict[str, Any], total: int, squares: int) -> dict[str, Any]:
    """``hist_stats`` with the mean and (population) sd from the exact sum and sum of squares
    of the values, which the kernel adds up beside a histogram that clips its last bin."""
    n = hist_stats["count"]
    if n == 0:
        return hist_stats
    var = (n * squares - total * total) / (n * n)  # exact integers, one rounding
    return {**hist_stats, "mean": total / n, "sd": math.sqrt(max(0.0, var))}


def summarize(setup: Setup, stats: dict[str, np.ndarray], seed: int) -> dict[str, Any]:
    """The tournament result as a JSON-able dict (schema in docs/games/headcount.md)."""
    wins, seated = stats["wins"], stats["seated"]
    r = {name: int(stats["round"][i]) for i, name in enumerate(E.ROUND_COLUMNS)}
    games = r["games"]
    # the deal is the unit of the intervals: its games in every seat order share their cards
    deals = games // len(setup.orders)
    seat_sq, slot_sq = stats["deal_seat_sq"], stats["deal_slot_sq"]
    per_bot = []
    held = seats.distinct([b.key for b in setup.bots])
    for spec, slots in held.items():
        k = int(wins[:, slots].sum())
        n = int(seated[:, slots].sum())
        sq = int(slot_sq[np.ix_(slots, slots)].sum())
        slot_tot = stats["slot"][slots].sum(axis=0)
        sc = {name: int(slot_tot[i]) for i, name in enumerate(E.SLOT_COLUMNS)}
        per_bot.append(
            {
                "bot": spec,
                "label": setup.bots[slots[0]].label,
                "copies": len(slots),
                **_rate(k, n, sq, deals),
                "fair_share": 1 / setup.players,
                "by_seat": seats.per_bot_by_seat(wins, seated, slots, seat_sq, deals),
                "rounds": sc["rounds"],
                "round_loss_rate": sc["rounds_lost"] / sc["rounds"] if sc["rounds"] else None,
                "calls": sc["calls"],
                "calls_lost": sc["calls_lost"],
                "bids": sc["bids"],
                "peeks": sc["peeks"],
                "points": sc["points"],
                "points_right": sc["points_right"],
            }
        )
    per_seat = seats.per_seat(wins, games, seat_sq, deals)
    specs = list(held)
    pairs = [
        {"a": x, "b": y, **seats.paired_difference(wins, seated, slot_sq, held[x], held[y], deals)}
        for i, x in enumerate(specs)
        for y in specs[i + 1 :]
    ]
    rounds = r["rounds"]
    return {
        "schema": "headcount-simulate/1",
        "game": "headcount",
        "rules_version": VERSION,
        "seed": seed,
        "players": setup.players,
        "bots": [b.key for b in setup.bots],
        "rules": setup.rules.as_dict(),
        "rotate_seats": setup.rotate,
        "seat_orders": len(setup.orders),
        "games": games,
        "rounds": rounds,
        "per_bot": per_bot,
        "per_seat": per_seat,
        "pairs": pairs,
        "per_round": {
            "caller_loses": r["caller_lost"] / rounds,
            "peeks_per_round": r["peeks"] / rounds,
            "bids_per_round": r["bids"] / rounds,
            "ties": r["ties"] / rounds,
            "joker_in_play": r["joker_in_play"] / rounds,
            "top_in_play": r["top_in_play"] / rounds,
            "x2_in_play": r["x2_in_play"] / rounds,
            "forced_calls": r["forced_calls"],
            "opening_bid": _hist_stats(stats["opening_hist"], E.HIST_LO),
            "raise_size": _exact_moments(
                _hist_stats(stats["raise_hist"], 0), r["raise_sum"], r["raise_sq"]
            ),
        },
        "rounds_per_game": _hist_stats(stats["rounds_hist"], 0),
    }


def _pct(r: dict[str, Any]) -> str:
    return f"{value_text(r['rate'], '7.2%')}  {ci_text(r['ci95'], '.2%', r['games'])}"


def merged_note(per_bot: list[dict[str, Any]]) -> str | None:
    """The line saying which rows pool identical bots (JSON: ``per_bot[].copies``), or None."""
    merged = [f"{b['label']} holds {b['copies']} seats" for b in per_bot if b["copies"] > 1]
    if not merged:
        return None
    return (
        "note: identical bots share one row, their seats pooled (win rate per seat taken): "
        + ", ".join(merged)
    )


def print_summary(s: dict[str, Any]) -> None:
    """The text form of ``headcount simulate`` (the registry entry's ``summary``)."""
    rules = ", ".join(f"{k}={v}" for k, v in s["rules"].items())
    print(
        f"{s['games']:,} games ({s['rounds']:,} rounds), {s['players']} players, seed {s['seed']}"
        f"{', rotating ' + str(s['seat_orders']) + ' seat orders' if s['rotate_seats'] else ''}"
    )
    print(f"rules: {rules}")
    width = max(12, *(len(b["label"]) for b in s["per_bot"]))
    print(f"{'bot':<{width}} {'win rate  [95% CI]':>30}  calls lost  peeks/round")
    for b in s["per_bot"]:
        calls = f"{b['calls_lost'] / b['calls']:.1%}" if b["calls"] else "-"
        peeks = b["peeks"] / b["rounds"] if b["rounds"] else 0.0
        print(f"{b['label']:<{width}} {_pct(b):>30}  {calls:>10}  {peeks:11.3f}")
    if note := merged_note(s["per_bot"]):
        print(note)
    labels = {b["bot"]: b["label"] for b in s["per_bot"]}
    if s.get("pairs"):
        print("differences, paired by deal [95% CI]:")
    deals = s["games"] // s["seat_orders"]  # the pairs' unit
    for d in s.get("pairs", []):
        diff = value_text(d["difference"], "+.2%")
        ci = ci_text(d["ci95"], "+.2%", deals, "deal")
        print(f"  {labels[d['a']]} - {labels[d['b']]}: {diff}  {ci}")
    print("by seat (seat 0 starts the first round):")
    for i, r in enumerate(s["per_seat"]):
        print(f"  seat {i}: {_pct(r)}")
    pr = s["per_round"]
    opening = pr["opening_bid"]
    print(
        f"per round: caller loses {pr['caller_loses']:.1%}, {pr['peeks_per_round']:.3f} peeks, "
        f"{pr['bids_per_round']:.2f} bids, opening bid {value_text(opening['mean'], '.1f')} "
        f"(sd {value_text(opening['sd'], '.1f')}), raise {pr['raise_size']['mean'] or 0:.2f} "
        f"(sd {pr['raise_size']['sd'] or 0:.2f}); ties {pr['ties']:.1%}"
    )
    rpg = s["rounds_per_game"]
    print(f"rounds per game: mean {rpg['mean']:.2f} (sd {rpg['sd']:.2f})")
    if s.get("rounds_per_second"):
        print(
            f"time: {s['seconds']['setup_and_compile']:.2f} s set-up, {s['seconds']['play']:.2f} s"
            f" play, {s['rounds_per_second'] / 1e6:.2f} M rounds/s"
        )
    if "record" in s:
        k = s["record"]["games"]
        print(f"recorded {k} game{'s' if k != 1 else ''} in {s['record']['file']}")
