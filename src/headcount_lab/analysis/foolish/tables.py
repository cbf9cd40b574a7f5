"""The Foolish Faces report's tables: the simulations and the tidy tables every question quotes.

Round-level questions (F19: their objective is the expected round score) come from per-round
traces (:mod:`headcount_lab.research.foolish.traces`): every set-up of a player count plays the
same deals (block 0 of the seed), so two set-ups are compared deal by deal (paired). Game-level
questions (seats and the start player, the ladder) come from whole games of the kernels. An
interval is a normal 95% interval over rounds (or games); for a difference of two set-ups it is
the interval of the mean paired difference.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import SimpleNamespace as Runs
from typing import Any

import numpy as np
import pandas as pd

from headcount_lab.analysis import rulelab
from headcount_lab.core.report import (
    GameReportOptions,
    Results,
    Ticker,
    check_size,
    sectioned,
    tables_section,
)
from headcount_lab.core.stats import (
    Z80,
    Z95,
    Z95_ROUNDED,
    ci_columns,
    mean_ci,
    normal_ci,
    ols,
    ratio_ci,
    sample_mean_ci,
    wilson,
)
from headcount_lab.games.foolish.exact import lone_fool_by_chain
from headcount_lab.games.foolish.rules import JACK, JOKER, KING, NAMES, QUEEN, FoolishRules
from headcount_lab.research.foolish import traces as st
from headcount_lab.research.foolish.ladder import head_to_head_games

COMMAND = "headcount-lab report foolish"
NAME = "foolish-faces"
PLAYERS = (4, 5)
#: rounds per rule-of-thumb or random set-up, and the search bot's rounds per player count
DEFAULT_ROUNDS = 100_000
QUICK_ROUNDS = 3_000
SEARCH_SHARE = 160  # search rounds = rounds / SEARCH_SHARE (at least QUICK_SEARCH)
QUICK_SEARCH = 20
#: bot levels of question 1 and 3, weakest first; the search bot runs at the small size
LEVELS = ("random", "rules", "pimc")
SEARCH = "pimc"
#: multipliers scored on the same play records (scoring is linear in them, F15)
MULTIPLIERS = (1, 2, 3, 4, 5, 6)
#: the "deliberate ducking" plan of question 2: the full bonus weighed on a first trick
DUCKER = "rules:duck=1"
#: the cards of question 5, by type
CARDS = (0, 9, JACK, QUEEN, KING, JOKER)
#: the ladder of question 8 (weakest first) and the games per rung as a share of the rounds;
#: ``competent`` is the committed competent field's member (issue 22 item 5: skill as the spread
#: between competent players and a rule-of-thumb player)
RUNGS = (("random", "rules"), ("rules", "pimc"), ("rules", "competent"))
#: issue 22 item 5: questions 1, 3, 4 and 5 also trace the committed competent field (its member
#: in every seat; 5 players read the 4-player field, as ``competent`` does), on this many times
#: the search bot's rounds
COMPETENT_SHARE = 2
LADDER_SHARE = (50, 600, 600)
LADDER_MIN = (100, 6, 6)


@dataclass(frozen=True)
class FoolishReportOptions(GameReportOptions):
    """``size``: rounds per simulated set-up (``None``: the default, or the quick size)."""

    COMMAND = COMMAND
    DEFAULT = DEFAULT_ROUNDS
    QUICK = QUICK_ROUNDS

    @property
    def n_search(self) -> int:
        return max(QUICK_SEARCH, self.n // SEARCH_SHARE)

    def ladder_games(self, i: int) -> int:
        return max(LADDER_MIN[i], self.n // LADDER_SHARE[i])


def check(opts: FoolishReportOptions) -> None:
    check_size(opts.n, "--games (rounds per set-up)", opts.seed)


# --- statistics -------------------------------------------------------------------------------


Trace = dict[str, np.ndarray]


@dataclass
class Run:
    """One traced set-up: its rules, bots and devices by seat, and the trace."""

    rules: FoolishRules
    bots: list[str]
    devices: list[int]
    trace: Trace


def run(
    rules: FoolishRules,
    bots: list[str],
    rounds: int,
    seed: int,
    devices: list[int] | None = None,
    hands: bool = False,
) -> Run:
    """Trace a set-up; the hands dealt are kept only with ``hands`` (question 5 needs them,
    and they are the largest array)."""
    dev = devices or [0] * rules.players
    tr = st.trace(rules, bots, rounds, seed, dev)
    if not hands:
        del tr["hand"]
    return Run(rules, bots, dev, tr)


def role_masks(tr: Trace) -> tuple[np.ndarray, np.ndarray]:
    """(rounds with a Lone Fool, the Lone Fool's seat or -1)."""
    role = tr["seat"][:, :, st.ROLE]
    lone = (role == st.LONE).any(axis=1)
    seat = np.where(lone, np.argmax(role == st.LONE, axis=1), -1)
    return lone, seat


def rescore(run_: Run, multiplier: int, bonus: int | None = None) -> np.ndarray:
    """Every seat's round score (``float64[R, n]``) under another Lone Fool multiplier (F15)
    and No Tricks bonus (F16) on the same play record: scoring is linear in both."""
    r = run_.rules
    tr = run_.trace
    s = tr["seat"].astype(np.int64)
    rnd = tr["round"].astype(np.int64)
    n = r.players
    role = s[:, :, st.ROLE]
    pts = s[:, :, st.POINTS]
    fool = role != st.COURT
    crashed = rnd[:, st.CRASHED] == 1
    stock = np.where(crashed & (not r.pc_keeps_stock), 0, 2 if n == 4 else 4)
    fool_total = (pts * fool).sum(axis=1) + stock
    lone = (role == st.LONE).any(axis=1)
    fool_total = np.where(lone, fool_total * multiplier, fool_total)
    court_total = (pts * ~fool).sum(axis=1)
    b = r.no_tricks_bonus if bonus is None else bonus
    pay = ~crashed | r.pc_no_tricks_bonus
    bonus_paid = (s[:, :, st.WON] == 0) * (b * rnd[:, st.ROUND_NO])[:, None] * pay[:, None]
    team = np.where(fool, fool_total[:, None], court_total[:, None])
    return (team + bonus_paid).astype(np.float64)


def lone_court(score: np.ndarray, tr: Trace) -> tuple[np.ndarray, np.ndarray]:
    """Per Lone Fool round: the Lone Fool's score and the mean Court score of the round."""
    lone, seat = role_masks(tr)
    sc = score[lone]
    lone_score = sc[np.arange(len(sc)), seat[lone]]
    return lone_score, (sc.sum(axis=1) - lone_score) / (score.shape[1] - 1)


def lone_gap(score: np.ndarray, tr: Trace) -> np.ndarray:
    """Per Lone Fool round: the Lone Fool's score minus the mean Court score of the round."""
    lone_score, court = lone_court(score, tr)
    return lone_score - court


def means(**samples: np.ndarray) -> dict[str, float]:
    """Each sample's mean with its normal 95% interval, as a table's columns ``name``,
    ``name_lo`` and ``name_hi`` (in the order given)."""
    return {
        k: v for name, x in samples.items() for k, v in ci_columns(name, sample_mean_ci(x)).items()
    }


def scores(run_: Run) -> np.ndarray:
    """Every seat's round score (``float64[R, n]``) as played."""
    return run_.trace["seat"][:, :, st.SCORE].astype(np.float64)


def seat0_diff(base: Run, other: Run) -> np.ndarray:
    """Seat 0's round score in ``other`` minus in ``base`` (the same deals), per round."""
    return scores(other)[:, 0] - scores(base)[:, 0]


# --- question 1: the Lone Fool's balance ------------------------------------------------------


def fair_multiplier(run_: Run) -> tuple[float, float, float]:
    """The multiplier that makes the Lone Fool's mean round score equal a Court player's on
    these play records, with a delta-method 95% interval: ``m* = E[court - bonus] / E[total]``
    where ``total`` is the Lone Fool's points plus the stock."""
    t, _ = lone_court(rescore(run_, 1, 0), run_.trace)  # team totals, multiplier 1, no bonus
    full, court = lone_court(rescore(run_, 1), run_.trace)
    y = court - (full - t)  # full - t: the bonus paid to the Lone Fool
    return ratio_ci(y, t)


def lone_table(runs: dict[tuple[int, str], Run]) -> pd.DataFrame:
    """Per player count and bot level: Lone Fool rounds, the Lone Fool minus the Court at the
    rules' multiplier, and the fair multiplier."""
    rows = []
    for (n, level), r in runs.items():
        lone, _ = role_masks(r.trace)
        gap = lone_gap(scores(r), r.trace)
        rows.append(
            {
                "players": n,
                "bots": level,
                "rounds": len(lone),
                "lone_rounds": int(lone.sum()),
                "multiplier": r.rules.multiplier,
                **means(lone_minus_court=gap),
                **ci_columns("fair_multiplier", fair_multiplier(r)),
            }
        )
    return pd.DataFrame(rows)


def multiplier_table(runs: dict[tuple[int, str], Run]) -> pd.DataFrame:
    """The Lone Fool minus the Court, rescored at each multiplier on the same play records."""
    rows = []
    for (n, level), r in runs.items():
        for m in MULTIPLIERS:
            gap = lone_gap(rescore(r, m), r.trace)
            rows.append(
                {"players": n, "bots": level, "multiplier": m, **means(lone_minus_court=gap)}
            )
    return pd.DataFrame(rows)


#: the columns of the check of question 1 (:func:`lone_table` of the ``rules`` bots playing
#: under the fair multiplier, rounded, which the bots know: they weigh points by it)
CHECK_COLUMNS = ["players", "bots", "multiplier", "lone_rounds", "lone_minus_court",
                 "lone_minus_court_lo", "lone_minus_court_hi"]  # fmt: skip


# --- question 2: the No Tricks bonus, 5x against 10x ------------------------------------------


def no_trick_table(b5: dict[int, Run], b10: dict[int, Run]) -> pd.DataFrame:
    """By player count and round number: the share of players without a trick under each bonus
    and the paired difference (same deals), and the share whose first trick a King gave."""
    rows = []
    for n in b5:
        a, b = b5[n].trace, b10[n].trace
        rno = a["round"][:, st.ROUND_NO]
        for k in range(1, n + 1):
            sel = rno == k
            za = (a["seat"][sel, :, st.WON] == 0).mean(axis=1)
            zb = (b["seat"][sel, :, st.WON] == 0).mean(axis=1)
            ka = a["seat"][sel, :, st.KING_FIRST].mean(axis=1)
            kb = b["seat"][sel, :, st.KING_FIRST].mean(axis=1)
            rows.append(
                {
                    "players": n,
                    "round": k,
                    "rounds": int(sel.sum()),
                    "at_stake_5": b5[n].rules.no_tricks_bonus * k,
                    "at_stake_10": b10[n].rules.no_tricks_bonus * k,
                    **means(no_trick_5=za, no_trick_10=zb, difference=zb - za),
                    **means(king_first_5=ka, king_first_10=kb),
                }
            )
    return pd.DataFrame(rows)


def duck_table(base: dict[tuple[int, int], Run], duck: dict[tuple[int, int], Run]) -> pd.DataFrame:
    """By player count, bonus and round: what the ducking plan in seat 0 gains over the plain
    rule of thumb in the same seat and deals (the other seats play the rule of thumb)."""
    rows = []
    for (n, bonus), r in base.items():
        d = seat0_diff(r, duck[(n, bonus)])
        rno = r.trace["round"][:, st.ROUND_NO]
        for k in sorted(set(rno.tolist())):
            rows.append({"players": n, "bonus": bonus, "round": k, **means(gain=d[rno == k])})
    return pd.DataFrame(rows)


# --- question 3: roles ------------------------------------------------------------------------


ROLE_NAMES = ("lone_fool", "two_fool_member", "court")


def role_table(runs: dict[tuple[int, str], Run]) -> pd.DataFrame:
    """Mean round score by role, and how often each kind of round comes up (with the exact
    chance of a Lone Fool round, F3)."""
    rows = []
    for (n, level), r in runs.items():
        s = r.trace["seat"]
        lone, _ = role_masks(r.trace)
        exact = lone_fool_by_chain(n)
        two = ~lone
        pair_gap = []
        if two.any():
            sc = s[two, :, st.SCORE].astype(np.float64)
            fool = s[two, :, st.ROLE] == st.PAIR
            pair_gap = (sc * fool).sum(axis=1) / 2 - (sc * ~fool).sum(axis=1) / (n - 2)
        by_role = {x: s[:, :, st.SCORE][s[:, :, st.ROLE] == c] for c, x in enumerate(ROLE_NAMES)}
        rows.append(
            {
                "players": n,
                "bots": level,
                "rounds": len(lone),
                **ci_columns("lone_share", wilson(int(lone.sum()), len(lone))),
                "lone_share_exact": float(exact),
                "lone_share_exact_fraction": str(exact),
                **means(**by_role, two_fools_minus_court=np.asarray(pair_gap)),
            }
        )
    return pd.DataFrame(rows)


# --- question 4: seats and the start player ---------------------------------------------------


def position_table(runs: dict[int, Run]) -> pd.DataFrame:
    """Mean round score by position after the start player (0 = the start player leads trick
    1, F4), and that position's score minus the round's mean (paired within the round)."""
    rows = []
    for n, r in runs.items():
        sc = scores(r)
        start = r.trace["round"][:, st.START].astype(np.int64)
        mean = sc.mean(axis=1)
        for pos in range(n):
            seat = (start + pos) % n
            x = sc[np.arange(len(sc)), seat]
            rows.append(
                {"players": n, "position": pos, **means(round_score=x, minus_table=x - mean)}
            )
    return pd.DataFrame(rows)


def seat_game_table(games: dict[int, dict[str, np.ndarray]]) -> pd.DataFrame:
    """Whole games with the first start at seat 0 (F4): win share (F17) and mean game score by
    seat, ``rules`` bots in every seat."""
    rows = []
    for n, g in games.items():
        for s in range(n):
            count = int(g["games"][s])
            win = mean_ci(g["win60"][s] / 60, g["win60_sq"][s] / 3600, count, Z95_ROUNDED)
            score = mean_ci(float(g["score_sum"][s]), float(g["score_sq"][s]), count, Z95_ROUNDED)
            rows.append(
                {
                    "players": n,
                    "seat": s,
                    "games": count,
                    **ci_columns("win_share", win),
                    "fair_share": 1 / n,
                    **ci_columns("game_score", score),
                }
            )
    return pd.DataFrame(rows)


# --- question 5: what each card is worth ------------------------------------------------------


def card_table(runs: dict[tuple[int, str], Run]) -> pd.DataFrame:
    """Least squares of a player's round score on the counts held at the deal of A, 10, J, Q,
    K and Joker (the other cards, 2 to 9, are the baseline, since a hand's size is fixed), with
    the round number as a factor; 95% intervals from standard errors clustered by round (the
    seats of one round share their deal). A coefficient is the round score gained by holding one
    more of that card in place of a 2-9."""
    rows = []
    for (n, level), r in runs.items():
        hand = r.trace["hand"].astype(np.float64)
        y = scores(r).reshape(-1)
        rno = np.repeat(r.trace["round"][:, st.ROUND_NO], n)
        cols = [hand[:, :, t].reshape(-1) for t in CARDS]
        cols += [(rno == k).astype(np.float64) for k in range(1, n + 1)]
        X = np.column_stack(cols)
        beta, cov = ols(X, y, cluster=n)  # a round's seats share their deal
        for i, t in enumerate(CARDS):
            rows.append(
                {
                    "players": n,
                    "bots": level,
                    "card": NAMES[t],
                    **ci_columns("value", normal_ci(float(beta[i]), math.sqrt(cov[i, i]))),
                    "mean_held": float(hand[:, :, t].mean()),
                }
            )
    return pd.DataFrame(rows)


# --- question 6: knowing the teams, and the Joker face up -------------------------------------


def device_table(
    base: dict[int, Run], oracle: dict[int, Run], joker_down: dict[int, Run]
) -> pd.DataFrame:
    """Seat 0 with a measuring device against the same bot without it, same deals: overall and
    by seat 0's role (ORACLE: told the teams; JOKER_DOWN: never a Joker face up)."""
    rows = []
    for n, b in base.items():
        role = b.trace["seat"][:, 0, st.ROLE]
        # every round (a role is a code 0-2), then by seat 0's role
        masks = {"all": role >= 0} | {x: role == c for c, x in enumerate(ROLE_NAMES)}
        for name, other in (("oracle", oracle[n]), ("joker_down", joker_down[n])):
            d = seat0_diff(b, other)
            for rname, sel in masks.items():
                rows.append(
                    {
                        "players": n,
                        "device": name,
                        "seat0_role": rname,
                        "rounds": int(sel.sum()),
                        **means(gain=d[sel]),
                    }
                )
    return pd.DataFrame(rows)


def joker_table(base: dict[int, Run]) -> pd.DataFrame:
    """How the rule of thumb plays its Jokers: the share played face up, by role, and the mean
    round score of a Fool who showed a Joker face up against one who did not (not paired: who
    shows is the bot's choice, so this row describes, it does not measure)."""
    rows = []
    for n, b in base.items():
        s = b.trace["seat"]
        score, crashed = s[:, :, st.SCORE], b.trace["round"][:, st.CRASHED] == 1
        for code in (st.LONE, st.PAIR):
            sel = (s[:, :, st.ROLE] == code) & ~crashed[:, None]
            dealt = int(s[:, :, st.JOKERS][sel].sum())
            up = int(s[:, :, st.JOKERS_UP][sel].sum())
            shown = sel & (s[:, :, st.JOKERS_UP] > 0)
            hidden = sel & (s[:, :, st.JOKERS_UP] == 0)
            rows.append(
                {
                    "players": n,
                    "role": ROLE_NAMES[code],
                    "jokers_dealt": dealt,
                    **ci_columns("share_face_up", wilson(up, dealt)),
                    **means(score_if_shown=score[shown], score_if_not=score[hidden]),
                }
            )
    return pd.DataFrame(rows)


# --- question 7: Party Crasher ----------------------------------------------------------------


def crash_table(off: dict[int, Run], on: dict[int, Run]) -> pd.DataFrame:
    """Party Crasher on against off on the same deals (F18), Lone Fool rounds only: how often
    the Lone Fool may show it at some turn and does, and what it changes for each role."""
    rows = []
    for n, a in off.items():
        b = on[n]
        lone, seat = role_masks(b.trace)
        idx = np.flatnonzero(lone)
        avail = b.trace["seat"][idx, seat[lone], st.CAN_CRASH] > 0
        used = b.trace["round"][idx, st.CRASHED] == 1
        dl, dc = lone_court(scores(b) - scores(a), b.trace)  # on minus off, same deals
        rows.append(
            {
                "players": n,
                "lone_rounds": len(idx),
                **ci_columns("available", wilson(int(avail.sum()), len(idx))),
                **ci_columns("used", wilson(int(used.sum()), len(idx))),
                **means(lone_gain=dl, court_gain=dc, lead_gain=dl - dc),
                **means(lone_gain_when_used=dl[used]),
            }
        )
    return pd.DataFrame(rows)


# --- question 8: luck against skill -----------------------------------------------------------


def games_needed(d: float, sd: float) -> float:
    """Games for a two-sided 5% test to detect a mean per-game difference ``d`` (per-game
    standard deviation ``sd``) with 80% power: ``((z95 + z80) sd / d)^2`` (inf if ``d`` is 0)."""
    if d == 0:
        return math.inf
    return ((Z95 + Z80) * sd / d) ** 2


def luck_table(rungs: list[tuple[dict[str, object], np.ndarray, np.ndarray]]) -> pd.DataFrame:
    """Per rung of the ladder: the stronger bot's mean per-game win-share and score lead over
    the weaker one, and the games needed (95% confidence, 80% power), from the lead's estimate
    and from each end of its interval (inf when the interval reaches zero)."""
    rows = []
    for rung, share, score in rungs:
        row: dict[str, object] = {"stronger": rung["a"], "weaker": rung["b"], "games": len(share)}
        for name, x in (("win_share", share), ("score", score)):
            m, lo, hi = sample_mean_ci(x)
            sd = float(np.std(x, ddof=1))
            row.update(ci_columns(f"{name}_lead", (m, lo, hi)))
            row[f"{name}_sd"] = sd
            # the lead's upper end needs the fewest games, its lower end the most
            need = [games_needed(v, sd) if v > 0 else math.inf for v in (m, hi, lo)]
            row.update(ci_columns(f"{name}_games_needed", (need[0], need[1], need[2])))
        rows.append(row)
    return pd.DataFrame(rows)


# --- everything -------------------------------------------------------------------------------


def _bots(opts: FoolishReportOptions, tick: Ticker) -> Runs:
    """Every traced set-up of the section ``bots``: each bot level, and the paired rule and bot
    set-ups of ``rules`` bots."""
    R = opts.n
    # levels by (players, bot level); the others by players ((players, bonus) for the ducking)
    x = Runs(levels={}, b10={}, base_duck={}, duck={}, oracle={}, jdown={}, pc_on={}, checks={},
             competent={})  # fmt: skip

    def traced(n: int, bots: list[str], size: int = R, dev: Any = None, hands: bool = False,
               **rules: Any) -> Run:  # fmt: skip
        r = run(FoolishRules(players=n, **rules), bots, size, opts.seed, dev, hands)
        tick.advance()
        return r

    for n in PLAYERS:
        for level in LEVELS:
            size = opts.n_search if level == SEARCH else R
            x.levels[(n, level)] = traced(n, [level] * n, size, hands=True)
    for n in PLAYERS:
        rules_bots = ["rules"] * n
        base = x.levels[(n, "rules")]
        x.b10[n] = traced(n, rules_bots, no_tricks_bonus=10)
        for bonus, b in ((5, base), (10, x.b10[n])):
            x.base_duck[(n, bonus)] = b
            x.duck[(n, bonus)] = traced(n, [DUCKER] + rules_bots[1:], no_tricks_bonus=bonus)
        x.oracle[n] = traced(n, rules_bots, dev=[st.ORACLE] + [0] * (n - 1))
        x.jdown[n] = traced(n, rules_bots, dev=[st.JOKER_DOWN] + [0] * (n - 1))
        x.pc_on[n] = traced(n, rules_bots, party_crasher=True)
        mult = max(1, round(fair_multiplier(base)[0]))
        if mult == base.rules.multiplier:  # the same rules, deals and bots: the same rounds
            x.checks[(n, "rules")] = base
            tick.advance()
        else:
            x.checks[(n, "rules")] = traced(n, rules_bots, lone_multiplier=mult)
    for n in PLAYERS:
        member = competent_member(n)
        x.competent[(n, member)] = traced(n, [member] * n, COMPETENT_SHARE * opts.n_search,
                                          hands=True)  # fmt: skip
    x.rules = {n: x.levels[(n, "rules")] for n in PLAYERS}
    return x


def by_players(runs: dict[tuple[int, str], Run]) -> dict[int, Run]:
    """Runs keyed by (players, bots), one set-up a player count, keyed by the player count."""
    return {n: r for (n, _), r in runs.items()}


def competent_member(players: int) -> str:
    """The bot the committed competent field seats at ``players`` under the default rules (its
    one member; a mixed field is refused, since a traced table seats one bot)."""
    from headcount_lab.core.competent import sole_member
    from headcount_lab.games import GAMES

    return sole_member(GAMES["foolish"], players)


def _seats(opts: FoolishReportOptions, tick: Ticker) -> dict[int, dict[str, np.ndarray]]:
    from headcount_lab.core.rng import block_state
    from headcount_lab.games.foolish import kernels
    from headcount_lab.games.foolish.agents import policy_params

    games: dict[int, dict[str, np.ndarray]] = {}
    for n in PLAYERS:
        ids, params = policy_params(["rules"] * n)
        rules = FoolishRules(players=n, first_start=0).array()
        R = opts.n
        games[n] = kernels.run_block(block_state(opts.seed, 2), R // n, rules, ids, params, False)
        tick.advance()
    return games


def _ladder(opts: FoolishReportOptions, tick: Ticker) -> list[Any]:
    def seated(name: str) -> str:
        return competent_member(4) if name == "competent" else name

    rungs = []
    for i, (lower, upper) in enumerate(RUNGS):
        games = opts.ladder_games(i)
        share, score = head_to_head_games(
            FoolishRules(), seated(upper), seated(lower), games, opts.seed + 10 + i, tick.advance
        )
        rungs.append(({"a": upper, "b": lower}, share, score))
    return rungs


#: the report's sections (``report foolish --only NAME``), in the order they run
SECTIONS = (
    tables_section(
        "bots",
        "q1, q2, q3, q5, q6, q7: every bot level and the paired rule and bot set-ups, 4 and 5 "
        "players",
        _bots,
        {
            "q1_lone_fool": lambda x: lone_table(x.levels),
            "q1_multipliers": lambda x: multiplier_table(x.levels),
            "q1_check": lambda x: lone_table(x.checks)[CHECK_COLUMNS],
            "q1_competent": lambda x: lone_table(x.competent),
            "q3_competent_roles": lambda x: role_table(x.competent),
            "q4_competent_positions": lambda x: position_table(by_players(x.competent)),
            "q5_competent_cards": lambda x: card_table(x.competent),
            "q2_no_tricks": lambda x: no_trick_table(x.rules, x.b10),
            "q2_ducking": lambda x: duck_table(x.base_duck, x.duck),
            "q3_roles": lambda x: role_table(x.levels),
            "q4_positions": lambda x: position_table(x.rules),
            "q5_cards": lambda x: card_table({k: v for k, v in x.levels.items() if k[1] != SEARCH}),
            "q6_devices": lambda x: device_table(x.rules, x.oracle, x.jdown),
            "q6_jokers": lambda x: joker_table(x.rules),
            "q7_party_crasher": lambda x: crash_table(x.rules, x.pc_on),
        },
        lambda o: (len(PLAYERS) * (len(LEVELS) + 8), "set-ups"),
    ),
    tables_section("seats", "q4: whole games from seat 0", _seats, {"q4_seats": seat_game_table},
                   lambda o: (len(PLAYERS), "set-ups")),
    tables_section("ladder", "q8: the bot ladder, game by game", _ladder, {"q8_luck": luck_table},
                   lambda o: (sum(o.ladder_games(i) for i in range(len(RUNGS))), "games")),
    rulelab.section("foolish"),
)  # fmt: skip


#: every table of the report (``compute(opts, progress, only, folder)``)
compute = sectioned(NAME, SECTIONS, Results, check)
