"""Where a Foolish Faces round with ``random`` bots spends its time (4 players, one thread's CPU).

Each line plays ``--rounds`` rounds from block 0 of ``--seed`` with the kernels' own pieces and
prints microseconds per round, best of three:

- ``deal``: reset the state and deal (F2) only;
- ``lowest``: deal, then every seat plays its lowest legal action (legal moves, plays and tricks,
  no random draws);
- ``random``: deal, then a uniform legal action as the ``random`` bot through the general loop
  (``bits.legal_mask``, ``agents.random_act``, ``bits.play``, ``bits.close_trick``);
- ``random, all-random path``: deal, then :func:`kernels.random_tricks`, the same games on a
  packed trick (what ``bench`` times for four ``random`` bots, without the game and statistics
  around it);
- ``no legal moves``: deal, then the lowest type held face down, the lowest held but Q and K face
  up when last (plays and tricks without legal-move generation; not always legal, F6).

``random - lowest`` is the cost of the draws, ``lowest - no legal moves`` that of the legal moves.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit, uint64

from headcount_lab.core.rng import block_state
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.foolish import agents, kernels
from headcount_lab.games.foolish import bits as B

MODES = {"deal": 0, "lowest": 1, "random": 2, "random, all-random path": 4, "no legal moves": 3}


@njit(nogil=True)
def _rounds(rng, count, mode):
    S = np.zeros(B.STATE_SIZE, dtype=np.int64)
    deck = np.zeros(kernels.DECK.shape[0], dtype=np.int64)
    cov = np.zeros(agents.COV_SIZE, dtype=np.int64)
    no_log = np.empty(0, dtype=np.int16)
    for _ in range(count):
        B.begin_round(S, 4, 1, 4, 0, 5, 2, 0, 1, 1)
        kernels.deal(rng, deck, S)
        if mode == 0:
            continue
        if mode == 4:
            kernels.random_tricks(rng, S, no_log, 0)
            continue
        while not B.round_over(S):
            seat = B.to_move(S)
            if mode == 3:
                mask = uint64(S[B.OFF_HELD + seat])
                up = mask & ~uint64(B.QK_BITS)
                if S[B.S_LEN] == 3 and up:
                    mask = up << uint64(B.A_UP)
            else:
                mask = B.legal_mask(S, seat, cov)
            a = agents.random_act(rng, mask) if mode == 2 else B.nth_bit(mask, 0)
            B.play(S, seat, a)
            if S[B.S_LEN] == 4:
                B.close_trick(S, cov)


def main() -> None:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    for name, mode in MODES.items():
        _rounds(block_state(args.seed, 0), 10, mode)  # compile
        best = float("inf")
        for _ in range(3):
            c = time.thread_time()
            _rounds(block_state(args.seed, 0), args.rounds, mode)
            best = min(best, time.thread_time() - c)
        print(f"{name}: {best / args.rounds * 1e6:.2f} us per round")


if __name__ == "__main__":
    main()
