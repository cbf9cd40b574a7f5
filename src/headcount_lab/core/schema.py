"""Input files checked against declared schemas: one ``ValueError`` naming what is wrong, and where.

Records and score sheets come from users and other programs, so every file is read with
:func:`read_json` (a folder, an unreadable or non-UTF-8 file, bad or absurdly nested JSON are
each one clear message) and then validated by a pydantic model with :func:`validate`: strict
types (``4.0`` is not a whole number, ``true`` is not a seat), no unknown keys, and the first
problem reported with its place in words, e.g. ``game 2, round 3, loser: ...``.

A game's house rules are a frozen dataclass; :func:`rules_model` derives the pydantic model of
its JSON form from the dataclass fields, so the schema cannot drift from the rules, and the
dataclass's own range checks run when the validated values build it.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Mapping
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, create_model, model_validator

M = TypeVar("M", bound=BaseModel)

#: Strict models: no coercion between types, no unknown keys, values fixed after validation.
STRICT = ConfigDict(strict=True, extra="forbid", frozen=True)


class Strict(BaseModel):
    """Base of every input-file model."""

    model_config = STRICT


#: deeper nesting than any input file needs is refused before ``json`` recurses into it
MAX_DEPTH = 64


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings."""
    depth = best = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            best = max(best, depth)
        elif ch in "]}":
            depth -= 1
    return best


def read_json(path: str | Path) -> Any:
    """The parsed JSON of the file at ``path``; every way of failing is one ``ValueError``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except IsADirectoryError:
        raise ValueError(f"{p} is a folder, not a file") from None
    except FileNotFoundError:
        raise ValueError(f"no such file: {p}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{p} is not UTF-8 text") from None
    except OSError as exc:
        raise ValueError(f"cannot read {p}: {exc.strerror or exc}") from None
    if _depth(text) > MAX_DEPTH:
        raise ValueError(
            f"{p} is nested too deeply to be a valid file (it nests deeper than {MAX_DEPTH} levels)"
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{p} is not valid JSON: {exc.msg} (line {exc.lineno})") from None
    except RecursionError:
        raise ValueError(f"{p} is nested too deeply to be a valid file") from None


def check_header(data: Any, header: Mapping[str, Any], kind: str) -> None:
    """The fields that say what a file is (format, version) come first: a file of another kind
    or another version is named as such, rather than failing on its first unexpected field."""
    if not isinstance(data, dict):
        raise ValueError(f"not {kind}: expected a JSON object, not {_short(data)}")
    for key, want in header.items():
        got = data.get(key)
        if got != want or type(got) is not type(want):
            raise ValueError(
                f"not {kind} this program reads: {key} must be {_short(want)}, not {_short(got)}"
            )


def where(loc: tuple[int | str, ...], items: Mapping[str, tuple[str, int]]) -> str:
    """A pydantic error location in words. Entries of the list fields named in ``items`` read
    as ``name number`` (``{"games": ("game", 0), "rounds": ("round", 1)}`` numbers games from 0
    and rounds from 1: ``game 0, round 3``); other places read ``field[index]``."""
    parts: list[str] = []
    i = 0
    while i < len(loc):
        key = loc[i]
        nxt = loc[i + 1] if i + 1 < len(loc) else None
        if isinstance(key, str) and key in items and isinstance(nxt, int):
            name, base = items[key]
            parts.append(f"{name} {nxt + base}")
            i += 2
            continue
        if isinstance(key, int):
            if parts:
                parts[-1] += f"[{key}]"
            else:
                parts.append(f"entry {key}")
        elif not key.startswith(("function-", "tagged-union", "union[")) and key not in _TYPES:
            parts.append(key)
        i += 1
    return ", ".join(parts)


#: the member types pydantic adds to the location of a value of a union type (``int | None``)
_TYPES = frozenset({"int", "str", "bool", "float", "none", "list", "dict", "literal"})


def validate(model: type[M], data: Any, what: str, items: Mapping[str, tuple[str, int]]) -> M:
    """``data`` as a ``model``; the first problem is a ``ValueError`` saying where it is."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        at = where(tuple(err["loc"]), items)
        msg = err["msg"]
        if err["type"] == "value_error":  # a check of ours: keep its own words
            msg = str(err.get("ctx", {}).get("error", msg))
        elif err["type"].endswith(("_type", "literal_error", "_parsing")):
            msg = f"{msg}, not {_short(err.get('input'))}"
        text = ": ".join(part for part in (what, at, msg) if part)
        raise ValueError(text) from None


def _short(value: Any) -> str:
    """The offending input as JSON (as the file wrote it), cut to 40 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


R = TypeVar("R")


def rules_model(rules_type: type[R]) -> type[BaseModel]:
    """The strict pydantic model of a rules dataclass's JSON form (``as_dict()``).

    Every field keeps its type and default; validating builds the dataclass too, so its range
    checks apply and their message becomes the error (``rules: streak_bonus must be ...``).
    """
    hints = typing.get_type_hints(rules_type)
    spec: dict[str, Any] = {}
    for f in fields(rules_type):  # type: ignore[arg-type]
        default = f.default if f.default is not MISSING else ...
        spec[f.name] = (hints[f.name], default)

    def build(self: BaseModel) -> BaseModel:
        rules_type(**self.model_dump())
        return self

    return create_model(
        f"{rules_type.__name__}Json",
        __config__=STRICT,
        __validators__={"_builds": model_validator(mode="after")(build)},  # type: ignore[dict-item]
        **spec,
    )
