"""The layers point one way (docs/adding-a-game.md, "One layout per game"): ``games -> core``;
``research``, ``analysis`` and ``cli`` above them. A game never imports research, analysis or the
command line, and core imports no game (it may read the registry, ``headcount_lab.games``, to
list them). Read from the sources with ``ast``, lazy imports inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "headcount_lab"


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, as absolute dotted names (``from x import y`` gives both
    ``x`` and ``x.y``, since ``y`` may be a module)."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}
    return out


def modules(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


def offending(layer: str, forbidden: tuple[str, ...], allowed: tuple[str, ...] = ()) -> list[str]:
    bad = []
    for path in modules(layer):
        for name in sorted(imports(path)):
            if name in allowed:
                continue
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                bad.append(f"{path.relative_to(PACKAGE)} imports {name}")
    return bad


def test_the_imports_are_read_lazy_ones_included():
    found = imports(PACKAGE / "core" / "coldstart.py")
    assert "headcount_lab.games.registered" in found  # imported inside a function
    assert offending("analysis", ("headcount_lab.games",))  # the check finds what is there


@pytest.mark.parametrize("layer", ["research", "analysis", "cli"])
def test_no_game_imports_research_analysis_or_the_cli(layer):
    assert offending("games", (f"headcount_lab.{layer}",)) == []


def test_core_imports_no_game_and_no_upper_layer():
    games = [f"headcount_lab.games.{p.name}" for p in (PACKAGE / "games").iterdir() if p.is_dir()]
    upper = ("headcount_lab.research", "headcount_lab.analysis", "headcount_lab.cli")
    registry = ("headcount_lab.games", "headcount_lab.games.registered")
    assert len(games) >= 4
    assert offending("core", (*upper, "headcount_lab.games"), registry) == []
    assert offending("core", tuple(games)) == []
