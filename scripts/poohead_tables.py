"""Poohead tables (headcount_lab.games.poohead.analysis) as CSV on stdout.

python scripts/poohead_tables.py seats --games 120000 --seed 0
python scripts/poohead_tables.py house-rules --games 120000 --seed 0
"""

import argparse
import sys

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.poohead.analysis import house_rules, seat_effect

#: the house rules compared with the rulings' defaults (one flag flipped at a time)
FLIPS = [
    ["swap=off"],
    ["mix_sources=on"],
    ["pickup_takes_faceup=on"],
    ["start_scan=hand_and_faceup"],
    ["starter_free_lead=on"],
    ["voluntary_pickup=on"],
    ["ten_replay=may"],
    ["bomb_anytime=on"],
    ["eight_skip=per_card"],
    ["failed_flip_public=on"],
    ["finish_on_special=off"],
]

if __name__ == "__main__":
    ap = OneLineParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("table", choices=["seats", "house-rules"])
    ap.add_argument("--games", type=int, default=120_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, default=4, help="house-rules only")
    ap.add_argument("--bot", default="cheap", help="house-rules only")
    a = ap.parse_args()
    if a.table == "seats":
        t = seat_effect(games=a.games, seed=a.seed)
    else:
        t = house_rules(FLIPS, players=a.players, bot=a.bot, games=a.games, seed=a.seed)
    t.to_csv(sys.stdout, index=False, float_format="%.4f")
