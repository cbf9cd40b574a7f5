"""How well the listening montecarlo's bid model fits a bot's real bids, as JSON on stdout.

    python scripts/whist_bid_model_check.py [--bot montecarlo] [--players 5] [--matches 10]
        [--seed 5]

Plays ``--matches`` matches with ``--bot`` at every seat (seats rotated) and, for every bid of a
hand of two or more cards by a seat other than the dealer (whose bid the restriction can move),
compares the bid with the heuristic's trick estimate of that hand, the centre of the model in
``agents.bid_likelihood`` (spread ``agents.LISTEN_SPREAD``). Per hand size: bids, mean and
standard deviation of bid minus estimate.
"""

from __future__ import annotations

import sys

import numpy as np

from headcount_lab.core.rng import block_state
from headcount_lab.core.scripts import OneLineParser, print_json
from headcount_lab.games.whist import agents, kernels
from headcount_lab.games.whist.rules import WhistRules


def bid_residuals(bot: str, players: int, matches: int, seed: int) -> np.ndarray:
    """Rows ``(cards, bid, estimate)`` from the match logs (layout in ``kernels.py``)."""
    rules = WhistRules(players=players)
    ids, params = agents.policy_params([bot] * players)
    rec = np.zeros((matches, kernels.log_length(players)), dtype=np.int16)
    kernels.run_block(block_state(seed, 0), matches, rules.array(), ids, params, True, rec)
    rows = []
    for m in range(matches):
        log = rec[m].tolist()
        pos = 0
        for k, dealer in rules.schedule():
            trump = log[pos]
            pos += 1
            hands = []
            for _ in range(players):
                hands.append(sum(1 << c for c in log[pos : pos + k]))
                pos += k
            bids = log[pos : pos + players]  # in bidding order, dealer last
            pos += players + players * k
            if k == 1:
                continue
            trump_suit = trump // rules.ranks if trump >= 0 else -1
            for i in range(players - 1):
                s = (dealer + 1 + i) % players
                e = agents.estimate_tricks(np.uint64(hands[s]), k, players, trump, trump_suit)
                rows.append((k, bids[i], e))
    return np.array(rows, dtype=np.float64)


def main() -> int:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="montecarlo")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--matches", type=int, default=10)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()

    def compute(progress):
        if args.matches < 1:
            raise ValueError("--matches must be positive")
        WhistRules(players=args.players)  # a ValueError for a bad table size
        d = bid_residuals(args.bot, args.players, args.matches, args.seed)
        r = d[:, 1] - d[:, 2]
        by_size = []
        for k in sorted(set(d[:, 0].astype(int).tolist())):
            rk = r[d[:, 0] == k]
            by_size.append(
                {"cards": k, "bids": len(rk), "mean": float(rk.mean()), "sd": float(rk.std())}
            )
        return {
            "bot": args.bot,
            "players": args.players,
            "matches": args.matches,
            "seed": args.seed,
            "model_spread": agents.LISTEN_SPREAD,
            "bid_minus_estimate": {"bids": len(r), "mean": float(r.mean()), "sd": float(r.std())},
            "by_hand_size": by_size,
        }

    return print_json(compute)


if __name__ == "__main__":
    sys.exit(main())
