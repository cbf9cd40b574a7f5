"""The Headcount report's words: both languages have the same keys and the same placeholders,
so code that fills one fills the other (issue 11 added keys in both)."""

import string
from typing import Any

from headcount_lab.analysis.headcount.text import TEXT


def _shape(node: Any, path: str = "") -> dict[str, Any]:
    """Every leaf by its key path: the set of placeholders of a string, the type otherwise."""
    out: dict[str, Any] = {}
    if isinstance(node, dict):
        for k, v in node.items():
            out.update(_shape(v, f"{path}/{k}"))
    elif isinstance(node, list | tuple):
        for i, v in enumerate(node):
            out.update(_shape(v, f"{path}[{i}]"))
    elif isinstance(node, str):
        fields = {f for _, f, _, _ in string.Formatter().parse(node) if f is not None}
        out[path] = ("str", frozenset(fields))
    else:
        out[path] = type(node).__name__
    return out


def test_english_and_german_have_the_same_keys_and_placeholders():
    en, de = _shape(TEXT["en"]), _shape(TEXT["de"])
    # table headers: German names every column; English keeps the CSV names
    en = {k: v for k, v in en.items() if not k.startswith(("/columns/", "/cells/"))}
    de = {k: v for k, v in de.items() if not k.startswith(("/columns/", "/cells/"))}
    assert en.keys() == de.keys()
    for key in en:
        assert en[key] == de[key], key


def test_german_deals_are_austeilungen_not_verteilungen():
    # issue 11: "Verteilungen" read as statistical distributions; a deal is an "Austeilung"
    words = str(TEXT["de"])
    assert "der Verteilungen" not in words and "Austeilungen" in words
