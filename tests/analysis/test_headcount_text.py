"""The Headcount report's German words (the same keys and placeholders in both languages are
checked for every report in tests/core/test_report.py)."""

from headcount_lab.core.words import texts

TEXT = texts("headcount")


def test_german_deals_are_austeilungen_not_verteilungen():
    # issue 11: "Verteilungen" read as statistical distributions; a deal is an "Austeilung"
    words = str(TEXT["de"])
    assert "der Verteilungen" not in words and "Austeilungen" in words
