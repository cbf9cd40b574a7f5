"""Training the ``equilibrium`` table against Bayesian readers of the table being trained
(issue 22 item 3): a ``bayes:field=equilibrium`` seat of the population reads this iteration's
table, not the committed one, and a training can continue from a trained table."""

import numpy as np
import pytest

from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount import equilibrium as EQ
from headcount_lab.games.headcount.rules import HeadcountRules
from headcount_lab.research.headcount import equilibrium_train as T


def test_a_reader_in_the_population_reads_the_table_being_trained():
    bel = A.build_beliefs(False, 4, True, True, (0.5,))
    rng = np.random.default_rng(3)
    pol = rng.random((EQ.N_ROWS, EQ.N_ACT))
    pol /= pol.sum(axis=1, keepdims=True)
    gain = T.reader_gain(bel, pol, 4)
    base = bel.sf.shape[0]
    np.testing.assert_array_equal(gain[:base], bel.gain)
    # the reader's likelihood of each action is this table's probability, state by state (the
    # states of more seats than the table trained for play its largest, as in the engine)
    played = EQ.widen(EQ.EquilibriumPolicy(pol, np.zeros(EQ.BID_ROWS), {"players": 4}))[0]
    for row in (0, EQ.OPEN0 + 3, EQ.BID_ROWS - 1):
        got = [EQ.prob(gain, base, row, 0, EQ.N_ACT, a) for a in range(EQ.N_ACT)]
        np.testing.assert_allclose(got, played[row], rtol=1e-12)
    assert not np.allclose(played[EQ.BID_ROWS - 1], pol[EQ.BID_ROWS - 1])


def test_the_population_packs_the_table_being_trained_for_its_readers_only():
    """A ``bayes:field=equilibrium`` seat of the population reads this iteration's table (its
    gain rows with the table packed in), whatever bot set the table's engine plays; a
    population without a ``bayes`` seat plays from the committed rows."""
    rules = HeadcountRules()
    rng = np.random.default_rng(5)
    pol = rng.random((EQ.N_ROWS, EQ.N_ACT))
    pol /= pol.sum(axis=1, keepdims=True)
    readers = T._Population.of(("bayes:field=equilibrium", "odds"), 4, rules, "--field")
    np.testing.assert_array_equal(readers.gain(pol), T.reader_gain(readers.bel, pol, 4))
    assert not np.array_equal(readers.gain(pol), readers.bel.gain)
    plain = T._Population.of(("odds",), 4, rules, "--field")
    assert plain.gain(pol) is plain.bel.gain


# slow: a bayes field compiles a self-play copy with the bayes bots' code that only this
# option of train-equilibrium reaches (14 CPU s in a fresh clone); make test-all runs it
@pytest.mark.slow
def test_readers_change_the_training_and_keep_it_reproducible():
    field = ("bayes:field=equilibrium", "odds")
    a = T.train(4, 1, 1500, 5, 0.1, field, 0.5)
    b = T.train(4, 1, 1500, 5, 0.1, field, 0.5)
    plain = T.train(4, 1, 1500, 5, 0.1, ("odds",), 0.5)
    assert a.digest() == b.digest()
    assert a.digest() != plain.digest()
    assert T.selfplay_for(A.bot_set([A.BAYES])) is not T._selfplay


def test_a_continued_training_moves_the_table_by_one_fictitious_play_step():
    start = EQ.load_policy(EQ.default_path(False), False)
    k = 41
    after = T.train(4, 1, 1500, 5, 0.1, ("odds",), 0.5, start=start, start_k=k)
    step = np.abs(after.policy - EQ.widen(start)[0]).max()
    assert 0 < step <= 2.0 / (k + 2) + 1e-12
