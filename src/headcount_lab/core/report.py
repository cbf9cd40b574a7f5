"""What every report shares: options, Markdown tables, figure files, metadata, per-language text,
progress lines, and writing a report folder all at once.

A report is built in three steps, each a plain function of the one before: *compute* (tidy
tables and a typed facts object), *charts* (chart objects whose labels are passed in), *text*
(per-language dictionaries whose placeholders the facts fill). This module holds the parts that
do not depend on the game:

- :class:`ReportOptions`: seed, ``--quick`` and the size, the same for every report;
- :func:`markdown_table` and :func:`save_figure` (PNG and PDF with no dates or software
  versions inside, so the same numbers give the same bytes);
- :func:`versions` and :func:`source_state` for ``metadata.json``;
- :func:`number`, :func:`percent`, :func:`points`: a number in a report language's notation
  (Babel: decimal comma and thousands point in German);
- :func:`text_mismatches`: every language of a report has the same keys and placeholders;
  :class:`Words`: one language's dictionary and the fillers every report uses;
- :class:`Question`: one question of a report as a value (title, method, finding, tables,
  charts, field, command), and :func:`render`, the one function that writes every report's
  README from its questions (:class:`Layout`: the order and templates of a report's parts);
- :class:`Progress`: one line per report step on stderr;
- :class:`StagedFolder`: a report is written into a temporary folder next to its target and
  swapped in only when complete, so an interrupted run leaves the old report as it was; and a
  regenerated report whose files are all unchanged keeps its old ``metadata.json`` (commit and
  timings included), so regenerating with the same inputs leaves ``git status`` clean;
- :class:`OneLanguageReport`: the run and ``build``/``build_all`` of every report (Headcount's
  in two languages from one computation); :func:`write_report_files` and
  :func:`report_metadata`: the files and metadata of a report written in one language with a
  tip chart (Whist, Poohead, Foolish Faces).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import platform
import shutil
import signal
import string
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace, TracebackType
from typing import IO, Any, ClassVar

#: no software name in PNG files and no dates in PDF files: identical bytes from run to run
PNG_METADATA: dict[str, str | None] = {"Software": None}
PDF_METADATA: dict[str, str | None] = {"Creator": None, "Producer": None, "CreationDate": None}
#: metadata keys that change from run to run although the report does not
VOLATILE_METADATA = ("commit", "source_modified", "seconds", "compute_seconds")
METADATA_FILE = "metadata.json"

#: an estimate with its 95% interval: (value, low, high)
CI = tuple[float, float, float]
#: the numbers a report's text quotes, by name (``Facts(gap=..., seats=...)``), made where they
#: are read off the tables, so that each name is written once: a sentence fills its fields by
#: these names (:func:`fill`), a fact may hold more facts
Facts = SimpleNamespace


@dataclass(frozen=True)
class ReportOptions:
    """What every report takes. ``size``: games or matches per simulated set-up (``None``: the
    report's default, or its quick size with ``quick``)."""

    seed: int = 1
    quick: bool = False
    size: int | None = None

    def __post_init__(self) -> None:
        if self.seed < 0:
            raise ValueError(f"--seed must be non-negative, got {self.seed}")


@dataclass(frozen=True)
class GameReportOptions:
    """A one-language report's own options: ``size`` per simulated set-up (``None``:
    :attr:`DEFAULT`, or :attr:`QUICK` with ``quick``) and the seed; each report's subclass sets
    the class constants and names its sizes."""

    size: int | None = None
    quick: bool = False
    seed: int = 1
    #: the report's command and the flag of its size
    COMMAND: ClassVar[str] = ""
    SIZE_FLAG: ClassVar[str] = "--games"
    DEFAULT: ClassVar[int] = 0
    QUICK: ClassVar[int] = 0

    @property
    def n(self) -> int:
        """The size per simulated set-up."""
        if self.size is not None:
            return self.size
        return self.QUICK if self.quick else self.DEFAULT

    def command(self) -> str:
        return report_command(self.COMMAND, self.quick, self.SIZE_FLAG, self.size, self.seed)


def check_size(n: int, flag: str, seed: int) -> None:
    """Refuse a report's options: fewer than 100 of ``flag`` per set-up, or a negative seed."""
    if n < 100:
        raise ValueError(f"{flag} must be at least 100, got {n}")
    if seed < 0:
        raise ValueError(f"--seed must be non-negative, got {seed}")


@dataclass
class Results:
    """What a one-language report computes: its options, its tables by name, the seconds each
    section took and the CSV text of each table (the tables are read back from it)."""

    opts: Any
    tables: dict[str, Any] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    csv: dict[str, str] = field(default_factory=dict)


def report_command(command: str, quick: bool, size_flag: str, size: int | None, seed: int) -> str:
    """The command line that reproduces a report: ``command [--quick] [size_flag size] --seed
    seed`` (the size only where it was given)."""
    parts = [command]
    if quick:
        parts.append("--quick")
    if size is not None:
        parts.append(f"{size_flag} {size}")
    parts.append(f"--seed {seed}")
    return " ".join(parts)


# --- numbers in each language ----------------------------------------------------------------

#: the locale whose notation (decimal sign, thousands separator, signs) each report language
#: writes numbers in (:func:`number`)
LOCALES = {"en": "en_US", "de": "de_DE"}
#: a percentage and a difference in percentage points, by language: the unit after the number
UNITS = {"en": {"pct": "{}%", "pp": "{} pp"}, "de": {"pct": "{} %", "pp": "{} Pp."}}


def number(
    x: float, lang: str = "en", digits: int = 1, sign: bool = False, group: bool = False
) -> str:
    """``x`` to ``digits`` decimals in the notation of ``lang`` (Babel, :data:`LOCALES`): a
    decimal comma in German; ``sign``: a ``+`` before positive numbers; ``group``: thousands
    separated (``300,000``, ``300.000``). Rounded as Python rounds (half to even on the float's
    exact value), so English reads as ``f"{x:.1f}"``; NaN and infinity as Python writes them."""
    from decimal import Decimal

    from babel.numbers import format_decimal

    if not math.isfinite(x):
        return f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    body = ("#,##0" if group else "0") + ("." + "0" * digits if digits > 0 else "")
    pattern = f"+{body};-{body}" if sign else body
    # Decimal of the float's exact value (Babel would round its shortest repr instead)
    exact = Decimal(x) if isinstance(x, int) else Decimal(float(x))
    return str(format_decimal(exact, format=pattern, locale=LOCALES[lang]))


def percent(x: float, lang: str = "en", digits: int = 1) -> str:
    """A share as a percentage: ``45.8%``, ``45,8 %``."""
    return UNITS[lang]["pct"].format(number(100 * x, lang, digits))


def points(x: float, lang: str = "en", digits: int = 1) -> str:
    """A difference of shares in percentage points, signed: ``+1.2 pp``, ``+1,2 Pp.``."""
    return UNITS[lang]["pp"].format(number(100 * x, lang, digits, sign=True))


def fraction(p: Any) -> str:
    """An exact value (a ``Fraction``) as a table writes it beside its float: ``3/8``."""
    return f"{p.numerator}/{p.denominator}"


# --- tables and figures -----------------------------------------------------------------------


def markdown_table(
    df: Any,
    float_format: str | Callable[[float], str] = "{:.3f}",
    bool_words: tuple[str, str] | None = None,
) -> str:
    """A GitHub-flavoured Markdown table of a DataFrame (pandas' own needs ``tabulate``).
    Floats use ``float_format`` (a format string, or a function such as a language's
    :func:`number`); booleans print as ``bool_words`` (true, false) if given."""
    import numpy as np

    cols = list(df.columns)
    fmt = float_format.format if isinstance(float_format, str) else float_format

    def cell(v: object) -> str:
        if bool_words is not None and isinstance(v, bool | np.bool_):
            return bool_words[0] if v else bool_words[1]
        if isinstance(v, float | np.floating):
            return fmt(float(v))
        return str(v)

    lines = ["| " + " | ".join(map(str, cols)) + " |", "|" + "|".join("---:" for _ in cols) + "|"]
    for row in df.itertuples(index=False):
        lines.append("| " + " | ".join(cell(v) for v in row) + " |")
    return "\n".join(lines)


def save_figure(
    fig: Any, folder: Path, stem: str, formats: Iterable[str] = ("png",), dpi: float | None = None
) -> list[Path]:
    """Save ``fig`` as ``folder/stem.<format>`` for each format (``png``, ``pdf``), with the
    metadata that keeps the bytes the same from run to run; return the paths."""
    out = []
    for fmt in formats:
        path = folder / f"{stem}.{fmt}"
        meta = PDF_METADATA if fmt == "pdf" else PNG_METADATA
        if dpi is None or fmt == "pdf":
            fig.savefig(path, metadata=meta)
        else:
            fig.savefig(path, dpi=dpi, metadata=meta)
        out.append(path)
    return out


# --- metadata ---------------------------------------------------------------------------------


def versions(packages: Iterable[str]) -> dict[str, str | None]:
    """Python's version and each installed package's (``None`` if not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    out: dict[str, str | None] = {"python": platform.python_version()}
    for pkg in packages:
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            out[pkg] = None
    return out


def source_state() -> dict[str, Any]:
    """The git commit of the installed source and whether ``src/`` has uncommitted changes
    (files elsewhere, such as other reports being rewritten, do not count); ``None`` outside a
    git checkout."""
    root = Path(__file__).resolve().parents[3]
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "src"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return {"commit": None, "source_modified": None}
    return {"commit": head, "source_modified": bool(dirty)}


def write_json(path: Path, obj: Any) -> Path:
    path.write_text(json.dumps(obj, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def stable_metadata(meta: Any) -> Any:
    """``meta`` without the keys of :data:`VOLATILE_METADATA`, at any depth."""
    if isinstance(meta, dict):
        return {k: stable_metadata(v) for k, v in meta.items() if k not in VOLATILE_METADATA}
    if isinstance(meta, list):
        return [stable_metadata(v) for v in meta]
    return meta


# --- text dictionaries ------------------------------------------------------------------------


def placeholders(text: str) -> frozenset[str]:
    """The names of the ``{fields}`` of a format string, nested ones (``{x:.{d}f}``) included."""
    names: set[str] = set()
    for _, ref, spec, _ in string.Formatter().parse(text):
        if ref is not None:
            names.add(ref.split(".")[0].split("[")[0])
        if spec:
            names |= placeholders(spec)
    return frozenset(names)


def _shape(obj: Any, path: str, out: dict[str, Any]) -> None:
    if isinstance(obj, Mapping):
        out[path] = ("dict", frozenset(map(str, obj)))
        for k, v in obj.items():
            _shape(v, f"{path}.{k}" if path else str(k), out)
    elif isinstance(obj, list | tuple):
        out[path] = ("list", len(obj))
        for i, v in enumerate(obj):
            _shape(v, f"{path}[{i}]", out)
    elif isinstance(obj, str):
        try:
            out[path] = ("text", placeholders(obj))
        except ValueError as exc:  # an unbalanced brace: a broken template in any language
            out[path] = ("broken", str(exc))
    else:
        out[path] = (type(obj).__name__, None)


def text_mismatches(texts: Mapping[str, Any], free: tuple[str, ...] = ()) -> list[str]:
    """Differences between the languages of one report's text: a key, list entry or
    placeholder present in one language and not in the first, or a broken template. Empty when
    every language can render every sentence from the same facts.

    ``free`` names top-level keys whose contents may differ by language (a table's header and
    cell translations: English keeps the CSV's own names, so its map is empty)."""
    shapes = {}
    for lang, text in texts.items():
        shape: dict[str, Any] = {}
        _shape({k: v for k, v in text.items() if k not in free}, "", shape)
        shapes[lang] = shape
    out = [
        f"{lang}: {path or '(top)'}: {kind[1]}"
        for lang, shape in shapes.items()
        for path, kind in shape.items()
        if kind[0] == "broken"
    ]
    langs = list(shapes)
    if not langs:
        return out
    first = shapes[langs[0]]
    for lang in langs[1:]:
        other = shapes[lang]
        for path in sorted(first.keys() | other.keys()):
            a, b = first.get(path), other.get(path)
            if a is None or b is None:
                out.append(f"{lang}: {path} is in {langs[0] if b is None else lang} only")
            elif a != b:
                out.append(f"{lang}: {path}: {_describe(b)} where {langs[0]} has {_describe(a)}")
    return out


def _describe(kind: tuple[str, Any]) -> str:
    if kind[0] == "text":
        return "placeholders {" + ", ".join(sorted(kind[1])) + "}"
    if kind[0] == "dict":
        return "keys " + ", ".join(sorted(kind[1]))
    if kind[0] == "list":
        return f"{kind[1]} entries"
    return kind[0]


class Words:
    """One language's words of a report: ``t`` is its dictionary of :attr:`texts` (language ->
    dictionary, set by each report's subclass, which adds the fillers only it needs)."""

    #: the report's text, one dictionary per language
    texts: Mapping[str, Any] = {}
    #: decimals of the floats in :meth:`table`
    digits = 2
    #: the report's own estimate sentences, each with its scale: a name here makes
    #: ``self.name(est)`` the sentence ``name`` filled by :meth:`estimate` (and ``{name.x}`` a
    #: field a sentence fills from the facts that way), with no method written
    scaled: Mapping[str, float] = {}

    def __init__(self, lang: str = "en") -> None:
        if lang not in self.texts:
            raise ValueError(f"unknown language {lang!r}: choose {', '.join(self.texts)}")
        self.lang = lang
        self.t: Any = self.texts[lang]

    def fill(self, template: str, facts: Any, **more: Any) -> str:
        """``template`` filled as :func:`fill` fills it, where a field may also be written by a
        method of these words named before it: ``{ci.gap[rules]}`` is
        ``self.ci(facts.gap["rules"])``, ``{ci.win_lead:3}`` passes 3 (the digits) too. A fact
        the words quote in one of their own formats needs no line of code either. A field of
        ``more`` given as a dictionary of words, for a fact of the same name, is the word for
        the fact's value: ``sign=q["sign"]`` writes ``q["sign"][facts.sign]``."""
        return fill_written(self, template, facts, **more)

    def each(
        self, template: str, items: Iterable[Any], sep: str = "clause_sep", **more: Any
    ) -> str:
        """``template`` filled (:meth:`fill`) from each of ``items`` (facts, or a mapping) and
        ``more``, joined by ``sep``: a key of the words (``list_sep``, ``clause_sep``), or the
        separator itself."""
        joint = self.t.get(sep, sep)
        return str(joint).join(self.fill(template, x, **more) for x in items)

    def __getattr__(self, name: str) -> Callable[[CI], str]:
        scale = type(self).scaled.get(name)
        if scale is None:
            raise AttributeError(name)
        return lambda est: self.estimate(name, est, scale)

    def estimate(self, key: str, est: CI, scale: float = 1.0, **more: Any) -> str:
        """The sentence ``key`` filled with an estimate and its interval (``mean``, ``lo``,
        ``hi``, each times ``scale``) and the fields ``more``."""
        mean, lo, hi = est if scale == 1 else (scale * est[0], scale * est[1], scale * est[2])
        return str(self.t[key].format(mean=mean, lo=lo, hi=hi, **more))

    def ci(self, est: CI, digits: int = 2) -> str:
        """An estimate with its interval, to ``digits`` decimals (the sentence ``ci``)."""
        return self.estimate("ci", est, d=digits)

    def pct(self, x: float) -> str:
        """A share as a percentage (the sentence ``pct``)."""
        return str(self.t["pct"].format(p=100 * x))

    def table(self, df: Any, digits: int | None = None) -> str:
        """A Markdown table, floats to ``digits`` decimals (:attr:`digits` if ``None``),
        booleans in this language's words."""
        yes, no = self.t["bool_words"]
        d = self.digits if digits is None else digits
        return markdown_table(df, f"{{:.{d}f}}", (yes, no))

    def question(
        self,
        key: str,
        finding: str,
        tables: Iterable[Any],
        chart: str | None,
        method: str | None = None,
        field: str | None = None,
        **reproduce: Any,
    ) -> Question:
        """Question ``key`` of these words in the shape most questions have: its title, its
        ``method`` (the words' own if ``None``), the ``finding``, the ``tables`` (DataFrames or
        :class:`Table`), the chart ``<chart>.png`` (alternative text: the words' ``image``),
        its ``field`` (the words' own, if any, if ``None``) and the line ``reproduce`` filled
        with the words' ``files`` and the fields ``reproduce``."""
        q = self.t[key]
        charts = () if chart is None else (Chart(f"{chart}.png", q["image"]),)
        tabs = tuple(x if isinstance(x, Table) else Table(x) for x in tables)
        return Question(q["title"], q["method"] if method is None else method, finding,
                        tabs + charts, q.get("field") if field is None else field,
                        self.t["reproduce"].format(files=q["files"], **reproduce))  # fmt: skip

    def render(self, head: Iterable[str], questions: Iterable[Question]) -> str:
        """The README of ``head`` and ``questions`` in this language's layout (the templates
        ``method``, ``finding``, ``field`` and ``image``)."""
        t = self.t
        layout = Layout(t["method"], t["finding"], t.get("field", "{text}"), t["image"])
        return render(head, questions, layout, self.table)


# --- a report's text as data ------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A table of a question: a DataFrame written in its report's language (``digits``: its
    floats' decimals, the language's default if ``None``)."""

    df: Any
    digits: int | None = None


@dataclass(frozen=True)
class Chart:
    """A chart of a question: its file and its alternative text."""

    file: str
    alt: str


#: a question's part after its finding: a paragraph, a table or a chart
Part = str | Table | Chart


@dataclass(frozen=True)
class Question:
    """One question of a report as a value, in one language: its title, method and finding
    (the language's words filled from the facts), its tables, charts and further paragraphs in
    order, the field its finding holds against, the command that reproduces it (the filled
    line) and notes after that. :func:`render` writes it; a part that is ``None`` is left out."""

    title: str
    method: str | None
    finding: str | None = None
    parts: tuple[Part, ...] = ()
    field: str | None = None
    reproduce: str | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Layout:
    """How a report writes the parts of its questions: templates of the title, method, finding
    and field (``{text}``) and of a chart (``{alt}``, ``{file}``), and whether the tables and
    charts come before the finding (Headcount) or after it."""

    method: str
    finding: str
    field: str = "{text}"
    image: str = "![{alt}]({file})"
    title: str = "{text}"
    parts_first: bool = False


def render(
    head: Iterable[str],
    questions: Iterable[Question],
    layout: Layout,
    table: Callable[[Any, int | None], str],
    tail: Iterable[str] = (),
) -> str:
    """A report's README: the paragraphs of ``head``, each question laid out by ``layout``
    (``table(df, digits)`` writes a table in the report's language), then ``tail``."""

    def part(p: Part) -> str:
        if isinstance(p, Table):
            return table(p.df, p.digits)
        if isinstance(p, Chart):
            return layout.image.format(alt=p.alt, file=p.file)
        return p

    out = list(head)
    for q in questions:
        out.append(layout.title.format(text=q.title))
        if q.method is not None:
            out.append(layout.method.format(text=q.method))
        parts = [part(p) for p in q.parts]
        finding = [] if q.finding is None else [layout.finding.format(text=q.finding)]
        out += parts + finding if layout.parts_first else finding + parts
        if q.field is not None:
            out.append(layout.field.format(text=q.field))
        if q.reproduce is not None:
            out.append(q.reproduce)
        out += q.notes
    out += tail
    return "\n\n".join(out) + "\n"


def fill(template: str, facts: Any, **more: Any) -> str:
    """``template`` filled with the fields of ``facts`` (:data:`Facts`, a dataclass or a
    mapping) under their own names and with ``more`` (which win): a fact the words quote as it
    is needs no line of code."""
    return template.format_map({**_fields(facts), **more})


def _fields(facts: Any) -> dict[str, Any]:
    return dict(facts) if isinstance(facts, Mapping) else vars(facts)


def fill_written(words: Any, template: str, facts: Any, **more: Any) -> str:
    """:meth:`Words.fill` for any object with fillers (``words``) as methods."""
    own = _fields(facts)
    picked = {k: v[own[k]] if isinstance(v, Mapping) and k in own else v for k, v in more.items()}
    return template.format_map(_Fields(words, facts, picked))


class _Fields(dict[str, Any]):
    """The fields :meth:`Words.fill` fills from: the facts' and ``more``, and for any other name
    that is a method of the words, the facts as that method writes them (:class:`_Written`)."""

    def __init__(self, words: Any, facts: Any, more: dict[str, Any]) -> None:
        super().__init__({**_fields(facts), **more})
        self.words, self.facts = words, facts

    def __missing__(self, key: str) -> _Written:
        how = getattr(self.words, key, None)
        if not callable(how):
            raise KeyError(key)
        return _Written(self.facts, how)


class _Written:
    """A value (or a field or item of it: ``.name``, ``[key]``) that a template writes with
    ``how``; the format spec, if any, is ``how``'s second argument (digits)."""

    def __init__(self, value: Any, how: Callable[..., str]) -> None:
        # underscored: a fact may be named ``value`` or ``how``
        self._value, self._how = value, how

    def __getattr__(self, name: str) -> _Written:
        return _Written(getattr(self._value, name), self._how)

    def __getitem__(self, key: Any) -> _Written:
        return _Written(self._value[key], self._how)

    def __format__(self, spec: str) -> str:
        return self._how(self._value, int(spec)) if spec else self._how(self._value)


def tip_list(blocks: Iterable[tuple[str, list[str]]], block: str, item: str) -> list[str]:
    """The tip chart's blocks ``(heading, lines)`` as Markdown paragraphs: each the template
    ``block`` (``{head}``) and its lines as ``item`` (``{text}``)."""
    return [
        block.format(head=head) + "\n\n" + "\n".join(item.format(text=x) for x in lines)
        for head, lines in blocks
    ]


# --- progress ---------------------------------------------------------------------------------


class Ticker:
    """What a step of a report advances as its work gets done: a progress bar with the time left
    on a terminal (:class:`headcount_lab.core.progress.Bar`), nothing elsewhere."""

    def __init__(self, bar: Any = None) -> None:
        self.bar = bar

    def advance(self, units: int = 1) -> None:
        if self.bar is not None:
            self.bar.advance(units)

    def on_chunk(self, job: Any, size: int | None = None) -> Callable[[tuple[int, int]], None]:
        """An ``on_chunk`` for the runner: advances by each finished chunk (blocks ``first,
        count``) of ``job``, its units counted as ``size`` in all (``job.units`` if ``None``:
        a tournament's job counts deals, its report games)."""
        whole = job.units if size is None else size
        done = [0, 0]  # the job's units done, the units shown

        def advance(chunk: tuple[int, int]) -> None:
            done[0] += job.units_in(*chunk)
            shown = done[0] * whole // job.units
            self.advance(shown - done[1])
            done[1] = shown

        return advance


#: a ticker that shows nothing (the default of every step function)
NO_TICKS = Ticker()


class Progress:
    """Progress lines on stderr: ``[report] step ...`` when a step starts and the seconds it
    took when it ends, and while a step with a known amount of work runs, a progress bar with
    the time left (on a terminal only, erased when the step ends). Silent with
    ``enabled=False``; no bars with ``bars=False`` or a ``stream`` of its own."""

    def __init__(
        self, enabled: bool = True, stream: IO[str] | None = None, bars: bool | None = None
    ) -> None:
        self.enabled = enabled
        self.stream = stream
        self.bars = bars
        #: the step under way (``report: step``), named when a run is interrupted
        self.current: str | None = None

    def say(self, message: str) -> None:
        if self.enabled:
            stream = self.stream if self.stream is not None else sys.stderr
            stream.write(message + "\n")
            stream.flush()

    def _bars_wanted(self) -> bool:
        if not self.enabled or self.stream is not None or self.bars is False:
            return False
        from headcount_lab.core.progress import wanted

        return wanted(quiet=False, json=False)

    @contextmanager
    def step(
        self, report: str, what: str, total: int | None = None, unit: str = "set-ups"
    ) -> Iterator[Ticker]:
        """``with progress.step("whist", "q3: the tournament", total=n, unit="matches") as
        tick:`` ... ``tick.advance(k)``: a bar over ``total`` units while the step runs."""
        self.current = f"{report}: {what}"
        self.say(f"[{report}] {what} ...")
        t0 = time.perf_counter()
        bar = None
        if total and self._bars_wanted():
            from headcount_lab.core.progress import Bar

            bar = Bar(total, unit, report, transient=True)
            bar.__enter__()
        try:
            yield Ticker(bar)
        finally:
            if bar is not None:
                bar.__exit__(None, None, None)
        self.say(f"[{report}] {what}: {time.perf_counter() - t0:.1f} s")
        self.current = None


#: a progress object that prints nothing (the default of every build function)
QUIET = Progress(enabled=False)


# --- writing a report folder all at once ------------------------------------------------------


def check_target(target: Path) -> None:
    """Refuse a target that is a file, or a folder holding anything but an earlier report of
    the same kind (a ``metadata.json`` and files, no sub-folders): the swap replaces it whole.
    Where a folder can be written at all is :func:`headcount_lab.core.paths.check_folder`'s."""
    from headcount_lab.core.paths import check_folder

    check_folder(target, "")
    if target.is_dir() and any(target.iterdir()):
        meta = target / METADATA_FILE
        ok = meta.is_file() and all(p.is_file() for p in target.iterdir())
        if ok:
            try:
                ok = "report" in json.loads(meta.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                ok = False
        if not ok:
            raise ValueError(
                f"{target} holds files that are not a report; "
                "give --out a new or empty folder (the report replaces the folder whole)"
            )


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back for the two renames of a swap (main thread only)."""
    sigs = {signal.SIGINT, signal.SIGTERM}
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "pthread_sigmask"
    ):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _same_report(new: Path, old: Path) -> bool:
    """Whether ``old`` holds the same files with the same bytes as ``new``, and metadata equal
    but for the keys of :data:`VOLATILE_METADATA`."""
    if not old.is_dir():
        return False
    names = {p.name for p in new.iterdir()}
    if names != {p.name for p in old.iterdir()} or METADATA_FILE not in names:
        return False
    try:
        a = json.loads((new / METADATA_FILE).read_text(encoding="utf-8"))
        b = json.loads((old / METADATA_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if stable_metadata(a) != stable_metadata(b):
        return False
    return all(
        (new / n).read_bytes() == (old / n).read_bytes() for n in sorted(names - {METADATA_FILE})
    )


#: a staging folder younger than this is left alone even when unlocked: its writer may not
#: have locked it yet (it locks it right after creating it)
STALE_AFTER_SECONDS = 60.0


def _lock_folder(path: Path) -> int | None:
    """An open descriptor of the folder ``path`` holding an exclusive lock on it (released
    when it is closed or the process ends), or ``None`` if another process holds it (or the
    platform has no ``flock``)."""
    try:
        import fcntl
    except ImportError:  # no flock: no staging folder is ever taken for stale
        return None
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def _staging_name(target: Path) -> Any:
    import re

    # tempfile.mkdtemp's eight characters, and the ``.old`` of a swap under way
    return re.compile(rf"\.{re.escape(target.name)}\.[a-z0-9_]{{8}}(\.old)?")


def clean_stale(target: Path, now: float | None = None) -> list[Path]:
    """Delete the staging folders of ``target`` that a killed run left next to it (hidden
    ``.NAME.xxxxxxxx`` folders, and ``.NAME.xxxxxxxx.old`` ones of a swap cut short), and only
    those whose writer is gone: every writer holds a lock on its staging folder while it runs,
    so a report running at the same time into the same folder keeps its own. A ``.old`` folder
    whose target is missing (killed between the two renames of a swap) is renamed back to the
    target instead. Returns the folders deleted or restored."""
    parent = target.parent
    if not parent.is_dir():
        return []
    pattern = _staging_name(target)
    now = time.time() if now is None else now
    done = []
    for p in sorted(parent.iterdir()):
        if not pattern.fullmatch(p.name) or p.is_symlink() or not p.is_dir():
            continue
        if p.name.endswith(".old"):
            writer = p.with_name(p.name.removesuffix(".old"))
            if writer.exists() and not _gone(writer, now):
                continue  # its writer is between the two renames of its swap
            if not target.exists():
                with contextlib.suppress(OSError):
                    os.rename(p, target)
                    done.append(p)
                continue
        elif not _gone(p, now):
            continue
        shutil.rmtree(p, ignore_errors=True)
        done.append(p)
    return done


def _gone(folder: Path, now: float) -> bool:
    """Whether the writer of the staging folder ``folder`` is gone: the folder is not new and
    no process holds its lock."""
    try:
        if now - folder.stat().st_mtime < STALE_AFTER_SECONDS:
            return False
        fd = _lock_folder(folder)
    except OSError:
        return False
    if fd is None:
        return False
    os.close(fd)
    return True


class StagedFolder:
    """``with StagedFolder(target) as tmp:`` write the report into ``tmp`` (a fresh folder
    next to ``target``); on a normal exit it replaces ``target`` in two renames, on any
    exception (Ctrl-C included) it is deleted and ``target`` is left as it was. When the new
    report has the same files with the same bytes as the old one, the old ``metadata.json`` is
    kept, so that only a real change shows in ``git status``."""

    def __init__(self, target: Path) -> None:
        check_target(target)
        self.target = target
        self.tmp: Path | None = None
        self.lock: int | None = None

    def __enter__(self) -> Path:
        try:
            self.target.parent.mkdir(parents=True, exist_ok=True)
            clean_stale(self.target)
            tmp = Path(tempfile.mkdtemp(prefix=f".{self.target.name}.", dir=self.target.parent))
            # held until the swap: the mark of a live writer (clean_stale)
            self.lock = _lock_folder(tmp)
        except OSError as exc:
            raise ValueError(f"cannot write the report next to {self.target}: {exc}") from None
        tmp.chmod(0o777 & ~_umask())
        self.tmp = tmp
        return tmp

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        assert self.tmp is not None
        try:
            if kind is not None:
                shutil.rmtree(self.tmp, ignore_errors=True)
                return
            if _same_report(self.tmp, self.target):
                shutil.copyfile(self.target / METADATA_FILE, self.tmp / METADATA_FILE)
            old = self.target.parent / f"{self.tmp.name}.old"
            with _signals_held():
                if self.target.exists():
                    os.rename(self.target, old)
                os.rename(self.tmp, self.target)
            shutil.rmtree(old, ignore_errors=True)
        finally:
            if self.lock is not None:
                os.close(self.lock)
                self.lock = None

    def final(self, paths: Iterable[Path]) -> list[Path]:
        """The paths the files written into the temporary folder have after the swap."""
        assert self.tmp is not None
        return [self.target / p.relative_to(self.tmp) for p in paths]


#: what a game's report module exposes for ``report all`` and the game registry:
#: ``build_all(root, options, progress) -> files written`` (every language, each in its folder)
BuildAll = Callable[[Path, ReportOptions, Progress], list[Path]]


def estimate_of(r: Any, col: str) -> CI:
    """The estimate in column ``col`` of the row ``r`` (a Series) with its 95% interval: the
    columns ``{col}_lo`` and ``{col}_hi``, or ``lo`` and ``hi`` in a table without them (one
    estimate per row, as in a table of rates ``p``: :func:`~headcount_lab.core.charts.
    interval_columns`)."""
    from headcount_lab.core.charts import interval_columns

    lo, hi = interval_columns(r.index, col)
    return (float(r[col]), float(r[lo]), float(r[hi]))


def row(df: Any, **where: Any) -> Any:
    """The one row of the DataFrame ``df`` with the given column values (``KeyError`` if not
    exactly one)."""
    sel = df
    for k, v in where.items():
        sel = sel[sel[k] == v]
    if len(sel) != 1:
        raise KeyError(f"expected one row for {where}, found {len(sel)}")
    return sel.iloc[0]


def staged_report(
    out_dir: Path,
    name: str,
    compute: Callable[[], Any],
    write: Callable[[Path, Any, float], list[Path]],
    progress: Progress,
    lang: str | None = None,
) -> list[Path]:
    """One report's run: ``compute()`` its numbers, then ``write(folder, results, t0)`` them
    into a staging folder that replaces ``out_dir`` whole when complete (:class:`StagedFolder`);
    returns the files written. ``lang``: the language the progress line names, if any."""
    t0 = time.perf_counter()
    with (staged := StagedFolder(out_dir)) as tmp:
        res = compute()
        which = "" if lang is None else f" ({lang})"
        with progress.step(name, f"{out_dir}: charts, tables and text{which}"):
            written = write(tmp, res, t0)
    return staged.final(written)


# --- sections: a report rebuilt in parts ------------------------------------------------------

#: how the one-language reports write floats into their CSV files
CSV_FLOATS = "%.6g"


@dataclass(frozen=True)
class Section:
    """A part of a report that ``--only`` rebuilds alone. ``compute(opts, results, tick)`` adds
    the tables named in ``tables`` to ``results.tables`` (it may read the tables of the sections
    before it there) and advances ``tick``; ``work(opts)`` is its amount of work for the
    progress bar, ``(total, unit)``."""

    name: str
    what: str
    tables: tuple[str, ...]
    compute: Callable[[Any, Any, Ticker], None]
    work: Callable[[Any], tuple[int, str]] | None = None


def tables_section(
    name: str,
    what: str,
    inputs: Callable[[Any, Ticker], Any],
    tables: Mapping[str, Callable[[Any], Any]],
    work: Callable[[Any], tuple[int, str]] | None = None,
) -> Section:
    """A :class:`Section` whose tables are each a function of one computation: ``inputs(opts,
    tick)`` runs once (the simulations), and ``tables`` maps the name of each table, in the
    report's order, to the function that makes it from what ``inputs`` returned."""

    def compute(opts: Any, res: Any, tick: Ticker) -> None:
        got = inputs(opts, tick)
        res.tables.update({t: make(got) for t, make in tables.items()})

    return Section(name, what, tuple(tables), compute, work)


def parse_only(text: str | None, sections: Iterable[Section], report: str) -> frozenset[str] | None:
    """The section names of ``--only A,B`` (``None`` without ``--only``); an unknown or missing
    name is a ``ValueError`` that lists the report's sections."""
    if text is None:
        return None
    valid = [s.name for s in sections]
    names = [x.strip() for x in text.split(",") if x.strip()]
    bad = [n for n in names if n not in valid] or ([] if names else [text])
    if bad:
        raise ValueError(
            f"unknown section {bad[0]!r} of the {report} report: choose from {', '.join(valid)}"
        )
    return frozenset(names)


def table_csv(df: Any, float_format: str | None) -> str:
    """The CSV text a report writes for the DataFrame ``df``."""
    return str(df.to_csv(index=False, float_format=float_format))


def read_table_csv(text: str) -> Any:
    """A report's CSV text as a DataFrame (pandas' parser reads every float back as written);
    an empty cell of a text column is empty text, as it was written from."""
    import io

    import pandas as pd

    try:
        df = pd.read_csv(io.StringIO(text))
    except pd.errors.EmptyDataError:  # a table with no rows and no columns
        return pd.DataFrame()
    for col in df.columns:
        if not pd.api.types.is_numeric_dtype(df[col]) and not pd.api.types.is_bool_dtype(df[col]):
            df[col] = df[col].astype(object).where(df[col].notna(), "")
    return df


def write_csv_texts(folder: Path, csv: Mapping[str, str]) -> list[Path]:
    """Each CSV text of ``csv`` as ``folder/<name>.csv``; return the paths."""
    out = []
    for name, text in csv.items():
        path = folder / f"{name}.csv"
        with open(path, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        out.append(path)
    return out


def previous_report(folder: Path, report: str, command: str) -> dict[str, Any]:
    """The metadata of the report in ``folder`` that ``--only`` rebuilds part of: it must be a
    ``report`` written by ``command`` (the same options), else a ``ValueError`` says why."""
    again = "run the whole report first (without --only)"
    try:
        meta = json.loads((folder / METADATA_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(
            f"--only rebuilds part of a report, and {folder} holds none: {again}"
        ) from None
    except (OSError, ValueError) as exc:
        raise ValueError(f"--only: cannot read {folder / METADATA_FILE} ({exc}): {again}") from None
    if not isinstance(meta, dict) or meta.get("report") != report:
        raise ValueError(f"--only: {folder} does not hold a {report} report: {again}")
    if meta.get("command") != command:
        raise ValueError(
            f"--only: the report in {folder} was written by `{meta.get('command')}`, not "
            f"`{command}`: give the options it was written with, or {again}"
        )
    return meta


def _read_csv_file(path: Path) -> str:
    with open(path, encoding="utf-8", newline="") as fh:
        return fh.read()


def compute_sections(
    report: str,
    sections: Iterable[Section],
    opts: Any,
    res: Any,
    progress: Progress,
    float_format: str | None,
    only: frozenset[str] | None = None,
    folder: Path | None = None,
    command: str = "",
    after_each: Callable[[Any], None] | None = None,
    restore: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any] | None:
    """Compute the sections of a report into ``res`` (``tables``, ``csv``: the CSV text of each
    table, ``seconds``: each section's), or with ``only`` the named ones, the others' tables read
    from the earlier report in ``folder`` (:func:`previous_report`, refused before any work
    unless written by ``command``). Return that report's metadata (``None`` for a whole run).

    Every table is read back from its CSV text before anything uses it, in a whole run too, so
    that a report rebuilt in part has the bytes of the same report rebuilt whole; ``after_each``
    does the same for anything else a section leaves in ``res``, and ``restore(metadata)``
    takes back from the earlier report what its sections left beyond their tables."""
    sections = list(sections)
    names = {s.name for s in sections}
    partial = only is not None and not names <= only
    previous = None
    if partial:
        assert folder is not None
        previous = previous_report(folder, report, command)
        if restore is not None:
            restore(previous)
        for s in sections:  # every kept table is there before any work starts
            for t in s.tables if s.name not in only else ():  # type: ignore[operator]
                if not (folder / f"{t}.csv").is_file():
                    raise ValueError(
                        f"--only: {folder} has no {t}.csv (section {s.name}): run the whole "
                        "report first (without --only)"
                    )
    for s in sections:
        if partial and s.name not in only:  # type: ignore[operator]
            assert folder is not None and previous is not None
            for t in s.tables:
                res.csv[t] = _read_csv_file(folder / f"{t}.csv")
                res.tables[t] = read_table_csv(res.csv[t])
            old = previous.get("seconds", {})
            if isinstance(old, dict) and s.name in old:
                res.seconds[s.name] = old[s.name]
            continue
        total, unit = s.work(opts) if s.work is not None else (None, "set-ups")
        t0 = time.perf_counter()
        before = set(res.tables)
        with progress.step(report, s.what, total, unit) as tick:
            s.compute(opts, res, tick)
        res.seconds[s.name] = time.perf_counter() - t0
        made = set(res.tables) - before
        if made != set(s.tables):
            raise RuntimeError(f"section {s.name} made {sorted(made)}, not {sorted(s.tables)}")
        for t in s.tables:
            res.csv[t] = table_csv(res.tables[t], float_format)
            res.tables[t] = read_table_csv(res.csv[t])
        if after_each is not None:
            after_each(res)
    order = [t for s in sections for t in s.tables]
    res.tables = {t: res.tables[t] for t in order}
    res.csv = {t: res.csv[t] for t in order}
    return previous


def sectioned(
    report: str,
    sections: tuple[Section, ...],
    results: Callable[[Any], Any],
    check: Callable[[Any], None] | None = None,
) -> Callable[..., Any]:
    """The ``compute(opts, progress=QUIET, only=None, folder=None)`` of a one-language report
    made of ``sections``: ``check(opts)``, then ``results(opts)`` filled by
    :func:`compute_sections` (CSV floats :data:`CSV_FLOATS`; the earlier report in ``folder``
    must have been written by ``opts.command()``)."""

    def compute(
        opts: Any,
        progress: Progress = QUIET,
        only: frozenset[str] | None = None,
        folder: Path | None = None,
    ) -> Any:
        if check is not None:
            check(opts)
        res = results(opts)
        compute_sections(report, sections, opts, res, progress, CSV_FLOATS, only, folder,
                         opts.command())  # fmt: skip
        return res

    compute.__doc__ = (
        f"Every table of the {report} report, with the time each section took; with ``only``, "
        "those sections' tables and the others' from the report in ``folder``."
    )
    return compute


# --- one game's report in one language ----------------------------------------------------------


def write_tables(folder: Path, tables: Mapping[str, Any]) -> list[Path]:
    """Each DataFrame of ``tables`` as ``folder/<name>.csv`` (floats to six significant
    digits, :data:`CSV_FLOATS`); return the paths."""
    return write_csv_texts(folder, {k: table_csv(df, CSV_FLOATS) for k, df in tables.items()})


def write_report_files(
    folder: Path,
    res: Any,
    started: float,
    figures: Mapping[str, Any],
    tips: Mapping[str, Any],
    readme: str,
    metadata: Callable[[], dict[str, Any]],
    dpi: float | None = None,
) -> list[Path]:
    """A report's files in ``folder`` (an existing, empty folder), in the order every report
    writes them: a CSV per table (the texts of ``res.csv``), the ``figures`` (PNG), the tip
    chart (``tips``: its figure by name, PNG and PDF), ``README.md`` and ``metadata.json``,
    whose ``metadata()`` is called after ``res.seconds["total"]`` is set from ``started``."""
    written = write_csv_texts(folder, res.csv)
    for name, fig in figures.items():
        written += save_figure(fig, folder, name, dpi=dpi)
    for name, fig in tips.items():
        written += save_figure(fig, folder, name, ("png", "pdf"), dpi=dpi)
    path = folder / "README.md"
    path.write_text(readme, encoding="utf-8")
    written.append(path)
    res.seconds["total"] = time.perf_counter() - started
    written.append(write_json(folder / METADATA_FILE, metadata()))
    return written


def report_metadata(name: str, res: Any, sizes: Any, rules: tuple[str, Any]) -> dict[str, Any]:
    """A report's ``metadata.json``: its name, command, seed, ``sizes``, the seconds of
    ``res.seconds``, the versions of the package, of the game's rules (``rules``: key and
    version), of Python and the libraries, and the source's commit (:func:`source_state`)."""
    o = res.opts
    found = versions(("headcount-lab", "numpy", "numba", "pandas", "matplotlib"))
    return {
        "report": name,
        "command": o.command(),
        "seed": o.seed,
        "quick": o.quick,
        "sizes": sizes,
        "seconds": {k: round(v, 2) for k, v in res.seconds.items()},
        "versions": {
            "headcount-lab": found["headcount-lab"],
            rules[0]: rules[1],
            **{k: v for k, v in found.items() if k != "headcount-lab"},
        },
        **source_state(),
    }


@dataclass(frozen=True)
class ReportPieces:
    """The game-specific pieces a one-language report is written from; :meth:`write` puts them
    together the same way for every game.

    ``words(lang)`` its dictionaries; ``facts(tables)`` the numbers the prose and tips read;
    ``charts(tables, chart_words)`` its figures by file name; ``tips(facts, tables, words)`` the
    tip chart's blocks; ``readme(res, words, facts)`` the Markdown; ``sizes(res)`` the sizes
    ``metadata.json`` records (:func:`report_metadata`, with the report's ``name`` and its
    game's ``rules``: key and version); ``dpi`` the PNG resolution."""

    words: Callable[[str], Words]
    facts: Callable[[Any], Any]
    charts: Callable[[Any, Any], Mapping[str, Any]]
    tips: Callable[[Any, Any, Any], list[tuple[str, list[str]]]]
    readme: Callable[[Any, Any, Any], str]
    sizes: Callable[[Any], Any]
    dpi: float
    name: str
    rules: tuple[str, Any]

    def tip_blocks(self, tables: Any, lang: str = "en") -> list[tuple[str, list[str]]]:
        """The tip chart's blocks ``(heading, lines)`` in ``lang``, every number from
        ``tables``."""
        return self.tips(self.facts(tables), tables, self.words(lang))

    def write(self, out_dir: Path, res: Any, started: float, lang: str = "en") -> list[Path]:
        """CSV tables, charts, the tip chart (PNG and PDF), README.md and metadata.json into
        ``out_dir`` (an existing, empty folder)."""
        from headcount_lab.core.charts import A4, TipChart, new_axes

        words = self.words(lang)
        f = self.facts(res.tables)
        figures = self.charts(res.tables, words.t["charts"])
        fig, ax = new_axes(size=A4)
        tt = words.t["tips"]
        footer = tt["footer"].format(command=res.opts.command())
        TipChart(tt["title"], self.tips(f, res.tables, words), footer=footer).plot(ax)
        text = self.readme(res, words, f)
        tips = {"tips": fig}
        # called once the total time is set
        meta = lambda: report_metadata(self.name, res, self.sizes(res), self.rules)  # noqa: E731
        return write_report_files(out_dir, res, started, figures, tips, text, meta, self.dpi)


@dataclass
class OneLanguageReport:
    """A report computed once and written into its folder under the reports' root (or, with
    :attr:`folders`, once per language, each into its own folder): its staged run and the
    ``build``/``build_all`` the game registry and ``report all`` call.

    ``options(size, quick, seed)`` makes the report's options; ``compute(options, progress)``
    its numbers (``compute(options, progress, only, folder)`` for the sections ``only`` of
    ``sections``, the others read from the report in ``folder``: :func:`compute_sections`);
    ``write(folder, results, started)`` its files; ``check(options)`` refuses bad options
    before anything is written. ``folders``: language -> folder of a report written in several
    languages (Headcount), whose ``compute`` with ``only`` and ``write`` take the language
    last. (Not frozen: a test may swap a step.)"""

    name: str
    folder: str
    options: Callable[..., Any]
    compute: Callable[..., Any]
    write: Callable[..., list[Path]]
    check: Callable[[Any], None] | None = None
    sections: tuple[Section, ...] = ()
    folders: Mapping[str, str] = field(default_factory=dict)

    def run(
        self,
        out_dir: Path,
        opts: Any = None,
        progress: Progress = QUIET,
        only: frozenset[str] | None = None,
        lang: str | None = None,
        results: Any = None,
    ) -> list[Path]:
        """Compute the report and write it into ``out_dir`` (swapped in whole when complete);
        return the files written. ``opts``: the report's options (its defaults if ``None``);
        ``only``: the sections to rebuild, the rest kept from the report in ``out_dir``;
        ``lang``: the language, for a report in several; ``results``: numbers already
        computed (nothing is computed then)."""
        if lang is not None and lang not in self.folders:
            raise ValueError(f"unknown language {lang!r}: choose {', '.join(self.folders)}")
        if opts is None:
            opts = self.options()
        if self.check is not None:
            self.check(opts)
        in_lang = () if lang is None else (lang,)

        def numbers() -> Any:
            if results is not None:
                return results
            if only is None:
                return self.compute(opts, progress)
            return self.compute(opts, progress, only, out_dir, *in_lang)

        def write(folder: Path, res: Any, started: float) -> list[Path]:
            return self.write(folder, res, started, *in_lang)

        return staged_report(out_dir, self.name, numbers, write, progress, lang)

    def build(
        self,
        folder: Path,
        options: ReportOptions,
        progress: Progress = QUIET,
        only: frozenset[str] | None = None,
        lang: str | None = None,
    ) -> list[Path]:
        """The report into ``folder`` (in ``lang``, for a report in several languages)."""
        opts = self.options(options.size, options.quick, options.seed)
        return self.run(folder, opts, progress, only, lang)

    def build_all(
        self, root: Path, options: ReportOptions, progress: Progress = QUIET
    ) -> list[Path]:
        """The report into its folder under ``root``; in several languages, every language into
        its folder of :attr:`folders` from one computation."""
        if not self.folders:
            return self.build(root / self.folder, options, progress)
        opts = self.options(options.size, options.quick, options.seed)
        for folder in self.folders.values():
            check_target(root / folder)
        res = self.compute(opts, progress)
        written: list[Path] = []
        for lang, folder in self.folders.items():
            written += self.run(root / folder, opts, progress, lang=lang, results=res)
        return written


# --- a table's row as facts -------------------------------------------------------------------


class RowFacts(Mapping[str, Any]):
    """A row of a table as facts its sentences quote by column name: a column with its
    interval in the table (``col_lo``, ``col_hi``) is the estimate ``(value, lo, hi)``, any
    other its value. ``{ci.gap[effect]}`` writes a row's estimate with its interval, and
    :meth:`Words.each` fills an item's sentence from its columns, so a fact read off a table
    needs no name of its own. ``values``: the row's column -> value (each column's own type,
    as ``DataFrame.to_dict("records")`` keeps it)."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self._values = values

    def __getitem__(self, col: str) -> Any:
        v = self._values
        if f"{col}_lo" in v and f"{col}_hi" in v:
            return (float(v[col]), float(v[f"{col}_lo"]), float(v[f"{col}_hi"]))
        return v[col]

    def __getattr__(self, col: str) -> Any:
        # ``{ci.effect}`` in a sentence of :meth:`Words.each` reads a column as an attribute
        if col.startswith("_"):
            raise AttributeError(col)
        try:
            return self[col]
        except KeyError:
            raise AttributeError(col) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)


def rows_quoted(df: Any) -> list[RowFacts]:
    """Every row of the DataFrame ``df``, in order, as :class:`RowFacts`."""
    return [RowFacts(r) for r in df.to_dict("records")]


def quote(df: Any, **where: Any) -> RowFacts:
    """The one row of ``df`` with the given column values (:func:`row`) as :class:`RowFacts`."""
    return rows_quoted(df.loc[[row(df, **where).name]])[0]


def rows_table(rows: Callable[..., Iterable[Mapping[str, Any]]]) -> Callable[..., Any]:
    """A table function written as the generator of its rows (column -> value, a mapping each;
    the columns in the order they first appear): the function it decorates returns their
    DataFrame, so no table gathers its rows in a list to hand them over at the end."""
    import functools

    @functools.wraps(rows)
    def table(*args: Any, **kwargs: Any) -> Any:
        import pandas as pd

        return pd.DataFrame(list(rows(*args, **kwargs)))

    return table
