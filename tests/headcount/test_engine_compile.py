"""Compile-time hygiene of the engine: every jitted function is compiled for one signature.

A second signature is a second compile paid by every cold start (CLI and CI). It creeps in
silently: a numba literal (``nb = 0``, a constant argument) makes a called helper compile once
for ``Literal[int](0)`` and again for ``int64``; an int32 index next to an int64 one does the
same. The check compiles in a fresh process with an empty cache (from a cache numba loads only
the kernel, not the helpers linked into it), so other tests' calls cannot add signatures; that
costs a full compile, hence ``slow`` (``make test-all``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

PROGRAM = """
import json
import numpy as np
from headcount_lab.core import rng
from headcount_lab.games.headcount import agents, exact, observation, rules
from headcount_lab.games.headcount import kernels
from headcount_lab.games.headcount import tournament as T
from headcount_lab.games.headcount.agents import parse_bots
from headcount_lab.games.headcount.rules import HeadcountRules

bots = tuple(parse_bots("reader,odds,tips,random,bluffer", 5))
for flags in ({}, {"trickster": True}, {"double": True}, {"hidden_card": False}):
    setup = T.Setup(bots, HeadcountRules(**flags), False)
    perms, pol, par, rl = setup.kernel_args()
    for trace in (None, np.zeros((5000, 3), np.int64)):  # logging off and on
        T.play_block(3, perms, pol, par, rl, setup.beliefs(), rng.block_state(1, 0),
                     T.new_block_stats(setup), trace)
counts = {}
engines = {f"play_deals_{s.name}": kernels.engine(s) for s in (agents.BASE, agents.EVERY)}
for mod, names in ((kernels, engines), (agents, None), (observation, None), (exact, None),
                   (rules, None), (rng, None)):
    for name, obj in (names or vars(mod)).items():
        if hasattr(obj, "signatures") and obj.signatures:
            counts[mod.__name__.rsplit(".", 1)[1] + "." + name] = len(obj.signatures)
print(json.dumps(counts))
"""


@pytest.mark.slow
def test_every_engine_function_compiles_for_one_signature(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    counts = json.loads(out.stdout.strip().splitlines()[-1])
    assert "kernels.play_deals_base" in counts and "agents.mixture_bid" in counts
    assert {k: v for k, v in counts.items() if v > 1} == {}
    # the base bots' table compiles the base engine alone, without the other bots' code: not the
    # full engine, nor the real call that holds the equilibrium bot's rare decisions
    assert "kernels.play_deals_every" not in counts and "agents.act_rare" not in counts
