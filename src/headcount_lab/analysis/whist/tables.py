"""The Forehead Whist report's numbers: paired simulations and exact blind hands as tidy tables.

:func:`compute` runs the simulations (paired where a rule is compared: the same deals played both
ways) and the exact enumeration of blind one-card deals, and returns the tables that the report
saves as CSV files; :mod:`~headcount_lab.analysis.whist.facts` reads the numbers its text quotes
off these tables. A difference is called real only when its 95% interval leaves out zero.
"""

from __future__ import annotations

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
    sectioned,
    tables_section,
)
from headcount_lab.core.stats import ci_columns, mean_ci, paired_ci
from headcount_lab.games.whist import blind_table
from headcount_lab.games.whist.equilibrium import LISTEN_PLAYERS, Equilibrium, equilibrium
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


@dataclass(frozen=True)
class WhistReportOptions(GameReportOptions):
    """``size``: matches per simulated set-up (``None``: the default, or the quick size)."""

    COMMAND = COMMAND
    SIZE_FLAG = "--matches"
    DEFAULT = DEFAULT_MATCHES
    QUICK = QUICK_MATCHES

    @property
    def n_matches(self) -> int:
        return self.n

    @property
    def n_tournament(self) -> int:
        # a multiple of the 4 seats, so that rotation gives every bot every seat equally
        return max(4, self.n_matches // TOURNAMENT_SHARE // 4 * 4)


# --- simulations ------------------------------------------------------------------------------


def _run(
    rules_a: WhistRules,
    rules_b: WhistRules | None,
    bots: list[str],
    matches: int,
    seed: int,
    tick: Ticker = NO_TICKS,
) -> dict[str, np.ndarray]:
    from headcount_lab.core.runner import run_job

    # a thread per local core; the merged statistics are the same for any number of workers
    job = handstats.make_job(rules_a, rules_b, bots, matches, rotate=True)
    return run_job(job, seed, on_chunk=tick.on_chunk(job))


def _restriction_pair(
    n: int, bot: str, opts: WhistReportOptions, tick: Ticker, **rules: Any
) -> dict[str, np.ndarray]:
    """A table of ``n`` copies of ``bot``, each match played with the dealer's restriction on
    (``a``) and off (``b``) from the same stream."""
    on, off = (
        WhistRules(players=n, **rules),
        WhistRules(players=n, dealer_restriction=False, **rules),
    )
    return _run(on, off, [bot] * n, opts.n_matches, opts.seed, tick)


def restriction_runs(
    opts: WhistReportOptions, tick: Ticker = NO_TICKS
) -> dict[tuple[int, bool], dict[str, np.ndarray]]:
    """Heuristic tables at every player count, each match played with the dealer's restriction
    on (``a``) and off (``b``); plus 4 players with the one-card hands not blind."""
    out = {(n, True): _restriction_pair(n, CARD_ONLY_BOT, opts, tick) for n in PLAYERS}
    out[(4, False)] = _restriction_pair(4, CARD_ONLY_BOT, opts, tick, blind_one_card_hands=False)
    return out


def listening_runs(
    opts: WhistReportOptions, tick: Ticker = NO_TICKS
) -> dict[tuple[int, bool], dict[str, np.ndarray]]:
    """Tables of :data:`LISTENING_BOT` at the sizes with equilibrium tables, each match played
    with the restriction on (``a``) and off (``b``) from the same stream (the bots draw nothing
    but the deal, so the pairs see the same cards)."""
    return {(n, True): _restriction_pair(n, LISTENING_BOT, opts, tick) for n in LISTEN_PLAYERS}


def tournament_run(opts: WhistReportOptions, tick: Ticker = NO_TICKS) -> dict[str, np.ndarray]:
    """The bot table, seats rotated, each match scored with streaks ``every_five`` (``a``) and
    ``once`` (``b``); streaks change no decision, so both plays are the same match."""
    five, once = WhistRules(players=4), WhistRules(players=4, streak_mode="once")
    return _run(five, once, list(TOURNAMENT_BOTS), opts.n_tournament, opts.seed, tick)


# --- tables -----------------------------------------------------------------------------------


def _gap_columns(row: np.ndarray, count: int, n: int) -> dict[str, float]:
    """The dealer's gap with the restriction on and off and the paired effect, in points, from
    a row of ``handstats.GAP_FIELDS`` (sums over ``count`` hands or matches)."""
    s = 1.0 / (n - 1)
    G = handstats
    return {
        **ci_columns("gap_on", mean_ci(row[G.G_GAP], row[G.G_GAP_SQ], count, scale=s)),
        **ci_columns("gap_off", mean_ci(row[G.G_GAP_B], row[G.G_GAP_B_SQ], count, scale=s)),
        **ci_columns(
            "effect", paired_ci(row[G.G_GAP], row[G.G_GAP_B], row[G.G_DIFF_SQ], count, scale=s)
        ),
    }


def dealer_gap_table(runs: dict[tuple[int, bool], dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q1: the dealer's score minus the others' mean, points per hand, by player count and hand
    size, restriction on and off, and the paired effect of the restriction."""
    rows = []
    for (n, blind), st in runs.items():
        g = st["gap"]
        for k in range(1, MAX_CARDS + 1):
            h = int(g[k, handstats.G_HANDS])
            if h:
                rows.append(
                    {
                        "players": n,
                        "one_card_blind": blind,
                        "cards": k,
                        "trump": k < MAX_CARDS,
                        "hands": h,
                        **_gap_columns(g[k], h, n),
                        "dealer_made_on": g[k, handstats.G_MADE] / h,
                        "dealer_made_off": g[k, handstats.G_MADE_B] / h,
                    }
                )
    return pd.DataFrame(rows)


def match_gap_table(runs: dict[tuple[int, bool], dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q1 over a match: the dealer's gap added up over all hands of a match (points)."""
    rows = []
    for (n, blind), st in runs.items():
        mg = st["match_gap"]
        m = int(mg[handstats.G_HANDS])
        rows.append(
            {
                "players": n,
                "one_card_blind": blind,
                "matches": m,
                "hands_per_match": len(hand_sizes(n)),
                **_gap_columns(mg, m, n),
            }
        )
    return pd.DataFrame(rows)


def seat_table(runs: dict[tuple[int, bool], dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q1 and Q4 by seat, counted clockwise from the first dealer (seat 0 deals hand 1): the
    hand sizes it deals, its match total and its lead over the table's mean with the restriction
    on, win share, and the paired change of its total that the restriction makes."""
    rows = []
    for (n, blind), st in runs.items():
        if not blind:
            continue
        ps = st["per_seat"]
        m = st["match_gap"][handstats.G_HANDS]
        sizes = hand_sizes(n)
        for r in range(n):
            dealt = [k for h, k in enumerate(sizes) if h % n == r]
            tot = mean_ci(ps[r, handstats.S_TOTAL], ps[r, handstats.S_TOTAL_SQ], m)
            lead = mean_ci(ps[r, handstats.S_DEV], ps[r, handstats.S_DEV_SQ], m, scale=1.0 / n)
            eff = paired_ci(
                ps[r, handstats.S_TOTAL], ps[r, handstats.S_TOTAL_B], ps[r, handstats.S_DIFF_SQ], m
            )
            rows.append(
                {
                    "players": n,
                    "seat": r,
                    "deals_sizes": " ".join(map(str, dealt)),
                    "cards_dealt": sum(dealt),
                    **ci_columns("total", tot),
                    **ci_columns("lead", lead),
                    "win_share": ps[r, handstats.S_WIN60] / 60 / m,
                    **ci_columns("restriction_effect", eff),
                }
            )
    return pd.DataFrame(rows)


def _bot_labels(bots: tuple[str, ...]) -> list[str]:
    seen: dict[str, int] = {}
    labels = []
    for b in bots:
        seen[b] = seen.get(b, 0) + 1
        labels.append(b if seen[b] == 1 else f"{b}#{seen[b]}")
    return labels


def bot_table(st: dict[str, np.ndarray], bots: tuple[str, ...] = TOURNAMENT_BOTS) -> pd.DataFrame:
    """Q3: mean match score, lead over the table's mean, win share and bids made, per bot."""
    pb = st["per_bot"]
    n = len(bots)
    rows = []
    for j, label in enumerate(_bot_labels(bots)):
        m = pb[j, handstats.B_MATCHES]
        tot = mean_ci(pb[j, handstats.B_TOTAL], pb[j, handstats.B_TOTAL_SQ], m)
        lead = mean_ci(pb[j, handstats.B_DEV], pb[j, handstats.B_DEV_SQ], m, scale=1.0 / n)
        size = st["per_bot_size"][j]
        rows.append(
            {
                "bot": label,
                "matches": int(m),
                **ci_columns("mean", tot),
                **ci_columns("lead", lead),
                "win_share": pb[j, handstats.B_WIN60] / 60 / m,
                "made": size[:, 3].sum() / size[:, 0].sum(),
            }
        )
    return pd.DataFrame(rows)


def bot_size_table(
    st: dict[str, np.ndarray], bots: tuple[str, ...] = TOURNAMENT_BOTS
) -> pd.DataFrame:
    """Q3: by bot and hand size, the mean score per hand, the points per match those hands
    bring (hands of that size in a match times the mean) and how often the bid is made."""
    rows = []
    n = len(bots)
    per_match = {k: hand_sizes(n).count(k) for k in set(hand_sizes(n))}
    for j, label in enumerate(_bot_labels(bots)):
        size = st["per_bot_size"][j]
        for k in sorted(per_match):
            h = size[k, 0]
            mean = mean_ci(size[k, 1], size[k, 2], h)
            c = per_match[k]
            rows.append(
                {
                    "bot": label,
                    "cards": k,
                    "kind": "blind" if k == 1 else ("no trump" if k == MAX_CARDS else "trump"),
                    "hands": int(h),
                    **ci_columns("score", mean),
                    **ci_columns("per_match", (mean[0] * c, mean[1] * c, mean[2] * c)),
                    "made": size[k, 3] / h,
                }
            )
    return pd.DataFrame(rows)


def streak_table(
    st: dict[str, np.ndarray],
    bots: tuple[str, ...] = TOURNAMENT_BOTS,
    bonus: int = WhistRules().streak_bonus,
) -> pd.DataFrame:
    """Q5: streak bonuses per match by bot and mode, their share of the score, and the paired
    change of the match total from ``every_five`` to ``once``."""
    pb, B = st["per_bot"], handstats
    rows = []
    for j, label in enumerate(_bot_labels(bots)):
        m = pb[j, B.B_MATCHES]
        change = paired_ci(pb[j, B.B_TOTAL_B], pb[j, B.B_TOTAL], pb[j, B.B_DIFF_SQ], m)
        for mode, up, down, total, sq in (
            ("every_five", B.B_UP, B.B_DOWN, B.B_TOTAL, B.B_BONUS_SQ),
            ("once", B.B_UP_B, B.B_DOWN_B, B.B_TOTAL_B, B.B_BONUS_B_SQ),
        ):
            pts, pts_lo, pts_hi = mean_ci(bonus * (pb[j, up] - pb[j, down]), pb[j, sq], m)
            rows.append(
                {
                    "bot": label,
                    "mode": mode,
                    "matches": int(m),
                    "plus_per_match": pb[j, up] / m,
                    "minus_per_match": pb[j, down] / m,
                    **ci_columns("bonus_points", (pts, pts_lo, pts_hi)),
                    "mean_total": pb[j, total] / m,
                    "bonus_share": pts / (pb[j, total] / m),
                    **ci_columns("once_minus_every_five", change),
                }
            )
    return pd.DataFrame(rows)


def streaks_by_players(
    runs: dict[tuple[int, bool], dict[str, np.ndarray]], bonus: int = 10
) -> pd.DataFrame:
    """Q5 for all-heuristic tables at each player count (restriction on, every_five)."""
    rows = []
    for (n, blind), st in runs.items():
        if not blind:
            continue
        pb = st["per_bot"]
        m = pb[:, handstats.B_MATCHES].sum()
        up, down = pb[:, handstats.B_UP].sum(), pb[:, handstats.B_DOWN].sum()
        total = pb[:, handstats.B_TOTAL].sum()
        rows.append(
            {
                "players": n,
                "seat_matches": int(m),
                "plus_per_match": up / m,
                "minus_per_match": down / m,
                "bonus_points": bonus * (up - down) / m,
                "mean_total": total / m,
                "bonus_share": bonus * (up - down) / total,
            }
        )
    return pd.DataFrame(rows)


# --- exact blind hands ------------------------------------------------------------------------


def position_name(pos: int, n: int) -> str:
    if pos == 0:
        return "1 (leads)"
    if pos == n - 1:
        return f"{n} (dealer)"
    return str(pos + 1)


def threshold_wins(n: int, bonus: int = 5) -> int:
    """The fewest winning cards (of ``unseen(n)``) for which bidding 1 is right."""
    u = blind_table.unseen(n)
    return next(w for w in range(u + 1) if (2 * bonus + 3) * w > (bonus + 1) * u)


def _view_summary(n: int, counts: np.ndarray, total: int) -> dict[str, Any]:
    """Share, exact mean P(win) and the share where bid 1 is best, for a histogram ``counts`` of
    views by the number of winning cards (out of ``unseen(n)``)."""
    u = blind_table.unseen(n)
    c = int(counts.sum())
    p = Fraction(int((counts * np.arange(u + 1)).sum()), c * u)
    one = Fraction(int(counts[threshold_wins(n) :].sum()), c)
    return {
        "share_of_views": c / total,
        "p_win": float(p),
        "p_win_exact": fraction(p),
        "bid_1_best": float(one),
        "bid_1_best_exact": fraction(one),
    }


def blind_bid_table(tables: dict[int, dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q2: by player count, position and what is visible (trumps, side aces and kings), the
    share of such views, the exact mean chance to take the trick, and how often bidding 1 is
    the better bid (exact fractions)."""
    rows = []
    group = ("0", "1", "2+")
    for n, t in tables.items():
        v = t["views"]
        total = int(v[0].sum())
        for pos in range(n):
            for ts in range(3):
                for hs in range(3):
                    if v[pos, ts, hs].any():
                        rows.append(
                            {
                                "players": n,
                                "position": position_name(pos, n),
                                "trumps_seen": group[ts],
                                "aces_kings_seen": group[hs],
                                **_view_summary(n, v[pos, ts, hs], total),
                            }
                        )
    return pd.DataFrame(rows)


def blind_position_table(tables: dict[int, dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q2 condensed: by player count, position and visible trumps (any aces and kings)."""
    rows = []
    for n, t in tables.items():
        v = t["views"].sum(axis=2)
        total = int(v[0].sum())
        for pos in range(n):
            for label, counts in (("none", v[pos, 0]), ("one or more", v[pos, 1:].sum(axis=0))):
                rows.append(
                    {
                        "players": n,
                        "position": position_name(pos, n),
                        "trumps_seen": label,
                        **_view_summary(n, counts, total),
                    }
                )
    return pd.DataFrame(rows)


def blind_score_table(tables: dict[int, dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q2: exact expected score and chance of making the bid per position, restriction off and
    on, for the rule text's bonus 5 and Oh Hell's 10; and the dealer minus the others' mean."""
    rows = []
    for n, t in tables.items():
        d = blind_table.deals(n)
        for b, bonus in enumerate(blind_table.BONUSES):
            for pos in range(n):
                off = Fraction(int(t["score"][b, 0, pos]), d)
                on = Fraction(int(t["score"][b, 1, pos]), d)
                rows.append(
                    {
                        "players": n,
                        "bonus": bonus,
                        "position": position_name(pos, n),
                        "score_off": float(off),
                        "score_on": float(on),
                        "score_off_exact": fraction(off),
                        "score_on_exact": fraction(on),
                        "made_off": int(t["made"][b, 0, pos]) / d,
                        "made_on": int(t["made"][b, 1, pos]) / d,
                    }
                )
    return pd.DataFrame(rows)


def blind_dealer_table(tables: dict[int, dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q2: the dealer's exact gap (minus the others' mean) and the restriction's exact cost."""
    rows = []
    for n, t in tables.items():
        d = blind_table.deals(n)
        for b, bonus in enumerate(blind_table.BONUSES):
            gap = []
            for r in range(2):
                sc = [Fraction(int(x), d) for x in t["score"][b, r]]
                gap.append(sc[-1] - sum(sc[:-1], Fraction(0)) / (n - 1))
            cost = Fraction(int(t["score"][b, 0, -1] - t["score"][b, 1, -1]), d)
            forced = Fraction(int(t["forced"][b]), d)
            rows.append(
                {
                    "players": n,
                    "bonus": bonus,
                    "gap_off": float(gap[0]),
                    "gap_on": float(gap[1]),
                    "gap_on_exact": fraction(gap[1]),
                    "dealer_cost": float(cost),
                    "dealer_cost_exact": fraction(cost),
                    "forced_share": float(forced),
                    "forced_exact": fraction(forced),
                }
            )
    return pd.DataFrame(rows)


def listening_table(listen: dict[int, dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q2: the exact value of listening to the bids made before yours (the earlier bidders saw
    your card), when everyone else bids by the cards they see; points per blind hand."""
    rows = []
    for n, t in listen.items():
        d = blind_table.deals(n)
        for r, rule in enumerate(("off", "on")):
            for pos in range(n):
                cards, heard = (Fraction(int(x), d) for x in t["score"][r, pos])
                rows.append(
                    {
                        "players": n,
                        "restriction": rule,
                        "position": position_name(pos, n),
                        "score_cards_only": float(cards),
                        "score_listening": float(heard),
                        "gain": float(heard - cards),
                        "gain_exact": fraction(heard - cards),
                        "bid_changed_share": int(t["changed"][r, pos]) / d,
                    }
                )
    return pd.DataFrame(rows)


def listening_pattern_table(listen: dict[int, dict[str, np.ndarray]]) -> pd.DataFrame:
    """Q2: the listening bid by what you see (a trump or not) and the leader's bid, for the
    seats after the leader (restriction on)."""
    rows = []
    for n, t in listen.items():
        pat = t["pattern"][1]
        for pos in range(1, n):
            for seen in (0, 1):
                for lead in (0, 1):
                    c = pat[pos, seen, lead]
                    if c.sum():
                        rows.append(
                            {
                                "players": n,
                                "position": position_name(pos, n),
                                "trump_seen": bool(seen),
                                "leader_bid": lead,
                                "share_of_deals": c.sum() / pat[pos].sum(),
                                "bid_1_share": c[1] / c.sum(),
                            }
                        )
    return pd.DataFrame(rows)


# --- the equilibrium of blind bidding (every seat listens) -------------------------------------


@dataclass(frozen=True)
class EquilibriumInputs:
    """Exact results (sizes in :data:`LIVE_EQUILIBRIUM`, or cached), sampled ones (cached) and
    the exact bid patterns; :func:`equilibrium_inputs` gathers them."""

    exact: dict[int, Equilibrium]
    sampled: dict[int, es.SampledEquilibrium]
    patterns: dict[int, dict[str, np.ndarray]]
    commands: dict[int, str]


def equilibrium_inputs(cache: Any = None) -> EquilibriumInputs:
    """Solve the small table sizes now and read the others from the cache (``cache``: a path,
    default ``data/whist-blind-equilibrium.json``); a size with neither is an error naming the
    command that fills it."""
    path = es.CACHE if cache is None else cache
    data = es.read_cache(path)
    exact = {n: equilibrium(n) for n in LIVE_EQUILIBRIUM}
    sampled: dict[int, es.SampledEquilibrium] = {}
    commands: dict[int, str] = {}
    for n in PLAYERS:
        if n in exact:
            continue
        key = es.cache_key(n, 5, True)
        if key in data:
            exact[n] = es.exact_from_record(data[key]["result"])
            commands[n] = data[key]["command"]
        key = es.cache_key(n, 5, False)
        if key in data:
            sampled[n] = es.sampled_from_record(data[key]["result"])
            commands.setdefault(n, data[key]["command"])
        if n not in exact and n not in sampled:
            raise ValueError(
                f"no blind-hand equilibrium for {n} players in {path}: run "
                f"python scripts/whist_blind_equilibrium.py --players {n} --samples 300"
            )
    patterns = {n: es.bid_patterns(n) for n in LIVE_EQUILIBRIUM}
    return EquilibriumInputs(exact, sampled, patterns, commands)


def _est_columns(name: str, est: Any) -> dict[str, Any]:
    """``name``, ``name_lo``, ``name_hi`` (equal for an exact value) and ``name_exact`` (the
    fraction, or empty for a sampled estimate)."""
    if isinstance(est, Fraction):
        v = float(est)
        return {name: v, f"{name}_lo": v, f"{name}_hi": v, f"{name}_exact": fraction(est)}
    return {name: est.mean, f"{name}_lo": est.lo, f"{name}_hi": est.hi, f"{name}_exact": ""}


def _card_only(n: int, card: dict[int, dict[str, np.ndarray]]) -> dict[str, Fraction]:
    """Exact card-only dealer cost, forced share and cost when forced (bonus 5)."""
    t = card[n]
    d = blind_table.deals(n)
    b = blind_table.BONUSES.index(5)
    loss = int(t["score"][b, 0, n - 1] - t["score"][b, 1, n - 1])
    forced = int(t["forced"][b])
    return {
        "cost": Fraction(loss, d),
        "forced": Fraction(forced, d),
        "when_forced": Fraction(loss, forced),
    }


def equilibrium_table(
    eq: EquilibriumInputs, card: dict[int, dict[str, np.ndarray]]
) -> pd.DataFrame:
    """The dealer's cost of the restriction per blind hand when every seat listens (the
    equilibrium) beside the cost when every seat bids from the cards alone: exact where every
    deal was enumerated, else on sampled deals with 95% intervals (the card-only figure then on
    the same deals, so the change is paired); the forced share and the cost in those deals."""
    rows = []
    for n in PLAYERS:
        e = eq.exact.get(n)
        s = eq.sampled.get(n)
        if e is not None and n in card:
            c = _card_only(n, card)
            change: Any = e.dealer_cost - c["cost"]
            card_cols = {
                **_est_columns("card_only_cost", c["cost"]),
                **_est_columns("card_only_forced_share", c["forced"]),
                **_est_columns("card_only_cost_when_forced", c["when_forced"]),
            }
        else:
            assert s is not None
            change = s.listening_change if e is None else None
            card_cols = {
                **_est_columns("card_only_cost", s.card_cost),
                **_est_columns("card_only_forced_share", s.card_forced_share),
                **_est_columns("card_only_cost_when_forced", s.card_forced_cost),
            }
        src: Any = e if e is not None else s
        rows.append(
            {
                "players": n,
                "method": "exact" if e is not None else "sampled",
                "command": eq.commands.get(n, ""),
                "deals": src.deals,
                "samples": 0 if e is not None else s.samples,  # type: ignore[union-attr]
                **_est_columns("dealer_cost", src.dealer_cost),
                **_est_columns("forced_share", src.forced_share),
                **_est_columns("cost_when_forced", src.forced_cost),
                **card_cols,
                **_est_columns(
                    "listening_change",
                    change if change is not None else s.listening_change,  # type: ignore[union-attr]
                ),
            }
        )
    return pd.DataFrame(rows)


def equilibrium_seat_table(eq: EquilibriumInputs) -> pd.DataFrame:
    """By table size and position: each seat's mean score and how often it makes its bid under
    the equilibrium, restriction on and off (only the dealer's change)."""
    rows = []
    for n in PLAYERS:
        src: Any = eq.exact.get(n) or eq.sampled[n]
        for pos in range(n):
            rows.append(
                {
                    "players": n,
                    "method": "exact" if n in eq.exact else "sampled",
                    "position": position_name(pos, n),
                    **_est_columns("made_on", src.made_rate(pos, True)),
                    **_est_columns("made_off", src.made_rate(pos, False)),
                    **_est_columns("score_on", src.mean_score(pos, True)),
                    **_est_columns("score_off", src.mean_score(pos, False)),
                }
            )
    return pd.DataFrame(rows)


def equilibrium_rule_table(eq: EquilibriumInputs) -> pd.DataFrame:
    """The equilibrium bids as a rule: by table size, position, a trump in sight or not, and
    whether a seat before you bid 1, the share of deals, the share where the equilibrium bids 1,
    the bid a person should make (the more common one) and how often that rule is the
    equilibrium's bid. Exact, restriction on."""
    rows = []
    for n, t in eq.patterns.items():
        pat = t["pattern"]
        total = int(pat[0].sum())
        for pos in range(n):
            for seen in (0, 1):
                for heard in (0, 1) if pos else (0,):
                    c = pat[pos, seen, heard]
                    k = int(c.sum())
                    if not k:
                        continue
                    one = Fraction(int(c[1]), k)
                    rows.append(
                        {
                            "players": n,
                            "position": position_name(pos, n),
                            "trump_seen": bool(seen),
                            "earlier_bid_1": bool(heard),
                            "share_of_deals": k / total,
                            "bid_1_share": float(one),
                            "rule_bid": int(one > Fraction(1, 2)),
                            "rule_agrees": float(max(one, 1 - one)),
                        }
                    )
    return pd.DataFrame(rows)


def equilibrium_forced_table(eq: EquilibriumInputs) -> pd.DataFrame:
    """The dealer when the restriction forbids its best bid (exact, equilibrium): by the number
    of 1-bids it heard (0: it must bid 0; 1: it must bid 1), the share of deals and how often
    the forced bid is still made."""
    rows = []
    for n, t in eq.patterns.items():
        f = t["forced"]
        deals = int(t["pattern"][0].sum())
        for ones in (0, 1):
            k = int(f[ones].sum())
            rows.append(
                {
                    "players": n,
                    "ones_heard": ones,
                    "forced_bid": ones,
                    "share_of_deals": k / deals,
                    "made_share": int(f[ones, 1]) / k if k else 0.0,
                }
            )
    return pd.DataFrame(rows)


def who_pays_table(runs: dict[tuple[int, bool], dict[str, np.ndarray]], bot: str) -> pd.DataFrame:
    """Where the dealer's lost points go (paired, restriction on minus off, points per match,
    hand scores without streak bonuses): the dealers' summed change, everyone else's and the
    whole table's, over the blind hands and over all hands of a match (each seat deals equally
    often). Per hand the kernel's gap is ``g = n * dealer - table``, so ``table = n * dealer -
    g``."""
    G = handstats
    rows = []
    for (n, blind), st in runs.items():
        if not blind:
            continue
        gap = st["gap"]
        m = st["match_gap"][G.G_HANDS]
        for scope, sel in (("blind hands", gap[1:2]), ("match", gap)):
            dealers = int((sel[:, G.G_DEALER] - sel[:, G.G_DEALER_B]).sum())
            table = n * dealers - int((sel[:, G.G_GAP] - sel[:, G.G_GAP_B]).sum())
            rows.append(
                {
                    "players": n,
                    "bot": bot,
                    "scope": scope,
                    "matches": int(m),
                    "dealers_change": dealers / m,
                    "others_change": (table - dealers) / m,
                    "table_change": table / m,
                }
            )
    return pd.DataFrame(rows)


# --- the whole report -------------------------------------------------------------------------


WhistResults = Results


def check(opts: WhistReportOptions) -> None:
    check_size(opts.n_matches, "--matches", opts.seed)


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
    runs, heard = restriction_runs(opts, tick), listening_runs(opts, tick)
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
        lambda o: ((len(PLAYERS) + 1 + len(LISTEN_PLAYERS)) * o.n_matches, "matches"),
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
compute = sectioned(NAME, SECTIONS, WhistResults, check)
