"""Report scaffolding: per-language text, Markdown tables, progress lines, and the folder that is
swapped in whole (issue 15 items 9-11)."""

import io
import json

import numpy as np
import pandas as pd
import pytest

from headcount_lab.core import report as core
from headcount_lab.core import words


def test_every_language_of_a_report_has_the_same_keys_and_placeholders():
    # the shipped language files: every report in English, the Headcount report also in German;
    # ``rulelab`` holds the words every report's rule-lab questions share, in both languages
    assert words.reports() == ("headcount", "whist", "poohead", "foolish", "rulelab")
    assert words.languages("headcount") == ("en", "de")
    assert words.languages("rulelab") == ("en", "de")
    assert all(words.languages(r) == ("en",) for r in ("whist", "poohead", "foolish"))
    assert words.mismatches() == []


def _broken_copy(folder, edit):
    """The shipped language files in ``folder``, ``de.toml`` changed by ``edit``."""
    folder.mkdir()
    for lang in ("en", "de"):
        text = words.folder().joinpath(f"{lang}.toml").read_text(encoding="utf-8")
        (folder / f"{lang}.toml").write_text(edit(text) if lang == "de" else text, "utf-8")
    return folder


def test_a_translation_missing_a_key_or_a_placeholder_is_reported(tmp_path):
    def edit(text):
        text = text.replace('title = "Kopfrechnen: Bericht zum Testspiel"\n', "", 1)
        text = text.replace("(Seed {seed})", "(Seed {Saat})", 1)  # the first: the intro
        text = text.replace('reproduce = "Nachrechnen:"', 'reproduce = "Nachrechnen: {"', 1)
        return text + '\n[kopfrechnen]\ntitle = "a report English does not have"\n'

    found = words.mismatches(_broken_copy(tmp_path / "broken", edit))
    assert "[headcount] de: title is in en only" in found
    assert (
        "[headcount] de: intro: placeholders {Saat, command, games, strong, top} where en has "
        "placeholders {command, games, seed, strong, top}" in found
    )
    assert any(m.startswith("[headcount] de: reproduce: ") for m in found)  # the broken brace
    assert "de.toml: [kopfrechnen] is not a report of en.toml" in found
    # the unchanged copy has none: the check reads the folder it is given
    assert words.mismatches(_broken_copy(tmp_path / "same", lambda t: t)) == []


def test_a_language_file_that_is_not_toml_names_itself(tmp_path):
    folder = _broken_copy(
        tmp_path / "de", lambda t: t.replace("[headcount.q1]", "[headcount.q1", 1)
    )
    with pytest.raises(ValueError, match=r"words/de\.toml: .*line"):
        words.texts("headcount", folder)


def test_the_words_are_read_once_and_keep_their_order():
    en = words.texts("headcount")["en"]
    assert words.texts("headcount")["en"] is en
    assert list(en)[:3] == ["title", "intro", "method"]
    assert list(en["q11"]["peeks"]) == ["both", "starter", "other", "none", "all"]
    assert en["q3"]["seat_label"] == ["focal seat {seat}", "all seats"]


def test_text_check_names_a_missing_key_a_placeholder_and_a_list_length():
    en = {"a": "{x} and {y}", "b": {"c": "plain"}, "tips": ["one {n}", "two"]}
    de = {"a": "{x} und {z}", "b": {}, "tips": ["eins {n}"]}
    found = core.text_mismatches({"en": en, "de": de})
    assert any("de: a: placeholders {x, z}" in m for m in found)
    assert any("b.c is in en only" in m for m in found)
    assert any("tips: 1 entries" in m for m in found)
    assert core.text_mismatches({"en": en, "de": en}) == []
    # a free key (a translation map) may differ; everything else is still compared
    found = core.text_mismatches({"en": en, "de": de}, ("b",))
    assert not any(m.startswith("de: b") for m in found)
    assert any("de: a: placeholders" in m for m in found)


def test_text_check_finds_a_broken_brace_and_nested_placeholders():
    assert core.placeholders("{mean:+.{d}f} of {n:,}") == {"mean", "d", "n"}
    found = core.text_mismatches({"en": {"a": "a { brace"}})
    assert found and found[0].startswith("en: a:")


def test_markdown_table_formats_floats_and_booleans():
    df = pd.DataFrame({"n": [3, 4], "p": [0.5, np.float64(1 / 3)], "ok": [True, np.bool_(False)]})
    plain = core.markdown_table(df, "{:.2f}")
    assert plain.splitlines() == [
        "| n | p | ok |",
        "|---:|---:|---:|",
        "| 3 | 0.50 | True |",
        "| 4 | 0.33 | False |",
    ]
    words = core.markdown_table(df, "{:.1f}", ("yes", "no"))
    assert words.splitlines()[2:] == ["| 3 | 0.5 | yes |", "| 4 | 0.3 | no |"]


def test_numbers_read_as_python_writes_them_in_english_and_with_a_comma_in_german():
    """Babel writes each language's numbers; English is byte for byte ``f"{x:.{d}f}"`` (ties
    rounded on the float's exact value, so 2.675 -> 2.67), German has a decimal comma and a
    thousands point, and NaN stays Python's."""
    rng = np.random.default_rng(7)
    for x in [*rng.normal(0, 50, 300), 2.675, -0.04, -0.0, 0.0, 0.125, 1e-12]:
        for d in range(5):
            plain, signed = f"{x:.{d}f}", f"{x:+.{d}f}"
            assert core.number(x, "en", d) == plain
            assert core.number(x, "en", d, sign=True) == signed
            assert core.number(x, "de", d) == plain.replace(".", ",")
            assert core.number(x, "de", d, sign=True) == signed.replace(".", ",")
    assert core.number(300_000, "de", 0, group=True) == "300.000"
    assert core.number(300_000, "en", 0, group=True) == "300,000"
    assert core.number(float("nan"), "de", 2) == "nan"
    assert core.percent(0.4581, "de") == "45,8 %" and core.percent(0.4581, "en") == "45.8%"
    assert core.points(-0.012, "de") == "-1,2 Pp." and core.points(0.012, "en") == "+1.2 pp"


def test_one_renderer_lays_out_a_question_after_or_before_its_finding():
    """A question is a value; the renderer writes its title, method, finding, tables, charts
    and paragraphs, field and command in the layout's order, leaving out what is ``None``."""
    df = pd.DataFrame({"p": [0.25]})
    parts = (core.Table(df, 1), core.Chart("c.png", "alt"), "more")
    q = core.Question("## Q", "how", "what", parts, "bots", "**Reproduce:** `x`", ("note",))
    bare = core.Question("## T", "tips", None, ("- a",))
    layout = core.Layout("**Method.** {text}", "**Finding.** {text}", "**Bots.** {text}")

    def table(d: pd.DataFrame, digits: int | None) -> str:
        return core.markdown_table(d, f"{{:.{digits}f}}")

    md = core.render(["# R"], [q, bare], layout, table, ["end"])
    assert md.split("\n\n") == [
        "# R", "## Q", "**Method.** how", "**Finding.** what", "| p |\n|---:|\n| 0.2 |",
        "![alt](c.png)", "more", "**Bots.** bots", "**Reproduce:** `x`", "note",
        "## T", "**Method.** tips", "- a", "end\n",
    ]  # fmt: skip
    first = core.Layout("{text}", "F: {text}", title="## {text}", parts_first=True)
    parts = core.render([], [q], first, table).split("\n\n")
    assert parts[:6] == ["## ## Q", "how", "| p |\n|---:|\n| 0.2 |", "![alt](c.png)", "more",
                         "F: what"]  # fmt: skip


def test_progress_names_each_step_and_its_time():
    out = io.StringIO()
    p = core.Progress(stream=out)
    with p.step("whist", "q1: runs"):
        assert p.current == "whist: q1: runs"
    lines = out.getvalue().splitlines()
    assert lines[0] == "[whist] q1: runs ..."
    assert lines[1].startswith("[whist] q1: runs: ") and lines[1].endswith(" s")
    assert p.current is None
    silent = io.StringIO()
    with core.Progress(enabled=False, stream=silent).step("x", "y"):
        pass
    assert silent.getvalue() == ""


def _report(folder, value, commit="abc", seconds=1.0):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "t.csv").write_text(value)
    meta = {"report": "r", "seed": 1, "commit": commit, "seconds": {"total": seconds}}
    core.write_json(folder / core.METADATA_FILE, meta)


def test_staged_folder_swaps_a_complete_report_in(tmp_path):
    target = tmp_path / "rep"
    _report(target, "old")
    with (staged := core.StagedFolder(target)) as tmp:
        assert tmp.parent == tmp_path and tmp != target
        _report(tmp, "new", commit="def")
        assert (target / "t.csv").read_text() == "old"  # the old report until the end
    assert (target / "t.csv").read_text() == "new"
    assert staged.final([tmp / "t.csv"]) == [target / "t.csv"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rep"]  # no temporary folder left


def test_interrupted_report_leaves_the_old_one_as_it_was(tmp_path):
    target = tmp_path / "rep"
    _report(target, "old")
    before = {p.name: p.read_bytes() for p in target.iterdir()}
    with pytest.raises(KeyboardInterrupt), core.StagedFolder(target) as tmp:
        (tmp / "t.csv").write_text("half")
        raise KeyboardInterrupt
    assert {p.name: p.read_bytes() for p in target.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rep"]


def test_regenerated_report_with_the_same_files_keeps_its_metadata(tmp_path):
    # issue 15 item 11: only the commit and timings would change, so nothing changes
    target = tmp_path / "rep"
    _report(target, "same", commit="abc", seconds=1.0)
    old_meta = (target / core.METADATA_FILE).read_bytes()
    with core.StagedFolder(target) as tmp:
        _report(tmp, "same", commit="later", seconds=9.0)
    assert (target / core.METADATA_FILE).read_bytes() == old_meta
    # a changed table brings the new run's metadata with it
    with core.StagedFolder(target) as tmp:
        _report(tmp, "changed", commit="later", seconds=9.0)
    meta = json.loads((target / core.METADATA_FILE).read_text())
    assert meta["commit"] == "later" and (target / "t.csv").read_text() == "changed"


def test_staged_folder_refuses_a_file_or_a_folder_that_is_not_a_report(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(ValueError, match="is a file"):
        core.StagedFolder(tmp_path / "f")
    other = tmp_path / "mine"
    other.mkdir()
    (other / "notes.txt").write_text("keep me")
    with pytest.raises(ValueError, match="not a report"):
        core.StagedFolder(other)
    assert (other / "notes.txt").read_text() == "keep me"
    empty = tmp_path / "empty"
    empty.mkdir()
    core.StagedFolder(empty)  # an empty folder may be replaced


def test_stable_metadata_drops_commit_and_timings_at_any_depth():
    meta = {"seed": 1, "commit": "x", "sizes": {"n": 2, "seconds": 3}, "compute_seconds": 4}
    assert core.stable_metadata(meta) == {"seed": 1, "sizes": {"n": 2}}


class _Words(core.Words):
    texts = {
        "en": {"ci": "{mean:.1f} [{lo:.1f}, {hi:.1f}]{unit}", "pct": "{p:.0f}%",
               "bool_words": ["yes", "no"]},
        "de": {"ci": "{mean:.1f} [{lo:.1f}; {hi:.1f}]{unit}", "pct": "{p:.0f} %",
               "bool_words": ["ja", "nein"]},
    }  # fmt: skip
    digits = 1


def test_words_fill_an_estimate_scaled_a_share_and_a_table_in_their_language():
    de = _Words("de")
    assert de.estimate("ci", (0.25, 0.2, 0.3), 100, unit=" Pkt.") == "25.0 [20.0; 30.0] Pkt."
    assert _Words().estimate("ci", (2, 1, 3), unit="") == "2.0 [1.0, 3.0]"
    assert de.pct(0.5) == "50 %"
    table = de.table(pd.DataFrame({"x": [0.25], "ok": [True]}))
    assert table.splitlines()[-1] == "| 0.2 | ja |"  # the class's one decimal, German words
    assert _Words().table(pd.DataFrame({"x": [0.25]}), digits=3).splitlines()[-1] == "| 0.250 |"


def test_words_refuse_a_language_the_report_does_not_have():
    with pytest.raises(ValueError, match="unknown language 'fr': choose en, de"):
        _Words("fr")


class _Opts:
    def __init__(self, size=None, quick=False, seed=1):
        self.size, self.quick, self.seed = size, quick, seed

    def command(self):
        return f"report toy --seed {self.seed}"


class _Res:
    def __init__(self, opts):
        self.opts = opts
        self.tables = {"t1": pd.DataFrame({"a": [1.0 / 3]})}
        self.seconds = {"compute": 1.234}


def _toy_report(checked):
    def write(folder, res, started):
        paths = core.write_tables(folder, res.tables)
        res.seconds["total"] = 0.0
        meta = core.report_metadata("toy", res, {"size": res.opts.size}, ("toy_rules", 3))
        return [*paths, core.write_json(folder / core.METADATA_FILE, meta)]

    return core.OneLanguageReport("toy", "toy-folder", _Opts, lambda o, p: _Res(o), write,
                                  checked.append)  # fmt: skip


def test_one_language_report_builds_into_its_folder_with_the_common_options(tmp_path):
    checked = []
    report = _toy_report(checked)
    written = report.build_all(tmp_path, core.ReportOptions(seed=5, quick=True, size=200))
    folder = tmp_path / "toy-folder"
    assert sorted(p.name for p in written) == [core.METADATA_FILE, "t1.csv"]
    assert all(p.parent == folder and p.is_file() for p in written)
    assert (folder / "t1.csv").read_text() == "a\n0.333333\n"
    assert [(o.size, o.quick, o.seed) for o in checked] == [(200, True, 5)]
    meta = json.loads((folder / core.METADATA_FILE).read_text())
    assert list(meta)[:6] == ["report", "command", "seed", "quick", "sizes", "seconds"]
    assert meta["command"] == "report toy --seed 5" and meta["sizes"] == {"size": 200}
    assert meta["seconds"] == {"compute": 1.23, "total": 0.0}
    assert list(meta["versions"])[:3] == ["headcount-lab", "toy_rules", "python"]
    assert meta["versions"]["toy_rules"] == 3


def test_one_language_report_refuses_bad_options_before_writing_anything(tmp_path):
    def refuse(opts):
        raise ValueError("--seed must be non-negative")

    report = core.OneLanguageReport("toy", "toy-folder", _Opts, lambda o, p: _Res(o),
                                    lambda f, r, s: [], refuse)  # fmt: skip
    with pytest.raises(ValueError, match="--seed"):
        report.run(tmp_path / "out")
    assert not any(tmp_path.iterdir())


def test_report_command_names_quick_and_the_size_only_where_given():
    assert core.report_command("headcount-lab report x", True, "--games", None, 3) == (
        "headcount-lab report x --quick --seed 3"
    )
    assert core.report_command("r", False, "--matches", 500, 1) == "r --matches 500 --seed 1"


def test_estimate_of_reads_its_own_interval_columns_or_lo_hi():
    gain = pd.Series({"gain": 1, "gain_lo": 0.5, "gain_hi": 2.0, "lo": 9.0, "hi": 9.0})
    assert core.estimate_of(gain, "gain") == (1.0, 0.5, 2.0)
    assert all(type(x) is float for x in core.estimate_of(gain, "gain"))
    assert core.estimate_of(pd.Series({"p": 0.25, "lo": 0.2, "hi": 0.3}), "p") == (0.25, 0.2, 0.3)


def test_a_step_with_its_amount_of_work_shows_a_bar_on_a_terminal_only(monkeypatch):
    # issue 26 item 4: every long section shows a bar with its time left
    from headcount_lab.core import progress as bars

    made = []

    class FakeBar:
        def __init__(self, total, unit, label, console=None, transient=False):
            self.args, self.done, self.open = (total, unit, label, transient), 0, False
            made.append(self)

        def __enter__(self):
            self.open = True
            return self

        def __exit__(self, *exc):
            self.open = False

        def advance(self, n):
            self.done += n

    class Job:  # a runner job of 10 units in blocks of 3 (the last one holds 1)
        units, block_size = 10, 3

        def units_in(self, first, count):
            return min(10, (first + count) * 3) - first * 3

    monkeypatch.setattr(bars, "Bar", FakeBar)
    monkeypatch.setattr(bars, "wanted", lambda quiet, json: True)  # stderr is a terminal
    silent = io.StringIO()
    with core.Progress().step("whist", "q3: the tournament", 200, "matches") as tick:
        assert made[0].open and made[0].args == (200, "matches", "whist", True)
        advance = tick.on_chunk(Job(), 100)  # its 10 units count as 100 matches
        for chunk in ((0, 1), (1, 2), (3, 1)):
            advance(chunk)
            tick.advance(0)
        assert made[0].done == 100
        tick.advance(100)
    assert made[0].done == 200 and not made[0].open
    with core.Progress().step("whist", "no amount of work"):
        pass
    with core.Progress(enabled=False).step("whist", "quiet", 5):
        pass
    with core.Progress(stream=silent).step("whist", "a stream of its own", 5):
        pass
    assert len(made) == 1
    monkeypatch.setattr(bars, "wanted", lambda quiet, json: False)  # a pipe or a log file
    with core.Progress().step("whist", "piped", 5) as tick:
        tick.advance(5)
    assert len(made) == 1


def test_words_fill_writes_a_named_fact_with_the_method_named_before_it():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Facts:
        n: int
        lead: tuple[float, float, float]
        by: dict[str, tuple[float, float, float]]
        shares: list[float]

    class Words(core.Words):
        texts = {"en": {"ci": "{mean:+.{d}f} [{lo:+.{d}f}, {hi:+.{d}f}]", "pct": "{p:.0f}%"}}

    w = Words()
    f = Facts(1200, (0.5, 0.25, 0.75), {"a": (-1.0, -2.0, 0.0)}, [0.25, 0.5])
    got = w.fill("{n:,}: {ci.lead}, {ci.lead:1}, {ci.by[a]}, {pct.shares[1]}, {x}", f, x="more")
    assert got == "1,200: +0.50 [+0.25, +0.75], +0.5 [+0.2, +0.8], -1.00 [-2.00, +0.00], 50%, more"
    with pytest.raises(KeyError):  # neither a fact nor a method of the words
        w.fill("{nothing.n}", f)
    with pytest.raises(KeyError):  # an attribute of the words that is not a method
        w.fill("{lang.n}", f)


def test_words_scaled_declares_an_estimate_sentence_with_its_scale_and_no_method():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Facts:
        gain: tuple[float, float, float]

    class Words(core.Words):
        texts = {"en": {"pts": "{mean:+.1f} [{lo:+.1f}, {hi:+.1f}] pts", "p": "{mean:.2f}"}}
        scaled = {"pts": 100, "p": 1}

    w = Words()
    assert w.pts((0.012, -0.003, 0.027)) == "+1.2 [-0.3, +2.7] pts"
    assert w.p((0.125, 0.1, 0.15)) == "0.12"
    assert (
        w.fill("{pts.gain} and {p.gain}", Facts((0.5, 0.25, 0.75)))
        == "+50.0 [+25.0, +75.0] pts and 0.50"
    )
    with pytest.raises(AttributeError):  # a name the words do not declare
        w.per10k((0.0, 0.0, 0.0))


def test_words_each_fills_a_sentence_per_item_and_picks_a_word_by_a_facts_own_value():
    class Words(core.Words):
        texts = {"en": {"pct": "{p:.0f}%", "list_sep": ", ", "clause_sep": "; ",
                        "sign": {"up": ">", "none": "="}}}  # fmt: skip

    w = Words()
    items = [core.Facts(a="x", share=0.25, sign="up"), core.Facts(a="y", share=0.5, sign="none")]
    t = w.t
    assert w.each("{a} {sign} {pct.share}", items, "list_sep", sign=t["sign"]) == "x > 25%, y = 50%"
    assert w.each("{a}", items, " / ") == "x / y"  # a separator that is not a key: as it is
    assert w.each("{a}", [], "list_sep") == ""
    assert w.each("{pct.value}", [core.Facts(value=0.5)]) == "50%"  # not the filler's own field
    f = core.Facts(sign="none", n=3)
    assert w.fill("{n} {sign}", f, sign=t["sign"]) == "3 ="  # the fact's value picks the word
    assert w.fill("{n} {lead}", f, lead={"none": "?"}) == "3 {'none': '?'}"  # no fact: as given


def test_a_report_in_several_languages_is_computed_once_and_written_in_each(tmp_path):
    computed, wrote = [], []

    def compute(opts, progress, *more):
        computed.append(more)
        return _Res(opts)

    def write(folder, res, started, lang):
        wrote.append(lang)  # into a staging folder next to the language's own
        return [core.write_json(folder / core.METADATA_FILE, {"report": "toy", "lang": lang})]

    report = core.OneLanguageReport("toy", "toy-en", _Opts, compute, write,
                                    folders={"en": "toy-en", "de": "toy-de"})  # fmt: skip
    written = report.build_all(tmp_path, core.ReportOptions(seed=2))
    assert computed == [()] and wrote == ["en", "de"]
    assert sorted(p.parent.name for p in written) == ["toy-de", "toy-en"]
    assert json.loads((tmp_path / "toy-de" / core.METADATA_FILE).read_text())["lang"] == "de"
    with pytest.raises(ValueError, match="unknown language 'fr': choose en, de"):
        report.build(tmp_path / "x", core.ReportOptions(), lang="fr")


def test_a_tables_section_runs_its_inputs_once_and_makes_each_table_from_them():
    calls = []

    def inputs(opts, tick):
        calls.append(opts)
        tick.advance()
        return {"x": [1, 2, 3]}

    s = core.tables_section("demo", "a demo", inputs,
                            {"b_sum": lambda r: pd.DataFrame({"s": [sum(r["x"])]}),
                             "a_len": lambda r: pd.DataFrame({"n": [len(r["x"])]})})  # fmt: skip
    assert s.tables == ("b_sum", "a_len")  # the names in the order given, known before it runs
    res = core.Results(opts=None)
    s.compute("opts", res, core.NO_TICKS)
    assert calls == ["opts"]
    assert list(res.tables) == ["b_sum", "a_len"]
    assert int(res.tables["b_sum"]["s"].iloc[0]) == 6 and int(res.tables["a_len"]["n"].iloc[0]) == 3


def test_a_row_quoted_gives_its_estimates_with_their_intervals_and_other_columns_as_they_are():
    class Words(core.Words):
        texts = {"en": {"ci": "{mean:.1f} [{lo:.1f}, {hi:.1f}]", "pct": "{p:.0f}%",
                        "list_sep": ", "}}  # fmt: skip

    df = pd.DataFrame({"players": [3, 4], "gap": [0.5, 1.5], "gap_lo": [0.25, 1.0],
                       "gap_hi": [0.75, 2.0], "made": [0.25, 0.75]})  # fmt: skip
    r = core.quote(df, players=4)
    assert r["gap"] == (1.5, 1.0, 2.0) and r["made"] == 0.75 and r["gap_lo"] == 1.0
    assert type(r["players"]) is int  # the column's own type, not the row's common float
    assert dict(r) == {"players": 4, "gap": (1.5, 1.0, 2.0), "gap_lo": 1.0, "gap_hi": 2.0,
                       "made": 0.75}  # fmt: skip
    w = Words()
    f = core.Facts(row=r)
    assert (
        w.fill("{ci.row[gap]} at {row[players]}, {pct.row[made]}", f) == "1.5 [1.0, 2.0] at 4, 75%"
    )
    rows = core.rows_quoted(df)
    assert w.each("{players}: {ci.gap}", rows, "list_sep") == "3: 0.5 [0.2, 0.8], 4: 1.5 [1.0, 2.0]"
    with pytest.raises(KeyError):
        core.quote(df, players=5)
    with pytest.raises(AttributeError):
        getattr(rows[0], "missing")  # noqa: B009


def test_a_rows_table_is_the_dataframe_of_the_rows_its_function_yields():
    @core.rows_table
    def squares(n: int):
        """Squares below ``n``."""
        for i in range(n):
            yield {"i": i, "square": i * i}

    df = squares(3)
    assert list(df.columns) == ["i", "square"] and df["square"].tolist() == [0, 1, 4]
    assert squares.__doc__ == "Squares below ``n``." and squares(0).empty
