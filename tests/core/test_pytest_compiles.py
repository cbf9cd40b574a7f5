"""scripts/pytest_compiles.py: the pytest plugin that records what a run compiles with numba,
test by test, and its summary (issue 25: where the time of make test goes)."""

import json

from cli_support import SCRIPTS, load_script, one_error_line, script
from numba import njit
from numba.core import event

PATH = SCRIPTS / "pytest_compiles.py"
pc = load_script("pytest_compiles")


def test_an_outermost_compile_is_one_row_with_its_callees_inside_and_its_test():
    @njit
    def inner(x):
        return x + 1

    @njit
    def outer(x):
        return inner(x) * 2

    rec = pc.Recorder()
    rec.running = "tests/x.py::test_y"
    with event.install_listener("numba:compile", rec.listener):
        assert outer(3) == 8
        assert outer(4) == 10  # compiled already: no row
    assert len(rec.rows) == 1
    seconds, name, test = rec.rows[0]
    assert name.endswith("outer") and test == "tests/x.py::test_y" and seconds > 0
    assert rec.listener.depth == 0


def test_the_summary_adds_up_and_names_a_function_two_processes_compiled(tmp_path):
    (tmp_path / "gw0.tsv").write_text("2.500\tm.kernel\tt::a\n0.500\tm.small\tt::b\n")
    (tmp_path / "gw1.tsv").write_text("1.000\tm.kernel\tt::c\n")
    s = pc.summary(tmp_path, 2)
    assert s["compiles"] == 3 and s["seconds"] == 4.0
    assert [(r["seconds"], r["process"]) for r in s["largest"]] == [(2.5, "gw0"), (1.0, "gw1")]
    assert s["in_several_processes"] == {"m.kernel": {"gw0": 2.5, "gw1": 1.0}}
    res = script(PATH, str(tmp_path), "--json")
    assert res.code == 0 and json.loads(res.stdout) == json.loads(
        json.dumps(pc.summary(tmp_path, 25))
    )
    res = script(PATH, str(tmp_path))
    assert (
        "3 compiles, 4.0 s in all" in res.stdout
        and "m.kernel: gw0 2.50 s, gw1 1.00 s" in res.stdout
    )


def test_a_missing_folder_is_one_error_line(tmp_path):
    assert "is not a folder" in one_error_line(script(PATH, str(tmp_path / "none")))
