"""Size metrics of a tree's ``src/``, as JSON (issue 25's closing note: before and after).

Read with :mod:`ast`, nothing imported or run:

- ``widest_signature``: the function with the most parameters (positional, keyword-only,
  ``*args`` and ``**kwargs`` each count one; ``self``/``cls`` count too), its file and name;
- ``longest_function``: the function spanning the most lines (decorators excluded, nested
  functions counted inside their parent as well);
- ``repeated_arg_list``: the parameter list of at least :data:`LONG` names written most often
  (as a ``def``'s parameters or as the plain-name arguments of a call), and how often;
- ``lines_analysis`` and ``lines_src``: lines of the ``.py`` files under
  ``src/headcount_lab/analysis/`` and under ``src/``.

Usage::

    python scripts/code_metrics.py [TREE]     # TREE: a checkout (default: this one)
"""

from __future__ import annotations

import ast
import collections
import json
from pathlib import Path

from headcount_lab.core.scripts import OneLineParser

LONG = 12  # an argument list of at least this many names counts as long


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    a = fn.args
    names = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]
    names += [p.arg for p in (a.vararg, a.kwarg) if p is not None]
    return names


def _call_names(call: ast.Call) -> tuple[str, ...] | None:
    """The call's arguments when they are all plain names (what a repeated list looks like)."""
    if call.keywords or not all(isinstance(x, ast.Name) for x in call.args):
        return None
    return tuple(x.id for x in call.args if isinstance(x, ast.Name))


def metrics(tree: Path) -> dict[str, object]:
    src = tree / "src"
    widest: tuple[int, str, str] = (-1, "", "")
    longest: tuple[int, str, str] = (-1, "", "")
    lists: collections.Counter[tuple[str, ...]] = collections.Counter()
    lines_src = lines_analysis = 0
    analysis = src / "headcount_lab" / "analysis"
    for path in sorted(src.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        n = len(text.splitlines())
        lines_src += n
        if analysis in path.parents:
            lines_analysis += n
        rel = str(path.relative_to(tree))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                ps = _params(node)
                widest = max(widest, (len(ps), node.name, rel))
                span = (node.end_lineno or node.lineno) - node.lineno + 1
                longest = max(longest, (span, node.name, rel))
                if len(ps) >= LONG:
                    lists[tuple(ps)] += 1
            elif isinstance(node, ast.Call):
                names = _call_names(node)
                if names is not None and len(names) >= LONG:
                    lists[names] += 1
    top, count = lists.most_common(1)[0] if lists else ((), 0)
    return {
        "tree": str(tree),
        "widest_signature": {"params": widest[0], "name": widest[1], "file": widest[2]},
        "longest_function": {"lines": longest[0], "name": longest[1], "file": longest[2]},
        "repeated_arg_list": {"times": count, "length": len(top), "names": list(top)},
        "lines_analysis": lines_analysis,
        "lines_src": lines_src,
    }


def main() -> None:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tree", nargs="?", default=str(Path(__file__).resolve().parents[1]))
    args = ap.parse_args()
    print(json.dumps(metrics(Path(args.tree).resolve()), indent=2))


if __name__ == "__main__":
    main()
