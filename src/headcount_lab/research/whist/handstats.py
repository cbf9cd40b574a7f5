"""Hand-level statistics of whole matches, optionally played twice on the same stream.

The tournament kernel (``kernels.simulate_block``) adds up match totals by bot. The report's
questions need more: scores by hand size, the dealer's score against the other seats', streak
bonuses, totals by seat, and *paired* runs. A paired run plays every match under rules ``a``,
rewinds the block stream to where the match began and plays it again under rules ``b``. Deals
and random decisions then come out the same whenever the two rule sets do not change what the
bots draw: always when only the scoring differs (``streak_mode``), and for ``dealer_restriction``
with bots that draw nothing (``heuristic``; every bot's blind bid is exact), because the deal is
the only draw. The difference between ``a`` and ``b`` is then measured deal by deal.

Statistics (``int64``, merged by addition), with ``n`` players and ``K = MAX_CARDS + 1``:

- ``per_bot[n, len(BOT_FIELDS)]`` by bot; ``per_seat[n, len(SEAT_FIELDS)]`` by seat counted
  clockwise from the first dealer; ``dev`` is ``n * total - sum of the match's totals`` (``n``
  times the lead over the table's mean, kept whole); ``bonus_sq`` is the square of a match's
  streak bonuses (their sum is ``bonus * (up - down)``);
- ``per_bot_size[n, K, len(SIZE_FIELDS)]``: hands, score, score squared, contracts made;
- ``gap[K, len(GAP_FIELDS)]`` by hand size: the dealer's gap ``G = (n - 1) * dealer's score -
  sum of the others' scores`` (``n - 1`` times the dealer's score minus the others' mean, kept
  whole), its square under ``a`` and ``b`` and the square of the paired difference;
- ``match_gap[len(GAP_FIELDS)]``: the same for the sum of ``G`` over a match's hands.

Fields ending in ``_b`` are zero unless the run is paired. Matches are played by the game's one
match loop, ``kernels.play_match``, on the schedule of ``rules.hand_sizes``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_module
from headcount_lab.core.runner import Job
from headcount_lab.core.seat_kernels import seat_bots, win60
from headcount_lab.games.whist.agents import UWORK_SIZE, WORK_SIZE
from headcount_lab.games.whist.bits import OBS_SIZE
from headcount_lab.games.whist.kernels import (
    bot_table,
    check_block_inputs,
    log_length,
    match_schedule,
    play_match,
)
from headcount_lab.games.whist.rules import (
    I_FIRST_DEALER,
    I_PLAYERS,
    MAX_CARDS,
    WhistRules,
)

BOT_FIELDS = (
    "matches",
    "total",
    "total_sq",
    "win60",
    "up",
    "down",
    "total_b",
    "total_b_sq",
    "diff_sq",
    "win60_b",
    "up_b",
    "down_b",
    "dev",
    "dev_sq",
    "bonus_sq",
    "bonus_b_sq",
)
SEAT_FIELDS = (
    "total",
    "total_sq",
    "win60",
    "total_b",
    "total_b_sq",
    "diff_sq",
    "win60_b",
    "dev",
    "dev_sq",
)
SIZE_FIELDS = ("hands", "score", "score_sq", "made")
GAP_FIELDS = (
    "hands",
    "gap",
    "gap_sq",
    "gap_b",
    "gap_b_sq",
    "diff_sq",
    "dealer",
    "dealer_b",
    "dealer_made",
    "dealer_made_b",
)
_B = {f: i for i, f in enumerate(BOT_FIELDS)}
_S = {f: i for i, f in enumerate(SEAT_FIELDS)}
_G = {f: i for i, f in enumerate(GAP_FIELDS)}
B_MATCHES, B_TOTAL, B_TOTAL_SQ, B_WIN60, B_UP, B_DOWN = (_B[f] for f in BOT_FIELDS[:6])
B_TOTAL_B, B_TOTAL_B_SQ, B_DIFF_SQ, B_WIN60_B, B_UP_B, B_DOWN_B = (_B[f] for f in BOT_FIELDS[6:12])
B_DEV, B_DEV_SQ, B_BONUS_SQ, B_BONUS_B_SQ = (_B[f] for f in BOT_FIELDS[12:])
S_TOTAL, S_TOTAL_SQ, S_WIN60, S_TOTAL_B, S_TOTAL_B_SQ, S_DIFF_SQ, S_WIN60_B, S_DEV, S_DEV_SQ = (
    range(9)
)
G_HANDS, G_GAP, G_GAP_SQ, G_GAP_B, G_GAP_B_SQ, G_DIFF_SQ = range(6)
G_DEALER, G_DEALER_B, G_MADE, G_MADE_B = range(6, 10)

#: matches per block, as in ``tournament`` (divisible by 3..6, so rotated seats balance)
BLOCK = 1200
BLOCK_MONTECARLO = 60


@njit(nogil=True, cache=True)
def study_block(
    state,
    n_matches,
    rules_a,
    rules_b,
    paired,
    bot_policies,
    bot_params,
    rotate,
    schedule,
    per_bot,
    per_seat,
    per_bot_size,
    gap,
    match_gap,
    table,
):
    """Play ``n_matches`` matches (each twice if ``paired``) and add the statistics into the
    outputs (see the module docstring). ``state`` is the ``uint64[4]`` block stream, ``rules_*``
    the ``int64`` rules arrays (same players and first dealer), ``schedule`` the hand sizes
    (``int64[H]``), ``bot_policies``/``bot_params`` by bot; with ``rotate`` match ``m`` seats bot
    ``j`` at ``(j + m) % n``."""
    n = rules_a[I_PLAYERS]
    first = rules_a[I_FIRST_DEALER]
    n_hands = schedule.shape[0]
    policies = np.empty(n, dtype=np.int64)
    params = np.empty((n, bot_params.shape[1]), dtype=np.float64)
    seat_bot = np.empty(n, dtype=np.int64)
    hands = np.zeros(n, dtype=np.uint64)
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    uwork = np.zeros(UWORK_SIZE, dtype=np.uint64)
    deck = np.empty(8 * n, dtype=np.int64)
    runs = np.zeros((n, 2), dtype=np.int64)
    sc = np.zeros((2, n_hands, n), dtype=np.int64)
    ex = np.zeros((2, n_hands, n), dtype=np.int64)
    md = np.zeros((2, n_hands, n), dtype=np.int64)
    totals = np.zeros((2, n), dtype=np.int64)
    start = np.empty(4, dtype=np.uint64)
    g = np.zeros(2, dtype=np.int64)
    mg = np.zeros(2, dtype=np.int64)
    no_log = np.empty(0, dtype=np.int16)
    plays = 2 if paired else 1
    for m in range(n_matches):
        seat_bots(m, rotate, bot_policies, bot_params, seat_bot, policies, params)
        start[:] = state[:]
        for p in range(plays):
            if p == 1:
                state[:] = start[:]  # rewind: the second play sees the same stream
            play_match(
                state,
                rules_a if p == 0 else rules_b,
                policies,
                params,
                schedule,
                sc[p],
                ex[p],
                md[p],
                hands,
                obs,
                work,
                uwork,
                deck,
                runs,
                no_log,
                table,
            )
            for s in range(n):
                totals[p, s] = sc[p, :, s].sum() + ex[p, :, s].sum()
        # by bot and by seat
        for s in range(n):
            j = seat_bot[s]
            r = (s - first) % n
            a = totals[0, s]
            dev = n * a - totals[0].sum()
            per_bot[j, B_DEV] += dev
            per_bot[j, B_DEV_SQ] += dev * dev
            per_seat[r, S_DEV] += dev
            per_seat[r, S_DEV_SQ] += dev * dev
            per_bot[j, B_MATCHES] += 1
            per_bot[j, B_TOTAL] += a
            per_bot[j, B_TOTAL_SQ] += a * a
            per_bot[j, B_WIN60] += win60(totals[0], s)
            per_seat[r, S_TOTAL] += a
            per_seat[r, S_TOTAL_SQ] += a * a
            per_seat[r, S_WIN60] += win60(totals[0], s)
            for h in range(n_hands):
                k = schedule[h]
                v = sc[0, h, s]
                per_bot_size[j, k, 0] += 1
                per_bot_size[j, k, 1] += v
                per_bot_size[j, k, 2] += v * v
                per_bot_size[j, k, 3] += md[0, h, s]
                e = ex[0, h, s]
                if e > 0:
                    per_bot[j, B_UP] += 1
                elif e < 0:
                    per_bot[j, B_DOWN] += 1
                if paired:
                    e = ex[1, h, s]
                    if e > 0:
                        per_bot[j, B_UP_B] += 1
                    elif e < 0:
                        per_bot[j, B_DOWN_B] += 1
            e = ex[0, :, s].sum()
            per_bot[j, B_BONUS_SQ] += e * e
            if paired:
                e = ex[1, :, s].sum()
                per_bot[j, B_BONUS_B_SQ] += e * e
                b = totals[1, s]
                per_bot[j, B_TOTAL_B] += b
                per_bot[j, B_TOTAL_B_SQ] += b * b
                per_bot[j, B_DIFF_SQ] += (a - b) * (a - b)
                per_bot[j, B_WIN60_B] += win60(totals[1], s)
                per_seat[r, S_TOTAL_B] += b
                per_seat[r, S_TOTAL_B_SQ] += b * b
                per_seat[r, S_DIFF_SQ] += (a - b) * (a - b)
                per_seat[r, S_WIN60_B] += win60(totals[1], s)
        # the dealer's gap, hand by hand and over the match
        mg[:] = 0
        for h in range(n_hands):
            k = schedule[h]
            d = (first + h) % n
            for p in range(plays):
                g[p] = n * sc[p, h, d] - sc[p, h, :].sum()
                mg[p] += g[p]
            gap[k, G_HANDS] += 1
            gap[k, G_GAP] += g[0]
            gap[k, G_GAP_SQ] += g[0] * g[0]
            gap[k, G_DEALER] += sc[0, h, d]
            gap[k, G_MADE] += md[0, h, d]
            if paired:
                gap[k, G_GAP_B] += g[1]
                gap[k, G_GAP_B_SQ] += g[1] * g[1]
                gap[k, G_DIFF_SQ] += (g[0] - g[1]) * (g[0] - g[1])
                gap[k, G_DEALER_B] += sc[1, h, d]
                gap[k, G_MADE_B] += md[1, h, d]
        match_gap[G_HANDS] += 1
        match_gap[G_GAP] += mg[0]
        match_gap[G_GAP_SQ] += mg[0] * mg[0]
        if paired:
            match_gap[G_GAP_B] += mg[1]
            match_gap[G_GAP_B_SQ] += mg[1] * mg[1]
            match_gap[G_DIFF_SQ] += (mg[0] - mg[1]) * (mg[0] - mg[1])


def new_stats(n: int) -> dict[str, np.ndarray]:
    k = MAX_CARDS + 1
    return {
        "per_bot": np.zeros((n, len(BOT_FIELDS)), dtype=np.int64),
        "per_seat": np.zeros((n, len(SEAT_FIELDS)), dtype=np.int64),
        "per_bot_size": np.zeros((n, k, len(SIZE_FIELDS)), dtype=np.int64),
        "gap": np.zeros((k, len(GAP_FIELDS)), dtype=np.int64),
        "match_gap": np.zeros(len(GAP_FIELDS), dtype=np.int64),
    }


def _check_pair(a: WhistRules, b: WhistRules | None) -> None:
    if b is not None and (b.players, b.first_dealer) != (a.players, a.first_dealer):
        raise ValueError("paired rules must share the player count and the first dealer")


def run_block(
    state: np.ndarray,
    n_matches: int,
    rules_a: WhistRules,
    rules_b: WhistRules | None,
    bot_policies: np.ndarray,
    bot_params: np.ndarray,
    rotate: bool,
) -> dict[str, np.ndarray]:
    """Allocate the outputs, run :func:`study_block` (paired when ``rules_b`` is given)."""
    _check_pair(rules_a, rules_b)
    n = rules_a.players
    no_log = np.empty((0, log_length(n)), dtype=np.int16)
    check_block_inputs(state, rules_a.array(), bot_policies, bot_params, no_log)
    out = new_stats(n)
    study_block(
        state,
        n_matches,
        rules_a.array(),
        (rules_b or rules_a).array(),
        rules_b is not None,
        bot_policies,
        bot_params,
        rotate,
        match_schedule(n),
        out["per_bot"],
        out["per_seat"],
        out["per_bot_size"],
        out["gap"],
        out["match_gap"],
        bot_table(n, bot_params),
    )
    return out


def make_job(
    rules_a: WhistRules,
    rules_b: WhistRules | None,
    bots: list[str],
    matches: int,
    rotate: bool,
) -> Job:
    """A runner job of :func:`run_block` (block size fixed by whether a bot samples)."""
    from headcount_lab.games.whist.agents import MONTECARLO, policy_params
    from headcount_lab.games.whist.rules import VERSION

    _check_pair(rules_a, rules_b)
    ids, params = policy_params(bots)
    block = BLOCK_MONTECARLO if (ids == MONTECARLO).any() else BLOCK

    def block_fn(state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        return run_block(state, n_units, rules_a, rules_b, ids, params, rotate)

    def warmup() -> None:
        from headcount_lab.core.rng import block_state

        run_block(block_state(0, 0), 1, rules_a, rules_b, ids, params, rotate)

    return Job(
        name="whist-handstats",
        params={
            "rules_a": rules_a.as_dict(),
            "rules_b": rules_b.as_dict() if rules_b else None,
            "bots": bots,
            "rotate": rotate,
            "version": VERSION,
        },
        units=matches,
        block_size=block,
        block_fn=block_fn,
        warmup=warmup,
    )


track_module(globals())  # every cached function here is keyed on the files it reaches
