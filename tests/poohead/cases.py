"""Poohead: its pieces of the shared tests, read by tests/game_cases.py."""

from __future__ import annotations

import fuzz_support as fz
from game_cases import ROOT, PlayCase
from hypothesis import strategies as st

PH_BOTS = ["random", "cheap", "cheap+", "cheap:swap=keep", "cheap+:swap=random",
           "pimc:samples=2,horizon=60", "ismcts:iterations=6,horizon=60,explore=1.5"]  # fmt: skip
PH_ODD = ["nobot", "pimc:samples=0", "pimc:16", "cheap:swap=x", "ismcts:iterations=5000", "",
          "random:swap=keep", "cheap:swap=1.5"]  # fmt: skip
PH_RULES = {
    "players": ["2", "4", "5"], "swap": fz.ON_OFF, "mix_sources": fz.ON_OFF,
    "pickup_takes_faceup": fz.ON_OFF, "start_scan": ["hand", "hand_and_faceup", "both"],
    "start_tiebreak": ["copies", "random", "seat"], "starter_free_lead": fz.ON_OFF,
    "voluntary_pickup": fz.ON_OFF, "ten_replay": ["must", "may"], "bomb_anytime": fz.ON_OFF,
    "eight_skip": ["per_play", "per_card"], "failed_flip_public": fz.ON_OFF,
    "finish_on_special": fz.ON_OFF, "turn_cap": ["0", "1", "60", "5000"],
    "cap_outcome": ["none", "most_cards"], "repetition_limit": ["0", "1", "2", "1001"],
    "dealer": ["0", "3", "4"],
}  # fmt: skip
#: poohead runs always name their size: the default 10,000 games with a search bot take minutes
PH_GAMES = st.one_of(
    st.integers(1, 12).map(str), st.sampled_from(["0", "-1", "x", "1.5", "", *fz.INT_EDGES])
)
PH_CARDS = ["2", "3", "5", "8", "9", "10", "J", "Q", "K", "A", "QH", "10♠", "T", "Z", "1", "4♥"]

#: generated input files of the commands that read one (fuzz guard)
FUZZ_FILES = {
    "replay": fz.input_file(
        fz.load("tests/poohead/golden/game-4p-seed7.json"),
        fz.load("tests/poohead/golden/game-2p-seed11-house.json"),
    ),
}
#: generated arguments of every command of the game but ``play`` and ``bench`` (fuzz guard)
FUZZ = {
    "field": fz.FIELD,
    "legal": fz.argv(
        fz.option(
            "--pile", st.lists(fz.mostly(st.sampled_from(PH_CARDS)), max_size=6).map(" ".join)
        ),
        fz.option(
            "--hand", st.lists(fz.mostly(st.sampled_from(PH_CARDS)), max_size=6).map(" ".join)
        ),
        fz.rules(PH_RULES),
        fz.JSON,
    ),
    "start-odds": fz.argv(fz.option("--players", fz.number(1, 5)), fz.JSON),
    "simulate": fz.argv(
        fz.table(PH_BOTS, PH_ODD, 2, 4),
        PH_GAMES.map(lambda v: ["--games", v]),
        fz.SEED,
        fz.flag("--rotate-seats"),
        fz.rules(PH_RULES),
        fz.option("--record", fz.number(0, 3)),
        fz.JSON,
        fz.flag("--quiet"),
    ),
    "replay": fz.argv(fz.JSON),
    "compare": fz.compare_args(
        PH_BOTS, PH_ODD, PH_RULES, fz.number(1, 4).map(lambda v: ["--games", v]), 2, 4
    ),
    "exploit": fz.exploit_args(["random", "cheap"], PH_ODD, PH_RULES),
}
#: a small valid call of each command with whole-number options (fuzz guard: int64's edges)
SMALL = {
    "field": [],
    "start-odds": [],
    "simulate": ["--games", "2", "--quiet", "--bots", "random,random,random,random"],
    "compare": ["--games", "2", "--quiet", "--bots", "random", "--rule", "turn_cap=30"],
    "exploit": ["--players", "2", "--field", "random", "--budget", "2", "--games", "2", "--quiet"],
}
#: the call the game's rules are tried on
RULES_CALL = ["simulate", *SMALL["simulate"]]
#: one small, valid call of every command with --json
JSON_CALLS = {
    "field": [],
    "legal": ["--pile", "5 9", "--hand", "3 8 J 10"],
    "start-odds": ["--players", "2"],
    "simulate": ["--players", "3", "--bots", "cheap,random,cheap+", "--games", "12"],
    "replay": [str(ROOT / "tests/poohead/golden/game-4p-seed7.json")],
    "compare": [
        "--players",
        "3",
        "--bots",
        "cheap,random,cheap+",
        "--sweep",
        "turn_cap=50,100",
        "--games",
        "9",
    ],
    "exploit": ["--players", "2", "--field", "cheap", "--budget", "2", "--games", "4"],
}
PLAY = PlayCase("standard", ["cheap+", None, "random"], 1, 5, "cheap+,random", {"face", "play"})
#: commands quick enough to run the docs' examples of on every test run
DOCS_FAST = {"legal", "start-odds"}
#: the letter of the game's rulings in its docs/games/ page (P1, P2, ...; tests/test_docs.py)
RULING_LETTER = "P"
#: its own commands that run long and so take --quiet (tests/test_long_progress.py)
LONG_COMMANDS = {"exploit"}
