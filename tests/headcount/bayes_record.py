"""The ``bayes`` bot's decisions and posteriors on seeded games, as digests (issue 22: the bot
made cheaper must decide bit for bit as before).

:func:`record` plays a few seeded deals of each table of :data:`TABLES` twice: in the
plain-Python reference engine, where every ``bayes`` decision is asked through
:func:`.agents.act` with a fresh scratch (the observation, the decision and the posterior of
:func:`.agents.bayes_posterior`: its size, its weight sum and every hypothesis's belief row,
weight and hidden card, hashed bit for bit), and in the compiled engine, whose scratch is shared
by every decision of a block (the trace of its games). ``fixtures/bayes_decisions.json`` holds
the digests of the code before the speed-up (main at 5e998a5), written by
``scripts/headcount_bayes_record.py``; ``test_bayes.py`` compares.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
from engine_support import kernel_games, setup_for

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount import observation as O
from headcount_lab.games.headcount import reference as R
from headcount_lab.games.headcount.rules import HeadcountRules

#: (name, bots, rules flags, deals; seats rotated): the deterministic fields and the table's,
#: the hidden card open and peeked, Trickster's pointing (H10), Double (H4), no hidden card, a
#: field that is not modelled exactly (two ``bayes`` seats), the reader's nested inference
TABLES: list[tuple[str, str, dict[str, Any], int]] = [
    ("equilibrium 4", "bayes,equilibrium,equilibrium,equilibrium", {}, 6),
    ("odds 4", "bayes:field=odds,odds,odds,odds", {}, 6),
    ("equilibrium 4 double", "bayes,equilibrium,equilibrium,equilibrium", {"double": True}, 4),
    (
        "equilibrium 4 trickster",
        "bayes,equilibrium,equilibrium,equilibrium",
        {"trickster": True},
        4,
    ),  # fmt: skip
    (
        "odds 3 trickster double",
        "bayes:field=odds,odds,odds",
        {"trickster": True, "double": True},
        6,
    ),  # fmt: skip
    (
        "equilibrium 5 no hidden",
        "bayes,equilibrium,equilibrium,equilibrium,equilibrium",
        {"hidden_card": False},
        2,
    ),  # fmt: skip
    ("tips 4", "bayes:field=tips,tips,tips,tips", {}, 4),
    ("bluffer 3", "bayes:field=bluffer,bluffer,bluffer", {}, 6),
    ("reader 4", "bayes:field=reader,reader,reader,reader", {}, 3),
    ("random 4", "bayes:field=random,random,random,random", {}, 3),
    ("two bayes", "bayes,bayes:field=odds,equilibrium,odds", {}, 1),
]


KINDS = ("peek", "bid", "point", "discard")  # by decision kind (.observation.PEEK, ...)


def _hash(h: Any, *values: Any) -> None:
    for v in values:
        h.update(np.ascontiguousarray(v).tobytes())


def posterior_bits(params: np.ndarray, obs: Any, tables: A.Tables) -> tuple[int, bytes]:
    """``(m, bytes)``: the posterior of :func:`.agents.bayes_posterior` on a fresh scratch, bit
    for bit: its size and weight sum, then each hypothesis's belief row, weight and hidden card."""
    work = O.new_work()
    m, wsum = A.bayes_posterior(params, obs, tables, work)
    k = np.arange(m)
    rows, cols = k >> 5, k & 31
    block = np.stack([work[A._H_ROW + rows, cols], work[A._H_W + rows, cols],
                      work[A._H_HIDDEN + rows, cols]])  # fmt: skip
    return int(m), np.float64(wsum).tobytes() + block.tobytes()


def record_table(bots: str, rules: HeadcountRules, deals: int, seed: int = 1) -> dict[str, Any]:
    """The digests of one table (see the module docstring) and what its situations cover."""
    setup = setup_for(bots, rules, rotate=True)
    beliefs = setup.beliefs()
    decisions, posteriors = hashlib.sha256(), hashlib.sha256()
    cover = dict.fromkeys(("decisions", *KINDS, "open", "peeked"), 0)
    act_for = A.act_for

    def recording(bots_set):  # type: ignore[no-untyped-def]
        act = act_for(bots_set)

        def ask(policy, params, obs, kind, tables, work, u):  # type: ignore[no-untyped-def]
            a = act(policy, params, obs, kind, tables, work, u)
            if policy == A.BAYES:
                m, bits = posterior_bits(params, obs, tables)
                _hash(decisions, np.int64(kind), np.int64(a))
                posteriors.update(bits)
                cover["decisions"] += 1
                cover[KINDS[kind]] += 1
                hidden_open = obs.table.hidden_card and obs.hidden_seen < 0
                if kind != A.DISCARD and obs.table.hidden_card:
                    cover["open" if hidden_open else "peeked"] += 1
            return a

        return ask

    R.A.act_for = recording
    try:
        R.play_deals(deals, [list(o) for o in setup.orders], list(setup.bots), rules, beliefs,
                     PyStream(block_state(seed, 0)))  # fmt: skip
    finally:
        R.A.act_for = act_for
    engine = hashlib.sha256(repr(kernel_games(setup, seed, deals)).encode())
    return {
        "decisions": decisions.hexdigest(),
        "posteriors": posteriors.hexdigest(),
        "engine": engine.hexdigest(),
        "cover": cover,
    }


def record() -> dict[str, Any]:
    """:func:`record_table` of every table of :data:`TABLES`, by name."""
    return {
        name: record_table(bots, HeadcountRules(**flags), deals)
        for name, bots, flags, deals in TABLES
    }
