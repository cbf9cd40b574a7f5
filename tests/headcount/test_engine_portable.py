"""The tournament job can travel to another process (Dask workers) and plays the same games."""

import pickle

import numpy as np

from headcount_lab.core import runner
from headcount_lab.core.rng import block_state
from headcount_lab.games.headcount import tournament as T
from headcount_lab.games.headcount.agents import parse_bots
from headcount_lab.games.headcount.rules import HeadcountRules


def test_simulate_job_pickles_and_the_copy_plays_identically():
    setup = T.Setup(tuple(parse_bots("reader,odds,tips,random", 4)), HeadcountRules(), True)
    job = T.make_job(setup, 48)
    sent = runner.portable(job)  # raises if the job could not reach a Dask worker
    copy = pickle.loads(pickle.dumps(sent))
    here = job.block_fn(block_state(5, 3), 4)
    there = copy.block_fn(block_state(5, 3), 4)
    assert here.keys() == there.keys()
    for k in here:
        assert np.array_equal(here[k], there[k]), k
    assert here["wins"].sum() > 0
