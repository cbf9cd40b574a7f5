"""Per-game pieces of the shared tests. A shared test (``tests/test_*.py``, ``tests/core/``)
lists no games: it reads them from the registry (``headcount_lab.games.registered()``) and takes
what it needs of one game (the fuzz guard's arguments for the game's own commands, a small valid
call of each ``--json`` command, a scripted ``play``) from that game's ``tests/<game>/cases.py``.
Adding a game therefore adds files in its own folders only. A registered game without the file,
or without a piece a shared test reads, fails that test with a message naming what to add."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
CASES = "cases.py"


def game_root(game: str) -> Path:
    """The checkout holding ``tests/<game>/`` and the paths of the game's registry entry: the
    repository, or for the game ``tests/test_guide.py`` writes, its temporary checkout."""
    from extra_game import root_of

    return root_of(game) or ROOT


def cases_path(game: str) -> Path:
    """``tests/<game>/cases.py``: the game's pieces of the shared tests."""
    return game_root(game) / "tests" / game / CASES


@cache
def load_cases(game: str) -> ModuleType | None:
    """The game's cases module, or None if it has none (:func:`piece` then fails the test)."""
    path = cases_path(game)
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"cases_of_{game}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def piece(game: str, name: str) -> Any:
    """``NAME`` of ``tests/<game>/cases.py``; fails (never skips) naming the file and the name
    to add when the game lacks it."""
    module = load_cases(game)
    rel = cases_path(game).relative_to(game_root(game))
    if module is None:
        pytest.fail(f"game {game!r} has no {rel}: add it with {name} (see docs/adding-a-game.md)")
    if not hasattr(module, name):
        pytest.fail(f"{rel} has no {name}: add it (see docs/adding-a-game.md)")
    return getattr(module, name)


def piece_or(game: str, name: str, default: Any) -> Any:
    """``NAME`` of the game's cases if it has the file and the name, else ``default``: for
    building parameter lists at collection, where a missing piece is failed by a test instead."""
    module = load_cases(game)
    return getattr(module, name, default) if module is not None else default


@dataclass(frozen=True)
class PlayCase:
    """A whole game of ``GAME play`` driven by scripted input (``tests/test_play.py``)."""

    variant: str
    bots: list[str | None]  #: by seat, None for the person
    seat: int
    seed: int
    others: str  #: the same bots as ``--bots`` text
    kinds: set[str]  #: first words of prompts the driven game must ask
    interrupt_after: int = 2  #: moves typed before Ctrl-C (fewer for a game asking fewer)
