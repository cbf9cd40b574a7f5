"""Judge every house rule of a game with ``GAME compare`` and store the runs for its report.

    python scripts/rule_lab.py headcount --games 20000 --seed 1 --adapt quick
    python scripts/rule_lab.py whist --games 600 --seed 1
    python scripts/rule_lab.py foolish --games 600 --seed 1 --field competent --tag competent
    python scripts/rule_lab.py poohead --resolve quick --tag resolved
    python scripts/rule_lab.py foolish --games 600 --seed 1 --field competent --adapt full \
        --only single_round,party_crasher --tag competent-adapted

One ``compare`` per change of the game's rule lab (``RuleLab.changes`` in its metrics), each
against the default rules, on the same seed (so every change is played on the same deals), with the
game's compare field unless ``--field`` says otherwise. The JSON of every run goes into
``data/rule-lab-GAME-v<rules version>.json`` with this command line, written after each change,
so an interrupted run resumes where it stopped when started again with the same arguments
(``--fresh`` starts over). The game's report reads the file.

``--resolve BUDGET`` plays no comparison: for every change it re-solves the game's committed
competent field under the base rules and under the changed rules, as ``compare --adapt
--adapt-budget BUDGET`` does (:func:`headcount_lab.core.adapt.solved_under`), and stores each
field's support; the report shows whether players who adapted would be another field. The
competent check's changes under which that field is another are played again with ``--adapt``
(the last example): the report takes those runs in their places (the lab's ``check_adapted``).
"""

from __future__ import annotations

import json
import shlex
import sys
import time

from headcount_lab.analysis import rulelab
from headcount_lab.cli import games as G
from headcount_lab.cli.run_options import RunOptions
from headcount_lab.core.paths import atomic_write_json
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games import GAMES


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(rulelab.labbed()))
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--field", default=None)
    parser.add_argument(
        "--adapt",
        default=None,
        metavar="BUDGET",
        help="also play the players who adapted (compare --adapt, this budget)",
    )
    parser.add_argument(
        "--resolve",
        default=None,
        metavar="BUDGET",
        help="re-solve the competent field under each change instead of comparing",
    )
    parser.add_argument("--only", default=None, help="comma-separated change names")
    parser.add_argument("--fresh", action="store_true")
    parser.add_argument(
        "--tag", default="", help="store under data/rule-lab-GAME-TAG-v*.json (a second field)"
    )
    args = parser.parse_args()
    if args.resolve is None and args.games < 1:
        parser.error("--games is required (a positive count) unless --resolve is given")
    spec = GAMES[args.game]
    command = "python scripts/rule_lab.py " + shlex.join(sys.argv[1:])
    settings = {"games": args.games, "seed": args.seed, "players": args.players,
                "field": args.field, "adapt": args.adapt}  # fmt: skip
    if args.resolve is not None:
        settings = {"players": args.players, "resolve": args.resolve}
    path = rulelab.path_of(args.game, spec.version, tag=args.tag)
    stored = {"schema": rulelab.SCHEMA, "game": args.game, "rules_version": spec.version,
              "settings": settings, "commands": [], "runs": {}}  # fmt: skip
    if path.exists() and not args.fresh:
        old = json.loads(path.read_text(encoding="utf-8"))
        if old.get("settings") == settings and old.get("rules_version") == spec.version:
            stored = old
    changes = rulelab.lab(args.game).changes
    wanted = list(changes) if args.only is None else args.only.split(",")
    unknown = [k for k in wanted if k not in changes]
    if unknown:
        parser.error(f"unknown changes: {', '.join(unknown)}")
    if command not in stored["commands"]:
        stored["commands"].append(command)
    for name in wanted:
        if name in stored["runs"]:
            continue
        extra = {} if args.adapt is None else {"adapt": True, "adapt_budget": args.adapt}
        t0 = time.perf_counter()
        if args.resolve is not None:
            res = resolved(spec, changes[name], args.players, args.resolve)
        else:
            res = G.compare(spec, list(changes[name]), [], None, None, args.players, args.field,
                            args.games, args.seed, RunOptions(quiet=True), **extra)  # fmt: skip
        res["seconds_total"] = round(time.perf_counter() - t0, 1)
        stored["runs"][name] = res
        atomic_write_json(path, stored)
        print(f"{name}: {res['seconds_total']:.0f} s", flush=True)
    print(f"{command}: written to {path}")


def resolved(spec, assignments, players: int, budget: str) -> dict:  # type: ignore[no-untyped-def]
    """The competent field re-solved under the base rules and under ``assignments``: each
    one's support (members with their weights), the cache file and the seconds it took."""
    from headcount_lab.core.adapt import solved_under, support_of

    out = {}
    for arm, flags in (("base", []), ("changed", list(assignments))):
        rules = spec.make_rules(None, flags, players)
        data, file, seconds, cached = solved_under(spec, players, rules, budget)
        out[arm] = {"support": [{"bot": b, "weight": w} for b, w in support_of(data)],
                    "regret": data["regret"], "regret_ci95": data["regret_ci95"],
                    "games_per_profile": data["games_per_profile"],
                    "members": data["table"]["members"], "seconds": round(seconds, 1),
                    "cached": cached}  # fmt: skip
    return out


if __name__ == "__main__":
    main()
