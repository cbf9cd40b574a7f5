"""Every command with ``--json`` prints strict JSON (issue 15, item 4): no bare ``NaN`` or
``Infinity``, which strict parsers reject; a value that does not exist is ``null``."""

from __future__ import annotations

import pytest
import typer
from cli_support import cli, strict_json
from game_cases import piece, piece_or

from headcount_lab.cli.app import app
from headcount_lab.games import registered

#: one small, valid call of every command that has --json: a game's own in its
#: tests/<game>/cases.py (``JSON_CALLS``), read for every registered game
CALLS: dict[str, list[str]] = {
    **{
        f"{game} {command}": args
        for game in registered()
        for command, args in piece_or(game, "JSON_CALLS", {}).items()
    },
    "bench": ["--only", "whist", "--quick"],
}
#: commands whose JSON comes from the same function as a command in CALLS: ``GAME bench`` is
#: ``bench --only GAME`` (``cli/games.py:bench``), and Headcount's quick bench takes 15 s
SAME_AS = {f"{game} bench": "bench" for game, spec in registered().items() if spec.bench}


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
    missing = sorted(commands_with_json() - set(CALLS) - set(SAME_AS))
    assert not missing, f"no small call of {missing}: add it to JSON_CALLS in tests/GAME/cases.py"
    assert commands_with_json() == set(CALLS) | set(SAME_AS)


@pytest.mark.parametrize("game", list(registered()))
def test_every_game_has_its_json_calls(game):
    """A registered game names a small call of each of its --json commands (else this fails
    naming tests/<game>/cases.py)."""
    assert piece(game, "JSON_CALLS")


@pytest.mark.parametrize("command", sorted(CALLS))
def test_json_output_is_strict(command):
    res = cli(*command.split(), *CALLS[command], "--json")
    assert res.code == 0, res.stderr
    assert strict_json(res.stdout) is not None
