"""The docs are self-contained: the repository states every rule and ruling it implements.

Nothing in the repository may point at rule texts or rulings kept outside it (a sibling folder of
shared specs, a ruling file, a rule text file): a user of the repository must find the rules in
its own docs. Every ruling id that the code, tests, docs or reports cite (H7, W5, ...) must be
defined, once, as a heading of a page under ``docs/``.
"""

from __future__ import annotations

import dataclasses
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from game_cases import piece, piece_or

from headcount_lab.games import GAMES

ROOT = Path(__file__).resolve().parents[1]

#: Pointers to specs outside the repository. Written so that this file does not match itself.
OUTSIDE = re.compile(
    rb"\.\./shared"  # a sibling folder of shared specs
    rb"|/work/share[d]"  # the same folder by its absolute path
    rb"|\bshared/(?:rules|RULINGS)"  # ... or by a path inside it
    rb"|RULINGS[\w-]*\.md"  # a ruling file
    rb"|\brules/[\w.-]+\.txt"  # a rule text file
)

#: The games' ruling letters (Headcount H1.., Forehead Whist W1.., ...): each shipped game's
#: ``RULING_LETTER`` in its tests/<game>/cases.py
GAME_LETTERS = "".join(piece_or(game, "RULING_LETTER", "") for game in GAMES)
#: Letters that lint codes use too: a ruling of theirs has one or two digits (ruff's F401 is no
#: ruling)
LINT_LETTERS = "F"

#: A ruling cited anywhere: ``H7``, ``W10``, ``P20``, ``F8``, or in a test name ``test_h7_...``
CITED = re.compile(
    rf"\b([{''.join(c for c in GAME_LETTERS if c not in LINT_LETTERS)}][1-9]\d*"
    rf"|[{LINT_LETTERS}][1-9]\d?)\b|\btest_([{GAME_LETTERS.lower()}][1-9]\d*)_"
)

#: A ruling defined in the docs: a heading ``### H7. Peeking``.
DEFINED = re.compile(rf"^#{{2,4}} ([{GAME_LETTERS}][1-9]\d*)\. \S", re.MULTILINE)

_SKIP_DIRS = {".git", ".venv", "data", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}


def repo_files() -> list[Path]:
    """Tracked files, plus new files not yet added (but not ignored ones)."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
        names = [n for n in out.decode().split("\0") if n]
        files = [ROOT / n for n in names]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: walk the tree
        files = [
            p
            for p in ROOT.rglob("*")
            if p.is_file() and not _SKIP_DIRS & set(p.relative_to(ROOT).parts)
        ]
    return [p for p in files if p.is_file()]


def text_files(*suffixes: str) -> list[Path]:
    return [p for p in repo_files() if p.suffix in suffixes]


def defined_rulings() -> Counter[str]:
    found: Counter[str] = Counter()
    for page in (ROOT / "docs").rglob("*.md"):
        found.update(DEFINED.findall(page.read_text(encoding="utf-8")))
    return found


def test_outside_pattern_catches_what_it_should():
    # each sample is broken by "#" so that this file does not point outside itself
    bad = [
        b"see ../sha#red",
        b"/work/sha#red/rules",
        b"`sha#red/RUL#INGS.md` H1-H10",
        b"(``ru#les/kopfrechnen.de.txt``)",
        b"RUL#INGS-poohead.md",
    ]
    assert all(OUTSIDE.search(b.replace(b"#", b"")) for b in bad)
    assert not any(OUTSIDE.search(b) for b in bad)
    good = [b"docs/rules/headcount.md", b"shared by every game", b"results.txt", b"H7"]
    assert not any(OUTSIDE.search(g) for g in good)


def test_no_file_points_at_rules_or_rulings_outside_the_repo():
    files = repo_files()
    assert any(p.name == "README.md" for p in files)  # the listing works
    offenders = []
    for path in files:
        data = path.read_bytes()
        for m in OUTSIDE.finditer(data):
            line = data.count(b"\n", 0, m.start()) + 1
            found = m.group().decode(errors="replace")
            offenders.append(f"{path.relative_to(ROOT)}:{line}: {found}")
    assert not offenders, "points outside the repository:\n" + "\n".join(offenders)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_a_ruling_letter(game):
    """A shipped game names the letter of its rulings (else this fails naming its cases.py)."""
    letter = piece(game, "RULING_LETTER")
    assert len(letter) == 1 and letter.isupper() and GAME_LETTERS.count(letter) == 1


def test_every_ruling_is_defined_once_in_the_docs():
    defined = defined_rulings()
    twice = sorted(r for r, n in defined.items() if n > 1)
    assert not twice, f"rulings defined more than once in docs/: {twice}"
    for game in GAME_LETTERS:
        numbers = sorted(int(r[1:]) for r in defined if r[0] == game)
        assert numbers == list(range(1, len(numbers) + 1)), f"{game} rulings are not 1..N"
        assert len(numbers) >= 10, f"the docs define only {len(numbers)} {game} rulings"


def test_every_cited_ruling_is_defined_in_the_docs():
    defined = set(defined_rulings())
    cited: dict[str, str] = {}
    for path in text_files(".py", ".md"):
        for m in CITED.finditer(path.read_text(encoding="utf-8")):
            ruling = (m.group(1) or m.group(2)).upper()
            cited.setdefault(ruling, str(path.relative_to(ROOT)))
    assert {"H1", "H10", "W1", "W10", "P1", "P22"} <= set(cited)  # the scan sees the citations
    missing = sorted(f"{r} (cited in {where})" for r, where in cited.items() if r not in defined)
    assert not missing, "rulings cited but not defined under docs/: " + ", ".join(missing)


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_game_page_holds_its_rulings_and_names_every_flag_beside_a_ruling(game):
    """A game has one docs page: it defines the game's rulings (at least ten) and names every
    house-rule flag in a line that cites the ruling (or the rule text) setting its default."""
    text = (ROOT / game.docs).read_text(encoding="utf-8")
    letter = piece(next(k for k, v in GAMES.items() if v is game), "RULING_LETTER")
    own = [m.group(1) for m in DEFINED.finditer(text) if m.group(1)[0] == letter]
    assert len(own) >= 10, f"{game.docs} defines {len(own)} {letter} rulings"
    ruling = re.compile(rf"\b{letter}[1-9]\d*\b|rule text")
    for f in dataclasses.fields(game.load("rules")):
        lines = [line for line in text.splitlines() if f"`{f.name}`" in line]
        assert lines, f"{game.docs} does not name the flag {f.name}"
        assert any(ruling.search(line) for line in lines), (
            f"{game.docs} names the flag {f.name} on no line that cites its ruling"
        )


def test_no_game_keeps_a_second_rules_page():
    """One page per game: the rulings live on the game's docs page, not in docs/rules/."""
    assert not (ROOT / "docs" / "rules").exists()


# --- the examples in the docs print what the docs say -------------------------------------------

#: commands quick enough to run on every test run (no simulations, no 10^9-hand deals): each
#: game's ``DOCS_FAST`` in its tests/<game>/cases.py
FAST = {(game, command) for game in GAMES for command in piece_or(game, "DOCS_FAST", set())}

_HEAD = re.compile(r"\s*\|\s*head -(\d+)\s*$")


def console_examples() -> list[tuple[str, str, list[str]]]:
    """``(where, command, expected lines)`` for every ``$ headcount-lab ...`` line of a console
    block and every inline "`headcount-lab ...` prints `...`" in the README and docs pages."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        name = str(page.relative_to(ROOT))
        for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.DOTALL):
            lines = block.splitlines()
            for i, line in enumerate(lines):
                if line.startswith("$ headcount-lab "):
                    out = []
                    for later in lines[i + 1 :]:
                        if later.startswith("$ "):
                            break
                        out.append(later)
                    found.append((name, line[2:], out))
        for cmd, shown in re.findall(r"`(headcount-lab [^`]+)`\s+prints\s+`([^`]+)`", text):
            found.append((name, cmd, [shown, "..."]))
    return found


def _argv(command: str) -> tuple[list[str], int | None]:
    import shlex

    command = re.sub(r"\s+#.*$", "", command)
    head = _HEAD.search(command)
    if head:
        command = command[: head.start()]
    return shlex.split(command)[1:], int(head.group(1)) if head else None


EXAMPLES = [e for e in console_examples() if tuple(e[1].split()[1:3]) in FAST]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_names_its_quick_commands(game):
    """A shipped game says which of its commands the docs' examples may run (``DOCS_FAST``, a
    set, empty if none is quick; else this fails naming tests/<game>/cases.py)."""
    assert isinstance(piece(game, "DOCS_FAST"), set)


def test_the_docs_have_runnable_examples():
    assert len(EXAMPLES) >= 8
    assert any(where == "README.md" for where, _, _ in EXAMPLES)


@pytest.mark.parametrize("where,command,expected", EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_docs_example_prints_what_the_docs_show(where, command, expected, capsys, monkeypatch):
    from headcount_lab.cli.app import main

    monkeypatch.chdir(ROOT)
    argv, head = _argv(command)
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    shown = expected[: expected.index("...")] if "..." in expected else expected
    if shown and shown[0].startswith("error: "):
        assert e.value.code == 2
        assert err.splitlines() == shown, where
        return
    assert e.value.code == 0, f"{where}: {command}: {err}"
    got = out.splitlines()
    if head is not None:
        got = got[:head]
    if "..." in expected:
        got = got[: len(shown)]
    elif not shown:  # the docs show no output: running without error is the claim
        return
    assert [g.rstrip() for g in got] == [s.rstrip() for s in shown], f"{where}: {command}"
