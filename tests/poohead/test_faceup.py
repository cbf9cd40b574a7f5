"""The cheap+ face-up table: its data, its shrinkage, and the swap it drives."""

import numpy as np
import pytest

from headcount_lab.games.poohead import agents
from headcount_lab.games.poohead import bits as L
from headcount_lab.games.poohead.faceup_data import VALUES
from headcount_lab.games.poohead.reference import SUBSETS, Table
from headcount_lab.games.poohead.rules import PooheadRules, parse_ranks
from headcount_lab.research.poohead import faceup


def test_the_table_has_a_value_for_every_triple_and_player_count():
    assert len(faceup.TRIPLES) == 455 == agents.N_TRIPLES
    for n in (2, 3, 4):
        v = np.array(VALUES[n])
        assert v.shape == (455,) and ((v > 0) & (v < 1)).all()
        # three 10s face up beat three 3s, whatever the hand
        assert v[faceup.TRIPLES.index((8, 8, 8))] < v[faceup.TRIPLES.index((1, 1, 1))]


def test_values_shrink_rare_triples_toward_the_overall_rate():
    games = np.array([0, 10_000, 1])
    pooh = np.array([0, 2_000, 1])
    v = faceup.values(games, pooh)
    base = 2_001 / 10_001
    assert v[0] == pytest.approx(base)
    assert v[1] == pytest.approx((2_000 + faceup.PRIOR * base) / (10_000 + faceup.PRIOR))
    assert base < v[2] < 1


def test_cheap_plus_swaps_to_the_lowest_valued_face_up_triple():
    t = Table.position(PooheadRules(players=4), ["3 4 9", "5", "6", "7"], ["J K 2", "", "", ""])
    obs = t.observation(0, L.PHASE_SWAP)
    six = t.six(0)
    table = np.array(VALUES[4])

    def value(i):
        return table[faceup.TRIPLES.index(tuple(sorted(six[j] for j in SUBSETS[i])))]

    got = agents.choose_swap(agents.CHEAP_PLUS, np.zeros(2), np.ones(4, np.uint64), obs)
    assert value(got) == min(value(i) for i in range(20))
    cheap = agents.choose_swap(agents.CHEAP, np.zeros(2), np.ones(4, np.uint64), obs)
    assert sorted(six[j] for j in SUBSETS[cheap]) == parse_ranks("2 J K")


@pytest.mark.slow
def test_learning_counts_every_uncapped_game_once():
    games, pooh = faceup.learn(4, 400, seed=3)
    assert 390 <= games.sum() <= 400 and 0 < pooh.sum() < games.sum()
