"""``--rule NAME=VALUE`` assignments applied to a game's frozen rules dataclass.

Every game keeps its house rules as a frozen dataclass of plain values (bools, ints, strings with
a fixed set of choices). This module turns the command line's text into those values, so no game
parses flags on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
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
        if "None" in t and v in ("none", "free"):
            return None
        try:
            return int(v)
        except ValueError:
            extra = " or none" if "None" in t else ""
            raise ValueError(f"rule {name} takes a whole number{extra}, not {value!r}") from None
    if not v:
        raise ValueError(f"rule {name} needs a value, not {value!r}")
    return v


def with_flags(rules: T, assignments: list[str], set_by: Mapping[str, str] | None = None) -> T:
    """Return ``rules`` with ``name=value`` assignments applied; unknown names or values raise.

    ``set_by`` maps fields that a command option (or an input file) already decides to the words
    naming it, e.g. ``{"players": "--players 3"}``: an assignment giving such a field another
    value contradicts it and raises, as does a rule assigned two different values. Validation of
    the values themselves (ranges, combinations) is left to the dataclass's ``__post_init__``.
    """
    known = {f.name: f for f in fields(rules)}  # type: ignore[arg-type]
    fixed = set_by or {}
    changes: dict[str, Any] = {}
    for a in assignments:
        name, sep, value = a.partition("=")
        name = name.strip()
        if not sep or name not in known:
            raise ValueError(
                f"unknown rule {a!r}: use NAME=VALUE with NAME one of {', '.join(known)}"
            )
        v = parse_flag(name, value, known[name].type)
        if name in changes and changes[name] != v:
            raise ValueError(f"rule {name} is given two values ({changes[name]}, {v})")
        if name in fixed and v != getattr(rules, name):
            raise ValueError(f"rule {name}={value.strip()} contradicts {fixed[name]}")
        changes[name] = v
    return replace(rules, **changes)  # type: ignore[type-var]
