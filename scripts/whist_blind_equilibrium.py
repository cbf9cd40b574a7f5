"""Cache the blind-hand equilibrium results too slow for every report run (issue 12).

    python scripts/whist_blind_equilibrium.py --players 5 --exact
    python scripts/whist_blind_equilibrium.py --players 6 --samples 300 --seed 2026

Solves exactly (``equilibrium.equilibrium``: 5 players take about 6 CPU minutes and 2.6 GB) or
evaluates the equilibrium on sampled dealer views (``equilibrium_sample``: about a second per
view at 6 players), and writes the raw integer sums with this command line into
``data/whist-blind-equilibrium.json``, which the Whist report reads. ``tests/whist/
test_equilibrium_sample.py`` recomputes the small entries and the first chunk of the sampled
ones and requires them equal.
"""

from __future__ import annotations

import shlex
import sys

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.whist.equilibrium import equilibrium
from headcount_lab.research.whist import equilibrium_sample as es


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--bonus", type=int, default=5)
    parser.add_argument("--exact", action="store_true")
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    command = "python scripts/whist_blind_equilibrium.py " + shlex.join(sys.argv[1:])
    if args.exact:
        result = es.exact_record(equilibrium(args.players, args.bonus))
    else:
        s = es.sampled_equilibrium(args.players, args.samples, args.seed, args.bonus)
        result = es.sampled_record(s)
    es.write_cache_entry(es.cache_key(args.players, args.bonus, args.exact), command, result)
    print(f"{command}: written to {es.CACHE}")


if __name__ == "__main__":
    main()
