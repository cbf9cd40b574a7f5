"""The dealing kernel: bit-identical to the plain-Python dealer, and distributed as the exact
odds say (chi-square, fixed seed, alpha 0.01)."""

import numpy as np
import pytest
from scipy.stats import norm

from headcount_lab.core.rng import block_state
from headcount_lab.core.runner import Job, run
from headcount_lab.core.stats import chi_square_gof
from headcount_lab.games.headcount.exact import belief_table
from headcount_lab.games.headcount.kernels import DealBlock, deal_job, deal_summary
from headcount_lab.games.headcount.reference import deal_block_reference

ALPHA = 0.01
CONFIGS = [(n, d, h) for n in range(3, 7) for d in (False, True) for h in (True, False)]


@pytest.mark.parametrize(("players", "double", "hidden_card"), CONFIGS)
def test_kernel_equals_the_reference_dealer_on_the_same_stream(players, double, hidden_card):
    fn = DealBlock(players, double, hidden_card)
    lo, hi = fn.bounds
    for seed in (0, 1, 12345):
        state = block_state(seed, 3)
        ref_state = state.copy()
        got = fn(state, 1500)
        want = deal_block_reference(ref_state, 1500, players, double, hidden_card, lo, hi - lo + 1)
        assert np.array_equal(got["histogram"], want["histogram"])
        assert np.array_equal(got["specials"][: 2 + double], want["specials"][: 2 + double])


def test_blocks_merge_to_the_reference_block_by_block():
    fn = DealBlock(4, True)
    lo, hi = fn.bounds
    job = Job("t", {}, 2300, 1000, fn)
    got = run(job, seed=9)
    want = np.zeros(hi - lo + 1, dtype=np.int64)
    for b, n in enumerate((1000, 1000, 300)):
        want += deal_block_reference(block_state(9, b), n, 4, True, True, lo, want.size)[
            "histogram"
        ]
    assert np.array_equal(got["histogram"], want)


def test_same_seed_same_numbers_other_seed_other_numbers():
    job = deal_job(5, 50_000)
    a, b, c = run(job, 3), run(job, 3), run(job, 4)
    assert np.array_equal(a["histogram"], b["histogram"])
    assert not np.array_equal(a["histogram"], c["histogram"])


@pytest.mark.parametrize(("players", "double", "hidden_card"), CONFIGS)
def test_kernel_histogram_fits_the_exact_distribution(players, double, hidden_card):
    n_in = players + hidden_card
    hands = 400_000
    stats = run(deal_job(players, hands, double, hidden_card), seed=2026)
    exact = belief_table(double, 0, n_in)  # one row: nothing seen
    lo, _ = DealBlock(players, double, hidden_card).bounds
    probs = np.zeros(stats["histogram"].size)
    probs[exact.lo - lo : exact.lo - lo + exact.pmf.shape[1]] = exact.pmf[0]
    fit = chi_square_gof(stats["histogram"], probs)
    assert fit.dof > 20
    assert fit.p_value > ALPHA, fit
    # each special card is in play with probability n_in / deck size: two-sided z-test
    p = n_in / (18 if double else 17)
    z = (stats["specials"][: 2 + double] - hands * p) / np.sqrt(hands * p * (1 - p))
    assert np.all(np.abs(z) < norm.isf(ALPHA / 2)), z
    if not double:
        assert stats["specials"][2] == 0


def test_summary_lists_the_nonzero_range_and_the_specials_of_the_deck():
    job = deal_job(4, 20_000)
    s = deal_summary(job, run(job, 1), 1, 0.5)
    assert s["hands"] == sum(r["count"] for r in s["histogram"]) == 20_000
    assert s["histogram"][0]["count"] > 0 and s["histogram"][-1]["count"] > 0
    assert list(s["specials_in_play"]) == ["A♠", "JK"]
    assert s["hands_per_second"] == 40_000


@pytest.mark.parametrize(
    ("players", "hands", "msg"), [(2, 10, "between 3 and 6"), (4, 0, "positive")]
)
def test_deal_job_rejects_bad_sizes(players, hands, msg):
    with pytest.raises(ValueError, match=msg):
        deal_job(players, hands)


def test_chi_square_has_the_power_to_tell_four_players_from_five():
    stats = run(deal_job(4, 400_000), seed=2026)
    lo, _ = DealBlock(4).bounds
    wrong = belief_table(False, 0, 6)  # five players and the hidden card
    probs = np.zeros(stats["histogram"].size + 20)
    probs[wrong.lo - lo : wrong.lo - lo + wrong.pmf.shape[1]] = wrong.pmf[0]
    observed = np.zeros_like(probs)
    observed[: stats["histogram"].size] = stats["histogram"]
    assert chi_square_gof(observed, probs).p_value < 1e-12


def test_numpy_baseline_counts_like_the_rules():
    from headcount_lab.games.headcount.bench import numpy_count
    from headcount_lab.games.headcount.rules import count

    rng = np.random.default_rng(3)
    for deck in (17, 18):
        sel = np.argsort(rng.random((3000, deck)), axis=1)[:, :7]
        totals = numpy_count(sel, 6)
        for row, total in zip(sel, totals, strict=True):
            cards = [int(c) for c in row[:6]]
            assert total == count(cards, int(row[6]) if 16 in cards else None)


@pytest.mark.parametrize(("players", "double", "hidden_card"), CONFIGS)
def test_minimal_baseline_deals_the_kernels_hands_and_stream(players, double, hidden_card):
    """The bench's speed limit (``minimal_deal``) does the kernel's job: same histogram, same
    special-card counts, same stream state after the block (so a ratio compares like with like)."""
    from headcount_lab.games.headcount.bench import _minimal_block

    fn = DealBlock(players, double, hidden_card)
    for seed in (0, 7):
        state, other = block_state(seed, 1), block_state(seed, 1)
        got, want = _minimal_block(fn, other, 2000), fn(state, 2000)
        assert np.array_equal(got["histogram"], want["histogram"])
        assert np.array_equal(got["specials"], want["specials"])
        assert np.array_equal(state, other)


def test_numpy_baseline_deals_the_exact_distribution():
    from headcount_lab.games.headcount.bench import numpy_deal

    hist = numpy_deal(np.random.default_rng(11), 200_000, 4, True)
    exact = belief_table(True, 0, 5)
    lo, _ = DealBlock(4, True).bounds
    probs = np.zeros(hist.size)
    probs[exact.lo - lo : exact.lo - lo + exact.pmf.shape[1]] = exact.pmf[0]
    assert chi_square_gof(hist, probs).p_value > ALPHA


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "double"), [(n, d) for n in range(3, 7) for d in (False, True)]
)
def test_kernel_histogram_fits_the_exact_distribution_at_20_million_hands(players, double):
    # 50 times the hands of the quick test: a bias of a fraction of a per mille would show
    stats = run(deal_job(players, 20_000_000, double), seed=77)
    exact = belief_table(double, 0, players + 1)
    lo, _ = DealBlock(players, double).bounds
    probs = np.zeros(stats["histogram"].size)
    probs[exact.lo - lo : exact.lo - lo + exact.pmf.shape[1]] = exact.pmf[0]
    assert chi_square_gof(stats["histogram"], probs).p_value > ALPHA
