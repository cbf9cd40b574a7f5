"""core.coldstart: a cold compile says so on the terminal's stderr, a warm run says nothing, and
the CLI turns it on only for a terminal without --quiet (issue 26 item 3)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numba
import pytest
import typer
from numba.core import event
from rich.console import Console

from headcount_lab.core import coldstart


def _fresh(name: str, module: str) -> Any:
    """A new jitted function (no cache) that calls a second one, as if defined in ``module``."""
    ns: dict[str, Any] = {"__name__": module}
    exec(f"def inner(x):\n    return x + 1\n\ndef {name}(x):\n    return inner(x) * 2\n", ns)
    ns["inner"] = numba.njit(ns["inner"])
    return numba.njit(ns[name])


def test_game_of_names_the_game_whose_code_compiles():
    assert coldstart.game_of("headcount_lab.games.whist.kernels") == "Forehead Whist"
    assert coldstart.game_of("headcount_lab.research.headcount.traces") == "Headcount"
    assert coldstart.game_of("headcount_lab.games.foolish.bits") == "Foolish Faces"
    assert coldstart.game_of("headcount_lab.core.rng") == "headcount-lab"


def test_the_watch_reports_the_outermost_compile_and_each_function_then_nothing_when_warm():
    calls: list[tuple[Any, ...]] = []
    watch = coldstart.CompileWatch(
        lambda game: calls.append(("started", game)),
        lambda fn, done: calls.append(("compiling", fn, done)),
        lambda game, s: calls.append(("finished", game, s >= 0)),
    )
    event.Listener.register(coldstart.CompileWatch)
    f = _fresh("play_block", "headcount_lab.games.poohead.kernels")
    with event.install_listener("numba:compile", watch):
        assert f(1) == 4
        assert calls == [
            ("started", "Poohead"),
            ("compiling", "play_block", 0),
            ("compiling", "inner", 0),
            ("finished", "Poohead", True),
        ]
        calls.clear()
        assert f(2) == 6  # compiled already: no event, no word
    assert calls == []


def test_the_live_line_goes_to_stderr_and_says_what_compiled(monkeypatch):
    err = io.StringIO()
    live = coldstart._Live()
    live.console = Console(file=err, force_terminal=True, width=100)
    monkeypatch.setattr(coldstart, "SHOW_AFTER", 0.0)
    monkeypatch.setattr(coldstart, "REPORT_AFTER", 0.0)
    live.started("Foolish Faces")
    live.compiling("play_game", 0)
    live.compiling("trick_winner", 3)
    live.finished("Foolish Faces", 12.3)
    text = err.getvalue()
    assert "compiling Foolish Faces kernels, first run only: 3 done, now trick_winner" in text
    assert "compiled Foolish Faces kernels in 12 s, once" in text


def test_a_short_compile_leaves_no_line(monkeypatch):
    err = io.StringIO()
    live = coldstart._Live()
    live.console = Console(file=err, force_terminal=True)
    live.started("Poohead")
    live.compiling("tiny", 0)
    live.finished("Poohead", 0.2)
    assert err.getvalue() == ""


@pytest.mark.parametrize(("tty", "args", "on"), [
    (True, ["whist", "simulate"], True),
    (True, ["whist", "simulate", "--quiet"], False),
    (False, ["whist", "simulate"], False),
])  # fmt: skip
def test_the_cli_enables_it_for_a_terminal_without_quiet(monkeypatch, tty, args, on):
    from headcount_lab.cli import app

    seen: list[bool] = []
    monkeypatch.setattr(coldstart, "enable", lambda: seen.append(True))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: tty)
    with pytest.raises(SystemExit):
        app.main([*args, "--help"])
    assert seen == ([True] if on else [])


def test_python_dash_m_runs_the_same_program():
    src = Path(__file__).resolve().parents[2] / "src"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run(
        [sys.executable, "-m", "headcount_lab", "foolish", "trick", "JK Q on 1 Q@2 down"],
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert out.stdout == "player 1 takes the trick: 3 points\n"


def test_warm_runs_each_games_steps_and_refuses_an_unknown_game():
    from typer.testing import CliRunner

    from headcount_lab.cli import warm
    from headcount_lab.cli.app import app
    from headcount_lab.games import registered

    labels = [label for spec in registered().values() for label, _ in warm.steps(spec)]
    assert "Headcount simulate" in labels and "Headcount deal" in labels
    assert {f"{s.title} simulate" for s in registered().values()} <= set(labels)
    runner = CliRunner()
    res = runner.invoke(app, ["warm", "highcard"])  # the toy game: pure Python, nothing to compile
    assert res.exit_code == 0, res.output
    assert res.stdout == ""
    assert res.stderr.startswith("warm: 1 kernel sets compiled or loaded in ")
    res = runner.invoke(app, ["warm", "chess"])
    assert res.exit_code == 2 and res.stderr.startswith("error: unknown game 'chess'")


def test_warm_jobs_shares_the_games_between_processes():
    """make venv's ``warm --jobs 2``: two processes take whole games in turn, the game with the
    most kernel sets first (with the cache warm, as after make venv, this is loading); a game
    that fails fails the command. Two games of one step each keep it to loading two kernel sets
    (Headcount's five took three times as long); what a child runs for a game is run here
    directly."""
    from typer.testing import CliRunner

    from headcount_lab.cli import warm
    from headcount_lab.cli.app import app

    res = CliRunner().invoke(app, ["warm", "--jobs", "2", "whist", "poohead"])
    assert res.exit_code == 0, res.output
    want = "warm: 2 games (2 kernel sets) compiled or loaded in 2 processes in "
    assert res.stderr.startswith(want), res.stderr
    assert re.search(r"s \(whist [0-9.]+ s, poohead [0-9.]+ s\)\n$", res.stderr), res.stderr
    sets = {"whist": 1, "headcount": 5, "poohead": 1}
    assert warm.game_order(["whist", "headcount", "poohead"], sets) == [
        "headcount", "whist", "poohead"
    ]  # fmt: skip
    assert warm._run_game("whist") > 0  # what a child runs for that game: its seconds
    res = CliRunner().invoke(app, ["warm", "--jobs", "0"])
    assert res.exit_code == 2
    with pytest.raises(typer.Exit):  # a game the children do not know: it fails
        warm._in_processes(["highcard", "whist"], 2, True)


def test_warm_watches_what_compiles_in_a_step():
    from headcount_lab.cli.warm import _watching

    seen: list[tuple[str, int]] = []
    f = _fresh("deal_kernel", "headcount_lab.games.headcount.kernels")
    with _watching(lambda fn, done: seen.append((fn, done))):
        f(3)
    f(4)  # outside the block: no longer watched
    assert seen == [("deal_kernel", 0), ("inner", 0)]
