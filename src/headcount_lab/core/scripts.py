"""The shell every script in ``scripts/`` shares: bad arguments are one ``error: ...`` line on
stderr and exit 2, before any work (the house rule the CLI keeps too), and a script that prints
JSON ends it with the load average (the machines are shared, so every figure says how busy its
machine was)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn


class OneLineParser(argparse.ArgumentParser):
    """``argparse`` whose errors are one ``error: ...`` line and exit 2 (no usage block)."""

    def error(self, message: str) -> NoReturn:
        print(f"error: {message}", file=sys.stderr)
        sys.exit(2)


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
