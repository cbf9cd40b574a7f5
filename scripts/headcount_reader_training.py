"""Issue 22 item 3, a measured attempt: train the ``equilibrium`` table against Bayesian readers
of the table being trained, then let the meter's reader play three seats of the result.

    python scripts/headcount_reader_training.py --out /tmp/readers.npz --iterations 30 \
        --rounds 50000 --share 0.6 --start-k 3 --games 4000 --seed 11

Continues fictitious play from the committed table (``--start-k``: the iteration it counts as;
a small value lets the new best responses weigh more) with a population of
``bayes:field=equilibrium`` seats that read this iteration's table and ``odds``
(``--field``, share ``--share``; ``research/headcount/equilibrium_train.py``). It keeps the
committed table's stated call beliefs, saves the new table to ``--out`` and prints, for the
committed table and the new one, on the same seed: the reader's win share against three seats
of the table (fair 25%) and the table's share against three ``odds`` (what hiding costs).
Prints one JSON object.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from headcount_lab.core.runner import run_job
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.headcount import equilibrium as EQ
from headcount_lab.games.headcount.rules import HeadcountRules
from headcount_lab.games.headcount.tournament import tournament
from headcount_lab.research.headcount.equilibrium_train import train

READER = "bayes:field=equilibrium"
FIELDS = {"reader": f"{READER},equilibrium,equilibrium,equilibrium",
          "against_odds": "equilibrium,odds,odds,odds"}  # fmt: skip


def share(bots: str, table: str, games: int, seed: int) -> tuple[float, float]:
    """The first bot's game-win share over ``games`` games, seats rotated, and its 95% half-width
    (binomial over its games: the copies of the other bot do not enter it)."""
    tour = tournament(HeadcountRules(), bots, 4, games, True, table)
    s = tour.summarize(run_job(tour.job, seed), seed)["per_bot"][0]
    p, g = s["rate"], s["games"]
    return p, 1.96 * (p * (1 - p) / g) ** 0.5


def main() -> None:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--iterations", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=50_000)
    ap.add_argument("--share", type=float, default=0.6)
    ap.add_argument("--field", default=f"{READER};{READER};odds")
    ap.add_argument("--start-k", type=int, default=3)
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args()
    committed = EQ.default_path(False)
    start = EQ.load_policy(committed, False)
    t0 = time.perf_counter()
    pol = train(4, a.iterations, a.rounds, a.seed, 0.1, tuple(a.field.split(";")), a.share,
                start=start, start_k=a.start_k)  # fmt: skip
    seconds = time.perf_counter() - t0
    command = ap.command(a, always=("out", "seed"))
    meta = {**pol.meta, "command": command, "start": str(committed.name)}
    EQ.save_policy(a.out, EQ.EquilibriumPolicy(pol.policy, start.call_win, meta))
    out: dict[str, object] = {"command": command, "training_seconds": round(seconds, 1)}
    for name, table in (("committed", str(committed)), ("trained", str(a.out))):
        out[name] = {k: share(bots, table, a.games, a.seed) for k, bots in FIELDS.items()}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
