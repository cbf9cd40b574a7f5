"""The toy game's own checks: the simulation against the exact answer, and its golden record."""

import json
from pathlib import Path

import numpy as np

from headcount_lab.core import runner
from headcount_lab.core.stats import chi_square_gof
from headcount_lab.games import registered
from highcard.rules import HighCardRules, chance_highest

GOLDEN = Path(__file__).parent / "golden" / "seed5-two-games.json"


def test_every_seat_holds_the_highest_card_equally_often_chi_square():
    """Exact: with a fair shuffle each of n seats holds the highest card with chance 1/n."""
    spec = registered()["highcard"]
    t = spec.load("tournament")(HighCardRules(), "odds,random,odds,random", 4, 6000, False)
    st = runner.run(t.job, 2026)
    by_seat = st["wins"].sum(axis=1)
    assert by_seat.sum() == 6000
    assert chi_square_gof(by_seat, np.full(4, 0.25)).p_value > 0.01


def test_chance_highest_counts_the_unseen_cards_above():
    # pack 2..A (ids 0..12); seeing ids 7 (9♠) and 2 (4♠): 5 of the 11 unseen cards are higher
    assert chance_highest([7, 2], 13) == 5 / 11


def test_golden_record_is_what_simulate_plays_today():
    # recorded with: headcount-lab highcard simulate --games 3000 --seed 5 --rotate-seats
    #                --record 2 --record-file tests/highcard/golden/seed5-two-games.json
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    spec = registered()["highcard"]
    t = spec.load("tournament")(HighCardRules(), "odds,odds,random,random", 4, 3000, True)
    assert json.loads(json.dumps(t.record(5, 2))) == data
