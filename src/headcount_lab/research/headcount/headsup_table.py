"""Writes the ``equilibrium`` bot's solved heads-up table: the four peek situations solved by
CFR+ (:mod:`.headsup`), each information set's probabilities quantised to 255ths, in the file
that :mod:`headcount_lab.games.headcount.headsup_policy` reads and plays (:func:`build`,
:func:`save`; the command is :data:`~headcount_lab.games.headcount.headsup_policy.COMMAND`).
The file's layout is described there; the bot never calls the solver.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from headcount_lab.games.headcount.headsup_policy import (
    COMMAND,
    ITERATIONS,
    SCHEMA,
    SITUATIONS,
    STEP,
    Q,
)
from headcount_lab.games.headcount.rules import VERSION, HeadcountRules
from headcount_lab.research.headcount import headsup as hu


def quantise(tree: hu.HeadsUpTree, policy: np.ndarray) -> np.ndarray:
    """uint8[size]: every information set's row of the normalised ``policy`` in 255ths, by
    largest remainders (rows sum to exactly 255; ties to the lower action)."""
    out = np.zeros(tree.size, dtype=np.uint8)
    for n in np.flatnonzero(tree.kind != hu.TERMINAL):
        na = int(tree.n_act[n])
        lo = int(tree.act_base[n])
        block = policy[lo : lo + int(tree.rows[n]) * na].reshape(-1, na) * Q
        base = np.floor(block).astype(np.int64)
        short = Q - base.sum(axis=1)
        order = np.argsort(-(block - base), axis=1, kind="stable")
        ranks = np.argsort(order, axis=1, kind="stable")
        base += ranks < short[:, None]
        out[lo : lo + block.size] = base.ravel().astype(np.uint8)
    return out


def dequantise(tree: hu.HeadsUpTree, q: np.ndarray) -> np.ndarray:
    """The float policy the bot plays from the 255ths ``q``."""
    return hu.normalise(tree, q.astype(np.float64))


def build(iterations: int = ITERATIONS, step: int = STEP,
          rules: HeadcountRules | None = None) -> dict[str, Any]:  # fmt: skip
    """Solve the four peek situations and return the file's arrays (``meta`` a dict)."""
    rules = rules or HeadcountRules()
    if rules.double:
        raise ValueError("the heads-up policy is solved for the standard deck only")
    nodes, edges, pols, roots = [], [], [], []
    n_off = e_off = p_off = 0
    situations: dict[str, Any] = {}
    bids = hu.default_bids(step)
    for name, peeks in SITUATIONS:
        ab = hu.HeadsUpAbstraction(rules, bids, peeks)
        solver, summary = hu.solve(ab, iterations)
        t = solver.tree
        q = quantise(t, solver.average_policy())
        ev = hu.evaluate(t, solver.deals, dequantise(t, q))
        situations[name] = {
            "start_player_loses": summary["start_player_loses"],
            "exploitability": summary["exploitability"],
            "quantised_start_player_loses": 1.0 - ev["value"],
            "quantised_exploitability": ev["exploitability"],
            "information_sets": summary["information_sets"],
        }
        nodes.append(np.stack([t.kind, t.actor, t.peeked, t.n_act, t.first + e_off,
                               t.act_base + p_off], axis=1))  # fmt: skip
        edges.append(np.stack([t.code, t.child + n_off], axis=1))
        pols.append(q)
        roots.append(n_off)
        n_off += t.n_nodes
        e_off += t.child.size
        p_off += t.size
    meta = {
        "schema": SCHEMA,
        "rules_version": VERSION,
        "rules": {k: rules.as_dict()[k] for k in hu.ROUND_FLAGS},
        "bids": list(bids),
        "iterations": iterations,
        "command": COMMAND,
        "situations": situations,
    }
    return {
        "node": np.concatenate(nodes).astype(np.int64),
        "edge": np.concatenate(edges).astype(np.int64),
        "policy": np.concatenate(pols),
        "root": np.array(roots, dtype=np.int64),
        "bids": np.array(bids, dtype=np.int64),
        "meta": meta,
    }


def save(path: Path, data: dict[str, Any]) -> None:
    """Write :func:`build`'s arrays (compressed npz, atomically)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    arrays = {k: v for k, v in data.items() if k != "meta"}
    np.savez_compressed(tmp, **arrays, meta=np.array(json.dumps(data["meta"], sort_keys=True)))
    tmp.replace(path)  # a crash never leaves half a file under the final name
