"""The fuzz guard's generators (``tests/test_fuzz_cli.py``), shared by the games' own argument
strategies in ``tests/<game>/cases.py``: values that mix sensible text with garbage, and input
files that are valid records with one node replaced or removed, arbitrary JSON, folders, missing
paths, non-UTF-8 bytes and absurd nesting."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]

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


ON_OFF = ["on", "off", "yes", "0"]
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


def load(rel: str) -> Any:
    """A JSON file of the repository (a golden record, a docs example)."""
    return json.loads((ROOT / rel).read_text(encoding="utf-8"))


def input_file(*valid: Any) -> st.SearchStrategy[tuple[str, Any]]:
    """(kind, payload) of a generated input file; written by ``test_fuzz_cli.materialise``."""
    return st.one_of(
        st.sampled_from([("missing", None), ("folder", None), ("latin1", None), ("deep", None)]),
        st.sampled_from(valid).map(lambda v: ("json", v)),
        st.sampled_from(valid).flatmap(mutated).map(lambda v: ("json", v)),
        JSON_VALUES.map(lambda v: ("json", v)),
    )


def compare_args(
    bots: list[str],
    odd: list[str],
    rule_values: dict[str, list[str]],
    games: st.SearchStrategy[list[str]],
    lo: int = 3,
    hi: int = 6,
) -> st.SearchStrategy[list[str]]:
    """``GAME compare``: a field (``--bots``, the alias of ``--field``), up to two changed and
    two base rules, sometimes a sweep of a known rule (or garbage), ``games`` (always a size:
    the default 10,000 games in four arms take minutes)."""
    swept = st.sampled_from(sorted(rule_values)).flatmap(
        lambda name: st.lists(st.sampled_from(rule_values[name]), min_size=1, max_size=3).map(
            lambda vs: f"{name}={','.join(vs)}"
        )
    )
    against = rules(rule_values).map(lambda a: ["--against" if x == "--rule" else x for x in a])
    return argv(
        table(bots, odd, lo, hi),
        games,
        SEED,
        rules(rule_values),
        against,
        option("--sweep", mostly(swept)),
        JSON,
        flag("--quiet"),
    )


def exploit_args(
    bots: list[str], odd: list[str], rule_values: dict[str, list[str]], units: str = "--games"
) -> st.SearchStrategy[list[str]]:
    """``GAME exploit`` of the games whose meter is the registry's (issue 22 item 1): a field of
    one bot (or an odd one, or two, a count that rarely fits), the budget and the games mostly
    refused sizes and rarely 1 (a valid call searches the game's slowest bot family for
    seconds: every example must stay quick), players, seed, rules."""
    sizes = st.sampled_from(["0", "-5", "x", *INT_EDGES, "1"])
    return argv(
        option("--field", mostly(st.sampled_from(bots)) | st.sampled_from([*odd, ",".join(bots)])),
        PLAYERS,
        st.tuples(sizes, sizes).map(lambda bg: ["--budget", bg[0], units, bg[1]]),
        SEED,
        rules(rule_values),
        JSON,
        flag("--quiet"),
    )


#: ``GAME field`` of every game (issue 22 item 2): reading the committed field, with options
#: that only ``--solve`` takes (refused without it); ``--solve`` itself runs for minutes and is
#: tried in tests/test_field.py with a tiny budget
FIELD = argv(
    PLAYERS,
    option("--variant", mostly(st.sampled_from(["standard", "trickster", "double", "blind"]))),
    option("--games", number(0, 5)),
    option("--members", number(0, 9)),
    option("--add", mostly(st.sampled_from(["bayes", "odds", "random:call=0.5", "nope", ""]))),
    option("--against", mostly(st.sampled_from(["odds", "tips,random", "competent", "nope", ""]))),
    SEED,
    JSON,
    flag("--quiet"),
)
