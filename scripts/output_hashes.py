"""Hash the outputs of a fixed list of seeded commands, to show that a refactor changed nothing.

    python scripts/output_hashes.py > before.json          # on the old commit
    python scripts/output_hashes.py --check before.json    # on the new one: exit 1 on a change

Every command runs with a fixed seed. Timings, speeds, host names, dates and the git commit are
removed before hashing (they change on every run); everything else must be byte-identical:
the ``--json`` outputs of the README's examples and every CSV of the ``--quick`` reports.
Commands run through the interpreter running this script, so the checkout it imports is measured.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from headcount_lab.core.scripts import OneLineParser

ROOT = Path(__file__).resolve().parents[1]

COMMANDS: list[list[str]] = [
    ["headcount", "count", "Q♥", "7♥", "K♥", "5♠", "3♥", "--json"],
    ["headcount", "count", "QH", "7H", "KH", "5S", "JK", "--draw", "AS", "--json"],
    ["headcount", "odds", "--players", "4", "--see", "7♥ K♥ 5♠", "--json"],
    ["headcount", "odds", "--players", "3", "--see", "JK A♠", "--peek", "7♥", "--json"],
    ["headcount", "deal", "--players", "4", "--hands", "2000000", "--seed", "1", "--json"],
    [
        "headcount",
        "deal",
        "--players",
        "5",
        "--hands",
        "500000",
        "--seed",
        "7",
        "--json",
        "--variant",
        "double",
    ],
    [
        "headcount",
        "simulate",
        "--players",
        "4",
        "--bots",
        "reader,odds,tips,random",
        "--games",
        "20000",
        "--seed",
        "1",
        "--rotate-seats",
        "--json",
    ],
    [
        "headcount",
        "simulate",
        "--players",
        "5",
        "--bots",
        "odds,bluffer,tips,random,odds",
        "--games",
        "5000",
        "--seed",
        "3",
        "--variant",
        "trickster",
        "--json",
    ],
    [
        "headcount",
        "simulate",
        "--players",
        "3",
        "--bots",
        "odds,odds,tips",
        "--games",
        "5000",
        "--seed",
        "2",
        "--variant",
        "double",
        "--rule",
        "tie_goes_to=caller",
        "--json",
    ],
    [
        "whist",
        "blind-odds",
        "--players",
        "4",
        "--see",
        "K♠ ? 8♥ A♦",
        "--trump-card",
        "9♦",
        "--json",
    ],
    ["whist", "schedule", "--players", "4", "--json"],
    [
        "whist",
        "simulate",
        "--players",
        "4",
        "--bots",
        "montecarlo,heuristic,heuristic,random",
        "--matches",
        "300",
        "--seed",
        "1",
        "--rotate-seats",
        "--json",
    ],
    [
        "whist",
        "simulate",
        "--players",
        "3",
        "--bots",
        "heuristic,random,heuristic",
        "--matches",
        "2000",
        "--seed",
        "5",
        "--json",
    ],
    ["whist", "score", "docs/games/whist-score-example.json", "--json"],
]

REPORTS: list[list[str]] = [
    ["report", "headcount", "--quick", "--seed", "1"],
    ["report", "whist", "--quick", "--seed", "1"],
]

VOLATILE = {
    "seconds",
    "rounds_per_second",
    "hands_per_second",
    "matches_per_second",
    "elapsed",
    "started",
    "finished",
    "host",
    "git_commit",
    "commit",
    "time",
    "timings",
    "rate",
    "games_per_second",
    "speed",
    "wall_seconds",
    "cpu_seconds",
}


def _scrub(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _scrub(v) for k, v in obj.items() if k not in VOLATILE}
    if isinstance(obj, list):
        return [_scrub(v) for v in obj]
    return obj


_ENTRY = "import sys; from headcount_lab.cli.app import main; main(sys.argv[1:])"


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _ENTRY, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def collect() -> dict[str, str]:
    out: dict[str, str] = {}
    for args in COMMANDS:
        proc = _run(args)
        key = " ".join(args)
        if proc.returncode != 0:
            out[key] = f"exit {proc.returncode}: {proc.stderr.strip()[:200]}"
            continue
        try:
            data = json.loads(proc.stdout)
        except json.JSONDecodeError:
            out[key] = "not json: " + _digest(proc.stdout)
            continue
        out[key] = _digest(json.dumps(_scrub(data), sort_keys=True))
    with tempfile.TemporaryDirectory() as tmp:
        for args in REPORTS:
            folder = Path(tmp) / args[1]
            proc = _run([*args, "--out", str(folder)])
            if proc.returncode != 0:
                out[" ".join(args)] = f"exit {proc.returncode}: {proc.stderr.strip()[:200]}"
                continue
            for csv in sorted(folder.rglob("*.csv")):
                out[f"{' '.join(args)} :: {csv.relative_to(folder)}"] = _digest(
                    csv.read_text(encoding="utf-8")
                )
    return out


def main() -> int:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=Path, help="manifest from an earlier run to compare with")
    args = parser.parse_args()
    now = collect()
    if args.check is None:
        print(json.dumps(now, indent=1, ensure_ascii=False))
        return 0
    before = json.loads(args.check.read_text(encoding="utf-8"))
    changed = sorted(k for k in before.keys() | now.keys() if before.get(k) != now.get(k))
    for key in changed:
        print(f"changed: {key}: {before.get(key)} -> {now.get(key)}")
    print(f"{len(before) - len(changed)} of {len(before)} outputs identical")
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
