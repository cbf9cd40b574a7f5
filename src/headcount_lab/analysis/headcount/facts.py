"""Every number the Headcount report's text quotes, read off the playtest's tables and named
facts.

:func:`facts` turns a :class:`~headcount_lab.analysis.headcount.playtest.Playtest` into a
:class:`~headcount_lab.core.report.Facts`: plain numbers, estimates with their 95 % interval as
``(value, lo, hi)``, and the outcome of each comparison as a key that picks a sentence of the
text (``"up"`` / ``"down"`` / ``"none"``, ``"real"`` / ``"small"``, ...). No words here: the
text (``[headcount]`` in ``headcount_lab/words/<lang>.toml``) holds them, in every
language.
"""

from __future__ import annotations

import math
from typing import Any

from headcount_lab.analysis.headcount.playtest import (
    HOUSE_RULES,
    PLAYERS,
    VARIANTS,
    differences_table,
    paired_table,
)
from headcount_lab.core import stats
from headcount_lab.core.report import Facts
from headcount_lab.core.stats import compare_intervals

#: an estimate with its 95 % interval
Est = tuple[float, float, float]

#: the smallest change a designer would notice, per measure (rounds; game-win probability)
PRACTICAL = {"rounds_per_game": 0.25, "best_bot_wins": 0.01, "random_bot_wins": 0.01,
             "skill_spread": 0.01}  # fmt: skip
#: the rule sets question 9 sums up, in its order
FINDING_RULES = ("trickster", "double", "tie_to_caller", "first_bid_1", "start_may_peek",
                 "no_hidden_card")  # fmt: skip


def est(row: Any, value: str = "value") -> Est:
    """``(value, lo, hi)`` of a table row (the estimate in column ``value``)."""
    return (float(row[value]), float(row["lo"]), float(row["hi"]))


def excludes_zero(e: Est) -> bool:
    """:func:`headcount_lab.core.stats.excludes_zero` of the estimate's interval."""
    return stats.excludes_zero(e[1], e[2])


def effect(e: Est, measure: str) -> str:
    """``real`` when the interval excludes zero and the change reaches its :data:`PRACTICAL`
    size, ``small`` when it excludes zero but does not, else ``none``."""
    if not excludes_zero(e):
        return "none"
    return "real" if abs(e[0]) >= PRACTICAL[measure] else "small"


def _optional(rows: Any) -> Est | None:
    return est(rows.iloc[0]) if len(rows) else None


def facts(pt: Any) -> Facts:
    """Every number the report's text quotes, from the playtest ``pt``: the strong field's bot
    (``best_bot``, :data:`~headcount_lab.analysis.headcount.playtest.STRONG_FIELD`, named by
    every finding; ``strong_spec`` its full spec) and the mixed field's winner (``mixed_top``),
    then by question. Keys that pick a sentence: ``bot_lead`` "none" / "more" / "less",
    ``open_vs_life`` "more" / "less" / "unclear", ``start_lead`` "bad" / "good" / "none",
    ``snowball`` (:func:`_snowball`); a paired comparison the strong bot has no parameter for
    (peek, discard) is ``None``."""
    f = pt.facts
    n = PLAYERS
    paired = paired_table(pt)
    game = paired[(paired["measure"] == "game_win") & (paired["seat"] == "all")]
    round_loss = paired[
        (paired["comparison"] == "q3_peek_default_vs_never")
        & (paired["measure"] == "round_loss_share")
    ]
    hu = pt.tables["q3_heads_up_values"].set_index("compare")
    by = pt.tables["q3_peeks_by_position_and_lives"]
    peeks = by[by["measure"] == "peeks"]
    pos = pt.tables["q4_round_loss_by_position"]
    p0 = pos[(pos["players"] == n) & (pos["position"] == 0)].iloc[0]
    p_best = pos[pos["players"] == n].sort_values("value").iloc[0]
    seat = pt.tables["q4_game_win_by_seat"]
    s0 = seat[(seat["players"] == n) & (seat["seat"] == 0)].iloc[0]
    cb = pt.tables["q4_comeback"]
    first = cb[cb["measure"] == "first_loser_wins_game"].set_index("players")
    again = pt.tables["q4_loser_starts_again"]
    again = again[again["players"] == n].set_index("players_left")
    left = cb[cb["measure"] == "first_loser_wins_game_left_of_loser"].iloc[0]
    mixed = pt.tables["q4_mixed_field_by_seat"].set_index("seat")
    start_lead = "bad" if p0["lo"] > 1 / n else ("good" if p0["hi"] < 1 / n else "none")
    wins = pt.tables["q8_win_rates"].set_index("bot")
    best = f["best_bot"]
    top = f.get("mixed_top", best)  # q8 is about the mixed field's measured winner
    need = pt.tables["q8_games_needed"]
    need = need[need["better"] == top].sort_values("gap").iloc[0]
    games = need["games_to_show_better"]
    bot_gap = f["q2_bot_call_gap"]
    rules_table = pt.tables["q5_q7_rules"].set_index("rules")
    diffs = differences_table(pt)
    rounds = diffs[diffs["measure"] == "rounds_per_game"]
    widest = rounds.loc[rounds["value"].abs().idxmax()]
    peek_default = _optional(game[game["comparison"] == "q3_peek_default_vs_never"])
    sit = pt.tables["q10_sitting_out"]
    six = sit[(sit["players"] == 6) & (sit["place"] == "6")]
    sit_out = {str(r["place"]): est(r) for _, r in sit[sit["players"] == n].iterrows()}
    hu_exact = pt.tables["q11_heads_up_exact"]
    hu_play = {
        (r["next_start"], r["peeks"]): r for _, r in pt.tables["q11_heads_up_in_play"].iterrows()
    }
    nan3 = (math.nan,) * 3

    def heads_up(rule: str) -> Est:
        r = hu_play.get((rule, "all"))
        return est(r) if r is not None and r["n"] > 0 else nan3

    def mix(rule: str) -> float:
        r = hu_play.get((rule, "all"))
        return math.nan if r is None else float(r["equilibrium"])

    return Facts(
        best_bot=best,
        strong_spec=pt.meta.get("strong_field", best),
        mixed_top=f.get("mixed_top", best),
        best_call=f["best_call"],
        typical_sum={k: f[f"q1_typical_sum_{k}"] for k in (3, 4, 5, 6)},
        typical_bid75={k: f[f"q1_typical_bid75_{k}"] for k in (3, 4, 5, 6)},
        offset75={k: f[f"q1_offset75_{k}"] for k in (4, 6)},
        median_offset=f[f"q1_median_offset_{n}"],
        top_shift=f[f"q1_top_shift_{n}"],
        joker_shift=f[f"q1_joker_shift_{n}"],
        call_gap={s: f[f"q2_call_gap_{n}_{s}"] for s in ("none", "A♠", "JK")},
        bot_call_gap=bot_gap,
        bot_call_win=f["q2_bot_call_win"],
        bot_lead="none"
        if bot_gap is None
        else ("more" if bot_gap > f[f"q2_call_gap_{n}_none"] else "less"),
        # the smallest gap from which the strong bot's calls in play won more than half; their
        # success at the exact card-only threshold, and at that gap or more (pooled); a call at
        # every turn facing a bid, settled at the count
        play_gap_50=f["q2_play_gap_50"],
        play_win_at_gap=f["q2_play_win_at_exact_gap"],
        play_win_above=f.get("q2_play_win_above"),
        turn_gap_50=f["q2_turn_gap_50"],
        peek_default=peek_default,
        peek_eager=_optional(game[game["comparison"] == "q3_peek_eager_vs_never"]),
        peek_round_loss=_optional(round_loss),
        peek_share=peeks["k"].sum() / max(peeks["n"].sum(), 1),
        open_value=est(hu.loc["open_instead_of_face_down"]),
        life_value=est(hu.loc["one_more_face_down_life"]),
        open_vs_life=compare_intervals(
            est(hu.loc["open_instead_of_face_down"]), est(hu.loc["one_more_face_down_life"])
        ),
        start=est(p0),
        best_position=int(p_best["position"]),
        best_position_rate=p_best["value"],
        # the loser who starts again loses again, by players left (most first), and its fair share
        loser_again=[
            Facts(left=int(k), rate=est(r), fair=1 / int(k))
            for k, r in again.sort_index(ascending=False).iterrows()
        ],  # fmt: skip
        first_loser_wins=est(first.loc[n]),
        seat0=est(s0),
        mixed_seat0=est(mixed.loc[0]),
        start_lead=start_lead,
        snowball=_snowball(
            start_lead, first.loc[n, "hi"] < 1 / n, f["q4_left_of_loser_comeback_diff"]
        ),
        left_first=est(left),
        left_diff=tuple(f["q4_left_of_loser_comeback_diff"]),  # type: ignore[arg-type]
        rules={key: _rule_facts(diffs, rules_table, key) for key in VARIANTS + HOUSE_RULES},
        # the surprise rates (``far_standard_hidden``, ``far_sd_double_hidden``, ...)
        **{k.removeprefix("q5_"): v for k, v in f.items() if k.startswith("q5_far_")},
        rounds_standard=rules_table.loc["standard", "rounds_per_game"],
        widest_rule=widest["rules"],
        widest_rounds=widest["value"],
        discard=_optional(game[game["comparison"] == "q6_discard_open_vs_face_down"]),
        best_rate=est(wins.loc[top]),
        random_rate=est(wins.loc["random"]),
        best_beats_fair=bool(wins.loc[top, "lo"] > 1 / n),
        second=need["other"],
        second_gap=est(need, "gap"),
        # as a number, "—" when the leader is never ahead (``None`` or NaN in the table)
        games_needed="—"
        if games is None or (isinstance(games, float) and math.isnan(games))
        else int(games),
        field=[(r["bot"], r["value"]) for _, r in pt.tables["q8_against_odds_field"].iterrows()],
        command_q8=f["q8_command"],
        tip_peek_gain=None if peek_default is None else peek_default[0],
        # q10: rounds watched after going out (4 players): the first player out, place 3
        # (``None`` without one) and per player; the first out at 6 players
        sit_first=sit_out.get(str(n), nan3),
        sit_third=sit_out["3"][0] if "3" in sit_out else None,
        sit_all=sit_out.get("all", nan3),
        sit_six=None if six.empty else float(six["value"].iloc[0]),
        # q11: the exact start-player loss by who can peek; the strong field's own heads-up
        # rounds it starts, under each next_start; the equilibrium over its mix of peeks
        hu_exact=dict(zip(hu_exact["peeks"], hu_exact["start_player_loses"], strict=True)),
        hu_step=int(hu_exact["bid_step"].iloc[0]),
        hu_loser=heads_up("loser"),
        hu_left=heads_up("left_of_loser"),
        mix_loser=mix("loser"),
        mix_left=mix("left_of_loser"),
    )


def _rule_facts(diffs: Any, rules_table: Any, key: str) -> Facts:
    """What one rule set changes against the standard game: ``changes`` (measure, difference,
    below its practical size), ``effect`` "real" / "small" / "none" over every measure, and the
    best bot's wins and the skill spread (the mixed field's leader's game-win share minus
    random's) with their effects."""
    by = {m: est(diffs[(diffs["rules"] == key) & (diffs["measure"] == m)].iloc[0])
          for m in PRACTICAL}  # fmt: skip
    kinds = {effect(e, m) for m, e in by.items()}
    return Facts(
        changes=[(m, e, effect(e, m) == "small") for m, e in by.items() if excludes_zero(e)],
        effect="real" if "real" in kinds else ("small" if "small" in kinds else "none"),
        best_bot_wins=by["best_bot_wins"],
        best_bot_effect=effect(by["best_bot_wins"], "best_bot_wins"),
        skill_spread=by["skill_spread"],
        skill_effect=effect(by["skill_spread"], "skill_spread"),
        command=rules_table.loc[key, "command"],
    )


def _snowball(start_lead: str, loser_behind: bool, left_diff: Any) -> str:
    """The q4 ``snowball`` key: 'the loser starts' is blamed only when the H9 control (the
    player after the loser starts instead) gives the first round's loser more wins."""
    if not loser_behind:
        return "no"
    return "start" if start_lead == "bad" and stats.sign_of(tuple(left_diff)) == "up" else "life"
