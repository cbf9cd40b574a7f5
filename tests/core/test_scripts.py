"""The scripts' shared shell (core/scripts.py): one ``error:`` line and exit 2 for bad arguments,
JSON with the load average, and every script in scripts/ parsing its arguments through it."""

import ast
import json
import re
from pathlib import Path

import pytest

from headcount_lab.core.scripts import OneLineParser, print_json

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def test_a_bad_argument_is_one_error_line_and_exit_2(capsys):
    ap = OneLineParser(description="x")
    ap.add_argument("--n", type=int, default=1)
    with pytest.raises(SystemExit) as info:
        ap.parse_args(["--n", "seven"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: argument --n: invalid int value")


def test_json_ends_with_the_load_and_a_value_error_is_one_line(capsys):
    assert print_json(lambda progress: {"gain": 1.5}) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["gain"] == 1.5 and len(out["load_average_at_end"]) == 3

    def bad(progress):
        progress("started")
        raise ValueError("--matches must be positive")

    assert print_json(bad) == 2
    cap = capsys.readouterr()
    assert cap.out == "" and cap.err.splitlines() == [
        "started",
        "error: --matches must be positive",
    ]


def test_the_rerun_command_names_the_options_said_and_changed_in_the_parsers_order():
    """``command``: the options in ``always`` at their defaults too, every other one when it
    differs from its default, none of ``skip`` and no unset one; a flag is its name alone (one
    that switches something off too), and a value with a ``;`` is quoted for the shell."""
    ap = OneLineParser(prog="measure.py")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--calls", default="0.5,0.6")
    ap.add_argument("--until", type=float, default=None)
    ap.add_argument("--no-card-only", action="store_true")
    ap.add_argument("--no-bayes", dest="bayes", action="store_false")
    ap.add_argument("--field", default="reader;odds")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    said = ("players", "seed")
    assert ap.command(ap.parse_args([]), always=said) == (
        "python scripts/measure.py --players 3 --seed 1"
    )
    a = ap.parse_args(["--seed", "7", "--jobs", "2", "--no-card-only", "--calls", "0.7"])
    assert ap.command(a, always=said, skip=("jobs",)) == (
        "python scripts/measure.py --players 3 --calls 0.7 --no-card-only --seed 7"
    )
    assert ap.command(a).endswith("--calls 0.7 --no-card-only --jobs 2 --seed 7")
    b = ap.parse_args(["--no-bayes", "--field", "odds;tips"])
    assert ap.command(b) == "python scripts/measure.py --no-bayes --field 'odds;tips'"


def test_every_script_that_parses_arguments_uses_the_one_line_parser():
    plain = re.compile(r"argparse\.ArgumentParser\(")
    scripts = sorted(SCRIPTS.glob("*.py"))
    assert [p.name for p in scripts if plain.search(p.read_text(encoding="utf-8"))] == []
    assert sum("OneLineParser(" in p.read_text(encoding="utf-8") for p in scripts) >= 30


def _reads_argv_by_hand(tree: ast.AST) -> list[int]:
    """Lines that pick a script's own arguments out of ``sys.argv`` (``sys.argv[1]``, ``"--x" in
    sys.argv``) instead of parsing them: an unknown argument there is silently ignored. Slices
    (``sys.argv[1:]``, the command as typed, printed or handed on) are fine, and so is text inside
    a string, such as a child program a script runs."""

    def is_argv(node: ast.AST) -> bool:
        if isinstance(node, ast.Subscript):
            node = node.value
        return ast.unparse(node) == "sys.argv"

    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and is_argv(node.value):
            if not isinstance(node.slice, ast.Slice) and ast.unparse(node.slice) != "0":
                lines.append(node.lineno)  # sys.argv[0] is the program, not an argument
        elif isinstance(node, ast.Compare) and any(is_argv(c) for c in node.comparators):
            lines.append(node.lineno)
    return lines


def test_the_by_hand_check_sees_both_ways_of_picking_arguments():
    tree = ast.parse('import sys\nq = "--quick" in sys.argv[1:]\nn = int(sys.argv[1])\n')
    assert _reads_argv_by_hand(tree) == [2, 3]
    assert _reads_argv_by_hand(ast.parse("import sys\nprog = sys.argv[0]\n")) == []
    assert _reads_argv_by_hand(ast.parse('import sys\nsrc = "n = sys.argv[1]"\n')) == []


def test_no_script_picks_its_arguments_out_of_sys_argv_by_hand():
    """An unknown argument is refused by every script (``bench_runner.py --quik`` once ran the
    full benchmark)."""
    found = {}
    for path in sorted(SCRIPTS.glob("*.py")):
        lines = _reads_argv_by_hand(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[path.name] = lines
    assert found == {}
