"""``--rule NAME=VALUE`` assignments applied to a game's frozen rules dataclass, and the ranges
every whole-number rule is checked against.

Every game keeps its house rules as a frozen dataclass of plain values (bools, ints, strings with
a fixed set of choices). This module turns the command line's text into those values, so no game
parses flags on its own.

Ranges (issue 26)
    Every whole-number field of a rules dataclass is declared with :func:`ranged`, which puts its
    inclusive range (and why it stops there) in the field's metadata; the game's
    :class:`~headcount_lab.games.GameSpec` shows them as ``rule_ranges``. :func:`check_ranges`
    refuses a value outside its range; every rules ``__post_init__`` calls it (after any check of
    its own that says more, e.g. ``streak_length`` up to this table's hands), so rules built any
    way, from a record too, are checked, and :func:`with_flags` calls it again on what it built,
    so the ``--rule`` path holds even for a game that forgot. A kernel never sees a value its
    integers cannot hold:
    ``lone_multiplier=9223372036854775807`` used to wrap the scores round int64 and print means
    near -4.6e16. A range is the outer bound of what the kernels store; checks that depend on
    other flags (a seat below ``players``) stay in the game's ``__post_init__``. The conformance
    harness fails a game with a whole-number field and no range, and one whose range lets the
    kernels' integer sums overflow within a day's run.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import Field, field, fields, replace
from typing import Any, TypeVar

T = TypeVar("T")

_ON = ("on", "true", "yes", "1")
_OFF = ("off", "false", "no", "0")


#: the metadata keys :func:`ranged` sets on a rules field
RANGE, WHY = "range", "why"


def ranged(default: int | None, lo: int, hi: int, why: str = "") -> Any:
    """A whole-number rules field holding ``lo..hi`` (or ``None`` where its annotation allows);
    ``why`` is shown when a value is refused, e.g. what the kernels keep the value in."""
    return field(default=default, metadata={RANGE: (lo, hi), WHY: why})


def rule_ranges(rules: Any) -> dict[str, tuple[int, int]]:
    """``{name: (lo, hi)}`` of every ranged field of a rules dataclass (class or instance)."""
    return {f.name: f.metadata[RANGE] for f in fields(rules) if RANGE in f.metadata}


def whole_number_fields(rules: Any) -> list[str]:
    """The fields annotated ``int`` or ``int | None``: every one must be :func:`ranged`."""
    return [f.name for f in fields(rules) if "int" in str(f.type)]


def check_value(f: Field, value: Any) -> None:
    """Raise ``ValueError`` unless ``value`` fits field ``f``'s declared range."""
    if RANGE not in f.metadata:
        return
    lo, hi = f.metadata[RANGE]
    optional = "None" in str(f.type)
    if value is None and optional:
        return
    none = " or none" if optional else ""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{f.name} takes a whole number{none}, not {value!r}")
    if not lo <= value <= hi:
        why = f" ({f.metadata[WHY]})" if f.metadata.get(WHY) else ""
        raise ValueError(f"{f.name} must be between {lo} and {hi}{none}, not {value}{why}")


def check_ranges(rules: Any) -> None:
    """Raise ``ValueError`` for the first field of ``rules`` outside its declared range."""
    for f in fields(rules):
        check_value(f, getattr(rules, f.name))


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
    value contradicts it and raises, as does a rule assigned two different values. Combinations
    of values are the dataclass's ``__post_init__``'s to check; a value outside its field's
    declared range (:func:`ranged`) raises whatever the game checks, before anything uses it.
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
    out = replace(rules, **changes)  # type: ignore[type-var]
    check_ranges(out)  # the game's __post_init__ does too (first or after checks that say more)
    return out
