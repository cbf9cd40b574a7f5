"""Write a report's README, charts and tip chart again from the tables of a report folder, with
no simulation, and compare them with the folder's own files.

A report's text and charts are a function of its tables (and, for Headcount, the facts kept in
``metadata.json``), so a change to how reports are written, not computed, can be checked
against the committed reports in seconds:

    python scripts/rerender_report.py reports/foolish-faces reports/headcount [--out DIR]

Each folder is read as ``--only`` reads a report it rebuilds part of (every section kept, none
computed), written into a temporary folder (or ``DIR/<folder name>``), and every file of it but
``metadata.json`` compared byte for byte with the folder's. Exit status 1 if any differs.
"""

from __future__ import annotations

import importlib
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from headcount_lab.core import report as core
from headcount_lab.core.scripts import OneLineParser


def options(command: str) -> tuple[str, core.ReportOptions]:
    """The game and the options of a report's command line (``headcount-lab report GAME
    [--quick] [--SIZE n] [--lang L] --seed n``)."""
    words = command.split()
    game, rest = words[2], words[3:]
    quick, seed, size = False, 1, None
    i = 0
    while i < len(rest):
        if rest[i] == "--quick":
            quick = True
            i += 1
            continue
        flag, value = rest[i], rest[i + 1]
        if flag == "--seed":
            seed = int(value)
        elif flag != "--lang":
            size = int(value)
        i += 2
    return game, core.ReportOptions(seed, quick, size)


def rerender(folder: Path, out: Path) -> list[Path]:
    """The files of the report in ``folder`` written again into ``out`` (an empty folder)."""
    from headcount_lab.cli.report import report_modules

    meta: dict[str, Any] = json.loads((folder / core.METADATA_FILE).read_text(encoding="utf-8"))
    game, opts = options(meta["command"])
    mod = importlib.import_module(report_modules()[game])
    kept: frozenset[str] = frozenset()  # every section read back from the folder
    report = mod.REPORT
    in_lang = (meta["language"],) if report.folders else ()  # a report in several languages
    o = report.options(opts.size, opts.quick, opts.seed)
    res = report.compute(o, core.QUIET, kept, folder, *in_lang)
    return list(report.write(out, res, time.perf_counter(), *in_lang))


def compare(folder: Path, out: Path) -> list[str]:
    """The files that differ between two report folders (``metadata.json`` aside)."""
    names = {p.name for p in folder.iterdir()} | {p.name for p in out.iterdir()}
    bad = []
    for name in sorted(names - {core.METADATA_FILE}):
        a, b = folder / name, out / name
        if not a.is_file() or not b.is_file():
            bad.append(f"{name}: only in {folder if a.is_file() else out}")
        elif a.read_bytes() != b.read_bytes():
            bad.append(f"{name}: differs")
    return bad


def main() -> int:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, help="keep the rewritten reports under this folder")
    args = ap.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for folder in args.folders:
            root = args.out or Path(tempfile.mkdtemp(dir=tmp))
            out = root / folder.name
            out.mkdir(parents=True, exist_ok=False)
            rerender(folder, out)
            bad = compare(folder, out)
            failed |= bool(bad)
            print(f"{folder}: {'identical' if not bad else f'{len(bad)} files differ'}")
            for line in bad:
                print(f"  {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
