"""The engine a table compiles holds only its bots' code (issue 10 item 4, compile time): tables
without ``equilibrium`` and ``responder`` bots run the engine of the base bot set
(:data:`.agents.BASE`), which must play exactly the games of the full one."""

from __future__ import annotations

import numpy as np
import pytest
from engine_support import setup_for

from headcount_lab.core.rng import block_state
from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount import kernels as E
from headcount_lab.games.headcount import tournament as T
from headcount_lab.games.headcount.rules import HeadcountRules


@pytest.mark.parametrize(
    ("bots", "wanted"),
    [
        ("reader,odds,tips,random,bluffer", "base"),
        ("equilibrium,odds", "every"),
        ("responder,reader,tips", "every"),
        ("random,random,equilibrium,responder", "every"),
        ("bayes,equilibrium,equilibrium", "readers"),
        ("bayes:field=odds,odds,odds", "readers"),
        ("bayes:field=bayes,bayes,bayes", "readers"),
        ("bayes:field=bayes,bayes:field=odds,odds", "readers"),
        ("bayes:field=bayes,bayes:field=bayes", "readers"),
    ],
)
def test_bot_set_compiles_other_bots_only_where_they_sit(bots, wanted):
    sets = {s.name: s for s in (A.BASE, A.EVERY, A.READERS)}
    _, policies, _, _ = setup_for(bots).kernel_args()
    assert A.bot_set(policies) is sets[wanted]
    assert E.engine(A.bot_set(policies)) is E.engine(sets[wanted])
    assert len({id(E.engine(s)) for s in sets.values()}) == 3


def test_a_lone_bayes_bot_asked_by_act_uses_the_bayes_tables_set():
    assert A.bot_set([A.BAYES]) is A.READERS  # what act() asks one of them
    assert A.bot_set(np.array([A.BAYES, A.ODDS])) is A.READERS


def _block(setup, monkeypatch, bots):
    perms, pol, par, rules = setup.kernel_args()
    monkeypatch.setattr(T, "bot_set", lambda policies: bots)
    st = T.new_block_stats(setup)
    trace = np.zeros((100_000, 3), np.int64)
    n = T.play_block(40, perms, pol, par, rules, setup.beliefs(), block_state(8, 0), st, trace)
    return st, trace[:n]


# Trickster (H10) too: the base engine asks its pointing bots inline, the full one by a real call
@pytest.mark.parametrize("trickster", [False, True])
def test_base_engine_plays_the_full_engines_games(monkeypatch, trickster):
    setup = setup_for("reader,odds,tips,random,bluffer", HeadcountRules(trickster=trickster))
    base_st, base_trace = _block(setup, monkeypatch, A.BASE)
    full_st, full_trace = _block(setup, monkeypatch, A.EVERY)
    assert base_trace.shape[0] > 1000 and (base_trace[:, 0] == E.T_POINT).any() == trickster
    np.testing.assert_array_equal(base_trace, full_trace)
    for key, value in full_st.items():
        np.testing.assert_array_equal(base_st[key], value, err_msg=key)


def test_engine_with_bayes_plays_the_full_engines_games(monkeypatch):
    # the bayes bots' set (READERS) is the full one plus their own code: a table without them
    # plays the same games in both
    setup = setup_for("equilibrium,responder,reader,tips", HeadcountRules(trickster=True))
    full_st, full_trace = _block(setup, monkeypatch, A.EVERY)
    all_st, all_trace = _block(setup, monkeypatch, A.READERS)
    assert full_trace.shape[0] > 1000
    np.testing.assert_array_equal(all_trace, full_trace)
    for key, value in full_st.items():
        np.testing.assert_array_equal(all_st[key], value, err_msg=key)
