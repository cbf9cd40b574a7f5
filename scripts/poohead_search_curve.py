"""Poohead search bots: speed and strength against a fixed opponent, setting by setting.

For each bot spec (default: ``ismcts`` with ``cutoff=on`` and ``pimc`` with ``cutoff=on``,
then ``ismcts`` at growing budgets) it prints the games per second of one thread's CPU time
with the bot in every seat (self-play, the same ``--speed-games`` deals for every bot and for
the baseline ``--against``, timed in the same run), and the head-to-head result against
``--against``: the two bots alternate seats (``a, b, a, b``), the seating turns one seat a
game, one block per game (block ``g`` of ``--seed``); per game the difference of the share of
``a``'s seats and of ``b``'s seats that are not the Poohead (capped games, P20, count as not
lost for both), with its 95% normal interval over games (``core.stats``). A positive
difference is ``a`` stronger; "not weaker" when the interval reaches 0 or above. Example::

    python scripts/poohead_search_curve.py --games 1000 --speed-games 40 --seed 90

(the table of the docs page, ``docs/games/poohead.md``). ``--speed-only`` skips the
head-to-heads: run under two source trees (``PYTHONPATH=OLD/src``, each with its own
``NUMBA_CACHE_DIR``), it compares the code before and after a change on the same games.
"""

from __future__ import annotations

import time

import numpy as np

from headcount_lab.core.rng import block_state
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.core.stats import DIFFERENCE, Z95_ROUNDED, interval, sample_mean_ci
from headcount_lab.games.poohead import agents, kernels
from headcount_lab.games.poohead.rules import PooheadRules

DEFAULT_BOTS = (
    "ismcts:iterations=400,cutoff=on,pimc:cutoff=on,ismcts:iterations=100,"
    "ismcts:iterations=200,ismcts:iterations=800,cutoff=on"
)


def self_play_speed(rules: PooheadRules, bot: str, games: int, seed: int) -> tuple[float, float]:
    """Games and turns per CPU second of ``bot`` in every seat over ``games`` games (seeded,
    seats fixed, the same deals for every bot). Turns per second is the steadier figure: a
    game that stalls (P20) runs to the turn cap, a search at every turn, and a few of them
    move the games per second of a short run a lot."""
    ids, params = agents.policy_params([bot] * rules.players)
    arr = rules.array()
    kernels.run_block(block_state(0, 0), 1, arr, ids, params, False)  # compile or load
    c = time.thread_time()
    st = kernels.run_block(block_state(seed, 0), games, arr, ids, params, False)
    cpu = time.thread_time() - c
    turns = float((st["turns_hist"] * np.arange(st["turns_hist"].size)).sum())
    return games / cpu, turns / cpu


def head_to_head(rules: PooheadRules, a: str, b: str, games: int, seed: int) -> dict:
    """``a`` against ``b`` (see the module docstring): the not-lost difference's mean and 95%
    interval, and each side's Poohead rate per seat."""
    n = rules.players
    is_a = np.array([s % 2 == 0 for s in range(n)])
    ids, params = agents.policy_params([a if x else b for x in is_a])
    arr = rules.array()
    diff = np.empty(games)
    lost_a = lost_b = 0.0
    for g in range(games):
        rot = g % n
        st = kernels.run_block(
            block_state(seed, g), 1, arr, np.roll(ids, rot), np.roll(params, rot, axis=0), False
        )
        pooh = st["poohead_bot"] / kernels.SHARE  # by seat (bot index = seat, no rotation)
        side_a = np.roll(is_a, rot)
        pa, pb = pooh[side_a].mean(), pooh[~side_a].mean()
        lost_a += pa
        lost_b += pb
        diff[g] = pb - pa  # (1 - pa) - (1 - pb): not lost, a minus b
    mean, lo, hi = sample_mean_ci(diff, Z95_ROUNDED)
    ci = interval(mean, lo, hi, games, bounds=DIFFERENCE).ci_json
    return {"mean": mean, "ci95": ci, "pooh_a": lost_a / games, "pooh_b": lost_b / games}


def main() -> None:
    from headcount_lab.games.poohead.bots import MENU

    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default=DEFAULT_BOTS, help="bot specs, comma separated")
    ap.add_argument("--against", default="ismcts:iterations=400", help="the fixed opponent")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=1000, help="games per head-to-head")
    ap.add_argument("--speed-games", type=int, default=40, help="self-play games timed")
    ap.add_argument("--seed", type=int, default=90)
    ap.add_argument("--speed-only", action="store_true", help="time the bots, no head-to-head")
    args = ap.parse_args()
    rules = PooheadRules(players=args.players)
    bots = MENU.split(args.bots)
    print(
        f"{args.players} players, {args.games} games per bot against {args.against}, "
        f"seed {args.seed}+i; speed: {args.speed_games} self-play games, seed {args.seed}"
    )
    base, base_t = self_play_speed(rules, args.against, args.speed_games, args.seed)
    print(
        f"{args.against} (the baseline): {base:,.2f} self-play games/s, {base_t:,.0f} turns/s (CPU)"
    )
    if args.speed_only:
        for bot in bots:
            speed, turns = self_play_speed(rules, bot, args.speed_games, args.seed)
            print(
                f"{bot}: {speed:,.2f} games/s ({speed / base:.2f}x), "
                f"{turns:,.0f} turns/s ({turns / base_t:.2f}x)",
                flush=True,
            )
        return
    print(
        "bot | self-play games/s (CPU) | x baseline | turns/s | x baseline | "
        "P(Poohead) bot, baseline | not-lost diff [95% CI]"
    )
    for i, bot in enumerate(bots):
        speed, turns = self_play_speed(rules, bot, args.speed_games, args.seed)
        r = head_to_head(rules, bot, args.against, args.games, args.seed + i)
        lo, hi = r["ci95"] if r["ci95"] is not None else (float("nan"), float("nan"))
        print(
            f"{bot} | {speed:,.2f} | {speed / base:.2f} | {turns:,.0f} | {turns / base_t:.2f} | "
            f"{r['pooh_a']:.3f}, {r['pooh_b']:.3f} | {r['mean']:+.3f} [{lo:+.3f}, {hi:+.3f}]",
            flush=True,
        )


if __name__ == "__main__":
    main()
