"""A guard that stays (issue 15): every command, driven with generated arguments and generated
input files, either succeeds with valid output or refuses with exactly one ``error:`` line and
exit 2 - never a traceback, never a hang.

Commands run in-process through the real entry point (``cli_support.cli``). The commands are
every registered game's (``headcount_lab.games.registered()``); a game's argument strategies,
input files and small calls are its own, in ``tests/<game>/cases.py`` (``tests/game_cases.py``
reads them; the generators are in ``tests/fuzz_support.py``). Arguments mix
sensible values with garbage (empty strings, signs, huge and non-numeric numbers, stray
characters, unknown names); input files are valid recorded games and score sheets with one
node replaced or removed, arbitrary JSON, folders, missing paths, non-UTF-8 bytes and absurd
nesting. Budget: 10 examples per command under ``make test`` (about 10 s in all) and 100 under
``make test-all`` (``FUZZ_EXAMPLES``; 300 or more for a longer hunt by hand), derandomised so CI
sees the same examples every run, each under an alarm that fails the test if a command does not
return.

Integers at and past int64's ends (:data:`INT_EDGES`: 2^63 - 1, 2^63, -2^63 - 1, 10^30 and
2^53 + 1) are among the garbage every option and rule may draw, and
:func:`test_every_whole_number_option_and_rule_takes_int64_edges` tries each of them on every
whole-number option of every fuzzed command and on every rule of every game, one at a time on a
small valid call (issue 26). ``FUZZ_COUNTS=FILE`` appends one line per input tried (its command
and how it ended: clean error, success, traceback, hang); ``scripts/fuzz_counts.py`` runs the
guard with it and prints the counts.

Left out on purpose, each covered elsewhere: the sizes of runs are drawn small (a valid
``--games 2**53`` is refused after its first chunks as a run of years, which
``test_input_validation.py`` checks for every game); ``--out``, ``--backend`` and
``--scheduler`` (results folders and Dask have their own tests); ``report`` and ``bench`` (each
valid call is minutes of work; their argument checks are in ``test_input_validation.py``).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from cli_support import Result, cli, one_error_line, strict_json
from fuzz_support import INT_EDGES, mostly
from game_cases import cases_path, game_root, piece, piece_or
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from headcount_lab.games import registered

HANG_SECONDS = 60


def materialise(folder: Path, kind: str, payload: Any) -> str:
    """Write a generated input file (``fuzz_support.input_file``) and return its path."""
    p = folder / "input.json"
    if kind == "missing":
        return str(folder / "no-such-file.json")
    if kind == "folder":
        return str(folder)
    if kind == "latin1":
        p.write_bytes(b'{"players": "\xe9"}')
    elif kind == "deep":
        p.write_text("[" * 50_000 + "]" * 50_000, encoding="utf-8")
    else:
        p.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
    return str(p)


#: commands of every game the guard leaves out, and why: the benchmarks take minutes and only
#: sizes as input (tests/core/test_output_paths_cli.py checks those); ``play`` reads a person's
#: moves from the terminal (tests/test_play.py feeds it bad moves and bad options)
NOT_FUZZED_IN_GAMES = ("bench", "play")


def report_games() -> list[str]:
    """The registered games with a report (``report GAME``, ``report sections GAME``)."""
    return [name for name, spec in registered().items() if spec.report]


def per_game(name: str) -> dict[tuple[str, str], Any]:
    """``{(game, command): value}`` of the dict ``name`` of every registered game's cases; a
    game without them is failed by :func:`test_every_command_is_fuzzed`."""
    return {
        (game, command): value
        for game in registered()
        for command, value in piece_or(game, name, {}).items()
    }


FILE_COMMANDS = per_game("FUZZ_FILES")
ARGS: dict[tuple[str, str], st.SearchStrategy[list[str]]] = {
    **per_game("FUZZ"),
    # lists the sections --only takes: a game name, or garbage (one error line naming the games)
    ("report", "sections"): st.one_of(
        st.just([]), mostly(st.sampled_from(report_games())).map(lambda g: [g])
    ),
}
#: a valid call run before fuzzing, outside the alarm, for commands whose first call compiles
#: for a long time
WARM_UP = per_game("WARM_UP")
#: commands left out, and why: the reports take minutes and only sizes and folders as input
#: (tests/core/test_output_paths_cli.py and the report tests check those), and
#: :data:`NOT_FUZZED_IN_GAMES` of every game
NOT_FUZZED = {
    *(("report", c) for c in (*report_games(), "all")),
    *((g, c) for g in registered() for c in NOT_FUZZED_IN_GAMES),
}
#: generated recorded games and matches are written here by --record (never "" or a folder:
#: output paths are another check's business)
RECORD_OPTION = {(g, "simulate"): "--record-file" for g in registered()}


@pytest.fixture(autouse=True)
def built_once(monkeypatch):
    """Every call of the entry point builds the click command from the typer app again (about
    30 ms, more than most refusals take); here it is built once and reused, as a shell user's
    one call would use it, which lets the guard try int64's edges everywhere in its budget."""
    import functools

    import typer

    monkeypatch.setattr(typer.main, "get_command", functools.cache(typer.main.get_command))


class Hang(BaseException):
    """Raised by the alarm: a BaseException, so no ``except Exception`` in the CLI can eat it."""


@contextmanager
def alarm(seconds: int) -> Iterator[None]:
    def ring(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def check(args: list[str], command: tuple[str, ...] = ()) -> Result:
    """Run ``headcount-lab ARGS`` under the alarm, count and :func:`judge` what it did."""
    try:
        with alarm(HANG_SECONDS):
            res = cli(*args)
    except Hang:
        count(command or tuple(args[:2]), "hang", args)
        raise
    count(command or tuple(args[:2]), outcome(res), args)
    judge(args, res)
    return res


def outcome(res: Result) -> str:
    """How a run ended, as the counts name it."""
    if "Traceback" in res.stderr:
        return "traceback"
    if res.code == 0:
        return "success"
    lines = res.stderr.splitlines()
    clean = res.code == 2 and len(lines) == 1 and lines[0].startswith("error: ")
    return "clean error" if clean else "other failure"


def count(command: tuple[str, ...], how: str, args: list[str]) -> None:
    """With ``FUZZ_COUNTS=FILE``, append one JSON line per input tried (its arguments too, so
    a hang or a traceback can be rerun by hand)."""
    path = os.environ.get("FUZZ_COUNTS")
    if path:
        line = {"command": " ".join(command), "outcome": how, "args": args}
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(line, ensure_ascii=False) + "\n")


def judge(args: list[str], res: Result) -> None:
    """Exit 0 with output (strict JSON with --json) and nothing on stderr but ``warning:`` lines
    (an option given without effect), or exit 2 with exactly one error line."""
    assert "Traceback" not in res.stderr, res.stderr[-3000:]
    if res.code == 0:
        assert res.stdout.strip(), args
        assert all(line.startswith("warning: ") for line in res.stderr.splitlines()), res.stderr
        if "--json" in args:
            strict_json(res.stdout)
    else:
        one_error_line(res)


def test_every_command_is_fuzzed():
    import typer

    from headcount_lab.cli.app import app

    group = typer.main.get_command(app)
    leaves = {
        (g, c)
        for g, sub in group.commands.items()  # type: ignore[attr-defined]
        for c in getattr(sub, "commands", {})
    }
    missing = sorted(leaves - NOT_FUZZED - set(ARGS))
    assert not missing, "\n".join(
        f"{g} {c} is not fuzzed: add FUZZ[{c!r}] to {cases_path(g).relative_to(game_root(g))}"
        for g, c in missing
    )
    assert leaves - NOT_FUZZED == set(ARGS)


@pytest.mark.parametrize("game", list(registered()))
def test_every_game_has_its_fuzz_cases(game):
    """A registered game brings its fuzz pieces in tests/<game>/cases.py (else this fails
    naming the file), and they name only commands the game has."""
    assert set(piece(game, "FUZZ")) >= set(piece(game, "FUZZ_FILES"))
    assert isinstance(piece(game, "SMALL"), dict)
    assert piece(game, "RULES_CALL")[0] == "simulate"


@pytest.mark.parametrize("command", sorted(ARGS), ids=" ".join)
def test_command_never_crashes(command, tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    if command in WARM_UP:  # compile first: a cold numba compile is not a hang
        cli(*command, *WARM_UP[command])

    @settings(
        max_examples=int(os.environ.get("FUZZ_EXAMPLES", "10")),
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(args=ARGS[command], file=FILE_COMMANDS.get(command, st.none()))
    def run(args: list[str], file: tuple[str, Any] | None) -> None:
        extra = []
        if file is not None:
            extra.append(materialise(folder, *file))
        if command in RECORD_OPTION:
            extra += [RECORD_OPTION[command], str(folder / "record.json")]
        res = check([*command, *extra, *args], command)
        event(f"exit {res.code}")

    run()


#: a small valid call of each command with whole-number options, which one option at a time is
#: then given each of :data:`INT_EDGES` (appended, the last value of an option wins); an edge
#: that is accepted (a seed) must then run quickly
SMALL: dict[tuple[str, str], list[str]] = per_game("SMALL")
#: extra options a call of SMALL needs (a scratch file it writes)
EDGE_EXTRA = per_game("EDGE_EXTRA")


def whole_number_options(command: tuple[str, str]) -> list[str]:
    """The options of ``command`` that take a whole number (``int`` or a count)."""
    import typer

    from headcount_lab.cli.app import app

    group = typer.main.get_command(app)
    leaf = group.commands[command[0]].commands[command[1]]  # type: ignore[attr-defined]
    # typer keeps the annotation the option was declared with (int, or int | None)
    return [
        p.opts[0]
        for p in leaf.params
        if p.opts[0].startswith("--") and p.type_descriptor.annotation in (int, int | None)
    ]


@functools.cache
def edge_cases() -> list[tuple[tuple[str, ...], list[str]]]:
    """(command, argv) for every whole-number option of every command in :data:`SMALL` and
    every rule of every game, each given every value of :data:`INT_EDGES`; built once per
    process (1.5 s: a command tree per command), read by the test of each game."""
    cases = []
    for command, small in SMALL.items():
        for opt in whole_number_options(command):
            cases += [(command, [*command, *small, opt, v]) for v in INT_EDGES]
    for name, spec in registered().items():
        rules_call = piece(name, "RULES_CALL")  # the call the game's rules are tried on
        for f in dataclasses.fields(spec.load("rules")):
            # an on/off or named rule refuses any number alike: its two ends of int64 stand for
            # the rest (each call costs about 50 ms, and the guard keeps to its budget)
            values = INT_EDGES if "int" in str(f.type) else INT_EDGES[1:3]
            cases += [
                ((name, "--rule"), [name, *rules_call, "--rule", f"{f.name}={v}"]) for v in values
            ]
    return cases


def test_every_command_with_whole_number_options_has_a_small_call():
    """A new command with a whole-number option gets its edges tried: it needs a SMALL call."""
    with_numbers = {c for c in ARGS if whole_number_options(c)}
    assert with_numbers == set(SMALL)


@pytest.mark.parametrize("game", list(registered()))
def test_every_whole_number_option_and_rule_takes_int64_edges(game, tmp_path):
    """Issue 26: 2^63 - 1, 2^63, -2^63 - 1, 10^30 and 2^53 + 1 on every whole-number option and
    every rule of ``game``: each is refused with one line or runs a small call, never a
    traceback or a hang (lone_multiplier=2^63-1 once printed wrapped means; --rounds 10^30 a
    traceback)."""
    cases = [(command, args) for command, args in edge_cases() if command[0] == game]
    assert cases  # every game has rules, so at least its --rule calls
    for command, args in cases:
        extra = []
        if command in EDGE_EXTRA:
            extra = EDGE_EXTRA[command](tmp_path)
        if command in RECORD_OPTION or command[1] == "--rule":
            extra = ["--record-file", str(tmp_path / "record.json")]
        check([*args, *extra], command)


@pytest.mark.parametrize(
    "res",
    [
        Result(1, "", "Traceback (most recent call last):\n  ...\nKeyError: 'x'\n"),
        Result(2, "", "error: one\nerror: two\n"),
        Result(2, "", "no error prefix\n"),
        Result(130, "", "interrupted\n"),
        Result(0, "", ""),
        Result(0, '{"rate": NaN}\n', ""),
        Result(0, "{}\n", "a warning\n"),
    ],
)
def test_the_guard_itself_fails_on_bad_behaviour(res):
    with pytest.raises((AssertionError, ValueError)):
        judge(["whist", "schedule", "--json"], res)


def test_the_guard_lets_a_warning_line_through_a_success():
    judge(["whist", "schedule", "--json"], Result(0, "{}\n", "warning: --seed has no effect\n"))
