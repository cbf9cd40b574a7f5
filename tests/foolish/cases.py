"""Foolish Faces: its pieces of the shared tests, read by tests/game_cases.py."""

from __future__ import annotations

import fuzz_support as fz
from game_cases import ROOT, PlayCase
from hypothesis import strategies as st

FF_BOTS = ["random", "rules", "pimc:samples=1", "ismcts:iterations=3", "rules:keep=0.5,duck=0"]
FF_ODD = ["pimc:8", "ismcts:iterations=100001", "rules:crash=2", "nobot", "", "random:keep=1"]
FF_RULES = {
    "players": ["4", "5", "6"], "rounds": ["full", "single", "x"],
    "no_tricks_bonus": ["0", "5", "10", "-1"], "lone_multiplier": ["none", "1", "3", "0"],
    "party_crasher": fz.ON_OFF, "pc_keeps_stock": fz.ON_OFF, "pc_no_tricks_bonus": fz.ON_OFF,
    "first_start": ["none", "0", "4", "5"],
}  # fmt: skip
FF_PLAYS = ["A", "2", "5", "10", "J", "JK", "down", "Q@1", "Q@2", "K@3", "K@1", "Q@9", "K@0",
            "Q", "X", "7@1"]  # fmt: skip

#: generated input files of the commands that read one (fuzz guard)
FUZZ_FILES = {
    "replay": fz.input_file(
        fz.load("tests/foolish/golden/game-4p-seed7-single-pimc.json"),
        fz.load("tests/foolish/golden/game-5p-seed1-crasher.json"),
    ),
}
#: generated arguments of every command of the game but ``play`` and ``bench`` (fuzz guard)
FUZZ = {
    "field": fz.FIELD,
    "trick": fz.argv(
        st.lists(st.sampled_from(FF_PLAYS), min_size=3, max_size=6).map(lambda p: [" ".join(p)]),
        fz.option("--players", fz.number(3, 6)),
        fz.JSON,
    ),
    "odds": fz.argv(fz.option("--players", fz.number(3, 6)), fz.JSON),
    "simulate": fz.argv(
        fz.table(FF_BOTS, FF_ODD),
        # always a size: the default 10,000 games with a search bot take minutes
        fz.number(1, 3).map(lambda v: ["--games", v]),
        fz.SEED,
        fz.flag("--rotate-seats"),
        fz.rules(FF_RULES),
        fz.option("--record", fz.number(0, 3)),
        fz.JSON,
        fz.flag("--quiet"),
    ),
    "replay": fz.argv(fz.JSON),
    "ladder": fz.argv(
        fz.option(
            "--bots",
            fz.mostly(
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
        # always given: the default (200 games a pair) is seconds a call; the ladder's search bots
        # have their own tests
        fz.number(2, 3).map(lambda v: ["--games", v]),
        fz.option("--players", fz.number(3, 6)),
        fz.SEED,
        fz.rules(FF_RULES),
        fz.JSON,
    ),  # fmt: skip
    "compare": fz.compare_args(
        FF_BOTS, FF_ODD, FF_RULES, fz.number(1, 3).map(lambda v: ["--games", v]), 4, 5
    ),
    "exploit": fz.exploit_args(["random", "rules"], FF_ODD, FF_RULES),
}
#: a small valid call of each command with whole-number options (fuzz guard: int64's edges)
SMALL = {
    "field": [],
    "trick": ["JK Q@1 Q@2 down"],
    "odds": [],
    "simulate": ["--games", "2", "--quiet", "--bots", "random,random,random,random"],
    "ladder": ["--bots", "random,rules", "--games", "2"],
    "compare": ["--games", "2", "--quiet", "--bots", "random", "--rule", "party_crasher=on"],
    # one round a game (F1's single): the search responders play a fifth of a full game
    "exploit": [
        "--players",
        "4",
        "--field",
        "random",
        "--budget",
        "1",
        "--games",
        "1",
        "--quiet",
        "--rule",
        "rounds=single",
    ],  # fmt: skip
}
#: the call the game's rules are tried on
RULES_CALL = ["simulate", *SMALL["simulate"]]
#: one small, valid call of every command with --json
JSON_CALLS = {
    "field": [],
    "trick": ["--players", "5", "J 5 J down 3"],
    "odds": ["--players", "4"],
    "ladder": ["--bots", "random,rules", "--games", "4", "--seed", "2"],
    "simulate": ["--bots", "rules,random,rules,random", "--games", "4", "--seed", "3"],
    "replay": [str(ROOT / "tests/foolish/golden/game-5p-seed1-crasher.json")],
    "compare": [
        "--bots",
        "rules,random,rules,random",
        "--rule",
        "lone_multiplier=5",
        "--games",
        "16",
    ],
    "exploit": ["--field", "rules", "--budget", "1", "--games", "2", "--rule", "rounds=single"],
}
PLAY = PlayCase(
    "standard", ["rules", None, "random", "rules"], 1, 5, "rules,random,rules", {"play:"}
)
#: commands quick enough to run the docs' examples of on every test run
DOCS_FAST = {"trick", "odds"}
#: the letter of the game's rulings in its docs/games/ page (F1, F2, ...; tests/test_docs.py)
RULING_LETTER = "F"
#: its own commands that run long and so take --quiet (tests/test_long_progress.py)
LONG_COMMANDS = {"ladder", "exploit"}
