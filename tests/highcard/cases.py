"""High Card: its pieces of the shared tests (the toy game keeps a shipped game's rules)."""

from __future__ import annotations

from pathlib import Path

import fuzz_support as fz
from game_cases import PlayCase

#: the golden record, found next to this file (so a copy of the folder finds its own)
GOLDEN = Path(__file__).resolve().parent / "golden" / "seed5-two-games.json"

HC_BOTS = ["random", "odds", "random:claim=0.2", "odds:threshold=0.9"]
HC_ODD = ["nobot", "odds:threshold=2", "random:claim=-1", "", "odds:threshold", "odds:claim=1"]
HC_RULES = {"players": ["3", "4", "6", "7"], "ranks": ["3", "4", "13", "14"],
            "reward": ["0", "1", "1000", "1001"]}  # fmt: skip

#: generated input files of the commands that read one (fuzz guard)
FUZZ_FILES = {"replay": fz.input_file(fz.load(str(GOLDEN)))}
#: generated arguments of every command of the game but ``play`` and ``bench`` (fuzz guard)
FUZZ = {
    "simulate": fz.argv(
        fz.table(HC_BOTS, HC_ODD),
        # always a count: the toy game plays in plain Python, where simulate's default 10,000
        # games take most of a second a call (the other games fuzz the default)
        fz.number(1, 12).map(lambda v: ["--games", v]),
        fz.SEED,
        fz.flag("--rotate-seats"),
        fz.rules(HC_RULES),
        fz.option("--record", fz.number(0, 3)),
        fz.JSON,
        fz.flag("--quiet"),
    ),
    "replay": fz.argv(fz.JSON),
}
#: a small valid call of each command with whole-number options (fuzz guard: int64's edges)
SMALL = {"simulate": ["--games", "4", "--quiet"]}
#: the call the game's rules are tried on
RULES_CALL = ["simulate", *SMALL["simulate"]]
#: one small, valid call of every command with --json
JSON_CALLS = {
    "simulate": ["--games", "20", "--seed", "3"],
    "replay": [str(GOLDEN)],
}
#: the toy game asks once per game: Ctrl-C comes at its first prompt
PLAY = PlayCase("standard", ["odds", None, "random"], 1, 2, "odds,random", {"claim"}, 0)
#: the toy game has no docs page under docs/ (its README is not scanned for examples)
DOCS_FAST: set[str] = set()
#: its own commands that run long and so take --quiet (tests/test_long_progress.py)
LONG_COMMANDS: set[str] = set()
