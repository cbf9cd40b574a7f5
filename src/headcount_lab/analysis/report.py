"""Reports: Markdown with charts (PNG), tables (CSV) and metadata written into a folder.

:func:`headcount_report` writes the Headcount playtest report (issue 5) in English
(``reports/headcount``) or German (``reports/kopfrechnen``): nine questions, each with its
method, a tidy table, a chart, a finding with its 95 % interval or exact value and the command
that reproduces it, and the one-page strategy-tip chart (PNG and PDF). ``headcount-lab report
all`` runs every game's report (:func:`reports`, read from the game
registry); the Headcount numbers are computed once there and
rendered in both languages.
"""

from __future__ import annotations

import json
import math
import platform
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from headcount_lab.analysis.playtest import differences_table, paired_table
from headcount_lab.analysis.report_text import TEXT, fmt_num, fmt_pct, fmt_pp
from headcount_lab.analysis.whist_report import WhistReportOptions, whist_report

PNG_METADATA = {"Software": None}  # keep the files identical from run to run
PDF_METADATA = {"Creator": None, "Producer": None, "CreationDate": None}

#: games per simulated set-up: default (``make report``, both languages in well under 15
#: minutes on 2 cores; measured in the metadata) and ``--quick`` (tests, under a minute)
DEFAULT_GAMES = 300_000
QUICK_GAMES = 2_000
DEFAULT_SEED = 1
FOLDERS = {"en": "headcount", "de": "kopfrechnen"}


def markdown_table(df: pd.DataFrame, float_format: str = "{:.3f}") -> str:
    """A GitHub-flavoured Markdown table (pandas' own needs the optional tabulate package)."""
    cols = list(df.columns)

    def cell(v: object) -> str:
        return float_format.format(v) if isinstance(v, float) else str(v)

    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---:" for _ in cols) + "|"]
    for row in df.itertuples(index=False):
        lines.append("| " + " | ".join(cell(v) for v in row) + " |")
    return "\n".join(lines)


@dataclass(frozen=True)
class ReportOptions:
    games: int = DEFAULT_GAMES
    seed: int = DEFAULT_SEED
    quick: bool = False

    @property
    def sim_games(self) -> int:
        return QUICK_GAMES if self.quick else self.games

    def command(self, lang: str) -> str:
        cmd = f"headcount-lab report headcount --lang {lang} --seed {self.seed}"
        return cmd + (" --quick" if self.quick else f" --games {self.games}")


def compute(opts: ReportOptions) -> Any:
    """Every number of the Headcount report (exact and simulated), timed."""
    from headcount_lab.analysis.playtest import run_playtest

    if opts.games < 100:
        raise ValueError(f"--games must be at least 100, got {opts.games}")
    if opts.seed < 0:
        raise ValueError(f"--seed must be non-negative, got {opts.seed}")
    t0 = time.perf_counter()
    pt = run_playtest(opts.sim_games, opts.seed)
    pt.meta["compute_seconds"] = round(time.perf_counter() - t0, 1)
    return pt


def headcount_report(
    out_dir: Path, lang: str = "en", opts: ReportOptions | None = None, pt: Any = None
) -> list[Path]:
    """Write the Headcount playtest report in ``lang`` into ``out_dir``; return the files.
    ``pt``: numbers already computed by :func:`compute` (else they are computed here)."""
    if lang not in TEXT:
        raise ValueError(f"unknown language {lang!r}: choose {', '.join(TEXT)}")
    opts = opts or ReportOptions()
    if pt is None:
        pt = compute(opts)
    return _Writer(out_dir, lang, opts, pt).write()


def write_both(out_root: Path, opts: ReportOptions) -> list[Path]:
    """Both languages, each into its folder under ``out_root``, from one computation."""
    pt = compute(opts)
    written: list[Path] = []
    for lang, folder in FOLDERS.items():
        written += headcount_report(out_root / folder, lang, opts, pt)
    return written


def _git_commit() -> str | None:
    try:
        here = Path(__file__).resolve().parent
        out = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "HEAD"], capture_output=True, text=True
        )
        dirty = subprocess.run(
            ["git", "-C", str(here), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
        )
    except OSError:
        return None
    if out.returncode != 0:
        return None
    return out.stdout.strip() + ("-dirty" if dirty.stdout.strip() else "")


def metadata(lang: str, opts: ReportOptions, pt: Any) -> dict[str, Any]:
    from importlib.metadata import PackageNotFoundError, version

    versions: dict[str, str | None] = {"python": platform.python_version()}
    for pkg in ("headcount-lab", "numpy", "numba", "pandas", "scipy", "matplotlib"):
        try:
            versions[pkg] = version(pkg)
        except PackageNotFoundError:
            versions[pkg] = None
    from headcount_lab.games.headcount.rules import VERSION

    return {
        "report": "headcount",
        "language": lang,
        "seed": opts.seed,
        "quick": opts.quick,
        "games_per_simulated_setup": opts.sim_games,
        "command": opts.command(lang),
        "rules_version": VERSION,
        "commit": _git_commit(),
        "versions": versions,
        **{k: v for k, v in pt.meta.items() if k not in ("seed",)},
    }


class _Writer:
    """Renders one language: charts, CSV tables, README.md, tip chart and metadata."""

    def __init__(self, out: Path, lang: str, opts: ReportOptions, pt: Any) -> None:
        self.out = out
        self.lang = lang
        self.opts = opts
        self.pt = pt
        self.t = TEXT[lang]
        self.written: list[Path] = []
        self.parts: list[str] = []

    # ------------------------------------------------------------------ helpers
    def pct(self, x: float, digits: int = 1) -> str:
        return fmt_pct(x, self.lang, digits)

    def ci(self, lo: float, hi: float, digits: int = 1) -> str:
        return f"[{self.pct(lo, digits)}, {self.pct(hi, digits)}]"

    def pp(self, row: Any, digits: int = 1) -> str:
        """A difference in percentage points with its interval."""
        v, lo, hi = (float(row["value"]), float(row["lo"]), float(row["hi"]))
        return (
            f"{fmt_pp(v, self.lang, digits)} "
            f"[{fmt_pp(lo, self.lang, digits)}, {fmt_pp(hi, self.lang, digits)}]"
        )

    def num(self, x: float, digits: int = 1) -> str:
        return fmt_num(x, self.lang, digits)

    def save_csv(self, name: str) -> str:
        path = self.out / f"{name}.csv"
        self.pt.tables[name].to_csv(path, index=False)
        self.written.append(path)
        return path.name

    def save_fig(self, fig: Any, name: str, pdf: bool = False) -> str:
        path = self.out / f"{name}.png"
        fig.savefig(path, metadata=PNG_METADATA)
        self.written.append(path)
        if pdf:
            p = self.out / f"{name}.pdf"
            fig.savefig(p, metadata=PDF_METADATA)
            self.written.append(p)
        return path.name

    def section(self, key: str, table: str, chart: str, finding: str, command: str) -> None:
        q = self.t[key]
        self.parts += [
            f"## {q['title']}",
            f"**{self.t['method']}** {q['method']}",
            table,
            f"![{q['title']}]({chart})",
            f"**{self.t['finding']}** {finding}",
            f"**{self.t['reproduce']}** `{command}`",
        ]

    # ------------------------------------------------------------------ the report
    def write(self) -> list[Path]:
        self.out.mkdir(parents=True, exist_ok=True)
        for name in self.pt.tables:
            self.save_csv(name)
        t = self.t
        self.parts = [
            f"# {t['title']}",
            t["intro"].format(
                games=f"{self.opts.sim_games:,}".replace(",", t["thousands"]),
                seed=self.opts.seed,
                command=self.opts.command(self.lang),
                best=self.pt.facts["best_bot"],
            ),
            f"![{t['tips']['title']}](strategy_tips.png) — [PDF](strategy_tips.pdf)",
        ]
        self.tips()
        self.q1()
        self.q2()
        self.q3()
        self.q4()
        self.q5()
        self.q6()
        self.q7()
        self.q8()
        self.q9()
        self.parts.append(t["files"])
        md = self.out / "README.md"
        md.write_text("\n\n".join(self.parts) + "\n", encoding="utf-8")
        self.written.append(md)
        meta = self.out / "metadata.json"
        meta.write_text(
            json.dumps(metadata(self.lang, self.opts, self.pt), indent=2, ensure_ascii=False)
            + "\n",
            encoding="utf-8",
        )
        self.written.append(meta)
        return self.written

    def tips(self) -> None:
        from headcount_lab.analysis.figures import tip_sheet

        views = self.pt.tables["q1_safe_bids_by_view"]
        views = views[(views["variant"] == "standard") & (views["special_seen"] == "none")]
        call = self.pt.tables["q2_call_odds_by_gap"]
        call = call[(call["variant"] == "standard") & (call["special_seen"] == "none")]
        text = dict(self.t["tips"])
        text["tips"] = [s.format(**self.tip_numbers()) for s in text["tips"]]
        fig = tip_sheet(views, call, self.pt.tables.get("q3_peeks_by_gap"), text)
        self.save_fig(fig, "strategy_tips", pdf=True)

    def tip_numbers(self) -> dict[str, Any]:
        f = self.pt.facts
        paired = paired_table(self.pt)
        peek = paired[
            (paired["comparison"] == "q3_peek_default_vs_never")
            & (paired["measure"] == "game_win")
            & (paired["seat"] == "all")
        ].iloc[0]
        return {
            "off4": fmt_num(f["q1_offset75_4"], self.lang, 0, sign=True),
            "off6": fmt_num(f["q1_offset75_6"], self.lang, 0, sign=True),
            "gap": f["q2_call_gap_4_none"],
            "gap_top": f["q2_call_gap_4_A♠"],
            "gap_jk": f["q2_call_gap_4_JK"],
            "peek_gain": fmt_pp(float(peek["value"]), self.lang, 0),
            "start_loss": self.pct(self.position_row(PLAYERS_DEFAULT, 0)["value"], 0),
        }

    def position_row(self, n: int, k: int) -> Any:
        pos = self.pt.tables["q4_round_loss_by_position"]
        return pos[(pos["players"] == n) & (pos["position"] == k)].iloc[0]

    # ------------------------------------------------------------------ questions
    def q1(self) -> None:
        from headcount_lab.analysis.figures import SafeBidByViewChart, new_axes

        t = self.t["q1"]
        views = self.pt.tables["q1_safe_bids_by_view"]
        std = views[views["variant"] == "standard"]
        fig, axes = new_axes(ncols=3, size=(5.2, 4.4))
        for ax, special in zip(axes, ("none", "A♠", "JK"), strict=True):
            SafeBidByViewChart(
                std[std["special_seen"] == special],
                75,
                t["panel"][special],
                t["xlabel"],
                t["ylabel"],
                t["peeked"],
                self.t["players"],
            ).plot(ax)
        chart = self.save_fig(fig, "q1_safe_bids")
        four = std[(std["players"] == 4) & (std["special_seen"] == "none") & ~std["peeked"]]
        four = four[four["visible_sum"] % 5 == 0].drop(
            columns=["variant", "players", "peeked", "special_seen"]
        )
        f = self.pt.facts
        finding = t["finding"].format(
            **{f"sum{n}": f[f"q1_typical_sum_{n}"] for n in (3, 4, 5, 6)},
            **{f"bid{n}": self.num(f[f"q1_typical_bid75_{n}"], 1) for n in (3, 4, 5, 6)},
            top=fmt_num(f["q1_top_shift_4"], self.lang, 1, sign=True),
            joker=fmt_num(f["q1_joker_shift_4"], self.lang, 1, sign=True),
        )
        table = t["table_note"] + "\n\n" + markdown_table(four, "{:.1f}")
        self.section("q1", table, chart, finding, self.opts.command(self.lang))
        self.parts.append(self.t["one_view"].format(command=ONE_VIEW_COMMAND))

    def q2(self) -> None:
        from headcount_lab.analysis.figures import CallOddsChart

        t = self.t["q2"]
        call = self.pt.tables["q2_call_odds_by_gap"]
        std = call[(call["variant"] == "standard") & (call["special_seen"] == "none")]
        bot = self.pt.tables["q2_bot_calls_by_gap"]
        bot = bot[(bot["gap"] >= GAPS_SHOWN[0]) & (bot["gap"] <= GAPS_SHOWN[1])]
        ax = CallOddsChart(
            std[(std["gap"] >= GAPS_SHOWN[0]) & (std["gap"] <= GAPS_SHOWN[1])],
            bot,
            t["bot_label"].format(best=self.pt.facts["best_bot"]),
            t["chart_title"],
            t["xlabel"],
            t["ylabel"],
            t["players_p"],
        ).plot()
        chart = self.save_fig(ax.figure, "q2_call_odds")
        th = self.pt.tables["q2_call_thresholds"]
        th = th[(th["variant"] == "standard") & th["special_seen"].isin(["none", "A♠", "JK"])]
        wide = th.pivot(index="players", columns="special_seen", values="call_gap_50")
        wide = wide.reset_index()[["players", "none", "A♠", "JK"]]
        f = self.pt.facts
        win = f["q2_bot_call_win"]
        bot_gap = f["q2_bot_call_gap"]
        lead = "none" if bot_gap is None else ("more" if bot_gap > f["q2_call_gap_4_none"]
                                                 else "less")  # fmt: skip
        finding = t["finding"].format(
            lead=t["bot_lead"][lead],
            rule=t["bot_rule"].format(call=self.pct(f["best_call"], 0)) if f["best_call"] else "",
            gap=f["q2_call_gap_4_none"],
            gap_top=f["q2_call_gap_4_A♠"],
            gap_jk=f["q2_call_gap_4_JK"],
            best=f["best_bot"],
            bot_gap="—" if bot_gap is None else bot_gap,
            win=self.pct(win[0]),
            win_ci=self.ci(win[1], win[2]),
        )
        table = t["table_note"] + "\n\n" + markdown_table(wide)
        self.section("q2", table, chart, finding, self.opts.command(self.lang))
        self.parts.append(self.t["one_view"].format(command=ONE_VIEW_COMMAND))

    def q3(self) -> None:
        from headcount_lab.analysis.figures import IntervalChart, RateLineChart, new_axes

        t = self.t["q3"]
        paired = paired_table(self.pt)
        peek = paired[paired["comparison"].str.startswith("q3") & (paired["measure"] == "game_win")]
        rows = []
        for _, r in peek.iterrows():
            rows.append(
                {
                    "label": t["seat_label"][r["seat"] == "all"].format(seat=r["seat"]),
                    "group": t["compare"][r["comparison"]],
                    "value": r["value"],
                    "lo": r["lo"],
                    "hi": r["hi"],
                }
            )
        hu = self.pt.tables["q3_heads_up_values"]
        for _, r in hu.iterrows():
            rows.append(
                {
                    "label": t["hu_label"][r["compare"]],
                    "group": t["hu_group"],
                    "value": r["value"],
                    "lo": r["lo"],
                    "hi": r["hi"],
                }  # fmt: skip
            )
        fig, (ax1, ax2) = new_axes(ncols=2, size=(6.4, 5.0))
        IntervalChart(pd.DataFrame(rows), t["xlabel"], t["chart_title"], reference=0.0).plot(ax1)
        gap = self.pt.tables["q3_peeks_by_gap"]
        gap = gap[(gap["gap"] >= -25) & (gap["gap"] <= 25)]
        RateLineChart(gap, "gap", t["gap_xlabel"], t["gap_ylabel"], t["gap_title"]).plot(ax2)
        chart = self.save_fig(fig, "q3_peek")
        by = self.pt.tables["q3_peeks_by_position_and_lives"]
        wide = by.pivot_table(index=["position", "lives"], columns="measure", values="value")
        wide = wide.reset_index()
        f_all = peek[(peek["seat"] == "all")].set_index("comparison")
        eager = f_all.loc["q3_peek_eager_vs_never"]
        default = f_all.loc["q3_peek_default_vs_never"]
        rl = paired[
            (paired["comparison"] == "q3_peek_default_vs_never")
            & (paired["measure"] == "round_loss_share")
        ].iloc[0]
        hu_i = hu.set_index("compare")
        peeks = by[by["measure"] == "peeks"]
        peek_share = peeks["k"].sum() / peeks["n"].sum()
        finding = t["finding"].format(
            lead=t["lead"][_sign_word(default)],
            best=self.pt.facts["best_bot"],
            default=self.pp(default),
            eager=self.pp(eager),
            rounds=self.pp(rl),
            share=self.pct(peek_share),
            open_value=self.pp(hu_i.loc["open_instead_of_face_down"]),
            life_value=self.pp(hu_i.loc["one_more_face_down_life"]),
            verdict=t["verdict"][
                _compare_intervals(
                    hu_i.loc["open_instead_of_face_down"], hu_i.loc["one_more_face_down_life"]
                )
            ],
            may_call=self._rule_phrase("peek_may_call"),
        )
        table = t["table_note"] + "\n\n" + markdown_table(wide)
        self.section("q3", table, chart, finding, self.opts.command(self.lang))

    def q4(self) -> None:
        from headcount_lab.analysis.figures import RateLineChart, new_axes

        t = self.t["q4"]
        pos = self.pt.tables["q4_round_loss_by_position"]
        seat = self.pt.tables["q4_game_win_by_seat"]
        fig, (ax1, ax2) = new_axes(ncols=2)
        RateLineChart(pos, "position", t["pos_xlabel"], t["pos_ylabel"], t["pos_title"],
                      group="players", group_label=self.t["players"].replace("{n}", "{g}"),
                      ).plot(ax1)  # fmt: skip
        RateLineChart(seat, "seat", t["seat_xlabel"], t["seat_ylabel"], t["seat_title"],
                      group="players", group_label=self.t["players"].replace("{n}", "{g}"),
                      ).plot(ax2)  # fmt: skip
        chart = self.save_fig(fig, "q4_seats")
        cb = self.pt.tables["q4_comeback"]
        first = cb[cb["measure"] == "first_loser_wins_game"].set_index("players")
        again = cb[cb["measure"] == "loser_starts_and_loses"].set_index("players")
        left = cb[cb["measure"] == "first_loser_wins_game_left_of_loser"].iloc[0]
        d = self.pt.facts["q4_left_of_loser_comeback_diff"]
        left_diff = {"value": d[0], "lo": d[1], "hi": d[2]}
        wide = pos.pivot(index="players", columns="position", values="value")
        wide.columns = [f"{t['pos_col']} {c}" for c in wide.columns]
        wide = wide.reset_index().astype(object).where(wide.reset_index().notna(), "—")
        wide[t["first_col"]] = first["value"].to_numpy()
        n = PLAYERS_DEFAULT
        p0 = self.position_row(n, 0)
        p_best = pos[pos["players"] == n].sort_values("value").iloc[0]
        s0 = seat[(seat["players"] == n) & (seat["seat"] == 0)].iloc[0]
        mixed = self.pt.tables["q4_mixed_field_by_seat"].set_index("seat")
        lead = "bad" if p0["lo"] > 1 / n else ("good" if p0["hi"] < 1 / n else "none")
        finding = t["finding"].format(
            lead=t["lead"][lead],
            n=n,
            start=self.pct(p0["value"]),
            start_ci=self.ci(p0["lo"], p0["hi"]),
            fair=self.pct(1 / n),
            best_pos=int(p_best["position"]),
            best=self.pct(p_best["value"]),
            again=self.pct(again.loc[n, "value"]),
            again_ci=self.ci(again.loc[n, "lo"], again.loc[n, "hi"]),
            first=self.pct(first.loc[n, "value"]),
            first_ci=self.ci(first.loc[n, "lo"], first.loc[n, "hi"]),
            seat0=self.pct(s0["value"]),
            seat0_ci=self.ci(s0["lo"], s0["hi"]),
            mixed0=self.pct(mixed.loc[0, "value"]),
            mixed0_ci=self.ci(mixed.loc[0, "lo"], mixed.loc[0, "hi"]),
            snowball=t["snowball"] if lead == "bad" and first.loc[n, "hi"] < 1 / n else "",
            left_first=self.pct(left["value"]),
            left_first_ci=self.ci(left["lo"], left["hi"]),
            left_diff=self.pp(left_diff),
            left_verdict=t["left_verdict"][_sign_word(left_diff)],
            left_rules=self._rule_phrase("left_of_loser"),
        )
        table = t["table_note"] + "\n\n" + markdown_table(wide)
        self.section("q4", table, chart, finding, self.opts.command(self.lang))

    def _rule_chart(self, keys: tuple[str, ...], name: str, t: dict[str, Any]) -> str:
        from headcount_lab.analysis.figures import IntervalChart, new_axes

        diff = differences_table(self.pt)
        diff = diff[diff["rules"].isin(keys)]
        fig, (ax1, ax2) = new_axes(ncols=2, size=(6.4, 1.4 + 0.45 * 2 * len(keys)))
        rounds = diff[diff["measure"] == "rounds_per_game"].assign(
            label=lambda d: d["rules"].map(self.t["rule_names"])
        )
        IntervalChart(rounds, t["rounds_xlabel"], t["rounds_title"], 0.0, percent=False).plot(ax1)
        wins = diff[diff["measure"] != "rounds_per_game"].assign(
            label=lambda d: d["rules"].map(self.t["rule_names"]),
            group=lambda d: d["measure"].map(
                lambda m: t["win_groups"][m].format(best=self.pt.facts["best_bot"])
            ),
        )
        IntervalChart(wins, t["wins_xlabel"], t["wins_title"], 0.0).plot(ax2)
        return self.save_fig(fig, name)

    def _rule_table(self, keys: tuple[str, ...]) -> pd.DataFrame:
        rules = self.pt.tables["q5_q7_rules"]
        wins = self.pt.tables["q5_q7_win_rates"]
        best = self.pt.facts["best_bot"]
        out = rules[rules["rules"].isin(("standard", *keys))][
            ["rules", "rounds_per_game", "caller_loses", "peeks_per_round", "ties"]
        ].copy()
        for bot in (best, "random"):
            w = wins[wins["bot"] == bot].set_index("rules")["value"]
            out[f"{bot}_wins"] = out["rules"].map(w)
        return out

    def _diff(self, rules: str, measure: str) -> Any:
        d = differences_table(self.pt)
        return d[(d["rules"] == rules) & (d["measure"] == measure)].iloc[0]

    def _rule_effect(self, key: str) -> str:
        """``real`` if some measure changes by at least its :data:`PRACTICAL` size with an
        interval excluding 0, ``small`` if a change is detectable but smaller, else ``none``."""
        kinds = {_effect(self._diff(key, m), m) for m in PRACTICAL}
        return "real" if "real" in kinds else ("small" if "small" in kinds else "none")

    def _rule_phrase(self, key: str) -> str:
        """What a rule set changes: each measure whose interval excludes 0 (marked when smaller
        than its practical size), else 'nothing detectable'."""
        t = self.t
        out = []
        for measure in PRACTICAL:
            r = self._diff(key, measure)
            if _excludes_zero(r):
                if measure == "rounds_per_game":
                    v = (
                        f"{fmt_num(r['value'], self.lang, 2, sign=True)} "
                        f"[{fmt_num(r['lo'], self.lang, 2, sign=True)}, "
                        f"{fmt_num(r['hi'], self.lang, 2, sign=True)}]"
                    )
                else:
                    v = self.pp(r)
                name = t["measure_names"][measure].format(best=self.pt.facts["best_bot"])
                small = t["negligible"] if _effect(r, measure) == "small" else ""
                out.append(f"{name} {v}{small}")
        return "; ".join(out) if out else t["no_change"]

    def q5(self) -> None:
        t = self.t["q5"]
        keys = ("trickster", "double")
        chart = self._rule_chart(keys, "q5_variants", t)
        table = self._rule_table(keys)
        f = self.pt.facts
        finding = t["finding"].format(
            trickster=self._rule_phrase("trickster"),
            double=self._rule_phrase("double"),
            far_std=self.pct(f["q5_far_standard_hidden"]),
            far_double=self.pct(f["q5_far_double_hidden"]),
            best=f["best_bot"],
        )
        cmds = self.pt.tables["q5_q7_rules"].set_index("rules")["command"]
        md = t["table_note"] + "\n\n" + markdown_table(table)
        self.section("q5", md, chart, finding, cmds["trickster"])
        self.parts.append(f"`{cmds['double']}`")

    def q6(self) -> None:
        from headcount_lab.analysis.figures import IntervalChart

        t = self.t["q6"]
        paired = paired_table(self.pt)
        d = paired[
            (paired["comparison"] == "q6_discard_open_vs_face_down")
            & (paired["measure"] == "game_win")
        ]
        rows = d.assign(
            label=lambda x: x["seat"].map(
                lambda s: self.t["q3"]["seat_label"][s == "all"].format(seat=s)
            )
        )
        ax = IntervalChart(rows, t["xlabel"], t["chart_title"], 0.0).plot()
        chart = self.save_fig(ax.figure, "q6_discard")
        overall = d[d["seat"] == "all"].iloc[0]
        wins = paired[
            (paired["comparison"] == "q6_discard_open_vs_face_down")
            & paired["measure"].isin(["win_a", "win_b"])
        ]
        verdict = t["verdict"][_sign_word(overall)]
        finding = t["finding"].format(
            best=self.pt.facts["best_bot"], diff=self.pp(overall), verdict=verdict
        )
        table = markdown_table(
            pd.concat([d, wins])[["measure", "seat", "value", "lo", "hi"]], "{:.4f}"
        )
        self.section("q6", table, chart, finding, self.opts.command(self.lang))

    def q7(self) -> None:
        t = self.t["q7"]
        keys = ("tie_to_caller", "first_bid_1", "start_may_peek", "no_hidden_card",
                "peek_may_call", "left_of_loser")  # fmt: skip
        chart = self._rule_chart(keys, "q7_house_rules", t)
        table = self._rule_table(keys)
        f = self.pt.facts
        lines = [f"- *{self.t['rule_names'][k]}*: {self._rule_phrase(k)}" for k in keys]
        finding = (
            t["finding"].format(
                far_hidden=self.pct(f["q5_far_standard_hidden"]),
                far_none=self.pct(f["q5_far_standard_nohidden"]),
            )
            + "\n\n"
            + "\n".join(lines)
        )
        cmds = self.pt.tables["q5_q7_rules"].set_index("rules")["command"]
        md = self.t["q5"]["table_note"] + "\n\n" + markdown_table(table)
        self.section("q7", md, chart, finding, cmds["tie_to_caller"])
        self.parts.append("\n".join(f"`{cmds[k]}`" for k in keys[1:]))

    def q8(self) -> None:
        from headcount_lab.analysis.figures import IntervalChart, new_axes

        t = self.t["q8"]
        wins = self.pt.tables["q8_win_rates"]
        field = self.pt.tables["q8_against_odds_field"]
        fig, (ax1, ax2) = new_axes(ncols=2, size=(6.4, 3.6))
        IntervalChart(
            wins.assign(label=wins["bot"]), t["xlabel"], t["chart_title"], 1 / PLAYERS_DEFAULT
        ).plot(ax1)
        IntervalChart(
            field.assign(label=field["bot"]), t["xlabel"], t["field_title"], 1 / PLAYERS_DEFAULT
        ).plot(ax2)
        chart = self.save_fig(fig, "q8_skill")
        need = self.pt.tables["q8_games_needed"]
        w = wins.set_index("bot")
        best = self.pt.facts["best_bot"]
        second = need.sort_values("gap").iloc[0]
        finding = t["finding"].format(
            lead=t["lead"][bool(w.loc[best, "lo"] > 1 / PLAYERS_DEFAULT)],
            best=best,
            rate=self.pct(w.loc[best, "value"]),
            ci=self.ci(w.loc[best, "lo"], w.loc[best, "hi"]),
            fair=self.pct(1 / PLAYERS_DEFAULT),
            random=self.pct(w.loc["random", "value"]),
            random_ci=self.ci(w.loc["random", "lo"], w.loc["random", "hi"]),
            other=second["other"],
            gap=self.pp(second.rename({"gap": "value"})),
            games=second["games_to_be_ahead_95"],
            field=", ".join(f"`{r['bot']}` {self.pct(r['value'])}" for _, r in field.iterrows()),
        )
        table = "\n\n".join(
            [
                markdown_table(wins),
                markdown_table(need),
                markdown_table(field.drop(columns="command")),
            ]
        )
        self.section("q8", table, chart, finding, self.pt.facts["q8_command"])

    def q9(self) -> None:
        t = self.t["q9"]
        self.parts.append(f"## {t['title']}")
        self.parts.append(t["intro"])
        items = designer_findings(self)
        self.parts.append("\n".join(f"{i}. {s}" for i, s in enumerate(items, 1)))


PLAYERS_DEFAULT = 4
#: the exact odds of one view: the rule text's worked example, Anna's view
ONE_VIEW_COMMAND = 'headcount-lab headcount odds --players 4 --see "7♥ K♥ 5♠"'
GAPS_SHOWN = (-10, 35)


#: the smallest change a designer would notice, per measure (rounds; game-win probability)
PRACTICAL = {"rounds_per_game": 0.25, "best_bot_wins": 0.01, "random_bot_wins": 0.01}


def _effect(row: Any, measure: str) -> str:
    if not _excludes_zero(row):
        return "none"
    return "real" if abs(row["value"]) >= PRACTICAL[measure] else "small"


def _excludes_zero(row: Any) -> bool:
    return bool(row["lo"] > 0 or row["hi"] < 0)


def _sign_word(row: Any) -> str:
    if not _excludes_zero(row):
        return "none"
    return "up" if row["value"] > 0 else "down"


def _compare_intervals(a: Any, b: Any) -> str:
    """'more' / 'less' when a's interval lies wholly above / below b's, else 'unclear'."""
    if a["lo"] > b["hi"]:
        return "more"
    if a["hi"] < b["lo"]:
        return "less"
    return "unclear"


def designer_findings(w: _Writer) -> list[str]:
    """Question 9: each finding quotes a number from the sections above, and only states a
    difference as real when its interval excludes zero."""
    t = w.t["q9"]
    pt = w.pt
    f = pt.facts
    n = PLAYERS_DEFAULT
    out = []
    p0 = w.position_row(n, 0)
    cb = pt.tables["q4_comeback"]
    first = cb[(cb["measure"] == "first_loser_wins_game") & (cb["players"] == n)].iloc[0]
    key = "loser_starts_bad" if p0["lo"] > 1 / n else "loser_starts_ok"
    out.append(
        t[key].format(
            start=w.pct(p0["value"]),
            start_ci=w.ci(p0["lo"], p0["hi"]),
            fair=w.pct(1 / n),
            first=w.pct(first["value"]),
            first_ci=w.ci(first["lo"], first["hi"]),
        )  # fmt: skip
    )
    paired = paired_table(pt)
    peek = paired[
        (paired["comparison"] == "q3_peek_default_vs_never")
        & (paired["measure"] == "game_win")
        & (paired["seat"] == "all")
    ].iloc[0]
    by = pt.tables["q3_peeks_by_position_and_lives"]
    peeks = by[by["measure"] == "peeks"]
    share = peeks["k"].sum() / peeks["n"].sum()
    key = "peek_strong" if _excludes_zero(peek) and peek["value"] > 0 else "peek_weak"
    out.append(t[key].format(gain=w.pp(peek), share=w.pct(share), best=f["best_bot"]))
    disc = paired[
        (paired["comparison"] == "q6_discard_open_vs_face_down")
        & (paired["measure"] == "game_win")
        & (paired["seat"] == "all")
    ].iloc[0]
    out.append(t["discard_" + _sign_word(disc)].format(diff=w.pp(disc)))
    for key in ("trickster", "double", "tie_to_caller", "first_bid_1", "start_may_peek",
                "no_hidden_card"):  # fmt: skip
        name = w.t["rule_names"][key]
        best = w._diff(key, "best_bot_wins")
        if _effect(best, "best_bot_wins") == "real":
            kind = "rule_skill_up" if best["value"] > 0 else "rule_skill_down"
            out.append(t[kind].format(rule=name, best=f["best_bot"], diff=w.pp(best)))
        else:
            effect = w._rule_effect(key)
            out.append(t[f"rule_{effect}"].format(rule=name, what=w._rule_phrase(key)))
    rules = pt.tables["q5_q7_rules"].set_index("rules")
    diffs = differences_table(pt)
    rounds = diffs[diffs["measure"] == "rounds_per_game"]
    widest = rounds.loc[rounds["value"].abs().idxmax()]
    out.append(
        t["length"].format(
            n=n,
            lo=3 * (n - 1),
            hi=3 * (n - 1) + 2,
            mean=w.num(rules.loc["standard", "rounds_per_game"], 2),
            rule=w.t["rule_names"][widest["rules"]],
            diff=fmt_num(widest["value"], w.lang, 2, sign=True),
        )
    )
    out.append(
        t["beginner_tip"].format(
            lead=t["tip_lead"][f[f"q1_median_offset_{n}"] < 9.5],
            each=round(f[f"q1_median_offset_{n}"] / 2),
            off=fmt_num(f[f"q1_median_offset_{n}"], w.lang, 1, sign=True),
            gap=f[f"q2_call_gap_{n}_none"],
            top=fmt_num(f[f"q1_top_shift_{n}"], w.lang, 1, sign=True),
        )
    )
    out.append(
        t["surprise"].format(
            far_std=w.pct(f["q5_far_standard_hidden"]),
            far_none=w.pct(f["q5_far_standard_nohidden"]),
            far_double=w.pct(f["q5_far_double_hidden"]),
        )
    )
    wins = pt.tables["q8_win_rates"].set_index("bot")
    need = pt.tables["q8_games_needed"].sort_values("gap").iloc[0]
    games = need["games_to_be_ahead_95"]
    out.append(
        t["skill"].format(
            best=f["best_bot"],
            rate=w.pct(wins.loc[f["best_bot"], "value"]),
            random=w.pct(wins.loc["random", "value"]),
            other=need["other"],
            games="—"
            if games is None or (isinstance(games, float) and math.isnan(games))
            else int(games),
        )
    )
    return out


def write_whist(out_root: Path, opts: ReportOptions) -> list[Path]:
    """Forehead Whist at its own default sizes; ``--quick`` and ``--seed`` carry over."""
    return whist_report(
        out_root / "forehead-whist", WhistReportOptions(quick=opts.quick, seed=opts.seed)
    )


def reports() -> dict[str, Callable[[Path, ReportOptions], list[Path]]]:
    """Game name -> function writing its report under a root folder (``report all`` runs each),
    read from the game registry (``GameSpec.report``)."""
    from headcount_lab.games import registered

    return {g.name: g.load("report") for g in registered().values() if g.report}
