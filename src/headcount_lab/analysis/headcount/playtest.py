"""The numbers of the Headcount playtest report (issue 5), as tidy tables and named facts.

:func:`exact_tables` computes questions 1 and 2 and the exact part of 5 by enumeration;
:func:`rules_section`, :func:`field_section`, :func:`traced_section` and
:func:`paired_section` play the tournaments, traced games and paired games of questions 2-8 and
11 through the runner with one recorded seed. Both return plain pandas tables; the report module
only renders them. Every simulated rate carries a 95 % interval (``lo``, ``hi``); differences
between two set-ups are paired (common random numbers) where the engine allows it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from headcount_lab.analysis.headcount import odds as odds
from headcount_lab.core.stats import (
    Z95,
    around,
    independent_difference,
    mean_ci_of_moments,
    stratified_difference,
    wilson,
    win_spread,
)
from headcount_lab.research.headcount import traces as play

#: players at the simulated tables (question 4 also runs 3..6)
PLAYERS = 4
#: THE STRONG FIELD: the bot spec whose copies fill the traced and paired tables (questions 2,
#: 3, 4, 6, 10, 11) and which leads the mixed field. Every finding names it; nothing else in
#: the report assumes which bot it is (a bot without a ``peek`` or ``discard`` parameter simply
#: has no paired peek or discard comparison). Change it here and regenerate.
STRONG_FIELD = "equilibrium"
#: the bots that join the strong one in the mixed field (questions 5, 7, 8): skill and luck
MIXED_BASE = ("odds", "tips", "random")
#: the mixed field of question 8 and of the rule comparisons
FIELD = (STRONG_FIELD, *MIXED_BASE)
#: house rules and variants compared with the standard game (questions 5 and 7):
#: key -> (variant, --rule assignments)
RULE_SETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "standard": ("standard", ()),
    "trickster": ("trickster", ()),
    "double": ("double", ()),
    "tie_to_caller": ("standard", ("tie_goes_to=caller",)),
    "first_bid_1": ("standard", ("min_first_bid=1",)),
    "start_may_peek": ("standard", ("start_player_may_peek=on",)),
    "no_hidden_card": ("standard", ("hidden_card=off",)),
    "peek_may_call": ("standard", ("peek_must_raise=off",)),  # H7, question 3
    "left_of_loser": ("standard", ("next_start=left_of_loser",)),  # H9, question 4
}
#: the rule sets of questions 5 (variants) and 7 (house rules)
VARIANTS = ("trickster", "double")
HOUSE_RULES = tuple(k for k in RULE_SETS if k not in ("standard", *VARIANTS))
#: the test of "one bot is better" (question 8): one-sided level and the power wanted
ALPHA_ONE_SIDED = 0.05
POWER = 0.8


@dataclass
class Playtest:
    """Tables (name -> DataFrame, each saved as ``name.csv``) and facts (name -> number or
    text) that the findings quote; ``meta`` records sizes and the seed."""

    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)
    #: the CSV text of each table (the tables are read back from it), and each section's time
    csv: dict[str, str] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    #: the report's options (``report.ReportOptions``), set by the report's ``compute``
    opts: Any = None


#: the columns of a rate with its interval, in :func:`_rate_row`'s order
RATE_COLUMNS = ("n", "k", "value", "lo", "hi")


def _rate_row(k: int, n: int, **keys: Any) -> dict[str, Any]:
    return {**keys, **dict(zip(RATE_COLUMNS, (n, k, *wilson(k, n)), strict=True))}


def _ci_row(est: tuple[float, float, float], **keys: Any) -> dict[str, Any]:
    return {**keys, "value": est[0], "lo": est[1], "hi": est[2]}


def _est(row: Any) -> tuple[float, float, float]:
    return (row["value"], row["lo"], row["hi"])


def rules_of(key: str):  # type: ignore[no-untyped-def]
    from headcount_lab.games.headcount.rules import HeadcountRules

    variant, assignments = RULE_SETS[key]
    base = HeadcountRules(double=variant == "double", trickster=variant == "trickster")
    return base.with_flags(list(assignments))


def simulate_command(key: str, bots: str, games: int, seed: int, players: int = PLAYERS) -> str:
    """The ``headcount simulate`` command that reproduces a tournament of this report."""
    variant, assignments = RULE_SETS[key]
    cmd = (
        f"headcount-lab headcount simulate --players {players} --bots {bots} --games {games} "
        f"--seed {seed} --rotate-seats"
    )
    if variant != "standard":
        cmd += f" --variant {variant}"
    for a in assignments:
        cmd += f" --rule {a}"
    return cmd


# ----------------------------------------------------------------------------- exact


def exact_tables(pt: Playtest) -> None:
    """Questions 1 and 2 and the exact surprise rates of question 5."""
    views = odds.safe_bids_by_view_table()
    pt.tables["q1_safe_bids_by_view"] = views
    pt.tables["q1_safe_bids_nothing_seen"] = odds.safe_bid_table()
    call = odds.call_odds_by_gap_table()
    pt.tables["q2_call_odds_by_gap"] = call
    thresholds = odds.call_threshold_table(call)
    pt.tables["q2_call_thresholds"] = thresholds
    pt.tables["q5_far_from_estimates"] = odds.far_from_estimates_table()

    std = views[(views["variant"] == "standard") & (views["special_seen"] == "none")]
    for n in odds.PLAYERS:
        rows = std[(std["players"] == n) & ~std["peeked"]]
        # the typical view: the median visible sum, weighted by how often views occur
        vis = np.repeat(rows["visible_sum"].to_numpy(), rows["views"].to_numpy())
        mid = rows.iloc[(rows["visible_sum"] - float(np.median(vis))).abs().argmin()]
        pt.facts[f"q1_typical_sum_{n}"] = int(mid["visible_sum"])
        pt.facts[f"q1_typical_bid75_{n}"] = float(mid["safe_bid_75"])
        pt.facts[f"q1_offset75_{n}"] = float(mid["safe_bid_75"] - mid["visible_sum"])
    four = views[(views["variant"] == "standard") & (views["players"] == PLAYERS)]
    four = four[~four["peeked"]]
    plain_rows = four[four["special_seen"] == "none"]
    # the beginner tip: what you see + about 5 per unseen card; the exact 50 % bid instead
    pt.facts[f"q1_median_offset_{PLAYERS}"] = float(
        np.average(
            plain_rows["safe_bid_50"] - plain_rows["visible_sum"], weights=plain_rows["views"]
        )
    )
    plain = plain_rows.set_index("visible_sum")["safe_bid_75"]
    for special, name in (("A♠", "top"), ("JK", "joker")):
        rows = four[four["special_seen"] == special]
        rows = rows[rows["visible_sum"].isin(plain.index)]
        shift = rows["safe_bid_75"].to_numpy() - plain.loc[rows["visible_sum"]].to_numpy()
        # views-weighted mean change of the 75 % bid against a view of the same sum
        pt.facts[f"q1_{name}_shift_{PLAYERS}"] = float(np.average(shift, weights=rows["views"]))
    th = thresholds[thresholds["variant"] == "standard"].set_index(["players", "special_seen"])
    for n in odds.PLAYERS:
        for special in ("none", "A♠", "JK"):
            pt.facts[f"q2_call_gap_{n}_{special}"] = int(th.loc[(n, special), "call_gap_50"])
    far = pt.tables["q5_far_from_estimates"]
    for _, r in far[far["players"] == PLAYERS].iterrows():
        key = f"q5_far_{r['variant']}_{'hidden' if r['hidden_card'] else 'nohidden'}"
        pt.facts[key] = float(r["p_far"])
        pt.facts[key.replace("q5_far_", "q5_far_sd_")] = float(r["p_far_sd"])


# ----------------------------------------------------------------------------- simulated


def bot_parameter(name: str, key: str) -> float | None:
    """The default value of parameter ``key`` of bot ``name`` (``None`` if it has none)."""
    from headcount_lab.games.headcount.agents import PARAMS, parse_bot

    keys = [p[0] for p in PARAMS[name.split(":")[0]]]
    return float(parse_bot(name).params[keys.index(key)]) if key in keys else None


def _bots(spec: str, players: int):  # type: ignore[no-untyped-def]
    from headcount_lab.games.headcount.agents import parse_bots

    return parse_bots(spec, players)


def _mixed_tournaments(pt: Playtest, games: int, seed: int, tick: Any = None) -> None:
    """Question 8 (standard rules) and the rule comparisons of questions 5 and 7."""
    bots = _bots(",".join(FIELD), PLAYERS)
    rows, per_rule = [], []
    for key in RULE_SETS:
        s = play.tournament_summary(bots, rules_of(key), games, seed, rotate=True, tick=tick)
        if key == "standard":
            pt.tables["q4_mixed_field_by_seat"] = pd.DataFrame(
                [
                    _ci_row((r["rate"], *r["ci95"]), seat=i, games=r["games"], wins=r["wins"])
                    for i, r in enumerate(s["per_seat"])
                ]
            )
        rpg = s["rounds_per_game"]
        n = s["games"]
        rounds_ci = around(rpg["mean"], Z95 * rpg["sd"] / math.sqrt(n))
        by_bot = {b["bot"].split(":")[0]: b for b in s["per_bot"]}
        for name, b in by_bot.items():
            rows.append(_rate_row(b["wins"], b["games"], rules=key, bot=name))
        per_round = ("caller_loses", "peeks_per_round", "bids_per_round", "ties")
        per_rule.append(
            {
                "rules": key,
                "games": n,
                "rounds": s["rounds"],
                **dict(zip(("rounds_per_game", "rounds_lo", "rounds_hi"), rounds_ci, strict=True)),
                **{k: s["per_round"][k] for k in per_round},
                "command": simulate_command(key, ",".join(FIELD), games, seed),
            }
        )
    wins = pd.DataFrame(rows)
    pt.tables["q5_q7_win_rates"] = wins
    pt.tables["q5_q7_rules"] = pd.DataFrame(per_rule)
    std = wins[wins["rules"] == "standard"].sort_values("value", ascending=False)
    pt.tables["q8_win_rates"] = std.drop(columns="rules").reset_index(drop=True)
    pt.facts["best_bot"] = strong_name()  # the strong field's bot, named by every finding
    pt.facts["mixed_top"] = str(std.iloc[0]["bot"])  # the mixed field's winner, measured
    pt.facts["best_call"] = bot_parameter(STRONG_FIELD, "call")
    pt.facts["q8_command"] = per_rule[0]["command"]


def _skill_and_length(pt: Playtest) -> None:
    """Differences from the standard game: rounds per game, the best bot's and the random
    bot's win rates (independent intervals: conservative, the runs share their seed)."""
    wins = pt.tables["q5_q7_win_rates"].set_index(["rules", "bot"])
    rules = pt.tables["q5_q7_rules"].set_index("rules")
    best = pt.facts["best_bot"]
    top = pt.facts["mixed_top"]

    def spread(k: str) -> tuple[float, float, float]:
        """Skill (issue 22 item 5): the standard game's mixed-field leader's game-win share
        minus random's in the same games, as one per-game score (+1 the leader wins, -1 random
        does, else 0) with a normal 95% interval."""
        a, b = wins.loc[(k, top)], wins.loc[(k, "random")]
        return win_spread(a["k"] / a["n"], b["k"] / b["n"], float(a["n"]))

    rows = []
    for key in RULE_SETS:
        if key == "standard":
            continue
        for measure, est_of in (
            (
                "rounds_per_game",
                lambda k: tuple(rules.loc[k, ["rounds_per_game", "rounds_lo", "rounds_hi"]]),
            ),  # fmt: skip
            ("best_bot_wins", lambda k: tuple(wins.loc[(k, best), ["value", "lo", "hi"]])),
            ("random_bot_wins", lambda k: tuple(wins.loc[(k, "random"), ["value", "lo", "hi"]])),
            ("skill_spread", spread),
        ):
            d = independent_difference(est_of(key), est_of("standard"))
            rows.append(_ci_row(d, rules=key, measure=measure))
    diff = pd.DataFrame(rows)
    variants = diff["rules"].isin(VARIANTS)
    pt.tables["q5_variants_vs_standard"] = diff[variants].reset_index(drop=True)
    pt.tables["q7_house_rules_vs_standard"] = diff[~variants].reset_index(drop=True)


#: every bot of the engine, each alone against three copies of ``FIELD_BOT`` (question 8)
ALL_BOTS = tuple(dict.fromkeys((STRONG_FIELD, "reader", "odds", "tips", "bluffer", "random")))
FIELD_BOT = "odds"


def field_section(pt: Playtest, games: int, seed: int, tick: Any = None) -> None:
    """Question 8: each bot alone against three ``odds`` bots, every seat order."""
    from headcount_lab.games.headcount.rules import HeadcountRules

    rows = []
    for bot in ALL_BOTS:
        spec = ",".join([bot] + [FIELD_BOT] * (PLAYERS - 1))
        s = play.tournament_summary(_bots(spec, PLAYERS), HeadcountRules(), games, seed, tick=tick)
        # the focal bot is listed first; with bot == FIELD_BOT all four are one entry (25 %)
        b = s["per_bot"][0]
        rows.append(
            {
                **_rate_row(b["wins"], b["games"], bot=bot),
                "fair": 1 / PLAYERS,
                "command": simulate_command("standard", spec, games, seed),
            }  # fmt: skip
        )
    pt.tables["q8_against_odds_field"] = pd.DataFrame(rows)


def _games_needed(pt: Playtest) -> None:
    """Question 8: for the strong bot against each other bot of the mixed field, the win-rate
    gap (per game A wins, B wins or neither: d in {1, -1, 0}) and the games needed to show with
    95 % confidence and 80 % power that A is better (exact one-sided sign test on the games one
    of the two won, :func:`~headcount_lab.core.stats.games_to_show_better`), at the measured
    win rates."""
    from headcount_lab.core.stats import games_to_show_better

    wins = pt.tables["q8_win_rates"].set_index("bot")
    best = pt.facts["mixed_top"]  # the measured winner, which need not be the strong field's bot
    pa = float(wins.loc[best, "value"])
    n = int(wins.loc[best, "n"])
    rows = []
    for other in wins.index:
        if other == best:
            continue
        pb = float(wins.loc[other, "value"])
        rows.append(
            {
                "better": best,
                "other": other,
                **dict(zip(("gap", "lo", "hi"), win_spread(pa, pb, n), strict=True)),
                "games_to_show_better": games_to_show_better(pa, pb, ALPHA_ONE_SIDED, POWER),
            }
        )
    pt.tables["q8_games_needed"] = pd.DataFrame(rows)


def strong_name() -> str:
    """The strong field's bot as the tables name bots (its policy name)."""
    return STRONG_FIELD.split(":")[0]


def _setting(spec: str, key: str, value: float | int) -> str:
    """``spec`` with its parameter ``key`` set to ``value``."""
    return f"{spec}{',' if ':' in spec else ':'}{key}={value}"


def _strong_table(n: int) -> str:
    return ",".join([STRONG_FIELD] * n)


def traced_section(pt: Playtest, games: int, seed: int, quick: bool, tick: Any = None) -> None:
    """Questions 2 (calls in play), 3 (peeks), 4 (positions, seats, comeback), 10 (sitting out)
    and 11 (heads-up rounds) from traced games of the strong bot in every seat, at 3 to 6
    players, and at 4 players under ``next_start=left_of_loser`` too; and the exact heads-up
    round beside them (:func:`heads_up_tables`)."""
    from headcount_lab.games.headcount.rules import HeadcountRules
    from headcount_lab.games.headcount.tournament import Setup

    def comeback(st: dict[str, np.ndarray], n: int, measure: str) -> dict[str, Any]:
        """How often the first round's loser wins the game, and its fair share."""
        fl = st["first_loser"]
        return {**_rate_row(int(fl[1]), int(fl[0]), players=n, measure=measure), "fair": 1 / n}

    pos_rows, seat_rows, comeback_rows, again_rows, sit_rows = [], [], [], [], []
    four: dict[str, np.ndarray] = {}
    for n in odds.PLAYERS:
        setup = Setup(tuple(_bots(_strong_table(n), n)), HeadcountRules(), False)
        st = play.run(play.trace_job(setup, games), seed, tick=tick, size=games)
        if n == PLAYERS:
            four = st
        pos_rows += [_rate_row(int(st["pos_lost"][n, k]), int(st["pos_rounds"][n, k]), players=n,
                               position=k) for k in range(n)]  # fmt: skip
        seat_rows += [_rate_row(int(st["wins"][k].sum()), int(st["seated"][k].sum()), players=n,
                                seat=k) for k in range(n)]  # fmt: skip
        comeback_rows.append(comeback(st, n, "first_loser_wins_game"))
        again_rows += comeback_split(st["start_again"], n)
        sit_rows += sit_out_rows(st["sit_out"], n)
    # question 4: the same comeback rate when the next seat after the loser starts (H9 flag)
    left = Setup(tuple(_bots(_strong_table(PLAYERS), PLAYERS)),
                 HeadcountRules(next_start="left_of_loser"), False)  # fmt: skip
    left_st = play.run(play.trace_job(left, games), seed, tick=tick, size=games)
    comeback_rows.append(comeback(left_st, PLAYERS, "first_loser_wins_game_left_of_loser"))
    left_row, std_row = comeback_rows[-1], comeback_rows[odds.PLAYERS.index(PLAYERS)]
    # independent intervals: conservative, the two runs share their seed and first rounds
    pt.facts["q4_left_of_loser_comeback_diff"] = independent_difference(
        _est(left_row), _est(std_row)
    )
    pt.tables["q4_round_loss_by_position"] = pd.DataFrame(pos_rows)
    pt.tables["q4_game_win_by_seat"] = pd.DataFrame(seat_rows)
    pt.tables["q4_comeback"] = pd.DataFrame(comeback_rows)
    pt.tables["q4_loser_starts_again"] = pd.DataFrame(again_rows)
    pt.tables["q10_sitting_out"] = pd.DataFrame(sit_rows)
    pt.tables["q11_heads_up_in_play"] = heads_up_round_rows(
        {"loser": four["hu_rounds"], "left_of_loser": left_st["hu_rounds"]}
    )
    _trace_tables(pt, four)
    heads_up_tables(pt, quick)


def comeback_split(again: np.ndarray, players: int) -> list[dict[str, Any]]:
    """A loser who starts the next round, and loses it again, by players left (its fair share
    of the round is one over the players left): rows from ``again`` int64[NA, 2] (rounds,
    lost again) of games at ``players`` seats."""
    rows = []
    for left in range(players, 1, -1):
        rounds, lost = int(again[left, 0]), int(again[left, 1])
        if rounds:
            row = _rate_row(lost, rounds, players=players, players_left=left)
            rows.append({**row, "fair": 1 / left})
    return rows


def sit_out_rows(sit: np.ndarray, players: int) -> list[dict[str, Any]]:
    """Rounds a player watches after going out, by finishing place (1 = the winner, who watches
    none), per game: mean with its normal 95 % interval, from ``sit`` int64[places, 3] (games,
    sum, sum of squares); the last row (place ``all``) is the mean per player per game."""
    rows = []
    tot = np.zeros(3, np.int64)
    for place in range(1, players + 1):
        g, s, q = (int(x) for x in sit[place - 1])
        tot += sit[place - 1]
        if g:
            rows.append(_ci_row(mean_ci_of_moments(s, q, g), players=players, place=str(place),
                                games=g))  # fmt: skip
    g, s, q = (int(x) for x in tot)
    if g:
        # seats of one game are not independent: the interval counts seat-games as units
        rows.append(_ci_row(mean_ci_of_moments(s, q, g), players=players, place="all", games=g))
    return rows


#: who could peek in a heads-up round (start player, other player) -> the solver's name
HU_PEEKS = {(1, 1): "both", (1, 0): "starter", (0, 1): "other", (0, 0): "none"}


def heads_up_round_rows(by_rule: dict[str, np.ndarray]) -> pd.DataFrame:
    """Heads-up rounds of the traced games and how often their start player lost them, by the
    H9 ``next_start`` value and who could peek (an open life card at the round's start):
    ``hu_rounds`` int64[start can, other can, rounds / start player lost]."""
    rows = []
    for rule, hu in by_rule.items():
        for (a, b), name in HU_PEEKS.items():
            rows.append(_rate_row(int(hu[a, b, 1]), int(hu[a, b, 0]), next_start=rule,
                                  peeks=name))  # fmt: skip
        rows.append(_rate_row(int(hu[..., 1].sum()), int(hu[..., 0].sum()), next_start=rule,
                              peeks="all"))  # fmt: skip
    return pd.DataFrame(rows)


#: the gaps of the traced games' tables (last bid minus the number-card sum seen)
GAPS = np.arange(play.GAP_N) + play.GAP_LO
#: fewest calls (or turns) at a gap for its rate to be shown
MIN_CALLS = 30


def _gap_rows(
    of: np.ndarray, hits: np.ndarray, more: dict[str, Any] | None = None, **keys: Any
) -> list[dict[str, Any]]:
    """A rate per gap of :data:`GAPS` (``hits`` of ``of``, both by gap) with its Wilson
    interval, where ``of`` reaches :data:`MIN_CALLS`; the two end gaps pool the tails and are
    left out. ``more``: column -> its values by gap, added to each row."""
    rows = []
    for i, (g, n, k) in enumerate(zip(GAPS, of, hits, strict=True)):
        if n >= MIN_CALLS and 0 < i < play.GAP_N - 1:
            extra = {c: v[i] for c, v in (more or {}).items()}
            rows.append({**_rate_row(int(k), int(n), **keys, gap=int(g)), **extra})
    return rows


def _gap_frame(rows: list[dict[str, Any]], *keys: str, more: tuple[str, ...] = ()) -> pd.DataFrame:
    """``rows`` of :func:`_gap_rows` as a table whose columns are there when no gap reached
    :data:`MIN_CALLS` too (a small ``--games``), so the report's filters find them."""
    return pd.DataFrame(rows, columns=[*keys, "gap", *RATE_COLUMNS, *more])


def _trace_tables(pt: Playtest, st: dict[str, np.ndarray]) -> None:
    n = PLAYERS
    won = {"calls_won": st["calls_won"][n]}
    bot = _gap_frame(_gap_rows(st["call_turns"][n], st["calls"][n], won), more=tuple(won))
    pt.tables["q2_bot_calls_by_gap"] = bot
    usual = bot[bot["value"] > 0.5]
    pt.facts["q2_bot_call_gap"] = int(usual["gap"].min()) if not usual.empty else None
    calls = int(st["calls"][n].sum())
    pt.facts["q2_bot_call_win"] = wilson(int(st["calls_won"][n].sum()), calls)
    _calls_in_play(pt, st)

    peek_rows = []
    for k in range(1, n):
        for lv in range(1, play.LIVES):
            turns = int(st["peek_turns"][k, lv])
            if turns == 0:
                continue
            peeks = int(st["peeks"][k, lv])
            for measure, hits, of in (
                ("peeks", peeks, turns),
                ("round_lost_after_peek", int(st["peek_lost"][k, lv]), peeks),
                ("round_lost_without_peek", int(st["nopeek_lost"][k, lv]), turns - peeks),
            ):
                peek_rows.append(_rate_row(hits, of, position=k, lives=lv, measure=measure))
    pt.tables["q3_peeks_by_position_and_lives"] = pd.DataFrame(peek_rows)
    pt.tables["q3_peeks_by_gap"] = _gap_frame(_gap_rows(st["peek_gap_turns"], st["peek_gap"]))
    pt.tables["q3_heads_up_values"] = heads_up_values(st["heads_up"])


def _calls_in_play(pt: Playtest, st: dict[str, np.ndarray]) -> None:
    """Question 2, what the bids are worth: of the calls the strong bot made in play (no peek
    that round, no special card in view), the share that won, by the gap between the last bid
    and the number-card sum the caller saw, with 4 and with 3 players left; beside it the exact
    card-only chance for the same gap (``q2_call_odds_by_gap``: every unseen card equally likely,
    the bids ignored)."""
    exact = pt.tables["q2_call_odds_by_gap"]
    exact = exact[(exact["variant"] == "standard") & (exact["special_seen"] == "none")]
    exact = exact.set_index(["players", "gap"])["p_call_wins"]

    def by_gap(n_of: str, k_of: str) -> pd.DataFrame:
        rows = []
        for left in (PLAYERS, PLAYERS - 1):
            near = {"exact": [float(exact.get((left, int(g)), float("nan"))) for g in GAPS]}
            rows += _gap_rows(st[n_of][left], st[k_of][left], near, players_left=left)
        return _gap_frame(rows, "players_left", more=("exact",))

    table = by_gap("calls", "calls_won")
    pt.tables["q2_calls_in_play"] = table
    four = table[table["players_left"] == PLAYERS] if not table.empty else table
    threshold = pt.facts[f"q2_call_gap_{PLAYERS}_none"]
    above = four[four["gap"] >= threshold] if not four.empty else four
    pt.facts["q2_play_gap_50"] = _gap_from_which_half(above)
    # issue 22 item 5: the bot's calls are its own choice (it calls where it expects to win);
    # a call at *every* turn facing a bid, settled at the count, is what calling at a gap
    # is worth against these bidders
    every = by_gap("call_turns", "would_won")
    pt.tables["q2_every_turn_calls"] = every
    # the first gap whose whole interval lies above one half: the tail of rare gaps (a few
    # hundred turns each) holds odd patterns of the bids and says nothing about the threshold
    four_every = every[every["players_left"] == PLAYERS] if not every.empty else every
    above_half = four_every[four_every["lo"] > 0.5] if not four_every.empty else four_every
    pt.facts["q2_turn_gap_50"] = int(above_half["gap"].min()) if not above_half.empty else None
    pt.facts["q2_play_win_above"] = (
        wilson(int(above["k"].sum()), int(above["n"].sum())) if not above.empty else None
    )
    at = four[four["gap"] == threshold] if not four.empty else four
    pt.facts["q2_play_win_at_exact_gap"] = (
        tuple(float(x) for x in at.iloc[0][["value", "lo", "hi"]]) if not at.empty else None
    )


def _gap_from_which_half(by_gap: pd.DataFrame) -> int | None:
    """The smallest gap of ``by_gap`` (rows ``gap``, ``value``) from which on every gap's share
    is above one half, or ``None``."""
    if by_gap.empty:
        return None
    losing = by_gap[by_gap["value"] <= 0.5]
    after = by_gap[by_gap["gap"] > losing["gap"].max()] if not losing.empty else by_gap
    return int(after["gap"].min()) if not after.empty else None


def heads_up_values(hu: np.ndarray) -> pd.DataFrame:
    """Question 3, a peek against a life, from heads-up states (2 seats left): the game-win
    chance of a seat with one more *open* life card instead of a face-down one (same lives: the
    value of a peek in hand) and with one more face-down card (the value of a life). Each is a
    difference between two states with everything else equal (the opponent's cards, who
    starts), pooled over those strata with weights n1 n2 / (n1 + n2)."""
    n = hu[..., 0].astype(np.float64)
    w = hu[..., 1].astype(np.float64)
    rows = []
    for name, a_of, b_of in (
        ("open_instead_of_face_down", lambda o, d: (o + 1, d), lambda o, d: (o, d + 1)),
        ("one_more_face_down_life", lambda o, d: (o, d + 1), lambda o, d: (o, d)),
    ):
        strata = []
        for o in range(play.HU):
            for d in range(play.HU):
                (oa, da), (ob, db) = a_of(o, d), b_of(o, d)
                if max(oa, da, ob, db) >= play.HU or oa + da > 3:
                    continue
                strata.append((w[oa, da], n[oa, da], w[ob, db], n[ob, db]))
        # a small run (--games 100) can leave no stratum with enough games on both sides: the
        # row stays, unmeasured (NaN)
        est = stratified_difference(strata) or (math.nan, math.nan, math.nan)
        rows.append(_ci_row(est, compare=name))
    return pd.DataFrame(rows)


def paired_comparisons() -> dict[str, tuple[str, str]]:
    """The paired comparisons of questions 3 and 6 (name -> focal specs A, B), each the strong
    bot with one setting changed; one that needs a parameter the strong bot lacks is left out."""
    from headcount_lab.games.headcount.agents import PARAMS

    keys = {p[0] for p in PARAMS[strong_name()]}
    s = STRONG_FIELD
    out = {}
    if "peek" in keys:
        # the odds family: peek = 0 peeks whenever the hidden card could move the odds at all,
        # 1 never; equilibrium: peek = 2 (always) peeks whenever it may, 1 never, 0 its table
        eager = 2 if strong_name() == "equilibrium" else 0
        out["q3_peek_eager_vs_never"] = (_setting(s, "peek", eager), _setting(s, "peek", 1))
        out["q3_peek_default_vs_never"] = (s, _setting(s, "peek", 1))
    if "discard" in keys:
        out["q6_discard_open_vs_face_down"] = (_setting(s, "discard", 1), _setting(s, "discard", 0))
    return out


PAIRED_COLUMNS = ("comparison", "a", "b", "games", "measure", "seat", "value", "lo", "hi")
#: the paired measures over all seats after the game-win differences: measure -> summary key
PAIRED_ALL = (("round_loss_share", "round_loss_diff"), ("win_a", "win_a"), ("win_b", "win_b"))


def paired_section(pt: Playtest, games: int, seed: int, tick: Any = None) -> None:
    """Questions 3 (eager, default and never peeking) and 6 (discard open or face-down) as
    paired games: the strong bot with one setting against three copies of itself."""
    from headcount_lab.games.headcount.agents import parse_bot
    from headcount_lab.games.headcount.rules import HeadcountRules

    std = HeadcountRules()
    rows = []
    for name, (a, b) in paired_comparisons().items():
        pair = play.Pair(PLAYERS, parse_bot(a), parse_bot(b), parse_bot(STRONG_FIELD), std, std)
        s = play.paired_summary(play.run(play.paired_job(pair, games), seed, tick=tick, size=games))
        base = {"comparison": name, "a": pair.focal_a.spec, "b": pair.focal_b.spec,
                "games": s["games"]}  # fmt: skip
        measured = [("game_win", "all", s["diff"])]
        measured += [("game_win", str(f), d) for f, d in enumerate(s["diff_by_seat"])]
        measured += [(m, "all", s[k]) for m, k in PAIRED_ALL]
        rows += [{**base, **_ci_row(d, measure=m, seat=seat)} for m, seat, d in measured]
    paired = pd.DataFrame(rows, columns=list(PAIRED_COLUMNS))
    q3 = paired["comparison"].str.startswith("q3")
    pt.tables["q3_peek_paired"] = paired[q3].reset_index(drop=True)
    pt.tables["q6_discard_paired"] = paired[~q3].reset_index(drop=True)


def new_playtest(games: int, seed: int) -> Playtest:
    """An empty playtest of ``games`` games per simulated set-up, its sizes in ``meta``."""
    return Playtest(meta={"games_per_setup": games, "seed": seed, "players": PLAYERS,
                          "strong_field": STRONG_FIELD, "field": list(FIELD)})  # fmt: skip


def rules_section(pt: Playtest, games: int, seed: int, tick: Any = None) -> None:
    """Questions 5, 7 and 8: the rule sets and the mixed field."""
    _mixed_tournaments(pt, games, seed, tick)
    _skill_and_length(pt)
    _games_needed(pt)


def heads_up_tables(pt: Playtest, quick: bool) -> None:
    """Question 11: the start player's equilibrium loss in the exact heads-up round by who can
    peek (:mod:`~headcount_lab.research.headcount.headsup_values`), and beside each traced heads-up
    rate the equilibrium of its peek situation; an ``all`` row gets the equilibrium averaged
    over the strong field's own mix of peek situations (what the H9 flag alone would do if the
    round were played exactly)."""
    from headcount_lab.research.headcount.headsup_values import PEEKS, headsup_values

    hv = headsup_values(quick)
    exact = pd.DataFrame(
        [
            {
                "peeks": name,
                "start_player_loses": v["start_player_loses"],
                "lo": v["start_player_loses_bounds"][0],
                "hi": v["start_player_loses_bounds"][1],
                "exploitability": v["exploitability"],
                "bid_step": hv["step"],
                "iterations": hv["iterations"],
            }
            for name, v in ((k, hv["by_peeks"][k]) for k in PEEKS)
        ]  # fmt: skip
    )
    pt.tables["q11_heads_up_exact"] = exact
    pt.meta["heads_up_grid"] = {"step": hv["step"], "iterations": hv["iterations"],
                                "command": hv["command"]}  # fmt: skip
    eq = exact.set_index("peeks")["start_player_loses"]
    play_rows = pt.tables["q11_heads_up_in_play"].copy()
    play_rows["equilibrium"] = play_rows["peeks"].map(eq)
    for rule in play_rows["next_start"].unique():
        part = play_rows[(play_rows["next_start"] == rule) & (play_rows["peeks"] != "all")]
        mix = float((part["n"] * part["equilibrium"]).sum() / max(part["n"].sum(), 1))
        play_rows.loc[(play_rows["next_start"] == rule) & (play_rows["peeks"] == "all"),
                      "equilibrium"] = mix  # fmt: skip
    pt.tables["q11_heads_up_in_play"] = play_rows


def paired_table(pt: Playtest) -> pd.DataFrame:
    """The paired comparisons of questions 3 and 6 in one table."""
    return pd.concat([pt.tables["q3_peek_paired"], pt.tables["q6_discard_paired"]],
                     ignore_index=True)  # fmt: skip


def differences_table(pt: Playtest) -> pd.DataFrame:
    """The differences from the standard game of questions 5 and 7 in one table."""
    return pd.concat(
        [pt.tables["q5_variants_vs_standard"], pt.tables["q7_house_rules_vs_standard"]],
        ignore_index=True,
    )
