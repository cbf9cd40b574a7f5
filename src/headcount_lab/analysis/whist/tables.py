"""The Forehead Whist report's numbers: paired simulations and exact blind hands as tidy tables.

:func:`compute` runs the simulations (paired where a rule is compared: the same deals played both
ways) and the exact enumeration of blind one-card deals, and returns the tables that the report
saves as CSV files; :mod:`~headcount_lab.analysis.whist.facts` reads the numbers its text quotes
off these tables. A difference is called real only when its 95% interval leaves out zero.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from types import SimpleNamespace as Runs
from typing import Any

import numpy as np
import pandas as pd

from headcount_lab.analysis import rulelab
from headcount_lab.core.report import (
    NO_TICKS,
    GameReportOptions,
    Results,
    Ticker,
    check_size,
    fraction,
    rows_table,
    sectioned,
    tables_section,
)
from headcount_lab.core.stats import ci_columns, mean_ci, paired_ci
from headcount_lab.games.whist import blind_table
from headcount_lab.games.whist.equilibrium import LISTEN_PLAYERS, equilibrium
from headcount_lab.games.whist.rules import (
    MAX_CARDS,
    PLAYERS_MAX,
    PLAYERS_MIN,
    WhistRules,
    hand_sizes,
)
from headcount_lab.research.whist import equilibrium_sample as es
from headcount_lab.research.whist import handstats

DEFAULT_MATCHES = 100_000
QUICK_MATCHES = 3_000
#: the bot tournament (one montecarlo seat, ~25x slower) plays this share of --matches
TOURNAMENT_SHARE = 10
PLAYERS = tuple(range(PLAYERS_MIN, PLAYERS_MAX + 1))
EXACT_PLAYERS = (3, 4)
TOURNAMENT_BOTS = ("montecarlo", "heuristic", "heuristic", "random")
#: the bots of question 1's card-only runs (blind bids from the cards alone)
CARD_ONLY_BOT = "heuristic"
#: the bots of the listening runs: blind bids from the exact equilibrium (3 and 4 players)
LISTENING_BOT = "heuristic:listen=1"
#: table sizes whose equilibrium the report computes on every run (seconds); larger ones are
#: read from ``data/whist-blind-equilibrium.json`` (scripts/whist_blind_equilibrium.py)
LIVE_EQUILIBRIUM = (3, 4)
COMMAND = "headcount-lab report whist"
NAME = "forehead-whist"

#: paired runs by (players, one-card hands blind): handstats' statistics by name
PairedRuns = dict[tuple[int, bool], dict[str, np.ndarray]]


@dataclass(frozen=True)
class WhistReportOptions(GameReportOptions):
    """``size``: matches per simulated set-up (``None``: the default, or the quick size)."""

    COMMAND = COMMAND
    SIZE_FLAG = "--matches"
    DEFAULT = DEFAULT_MATCHES
    QUICK = QUICK_MATCHES

    @property
    def n_tournament(self) -> int:
        # a multiple of the 4 seats, so that rotation gives every bot every seat equally
        return max(4, self.n // TOURNAMENT_SHARE // 4 * 4)


# --- simulations ------------------------------------------------------------------------------


def _run(
    bots: list[str], a: WhistRules, b: WhistRules, matches: int, seed: int, tick: Ticker
) -> dict[str, np.ndarray]:
    """Every match played under rules ``a`` and again under ``b`` from the same stream, seats
    rotated."""
    from headcount_lab.core.runner import run_job

    # a thread per local core; the merged statistics are the same for any number of workers
    job = handstats.make_job(a, b, bots, matches, rotate=True)
    return run_job(job, seed, on_chunk=tick.on_chunk(job))


def restriction_runs(
    opts: WhistReportOptions,
    tick: Ticker = NO_TICKS,
    bot: str = CARD_ONLY_BOT,
    sizes: tuple[int, ...] = PLAYERS,
    seen: tuple[int, ...] = (4,),
) -> PairedRuns:
    """Tables of ``n`` copies of ``bot`` at each of ``sizes`` (and at ``seen`` with the one-card
    hands not blind), each match played with the dealer's restriction on (``a``) and off
    (``b``) from the same stream: the bots draw nothing but the deal, so the pairs see the same
    cards."""

    def pair(n: int, **rules: Any) -> dict[str, np.ndarray]:
        on, off = (
            WhistRules(players=n, **rules),
            WhistRules(players=n, dealer_restriction=False, **rules),
        )
        return _run([bot] * n, on, off, opts.n, opts.seed, tick)

    out = {(n, True): pair(n) for n in sizes}
    return out | {(n, False): pair(n, blind_one_card_hands=False) for n in seen}


def tournament_run(opts: WhistReportOptions, tick: Ticker = NO_TICKS) -> dict[str, np.ndarray]:
    """The bot table, seats rotated, each match scored with streaks ``every_five`` (``a``) and
    ``once`` (``b``); streaks change no decision, so both plays are the same match."""
    five, once = WhistRules(players=4), WhistRules(players=4, streak_mode="once")
    return _run(list(TOURNAMENT_BOTS), five, once, opts.n_tournament, opts.seed, tick)


# --- tables -----------------------------------------------------------------------------------


def _mean(
    name: str, f: dict[str, Any], total: str, count: Any, scale: float = 1.0
) -> dict[str, float]:
    """The columns of the mean of the field ``total`` of ``f`` (a row of handstats' statistics
    by field name, with ``<total>_sq``, its sum of squares) over ``count``, times ``scale``."""
    return ci_columns(name, mean_ci(f[total], f[f"{total}_sq"], count, scale=scale))


def _paired(
    name: str, f: dict[str, Any], a: str, b: str, count: Any, scale: float = 1.0
) -> dict[str, float]:
    """The columns of the paired mean of the fields ``a`` minus ``b`` of ``f`` (``diff_sq``:
    the sum of the squared differences) over ``count``, times ``scale``."""
    return ci_columns(name, paired_ci(f[a], f[b], f["diff_sq"], count, scale=scale))


def _named(fields: tuple[str, ...], values: np.ndarray) -> dict[str, Any]:
    return dict(zip(fields, values, strict=True))


def _blind_runs(runs: PairedRuns) -> Iterator[tuple[int, dict[str, np.ndarray]]]:
    """The runs with blind one-card hands (the rule text's), by player count."""
    return ((n, st) for (n, blind), st in runs.items() if blind)


def _gap_columns(values: np.ndarray, count: Any, n: int) -> dict[str, float]:
    """The dealer's gap with the restriction on and off and the paired effect, in points, from
    a row of ``handstats.GAP_FIELDS`` (sums over ``count`` hands or matches)."""
    g, s = _named(handstats.GAP_FIELDS, values), 1.0 / (n - 1)
    return {
        **_mean("gap_on", g, "gap", count, s),
        **_mean("gap_off", g, "gap_b", count, s),
        **_paired("effect", g, "gap", "gap_b", count, s),
    }


@rows_table
def dealer_gap_table(runs: PairedRuns) -> Iterator[dict[str, Any]]:
    """Q1: the dealer's score minus the others' mean, points per hand, by player count and hand
    size, restriction on and off, and the paired effect of the restriction."""
    for (n, blind), st in runs.items():
        for k, g in enumerate(st["gap"]):
            if k and (h := int(g[handstats.G_HANDS])):
                yield {
                    "players": n,
                    "one_card_blind": blind,
                    "cards": k,
                    "trump": k < MAX_CARDS,
                    "hands": h,
                    **_gap_columns(g, h, n),
                    "dealer_made_on": g[handstats.G_MADE] / h,
                    "dealer_made_off": g[handstats.G_MADE_B] / h,
                }


@rows_table
def match_gap_table(runs: PairedRuns) -> Iterator[dict[str, Any]]:
    """Q1 over a match: the dealer's gap added up over all hands of a match (points)."""
    for (n, blind), st in runs.items():
        m = int(st["match_gap"][handstats.G_HANDS])
        yield {
            "players": n,
            "one_card_blind": blind,
            "matches": m,
            "hands_per_match": len(hand_sizes(n)),
            **_gap_columns(st["match_gap"], m, n),
        }


def _standing(mean: str, f: dict[str, Any], m: Any, n: int) -> dict[str, Any]:
    """A seat's or a bot's columns from its statistics ``f`` (by handstats' field name) over
    ``m`` matches at a table of ``n``: its mean match total (as ``mean``), its lead over the
    table's mean and its win share (ties shared)."""
    return {
        **_mean(mean, f, "total", m),
        **_mean("lead", f, "dev", m, 1.0 / n),
        "win_share": f["win60"] / 60 / m,
    }


@rows_table
def seat_table(runs: PairedRuns) -> Iterator[dict[str, Any]]:
    """Q1 and Q4 by seat, counted clockwise from the first dealer (seat 0 deals hand 1): the
    hand sizes it deals, its match total and its lead over the table's mean with the restriction
    on, win share, and the paired change of its total that the restriction makes."""
    for n, st in _blind_runs(runs):
        m = st["match_gap"][handstats.G_HANDS]
        for r, values in enumerate(st["per_seat"]):
            f, dealt = _named(handstats.SEAT_FIELDS, values), hand_sizes(n)[r::n]
            yield {
                "players": n,
                "seat": r,
                "deals_sizes": " ".join(map(str, dealt)),
                "cards_dealt": sum(dealt),
                **_standing("total", f, m, n),
                **_paired("restriction_effect", f, "total", "total_b", m),
            }


def _bot_labels(bots: tuple[str, ...]) -> list[str]:
    """The bots' names, a repeated one numbered from its second seat (``heuristic#2``)."""
    counts = [bots[: i + 1].count(b) for i, b in enumerate(bots)]
    return [b if c == 1 else f"{b}#{c}" for b, c in zip(bots, counts, strict=True)]


@rows_table
def bot_table(
    st: dict[str, np.ndarray], bots: tuple[str, ...] = TOURNAMENT_BOTS
) -> Iterator[dict[str, Any]]:
    """Q3: mean match score, lead over the table's mean, win share and bids made, per bot."""
    for label, values, size in zip(
        _bot_labels(bots), st["per_bot"], st["per_bot_size"], strict=True
    ):
        f = _named(handstats.BOT_FIELDS, values)
        yield {
            "bot": label,
            "matches": int(f["matches"]),
            **_standing("mean", f, f["matches"], len(bots)),
            "made": size[:, 3].sum() / size[:, 0].sum(),
        }


def bot_size_table(
    st: dict[str, np.ndarray], bots: tuple[str, ...] = TOURNAMENT_BOTS
) -> pd.DataFrame:
    """Q3: by bot and hand size, the mean score per hand, the points per match those hands
    bring (hands of that size in a match times the mean) and how often the bid is made."""
    sizes = hand_sizes(len(bots))
    return pd.DataFrame(
        {
            "bot": label,
            "cards": k,
            "kind": "blind" if k == 1 else ("no trump" if k == MAX_CARDS else "trump"),
            "hands": int(size[k, 0]),
            **ci_columns("score", mean_ci(size[k, 1], size[k, 2], size[k, 0])),
            # mean_ci's scale multiplies the estimate and its ends, as the hands of a match do
            **ci_columns(
                "per_match", mean_ci(size[k, 1], size[k, 2], size[k, 0], scale=sizes.count(k))
            ),
            "made": size[k, 3] / size[k, 0],
        }
        for label, size in zip(_bot_labels(bots), st["per_bot_size"], strict=True)
        for k in sorted(set(sizes))
    )


@rows_table
def streak_table(
    st: dict[str, np.ndarray],
    bots: tuple[str, ...] = TOURNAMENT_BOTS,
    bonus: int = WhistRules().streak_bonus,
) -> Iterator[dict[str, Any]]:
    """Q5: streak bonuses per match by bot and mode, their share of the score, and the paired
    change of the match total from ``every_five`` to ``once`` (fields ``_b``: scored ``once``)."""
    for label, values in zip(_bot_labels(bots), st["per_bot"], strict=True):
        f = _named(handstats.BOT_FIELDS, values)
        m = f["matches"]
        change = _paired("once_minus_every_five", f, "total_b", "total", m)
        for mode, b in (("every_five", ""), ("once", "_b")):
            net = bonus * (f[f"up{b}"] - f[f"down{b}"])
            pts = mean_ci(net, f[f"bonus{b}_sq"], m)
            yield {
                "bot": label,
                "mode": mode,
                "matches": int(m),
                "plus_per_match": f[f"up{b}"] / m,
                "minus_per_match": f[f"down{b}"] / m,
                **ci_columns("bonus_points", pts),
                "mean_total": f[f"total{b}"] / m,
                "bonus_share": pts[0] / (f[f"total{b}"] / m),
                **change,
            }


@rows_table
def streaks_by_players(runs: PairedRuns, bonus: int = 10) -> Iterator[dict[str, Any]]:
    """Q5 for all-heuristic tables at each player count (restriction on, every_five)."""
    for n, st in _blind_runs(runs):
        f = _named(handstats.BOT_FIELDS, st["per_bot"].sum(axis=0))
        m, net = f["matches"], bonus * (f["up"] - f["down"])
        yield {
            "players": n,
            "seat_matches": int(m),
            "plus_per_match": f["up"] / m,
            "minus_per_match": f["down"] / m,
            "bonus_points": net / m,
            "mean_total": f["total"] / m,
            "bonus_share": net / f["total"],
        }


# --- exact blind hands ------------------------------------------------------------------------


#: the leader's position (first to bid and to play) at any table size
LEADER = "1 (leads)"


def position_name(pos: int, n: int) -> str:
    if pos == 0:
        return LEADER
    if pos == n - 1:
        return f"{n} (dealer)"
    return str(pos + 1)


def threshold_wins(n: int, bonus: int = 5) -> int:
    """The fewest winning cards (of ``unseen(n)``) for which bidding 1 is right."""
    u = blind_table.unseen(n)
    return next(w for w in range(u + 1) if (2 * bonus + 3) * w > (bonus + 1) * u)


def _exact(name: str, p: Fraction) -> dict[str, Any]:
    """The columns ``name`` and ``name_exact`` (its fraction) of an exact value."""
    return {name: float(p), f"{name}_exact": fraction(p)}


def _view_summary(n: int, counts: np.ndarray, total: int) -> dict[str, Any]:
    """Share, exact mean P(win) and the share where bid 1 is best, for a histogram ``counts`` of
    views by the number of winning cards (out of ``unseen(n)``)."""
    u = blind_table.unseen(n)
    c = int(counts.sum())
    p = Fraction(int((counts * np.arange(u + 1)).sum()), c * u)
    one = Fraction(int(counts[threshold_wins(n) :].sum()), c)
    return {"share_of_views": c / total, **_exact("p_win", p), **_exact("bid_1_best", one)}


def blind_bid_table(tables: dict[int, dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q2: by player count, position and what is visible (trumps, side aces and kings), the
    share of such views, the exact mean chance to take the trick, and how often bidding 1 is
    the better bid (exact fractions)."""
    group = ("0", "1", "2+")
    return pd.DataFrame(
        {
            "players": n,
            "position": position_name(pos, n),
            "trumps_seen": group[ts],
            "aces_kings_seen": group[hs],
            **_view_summary(n, v[pos, ts, hs], int(v[0].sum())),
        }
        for n, v in ((n, t["views"]) for n, t in tables.items())
        for pos, ts, hs in np.ndindex(n, 3, 3)
        if v[pos, ts, hs].any()
    )


def blind_position_table(tables: dict[int, dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q2 condensed: by player count, position and visible trumps (any aces and kings)."""
    return pd.DataFrame(
        {
            "players": n,
            "position": position_name(pos, n),
            "trumps_seen": label,
            **_view_summary(n, counts, int(v[0].sum())),
        }
        for n, v in ((n, t["views"].sum(axis=2)) for n, t in tables.items())
        for pos in range(n)
        for label, counts in (("none", v[pos, 0]), ("one or more", v[pos, 1:].sum(axis=0)))
    )


@rows_table
def blind_score_table(tables: dict[int, dict[str, np.ndarray]]) -> Iterator[dict[str, Any]]:
    """Q2: exact expected score and chance of making the bid per position, restriction off and
    on, for the rule text's bonus 5 and Oh Hell's 10; and the dealer minus the others' mean."""
    for n, t in tables.items():
        d = blind_table.deals(n)
        for b, pos in np.ndindex(len(blind_table.BONUSES), n):
            off, on = (Fraction(int(x), d) for x in t["score"][b, :, pos])
            yield {
                "players": n,
                "bonus": blind_table.BONUSES[b],
                "position": position_name(pos, n),
                "score_off": float(off),
                "score_on": float(on),
                "score_off_exact": fraction(off),
                "score_on_exact": fraction(on),
                "made_off": int(t["made"][b, 0, pos]) / d,
                "made_on": int(t["made"][b, 1, pos]) / d,
            }


def _dealer_cost(t: dict[str, np.ndarray], n: int, b: int) -> tuple[Fraction, Fraction]:
    """The dealer's exact cost of the restriction per blind hand and the share of deals where
    it forbids the better bid, from the blind tables ``t`` of ``n`` players (bonus index
    ``b``)."""
    d = blind_table.deals(n)
    cost = Fraction(int(t["score"][b, 0, n - 1] - t["score"][b, 1, n - 1]), d)
    return cost, Fraction(int(t["forced"][b]), d)


@rows_table
def blind_dealer_table(tables: dict[int, dict[str, np.ndarray]]) -> Iterator[dict[str, Any]]:
    """Q2: the dealer's exact gap (minus the others' mean) and the restriction's exact cost."""
    for n, t in tables.items():
        d = blind_table.deals(n)
        for b, bonus in enumerate(blind_table.BONUSES):
            off, on = ([Fraction(int(x), d) for x in t["score"][b, r]] for r in (0, 1))
            gap_off, gap_on = (sc[-1] - sum(sc[:-1], Fraction(0)) / (n - 1) for sc in (off, on))
            cost, forced = _dealer_cost(t, n, b)
            yield {
                "players": n,
                "bonus": bonus,
                "gap_off": float(gap_off),
                **_exact("gap_on", gap_on),
                **_exact("dealer_cost", cost),
                "forced_share": float(forced),
                "forced_exact": fraction(forced),
            }


@rows_table
def listening_table(listen: dict[int, dict[str, np.ndarray]]) -> Iterator[dict[str, Any]]:
    """Q2: the exact value of listening to the bids made before yours (the earlier bidders saw
    your card), when everyone else bids by the cards they see; points per blind hand."""
    for n, t in listen.items():
        d = blind_table.deals(n)
        for r, pos in np.ndindex(2, n):
            cards, heard = (Fraction(int(x), d) for x in t["score"][r, pos])
            yield {
                "players": n,
                "restriction": ("off", "on")[r],
                "position": position_name(pos, n),
                "score_cards_only": float(cards),
                "score_listening": float(heard),
                **_exact("gain", heard - cards),
                "bid_changed_share": int(t["changed"][r, pos]) / d,
            }


@rows_table
def listening_pattern_table(listen: dict[int, dict[str, np.ndarray]]) -> Iterator[dict[str, Any]]:
    """Q2: the listening bid by what you see (a trump or not) and the leader's bid, for the
    seats after the leader (restriction on)."""
    for n, t in listen.items():
        pat = t["pattern"][1]
        for pos, seen, lead in np.ndindex(n, 2, 2):
            c = pat[pos, seen, lead]
            if pos and c.sum():
                yield {
                    "players": n,
                    "position": position_name(pos, n),
                    "trump_seen": bool(seen),
                    "leader_bid": lead,
                    "share_of_deals": c.sum() / pat[pos].sum(),
                    "bid_1_share": c[1] / c.sum(),
                }


# --- the equilibrium of blind bidding (every seat listens) -------------------------------------


def equilibrium_inputs(cache: Any = None) -> Runs:
    """The equilibrium by table size: ``exact`` (the sizes in :data:`LIVE_EQUILIBRIUM` solved
    now, the others read from the cache: ``cache``, a path, default
    ``data/whist-blind-equilibrium.json``), ``sampled`` (cached), the ``commands`` that cached
    them and the exact bid ``patterns``; a size with neither is an error naming the command
    that fills it."""
    path = es.CACHE if cache is None else cache
    data = es.read_cache(path)
    live = LIVE_EQUILIBRIUM
    eq = Runs(
        exact={n: equilibrium(n) for n in live},
        sampled={},
        commands={},
        patterns={n: es.bid_patterns(n) for n in live},
    )
    for n in sorted(set(PLAYERS) - set(live)):
        for exact, found, read in (
            (True, eq.exact, es.exact_from_record),
            (False, eq.sampled, es.sampled_from_record),
        ):
            record = data.get(es.cache_key(n, 5, exact))
            if record is not None:
                found[n] = read(record["result"])
                eq.commands.setdefault(n, record["command"])
        if n not in eq.exact and n not in eq.sampled:
            raise ValueError(
                f"no blind-hand equilibrium for {n} players in {path}: run "
                f"python scripts/whist_blind_equilibrium.py --players {n} --samples 300"
            )
    return eq


def _est_columns(**ests: Any) -> dict[str, Any]:
    """For each estimate ``name=est``: ``name``, ``name_lo``, ``name_hi`` (equal for an exact
    value) and ``name_exact`` (the fraction, or empty for a sampled estimate)."""
    out: dict[str, Any] = {}
    for name, est in ests.items():
        if isinstance(est, Fraction):
            v, lo, hi, exact = float(est), float(est), float(est), fraction(est)
        else:
            v, lo, hi, exact = est.mean, est.lo, est.hi, ""
        out |= {name: v, f"{name}_lo": lo, f"{name}_hi": hi, f"{name}_exact": exact}
    return out


@rows_table
def equilibrium_table(eq: Runs, card: dict[int, dict[str, np.ndarray]]) -> Iterator[dict[str, Any]]:
    """The dealer's cost of the restriction per blind hand when every seat listens (the
    equilibrium) beside the cost when every seat bids from the cards alone: exact where every
    deal was enumerated, else on sampled deals with 95% intervals (the card-only figure then on
    the same deals, so the change is paired); the forced share and the cost in those deals."""
    b = blind_table.BONUSES.index(5)
    for n in PLAYERS:
        e, s = eq.exact.get(n), eq.sampled.get(n)
        src = e if e is not None else s
        if e is not None and n in card:
            cost, forced_share = _dealer_cost(card[n], n, b)
            when_forced = cost / forced_share
            change = e.dealer_cost - cost
        else:
            cost, forced_share, when_forced = s.card_cost, s.card_forced_share, s.card_forced_cost
            change = s.listening_change
        yield {
            "players": n,
            "method": "exact" if e is not None else "sampled",
            "command": eq.commands.get(n, ""),
            "deals": src.deals,
            "samples": 0 if e is not None else s.samples,
            **_est_columns(
                dealer_cost=src.dealer_cost,
                forced_share=src.forced_share,
                cost_when_forced=src.forced_cost,
                card_only_cost=cost,
                card_only_forced_share=forced_share,
                card_only_cost_when_forced=when_forced,
                listening_change=change,
            ),
        }


@rows_table
def equilibrium_seat_table(eq: Runs) -> Iterator[dict[str, Any]]:
    """By table size and position: each seat's mean score and how often it makes its bid under
    the equilibrium, restriction on and off (only the dealer's change)."""
    for n in PLAYERS:
        src = eq.exact.get(n) or eq.sampled[n]
        for pos in range(n):
            yield {
                "players": n,
                "method": "exact" if n in eq.exact else "sampled",
                "position": position_name(pos, n),
                **_est_columns(
                    made_on=src.made_rate(pos, True),
                    made_off=src.made_rate(pos, False),
                    score_on=src.mean_score(pos, True),
                    score_off=src.mean_score(pos, False),
                ),
            }


@rows_table
def equilibrium_rule_table(eq: Runs) -> Iterator[dict[str, Any]]:
    """The equilibrium bids as a rule: by table size, position, a trump in sight or not, and
    whether a seat before you bid 1, the share of deals, the share where the equilibrium bids 1,
    the bid a person should make (the more common one) and how often that rule is the
    equilibrium's bid. Exact, restriction on; the leader hears no bid."""
    for n, t in eq.patterns.items():
        pat = t["pattern"]
        for pos, seen, heard in np.ndindex(n, 2, 2):
            k = int(pat[pos, seen, heard].sum())
            if k and (pos or not heard):
                one = Fraction(int(pat[pos, seen, heard, 1]), k)
                yield {
                    "players": n,
                    "position": position_name(pos, n),
                    "trump_seen": bool(seen),
                    "earlier_bid_1": bool(heard),
                    "share_of_deals": k / int(pat[0].sum()),
                    "bid_1_share": float(one),
                    "rule_bid": int(one > Fraction(1, 2)),
                    "rule_agrees": float(max(one, 1 - one)),
                }


@rows_table
def equilibrium_forced_table(eq: Runs) -> Iterator[dict[str, Any]]:
    """The dealer when the restriction forbids its best bid (exact, equilibrium): by the number
    of 1-bids it heard (0: it must bid 0; 1: it must bid 1), the share of deals and how often
    the forced bid is still made."""
    for n, t in eq.patterns.items():
        for ones in (0, 1):
            k = int(t["forced"][ones].sum())
            yield {
                "players": n,
                "ones_heard": ones,
                "forced_bid": ones,
                "share_of_deals": k / int(t["pattern"][0].sum()),
                "made_share": int(t["forced"][ones, 1]) / k if k else 0.0,
            }


@rows_table
def who_pays_table(runs: PairedRuns, bot: str) -> Iterator[dict[str, Any]]:
    """Where the dealer's lost points go (paired, restriction on minus off, points per match,
    hand scores without streak bonuses): the dealers' summed change, everyone else's and the
    whole table's, over the blind hands and over all hands of a match (each seat deals equally
    often). Per hand the kernel's gap is ``g = n * dealer - table``, so ``table = n * dealer -
    g``."""
    G = handstats
    for n, st in _blind_runs(runs):
        gap = st["gap"]
        m = st["match_gap"][G.G_HANDS]
        for scope, sel in (("blind hands", gap[1:2]), ("match", gap)):
            dealers = int((sel[:, G.G_DEALER] - sel[:, G.G_DEALER_B]).sum())
            table = n * dealers - int((sel[:, G.G_GAP] - sel[:, G.G_GAP_B]).sum())
            yield {
                "players": n,
                "bot": bot,
                "scope": scope,
                "matches": int(m),
                "dealers_change": dealers / m,
                "others_change": (table - dealers) / m,
                "table_change": table / m,
            }


# --- the whole report -------------------------------------------------------------------------


def check(opts: WhistReportOptions) -> None:
    check_size(opts.n, "--matches", opts.seed)


def _blind(opts: WhistReportOptions, tick: Ticker) -> Runs:
    """The exact blind tables and listening tables (3 and 4 players) and the equilibrium."""
    exact = {n: blind_table.blind_tables(n) for n in EXACT_PLAYERS}
    tick.advance()
    listen = {n: blind_table.listening_tables(n) for n in EXACT_PLAYERS}
    tick.advance()
    eq = equilibrium_inputs()
    tick.advance()
    return Runs(exact=exact, listen=listen, eq=eq)


def competent_tables() -> dict[str, pd.DataFrame]:
    """The restriction with the competent field of 4 players: the stored paired run
    (:mod:`headcount_lab.research.whist.competent_restriction`, too slow for every report run)
    through the same tables as the report's own runs, with its bots and command beside them."""
    from headcount_lab.research.whist import competent_restriction as cr

    stats, meta = cr.load()
    bot = ",".join(sorted(set(meta["bots"])))
    runs = {(len(meta["bots"]), True): stats}
    seats = seat_table(runs)
    seats.insert(0, "bot", bot)
    seats["command"] = meta["command"]
    return {"q1_competent_seats": seats, "q1_competent_pays": who_pays_table(runs, bot)}


def _restriction(opts: WhistReportOptions, tick: Ticker) -> Runs:
    """The card-only and the listening runs, restriction on and off, and the stored run of the
    competent field."""
    runs = restriction_runs(opts, tick)
    heard = restriction_runs(opts, tick, LISTENING_BOT, LISTEN_PLAYERS, seen=())
    return Runs(runs=runs, heard=heard, competent=competent_tables())


#: the report's sections (``report whist --only NAME``), in the order they run
SECTIONS = (
    tables_section(
        "blind",
        "q2: exact blind one-card hands; q1: the blind-bidding equilibrium, 3-6 players",
        _blind,
        {
            "q1_equilibrium": lambda x: equilibrium_table(x.eq, x.exact),
            "q2_blind_views": lambda x: blind_bid_table(x.exact),
            "q2_blind_positions": lambda x: blind_position_table(x.exact),
            "q2_blind_scores": lambda x: blind_score_table(x.exact),
            "q2_blind_dealer": lambda x: blind_dealer_table(x.exact),
            "q2_listening": lambda x: listening_table(x.listen),
            "q2_listening_pattern": lambda x: listening_pattern_table(x.listen),
            "q2_equilibrium_seats": lambda x: equilibrium_seat_table(x.eq),
            "q2_equilibrium_rule": lambda x: equilibrium_rule_table(x.eq),
            "q2_equilibrium_forced": lambda x: equilibrium_forced_table(x.eq),
        },
        lambda o: (3, "parts"),
    ),
    tables_section(
        "restriction",
        "q1, q4, q5: the dealer's restriction on and off, 3-6 players, and listening bots",
        _restriction,
        {
            "q1_dealer_gap": lambda x: dealer_gap_table(x.runs),
            "q1_match_gap": lambda x: match_gap_table(x.runs),
            "q1_q4_seats": lambda x: seat_table(x.runs),
            "q1_listening_gap": lambda x: dealer_gap_table(x.heard),
            "q1_listening_seats": lambda x: seat_table(x.heard),
            "q1_who_pays": lambda x: pd.concat(
                [who_pays_table(x.runs, CARD_ONLY_BOT), who_pays_table(x.heard, LISTENING_BOT)],
                ignore_index=True,
            ),
            "q1_competent_seats": lambda x: x.competent["q1_competent_seats"],
            "q1_competent_pays": lambda x: x.competent["q1_competent_pays"],
            "q5_streaks_by_players": lambda x: streaks_by_players(x.runs),
        },
        lambda o: ((len(PLAYERS) + 1 + len(LISTEN_PLAYERS)) * o.n, "matches"),
    ),
    tables_section(
        "tournament",
        "q3, q5: the bot tournament",
        tournament_run,
        {
            "q3_bots": bot_table,
            "q3_bots_by_size": bot_size_table,
            "q5_streaks": streak_table,
        },
        lambda o: (o.n_tournament, "matches"),
    ),
    rulelab.section("whist"),
)


#: every table of the report (``compute(opts, progress, only, folder)``)
compute = sectioned(NAME, SECTIONS, Results, check)
