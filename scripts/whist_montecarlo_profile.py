"""Forehead Whist: where montecarlo's time goes, as JSON on stdout (issue 24 item 2).

Nanoseconds of one thread's CPU per call of the pieces of a decision on random 4-player
positions (a full heuristic playout of a ``--cards``-card hand, one sampled deal of the unseen
cards, one ``mc_bid`` with ``--bid-samples``), then matches per second with each ``--bots`` bot
at every seat. Run it from two checkouts (``PYTHONPATH``) in turn to compare them.
"""

import json
import os
import time

import numpy as np
from numba import njit

from headcount_lab.core.rng import block_state
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.whist import agents
from headcount_lab.games.whist.rules import WhistRules
from headcount_lab.research.whist.challenge import matches_per_second


def _position(seed: int, k: int, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """A random deal of ``k`` cards to 4 seats and the observation of ``seat`` about to bid
    (dealer 3, the seats before it have bid at random)."""
    n, ranks = 4, 8
    rng = np.random.default_rng(seed)
    deck = rng.permutation(4 * ranks)
    obs = np.zeros(agents.OBS_SIZE, dtype=np.int64)
    hands = np.zeros(n, dtype=np.uint64)
    for s in range(n):
        for c in deck[s * k : (s + 1) * k]:
            hands[s] |= np.uint64(1) << np.uint64(c)
        obs[agents.OFF_BIDS + s] = rng.integers(k + 1) if s < seat else -1
        obs[agents.OFF_TRICK + s] = -1
    obs[agents.O_PLAYERS] = n
    obs[agents.O_CARDS] = k
    obs[agents.O_DEALER] = n - 1
    obs[agents.O_MUST_TRUMP] = 1
    obs[agents.O_RESTRICTION] = 1
    obs[agents.O_TRUMP_CARD] = deck[n * k]
    obs[agents.O_TRUMP_SUIT] = deck[n * k] // ranks
    obs[agents.O_SEAT] = seat
    obs[agents.O_HAND] = np.int64(hands[seat])
    obs[agents.O_LED_SUIT] = -1
    obs[agents.O_WIN_CARD] = -1
    return obs, hands


# not cached: a cached caller would keep an older agents.py inlined
@njit(nogil=True, _nrt=False)
def _playouts(obs, hands, sim, sim_hands, reps):
    t = 0
    for _ in range(reps):
        for i in range(obs.shape[0]):
            sim[i] = obs[i]
        for s in range(4):
            sim[agents.OFF_BIDS + s] = 2
            sim_hands[s] = hands[s]
        agents.start_play(sim, 0)
        agents.playout(sim, sim_hands)
        t += sim[agents.OFF_TRICKS]
    return t


@njit(nogil=True, _nrt=False)
def _deals(state, obs, need, pool, dealt, reps):
    t = 0
    for _ in range(reps):
        agents.deal_unseen(state, obs, need, 1, pool, dealt)
        t += dealt[0] & 1
    return t


@njit(nogil=True, _nrt=False)
def _bids(state, params, obs, work, uwork, reps):
    t = 0
    for _ in range(reps):
        t += agents.mc_bid(state, params, obs, work, uwork, -1)
    return t


def main() -> int:
    ap = OneLineParser(description=__doc__)
    ap.add_argument("--cards", type=int, default=7)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--bid-samples", type=int, default=64)
    ap.add_argument("--bots", nargs="*", default=["montecarlo"])
    ap.add_argument("--matches", type=int, default=120)
    args = ap.parse_args()
    k = args.cards
    positions = [_position(seed, k, 1) for seed in range(args.positions)]
    work, uwork = agents.new_work()
    sim = np.zeros(agents.OBS_SIZE, dtype=np.int64)
    sim_hands = np.zeros(4, dtype=np.uint64)
    need = np.full(4, k, dtype=np.int64)
    pool = np.zeros(48, dtype=np.int64)
    dealt = np.zeros(4, dtype=np.uint64)
    params = agents.policy_params([f"montecarlo:bid_samples={args.bid_samples}"])[1][0]
    state = block_state(1, 0)
    pieces = {
        "playout": (lambda o, h, r: _playouts(o, h, sim, sim_hands, r), 100_000),
        "deal": (lambda o, h, r: _deals(state, o, need, pool, dealt, r), 100_000),
        "mc_bid": (lambda o, h, r: _bids(state, params, o, work, uwork, r), 200),
    }
    out: dict = {"cards": k, "bid_samples": args.bid_samples, "ns_per_call": {}}
    for name, (fn, reps) in pieces.items():
        fn(*positions[0], 1)  # compile
        t = time.thread_time()
        for o, h in positions:
            fn(o, h, reps)
        out["ns_per_call"][name] = (time.thread_time() - t) / (reps * len(positions)) * 1e9
    rules = WhistRules(players=4)
    out["matches_per_s_cpu"] = {b: matches_per_second(rules, b, args.matches) for b in args.bots}
    out["load_average_at_end"] = list(os.getloadavg())
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
