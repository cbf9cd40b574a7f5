"""Where a Foolish Faces search decision spends its time (4 players, one thread's CPU).

A search decision (``pimc``, the root of ``ismcts``) is ``samples x plays`` rollouts: a sampled
deal (``agents.determinise``), a copy of it, then the round finished with the rule of thumb in
every seat (``agents.rollout``). Each step of a rollout is the legal moves (``bits.legal_mask``),
the rule of thumb's choice (``agents.rules_act``, which once read a copy of the mover's
observation, ``bits.observe``) and the play (``bits.play``, ``bits.close_trick``). This script
takes ``--states`` states from games of four ``rules`` bots (every decision with a choice) and
prints nanoseconds per call of each piece over them, best of three, and the rollout's steps::

    python scripts/foolish_search_profile.py
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit, uint64

from headcount_lab.core.rng import block_state
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.foolish import agents, kernels
from headcount_lab.games.foolish import bits as B


@njit(nogil=True)
def _collect(rng, states, count, params):
    """Decision states (full states with a choice for the mover) from ``rules`` self-play."""
    S = np.zeros(B.STATE_SIZE, dtype=np.int64)
    obs = np.zeros(B.STATE_SIZE, dtype=np.int64)
    deck = np.zeros(kernels.DECK.shape[0], dtype=np.int64)
    cov = np.zeros(agents.COV_SIZE, dtype=np.int64)
    pteam = np.zeros(B.MAXN, dtype=np.float64)
    k = 0
    while k < count:
        B.begin_round(S, 4, 1, 4, 0, 5, 2, 1, 1, 1)
        kernels.deal(rng, deck, S)
        while not B.round_over(S) and k < count:
            seat = B.to_move(S)
            mask = B.legal_mask(S, seat, cov)
            B.observe(S, seat, obs)
            if mask & (mask - uint64(1)) != 0:
                states[k, :] = S
                k += 1
            a = agents.rules_act(obs, mask, params, cov, pteam)
            agents._step(S, seat, a, cov)


@njit(nogil=True)
def _time(states, piece, reps, params):
    """Run ``piece`` on every state ``reps`` times; returns a checksum (kept live)."""
    n = states.shape[0]
    obs = np.zeros(B.STATE_SIZE, dtype=np.int64)
    trial = np.zeros(B.STATE_SIZE, dtype=np.int64)
    samp = np.zeros(B.STATE_SIZE, dtype=np.int64)
    buf = np.zeros(128, dtype=np.int64)
    cov = np.zeros(agents.COV_SIZE, dtype=np.int64)
    pteam = np.zeros(B.MAXN, dtype=np.float64)
    rng = np.array([1, 2, 3, 4], dtype=np.uint64)
    acc = 0
    for _ in range(reps):
        for i in range(n):
            S = states[i]
            seat = B.to_move(S)
            if piece == 0:  # observe
                B.observe(S, seat, obs)
                acc += obs[B.S_LEN]
            elif piece == 1:  # legal moves
                acc += np.int64(B.legal_mask(S, seat, cov) & uint64(1023))
            elif piece == 2:  # observe + rules_act
                mask = B.legal_mask(S, seat, cov)
                B.observe(S, seat, obs)
                acc += agents.rules_act(obs, mask, params, cov, pteam)
            elif piece == 3:  # rules_act on the state itself
                mask = B.legal_mask(S, seat, cov)
                acc += agents.rules_act_at(S, seat, mask, params, cov, pteam)
            elif piece == 4:  # determinise
                B.observe(S, seat, obs)
                acc += agents.determinise(rng, obs, samp, buf)
            elif piece == 5:  # copy + the rest of the round by rules (one rollout)
                for x in range(B.STATE_SIZE):
                    trial[x] = S[x]
                agents.rollout(trial, params, cov, pteam)
                acc += trial[B.OFF_PTS]
            elif piece == 6:  # steps of that rollout
                for x in range(B.STATE_SIZE):
                    trial[x] = S[x]
                acc += 52 - trial[B.S_TRICK_NO] * 4 - trial[B.S_LEN]
    return acc


PIECES = (
    "observe",
    "legal_mask",
    "legal_mask + observe + rules_act",
    "legal_mask + rules_act on the state (no observe)",
    "observe + determinise",
    "copy + rollout to the round's end",
)


def main() -> None:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--states", type=int, default=4000)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    states = np.zeros((args.states, B.STATE_SIZE), dtype=np.int64)
    params = agents.policy_params(["rules"])[1][0]
    _collect(block_state(args.seed, 0), states, args.states, params)
    steps = _time(states, 6, 1, params) / args.states
    print(f"{args.states} decision states from rules self-play; a rollout from them: "
          f"{steps:.1f} turns on average")  # fmt: skip
    for piece, name in enumerate(PIECES):
        reps = max(1, args.reps // 10) if piece == 5 else args.reps
        _time(states[:10], piece, 1, params)  # compile
        best = float("inf")
        for _ in range(3):
            c = time.thread_time()
            _time(states, piece, reps, params)
            best = min(best, time.thread_time() - c)
        print(f"{name}: {best / (args.states * reps) * 1e9:,.0f} ns per call")


if __name__ == "__main__":
    main()
