"""A report's text and charts are a function of its tables (and Headcount's kept facts):
scripts/rerender_report.py writes every file of a report again from its folder alone, with no
simulation, and gets the same bytes. That is what lets a change to how reports are written be
checked against the committed reports in seconds."""

from __future__ import annotations

import pytest
from cli_support import load_script


def _script():  # type: ignore[no-untyped-def]
    return load_script("rerender_report")


#: make test re-renders the German report only: each of the other four is re-rendered with
#: one section computed by test_report_sections.py (the same compute-and-write path, every other
#: section read back from the folder); all five in make test-all (issue 25: test time)
FOLDERS = [
    pytest.param(f, marks=() if f == "kopfrechnen" else pytest.mark.slow)
    for f in ("foolish-faces", "forehead-whist", "headcount", "kopfrechnen", "poohead")
]


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_report_rerenders_byte_for_byte_from_its_own_folder(
    quick_reports_seed3, tmp_path, folder
):
    rr = _script()
    root, _ = quick_reports_seed3
    out = tmp_path / folder
    out.mkdir()
    written = rr.rerender(root / folder, out)
    assert {p.name for p in written} == {p.name for p in (root / folder).iterdir()}
    assert rr.compare(root / folder, out) == []


def test_rerender_reads_the_options_of_a_report_command():
    rr = _script()
    game, o = rr.options("headcount-lab report headcount --lang de --seed 3 --quick --games 500")
    assert (game, o.seed, o.quick, o.size) == ("headcount", 3, True, 500)
    game, o = rr.options("headcount-lab report foolish --seed 1")
    assert (game, o.seed, o.quick, o.size) == ("foolish", 1, False, None)
