"""A game from outside the repository, for ``tests/test_guide.py``: the guide's steps write a
new game into a temporary checkout, and the shared tests run on it. ``HEADCOUNT_LAB_EXTRA_GAME``
names the new game's folder (``<root>/tests/<game>/``, a package with ``game.py`` holding its
``SPEC``); registering it stands in for the game's one registry line, as ``tests/conftest.py``
does for High Card.

``python tests/extra_game.py ARGS...`` is ``headcount-lab ARGS...`` with that game registered:
the guide's ``headcount-lab`` commands run through it."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

ENV = "HEADCOUNT_LAB_EXTRA_GAME"


def folder() -> Path | None:
    """The extra game's folder, or None when the variable is not set."""
    value = os.environ.get(ENV)
    return Path(value).resolve() if value else None


def register_from_env() -> str | None:
    """Register the extra game named by :data:`ENV`; return its name (None without one)."""
    where = folder()
    if where is None:
        return None
    from headcount_lab.games import register

    sys.path.insert(0, str(where.parent))
    spec = importlib.import_module(f"{where.name}.game").SPEC
    register(spec)
    return str(spec.name)


def root_of(game: str) -> Path | None:
    """The checkout holding the extra game if ``game`` is it (``<root>/tests/<game>``)."""
    where = folder()
    return where.parent.parent if where is not None and where.name == game else None


if __name__ == "__main__":
    register_from_env()
    from headcount_lab.cli.app import main

    main(sys.argv[1:])
