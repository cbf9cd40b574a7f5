"""The Headcount playtest report: Markdown with charts (PNG), tables (CSV) and metadata.

:func:`build` writes the report (issue 5) in English (``reports/headcount``) or German
(``reports/kopfrechnen``): fifteen questions, each with its method, a tidy table, a chart, a
finding with its 95 % interval or exact value, the field it holds against (the strong field
is :data:`~headcount_lab.analysis.headcount.playtest.STRONG_FIELD`) and the command that
reproduces it, and the one-page strategy-tip chart (PNG and PDF). Sections written in other
modules join through :data:`EXTRA_SECTIONS`. :func:`build_all` computes the numbers once and
renders every language, each into its folder. The three steps:

1. compute: :func:`compute` (the playtest's tables,
   :mod:`~headcount_lab.analysis.headcount.playtest`) and
   :func:`~headcount_lab.analysis.headcount.facts.facts` (the typed numbers the text quotes);
2. charts: :func:`~headcount_lab.analysis.headcount.figures.charts`, chart objects with their
   labels from the text;
3. text: :class:`_Writer` fills the words of ``[headcount]`` in
   ``headcount_lab/words/<lang>.toml`` (:mod:`~headcount_lab.core.words`) from the facts.
"""

from __future__ import annotations

import dataclasses
import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from headcount_lab.analysis.headcount.facts import (
    FINDING_RULES,
    Est,
    excludes_zero,
    facts,
)
from headcount_lab.analysis.headcount.playtest import HOUSE_RULES, PLAYERS, VARIANTS, paired_table
from headcount_lab.core import report as core
from headcount_lab.core.report import QUIET, Progress
from headcount_lab.core.stats import sign_of
from headcount_lab.core.words import texts

#: games per simulated set-up: default (``make report``) and ``--quick`` (tests, under a minute)
DEFAULT_GAMES = 300_000
QUICK_GAMES = 2_000
DEFAULT_SEED = 1
#: language -> folder of the report under the reports' root
FOLDERS = {"en": "headcount", "de": "kopfrechnen"}
#: language -> the report's words (headcount_lab/words/<lang>.toml, [headcount])
TEXT = texts("headcount")
NAME = "headcount"

#: Sections kept in their own modules, written after question 11 in this order: each entry is
#: a module path. Adding a section is one line here. The module provides
#:
#: - ``TABLES``: the names of the tables it adds (each is saved as ``<name>.csv``; start the
#:   names with the section's own prefix); the module's last name is the section's name for
#:   ``--only``, and ``WHAT`` (optional) its progress line;
#: - ``compute(pt: Playtest, quick: bool[, tick]) -> None``: adds its tables to ``pt.tables``
#:   and any numbers to ``pt.facts``; called once by :func:`compute` for every language; with
#:   ``work(quick) -> (total, unit)`` it also takes a ticker to advance (the progress bar);
#: - ``render(w: SectionWriter) -> list[Question]``: the section's questions in ``w.lang``
#:   (:class:`~headcount_lab.core.report.Question`), made like every question's by
#:   ``w.block`` (``w.tables``, ``w.f`` the facts, ``w.table(df)``, ``w.pct(x)``,
#:   ``w.holds(field)``, ``w.save_fig``);
#:   its words live in the module, one dictionary per language, like :mod:`.text`.
EXTRA_SECTIONS: tuple[str, ...] = (
    "headcount_lab.analysis.headcount.exploitability",  # 12: the best-response meter per bot
    "headcount_lab.analysis.headcount.calibration",  # 13: stated against observed call wins
    "headcount_lab.analysis.headcount.house_rules",  # 14-15: the rule lab's stored runs
)


@dataclass(frozen=True)
class ReportOptions(core.GameReportOptions):
    """``size``: games per simulated set-up (``None``: :data:`DEFAULT_GAMES`, or
    :data:`QUICK_GAMES` with ``quick``; ``quick`` also shrinks the sections with sizes of
    their own)."""

    seed: int = DEFAULT_SEED
    DEFAULT = DEFAULT_GAMES
    QUICK = QUICK_GAMES

    def command(self, lang: str = "en") -> str:
        cmd = f"headcount-lab report headcount --lang {lang} --seed {self.seed}"
        if self.quick:
            return cmd + " --quick" + ("" if self.size is None else f" --games {self.size}")
        return cmd + f" --games {self.n}"


def _check(opts: ReportOptions) -> None:
    core.check_size(opts.n, "--games", opts.seed)


def sections() -> tuple[core.Section, ...]:
    """The report's sections (``report headcount --only NAME``), in the order they run."""
    from headcount_lab.analysis.headcount import playtest as P

    def games(runs: int) -> Any:
        return lambda o: (runs * o.n, "games")

    def paired_work(o: ReportOptions) -> tuple[int, str]:
        return len(P.paired_comparisons()) * o.n, "games"

    out = [
        core.Section("exact", "q1, q2, q5: exact odds", EXACT_TABLES,
                     lambda o, pt, tick: P.exact_tables(pt)),
        core.Section("rules", "q5, q7, q8: rule sets and the mixed field", RULES_TABLES,
                     lambda o, pt, tick: P.rules_section(pt, o.n, o.seed, tick),
                     games(len(P.RULE_SETS))),
        core.Section("field", "q8: each bot against the odds field", ("q8_against_odds_field",),
                     lambda o, pt, tick: P.field_section(pt, o.n, o.seed, tick),
                     games(len(P.ALL_BOTS))),
        core.Section("traced", "q2, q3, q4, q10, q11: seats, positions and traced games, and the "
                     "exact heads-up round", TRACED_TABLES,
                     lambda o, pt, tick: P.traced_section(pt, o.n, o.seed, o.quick, tick),
                     games(len(P.odds.PLAYERS) + 1)),
        core.Section("paired", "q3, q6: paired peek and discard games",
                     ("q3_peek_paired", "q6_discard_paired"),
                     lambda o, pt, tick: P.paired_section(pt, o.n, o.seed, tick),
                     paired_work),
    ]  # fmt: skip
    for module in extra_sections():
        name = module.__name__.rsplit(".", 1)[-1]
        work = getattr(module, "work", None)
        out.append(
            core.Section(
                name,
                getattr(module, "WHAT", f"section {name}"),
                tuple(module.TABLES),
                _extra_compute(module),
                None if work is None else _extra_work(work),
            )
        )
    return tuple(out)


#: the tables of the sections ``exact``, ``rules`` and ``traced``, in the order they are made
EXACT_TABLES = ("q1_safe_bids_by_view", "q1_safe_bids_nothing_seen", "q2_call_odds_by_gap",
                "q2_call_thresholds", "q5_far_from_estimates")  # fmt: skip
RULES_TABLES = ("q4_mixed_field_by_seat", "q5_q7_win_rates", "q5_q7_rules", "q8_win_rates",
                "q5_variants_vs_standard", "q7_house_rules_vs_standard",
                "q8_games_needed")  # fmt: skip
TRACED_TABLES = ("q4_round_loss_by_position", "q4_game_win_by_seat", "q4_comeback",
                 "q4_loser_starts_again", "q10_sitting_out", "q11_heads_up_in_play",
                 "q2_bot_calls_by_gap", "q2_calls_in_play", "q2_every_turn_calls",
                 "q3_peeks_by_position_and_lives",
                 "q3_peeks_by_gap", "q3_heads_up_values", "q11_heads_up_exact")  # fmt: skip


def _extra_work(work: Any) -> Any:
    return lambda o: work(o.quick)


def _extra_compute(module: Any) -> Any:
    if getattr(module, "work", None) is None:
        return lambda o, pt, tick: module.compute(pt, o.quick)
    return lambda o, pt, tick: module.compute(pt, o.quick, tick)


def _plain_facts(facts: dict[str, Any]) -> dict[str, Any]:
    """The facts as ``metadata.json`` keeps them and reads them back: numbers, text, ``None``
    and tuples of numbers."""
    import numpy as np

    def default(x: Any) -> Any:
        if isinstance(x, np.integer):
            return int(x)
        raise TypeError(f"a fact of type {type(x).__name__} cannot be kept")

    back = json.loads(json.dumps(facts, default=default))
    return {k: tuple(v) if isinstance(v, list) else v for k, v in back.items()}


def compute(
    opts: ReportOptions,
    progress: Progress = QUIET,
    only: frozenset[str] | None = None,
    folder: Path | None = None,
    lang: str = "en",
) -> Any:
    """Every number of the Headcount report (exact and simulated), timed; with ``only``, those
    sections' and the others' from the report in ``folder`` (written in ``lang``; its facts
    from its metadata): :func:`~headcount_lab.core.report.compute_sections`."""
    from headcount_lab.analysis.headcount.playtest import new_playtest

    _check(opts)
    t0 = time.perf_counter()
    pt = new_playtest(opts.n, opts.seed)
    pt.opts = opts

    def restore(meta: dict[str, Any]) -> None:
        if not isinstance(meta.get("facts"), dict):
            raise ValueError(
                f"--only: the report in {folder} was written before reports kept their facts "
                "in metadata.json: run the whole report first (without --only)"
            )
        pt.facts.update(_plain_facts(meta["facts"]))
        if "heads_up_grid" in meta:
            pt.meta["heads_up_grid"] = meta["heads_up_grid"]

    def plain(res: Any) -> None:
        res.facts = _plain_facts(res.facts)

    core.compute_sections(NAME, sections(), opts, pt, progress, None, only, folder,
                          opts.command(lang), plain, restore)  # fmt: skip
    pt.meta["compute_seconds"] = round(time.perf_counter() - t0, 1)
    return pt


def extra_sections() -> list[Any]:
    """The modules of :data:`EXTRA_SECTIONS`, imported."""
    import importlib

    return [importlib.import_module(m) for m in EXTRA_SECTIONS]


def metadata(lang: str, opts: ReportOptions, pt: Any) -> dict[str, Any]:
    from headcount_lab.games.headcount.rules import VERSION

    return {
        "report": "headcount",
        "language": lang,
        "seed": opts.seed,
        "quick": opts.quick,
        "games_per_simulated_setup": opts.n,
        "command": opts.command(lang),
        "rules_version": VERSION,
        **core.source_state(),
        "versions": core.versions(
            ("headcount-lab", "numpy", "numba", "pandas", "scipy", "matplotlib")
        ),
        **{k: v for k, v in pt.meta.items() if k not in ("seed",)},
        # what the text quotes beyond the tables, for a later run with --only
        "facts": pt.facts,
    }


class _Writer(core.Words):
    """Renders one language: charts, CSV tables, README.md, tip chart and metadata; its fillers
    write numbers in the language's notation (:func:`~headcount_lab.core.report.number`)."""

    texts = TEXT

    def __init__(self, out: Path, lang: str, pt: Any) -> None:
        super().__init__(lang)
        self.out = out
        self.opts: ReportOptions = pt.opts
        self.pt = pt
        self.f = facts(pt)
        self.written: list[Path] = []
        self.questions: list[core.Question] = []
        self.tables = pt.tables
        #: the strong bot and the mixed field, as the words' methods and fields name them
        self.who = {"strong": self.f.strong_spec, "mixed": ", ".join(pt.meta["field"])}

    # ------------------------------------------------------------------ helpers
    def pct(self, x: float, digits: int = 1) -> str:
        return core.percent(x, self.lang, digits)

    def interval(self, e: Est, digits: int = 1) -> str:
        """An estimate's interval in percent (``{interval.start}`` in a sentence)."""
        return f"[{self.pct(e[1], digits)}, {self.pct(e[2], digits)}]"

    def pct_ci(self, e: Est | None) -> str:
        """An estimate in percent with its interval, "—" for none."""
        return "—" if e is None else f"{self.pct(e[0])} {self.interval(e)}"

    def pp(self, e: Est, digits: int = 1) -> str:
        """A difference in percentage points with its interval; "—" for one not measured (NaN:
        a run too small for it)."""
        v, lo, hi = (float(e[0]), float(e[1]), float(e[2]))
        if math.isnan(v):
            return "—"
        return f"{self.points(v, digits)} [{self.points(lo, digits)}, {self.points(hi, digits)}]"

    def points(self, x: float, digits: int = 1) -> str:
        """A difference of shares in percentage points, signed."""
        return core.points(x, self.lang, digits)

    def num(self, x: float | None, digits: int = 1, sign: bool = False) -> str:
        """A number in the language's notation, "—" for none."""
        return "—" if x is None else core.number(x, self.lang, digits, sign)

    def span(self, e: Est, digits: int = 1, sign: bool = False) -> str:
        """An estimate's interval as numbers: ``[1.2, 3.4]``."""
        return f"[{self.num(e[1], digits, sign)}, {self.num(e[2], digits, sign)}]"

    def signed(self, x: float, digits: int = 1) -> str:
        return self.num(x, digits, sign=True)

    def count(self, n: int) -> str:
        """A whole number with its thousands separated: ``300,000``, ``300.000``."""
        return core.number(n, self.lang, 0, group=True)

    def table(self, df: pd.DataFrame, digits: int | None = 3) -> str:
        """A Markdown table in this language: headers from ``columns``, labels from ``cells``,
        rule and peek names translated, numbers to ``digits`` decimals in the language's
        notation (the CSV files keep the plain names and numbers)."""
        t = self.t
        out = df.copy()
        for col in out.columns:
            if out[col].dtype == object or pd.api.types.is_string_dtype(out[col]):
                names = {"rules": t["rule_names"], "peeks": t["q11"]["peeks"]}.get(col, t["cells"])
                out[col] = out[col].map(lambda v, m=names: m.get(v, v) if isinstance(v, str) else v)
        out.columns = [t["columns"].get(c, c) for c in out.columns]
        return core.markdown_table(out, lambda x: self.num(x, 3 if digits is None else digits))

    def holds(self, field: str) -> str:
        """The sentence that says a finding holds against ``field`` (words of the field)."""
        return str(self.t["holds"].format(field=field))

    def field(self, kind: str) -> str:
        """The sentence that says which field a finding holds against."""
        return self.holds(self.t["fields"][kind].format(**self.who))

    def not_measured(self, param: str) -> str:
        return str(self.t["not_measured"].format(param=param, **self.who))

    def save_fig(self, fig: Any, name: str) -> str:
        paths = core.save_figure(fig, self.out, name)
        self.written += paths
        return paths[0].name

    def section(
        self, key: str, table: str, chart: str, finding: str, field: str,
        command: str | None = None, method: str | None = None,
    ) -> None:  # fmt: skip
        """One question of the text's ``key``: its method (the words', with the strong bot and
        the mixed field filled in, if ``None``), table (after the words' ``table_note``, if
        any), chart, finding with the field it holds against (``field``: a key of the text's
        ``fields``) and the command that reproduces it (the report's own if ``None``)."""
        q = self.t[key]
        method = q["method"].format(**self.who) if method is None else method
        command = self.opts.command(self.lang) if command is None else command
        table = q["table_note"] + "\n\n" + table if "table_note" in q else table
        self.questions.append(self.block(q["title"], method, table, chart, finding,
                                         self.field(field), command))  # fmt: skip

    def note(self, *texts: str) -> None:
        """Paragraphs after the last question's command."""
        q = self.questions[-1]
        self.questions[-1] = dataclasses.replace(q, notes=(*q.notes, *texts))

    def block(
        self, title: str, method: str, table: str, chart: str | None, finding: str, holds: str,
        command: str | None = None, alt: str | None = None, reproduce: str | None = None,
    ) -> core.Question:  # fmt: skip
        """A section as a value: its title, method, table, chart (none if ``chart`` is
        ``None``; ``alt``: its alternative text, the title if ``None``), the finding followed
        by the sentence ``holds`` (:meth:`holds`; a list after the finding's first paragraph
        follows that sentence, and a finding that is only a list comes after it), and the
        command that reproduces it (none if ``None``; ``reproduce``: its label)."""
        head, sep, rest = finding.partition("\n\n")
        charts = () if chart is None else (core.Chart(chart, title if alt is None else alt),)
        said = " ".join(s for s in (head, holds) if s)
        label = self.t["reproduce"] if reproduce is None else reproduce
        line = None if command is None else f"**{label}** `{command}`"
        return core.Question(title, method, f"{said}{sep}{rest}", (table, *charts), None, line)

    # ------------------------------------------------------------------ the report
    def write(self, started: float) -> list[Path]:
        """The report's files: :func:`~headcount_lab.core.report.write_report_files`, and the
        charts the extra sections save as they are written."""
        from headcount_lab.analysis.headcount.figures import charts

        figures = charts(self.pt, self.t)
        t = self.t
        head = [
            f"# {t['title']}",
            t["intro"].format(
                games=self.count(self.opts.n),
                seed=self.opts.seed,
                command=self.opts.command(self.lang),
                strong=self.f.strong_spec,
                top=self.f.mixed_top,
            ),
            f"![{t['tips']['title']}](strategy_tips.png) — [PDF](strategy_tips.pdf)",
        ]
        tips = {"strategy_tips": self.tips()}
        for ask in (self.q1, self.q2, self.q3, self.q4, self.q5, self.q6, self.q7, self.q8,
                    self.q9, self.q10, self.q11):  # fmt: skip
            ask()
        for module in extra_sections():
            self.questions += module.render(self)
        layout = core.Layout(f"**{t['method']}** {{text}}", f"**{t['finding']}** {{text}}",
                             title="## {text}", parts_first=True)  # fmt: skip
        text = core.render(head, self.questions, layout, self.table, [t["files"]])

        def meta() -> dict[str, Any]:
            return metadata(self.lang, self.opts, self.pt)

        written = core.write_report_files(self.out, self.pt, started, figures, tips, text, meta)
        return written + self.written

    def tips(self) -> Any:
        """The one-page strategy-tip chart."""
        from headcount_lab.analysis.headcount.figures import tip_sheet

        views = self.pt.tables["q1_safe_bids_by_view"]
        views = views[(views["variant"] == "standard") & (views["special_seen"] == "none")]
        call = self.pt.tables["q2_call_odds_by_gap"]
        call = call[(call["variant"] == "standard") & (call["special_seen"] == "none")]
        text = dict(self.t["tips"])
        f = self.f
        more = {
            "peek_tip": self.t["peek_tip" if f.tip_peek_gain is not None else "peek_tip_none"],
            "call_tip": self.t["call_tip" if f.turn_gap_50 is not None else "call_tip_never"],
        }
        text["tips"] = [self.fill(self.fill(s, f, **more), f) for s in text["tips"]]
        every = self.pt.tables["q2_every_turn_calls"]
        every = every[every["players_left"] == PLAYERS] if not every.empty else None
        text["call_play_label"] = text["call_play_label"].format(strong=f.best_bot)
        return tip_sheet(views, call, self.pt.tables.get("q3_peeks_by_gap"), text, every)

    # ------------------------------------------------------------------ questions
    def q1(self) -> None:
        t = self.t["q1"]
        views = self.pt.tables["q1_safe_bids_by_view"]
        std = views[views["variant"] == "standard"]
        four = std[(std["players"] == 4) & (std["special_seen"] == "none") & ~std["peeked"]]
        four = four[four["visible_sum"] % 5 == 0].drop(
            columns=["variant", "players", "peeked", "special_seen"]
        )
        finding = self.fill(t["finding"], self.f)
        self.section("q1", self.table(four, 1), "q1_safe_bids.png", finding, "exact")
        self.note(self.t["one_view"].format(command=ONE_VIEW_COMMAND))

    def q2(self) -> None:
        t = self.t["q2"]
        th = self.pt.tables["q2_call_thresholds"]
        th = th[(th["variant"] == "standard") & th["special_seen"].isin(["none", "A♠", "JK"])]
        wide = th.pivot(index="players", columns="special_seen", values="call_gap_50")
        wide = wide.reset_index()[["players", "none", "A♠", "JK"]]
        f = self.f
        finding = self.fill(
            t["finding"],
            f,
            bot_lead=t["bot_lead"],
            rule=t["bot_rule"].format(call=self.pct(f.best_call, 0)) if f.best_call else "",
            win_note=t["win_note"]["low" if f.bot_call_win[0] < 0.5 else "high"],
        )
        self.section("q2", self.table(wide), "q2_call_odds.png", finding, "strong_exact")
        self.note(self.t["one_view"].format(command=ONE_VIEW_COMMAND))
        self.calls_in_play()

    def calls_in_play(self) -> None:
        """Question 2, continued: what a call won in play against the strong field, by gap,
        beside the exact card-only chance."""
        t = self.t["q2"]
        f = self.f
        play = self.pt.tables["q2_calls_in_play"]
        four = play[(play["players_left"] == PLAYERS) & (play["gap"] % 2 == 0)]
        every = self.pt.tables["q2_every_turn_calls"]
        every = every[every["players_left"] == PLAYERS][["gap", "value"]]
        four = four.merge(every.rename(columns={"value": "every_turn"}), on="gap", how="left")
        finding = self.fill(
            t["play_finding"],
            f,
            half=t["never"] if f.play_gap_50 is None else t["half"].format(play_gap=f.play_gap_50),
            turn=t["turn_never"]
            if f.turn_gap_50 is None
            else t["turn_half"].format(turn_gap=f.turn_gap_50),
        )
        self.note(
            t["play_method"].format(strong=f.best_bot),
            t["play_table_note"] + "\n\n" + self.table(four.drop(columns="players_left")),
            f"![{t['play_title']}](q2_calls_in_play.png)",
            f"**{self.t['finding']}** {finding} {self.field('strong_exact')}",
        )

    def q3(self) -> None:
        t = self.t["q3"]
        by = self.pt.tables["q3_peeks_by_position_and_lives"]
        wide = by.pivot_table(index=["position", "lives"], columns="measure", values="value")
        wide = wide.reset_index()
        f = self.f
        common = dict(
            verdict=t["verdict"][f.open_vs_life], may_call=self._rule_phrase("peek_may_call")
        )
        if f.peek_default is None or f.peek_eager is None or f.peek_round_loss is None:
            finding = self.fill(
                t["finding_unpaired"], f, paired=self.not_measured("peek"), **common
            )
        else:
            finding = self.fill(t["finding"], f, lead=t["lead"][sign_of(f.peek_default)], **common)
        self.section("q3", self.table(wide), "q3_peek.png", finding, "strong")

    def q4(self) -> None:
        t = self.t["q4"]
        pos = self.pt.tables["q4_round_loss_by_position"]
        cb = self.pt.tables["q4_comeback"]
        first = cb[cb["measure"] == "first_loser_wins_game"].set_index("players")
        wide = pos.pivot(index="players", columns="position", values="value")
        wide.columns = [f"{t['pos_col']} {c}" for c in wide.columns]
        wide = wide.reset_index().astype(object).where(wide.reset_index().notna(), "—")
        wide[t["first_col"]] = first["value"].to_numpy()
        n = PLAYERS
        f = self.f
        finding = self.fill(
            t["finding"],
            f,
            start_lead=t["lead"],
            n=n,
            fair=self.pct(1 / n),
            again=self.each(t["again_item"], f.loser_again, "; "),
            snowball=t["snowball"],
            left_verdict=t["left_verdict"][sign_of(f.left_diff)],
            left_rules=self._rule_phrase("left_of_loser"),
        )
        self.section("q4", self.table(wide), "q4_seats.png", finding, "strong")

    def _rule_table(self, keys: tuple[str, ...]) -> pd.DataFrame:
        rules = self.pt.tables["q5_q7_rules"]
        wins = self.pt.tables["q5_q7_win_rates"]
        best = self.f.best_bot
        out = rules[rules["rules"].isin(("standard", *keys))][
            ["rules", "rounds_per_game", "caller_loses", "peeks_per_round", "ties"]
        ].copy()
        for bot in (best, "random"):
            w = wins[wins["bot"] == bot].set_index("rules")["value"]
            out[self.t["wins_col"].format(bot=bot)] = out["rules"].map(w)
        return out

    def _rule_phrase(self, key: str) -> str:
        """What a rule set changes: each measure whose interval excludes 0 (marked when smaller
        than its practical size), else 'nothing detectable'."""
        t = self.t
        out = []
        for measure, r, small in self.f.rules[key].changes:
            rounds = measure == "rounds_per_game"
            v = f"{self.signed(r[0], 2)} {self.span(r, 2, sign=True)}" if rounds else self.pp(r)
            name = t["measure_names"][measure].format(best=self.f.best_bot, top=self.f.mixed_top)
            out.append(f"{name} {v}{t['negligible'] if small else ''}")
        return "; ".join(out) if out else t["no_change"]

    def q5(self) -> None:
        t = self.t["q5"]
        f = self.f
        finding = self.fill(
            t["finding"],
            f,
            trickster=self._rule_phrase("trickster"),
            double=self._rule_phrase("double"),
        )
        md = self.table(self._rule_table(VARIANTS))
        self.section("q5", md, "q5_variants.png", finding, "mixed", f.rules["trickster"].command)
        self.note(f"`{f.rules['double'].command}`")

    def q6(self) -> None:
        t = self.t["q6"]
        paired = paired_table(self.pt)
        rows = paired[(paired["comparison"] == "q6_discard_open_vs_face_down")
                      & paired["measure"].isin(["game_win", "win_a", "win_b"])]  # fmt: skip
        f = self.f
        if f.discard is None:
            finding = self.fill(t["finding_none"], f, what=self.not_measured("discard"))
        else:
            finding = self.fill(t["finding"], f, verdict=t["verdict"][sign_of(f.discard)])
        table = self.table(rows[["measure", "seat", "value", "lo", "hi"]], 4)
        self.section("q6", table, "q6_discard.png", finding, "strong")

    def q7(self) -> None:
        t = self.t["q7"]
        f = self.f
        lines = [f"- *{self.t['rule_names'][k]}*: {self._rule_phrase(k)}" for k in HOUSE_RULES]
        finding = self.fill(t["finding"], f) + "\n\n" + "\n".join(lines)
        md = self.t["q5"]["table_note"] + "\n\n" + self.table(self._rule_table(HOUSE_RULES))
        self.section(
            "q7", md, "q7_house_rules.png", finding, "mixed", f.rules[HOUSE_RULES[0]].command
        )
        self.note("\n".join(f"`{f.rules[k].command}`" for k in HOUSE_RULES[1:]))

    def q8(self) -> None:
        t = self.t["q8"]
        wins = self.pt.tables["q8_win_rates"]
        field = self.pt.tables["q8_against_odds_field"]
        need = self.pt.tables["q8_games_needed"]
        f = self.f
        finding = self.fill(
            t["finding"],
            f,
            lead=t["lead"]["counts" if f.best_beats_fair else "hidden"],
            fair=self.pct(1 / PLAYERS),
            games=f.games_needed,
            field=", ".join(f"`{bot}` {self.pct(v)}" for bot, v in f.field),
        )
        table = "\n\n".join(
            [self.table(wins), self.table(need), self.table(field.drop(columns="command"))]
        )
        self.section("q8", table, "q8_skill.png", finding, "mixed_odds", f.command_q8)
        self.note(f"`{field['command'].iloc[0]}`")

    def q9(self) -> None:
        t = self.t["q9"]
        items = designer_findings(self)
        found = "\n".join(f"{i}. {s} {self.field(k)}" for i, (s, k) in enumerate(items, 1))
        self.questions.append(core.Question(t["title"], None, None, (t["intro"], found)))

    def q10(self) -> None:
        t = self.t["q10"]
        table = self.table(self.pt.tables["q10_sitting_out"], 2)
        finding = self.fill(t["finding"], self.f)
        self.section("q10", table, "q10_sitting_out.png", finding, "strong")

    def q11(self) -> None:
        t = self.t["q11"]
        f = self.f
        meta = self.pt.meta["heads_up_grid"]
        method = t["method"].format(step=meta["step"], iterations=meta["iterations"],
                                    command=meta["command"])  # fmt: skip
        finding = self.fill(t["finding"], f)
        exact = self.pt.tables["q11_heads_up_exact"]
        play = self.pt.tables["q11_heads_up_in_play"]
        table = "\n\n".join([self.table(exact.drop(columns=["iterations"]), 4),
                             self.table(play[play["n"] > 0], 3)])  # fmt: skip
        self.section(
            "q11", table, "q11_heads_up.png", finding, "strong_exact", meta["command"], method
        )


#: the exact odds of one view: the rule text's worked example, Anna's view
ONE_VIEW_COMMAND = 'headcount-lab headcount odds --players 4 --see "7♥ K♥ 5♠"'


def designer_findings(w: _Writer) -> list[tuple[str, str]]:
    """Question 9: each finding quotes a number from the sections above, and only states a
    difference as real when its interval excludes zero; each comes with the key of the field
    it holds against (``fields`` of the text)."""
    t, f, n = w.t["q9"], w.f, PLAYERS
    hu = f.hu_exact.values()
    start = w.fill(t["loser_starts"], f, start_lead=t["start_head"], fair=w.pct(1 / n),
                   rule=t["start_rule"][sign_of(f.left_diff)], hu_worse=sum(v > 0.5 for v in hu),
                   hu_better=sum(v < 0.5 for v in hu))  # fmt: skip
    out = [(start, "strong_exact")]
    peek = f.peek_default
    if peek is None:
        out.append((t["peek_none"].format(what=w.not_measured("peek")), "strong"))
    else:
        key = "peek_strong" if excludes_zero(peek) and peek[0] > 0 else "peek_weak"
        text = t[key].format(gain=w.pp(peek), share=w.pct(f.peek_share), best=f.best_bot)
        out.append((text, "strong"))
    if f.discard is None:
        out.append((t["discard_unmeasured"].format(what=w.not_measured("discard")), "strong"))
    else:
        out.append((t["discard_" + sign_of(f.discard)].format(diff=w.pp(f.discard)), "strong"))
    for key in FINDING_RULES:
        name = w.t["rule_names"][key]
        rule = f.rules[key]
        if rule.skill_effect == "real":
            kind = "rule_skill_up" if rule.skill_spread[0] > 0 else "rule_skill_down"
            text = t[kind].format(rule=name, top=f.mixed_top, diff=w.pp(rule.skill_spread))
        else:
            text = t[f"rule_{rule.effect}"].format(rule=name, what=w._rule_phrase(key))
        out.append((text, "mixed"))
    length = w.fill(t["length"], f, n=n, lo=3 * (n - 1), hi=3 * (n - 1) + 2,
                    rule=w.t["rule_names"][f.widest_rule])  # fmt: skip
    tip = w.fill(t["beginner_tip"], f, lead=t["tip_lead"]["high" if f.median_offset < 9.5 else
                 "holds"], each=round(f.median_offset / 2))  # fmt: skip
    return [*out, (length, "mixed"), (tip, "exact"), (w.fill(t["surprise"], f), "exact"),
            (w.fill(t["skill"], f, games=f.games_needed), "mixed"),
            (w.fill(t["sit_out"], f), "strong")]  # fmt: skip


#: the report's run in each language of :data:`FOLDERS` (``REPORT.run(out_dir, opts,
#: progress, only, lang)``; :func:`sections` are its sections) and what ``report all`` calls
REPORT = core.OneLanguageReport(
    NAME,
    FOLDERS["en"],
    ReportOptions,
    compute,
    lambda folder, pt, started, lang: _Writer(folder, lang, pt).write(started),
    _check,
    folders=FOLDERS,
)
build = REPORT.build
build_all = REPORT.build_all
