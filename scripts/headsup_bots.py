"""How often today's bots lose heads-up rounds they start, split by who could peek.

The exact heads-up round (``headcount-lab headcount headsup``) has one value per peek situation
(who still has an open life card); the H9 flag ``next_start`` changes only which player starts.
This script plays traced games of one bot in every seat (fixed seats), replays the life cards
from the event trace, and counts the heads-up rounds (two players left) and the start player's
losses, split by whether the start player and the other player could peek (an open life card at
the start of the round), under ``next_start=loser`` and ``left_of_loser``. Wilson 95% intervals.

    PYTHONPATH=src python scripts/headsup_bots.py --bot reader --players 4 --games 20000 --seed 1 \
        [--exact hu-both.json hu-starter.json hu-other.json hu-none.json]

``--exact`` takes the ``--json`` outputs of ``headcount-lab headcount headsup --peeks ...``; each
row then also gives the equilibrium loss for its peek situation, and each flag's ``all`` row the
equilibrium loss averaged over the bots' mix of peek situations (what the rule alone would give
if players peeked as available and played the round exactly).
"""

from __future__ import annotations

import json

import numpy as np

from headcount_lab.core.rng import block_state
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.core.stats import wilson
from headcount_lab.games.headcount import kernels as E
from headcount_lab.games.headcount.agents import parse_bots
from headcount_lab.games.headcount.rules import HeadcountRules
from headcount_lab.games.headcount.tournament import Setup, play_block

BLOCK = 500  # games per traced block
ROWS_PER_GAME = 400


def tally_trace(trace: np.ndarray, n_events: int, n: int, lives: tuple[int, int]) -> np.ndarray:
    """``out[sp, op, k]``: heads-up rounds (k=0) and rounds the start player lost (k=1), by
    whether the start player (sp) and the other player (op) had an open life card."""
    out = np.zeros((2, 2, 2), np.int64)
    open_l = np.full(n, lives[0])
    down_l = np.full(n, lives[1])
    active = np.ones(n, bool)
    key: tuple[int, int] | None = None
    start = -1
    for kind, seat, value in trace[:n_events]:
        if kind == E.T_START:
            if active.sum() == 2:
                other = int(np.flatnonzero(active & (np.arange(n) != seat))[0])
                key = (int(open_l[seat] > 0), int(open_l[other] > 0))
                out[key][0] += 1
            else:
                key = None
            start = int(seat)
        elif kind == E.T_PEEK:
            open_l[seat] -= 1
            down_l[seat] += 1
        elif kind == E.T_LOSE:
            if key is not None and seat == start:
                out[key][1] += 1
            if down_l[value] > 0:  # H8: the winner turns a face-down card up
                down_l[value] -= 1
                open_l[value] += 1
        elif kind == E.T_DISCARD:
            if value == 1:
                open_l[seat] -= 1
            else:
                down_l[seat] -= 1
        elif kind == E.T_OUT:
            if open_l[seat] + down_l[seat] != 0:  # the replay of H8 went wrong
                raise AssertionError(f"seat {seat} is out with life cards left")
            active[seat] = False
        elif kind == E.T_WIN:
            open_l[:] = lives[0]
            down_l[:] = lives[1]
            active[:] = True
    return out


def run(bot: str, players: int, games: int, seed: int, next_start: str) -> np.ndarray:
    rules = HeadcountRules(next_start=next_start)
    setup = Setup(tuple(parse_bots(",".join([bot] * players), players)), rules, False)
    beliefs = setup.beliefs()
    perms, policies, params, rules_a = setup.kernel_args()
    total = np.zeros((2, 2, 2), np.int64)
    for b in range(-(-games // BLOCK)):
        state = block_state(seed, b)
        rows = ROWS_PER_GAME * BLOCK
        while True:
            st = E.new_stats(players, players)
            trial = state.copy()
            trace = np.zeros((rows, 3), np.int64)
            t_n = play_block(BLOCK, perms, policies, params, rules_a, beliefs, trial, st, trace)
            if t_n <= rows:
                break
            rows = t_n
        total += tally_trace(trace, t_n, players, rules.lives)
    return total


def main() -> None:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="reader")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--exact", nargs="*", default=[], help="headsup --json outputs")
    args = ap.parse_args()
    exact = {}  # (starter can peek, other can peek) -> equilibrium loss of the start player
    for path in args.exact:
        with open(path) as f:
            d = json.load(f)
        exact[tuple(int(p) for p in d["abstraction"]["peeks"])] = d["start_player_loses"]
    rows = []
    for ns in ("loser", "left_of_loser"):
        t = run(args.bot, args.players, args.games, args.seed, ns)
        for sp in (1, 0):
            for op in (1, 0):
                for label, (r, lost) in (
                    (f"starter {'can' if sp else 'cannot'} peek, other {'can' if op else 'cannot'}",
                     t[sp, op]),
                ):  # fmt: skip
                    if r:
                        rate, lo, hi = wilson(int(lost), int(r))
                        rows.append({"next_start": ns, "peeks": label, "rounds": int(r),
                                     "start_player_loses": rate, "ci95": [lo, hi],
                                     "equilibrium": exact.get((sp, op))})  # fmt: skip
        r, lost = t[..., 0].sum(), t[..., 1].sum()
        rate, lo, hi = wilson(int(lost), int(r))
        mix = None
        if all((sp, op) in exact for sp in (0, 1) for op in (0, 1) if t[sp, op, 0]):
            mix = sum(exact.get((sp, op), 0.0) * t[sp, op, 0] for sp in (0, 1) for op in (0, 1))
            mix /= r
        rows.append({"next_start": ns, "peeks": "all", "rounds": int(r),
                     "start_player_loses": rate, "ci95": [lo, hi],
                     "equilibrium": mix})  # fmt: skip
    head = {"bot": args.bot, "players": args.players, "games": args.games, "seed": args.seed}
    print(json.dumps(head))
    for row in rows:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
