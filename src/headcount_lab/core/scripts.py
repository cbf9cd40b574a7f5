"""The shell every script in ``scripts/`` shares: bad arguments are one ``error: ...`` line on
stderr and exit 2, before any work (the house rule the CLI keeps too), and a script that prints
JSON ends it with the load average (the machines are shared, so every figure says how busy its
machine was)."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from collections.abc import Callable
from typing import Any, NoReturn


class OneLineParser(argparse.ArgumentParser):
    """``argparse`` whose errors are one ``error: ...`` line and exit 2 (no usage block)."""

    def error(self, message: str) -> NoReturn:
        print(f"error: {message}", file=sys.stderr)
        sys.exit(2)

    def command(
        self, args: argparse.Namespace, always: tuple[str, ...] = (), skip: tuple[str, ...] = ()
    ) -> str:
        """The command that reruns ``args``: ``python scripts/NAME.py`` and, in the parser's
        order, the options named in ``always`` and every other one not at its default, except
        ``skip`` (options that change no figure, such as a thread count); a flag given is its
        name alone, and a value the shell would split is quoted. What a saved output says was
        run, written from the parser, so a new option cannot be left out of it by hand."""
        parts = [f"python scripts/{os.path.basename(self.prog)}"]
        for action in self._actions:
            k = action.dest
            v = getattr(args, k, None)
            if not action.option_strings or k in skip or v is None:
                continue
            if k in always or v != action.default:
                flag = action.option_strings[-1]
                parts.append(flag if action.nargs == 0 else f"{flag} {shlex.quote(str(v))}")
        return " ".join(parts)


def print_json(compute: Callable[[Callable[[str], None]], dict[str, Any]]) -> int:
    """Run ``compute(progress)`` with progress lines on stderr and print its result as JSON with
    the load average at the end; a ``ValueError`` is one error line and exit code 2, with
    nothing on stdout."""
    try:
        out = compute(lambda s: print(s, file=sys.stderr, flush=True))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    out["load_average_at_end"] = list(os.getloadavg())
    print(json.dumps(out, indent=2))
    return 0
