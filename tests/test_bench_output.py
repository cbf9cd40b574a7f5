"""``bench`` and ``GAME bench``: one readable line per figure, JSON with --json (issue 26: the
flag changed nothing, bench always printed JSON)."""

import json
import sys
import types

from typer.testing import CliRunner

from headcount_lab.cli import bench
from headcount_lab.cli.app import app

FIGURES = {
    "engine": {"hands_per_second": 1234567.891, "speedup": 41.0, "ok": True},
    "sizes": [1000, 2000],
    "runs": [{"seconds": 0.5}, {"seconds": None}],
}
LINES = [
    "fake engine hands_per_second: 1,234,568",
    "fake engine speedup: 41",
    "fake engine ok: True",
    "fake sizes: 1,000, 2,000",
    "fake runs [0] seconds: 0.5",
    "fake runs [1] seconds: -",
]


def test_figure_lines_one_per_figure():
    assert bench.figure_lines({"fake": FIGURES}) == LINES


def test_bench_prints_lines_without_json_and_json_with_it(monkeypatch):
    module = types.ModuleType("fake_bench")
    module.run_benchmarks = lambda quick: {**FIGURES, "quick": quick}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_bench", module)
    monkeypatch.setattr(bench, "CORE_BENCHES", {"fake": "fake_bench"})
    runner = CliRunner()
    text = runner.invoke(app, ["bench", "--only", "fake", "--quick"])
    assert text.exit_code == 0, text.output
    assert text.stdout.splitlines() == [*LINES, "fake quick: True"]
    res = runner.invoke(app, ["bench", "--only", "fake", "--quick", "--json"])
    assert json.loads(res.stdout) == {"fake": {**FIGURES, "quick": True}}
