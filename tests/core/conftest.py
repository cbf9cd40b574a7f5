"""Fixtures of the core tests: a planted competent field."""

from __future__ import annotations

import json

import pytest

from headcount_lab.core import competent as C
from headcount_lab.core import paths
from headcount_lab.games import GAMES


@pytest.fixture
def planted(tmp_path, monkeypatch):
    """``plant(game, players, {spec: weight}, variant, payoffs=..., games=..., refine=...)``:
    a field file in a folder of its own, which :func:`~headcount_lab.core.competent.resolve`
    then reads instead of ``data/``; ``payoffs`` (by spec) rank the members as a solved
    field's would, ``games`` and ``refine`` are its build's sizes (``compare --adapt``
    re-solves at a share of them)."""
    monkeypatch.setattr(paths, "FIELD_DATA", tmp_path)
    C._resolve.cache_clear()

    def plant(game: str, players: int, members: dict[str, float], variant: str = "standard",
              payoffs: dict[str, float] | None = None, games: int = 8,
              refine: int = 0):  # type: ignore[no-untyped-def]  # fmt: skip
        spec = GAMES[game]
        pay = payoffs or {}
        data = {
            "schema": "headcount-lab-field/1",
            "game": game,
            "players": players,
            "variant": variant,
            "rules_version": spec.version,
            "seed": 1,
            "games_per_profile": games,
            "refined": {"games": refine} if refine else None,
            "members": [
                {"bot": b, "weight": w, "payoff": pay.get(b, 0.0)} for b, w in members.items()
            ],  # fmt: skip
        }
        paths.field_file(tmp_path, spec, players, variant).write_text(json.dumps(data))

    yield plant
    C._resolve.cache_clear()
