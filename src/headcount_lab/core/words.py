"""The words of every report, read from one TOML file per language.

``headcount_lab/words/<lang>.toml`` holds one table per report (``[headcount]``, ``[whist]``,
...) with one sub-table per section, so a translator edits prose, not Python (how:
docs/translating.md). English (``en.toml``) is the reference and has every report; another
language's file holds the reports translated into it. The code of a report reads its words with
:func:`texts` (language -> nested dictionary of strings and lists, as the Python dictionaries it
replaces) and fills the ``{placeholders}``; :func:`mismatches` checks that every language has
the same keys and placeholders as English (``tests/core/test_report.py``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from headcount_lab.core.report import text_mismatches

#: the language every report is written in first; the others are compared with it
REFERENCE = "en"
#: top-level keys of a report that translate table headers and cells: English keeps the CSV's
#: own names (empty maps), so their contents may differ between languages
FREE_KEYS = ("columns", "cells")


@cache
def folder() -> Traversable:
    """Where the language files ship: ``headcount_lab/words`` (importlib.resources, so editable
    and normal installs both find them)."""
    return resources.files("headcount_lab").joinpath("words")


def _folder(where: Path | None) -> Traversable:
    return folder() if where is None else where


@cache
def _load(where: Path | None, lang: str) -> dict[str, Any]:
    """The language file ``lang`` of ``where`` (the shipped folder if ``None``), read once."""
    try:
        return tomllib.loads(_folder(where).joinpath(f"{lang}.toml").read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:  # name the file: a translator's typo, not a bug
        raise ValueError(f"words/{lang}.toml: {exc}") from exc


def _languages(where: Path | None) -> list[str]:
    names = [p.name for p in _folder(where).iterdir()]
    found = sorted(n.removesuffix(".toml") for n in names if n.endswith(".toml"))
    return [REFERENCE] + [lang for lang in found if lang != REFERENCE]


def languages(report: str, where: Path | None = None) -> tuple[str, ...]:
    """The languages ``report`` is written in: English first, then the others by code.
    ``where``: a folder of language files other than the shipped one (tests)."""
    return tuple(lang for lang in _languages(where) if report in _load(where, lang))


def texts(report: str, where: Path | None = None) -> dict[str, dict[str, Any]]:
    """``report``'s words: language -> its table of the language files, nested dictionaries of
    strings and lists of strings (the same objects on every call: do not change them)."""
    return {lang: _load(where, lang)[report] for lang in languages(report, where)}


def reports(where: Path | None = None) -> tuple[str, ...]:
    """The reports of the reference file, in its order."""
    return tuple(_load(where, REFERENCE))


def mismatches(where: Path | None = None) -> list[str]:
    """Every difference from English in the language files: a report English does not have,
    and per report a key, list entry or placeholder missing or extra, or a broken template
    (:func:`headcount_lab.core.report.text_mismatches`). Empty when every language can render
    every sentence from the same facts."""
    english = _load(where, REFERENCE)
    out = [
        f"{lang}.toml: [{report}] is not a report of {REFERENCE}.toml"
        for lang in _languages(where)
        for report in _load(where, lang)
        if report not in english
    ]
    for report in english:
        out += [f"[{report}] {m}" for m in text_mismatches(texts(report, where), FREE_KEYS)]
    return out
