"""The whist tournament job can travel to Dask workers and plays the same matches there."""

import pickle

import numpy as np

from headcount_lab.core import runner
from headcount_lab.core.rng import block_state
from headcount_lab.games.whist.rules import WhistRules
from headcount_lab.games.whist.tournament import make_job


def test_simulate_job_pickles_and_the_copy_plays_identically():
    job = make_job(WhistRules(players=4), ["heuristic", "heuristic", "random", "random"], 64, True)
    copy = pickle.loads(pickle.dumps(runner.portable(job)))
    here = job.block_fn(block_state(9, 2), 8)
    there = copy.block_fn(block_state(9, 2), 8)
    assert here.keys() == there.keys()
    for k in here:
        assert np.array_equal(here[k], there[k]), k
    assert here["matches"].sum() > 0
