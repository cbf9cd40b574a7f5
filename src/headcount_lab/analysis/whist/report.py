"""The Forehead Whist report: the dealer's restriction, blind hands, bots, seats and streaks.

:func:`compute` runs the simulations (paired where a rule is compared: the same deals played both
ways) and the exact enumeration of blind one-card deals, and returns tidy tables;
:func:`whist_report` writes them into a folder as CSV, PNG charts, a printable tip chart (PNG and
PDF), ``README.md`` and ``metadata.json``. Numbers in the text are taken from the tables, and a
difference is called real only when its 95% interval leaves out zero.
"""

from __future__ import annotations

import json
import math
import platform
import subprocess
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from headcount_lab.games.whist import blind_table, handstats
from headcount_lab.games.whist.rules import (
    MAX_CARDS,
    PLAYERS_MAX,
    PLAYERS_MIN,
    VERSION,
    WhistRules,
    hand_sizes,
)

DEFAULT_MATCHES = 100_000
QUICK_MATCHES = 3_000
#: the bot tournament (one montecarlo seat, ~25x slower) plays this share of --matches
TOURNAMENT_SHARE = 10
PLAYERS = tuple(range(PLAYERS_MIN, PLAYERS_MAX + 1))
EXACT_PLAYERS = (3, 4)
TOURNAMENT_BOTS = ("montecarlo", "heuristic", "heuristic", "random")
#: the published figure for one-card Oh Hell with a 10-point bonus (dealer minus the others)
OH_HELL_GAP = (-5.9, -5.6)
Z95 = 1.959963984540054
PNG_METADATA = {"Software": None}  # identical files from run to run
PDF_METADATA = {"Creator": None, "Producer": None, "CreationDate": None}
COMMAND = "headcount-lab report whist"


@dataclass(frozen=True)
class WhistReportOptions:
    """``matches`` per simulated set-up (``None``: the default, or the quick size)."""

    matches: int | None = None
    quick: bool = False
    seed: int = 1

    @property
    def n_matches(self) -> int:
        if self.matches is not None:
            return self.matches
        return QUICK_MATCHES if self.quick else DEFAULT_MATCHES

    @property
    def n_tournament(self) -> int:
        # a multiple of the 4 seats, so that rotation gives every bot every seat equally
        return max(4, self.n_matches // TOURNAMENT_SHARE // 4 * 4)

    def command(self) -> str:
        parts = [COMMAND]
        if self.quick:
            parts.append("--quick")
        if self.matches is not None:
            parts.append(f"--matches {self.matches}")
        parts.append(f"--seed {self.seed}")
        return " ".join(parts)


# --- statistics -------------------------------------------------------------------------------


def mean_ci(total: float, sq: float, n: float, scale: float = 1.0) -> tuple[float, float, float]:
    """Mean and normal 95% interval from a count, a sum and a sum of squares (times ``scale``)."""
    mean = total / n
    var = max((sq - n * mean * mean) / (n - 1), 0.0) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return mean * scale, (mean - half) * scale, (mean + half) * scale


def paired_ci(sum_a: float, sum_b: float, diff_sq: float, n: float, scale: float = 1.0):  # type: ignore[no-untyped-def]
    """Mean of the paired difference ``a - b`` with its 95% interval."""
    return mean_ci(sum_a - sum_b, diff_sq, n, scale)


def ci_text(mean: float, lo: float, hi: float, digits: int = 2, unit: str = "") -> str:
    u = f" {unit}" if unit else ""
    return f"{mean:+.{digits}f}{u} (95% CI {lo:+.{digits}f} to {hi:+.{digits}f})"


def excludes_zero(lo: float, hi: float) -> bool:
    return lo > 0 or hi < 0


def overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


# --- simulations ------------------------------------------------------------------------------


def _run(
    rules_a: WhistRules, rules_b: WhistRules | None, bots: list[str], matches: int, seed: int
) -> dict[str, np.ndarray]:
    from headcount_lab.core.runner import run_job

    # a thread per local core; the merged statistics are the same for any number of workers
    return run_job(handstats.make_job(rules_a, rules_b, bots, matches, rotate=True), seed)


def restriction_runs(opts: WhistReportOptions) -> dict[tuple[int, bool], dict[str, np.ndarray]]:
    """Heuristic tables at every player count, each match played with the dealer's restriction
    on (``a``) and off (``b``); plus 4 players with the one-card hands not blind."""
    out = {}
    for n in PLAYERS:
        on = WhistRules(players=n)
        out[(n, True)] = _run(
            on,
            WhistRules(players=n, dealer_restriction=False),
            ["heuristic"] * n,
            opts.n_matches,
            opts.seed,
        )
    seen = WhistRules(players=4, blind_one_card_hands=False)
    out[(4, False)] = _run(
        seen,
        WhistRules(players=4, blind_one_card_hands=False, dealer_restriction=False),
        ["heuristic"] * 4,
        opts.n_matches,
        opts.seed,
    )
    return out


def tournament_run(opts: WhistReportOptions) -> dict[str, np.ndarray]:
    """The bot table, seats rotated, each match scored with streaks ``every_five`` (``a``) and
    ``once`` (``b``); streaks change no decision, so both plays are the same match."""
    rules = WhistRules(players=4)
    return _run(
        rules,
        WhistRules(players=4, streak_mode="once"),
        list(TOURNAMENT_BOTS),
        opts.n_tournament,
        opts.seed,
    )


# --- tables -----------------------------------------------------------------------------------


def ci_columns(name: str, est: tuple[float, float, float]) -> dict[str, float]:
    """``{name, name_lo, name_hi}`` from an estimate and its interval."""
    return {name: est[0], f"{name}_lo": est[1], f"{name}_hi": est[2]}


def _gap_columns(row: np.ndarray, count: int, n: int) -> dict[str, float]:
    """The dealer's gap with the restriction on and off and the paired effect, in points, from
    a row of ``handstats.GAP_FIELDS`` (sums over ``count`` hands or matches)."""
    s = 1.0 / (n - 1)
    G = handstats
    return {
        **ci_columns("gap_on", mean_ci(row[G.G_GAP], row[G.G_GAP_SQ], count, s)),
        **ci_columns("gap_off", mean_ci(row[G.G_GAP_B], row[G.G_GAP_B_SQ], count, s)),
        **ci_columns("effect", paired_ci(row[G.G_GAP], row[G.G_GAP_B], row[G.G_DIFF_SQ], count, s)),
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
            lead = mean_ci(ps[r, handstats.S_DEV], ps[r, handstats.S_DEV_SQ], m, 1.0 / n)
            eff = paired_ci(
                ps[r, handstats.S_TOTAL], ps[r, handstats.S_TOTAL_B], ps[r, handstats.S_DIFF_SQ], m
            )
            rows.append(
                {
                    "players": n,
                    "seat": r,
                    "deals_sizes": " ".join(map(str, dealt)),
                    "cards_dealt": sum(dealt),
                    "total": tot[0],
                    "total_lo": tot[1],
                    "total_hi": tot[2],
                    "lead": lead[0],
                    "lead_lo": lead[1],
                    "lead_hi": lead[2],
                    "win_share": ps[r, handstats.S_WIN60] / 60 / m,
                    "restriction_effect": eff[0],
                    "restriction_effect_lo": eff[1],
                    "restriction_effect_hi": eff[2],
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
        lead = mean_ci(pb[j, handstats.B_DEV], pb[j, handstats.B_DEV_SQ], m, 1.0 / n)
        size = st["per_bot_size"][j]
        rows.append(
            {
                "bot": label,
                "matches": int(m),
                "mean": tot[0],
                "mean_lo": tot[1],
                "mean_hi": tot[2],
                "lead": lead[0],
                "lead_lo": lead[1],
                "lead_hi": lead[2],
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
                    "score": mean[0],
                    "score_lo": mean[1],
                    "score_hi": mean[2],
                    "per_match": mean[0] * c,
                    "per_match_lo": mean[1] * c,
                    "per_match_hi": mean[2] * c,
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
    pb = st["per_bot"]
    rows = []
    for j, label in enumerate(_bot_labels(bots)):
        m = pb[j, handstats.B_MATCHES]
        change = paired_ci(
            pb[j, handstats.B_TOTAL_B], pb[j, handstats.B_TOTAL], pb[j, handstats.B_DIFF_SQ], m
        )
        for mode, up, down, total, sq in (
            (
                "every_five",
                handstats.B_UP,
                handstats.B_DOWN,
                handstats.B_TOTAL,
                handstats.B_BONUS_SQ,
            ),
            (
                "once",
                handstats.B_UP_B,
                handstats.B_DOWN_B,
                handstats.B_TOTAL_B,
                handstats.B_BONUS_B_SQ,
            ),
        ):
            pts, pts_lo, pts_hi = mean_ci(bonus * (pb[j, up] - pb[j, down]), pb[j, sq], m)
            rows.append(
                {
                    "bot": label,
                    "mode": mode,
                    "matches": int(m),
                    "plus_per_match": pb[j, up] / m,
                    "minus_per_match": pb[j, down] / m,
                    "bonus_points": pts,
                    "bonus_points_lo": pts_lo,
                    "bonus_points_hi": pts_hi,
                    "mean_total": pb[j, total] / m,
                    "bonus_share": pts / (pb[j, total] / m),
                    "once_minus_every_five": change[0],
                    "once_minus_every_five_lo": change[1],
                    "once_minus_every_five_hi": change[2],
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
        "p_win_exact": _frac(p),
        "bid_1_best": float(one),
        "bid_1_best_exact": _frac(one),
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
                        "score_off_exact": _frac(off),
                        "score_on_exact": _frac(on),
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
                    "gap_on_exact": _frac(gap[1]),
                    "dealer_cost": float(cost),
                    "dealer_cost_exact": _frac(cost),
                    "forced_share": float(forced),
                    "forced_exact": _frac(forced),
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
                        "gain_exact": _frac(heard - cards),
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


# --- the whole report -------------------------------------------------------------------------


@dataclass
class WhistResults:
    opts: WhistReportOptions
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)


def compute(opts: WhistReportOptions) -> WhistResults:
    """Every table of the report (simulations and exact enumeration), with the time each took."""
    if opts.n_matches < 100:
        raise ValueError(f"--matches must be at least 100, got {opts.n_matches}")
    if opts.seed < 0:
        raise ValueError(f"--seed must be non-negative, got {opts.seed}")
    res = WhistResults(opts)
    t0 = time.perf_counter()
    exact = {n: blind_table.blind_tables(n) for n in EXACT_PLAYERS}
    listen = {n: blind_table.listening_tables(n) for n in EXACT_PLAYERS}
    res.seconds["exact_blind"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    runs = restriction_runs(opts)
    res.seconds["restriction_runs"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    tour = tournament_run(opts)
    res.seconds["tournament"] = time.perf_counter() - t0
    res.tables.update(
        {
            "q1_dealer_gap": dealer_gap_table(runs),
            "q1_match_gap": match_gap_table(runs),
            "q1_q4_seats": seat_table(runs),
            "q2_blind_views": blind_bid_table(exact),
            "q2_blind_positions": blind_position_table(exact),
            "q2_blind_scores": blind_score_table(exact),
            "q2_blind_dealer": blind_dealer_table(exact),
            "q2_listening": listening_table(listen),
            "q2_listening_pattern": listening_pattern_table(listen),
            "q3_bots": bot_table(tour),
            "q3_bots_by_size": bot_size_table(tour),
            "q5_streaks": streak_table(tour),
            "q5_streaks_by_players": streaks_by_players(runs),
        }
    )
    return res


def _git_commit() -> dict[str, Any]:
    root = Path(__file__).resolve().parents[3]
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "src"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return {"commit": None, "source_modified": None}
    return {"commit": head, "source_modified": bool(dirty)}


def metadata(res: WhistResults) -> dict[str, Any]:
    from importlib.metadata import PackageNotFoundError, version

    def ver(pkg: str) -> str | None:
        try:
            return version(pkg)
        except PackageNotFoundError:
            return None

    o = res.opts
    return {
        "report": "forehead-whist",
        "command": o.command(),
        "seed": o.seed,
        "quick": o.quick,
        "sizes": {
            "matches_per_restriction_setup": o.n_matches,
            "restriction_setups": [f"{n} players" for n in PLAYERS]
            + ["4 players, one-card hands seen"],
            "tournament_matches": o.n_tournament,
            "tournament_bots": list(TOURNAMENT_BOTS),
            "exact_blind_deals": {str(n): blind_table.deals(n) for n in EXACT_PLAYERS},
        },
        "seconds": {k: round(v, 2) for k, v in res.seconds.items()},
        "versions": {
            "headcount-lab": ver("headcount-lab"),
            "whist_rules": VERSION,
            "python": platform.python_version(),
            "numpy": ver("numpy"),
            "numba": ver("numba"),
            "pandas": ver("pandas"),
            "matplotlib": ver("matplotlib"),
        },
        **_git_commit(),
    }


def whist_report(out_dir: Path, opts: WhistReportOptions | None = None) -> list[Path]:
    """Compute the report and write it into ``out_dir``; return the files written."""
    opts = opts or WhistReportOptions()
    t0 = time.perf_counter()
    res = compute(opts)
    return write_report(out_dir, res, t0)


# --- charts -----------------------------------------------------------------------------------


def _save(fig: Any, path: Path, written: list[Path]) -> None:
    if path.suffix == ".pdf":
        fig.savefig(path, metadata=PDF_METADATA)
    else:
        fig.savefig(path, dpi=120, metadata=PNG_METADATA)
    written.append(path)


def charts(tables: dict[str, pd.DataFrame]) -> dict[str, Any]:
    """The report's figures by file stem, each drawn by the chart objects of ``whist_figures``."""
    from headcount_lab.analysis.headcount.figures import new_axes
    from headcount_lab.analysis.whist.figures import CIBarChart, CILineChart

    figs: dict[str, Any] = {}
    cards = "cards per player in the hand"
    gap = tables["q1_dealer_gap"]
    blind = gap[gap["one_card_blind"]]
    four = blind[blind["players"] == 4]
    both = pd.concat(
        [
            four[["cards", f"{c}", f"{c}_lo", f"{c}_hi"]]
            .set_axis(["cards", "gap", "gap_lo", "gap_hi"], axis=1)
            .assign(rule=f"restriction {c[4:]}")
            for c in ("gap_on", "gap_off")
        ]
    )
    fig, (a, b) = new_axes(ncols=2)
    CILineChart(
        both,
        "cards",
        "gap",
        "rule",
        cards,
        "dealer minus others' mean (points per hand)",
        "4 players, heuristic bots",
    ).plot(a)
    CILineChart(
        blind,
        "cards",
        "effect",
        "players",
        cards,
        "restriction's effect on the dealer's gap (points per hand)",
        "Paired: same deals, restriction on minus off",
        "{} players",
    ).plot(b)
    figs["q1_dealer_gap"] = fig

    seats = tables["q1_q4_seats"]
    seat = "seat (0 deals the first hand)"
    fig, (a, b) = new_axes(ncols=2)
    CIBarChart(
        seats,
        "seat",
        "restriction_effect",
        "change in match total, restriction on minus off (points)",
        seat,
        "players",
        "Restriction's cost by seat",
        "{} players",
    ).plot(a)
    CIBarChart(
        seats,
        "seat",
        "lead",
        "lead over the table's mean (points per match)",
        seat,
        "players",
        "Seat effect, restriction on",
        "{} players",
    ).plot(b)
    figs["q1_q4_seats"] = fig

    pos = tables["q2_blind_positions"]
    fig, axes = new_axes(ncols=len(EXACT_PLAYERS))
    for ax, n in zip(axes, EXACT_PLAYERS, strict=True):
        CIBarChart(
            pos[pos["players"] == n],
            "position",
            "p_win",
            "chance your unseen card takes the trick (exact mean)",
            "position in play order",
            "trumps_seen",
            f"{n} players: blind one-card hands",
            "trumps seen: {}",
            ci=False,
        ).plot(ax)
        ax.axvline(6 / 13, color="black", linestyle="--", linewidth=1.2, label="bid 1 above 6/13")
        ax.legend(loc="lower right")
        ax.set_xlim(0, 1)
    figs["q2_blind_bids"] = fig

    sc = tables["q2_blind_scores"]
    sc5 = sc[sc["bonus"] == 5]
    where = sc5["players"].astype(str) + " players, " + sc5["position"]
    both = pd.concat(
        [
            sc5.assign(where=where, rule=f"restriction {r}", score=sc5[f"score_{r}"])
            for r in ("off", "on")
        ]
    )
    fig, ax = new_axes(size=(7.5, 5.0))
    CIBarChart(
        both,
        "where",
        "score",
        "expected score per blind hand (points, exact)",
        "table and position",
        "rule",
        "Blind one-card hands: exact expected score",
        ci=False,
    ).plot(ax)
    figs["q2_blind_scores"] = fig

    lis = tables["q2_listening"]
    lis = lis[lis["restriction"] == "on"]
    fig, ax = new_axes()
    CIBarChart(
        lis.assign(where=lis["players"].astype(str) + " players, " + lis["position"]),
        "where",
        "gain",
        "gain from listening to earlier bids (points per blind hand, exact)",
        "table and position",
        title="Blind hands: the earlier bidders saw your card",
        ci=False,
    ).plot(ax)
    figs["q2_listening"] = fig

    fig, (a, b) = new_axes(ncols=2)
    CIBarChart(
        tables["q3_bots"],
        "bot",
        "mean",
        "mean match score (points)",
        "bot",
        title="4 players, seats rotated",
    ).plot(a)
    CILineChart(
        tables["q3_bots_by_size"],
        "cards",
        "score",
        "bot",
        "cards per player (1 = blind, 8 = no trump)",
        "mean score per hand (points)",
        "Where the points are made and lost",
    ).plot(b)
    figs["q3_bots"] = fig

    st = tables["q5_streaks"]
    fig, (a, b) = new_axes(ncols=2)
    CIBarChart(
        st,
        "bot",
        "bonus_points",
        "streak bonuses, net (points per match)",
        "bot",
        "mode",
        "Streak bonuses by bot",
    ).plot(a)
    CIBarChart(
        st[st["mode"] == "once"],
        "bot",
        "once_minus_every_five",
        "match total, once minus every_five (points, paired)",
        "bot",
        title="Paying a run once instead of every five",
    ).plot(b)
    figs["q5_streaks"] = fig
    return figs


# --- text -------------------------------------------------------------------------------------


def markdown_table(df: pd.DataFrame, digits: int = 2) -> str:
    """A GitHub Markdown table; floats rounded to ``digits``."""
    cols = list(df.columns)

    def cell(v: object) -> str:
        if isinstance(v, bool | np.bool_):
            return "yes" if v else "no"
        if isinstance(v, float | np.floating):
            return f"{v:.{digits}f}"
        return str(v)

    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---:" for _ in cols) + "|"]
    for row in df.itertuples(index=False):
        lines.append("| " + " | ".join(cell(v) for v in row) + " |")
    return "\n".join(lines)


def _row(df: pd.DataFrame, **where: Any) -> Any:
    sel = df
    for k, v in where.items():
        sel = sel[sel[k] == v]
    if len(sel) != 1:
        raise KeyError(f"expected one row for {where}, found {len(sel)}")
    return sel.iloc[0]


def _ci(r: Any, col: str, digits: int = 2, unit: str = "") -> str:
    return ci_text(r[col], r[f"{col}_lo"], r[f"{col}_hi"], digits, unit)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _compare_word(lo: float, hi: float, more: str, less: str) -> str:
    if lo > 0:
        return more
    if hi < 0:
        return less
    return "no clear difference (the interval includes zero)"


def tips(tables: dict[str, pd.DataFrame]) -> list[tuple[str, list[str]]]:
    """The tip chart's blocks, every number from the tables."""
    pos = tables["q2_blind_positions"]
    dealer = tables["q2_blind_dealer"]
    gap = tables["q1_dealer_gap"]
    seats = tables["q1_q4_seats"]
    blind_lines = []
    any_trump = pos[pos["trumps_seen"] == "one or more"]
    if (any_trump["bid_1_best"] == 0).all():
        blind_lines.append(
            "A trump on any forehead: bid 0. With a trump in sight, bidding 1 is never the better "
            "bid (exact, every view at 3 and 4 players)."
        )
    for n in EXACT_PLAYERS:
        lead = _row(pos, players=n, position=position_name(0, n), trumps_seen="none")
        other = _row(pos, players=n, position="2", trumps_seen="none")
        blind_lines.append(
            f"{n} players, no trump in sight: leading (dealer's left), bid 1 — right in "
            f"{_pct(lead['bid_1_best'])} of such views, winning {_pct(lead['p_win'])} of the time; "
            f"any later seat, bid 0 unless the count below says 1 (1 is right in only "
            f"{_pct(other['bid_1_best'])} of those views)."
        )
    counts = ", ".join(
        f"{threshold_wins(n)} of {blind_table.unseen(n)} ({n} players)" for n in PLAYERS
    )
    blind_lines.append(
        "The exact rule: count the cards you cannot see that would take the trick if they were "
        f"on your forehead; bid 1 when they are at least {counts}: P(win) > 6/13."
    )
    pat = tables["q2_listening_pattern"]
    lis = tables["q2_listening"]
    heard = []
    for n in EXACT_PLAYERS:
        p2 = pat[(pat["players"] == n) & (pat["position"] == "2") & ~pat["trump_seen"]]
        heard.append(
            (
                n,
                _row(p2, leader_bid=0)["bid_1_share"],
                _row(p2, leader_bid=1)["bid_1_share"],
                _row(lis, players=n, restriction="on", position="2")["gain"],
            )
        )
    after_1_one = all(h[2] > 0.5 for h in heard)
    blind_lines.append(
        "Listen to the bids before yours: they were made looking at your card. Second to bid "
        "with no trump in sight: a leader's 0 almost always means the leader saw a trump, and "
        "the only card you cannot see is your own, so bid 1 (best in "
        + " / ".join(f"{_pct(h[1])}" for h in heard)
        + f" of those deals); if the leader bid 1, bid {'1' if after_1_one else '0'} (1 is best "
        "in "
        + " / ".join(f"{_pct(h[2])}" for h in heard)
        + "). Worth "
        + " / ".join(f"{h[3]:+.2f}" for h in heard)
        + " points per blind hand ("
        + " / ".join(str(h[0]) for h in heard)
        + " players, exact)."
    )
    d4 = _row(dealer, players=4, bonus=5)
    dealer_lines = [
        f"Blind hand, last to bid: the others' bids forbid your better bid in "
        f"{_pct(d4['forced_share'])} of deals (4 players); taking the other bid then costs "
        f"{d4['dealer_cost']:.2f} points per blind hand on average "
        f"(exact {d4['dealer_cost_exact']}).",
        "If your card-only bid is the forbidden one, take the other: with one card there is no "
        "third choice, and the rule is the same whatever the bids say.",
    ]
    g4 = gap[(gap["players"] == 4) & gap["one_card_blind"] & (gap["cards"].between(2, 7))]
    worst = g4.loc[g4["effect"].idxmin()]
    dealer_lines.append(
        f"Hands of 2-7 cards (4 heuristic players): the restriction costs the dealer most at "
        f"{int(worst['cards'])} cards, {_ci(worst, 'effect')} points per hand against the "
        f"others, and cuts the dealer's made bids from {_pct(worst['dealer_made_off'])} to "
        f"{_pct(worst['dealer_made_on'])}. Expect to miss more often as dealer."
    )
    s4 = seats[seats["players"] == 4]
    dealer_lines.append(
        f"Over a 4-player match the restriction lowers every seat's total by "
        f"{-s4['restriction_effect'].max():.1f} to {-s4['restriction_effect'].min():.1f} points: "
        "it mostly destroys points rather than handing them to the others."
    )
    return [
        ("Blind one-card hands (card on your forehead)", blind_lines),
        ("Bidding as the dealer (the forbidden value, W5)", dealer_lines),
    ]


def readme(res: WhistResults) -> str:
    """The report's Markdown: per question the method, table, chart, finding and command."""
    t = res.tables
    o = res.opts
    cmd = f"`{o.command()}`"
    gap, mgap, seats = t["q1_dealer_gap"], t["q1_match_gap"], t["q1_q4_seats"]
    pos, scores, dealer = t["q2_blind_positions"], t["q2_blind_scores"], t["q2_blind_dealer"]
    bots, by_size, streaks = t["q3_bots"], t["q3_bots_by_size"], t["q5_streaks"]
    out: list[str] = []
    add = out.append
    add("# Forehead Whist: the dealer's restriction, blind hands, bots, seats and streaks")
    add(
        f"Generated by {cmd} ({o.n_matches:,} matches per simulated set-up, {o.n_tournament:,} "
        "in the bot tournament; sizes, versions, commit and timings in `metadata.json`). "
        "Intervals are normal 95% confidence intervals over matches or hands; a difference is "
        "called real only when its interval leaves out zero. Exact values are fractions over "
        "every deal. Rules: `shared/rules/forehead-whist.en.txt` with rulings W1-W10 (defaults: "
        "dealer's restriction on, must trump, streaks `every_five`, blind one-card hands)."
    )

    # Q1
    add("## 1. What the dealer's restriction costs (W5)")
    add(
        "**Method.** Tables of `heuristic` bots at 3 to 6 players play every match twice from the "
        "same random stream, once with the restriction and once without; the bots draw nothing "
        "but the deal, so both plays see the same cards and the difference is paired deal by "
        "deal. The dealer's *gap* is the dealer's score minus the mean of the other seats' "
        "scores in the same hand, in points per hand."
    )
    b4 = _row(gap, players=4, one_card_blind=True, cards=1)
    s4 = _row(gap, players=4, one_card_blind=False, cards=1)
    m4 = _row(mgap, players=4, one_card_blind=True)
    multi = gap[gap["one_card_blind"] & gap["cards"].between(2, 7)]
    lo_eff, hi_eff = multi["effect"].min(), multi["effect"].max()
    eight = gap[gap["one_card_blind"] & (gap["cards"] == MAX_CARDS)]
    eight_zero = bool((~(eight["effect_lo"] > 0) & ~(eight["effect_hi"] < 0)).all())
    ex3 = _row(dealer, players=3, bonus=10)
    ex4 = _row(dealer, players=4, bonus=10)
    add(
        f"**Finding.** The restriction bites hardest in the blind one-card hands: with 4 players "
        f"the dealer's gap there is {_ci(b4, 'gap_on')} points per hand with it and "
        f"{_ci(b4, 'gap_off')} without, a paired effect of {_ci(b4, 'effect')}. In hands of 2-7 "
        f"cards the effect is smaller, between {lo_eff:+.2f} and {hi_eff:+.2f} points per hand "
        "across sizes and table sizes (each interval in `q1_dealer_gap.csv`)"
        + (
            "; in the eight-card hands (no trump) it is indistinguishable from zero with these "
            "bots."
            if eight_zero
            else "."
        )
        + f" Summed over a 4-player match the dealer's gap adds up to {_ci(m4, 'gap_on', 1)} "
        f"points with the restriction and {_ci(m4, 'gap_off', 1)} without. The one-card "
        "effect shrinks as the table grows: "
        + ", ".join(
            f"{_ci(r, 'effect')} at {r['players']} players"
            for _, r in gap[gap["one_card_blind"] & (gap["cards"] == 1)].iterrows()
        )
        + "."
    )
    ex4_5 = _row(dealer, players=4, bonus=5)
    lo_pub, hi_pub = OH_HELL_GAP
    where3 = (
        "inside the published range"
        if lo_pub <= ex3["gap_on"] <= hi_pub
        else f"{min(abs(ex3['gap_on'] - lo_pub), abs(ex3['gap_on'] - hi_pub)):.2f} outside "
        "the published range"
    )
    add(
        f"**Against the published figure.** In one-card Oh Hell with a 10-point bonus the dealer "
        f"averages about {-OH_HELL_GAP[1]:.1f}-{-OH_HELL_GAP[0]:.1f} points less per hand than "
        "the others. Our one-card hands differ: they are blind (you see the others' cards, not "
        "yours), the pack is cut down (W1), and a made bid scores 5 + tricks. With every seat "
        "bidding its best blind bid, the dealer's exact gap at 4 players is "
        f"{ex4_5['gap_on']:+.3f} per hand with our 5-point bonus (simulated: "
        f"{_ci(b4, 'gap_on')}) and {ex4['gap_on']:+.3f} with a 10-point bonus (exactly "
        f"{ex4['gap_on_exact']}); at 3 players and a 10-point bonus it is {ex3['gap_on']:+.3f} "
        f"({ex3['gap_on_exact']}), {where3}. With the one-card hands played seeing your own "
        "card, as in "
        f"Oh Hell, the heuristic dealer's gap is only {_ci(s4, 'gap_on')} (effect "
        f"{_ci(s4, 'effect')}): the heuristic bids a seen single card without the exact odds, so "
        "this row says more about the bot than about the rule."
    )
    add(
        markdown_table(
            gap[gap["one_card_blind"] & (gap["players"] == 4)][
                [
                    "cards",
                    "hands",
                    "gap_on",
                    "gap_off",
                    "effect",
                    "effect_lo",
                    "effect_hi",
                    "dealer_made_on",
                    "dealer_made_off",
                ]
            ]
        )
    )
    add("![dealer's gap](q1_dealer_gap.png)")
    four = seats[seats["players"] == 4]
    spread = (four["restriction_effect"].min(), four["restriction_effect"].max())
    table = four["restriction_effect"].sum()
    # per hand: dealer change d, each other seat o; table = sum(d) + (n-1) sum(o) and the gap
    # change = sum(d) - sum(o), so the non-dealers' total is (n-1)/n (table - gap change)
    others = (4 - 1) / 4 * (table - m4["effect"])
    disjoint = any(
        not overlap(
            (a["restriction_effect_lo"], a["restriction_effect_hi"]),
            (b["restriction_effect_lo"], b["restriction_effect_hi"]),
        )
        for _, a in four.iterrows()
        for _, b in four.iterrows()
    )
    add(
        "**Who deals what (first dealer).** Seat 0 deals the first hand; with 4 players it deals "
        f"hands of {_row(four, seat=0)['deals_sizes']} cards, seat 3 deals "
        f"{_row(four, seat=3)['deals_sizes']}. The restriction changes each seat's match total "
        f"by {spread[0]:+.2f} to {spread[1]:+.2f} points (paired, table `q1_q4_seats.csv`); "
        + (
            "some seats' intervals do not overlap, so who deals first does shift the cost, by "
            f"{spread[1] - spread[0]:.2f} points per match at most."
            if disjoint
            else "the seats' intervals overlap, so the data show no effect of who deals first."
        )
        + f" The whole table loses {-table:.1f} points per match; the dealers' summed gap "
        f"falls by {-m4['effect']:.1f}, so the rest of the table moves by only {others:+.1f} "
        "points per match in total, streak bonuses included (a point estimate from the two "
        "paired totals): the points the dealer loses are not handed to the others."
    )
    add(
        markdown_table(
            four[
                [
                    "seat",
                    "deals_sizes",
                    "cards_dealt",
                    "restriction_effect",
                    "restriction_effect_lo",
                    "restriction_effect_hi",
                ]
            ]
        )
    )
    add(
        f"**Reproduce:** {cmd} (tables `q1_dealer_gap.csv`, `q1_match_gap.csv`, `q1_q4_seats.csv`)."
    )

    # Q2
    add("## 2. Blind one-card hands, exactly (W9)")
    add(
        "**Method.** Every deal of the one-card hand is enumerated (3 players: "
        f"{blind_table.deals(3):,} deals, 4 players: {blind_table.deals(4):,}, the trump card "
        "taken from one suit by symmetry); each seat's chance that its unseen card takes the "
        "trick is counted over the cards it could be, and it bids the value with the higher "
        "expected score, as the bots do. Views are grouped by what you see: your position, the "
        "trumps on other foreheads and the side aces and kings."
    )
    lines = []
    for n in EXACT_PLAYERS:
        lead = _row(pos, players=n, position=position_name(0, n), trumps_seen="none")
        sec = _row(pos, players=n, position="2", trumps_seen="none")
        sc_lead = _row(scores, players=n, bonus=5, position=position_name(0, n))
        sc_d = _row(scores, players=n, bonus=5, position=position_name(n - 1, n))
        d = _row(dealer, players=n, bonus=5)
        lines.append(
            f"{n} players: seeing no trump, the leader should bid 1 in "
            f"{_pct(lead['bid_1_best'])} of views (exactly {lead['bid_1_best_exact']}); a later "
            f"seat only in {_pct(sec['bid_1_best'])} ({sec['bid_1_best_exact']}). The leader "
            f"makes the blind bid {_pct(sc_lead['made_on'])} of the time and scores "
            f"{sc_lead['score_on']:.3f} per hand ({sc_lead['score_on_exact']}); the dealer makes "
            f"it {_pct(sc_d['made_off'])} without the restriction and {_pct(sc_d['made_on'])} "
            f"with it. The restriction moves the dealer off its better bid in "
            f"{_pct(d['forced_share'])} of deals and costs it exactly {d['dealer_cost_exact']} = "
            f"{d['dealer_cost']:.3f} points per blind hand; nobody else's score changes."
        )
    any_trump = pos[pos["trumps_seen"] == "one or more"]
    add(
        "**Finding.** "
        + (
            "With any trump in sight, bidding 0 is right in every view. "
            if (any_trump["bid_1_best"] == 0).all()
            else ""
        )
        + " ".join(lines)
        + (
            " Every seat after the leader has exactly the same odds: what matters is leading "
            "or not."
            if all(
                pos[(pos["players"] == n) & (pos["position"] != position_name(0, n))]
                .groupby("trumps_seen")["p_win_exact"]
                .nunique()
                .eq(1)
                .all()
                for n in EXACT_PLAYERS
            )
            else ""
        )
    )
    add(markdown_table(pos, 3))
    add("![blind bids](q2_blind_bids.png)")
    add(markdown_table(dealer, 3))
    add("![blind scores](q2_blind_scores.png)")
    lis = t["q2_listening"]
    on = lis[lis["restriction"] == "on"]
    gains = ", ".join(
        f"seat {r.position} of {r.players}: {r.gain:+.3f} ({r.gain_exact})"
        for r in on.itertuples()
        if r.position != position_name(0, r.players)
    )
    d_off = _row(lis, players=4, restriction="off", position=position_name(3, 4))
    d_on = _row(lis, players=4, restriction="on", position=position_name(3, 4))
    add(
        "**Listening to the earlier bids.** The seats that bid before you saw your card, so "
        "their bids carry news about it. Enumerating every view of every seat, with everyone "
        "else bidding by the cards they see, the exact gain of a seat that also listens is: "
        f"{gains} points per blind hand (leader: nothing to hear). Listening changes the bid in "
        f"{_pct(on['bid_changed_share'].max())} of hands at most. The 4-player dealer gains "
        f"{d_off['gain']:+.3f} without the restriction but only {d_on['gain']:+.3f} with it: the "
        "forbidden value often blocks the bid the news points to (tables `q2_listening.csv`, "
        "`q2_listening_pattern.csv`). The bots do not listen; the card-only columns are their "
        "play."
    )
    add(markdown_table(on, 3))
    add("![listening](q2_listening.png)")
    add(
        f"**Reproduce:** {cmd} (tables `q2_blind_views.csv` with aces and kings seen, "
        "`q2_blind_positions.csv`, `q2_blind_scores.csv`, `q2_blind_dealer.csv`); one view: "
        '`headcount-lab whist blind-odds --players 4 --see "K♠ ? 8♥ A♦" --trump-card 9♦`.'
    )

    # Q3
    add("## 3. Bot strength")
    add(
        f"**Method.** {o.n_tournament:,} four-player matches of `{','.join(TOURNAMENT_BOTS)}` "
        "with the seats rotated every match (each bot sits in each seat equally often); mean "
        "match score with its interval, the lead over the table's mean, the win share (ties "
        "shared, W10) and the mean score per hand by hand size. Two `heuristic` seats show how "
        "far two identical bots land apart by chance."
    )
    ranked = bots.sort_values("mean", ascending=False).reset_index(drop=True)
    order = []
    for i in range(len(ranked) - 1):
        a, b = ranked.iloc[i], ranked.iloc[i + 1]
        sep = not overlap((a["mean_lo"], a["mean_hi"]), (b["mean_lo"], b["mean_hi"]))
        order.append(f"{a['bot']} {'>' if sep else '≈'} {b['bot']}")
    mc = _row(bots, bot="montecarlo")
    h = _row(bots, bot="heuristic")
    rnd = _row(bots, bot="random")
    loss = []
    for name in ("heuristic", "random"):
        rows = by_size[by_size["bot"] == name].set_index("cards")
        ref = by_size[by_size["bot"] == "montecarlo"].set_index("cards")
        short = (ref["per_match"] - rows["per_match"]).sort_values(ascending=False)
        k = int(short.index[0])
        sep = not overlap(
            (rows.loc[k, "per_match_lo"], rows.loc[k, "per_match_hi"]),
            (ref.loc[k, "per_match_lo"], ref.loc[k, "per_match_hi"]),
        )
        loss.append(
            f"`{name}` loses most against `montecarlo` in the {k}-card hands "
            f"({short.iloc[0]:.1f} points per match{'' if sep else ', intervals overlapping'})"
        )
    blind_rows = by_size[by_size["cards"] == 1]
    add(
        f"**Finding.** {'; '.join(order)} (a '>' means the intervals do not overlap). "
        f"`montecarlo` averages {_ci(mc, 'mean', 1)} points, `heuristic` {_ci(h, 'mean', 1)}, "
        f"`random` {_ci(rnd, 'mean', 1)}; they make {_pct(mc['made'])}, {_pct(h['made'])} and "
        f"{_pct(rnd['made'])} of their bids. {'; '.join(loss)}. In the blind hands every bot "
        f"bids by the exact odds, so they score alike there ({blind_rows['score'].min():.2f} to "
        f"{blind_rows['score'].max():.2f} per hand)."
    )
    add(markdown_table(bots))
    add("![bots](q3_bots.png)")
    add(
        f"**Reproduce:** {cmd} (tables `q3_bots.csv`, `q3_bots_by_size.csv`); a tournament alone: "
        f"`headcount-lab whist simulate --players 4 --bots {','.join(TOURNAMENT_BOTS)} "
        f"--matches {o.n_tournament} --seed {o.seed} --rotate-seats`."
    )

    # Q4
    add("## 4. Seats relative to the first dealer")
    add(
        "**Method.** In the all-`heuristic` tables of question 1 (restriction on), the match "
        "total of each seat counted clockwise from the first dealer, and its lead over the mean "
        "of the table in the same match (paired within the match, so the interval is tight). "
        "With identical bots, rotating them changes nothing; the seat is all that differs."
    )
    real = seats[(seats["lead_lo"] > 0) | (seats["lead_hi"] < 0)]
    if real.empty:
        seat_text = (
            "No seat's lead over the table's mean leaves out zero at any table size: the data "
            "show no seat advantage."
        )
    else:
        seat_text = (
            "Seats whose lead leaves out zero: "
            + "; ".join(
                f"{r.players} players, seat {r.seat}: "
                f"{ci_text(r.lead, r.lead_lo, r.lead_hi)} points"
                for r in real.itertuples()
            )
            + f". Every other seat's interval includes zero. Of {len(seats)} seat intervals "
            f"about {0.05 * len(seats):.0f} would leave out zero by chance alone; "
            f"{len(real)} do."
        )
    biggest = seats.loc[seats["lead"].abs().idxmax()]
    add(
        f"**Finding.** {seat_text} The largest seat effect is {biggest['lead']:+.2f} points per "
        f"match ({biggest['players']} players, seat {biggest['seat']}), against mean totals of "
        f"{seats['total'].min():.0f} to {seats['total'].max():.0f}: "
        + ("small next to the totals." if abs(biggest["lead"]) < 1 else "worth knowing.")
        + " Win shares by seat are in the table."
    )
    add(
        markdown_table(
            seats[
                [
                    "players",
                    "seat",
                    "deals_sizes",
                    "total",
                    "lead",
                    "lead_lo",
                    "lead_hi",
                    "win_share",
                ]
            ]
        )
    )
    add("![seats](q1_q4_seats.png)")
    add(f"**Reproduce:** {cmd} (table `q1_q4_seats.csv`).")

    # Q5
    add("## 5. Streaks (W8)")
    add(
        "**Method.** The bot tournament scores every match both ways, `every_five` (a run pays "
        "at five and its counter restarts) and `once` (a run pays once until broken); streaks "
        "change no decision, so the two scores are of the same match and their difference is "
        "paired. Bonus points per match are net (+10 runs minus -10 runs)."
    )
    ef = streaks[streaks["mode"] == "every_five"]
    parts = []
    for r in ef.itertuples():
        once = _row(streaks, bot=r.bot, mode="once")
        ch = (
            once["once_minus_every_five"],
            once["once_minus_every_five_lo"],
            once["once_minus_every_five_hi"],
        )
        parts.append(
            f"`{r.bot}` earns {r.plus_per_match:.2f} +10 and {r.minus_per_match:.2f} -10 runs per "
            f"match, net {ci_text(r.bonus_points, r.bonus_points_lo, r.bonus_points_hi, 1)} "
            f"points; `once` changes its total by "
            f"{ci_text(*ch)} — {_compare_word(ch[1], ch[2], 'a gain', 'a loss')}"
        )
    byp = t["q5_streaks_by_players"]
    add(
        "**Finding.** " + "; ".join(parts) + ". With all-heuristic tables the net streak bonus "
        "per seat and match runs from "
        + ", ".join(f"{r.bonus_points:+.2f} ({r.players} players)" for r in byp.itertuples())
        + "."
    )
    add(
        markdown_table(
            streaks[
                [
                    "bot",
                    "mode",
                    "plus_per_match",
                    "minus_per_match",
                    "bonus_points",
                    "bonus_points_lo",
                    "bonus_points_hi",
                    "mean_total",
                ]
            ]
        )
    )
    add("![streaks](q5_streaks.png)")
    add(f"**Reproduce:** {cmd} (tables `q5_streaks.csv`, `q5_streaks_by_players.csv`).")

    # Q6
    add("## 6. Strategy tips (printable)")
    add(
        "**Method.** The tips are read off the exact blind-hand tables (question 2) and the "
        "paired dealer comparison (question 1); nothing on the chart is typed in by hand."
    )
    for head, lines_ in tips(t):
        add(f"**{head}.**\n\n" + "\n".join(f"- {x}" for x in lines_))
    add("![tips](tips.png)\n\nPrintable: [tips.pdf](tips.pdf).")
    add(f"**Reproduce:** {cmd}.")
    return "\n\n".join(out) + "\n"


def write_report(out_dir: Path, res: WhistResults, started: float) -> list[Path]:
    """CSV tables, charts, the tip chart (PNG and PDF), README.md and metadata.json."""
    from headcount_lab.analysis.headcount.figures import new_axes
    from headcount_lab.analysis.whist.figures import TipChart

    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, df in res.tables.items():
        path = out_dir / f"{name}.csv"
        df.to_csv(path, index=False, float_format="%.6g")
        written.append(path)
    for name, fig in charts(res.tables).items():
        _save(fig, out_dir / f"{name}.png", written)
    fig, ax = new_axes(size=(8.27, 11.69))
    TipChart(
        "Forehead Whist: bidding tips",
        tips(res.tables),
        footer=f"From {res.opts.command()} (exact enumeration and paired simulation); "
        "see README.md.",
    ).plot(ax)
    _save(fig, out_dir / "tips.png", written)
    _save(fig, out_dir / "tips.pdf", written)
    path = out_dir / "README.md"
    path.write_text(readme(res), encoding="utf-8")
    written.append(path)
    res.seconds["total"] = time.perf_counter() - started
    path = out_dir / "metadata.json"
    path.write_text(json.dumps(metadata(res), indent=2) + "\n", encoding="utf-8")
    written.append(path)
    return written
