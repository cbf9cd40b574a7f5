"""``--rule NAME=VALUE`` assignments applied to a game's frozen rules dataclass.

Every game keeps its house rules as a frozen dataclass of plain values (bools, ints, strings with
a fixed set of choices). This module turns the command line's text into those values, so no game
parses flags on its own.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, TypeVar

T = TypeVar("T")

_ON = ("on", "true", "yes", "1")
_OFF = ("off", "false", "no", "0")


def parse_flag(name: str, value: str, type_: Any) -> Any:
    """Convert ``value`` to the type named by the dataclass field annotation ``type_``."""
    t = str(type_)
    v = value.strip().lower()
    if t == "bool":
        if v in _ON:
            return True
        if v in _OFF:
            return False
        raise ValueError(f"rule {name} takes on/off, not {value!r}")
    if "int" in t:
        if "None" in t and v in ("none", "free", ""):
            return None
        try:
            return int(v)
        except ValueError:
            raise ValueError(f"rule {name} takes a whole number, not {value!r}") from None
    return v


def with_flags(rules: T, assignments: list[str]) -> T:
    """Return ``rules`` with ``name=value`` assignments applied; unknown names or values raise.

    Validation of the values themselves is left to the dataclass's ``__post_init__``.
    """
    known = {f.name: f for f in fields(rules)}  # type: ignore[arg-type]
    changes: dict[str, Any] = {}
    for a in assignments:
        name, sep, value = a.partition("=")
        name = name.strip()
        if not sep or name not in known:
            raise ValueError(
                f"unknown rule {a!r}: use NAME=VALUE with NAME one of {', '.join(known)}"
            )
        changes[name] = parse_flag(name, value, known[name].type)
    return replace(rules, **changes)  # type: ignore[type-var]
