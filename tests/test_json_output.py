"""Every command with ``--json`` prints strict JSON (issue 15, item 4): no bare ``NaN`` or
``Infinity``, which strict parsers reject; a value that does not exist is ``null``."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import typer
from cli_support import cli, strict_json

from headcount_lab.cli.app import app

ROOT = Path(__file__).resolve().parents[1]

#: one small, valid call of every command that has --json
CALLS: dict[str, list[str]] = {
    "whist blind-equilibrium": ["--players", "3"],
    "headcount headsup": ["--step", "20", "--iterations", "5"],
    "headcount train-equilibrium": [
        "--iterations",
        "1",
        "--rounds",
        "500",
        "--out",
        str(Path(tempfile.gettempdir()) / "json-hc-equilibrium.npz"),
    ],
    "headcount exploit": ["--players", "3", "--field", "odds", "--budget", "48", "--games", "8"],
    "headcount count": ["QH", "JK", "KH", "--draw", "AS"],
    "headcount odds": ["--players", "3", "--see", "7H KH"],
    "headcount deal": ["--players", "3", "--hands", "3000", "--seed", "2"],
    "headcount simulate": ["--players", "3", "--bots", "odds,tips,tips", "--games", "15"],
    "headcount replay": [str(ROOT / "tests/headcount/golden/golden_double.json")],
    "whist blind-odds": ["--see", "KS ? 8H AD", "--trump-card", "9D"],
    "whist schedule": ["--players", "5"],
    "whist score": [str(ROOT / "docs/games/whist-score-example.json")],
    "whist simulate": ["--players", "3", "--bots", "random,heuristic,random", "--matches", "6"],
    "whist replay": [str(ROOT / "tests/whist/golden/match-3p-seed7-once.json")],
    "bench": ["--only", "whist", "--quick"],
    "highcard simulate": ["--games", "20", "--seed", "3"],
    "highcard replay": [str(ROOT / "tests/highcard/golden/seed5-two-games.json")],
    "poohead legal": ["--pile", "5 9", "--hand", "3 8 J 10"],
    "poohead start-odds": ["--players", "2"],
    "poohead simulate": ["--players", "3", "--bots", "cheap,random,cheap+", "--games", "12"],
    "poohead replay": [str(ROOT / "tests/poohead/golden/game-4p-seed7.json")],
    "foolish trick": ["--players", "5", "J 5 J down 3"],
    "foolish odds": ["--players", "4"],
    "foolish ladder": ["--bots", "random,rules", "--games", "4", "--seed", "2"],
    "foolish simulate": ["--bots", "rules,random,rules,random", "--games", "4", "--seed", "3"],
    "foolish replay": [str(ROOT / "tests/foolish/golden/game-5p-seed1-crasher.json")],
}
#: commands whose JSON comes from the same function as a command in CALLS: ``GAME bench`` is
#: ``bench --only GAME`` (``cli/games.py:bench``), and Headcount's quick bench takes 15 s
SAME_AS = {f"{game} bench": "bench" for game in ("headcount", "whist", "poohead", "foolish")}


def commands_with_json() -> set[str]:
    """Every command path of the app that declares a ``--json`` option."""
    found: set[str] = set()

    def walk(cmd, path: list[str]) -> None:  # type: ignore[no-untyped-def]
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, [*path, name])
        if any("--json" in getattr(p, "opts", []) for p in cmd.params):
            found.add(" ".join(path))

    walk(typer.main.get_command(app), [])
    return found


def test_every_json_command_is_covered():
    assert commands_with_json() == set(CALLS) | set(SAME_AS)


@pytest.mark.parametrize("command", sorted(CALLS))
def test_json_output_is_strict(command):
    res = cli(*command.split(), *CALLS[command], "--json")
    assert res.code == 0, res.stderr
    assert strict_json(res.stdout) is not None
