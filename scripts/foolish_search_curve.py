"""Foolish Faces search bots: speed and strength against a fixed opponent, budget by budget.

For each bot spec (default: ``ismcts`` at growing budgets, 8 to 128 deals per root play) it
prints the seat turns per second of one thread's CPU time with the
bot in seat 1 and ``rules`` in the others, and the head-to-head result against ``--against``
(``ladder.head_to_head``: the two bots alternate seats, seats rotate game by game, one runner
block per game; 95% normal CI over games of the win-share difference, and of the score
difference). Example::

    python scripts/foolish_search_curve.py --games 300 --seed 80

(``--bots pimc:samples=2,pimc:samples=32,... --against pimc --games 150 --seed 60`` gave the
``pimc`` curve of the docs page.)
"""

from __future__ import annotations

import time

from headcount_lab.core.rng import block_state
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.foolish import agents, kernels
from headcount_lab.games.foolish.rules import FoolishRules
from headcount_lab.research.foolish.ladder import head_to_head

DEFAULT_BOTS = (
    "ismcts:iterations=8,ismcts:iterations=16,ismcts:iterations=32,ismcts,ismcts:iterations=128"
)


def seat_turns_per_s(rules: FoolishRules, bot: str, games: int) -> float:
    """Decisions per CPU second of ``bot`` in seat 1 against three ``rules`` bots (every turn of
    a 4-player round counted, 13 per seat, as the bench does)."""
    ids, params = agents.policy_params([bot, "rules", "rules", "rules"])
    arr = rules.array()
    kernels.run_block(block_state(0, 0), 1, arr, ids, params, False)  # compile or load
    c = time.thread_time()
    kernels.run_block(block_state(1, 0), games, arr, ids, params, False)
    cpu = time.thread_time() - c
    return games * rules.n_rounds * 13 / cpu


def main() -> None:
    from headcount_lab.games.foolish.bots import MENU

    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default=DEFAULT_BOTS, help="bot specs, comma separated")
    ap.add_argument("--against", default="pimc-top", help="the fixed opponent")
    ap.add_argument("--games", type=int, default=300, help="games per head-to-head")
    ap.add_argument("--speed-games", type=int, default=4, help="games timed for the speed")
    ap.add_argument("--seed", type=int, default=80)
    args = ap.parse_args()
    rules = FoolishRules(players=4)
    bots = MENU.split(args.bots)
    print(f"4 players, {args.games} games per bot against {args.against}, seed {args.seed}+i")
    base = seat_turns_per_s(rules, args.against, args.speed_games)
    print(f"{args.against} (the baseline): {base:,.0f} seat turns/s (CPU)")
    print(f"bot | seat turns/s (CPU) | cost x {args.against} | win share diff [95% CI] | "
          "score diff [95% CI]")  # fmt: skip
    for i, bot in enumerate(bots):
        speed = seat_turns_per_s(rules, bot, args.speed_games)
        r = head_to_head(rules, bot, args.against, args.games, args.seed + i)
        w, s = r["win_share_diff"], r["score_diff"]
        lo, hi = w["ci95"]
        slo, shi = s["ci95"]
        print(
            f"{bot} | {speed:,.0f} | {base / speed:.2f} | "
            f"{w['mean']:+.3f} [{lo:+.3f}, {hi:+.3f}] | {s['mean']:+.2f} [{slo:+.2f}, {shi:+.2f}]",
            flush=True,
        )


if __name__ == "__main__":
    main()
