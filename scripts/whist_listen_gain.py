"""What listening is worth: one bot that reads the earlier blind bids (``listen=1``) against
copies of the same bot that bids blind hands from the cards alone, seats rotated (issue 12).

    python scripts/whist_listen_gain.py [--matches 3000] [--seed 1]

Prints JSON: per table size and bot, the gain in points per match with its 95% interval
(:func:`headcount_lab.games.whist.challenge.head_to_head`: the challenger's match score minus
the field's mean score in the same matches, a t interval over blocks).
"""

from __future__ import annotations

import argparse
import json

from headcount_lab.games.whist.challenge import head_to_head
from headcount_lab.games.whist.rules import WhistRules

PAIRS = [("heuristic:listen=1", "heuristic"), ("montecarlo:listen=1", "montecarlo")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = []
    for players in (3, 4):
        for challenger, field in PAIRS:
            res = head_to_head(
                WhistRules(players=players), challenger, field, args.matches, args.seed
            )
            out.append({"players": players, **res})
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
