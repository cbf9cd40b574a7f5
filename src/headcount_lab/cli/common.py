"""What every command shares: one-line errors with exit status 2, never a traceback."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer

#: Exit status for bad input (the same as click's usage errors).
EXIT_BAD_INPUT = 2
#: Exit status after Ctrl-C, as a shell reports SIGINT.
EXIT_INTERRUPTED = 130


class UserError(Exception):
    """Bad input from the user: reported as one line on stderr with exit status 2."""


def positive(option: str, value: int) -> int:
    """``value`` of ``option`` (``--games``), refused (:class:`UserError`) unless at least 1."""
    if value < 1:
        raise UserError(f"{option} must be positive, got {value}")
    return value


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {one_line(message)}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


def warn(message: str) -> None:
    """One ``warning: ...`` line on stderr: for an option that was given but has no effect."""
    typer.echo(f"warning: {one_line(message)}", err=True)


def one_line(text: str) -> str:
    """``text`` with every unprintable character escaped (a newline, or a U+0085 in a key of
    the user's JSON file, would otherwise break the one error line in two)."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the library's ValueError (CardError included) and UserError into a clean exit 2."""
    try:
        yield
    except (UserError, ValueError) as exc:
        fail(str(exc))


def print_json(obj: Any) -> None:
    """Print ``obj`` as strict JSON: a missing value (NaN, an infinity) is ``null``, never the
    bare ``NaN`` that Python's encoder writes and strict parsers reject."""
    sys.stdout.write(json.dumps(strict_json(obj), indent=2, ensure_ascii=False, allow_nan=False))
    sys.stdout.write("\n")


def strict_json(obj: Any) -> Any:
    """``obj`` with every non-finite float replaced by ``None`` (dicts, lists and tuples walked)."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: strict_json(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [strict_json(v) for v in obj]
    return obj
