"""Charts as objects built from tidy data, each with ``.plot(ax=None) -> Axes``.

matplotlib is imported inside the plotting methods only, so importing this module stays cheap.
Figures are made with ``matplotlib.figure.Figure`` (no pyplot, no global state, no backend).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

import pandas as pd

from headcount_lab.analysis.headcount.playtest import (
    HOUSE_RULES,
    PLAYERS,
    VARIANTS,
    differences_table,
    paired_table,
)
from headcount_lab.core.charts import (  # noqa: F401  (PALETTE re-exported for the tests)
    A4,
    MARKERS,
    PALETTE,
    DotChart,
    error_lengths,
    finish_axes,
    new_axes,
    panels,
    styled,
)


@dataclass(frozen=True)
class SafeBidByViewChart:
    """Question 1: the ``level`` % safe bid against the number-card sum a seat sees, one colour
    per player count; solid before peeking, dashed after (the peeked hidden card counts in the
    sum). ``data``: rows of :func:`~headcount_lab.analysis.headcount.odds.
    safe_bids_by_view_table` for one variant and one ``special_seen`` value."""

    data: pd.DataFrame
    level: int = 75
    title: str = ""
    xlabel: str = "sum of the number cards you see (points)"
    ylabel: str = "safe bid (points)"
    peeked_label: str = "peeked"
    players_label: str = "{n} players"
    show_peeked: bool = True

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                _, ax = new_axes()
            column = f"safe_bid_{self.level}"
            for i, (n, rows) in enumerate(self.data.groupby("players")):
                colour = PALETTE[i % len(PALETTE)]
                for peeked, style in ((False, "-"), (True, "--")):
                    part = rows[rows["peeked"] == peeked].sort_values("visible_sum")
                    if part.empty or (peeked and not self.show_peeked):
                        continue
                    label = self.players_label.format(n=n)
                    if peeked:
                        label += f", {self.peeked_label}"
                    ax.plot(part["visible_sum"], part[column], style, color=colour, label=label)
            return finish_axes(ax, self.xlabel, self.ylabel, self.title, "upper left")


@dataclass(frozen=True)
class CallOddsChart:
    """Question 2: exact P(the call wins) against the gap between the last bid and the sum the
    caller sees, one line per player count, with the 50 % line; optionally the share of turns
    on which a bot called at that gap (``bot``: columns ``gap``, ``value``, ``lo``, ``hi``,
    drawn as points with 95 % intervals)."""

    data: pd.DataFrame
    bot: pd.DataFrame | None = None
    bot_label: str = "bot's call rate"
    title: str = ""
    xlabel: str = "last bid minus the sum you see (points)"
    ylabel: str = "probability"
    players_label: str = "{n} players: P(call wins)"

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                _, ax = new_axes()
            for i, (n, rows) in enumerate(self.data.groupby("players")):
                rows = rows.sort_values("gap")
                ax.plot(
                    rows["gap"],
                    rows["p_call_wins"],
                    color=PALETTE[i % len(PALETTE)],
                    label=self.players_label.format(n=n),
                )
            if self.bot is not None and not self.bot.empty:
                b = self.bot
                ax.errorbar(
                    b["gap"],
                    b["value"],
                    yerr=error_lengths(b["value"], b["lo"], b["hi"]),
                    fmt="o",
                    color=PALETTE[-1],
                    markersize=3,
                    linewidth=1,
                    label=self.bot_label,
                )
            ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
            ax.set_ylim(-0.02, 1.02)
            return finish_axes(ax, self.xlabel, self.ylabel, self.title, "upper left")


def IntervalChart(  # noqa: N802  (named as the chart it makes)
    data: pd.DataFrame,
    xlabel: str,
    title: str = "",
    reference: float | None = None,
    percent: bool = True,
) -> DotChart:
    """Estimates with 95 % intervals, one row per category (a forest plot): ``data`` has the
    columns ``label``, ``value``, ``lo``, ``hi`` (and ``group`` to colour rows by group, the
    legend below the axes); ``reference`` draws a dashed vertical line (0 for differences,
    1/n for fair shares)."""
    group = "group" if "group" in data.columns else None
    return DotChart(data, "label", "value", xlabel, title, group, reference,
                    100.0 if percent else 1.0, "below", ("--", 1.0), (0.9, 0.38, 0.0))  # fmt: skip


@dataclass(frozen=True)
class RateLineChart:
    """Rates with 95 % intervals along an ordered ``x`` (a line with a shaded band per group):
    ``data`` has ``x``, ``value``, ``lo``, ``hi`` columns (names given) and optionally a
    ``group`` column, one line per group labelled with ``group_label.format(g=...)``."""

    data: pd.DataFrame
    x: str
    xlabel: str
    ylabel: str
    title: str = ""
    group: str | None = None
    group_label: str = "{g}"
    percent: bool = True
    reference: float | None = None

    def plot(self, ax: Any = None) -> Any:
        with styled():
            if ax is None:
                _, ax = new_axes()
            scale = 100.0 if self.percent else 1.0
            parts = [(None, self.data)] if self.group is None else self.data.groupby(self.group)
            for i, (g, rows) in enumerate(parts):
                rows = rows.sort_values(self.x)
                colour = PALETTE[i % len(PALETTE)]
                label = None if g is None else self.group_label.format(g=g)
                ax.plot(
                    rows[self.x],
                    rows["value"] * scale,
                    marker=MARKERS[i % len(MARKERS)],
                    color=colour,
                    label=label,
                )
                ax.fill_between(
                    rows[self.x], rows["lo"] * scale, rows["hi"] * scale, color=colour, alpha=0.25
                )
            if self.reference is not None:
                ax.axhline(self.reference * scale, color="grey", linestyle="--", linewidth=1)
            legend = "best" if self.group else None
            return finish_axes(ax, self.xlabel, self.ylabel, self.title, legend)


def tip_sheet(
    views: pd.DataFrame,
    call: pd.DataFrame,
    peek_gap: pd.DataFrame | None,
    text: dict[str, Any],
    call_in_play: pd.DataFrame | None = None,
) -> Any:
    """The one-page strategy-tip chart (A4 portrait, large type for reading at arm's length):
    the 75 % safe bid by what you see, when a call wins, how often the best bot peeks by the
    gap, and a few tips. ``views``: :func:`~headcount_lab.analysis.headcount.odds.
    safe_bids_by_view_table` rows (standard deck, nothing special seen); ``call``: rows of
    :func:`~headcount_lab.analysis.headcount.odds.call_odds_by_gap_table` (standard, nothing
    special seen); ``peek_gap``: the bot's peek rates by gap (``gap``, ``value``, ``lo``,
    ``hi``) or ``None``; ``text``: titles, labels and the tips in one language;
    ``call_in_play``: the share of turns facing a bid on which a call would have won against the
    strong field's bidders (``gap``, ``value``, ``lo``, ``hi``; 4 players), drawn beside the
    card-only curves (issue 22 item 5), or ``None``."""
    from matplotlib.figure import Figure

    big = {"font.size": 14, "axes.titlesize": 16, "axes.labelsize": 14, "legend.fontsize": 12,
           "xtick.labelsize": 13, "ytick.labelsize": 13, "lines.linewidth": 3.0}  # fmt: skip
    with styled(**big):
        fig = Figure(figsize=A4, layout="constrained")
        fig.suptitle(text["title"], fontsize=22, fontweight="bold")
        grid = fig.add_gridspec(4, 1, height_ratios=[1.25, 1.0, 0.8, 0.75])
        ax_bid = fig.add_subplot(grid[0])
        SafeBidByViewChart(
            views[~views["peeked"]],
            75,
            text["bid_title"],
            text["bid_xlabel"],
            text["bid_ylabel"],
            players_label=text["players"],
            show_peeked=False,
        ).plot(ax_bid)
        lo, hi = -5, 45
        ax_bid.set_xlim(lo, hi)
        ax_bid.plot([lo, hi], [lo, hi], color="grey", linewidth=1, linestyle=":")
        ax_call = fig.add_subplot(grid[1])
        in_play = None
        if call_in_play is not None:
            in_play = call_in_play[call_in_play["gap"].between(-5, 30)]
        CallOddsChart(
            call[(call["gap"] >= -5) & (call["gap"] <= 30)],
            bot=in_play,
            bot_label=text.get("call_play_label", ""),
            title=text["call_title"],
            xlabel=text["call_xlabel"],
            ylabel=text["call_ylabel"],
            players_label=text["players"],
        ).plot(ax_call)
        ax_call.legend(loc="upper left", ncols=2, fontsize=10)  # the curves rise to the right
        ax_peek = fig.add_subplot(grid[2])
        if peek_gap is not None and not peek_gap.empty:
            part = peek_gap[(peek_gap["gap"] >= -20) & (peek_gap["gap"] <= 20)]
            RateLineChart(
                part, "gap", text["peek_xlabel"], text["peek_ylabel"], text["peek_title"]
            ).plot(ax_peek)
            ax_peek.set_ylim(0, 100)
        else:
            ax_peek.set_axis_off()
        ax_text = fig.add_subplot(grid[3])
        ax_text.set_axis_off()
        ax_text.text(
            0.0,
            1.0,
            "\n".join(textwrap.fill(f"• {t}", 78, subsequent_indent="   ") for t in text["tips"]),
            va="top",
            ha="left",
            fontsize=13,
            wrap=True,
            transform=ax_text.transAxes,
        )
    return fig


# --- the report's figures ---------------------------------------------------------------------

#: the gaps the report's call-odds chart shows
GAPS_SHOWN = (-10, 35)


def _dots(df: pd.DataFrame, label: Any, group: Any, value: str = "value") -> pd.DataFrame:
    """The rows of an :func:`IntervalChart` from ``df``: a label and a group per row (a column
    of ``df``'s rows, or one text for all), the estimate ``value`` and its ``lo``, ``hi``."""
    return pd.DataFrame({"label": label, "group": group, "value": df[value], "lo": df["lo"],
                         "hi": df["hi"]})  # fmt: skip


def _seat_label(t: dict[str, Any], seat: Any) -> str:
    return str(t["q3"]["seat_label"][seat == "all"].format(seat=seat))


def charts(pt: Any, t: dict[str, Any]) -> dict[str, Any]:
    """The Headcount report's figures by file stem (the strategy-tip sheet apart, see
    :func:`tip_sheet`), each drawn by the chart objects above from the playtest's tables
    (``pt``: :class:`~headcount_lab.analysis.headcount.playtest.Playtest`); ``t``: the report's
    words in one language, where every label and title comes from."""
    best = pt.facts["best_bot"]
    figs: dict[str, Any] = {}

    # q1: the safe bid by what you see
    q = t["q1"]
    views = pt.tables["q1_safe_bids_by_view"]
    std = views[views["variant"] == "standard"]
    fig, axes = new_axes(ncols=3, size=(5.2, 4.4))
    for ax, special in zip(axes, ("none", "A♠", "JK"), strict=True):
        SafeBidByViewChart(
            std[std["special_seen"] == special],
            75,
            q["panel"][special],
            q["xlabel"],
            q["ylabel"],
            q["peeked"],
            t["players"],
        ).plot(ax)
    figs["q1_safe_bids"] = fig

    # q2: when a call wins
    q = t["q2"]
    call = pt.tables["q2_call_odds_by_gap"]
    std = call[(call["variant"] == "standard") & (call["special_seen"] == "none")]
    bot = pt.tables["q2_bot_calls_by_gap"]
    bot = bot[(bot["gap"] >= GAPS_SHOWN[0]) & (bot["gap"] <= GAPS_SHOWN[1])]
    ax = CallOddsChart(
        std[(std["gap"] >= GAPS_SHOWN[0]) & (std["gap"] <= GAPS_SHOWN[1])],
        bot,
        q["bot_label"].format(best=best),
        q["chart_title"],
        q["xlabel"],
        q["ylabel"],
        q["players_p"],
    ).plot()
    figs["q2_call_odds"] = ax.figure
    figs["q2_calls_in_play"] = _calls_in_play_chart(pt, t)

    # q3: the value of a peek
    q = t["q3"]
    paired = paired_table(pt)
    peek = paired[paired["comparison"].str.startswith("q3") & (paired["measure"] == "game_win")]
    hu = pt.tables["q3_heads_up_values"]
    rows = pd.concat([
        _dots(peek, peek["seat"].map(lambda s: _seat_label(t, s)),
              peek["comparison"].map(q["compare"])),
        _dots(hu, hu["compare"].map(q["hu_label"]), q["hu_group"]),
    ])  # fmt: skip
    gap = pt.tables["q3_peeks_by_gap"]
    gap = gap[(gap["gap"] >= -25) & (gap["gap"] <= 25)]
    figs["q3_peek"] = panels([
        IntervalChart(rows, q["xlabel"], q["chart_title"], reference=0.0),
        RateLineChart(gap, "gap", q["gap_xlabel"], q["gap_ylabel"], q["gap_title"]),
    ], (6.4, 5.0))  # fmt: skip

    # q4: seats and the start
    q = t["q4"]
    players = t["players"].replace("{n}", "{g}")
    figs["q4_seats"] = panels([
        RateLineChart(pt.tables["q4_round_loss_by_position"], "position", q["pos_xlabel"],
                      q["pos_ylabel"], q["pos_title"], group="players", group_label=players),
        RateLineChart(pt.tables["q4_game_win_by_seat"], "seat", q["seat_xlabel"],
                      q["seat_ylabel"], q["seat_title"], group="players", group_label=players),
    ])  # fmt: skip

    # q5, q6, q7: variants, the loser's discard, house rules
    figs["q5_variants"] = _rule_chart(pt, t, "q5", VARIANTS)
    figs["q6_discard"] = _discard_chart(pt, t)
    figs["q7_house_rules"] = _rule_chart(pt, t, "q7", HOUSE_RULES)

    # q8: luck and skill
    q = t["q8"]
    wins = pt.tables["q8_win_rates"]
    field_ = pt.tables["q8_against_odds_field"]
    fair = 1 / PLAYERS
    figs["q8_skill"] = panels([
        IntervalChart(wins.assign(label=wins["bot"]), q["xlabel"], q["chart_title"], fair),
        IntervalChart(field_.assign(label=field_["bot"]), q["xlabel"], q["field_title"], fair),
    ], (6.4, 3.6))  # fmt: skip

    # q10: sitting out; q11: the heads-up endgame
    q = t["q10"]
    sit = pt.tables["q10_sitting_out"]
    sit = sit[sit["place"] != "all"].assign(place=lambda x: x["place"].astype(int))
    figs["q10_sitting_out"] = RateLineChart(
        sit, "place", q["xlabel"], q["ylabel"], q["chart_title"], group="players",
        group_label=players, percent=False,
    ).plot().figure  # fmt: skip
    figs["q11_heads_up"] = _heads_up_chart(pt, t)
    return figs


def _calls_in_play_chart(pt: Any, t: dict[str, Any]) -> Any:
    """Question 2: the exact card-only chance that a call wins by gap (lines), the share of the
    strong bot's calls in play that won (points with 95 % intervals) and the share of every turn
    facing a bid on which a call would have won (dashed), 4 and 3 players left."""
    q = t["q2"]
    best = pt.facts["best_bot"]
    play = pt.tables["q2_calls_in_play"]
    every = pt.tables["q2_every_turn_calls"]
    call = pt.tables["q2_call_odds_by_gap"]
    with styled():
        _, ax = new_axes()
        lo, hi = GAPS_SHOWN
        for i, left in enumerate(sorted(play["players_left"].unique(), reverse=True)
                                 if not play.empty else []):  # fmt: skip
            colour = PALETTE[i % len(PALETTE)]
            ex = call[(call["variant"] == "standard") & (call["special_seen"] == "none")
                      & (call["players"] == left) & call["gap"].between(lo, hi)]  # fmt: skip
            ax.plot(ex["gap"], ex["p_call_wins"], color=colour,
                    label=q["exact_label"].format(n=left))  # fmt: skip
            b = play[(play["players_left"] == left) & play["gap"].between(lo, hi)]
            ax.errorbar(b["gap"], b["value"], yerr=error_lengths(b["value"], b["lo"], b["hi"]),
                        fmt=MARKERS[i % len(MARKERS)], color=colour, markersize=3, linewidth=1,
                        label=q["play_label"].format(strong=best, n=left))  # fmt: skip
            e = every[(every["players_left"] == left) & every["gap"].between(lo, hi)]
            ax.plot(e["gap"], e["value"], color=colour, linestyle="--", linewidth=1.2,
                    label=q["turn_label"].format(strong=best, n=left))  # fmt: skip
        ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
        ax.set_ylim(-0.02, 1.02)
        finish_axes(ax, q["xlabel"], q["play_ylabel"], q["play_title"], "upper left")
    return ax.figure


def _heads_up_chart(pt: Any, t: dict[str, Any]) -> Any:
    """Question 11: the start player's loss of a heads-up round by who can peek: exact at
    equilibrium (the bracket of the game value) and in the strong field's games."""
    q = t["q11"]
    best = pt.facts["best_bot"]
    exact, play = pt.tables["q11_heads_up_exact"], pt.tables["q11_heads_up_in_play"]
    play = play[play["n"] > 0]
    group = play["next_start"].map(lambda rule: q["play_group"].format(strong=best, rule=rule))
    rows = pd.concat([
        _dots(exact, exact["peeks"].map(q["peeks"]), q["exact_group"], "start_player_loses"),
        _dots(play, play["peeks"].map(q["peeks"]), group),
    ])  # fmt: skip
    chart = IntervalChart(rows, q["xlabel"], q["chart_title"], 0.5)
    return panels([chart], (8.0, 1.6 + 0.38 * len(rows)))


def _rule_chart(pt: Any, t: dict[str, Any], key: str, keys: tuple[str, ...]) -> Any:
    """Rule sets against the standard game: rounds per game, and the game-win rates."""
    q = t[key]
    best = pt.facts["best_bot"]
    diff = differences_table(pt)
    d = diff[diff["rules"].isin(keys)].assign(label=lambda x: x["rules"].map(t["rule_names"]))
    rounds = d[d["measure"] == "rounds_per_game"]
    wins = d[d["measure"] != "rounds_per_game"].assign(
        group=lambda x: x["measure"].map(
            lambda m: q["win_groups"][m].format(best=best, top=pt.facts["mixed_top"])
        ),
    )
    return panels([
        IntervalChart(rounds, q["rounds_xlabel"], q["rounds_title"], 0.0, percent=False),
        IntervalChart(wins, q["wins_xlabel"], q["wins_title"], 0.0),
    ], (6.4, 1.4 + 0.45 * 2 * len(keys)))  # fmt: skip


def _discard_chart(pt: Any, t: dict[str, Any]) -> Any:
    paired = paired_table(pt)
    d = paired[
        (paired["comparison"] == "q6_discard_open_vs_face_down") & (paired["measure"] == "game_win")
    ]
    rows = d.assign(label=lambda x: x["seat"].map(lambda s: _seat_label(t, s)))
    q = t["q6"]
    return IntervalChart(rows, q["xlabel"], q["chart_title"], 0.0).plot().figure
