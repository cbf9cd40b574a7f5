"""The tournament's intervals take the deal as the unit (issue 11): the kernel's per-deal sums
of squares against deals played one at a time, and the summary's rates unchanged."""

import numpy as np
from engine_support import setup_for

from headcount_lab.core.rng import block_state
from headcount_lab.core.stats import wilson
from headcount_lab.games.headcount import engine as E
from headcount_lab.games.headcount import tournament as T


def test_per_deal_sums_match_deals_played_one_at_a_time():
    setup = setup_for("reader,odds,tips,tips", rotate=True)  # 12 seat orders, two copies
    perms, pol, par, rules = setup.kernel_args()
    beliefs = setup.beliefs()
    st = T.new_block_stats(setup)
    T.play_block(15, perms, pol, par, rules, beliefs, block_state(4, 0), st)
    n = setup.players
    seat_sq = np.zeros((n, n, n), np.int64)
    slot_sq = np.zeros((n, n), np.int64)
    plain = E.new_stats(n, n)
    state = block_state(4, 0)
    for _ in range(15):
        before = plain["wins"].copy()
        T.play_block(1, perms, pol, par, rules, beliefs, state, plain)  # the engine alone
        w = plain["wins"] - before  # [seat, slot] games of this deal won
        seat_sq += w[:, :, None] * w[:, None, :]
        t = w.sum(axis=0)
        slot_sq += np.outer(t, t)
    assert (st["wins"] == plain["wins"]).all() and (st["round"] == plain["round"]).all()
    assert (st["deal_seat_sq"] == seat_sq).all() and (st["deal_slot_sq"] == slot_sq).all()
    assert st["wins"].sum() == 15 * 12


def test_summary_rates_are_unchanged_and_intervals_are_by_deal():
    setup = setup_for("reader,odds,tips,tips", rotate=True)
    job = T.make_job(setup, 12 * 40)
    from headcount_lab.core.runner import run

    s = T.summarize(setup, run(job, 2), 2)
    tips = next(b for b in s["per_bot"] if b["bot"].startswith("tips"))
    assert tips["rate"] == tips["wins"] / tips["games"]
    assert tips["ci95"] != list(wilson(tips["wins"], tips["games"])[1:])
    # without rotation and one copy each, a deal is one game: Wilson's interval as before
    s1 = T.summarize(
        setup_for("reader,odds,tips"), run(T.make_job(setup_for("reader,odds,tips"), 50), 2), 2
    )
    for b in s1["per_bot"]:
        assert b["ci95"] == list(wilson(b["wins"], b["games"])[1:])
