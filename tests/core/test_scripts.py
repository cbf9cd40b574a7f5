"""The scripts' shared shell (core/scripts.py): one ``error:`` line and exit 2 for bad arguments,
JSON with the load average, and every script in scripts/ parsing its arguments through it."""

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


def test_every_script_that_parses_arguments_uses_the_one_line_parser():
    plain = re.compile(r"argparse\.ArgumentParser\(")
    scripts = sorted(SCRIPTS.glob("*.py"))
    assert [p.name for p in scripts if plain.search(p.read_text(encoding="utf-8"))] == []
    assert sum("OneLineParser(" in p.read_text(encoding="utf-8") for p in scripts) >= 30
