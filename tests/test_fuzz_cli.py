"""A guard that stays (issue 15): every command, driven with generated arguments and generated
input files, either succeeds with valid output or refuses with exactly one ``error:`` line and
exit 2 - never a traceback, never a hang.

Commands run in-process through the real entry point (``cli_support.cli``). Arguments mix
sensible values with garbage (empty strings, signs, huge and non-numeric numbers, stray
characters, unknown names); input files are valid recorded games and score sheets with one
node replaced or removed, arbitrary JSON, folders, missing paths, non-UTF-8 bytes and absurd
nesting. Budget: 40 examples per command (about 30 s in all; ``FUZZ_EXAMPLES=300`` for a
longer hunt by hand), derandomised so CI sees the same examples every run, each under an alarm
that fails the test if a command does not return.

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

import copy
import dataclasses
import json
import os
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from cli_support import Result, cli, one_error_line, strict_json
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
HANG_SECONDS = 60

# --------------------------------------------------------------------------- values

#: whole numbers at and past what a kernel's int64 holds, and the first count past 2^53
INT_EDGES = [str(2**63 - 1), str(2**63), str(-(2**63) - 1), str(10**30), str(2**53 + 1)]
GARBAGE = st.sampled_from(
    ["", " ", "-1", "0", "x", "1.5", "10**23", "9" * 30, "-" + "9" * 30, "é", "none", "?", "=",
     "a=b", "\t", "on", "1e3", "0x10", *INT_EDGES]
)  # fmt: skip


def mostly(valid: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """``valid`` most of the time, garbage otherwise."""
    return st.one_of(valid, valid, valid, valid, valid, GARBAGE)


def number(lo: int, hi: int) -> st.SearchStrategy[str]:
    """A whole number in ``lo..hi`` as text, or garbage."""
    return mostly(st.integers(lo, hi).map(str))


def option(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return st.one_of(st.just([]), values.map(lambda v: [name, v]))


def flag(name: str) -> st.SearchStrategy[list[str]]:
    return st.sampled_from([[], [name]])


def rules(values: dict[str, list[str]]) -> st.SearchStrategy[list[str]]:
    """Up to two ``--rule NAME=VALUE``, mostly known names with values near their ranges."""
    known = st.sampled_from(sorted(values)).flatmap(
        lambda name: st.sampled_from([*values[name], *INT_EDGES]).map(lambda v: f"{name}={v}")
    )
    return st.lists(mostly(known), max_size=2).map(lambda a: [x for r in a for x in ("--rule", r)])


def argv(*parts: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    return st.tuples(*parts).map(lambda ps: [x for p in ps for x in p])


def rarely(draw: Any) -> bool:
    """True about one time in ten (a middle value: Hypothesis favours the ends of a range)."""
    return bool(draw(st.integers(0, 9)) == 5)


@st.composite
def table(draw: Any, bots: list[str], odd: list[str], lo: int = 3, hi: int = 6) -> list[str]:
    """``--players n --bots ...`` (``lo <= n <= hi``): n bots mostly from ``bots``; sometimes a
    count that does not match, an ``odd`` bot, or the options left to their defaults."""
    n = draw(st.integers(lo, hi))
    names = [draw(st.sampled_from(odd if rarely(draw) else bots)) for _ in range(n)]
    if rarely(draw):
        names = names[:-1]
    out = [] if rarely(draw) else ["--bots", ",".join(names)]
    if n != 4 or draw(st.booleans()):
        out += ["--players", draw(GARBAGE) if rarely(draw) else str(n)]
    return out


def cards(pool: list[str], lo: int, hi: int) -> st.SearchStrategy[list[str]]:
    """``lo..hi`` distinct cards of ``pool``, sometimes with a stray token among them."""
    return st.lists(mostly(st.sampled_from(pool)), min_size=lo, max_size=hi, unique=True)


HC_DECK = ["10S", "5S", "JH", "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "QH",
           "K♥", "A♠", "JK", "X2"]  # fmt: skip
SUITS = "SHDC"
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


@st.composite
def blind_view(draw: Any) -> list[str]:
    """``--players n --see ... --trump-card C`` of a blind hand, sometimes spoiled."""
    n = draw(st.integers(3, 6))
    pack = [r + s for r in RANKS[: 2 * n] for s in SUITS]
    shown = draw(st.lists(st.sampled_from(pack), min_size=n + 1, max_size=n + 1, unique=True))
    see = shown[:n]
    see[draw(st.integers(0, n - 1))] = "?"
    out = ["--players", str(n), "--see", " ".join(see), "--trump-card", shown[n]]
    if rarely(draw):
        out[draw(st.sampled_from([1, 3, 5]))] = draw(st.one_of(GARBAGE, st.sampled_from(RANKS)))
    return out


HC_BOTS = ["random", "tips", "odds", "reader", "bluffer", "odds:call=0.55", "tips:margin=5",
           "random:step=3", "bluffer:size=5", "equilibrium"]  # fmt: skip
HC_ODD = ["nobot", "odds:call=2", "tips:margin=-1", "", "odds:call", "random:step=0"]
WHIST_BOTS = ["random", "heuristic", "montecarlo:2", "montecarlo:2:1"]
WHIST_ODD = ["montecarlo:0", "montecarlo:x", "foo", "", "heuristic:1", "montecarlo:1:2:3"]
ON_OFF = ["on", "off", "yes", "0"]
HC_RULES = {
    "double": ON_OFF, "trickster": ON_OFF, "hidden_card": ON_OFF, "start_player_may_peek": ON_OFF,
    "peek_must_raise": ON_OFF, "tie_goes_to": ["bidder", "caller", "seat"],
    "next_start": ["loser", "left_of_loser"], "min_first_bid": ["none", "-16", "-15", "10", "75",
    "139"], "open_lives": ["0", "1", "3", "10"], "hidden_lives": ["0", "2", "9"],
}  # fmt: skip
WHIST_RULES = {
    "players": ["3", "4", "6"], "dealer_restriction": ON_OFF, "must_trump": ON_OFF,
    "blind_one_card_hands": ON_OFF, "streak_mode": ["once", "every_five", "never"],
    "streak_bonus": ["0", "10", "1000", "1001"], "streak_length": ["1", "5", "15", "19"],
    "first_dealer": ["0", "2", "5"],
}  # fmt: skip
PH_BOTS = ["random", "cheap", "cheap+", "cheap:swap=keep", "cheap+:swap=random",
           "pimc:samples=2,horizon=60", "ismcts:iterations=6,horizon=60,explore=1.5"]  # fmt: skip
PH_ODD = ["nobot", "pimc:samples=0", "pimc:16", "cheap:swap=x", "ismcts:iterations=5000", "",
          "random:swap=keep", "cheap:swap=1.5"]  # fmt: skip
PH_RULES = {
    "players": ["2", "4", "5"], "swap": ON_OFF, "mix_sources": ON_OFF,
    "pickup_takes_faceup": ON_OFF, "start_scan": ["hand", "hand_and_faceup", "both"],
    "start_tiebreak": ["copies", "random", "seat"], "starter_free_lead": ON_OFF,
    "voluntary_pickup": ON_OFF, "ten_replay": ["must", "may"], "bomb_anytime": ON_OFF,
    "eight_skip": ["per_play", "per_card"], "failed_flip_public": ON_OFF,
    "finish_on_special": ON_OFF, "turn_cap": ["0", "1", "60", "5000"],
    "cap_outcome": ["none", "most_cards"], "repetition_limit": ["0", "1", "2", "1001"],
    "dealer": ["0", "3", "4"],
}  # fmt: skip
#: poohead runs always name their size: the default 10,000 games with a search bot take minutes
PH_GAMES = st.one_of(
    st.integers(1, 12).map(str), st.sampled_from(["0", "-1", "x", "1.5", "", *INT_EDGES])
)
PH_CARDS = ["2", "3", "5", "8", "9", "10", "J", "Q", "K", "A", "QH", "10♠", "T", "Z", "1", "4♥"]
FF_BOTS = ["random", "rules", "pimc:samples=1", "ismcts:iterations=3", "rules:keep=0.5,duck=0"]
FF_ODD = ["pimc:8", "ismcts:iterations=100001", "rules:crash=2", "nobot", "", "random:keep=1"]
FF_RULES = {
    "players": ["4", "5", "6"], "rounds": ["full", "single", "x"],
    "no_tricks_bonus": ["0", "5", "10", "-1"], "lone_multiplier": ["none", "1", "3", "0"],
    "party_crasher": ON_OFF, "pc_keeps_stock": ON_OFF, "pc_no_tricks_bonus": ON_OFF,
    "first_start": ["none", "0", "4", "5"],
}  # fmt: skip
FF_PLAYS = ["A", "2", "5", "10", "J", "JK", "down", "Q@1", "Q@2", "K@3", "K@1", "Q@9", "K@0",
            "Q", "X", "7@1"]  # fmt: skip
VARIANT = option("--variant", mostly(st.sampled_from(["standard", "double", "trickster"])))
PLAYERS = option("--players", number(2, 7))
SEED = option("--seed", number(0, 2**70))
JSON = flag("--json")

# --------------------------------------------------------------------------- input files

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["K♠", "QH", "open", "down"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)  # fmt: skip


def _paths(obj: Any, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, (*path, i))


@st.composite
def mutated(draw: Any, original: Any) -> Any:
    """``original`` with one node replaced by arbitrary JSON, or removed."""
    data = copy.deepcopy(original)
    paths = [p for p in _paths(data) if p]
    path = draw(st.sampled_from(paths))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if draw(st.booleans()):
        parent[path[-1]] = draw(JSON_VALUES)
    elif isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent.pop(path[-1])
    return data


def _load(rel: str) -> Any:
    return json.loads((ROOT / rel).read_text(encoding="utf-8"))


def _full_sheet() -> dict[str, Any]:
    from headcount_lab.games.whist.rules import hand_sizes

    return {
        "players": 4,
        "hands": [
            {"cards": k, "bids": [0, 0, 0, 0], "tricks": [k, 0, 0, 0]} for k in hand_sizes(4)
        ],
    }


def input_file(*valid: Any) -> st.SearchStrategy[tuple[str, Any]]:
    """(kind, payload) of a generated input file; written by :func:`materialise`."""
    return st.one_of(
        st.sampled_from([("missing", None), ("folder", None), ("latin1", None), ("deep", None)]),
        st.sampled_from(valid).map(lambda v: ("json", v)),
        st.sampled_from(valid).flatmap(mutated).map(lambda v: ("json", v)),
        JSON_VALUES.map(lambda v: ("json", v)),
    )


def materialise(folder: Path, kind: str, payload: Any) -> str:
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


FILE_COMMANDS = {
    ("headcount", "replay"): input_file(
        _load("tests/headcount/golden/golden_standard.json"),
        _load("tests/headcount/golden/golden_trickster.json"),
    ),
    ("whist", "replay"): input_file(_load("tests/whist/golden/match-3p-seed7-once.json")),
    ("whist", "score"): input_file(_load("docs/games/whist-score-example.json"), _full_sheet()),
    ("poohead", "replay"): input_file(
        _load("tests/poohead/golden/game-4p-seed7.json"),
        _load("tests/poohead/golden/game-2p-seed11-house.json"),
    ),
    ("foolish", "replay"): input_file(
        _load("tests/foolish/golden/game-4p-seed7-single-pimc.json"),
        _load("tests/foolish/golden/game-5p-seed1-crasher.json"),
    ),
}

# --------------------------------------------------------------------------- commands

ARGS: dict[tuple[str, str], st.SearchStrategy[list[str]]] = {
    ("headcount", "count"): argv(
        cards(HC_DECK, 0, 8), option("--draw", mostly(st.sampled_from(HC_DECK))), VARIANT, JSON
    ),
    ("headcount", "odds"): argv(
        st.integers(3, 6).flatmap(
            lambda n: argv(
                option("--players", number(n, n)),
                option("--see", cards(HC_DECK, n - 1, n - 1).map(" ".join)),
            )
        ),
        option("--peek", mostly(st.sampled_from(HC_DECK))),
        VARIANT,
        rules(HC_RULES),
        JSON,
    ),
    ("headcount", "deal"): argv(
        PLAYERS,
        option("--hands", number(0, 3000)),
        SEED,
        VARIANT,
        rules(HC_RULES),
        JSON,
        flag("--quiet"),
        option("--workers", number(1, 2)),
    ),
    ("headcount", "simulate"): argv(
        table(HC_BOTS, HC_ODD),
        option("--games", number(1, 12)),
        SEED,
        flag("--rotate-seats"),
        VARIANT,
        rules(HC_RULES),
        option("--record", number(0, 3)),
        JSON,
        flag("--quiet"),
        flag("--resume"),
    ),
    ("whist", "blind-odds"): argv(blind_view(), option("--forbidden", number(0, 1)), JSON),
    ("whist", "schedule"): argv(PLAYERS, option("--first-dealer", number(0, 5)), JSON),
    ("whist", "score"): argv(
        option("--streak-mode", mostly(st.sampled_from(["once", "every_five"]))),
        rules(WHIST_RULES),
        JSON,
    ),
    ("whist", "simulate"): argv(
        table(WHIST_BOTS, WHIST_ODD),
        option("--matches", number(1, 4)),
        SEED,
        flag("--rotate-seats"),
        rules(WHIST_RULES),
        option("--record", number(0, 3)),
        JSON,
        flag("--quiet"),
    ),
    ("headcount", "replay"): argv(JSON),
    ("whist", "replay"): argv(JSON),
    ("poohead", "legal"): argv(
        option("--pile", st.lists(mostly(st.sampled_from(PH_CARDS)), max_size=6).map(" ".join)),
        option("--hand", st.lists(mostly(st.sampled_from(PH_CARDS)), max_size=6).map(" ".join)),
        rules(PH_RULES),
        JSON,
    ),
    ("poohead", "start-odds"): argv(option("--players", number(1, 5)), JSON),
    ("poohead", "simulate"): argv(
        table(PH_BOTS, PH_ODD, 2, 4),
        PH_GAMES.map(lambda v: ["--games", v]),
        SEED,
        flag("--rotate-seats"),
        rules(PH_RULES),
        option("--record", number(0, 3)),
        JSON,
        flag("--quiet"),
    ),
    ("poohead", "replay"): argv(JSON),
    # coarse grids only: a fine grid takes minutes to solve
    ("headcount", "headsup"): argv(
        # always a coarse grid and few iterations: the defaults solve for over a minute
        st.builds(
            lambda step, its: ["--step", step, "--iterations", its],
            st.sampled_from(["20", "40", "0", "-5", "x", *INT_EDGES]),
            number(0, 5),
        ),
        option("--peeks", mostly(st.sampled_from(["both", "starter", "other", "none"]))),
        rules(HC_RULES),
        JSON,
    ),
    # tiny trainings only, written to a scratch file (the defaults train for minutes)
    ("headcount", "train-equilibrium"): argv(
        st.builds(
            lambda its, rounds: ["--iterations", its, "--rounds", rounds],
            number(0, 2),
            st.sampled_from(["300", "0", "-4", "x", *INT_EDGES]),
        ),
        option("--players", number(1, 7)),
        option("--field", mostly(st.sampled_from(["reader", "odds", "tips"]))),
        option("--field-share", st.sampled_from(["0.5", "0", "1.5", "-1", "x"])),
        option("--explore", st.sampled_from(["0.1", "1", "-0.5"])),
        SEED,
        st.just(["--out", str(Path(tempfile.gettempdir()) / "fuzz-headcount-equilibrium.npz")]),
        JSON,
    ),
    # 3 and 4 players only: the 5-player enumeration takes minutes (2 and 6 are refused)
    ("whist", "blind-equilibrium"): argv(
        option("--players", st.sampled_from(["2", "3", "4", "6", "x"])),
        option("--bonus", number(0, 12)),
        rules(WHIST_RULES),
        JSON,
    ),
    ("foolish", "trick"): argv(
        st.lists(st.sampled_from(FF_PLAYS), min_size=3, max_size=6).map(lambda p: [" ".join(p)]),
        option("--players", number(3, 6)),
        JSON,
    ),
    ("foolish", "odds"): argv(option("--players", number(3, 6)), JSON),
    ("foolish", "simulate"): argv(
        table(FF_BOTS, FF_ODD),
        # always a size: the default 10,000 games with a search bot take minutes
        number(1, 3).map(lambda v: ["--games", v]),
        SEED,
        flag("--rotate-seats"),
        rules(FF_RULES),
        option("--record", number(0, 3)),
        JSON,
        flag("--quiet"),
    ),
    ("foolish", "replay"): argv(JSON),
    ("foolish", "ladder"): argv(
        option(
            "--bots",
            mostly(
                st.sampled_from(
                    [
                        "random,rules",
                        "random,rules:keep=1",
                        "random",
                        "random,x",
                        "rules:duck=0,random",
                    ]
                )
            ),
        ),
        option("--games", number(2, 3)),  # the ladder's search bots have their own tests
        option("--players", number(3, 6)),
        SEED,
        rules(FF_RULES),
        JSON,
    ),  # fmt: skip
    # always a small budget and few games (the defaults take tens of seconds); one field bot for
    # every seat, as a mixed field of 6 plays every one of 720 seat orders per deal
    ("headcount", "exploit"): argv(
        st.builds(
            lambda budget, games: ["--budget", budget, "--games", games],
            st.sampled_from(["24", "60", "0", "-5", "x", *INT_EDGES]),
            number(0, 12),
        ),
        PLAYERS,
        option("--field", mostly(st.sampled_from(HC_BOTS)) | st.sampled_from(["odds,tips"])),
        SEED,
        VARIANT,
        rules(HC_RULES),
        JSON,
    ),
    # lists the sections --only takes: a game name, or garbage (one error line naming the games)
    ("report", "sections"): st.one_of(
        st.just([]),
        mostly(st.sampled_from(["headcount", "whist", "poohead", "foolish"])).map(lambda g: [g]),
    ),
}
#: a valid call run before fuzzing, outside the alarm, for commands whose first call compiles
#: for a long time (the heads-up solver: tens of seconds on a loaded 2-core machine)
WARM_UP = {("headcount", "headsup"): ["--step", "40", "--iterations", "1"]}
#: commands left out, and why: the reports and benchmarks take minutes and only sizes and
#: folders as input (tests/core/test_output_paths_cli.py and the report tests check those);
#: ``play`` reads a person's moves from the terminal (tests/test_play.py feeds it bad moves and
#: bad options); ``highcard`` is the test suite's toy game, not a shipped one
NOT_FUZZED = {
    *(("report", c) for c in ("headcount", "whist", "poohead", "foolish", "all")),
    *((g, c) for g in ("headcount", "whist", "highcard", "poohead") for c in ("bench", "play")),
    ("highcard", "simulate"),
    ("highcard", "replay"),
    ("foolish", "bench"),
    ("foolish", "play"),
}
#: generated recorded games and matches are written here by --record (never "" or a folder:
#: output paths are another check's business)
RECORD_OPTION = {
    ("headcount", "simulate"): "--record-file",
    ("whist", "simulate"): "--record-file",
    ("poohead", "simulate"): "--record-file",
    ("foolish", "simulate"): "--record-file",
}


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
    assert leaves - NOT_FUZZED == set(ARGS)


@pytest.mark.parametrize("command", sorted(ARGS), ids=" ".join)
def test_command_never_crashes(command, tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    if command in WARM_UP:  # compile first: a cold numba compile is not a hang
        cli(*command, *WARM_UP[command])

    @settings(
        max_examples=int(os.environ.get("FUZZ_EXAMPLES", "40")),
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
SMALL: dict[tuple[str, str], list[str]] = {
    ("headcount", "odds"): ["--see", "7♥ K♥ 5♠"],
    ("headcount", "deal"): ["--hands", "1000", "--quiet"],
    ("headcount", "simulate"): ["--games", "4", "--quiet"],
    ("headcount", "headsup"): ["--step", "40", "--iterations", "1"],
    ("headcount", "train-equilibrium"): ["--iterations", "1", "--rounds", "300"],
    ("headcount", "exploit"): ["--budget", "24", "--games", "2"],
    ("whist", "blind-odds"): ["--players", "3", "--see", "A♠ ? K♥", "--trump-card", "Q♦"],
    ("whist", "schedule"): [],
    ("whist", "simulate"): ["--matches", "2", "--quiet", "--bots", "random,random,random,random"],
    ("whist", "blind-equilibrium"): ["--players", "3"],
    ("poohead", "start-odds"): [],
    ("poohead", "simulate"): ["--games", "2", "--quiet", "--bots", "random,random,random,random"],
    ("foolish", "trick"): ["JK Q@1 Q@2 down"],
    ("foolish", "odds"): [],
    ("foolish", "simulate"): ["--games", "2", "--quiet", "--bots", "random,random,random,random"],
    ("foolish", "ladder"): ["--bots", "random,rules", "--games", "2"],
}
#: the call each game's rules are tried on (High Card is not fuzzed, but its rules are)
RULES_CALL = {
    "highcard": ["simulate", "--games", "4", "--quiet"],
    **{
        g: ["simulate", *SMALL[(g, "simulate")]]
        for g in ("headcount", "whist", "poohead", "foolish")
    },
}


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


def edge_cases() -> list[tuple[tuple[str, ...], list[str]]]:
    """(command, argv) for every whole-number option of every command in :data:`SMALL` and
    every rule of every game, each given every value of :data:`INT_EDGES`."""
    from headcount_lab.games import registered

    cases = []
    for command, small in SMALL.items():
        for opt in whole_number_options(command):
            cases += [(command, [*command, *small, opt, v]) for v in INT_EDGES]
    for name, spec in registered().items():
        for f in dataclasses.fields(spec.load("rules")):
            # an on/off or named rule refuses any number alike: its two ends of int64 stand for
            # the rest (each call costs about 50 ms, and the guard keeps to its budget)
            values = INT_EDGES if "int" in str(f.type) else INT_EDGES[1:3]
            cases += [
                ((name, "--rule"), [name, *RULES_CALL[name], "--rule", f"{f.name}={v}"])
                for v in values
            ]
    return cases


def test_every_command_with_whole_number_options_has_a_small_call():
    """A new command with a whole-number option gets its edges tried: it needs a SMALL call."""
    with_numbers = {c for c in ARGS if whole_number_options(c)}
    assert with_numbers == set(SMALL)


def test_every_whole_number_option_and_rule_takes_int64_edges(tmp_path):
    """Issue 26: 2^63 - 1, 2^63, -2^63 - 1, 10^30 and 2^53 + 1 on every whole-number option and
    every rule: each is refused with one line or runs a small call, never a traceback or a
    hang (lone_multiplier=2^63-1 once printed wrapped means; --rounds 10^30 a traceback)."""
    for command, args in edge_cases():
        extra = []
        if command == ("headcount", "train-equilibrium"):
            extra = ["--out", str(tmp_path / "eq.npz")]
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
