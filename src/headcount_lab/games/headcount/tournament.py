"""Tournaments of Headcount bots: the runner job around :func:`.engine.play_deals` and the
summary (win rates with 95% Wilson intervals, per-round statistics) that ``simulate`` prints.

Plain Python: dtype coercion, seat orders, belief tables and chunking live here; the kernel
only plays. The JSON schema of :func:`summarize` is documented in ``docs/games/headcount.md``.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from headcount_lab.games.headcount import engine as E
from headcount_lab.games.headcount.agents import READER, Beliefs, Bot, build_beliefs, table_params
from headcount_lab.games.headcount.rules import PLAYERS_MAX, PLAYERS_MIN, VERSION, HeadcountRules

BLOCK_GAMES = 2000  # games per runner block (rounded to whole deals); part of a run's identity


@dataclass(frozen=True)
class Setup:
    """A tournament: ``bots[slot]``, seat orders ``orders[q][seat] -> slot``, rules."""

    bots: tuple[Bot, ...]
    rules: HeadcountRules
    rotate: bool

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def orders(self) -> list[tuple[int, ...]]:
        return seat_orders(self.bots, self.rotate)

    def beliefs(self) -> Beliefs:
        levels, _ = table_params(self.bots)
        return build_beliefs(
            self.rules.double,
            self.players,
            self.rules.hidden_card,
            any(b.policy == READER for b in self.bots),
            levels,
        )

    def kernel_args(self) -> tuple[np.ndarray, ...]:
        """(perms int64[P, n], policies int64[slots], params float64[slots, N_PARAMS], rules)."""
        perms = np.array(self.orders, dtype=np.int64)
        policies = np.array([b.policy for b in self.bots], dtype=np.int64)
        _, params = table_params(self.bots)
        return perms, policies, params, E.rules_array(self.rules)


def seat_orders(bots: tuple[Bot, ...] | list[Bot], rotate: bool) -> list[tuple[int, ...]]:
    """Seat orders (slot of each seat). Without rotation the bots sit as listed; with it, every
    distinct arrangement of the specs (identical bots are interchangeable) once."""
    n = len(bots)
    if not rotate:
        return [tuple(range(n))]
    seen: set[tuple[str, ...]] = set()
    out = []
    for perm in itertools.permutations(range(n)):
        key = tuple(bots[i].spec for i in perm)
        if key not in seen:
            seen.add(key)
            out.append(perm)
    return out


def make_job(setup: Setup, games: int, trace_rows: int = 0):  # type: ignore[no-untyped-def]
    """A runner :class:`~headcount_lab.core.runner.Job` whose units are deals (each played in
    every seat order). ``games`` is rounded up to whole deals."""
    from headcount_lab.core.runner import Job

    if not PLAYERS_MIN <= setup.players <= PLAYERS_MAX:
        raise ValueError(
            f"players must be between {PLAYERS_MIN} and {PLAYERS_MAX}, got {setup.players}"
        )
    if games <= 0:
        raise ValueError(f"--games must be positive, got {games}")
    n_orders = len(setup.orders)
    deals = -(-games // n_orders)
    block = max(1, BLOCK_GAMES // n_orders)
    block_fn = SimulateBlock.of(setup)

    params_id = {
        "game": "headcount",
        "version": VERSION,
        "bots": [b.spec for b in setup.bots],
        "rules": setup.rules.as_dict(),
        "rotate_seats": setup.rotate,
        "deals": deals,
    }
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


def new_block_stats(setup: Setup) -> dict[str, np.ndarray]:
    return E.new_stats(setup.players, setup.players)


def play_block(n_deals, perms, policies, params, rules, beliefs, state, st, trace=None):  # type: ignore[no-untyped-def]
    """Run the kernel on one block (``state`` uint64[4] is advanced); returns the trace count."""
    tr = np.zeros((0, 3), np.int64) if trace is None else trace
    tn = np.zeros(1, np.int64)
    E.play_deals(n_deals, perms, policies, params, rules, E.beliefs_tuple(beliefs), state,
                 tuple(st.values()), tr, tn,
                 E.new_scratch(perms.shape[1]))  # fmt: skip
    return int(tn[0])


# --------------------------------------------------------------------------- summary

Z95 = 1.959963984540054


def wilson(k: int, n: int) -> tuple[float, float, float]:
    """(rate, low, high): Wilson score 95% interval for ``k`` successes in ``n`` trials."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = k / n
    den = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / den
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / den
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def _rate(k: int, n: int) -> dict[str, Any]:
    p, lo, hi = wilson(k, n)
    return {"wins": k, "games": n, "rate": p, "ci95": [lo, hi]}


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


def summarize(setup: Setup, stats: dict[str, np.ndarray], seed: int) -> dict[str, Any]:
    """The tournament result as a JSON-able dict (schema in docs/games/headcount.md)."""
    wins, seated = stats["wins"], stats["seated"]
    r = {name: int(stats["round"][i]) for i, name in enumerate(E.ROUND_COLUMNS)}
    games = r["games"]
    specs: list[str] = []
    for b in setup.bots:
        if b.spec not in specs:
            specs.append(b.spec)
    per_bot = []
    for spec in specs:
        slots = [i for i, b in enumerate(setup.bots) if b.spec == spec]
        k = int(wins[:, slots].sum())
        n = int(seated[:, slots].sum())
        slot_tot = stats["slot"][slots].sum(axis=0)
        sc = {name: int(slot_tot[i]) for i, name in enumerate(E.SLOT_COLUMNS)}
        per_bot.append(
            {
                "bot": spec,
                "label": setup.bots[slots[0]].label,
                "copies": len(slots),
                **_rate(k, n),
                "fair_share": 1 / setup.players,
                "by_seat": [
                    _rate(int(wins[s, slots].sum()), int(seated[s, slots].sum()))
                    for s in range(setup.players)
                ],
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
    per_seat = [_rate(int(wins[s].sum()), games) for s in range(setup.players)]
    rounds = r["rounds"]
    return {
        "schema": "headcount-simulate/1",
        "game": "headcount",
        "rules_version": VERSION,
        "seed": seed,
        "players": setup.players,
        "bots": [b.spec for b in setup.bots],
        "rules": setup.rules.as_dict(),
        "rotate_seats": setup.rotate,
        "seat_orders": len(setup.orders),
        "games": games,
        "rounds": rounds,
        "per_bot": per_bot,
        "per_seat": per_seat,
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
            "raise_size": _hist_stats(stats["raise_hist"], 0),
        },
        "rounds_per_game": _hist_stats(stats["rounds_hist"], 0),
    }
