"""What a pytest run spends compiling with numba, test by test (issue 25: the time of make test).

    PYTHONPATH=scripts HEADCOUNT_LAB_COMPILES=DIR .venv/bin/python -m pytest -p pytest_compiles \
        -n 2 --dist worksteal
    PYTHONPATH=src python scripts/pytest_compiles.py DIR [--top 25] [--json]

As a pytest plugin (``-p pytest_compiles``, with ``scripts`` on ``PYTHONPATH``) every process of
the run, the controller and each xdist worker, appends a line per outermost numba compile to
``DIR/<process>.tsv``: its seconds, the function and the test that was running. A kernel's
callees compile inside it and count in its seconds. Run as a script it reads ``DIR``: the total,
the largest compiles with their tests, and every function compiled in more than one process
(a kernel two workers both compiled, paid twice). On a warm tree a run should compile only the
compile tests' own functions; a fresh clone's run shows what ``warm`` leaves to the tests.
"""

from __future__ import annotations

import collections
import os
import sys
from pathlib import Path
from typing import Any

#: the folder the plugin writes to
ENV = "HEADCOUNT_LAB_COMPILES"


class Recorder:
    """Each outermost numba compile as (seconds, function, label) in ``rows``, ``label`` being
    what :attr:`running` says when it ends; ``listener`` is
    :class:`~headcount_lab.core.coldstart.CompileWatch`, to register on ``numba:compile``."""

    def __init__(self) -> None:
        from numba.core import event

        from headcount_lab.core.coldstart import CompileWatch

        event.Listener.register(CompileWatch)
        self.running = ""
        self.rows: list[tuple[float, str, str]] = []
        self.listener = CompileWatch(lambda game: None, lambda function, done: None, self._ended)

    def _ended(self, game: str, seconds: float) -> None:
        self.rows.append((seconds, self.listener.outermost, self.running))


# --- the pytest plugin ---------------------------------------------------------------------

_RECORDER: Recorder | None = None


def pytest_configure(config: Any) -> None:
    global _RECORDER
    folder = os.environ.get(ENV)
    if not folder:
        import pytest

        raise pytest.UsageError(f"-p pytest_compiles needs {ENV}=FOLDER (where it writes)")
    from numba.core import event

    Path(folder).mkdir(parents=True, exist_ok=True)
    _RECORDER = Recorder()
    event.register("numba:compile", _RECORDER.listener)


def pytest_runtest_setup(item: Any) -> None:
    if _RECORDER is not None:
        _RECORDER.running = item.nodeid


def pytest_unconfigure(config: Any) -> None:
    if _RECORDER is None or not _RECORDER.rows:
        return
    process = os.environ.get("PYTEST_XDIST_WORKER", "controller")
    with open(Path(os.environ[ENV]) / f"{process}.tsv", "a", encoding="utf-8") as f:
        for seconds, name, test in _RECORDER.rows:
            f.write(f"{seconds:.3f}\t{name}\t{test or '(collection)'}\n")


# --- the summary ---------------------------------------------------------------------------


def summary(folder: Path, top: int) -> dict[str, Any]:
    """The compiles the plugin wrote to ``folder``: total seconds, the ``top`` largest, and the
    functions compiled in more than one process with each process's seconds."""
    rows = []
    for path in sorted(folder.glob("*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            seconds, name, test = line.split("\t")
            rows.append((float(seconds), name, test, path.stem))
    rows.sort(key=lambda r: -r[0])
    where: dict[str, dict[str, float]] = collections.defaultdict(dict)
    for seconds, name, _, process in rows:
        where[name][process] = where[name].get(process, 0.0) + seconds
    return {
        "compiles": len(rows),
        "seconds": round(sum(r[0] for r in rows), 3),
        "largest": [
            {"seconds": s, "function": n, "test": t, "process": p} for s, n, t, p in rows[:top]
        ],
        "in_several_processes": {n: p for n, p in sorted(where.items()) if len(p) > 1},
    }


def main() -> int:
    from headcount_lab.core.scripts import OneLineParser

    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path, help=f"the folder the plugin wrote ({ENV})")
    ap.add_argument("--top", type=int, default=25, help="how many of the largest compiles")
    ap.add_argument("--json", action="store_true", help="print JSON")
    a = ap.parse_args()
    if not a.folder.is_dir():
        ap.error(f"{a.folder} is not a folder")
    if a.top < 0:
        ap.error("--top must be 0 or more")
    s = summary(a.folder, a.top)
    if a.json:
        import json

        print(json.dumps(s, indent=2))
        return 0
    print(f"{s['compiles']} compiles, {s['seconds']:.1f} s in all")
    for r in s["largest"]:
        print(f"{r['seconds']:7.2f} s  {r['function']}  [{r['process']}: {r['test']}]")
    several = s["in_several_processes"]
    print(f"compiled in more than one process: {len(several) or 'none'}")
    for name, per in several.items():
        print(f"  {name}: " + ", ".join(f"{p} {v:.2f} s" for p, v in per.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
