"""The tournament's intervals take the deal as the unit (issue 11): the kernel's per-deal sums
of squares against deals played one at a time, and the summary's rates unchanged."""

import numpy as np
from engine_support import setup_for

from headcount_lab.core.rng import block_state
from headcount_lab.core.stats import wilson
from headcount_lab.games.headcount import kernels as E
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


def test_paired_difference_is_the_mean_of_the_per_deal_differences():
    """The summary's ``pairs``: per deal, one bot's win rate over its games (every seat order,
    every copy) minus the other's; mean and normal 95% interval over the deals, against the
    deals played one at a time."""
    from scipy.stats import norm

    from headcount_lab.core.runner import run

    setup = setup_for("reader,odds,tips,tips", rotate=True)  # 12 seat orders
    deals = 60
    s = T.summarize(setup, run(T.make_job(setup, 12 * deals), 3), 3)
    perms, pol, par, rules = setup.kernel_args()
    beliefs = setup.beliefs()
    plain = E.new_stats(4, 4)
    state = block_state(3, 0)
    per_deal = []
    for _ in range(deals):
        before = plain["wins"].copy()
        T.play_block(1, perms, pol, par, rules, beliefs, state, plain)
        t = (plain["wins"] - before).sum(axis=0)  # games of the deal won by each slot
        per_deal.append((t[0] / 12, t[1] / 12, (t[2] + t[3]) / 24))
    rate = np.array(per_deal)
    assert s["games"] == 12 * deals
    got = {(p["a"].partition(":")[0], p["b"].partition(":")[0]): p for p in s["pairs"]}
    assert set(got) == {("reader", "odds"), ("reader", "tips"), ("odds", "tips")}
    for (a, b), (i, j) in {("reader", "odds"): (0, 1), ("reader", "tips"): (0, 2),
                           ("odds", "tips"): (1, 2)}.items():  # fmt: skip
        d = rate[:, i] - rate[:, j]
        half = norm.ppf(0.975) * d.std(ddof=1) / np.sqrt(deals)
        assert np.isclose(got[a, b]["difference"], d.mean(), rtol=0, atol=1e-12)
        assert np.allclose(got[a, b]["ci95"], [d.mean() - half, d.mean() + half], atol=1e-6)
