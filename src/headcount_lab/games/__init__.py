"""The games. A game is a folder here, not a fork: it brings its rules object, kernels, bots, a
plain-Python reference engine, recorded playthroughs and one docs page, and registers itself in
:data:`GAMES` so that the conformance harness (``tests/test_conformance.py``) checks it like
every other game. Entries are strings so that listing the games imports nothing heavy."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameEntry:
    name: str  #: folder under games/ and tests/, and the CLI group
    title: str
    rules: str  #: "module:Class" of the frozen house-rules dataclass (defaults = rulings)
    replay: str  #: "module:function" checking a loaded record; raises ValueError if it is bad
    docs: str  #: the game's one docs page, relative to the repository root

    def load(self, which: str) -> Any:
        module, _, attr = getattr(self, which).partition(":")
        return getattr(importlib.import_module(module), attr)

    @property
    def package(self) -> str:
        return f"headcount_lab.games.{self.name}"


GAMES: dict[str, GameEntry] = {
    "headcount": GameEntry(
        name="headcount",
        title="Headcount",
        rules="headcount_lab.games.headcount.rules:HeadcountRules",
        replay="headcount_lab.games.headcount.record:replay",
        docs="docs/games/headcount.md",
    ),
    "whist": GameEntry(
        name="whist",
        title="Forehead Whist",
        rules="headcount_lab.games.whist.rules:WhistRules",
        replay="headcount_lab.games.whist.record:replay_file",
        docs="docs/games/forehead-whist.md",
    ),
    "foolish": GameEntry(
        name="foolish",
        title="Foolish Faces",
        rules="headcount_lab.games.foolish.rules:FoolishRules",
        replay="headcount_lab.games.foolish.record:replay_file",
        docs="docs/games/foolish-faces.md",
    ),
}
