"""An option that is accepted but has no effect says so: one ``warning:`` line on stderr, and the
command runs as without it (issue 26: accepted options silently ignored)."""

import json

import pytest
from typer.testing import CliRunner

from headcount_lab.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "option", "warning"),
    [
        (["highcard", "simulate", "--games", "5"], ["--record-file", "{tmp}/r.json"],
         "--record-file {tmp}/r.json has no effect without --record K: nothing recorded"),
        (["headcount", "headsup", "--step", "40", "--iterations", "1"], ["--data-dir", "{tmp}/d"],
         "--data-dir {tmp}/d has no effect without --write: nothing is saved"),
        (["whist", "blind-equilibrium", "--players", "3"], ["--seed", "5"],
         "--seed 5 has no effect without --samples: every deal is enumerated"),
        (["poohead", "compare", "--rule", "turn_cap=30", "--games", "16", "--field", "cheap"],
         ["--adapt-budget", "full"],
         "--adapt-budget full has no effect without --adapt: nobody adapted"),
    ],
)  # fmt: skip
def test_an_option_without_effect_is_said_out_loud(args, option, warning, tmp_path):
    option = [a.format(tmp=tmp_path) for a in option]
    res = runner.invoke(app, [*args, *option, "--json"])
    assert res.exit_code == 0, res.output
    assert res.stderr.splitlines() == ["warning: " + warning.format(tmp=tmp_path)]
    with_it = json.loads(res.stdout)  # stdout stays clean JSON
    assert list(tmp_path.iterdir()) == []  # nothing written
    res = runner.invoke(app, [*args, "--json"])
    assert res.exit_code == 0 and res.stderr == ""
    without = json.loads(res.stdout)
    for d in (with_it, without):
        for timing in ("seconds", "rounds_per_second"):
            d.pop(timing, None)
    assert with_it == without


def test_record_file_with_record_writes_and_warns_nothing(tmp_path):
    path = tmp_path / "r.json"
    res = runner.invoke(app, ["highcard", "simulate", "--games", "5", "--record", "1",
                              "--record-file", str(path)])  # fmt: skip
    assert res.exit_code == 0 and res.stderr == "" and path.exists()
