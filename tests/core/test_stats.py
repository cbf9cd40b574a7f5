import math

import numpy as np
import pytest

from headcount_lab.core.stats import chi_square_gof, pool_bins


def test_pool_bins_merges_sparse_neighbours_and_the_tail():
    groups = pool_bins(np.array([1.0, 2.0, 3.0, 10.0, 0.5, 6.0, 1.0]))
    assert groups.tolist() == [0, 0, 0, 1, 2, 2, 2]


def test_chi_square_accepts_the_truth_and_rejects_a_shift():
    rng = np.random.default_rng(7)
    p = np.array([0.001, 0.2, 0.3, 0.3, 0.198, 0.001])
    counts = np.bincount(rng.choice(p.size, size=20_000, p=p), minlength=p.size)
    assert chi_square_gof(counts, p).p_value > 0.01
    assert chi_square_gof(counts, np.roll(p, 1)).p_value < 1e-6


def test_chi_square_counts_in_impossible_bins_fail():
    assert chi_square_gof(np.array([5, 5, 1]), np.array([0.5, 0.5, 0.0])).p_value == 0.0
    with pytest.raises(ValueError, match="sum"):
        chi_square_gof(np.array([5, 5]), np.array([0.5, 0.6]))


def test_z95_is_scipys_normal_quantile():
    from scipy.stats import norm

    from headcount_lab.core.stats import Z95

    assert pytest.approx(norm.ppf(0.975), abs=1e-15) == Z95


@pytest.mark.parametrize(("k", "n"), [(0, 10), (3, 10), (10, 10), (517, 2000), (1, 1)])
def test_wilson_matches_scipy(k, n):
    from scipy.stats import binomtest

    from headcount_lab.core.stats import wilson

    p, lo, hi = wilson(k, n)
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert p == k / n
    assert (lo, hi) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_mean_ci_matches_the_t_free_normal_interval_of_the_sample():
    from headcount_lab.core.stats import Z95, mean_ci, mean_sd

    x = np.random.default_rng(3).normal(5.0, 2.0, size=500)
    mean, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), x.size)
    half = Z95 * x.std(ddof=1) / np.sqrt(x.size)
    assert (mean, lo, hi) == pytest.approx((x.mean(), x.mean() - half, x.mean() + half), rel=1e-9)
    assert mean_sd(float(x.sum()), float((x * x).sum()), x.size)[1] == pytest.approx(x.std(ddof=1))
    assert mean_ci(4.0, 16.0, 1) == (4.0, 4.0, 4.0)  # one value: no spread to estimate


def test_paired_ci_is_the_interval_of_the_differences_and_agrees_with_ttest_rel():
    from scipy.stats import ttest_rel

    from headcount_lab.core.stats import paired_ci

    rng = np.random.default_rng(4)
    a = rng.normal(1.0, 1.0, size=400)
    b = a - 0.3 + rng.normal(0.0, 0.2, size=400)  # strongly paired
    d = a - b
    mean, lo, hi = paired_ci(float(a.sum()), float(b.sum()), float((d * d).sum()), d.size)
    assert mean == pytest.approx(d.mean())
    res = ttest_rel(a, b)
    se = (hi - lo) / 2 / 1.959963984540054
    assert res.statistic == pytest.approx(mean / se, rel=1e-9)


def test_paired_win_difference_counts_only_discordant_pairs():
    from headcount_lab.core.stats import paired_win_difference

    d, lo, hi = paired_win_difference(60, 40, 1000)
    assert d == pytest.approx(0.02)
    assert lo < 0.02 < hi
    x = np.array([1] * 60 + [-1] * 40 + [0] * 900, dtype=float)
    half = 1.959963984540054 * x.std(ddof=1) / np.sqrt(x.size)  # the per-game differences
    assert hi - d == pytest.approx(half, rel=1e-9)


def test_sign_test_power_matches_a_simulation_of_the_test():
    """The exact power of the one-sided sign test against 20,000 simulated experiments of
    ``n`` games (A wins, B wins or neither), each tested with scipy's exact binomial test:
    the simulated rejection rate agrees with the computed power (binomial test, alpha 0.01)."""
    from scipy.stats import binomtest

    from headcount_lab.core.stats import sign_test_power

    p_a, p_b, n = 0.30, 0.22, 120
    rng = np.random.default_rng(11)
    outcome = rng.multinomial(n, [p_a, p_b, 1 - p_a - p_b], size=20_000)
    reject = 0
    cache: dict[tuple[int, int], bool] = {}
    for a, b, _ in outcome:
        key = (int(a), int(b))
        if key not in cache:
            m = key[0] + key[1]
            cache[key] = m > 0 and binomtest(key[0], m, 0.5, "greater").pvalue <= 0.05
        reject += cache[key]
    power = sign_test_power(p_a, p_b, n)
    assert 0.2 < power < 0.9  # a case where the test can fail either way
    assert binomtest(reject, len(outcome), power).pvalue > 0.01


def test_games_to_show_better_is_the_first_n_with_the_power_and_near_connors_formula():
    """The sample size of the exact test is the first n reaching 80% power, and close to (a
    little above: the exact test is conservative) Connor's (1987) normal-approximation sample
    size for McNemar's test, n = (z_a sqrt(pd) + z_b sqrt(pd - d^2))^2 / d^2."""
    from scipy.stats import norm

    from headcount_lab.core.stats import games_to_show_better, sign_test_power

    p_a, p_b = 0.454, 0.340
    n = games_to_show_better(p_a, p_b)
    assert n is not None
    assert sign_test_power(p_a, p_b, n) >= 0.8 > sign_test_power(p_a, p_b, n - 1)
    pd, d = p_a + p_b, p_a - p_b
    connor = (norm.ppf(0.95) * pd**0.5 + norm.ppf(0.8) * (pd - d * d) ** 0.5) ** 2 / d**2
    assert connor <= n <= 1.1 * connor
    assert games_to_show_better(0.3, 0.3) is None
    assert games_to_show_better(0.2, 0.3) is None


def _coverage(interval, counts, truth):
    """How many of the replications' intervals (``counts``: int[R, clusters]) hold ``truth``."""
    hits = 0
    for x in counts:
        _, lo, hi = interval(x)
        hits += lo <= truth <= hi
    return hits


@pytest.mark.parametrize("design", ["shared luck", "one winner per deal"])
def test_cluster_wilson_covers_95_percent_where_wilson_does_not(design):
    # Games that replay one deal are clusters: with shared luck (positively correlated wins,
    # as seats that keep their cards) Wilson's interval is too narrow, with exactly one winner
    # among the copies of a bot (negatively correlated) too wide. The deal-unit interval must
    # cover the true rate 95% of the time in both (binomial test, alpha 0.01), and Wilson must
    # fail the same test (its teeth).
    from scipy.stats import binomtest

    from headcount_lab.core.stats import cluster_wilson, wilson

    rng = np.random.default_rng(2026)
    reps, clusters, m = 2000, 120, 6
    if design == "shared luck":
        truth = 0.3
        p = rng.beta(1.2, 2.8, size=(reps, clusters))  # mean 0.3, intra-deal correlation 0.2
        counts = rng.binomial(m, p)
    else:
        # the m copies win exactly 1 game of the deal half the time, else 0 or 2: mean 1, so
        # the rate is 1/m, with a variance (1/2) below the binomial's (m p (1 - p) = 5/6)
        truth = 1 / m
        u = rng.random((reps, clusters))
        counts = np.where(u < 0.5, 1, np.where(u < 0.75, 0, 2))

    n = clusters * m
    ours = _coverage(lambda x: cluster_wilson(int(x.sum()), n, int((x * x).sum()), clusters),
                     counts, truth)  # fmt: skip
    plain = _coverage(lambda x: wilson(int(x.sum()), n), counts, truth)
    assert binomtest(ours, reps, 0.95).pvalue > 0.01, ours / reps
    assert binomtest(plain, reps, 0.95).pvalue < 0.01, plain / reps


def test_cluster_wilson_is_wilson_for_one_game_per_deal_and_keeps_the_rate():
    from headcount_lab.core.stats import cluster_wilson, wilson

    assert cluster_wilson(37, 100, 37, 100) == wilson(37, 100)  # clusters of one game
    assert cluster_wilson(0, 60, 0, 10) == wilson(0, 60)
    # ten deals won 3 of 3, ten 0 of 3: the rate is the games' (as Wilson's), the interval
    # as wide as 20 independent games' (the deal is the unit), wider than 60 games'
    rate, lo, hi = cluster_wilson(30, 60, 10 * 3 * 3, 20)
    assert rate == wilson(30, 60)[0] == 0.5
    assert (lo, hi) == pytest.approx(wilson(10, 20)[1:], rel=0.05)
    assert hi - lo > wilson(30, 60)[2] - wilson(30, 60)[1]


def test_wilson_interval_holds_its_rate_at_zero_and_all():
    """At k = 0 or k = n the interval ends exactly at 0 or 1: rounding once left the rate
    just outside it (10 of 10: high 0.9999999999999999), which broke the report's check that
    every rate lies inside its interval."""
    from headcount_lab.core.stats import wilson

    for n in range(1, 400):
        for k in (0, n):
            p, lo, hi = wilson(k, n)
            assert lo <= p <= hi
    assert wilson(10, 10)[2] == 1.0 and wilson(0, 3)[1] == 0.0


# --- the summaries' statistics: no NaN, no impossible interval (issue 26) ----------------------


def test_rate_has_no_value_without_trials_and_a_real_interval_from_one():
    from headcount_lab.core.stats import rate

    none = rate(0, 0)
    assert (none.value, none.ci, none.ci_json) == (None, None, None)
    one = rate(1, 1)
    assert one.value == 1.0 and one.ci is not None and one.ci[0] < one.ci[1] == 1.0
    assert rate(0.5, 2).value == 0.25  # a shared success counts in part


def test_mean_of_one_value_has_no_interval_and_none_has_no_value():
    from headcount_lab.core.stats import mean

    assert mean(0.0, 0.0, 0).value is None
    one = mean(139.0, 139.0**2, 1, "match")
    assert one.value == 139.0 and one.ci is None and one.ci_json is None
    assert one.ci_text(".2f") == "too little data (1 match)"
    flat = mean(8.0, 32.0, 2)  # two equal values: no spread seen
    assert flat.ci is None and flat.ci_text(".2f") == "no spread in 2 games"


def test_mean_keeps_the_bits_of_mean_ci_where_it_has_an_interval():
    from headcount_lab.core.stats import mean, mean_ci

    x = np.random.default_rng(5).normal(3.0, 2.0, size=50)
    args = (float(x.sum()), float((x * x).sum()), x.size)
    m, lo, hi = mean_ci(*args, z=1.96)
    est = mean(*args, z=1.96)
    assert (est.value, est.ci) == (m, (lo, hi))


def test_a_share_stays_in_0_1_and_an_all_equal_share_takes_wilsons_interval():
    from scipy.stats import binomtest

    from headcount_lab.core.stats import PROPORTION, mean

    # 2 games won out of 3: the normal interval of the 0/1 values runs past 1
    wide = mean(2.0, 2.0, 3, bounds=PROPORTION)
    assert wide.ci is not None and wide.ci[0] >= 0.0 and wide.ci[1] == 1.0
    # both games lost: not [0, 0] but Wilson's [0, 0.66]
    lost = mean(0.0, 0.0, 2, bounds=PROPORTION)
    ci = binomtest(0, 2).proportion_ci(method="wilson")
    assert lost.value == 0.0 and lost.ci == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_a_paired_difference_stays_within_plus_minus_one():
    from headcount_lab.core.stats import DIFFERENCE, paired

    # 3 deals with differences 1, 1, 0: the normal interval runs past +1
    est = paired(2.0, 0.0, 2.0, 3, bounds=DIFFERENCE)
    assert est.ci is not None and -1.0 <= est.ci[0] < est.ci[1] == 1.0
    assert paired(1.0, 0.0, 1.0, 1).ci is None  # one deal


def test_chunk_mean_is_scipys_t_interval_cut_to_its_bounds():
    from scipy import stats

    from headcount_lab.core.stats import PROPORTION, chunk_mean

    x = np.array([0.71, 0.98])  # two chunks: t with 1 degree of freedom is wide
    lo, hi = stats.t.interval(0.95, 1, loc=x.mean(), scale=stats.sem(x))
    assert lo < 0.0 and hi > 1.0
    free = chunk_mean(x)
    assert free.ci == pytest.approx((lo, hi), rel=1e-12)
    assert chunk_mean(x, bounds=PROPORTION).ci == (0.0, 1.0)
    one = chunk_mean(x[:1], "chunk of 10 views")
    assert one.value == 0.71 and one.ci is None
    assert one.ci_text(".2%") == "too little data (1 chunk of 10 views)"
    assert chunk_mean(np.array([0.5, 0.5, 0.5])).ci is None


def test_chunk_ratio_has_no_value_when_nothing_divides():
    from headcount_lab.core.stats import chunk_ratio

    assert chunk_ratio(np.array([1.0, 2.0]), np.array([0, 0])).value is None
    assert chunk_ratio(np.array([3.0]), np.array([2])).ci is None
    est = chunk_ratio(np.array([3.0, 5.0, 4.0]), np.array([2, 3, 3]))
    assert est.value == 1.5 and est.ci is not None and est.ci[0] < 1.5 < est.ci[1]


def test_cluster_wilson_of_equal_clusters_is_not_a_point():
    from headcount_lab.core.stats import cluster_wilson, wilson

    # 10 deals of 4 games, the bot won 2 in each: no spread between deals to measure
    assert cluster_wilson(20, 40, 10 * 2 * 2, 10) == wilson(20, 40)


def test_the_one_formatter_says_why_in_words():
    from headcount_lab.core.stats import ci_text, missing, value_text

    assert ci_text([0.25, 0.5], ".1%") == "[25.0%, 50.0%]"
    assert ci_text(None, ".1%", 0) == "no data"
    assert ci_text(None, ".1%", 1, "deal") == "too little data (1 deal)"
    assert ci_text([None, None], ".1%", 0) == "no data"
    assert missing(1234, "chunk of 10 views") == "no spread in 1,234 chunks of 10 views"
    assert value_text(None, ".2f") == "no data" and value_text(0.5, "+.2f") == "+0.50"


def test_an_interval_computed_elsewhere_is_held_to_the_same_rules():
    from headcount_lab.core.stats import DIFFERENCE, interval

    assert interval(0.5, 0.1, 0.9, 1).ci is None  # one game
    assert interval(0.5, 0.5, 0.5, 9).ci is None  # no width
    assert interval(0.5, math.nan, math.nan, 9).ci is None
    assert interval(0.9, 0.2, 1.6, 3, bounds=DIFFERENCE).ci == (0.2, 1.0)


# --- every interval of the project against scipy (issue 25: statistics in one home) ------------


def test_the_z_and_t_quantiles_are_scipys():
    from scipy.stats import norm, t

    from headcount_lab.core.stats import Z80, Z95, Z95_ROUNDED, t95

    assert pytest.approx(norm.ppf(0.975), abs=1e-15) == Z95
    assert pytest.approx(norm.ppf(0.8), abs=1e-15) == Z80
    assert Z95_ROUNDED == 1.96 == round(float(norm.ppf(0.975)), 2)
    for dof in (1, 2, 9, 120):
        assert t95(dof) == float(t.ppf(0.975, dof))


@pytest.mark.parametrize(("k", "n"), [(0, 7), (2, 7), (7, 7), (517, 2000), (0.5, 3)])
def test_wilson_is_the_closed_form_with_scipys_quantile(k, n):
    from scipy.stats import norm

    from headcount_lab.core.stats import wilson

    z = norm.ppf(0.975)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert wilson(k, n) == pytest.approx((p, centre - half, centre + half), abs=1e-12)
    assert all(math.isnan(v) for v in wilson(0, 0))


def test_cluster_wilson_is_wilsons_closed_form_at_the_effective_size():
    from scipy.stats import norm

    from headcount_lab.core.stats import cluster_wilson

    counts = np.array([3, 0, 2, 3, 1, 0, 3, 2, 0, 3])  # wins of 10 deals of 3 games
    k, n, clusters, m = int(counts.sum()), counts.size * 3, counts.size, 3
    p = k / n
    var_rate = np.var(counts / m, ddof=1) / clusters  # the variance of the rate, from the deals
    n_eff = p * (1 - p) / var_rate
    z = norm.ppf(0.975)
    centre = (p + z * z / (2 * n_eff)) / (1 + z * z / n_eff)
    half = z / (1 + z * z / n_eff) * math.sqrt(p * (1 - p) / n_eff + z * z / (4 * n_eff**2))
    got = cluster_wilson(k, n, int((counts * counts).sum()), clusters)
    assert got == pytest.approx((p, centre - half, centre + half), abs=1e-12)
    assert n_eff < n  # shared luck: the deals tell less than the games


def _normal_interval(x):
    from scipy import stats

    lo, hi = stats.norm.interval(0.95, loc=np.mean(x), scale=stats.sem(x))
    return float(np.mean(x)), float(lo), float(hi)


def test_every_mean_interval_is_scipys_normal_interval_of_the_sample():
    from headcount_lab.core.stats import (
        histogram_mean_ci,
        mean_ci,
        mean_ci_of_moments,
        sample_mean_ci,
    )

    rng = np.random.default_rng(25)
    x = rng.integers(0, 40, size=300).astype(np.float64)
    want = _normal_interval(x)
    total, sq = float(x.sum()), float((x * x).sum())
    assert mean_ci(total, sq, x.size) == pytest.approx(want, rel=1e-12)
    assert mean_ci_of_moments(total, sq, x.size) == pytest.approx(want, rel=1e-12)
    assert sample_mean_ci(x) == pytest.approx(want, rel=1e-12)
    assert histogram_mean_ci(np.bincount(x.astype(np.int64))) == pytest.approx(want, rel=1e-12)
    # scaled: the interval of the mean of x * 0.25
    assert mean_ci(total, sq, x.size, scale=0.25) == pytest.approx(_normal_interval(x * 0.25))
    # the 1.96 of the published summaries widens the interval by 1.96 / Z95 only
    from headcount_lab.core.stats import Z95, Z95_ROUNDED

    m, lo, hi = sample_mean_ci(x, Z95_ROUNDED)
    assert (hi - m) / (want[2] - want[0]) == pytest.approx(Z95_ROUNDED / Z95, rel=1e-12)
    # one value: no spread; none: no mean
    assert math.isnan(sample_mean_ci(x[:1])[1]) and math.isnan(sample_mean_ci(x[:0])[0])


def test_the_headcount_moments_form_keeps_its_own_bits():
    """The headcount report's tables were made with the variance through the second moment;
    :func:`mean_ci` (whist's) subtracts first. They agree to rounding, not to the bit, which is
    why both exist (the seeded outputs must not change)."""
    from headcount_lab.core.stats import mean_ci, mean_ci_of_moments

    rng = np.random.default_rng(9)
    differ = 0
    for _ in range(200):
        x = rng.random(50)
        a = mean_ci(float(x.sum()), float((x * x).sum()), x.size)
        b = mean_ci_of_moments(float(x.sum()), float((x * x).sum()), x.size)
        assert a == pytest.approx(b, rel=1e-12)
        differ += a != b
    assert differ > 0


def test_paired_win_difference_is_scipys_normal_interval_of_the_per_game_differences():
    from headcount_lab.core.stats import paired_win_difference

    x = np.array([1] * 57 + [-1] * 31 + [0] * 412, dtype=float)
    assert paired_win_difference(57, 31, x.size) == pytest.approx(_normal_interval(x), rel=1e-12)


def test_paired_ci_is_scipys_normal_interval_of_the_differences():
    from headcount_lab.core.stats import paired_ci

    rng = np.random.default_rng(6)
    a = rng.normal(2.0, 1.0, size=250)
    b = a + rng.normal(0.1, 0.3, size=250)
    d = a - b
    got = paired_ci(float(a.sum()), float(b.sum()), float((d * d).sum()), d.size)
    assert got == pytest.approx(_normal_interval(d), rel=1e-9)


def test_independent_difference_adds_the_standard_errors_in_quadrature():
    from scipy import stats

    from headcount_lab.core.stats import independent_difference, sample_mean_ci

    rng = np.random.default_rng(8)
    x, y = rng.normal(1.0, 2.0, size=400), rng.normal(0.7, 1.0, size=900)
    se = math.hypot(stats.sem(x), stats.sem(y))
    lo, hi = stats.norm.interval(0.95, loc=x.mean() - y.mean(), scale=se)
    got = independent_difference(sample_mean_ci(x), sample_mean_ci(y))
    assert got == pytest.approx((x.mean() - y.mean(), lo, hi), rel=1e-9)


def test_chi_square_gof_is_scipys_chisquare_on_the_pooled_bins():
    from scipy.stats import chisquare

    observed = np.array([9, 31, 48, 62, 40, 6, 3, 1])
    p = np.array([0.05, 0.15, 0.25, 0.3, 0.17, 0.05, 0.02, 0.01])
    got = chi_square_gof(observed, p)
    groups = pool_bins(observed.sum() * p)  # the last three bins pool into one
    obs = np.bincount(groups, weights=observed)
    exp = np.bincount(groups, weights=observed.sum() * p)
    want = chisquare(obs, exp)
    assert got.bins == obs.size < p.size
    assert (got.statistic, got.p_value) == pytest.approx((want.statistic, want.pvalue), rel=1e-12)


def test_mean_sd_is_scipys_sample_standard_deviation():
    from scipy.stats import tstd

    from headcount_lab.core.stats import mean_sd

    x = np.random.default_rng(2).normal(4.0, 3.0, size=80)
    m, sd = mean_sd(float(x.sum()), float((x * x).sum()), x.size)
    assert (m, sd) == pytest.approx((x.mean(), tstd(x)), rel=1e-10)


def test_chunk_ratio_is_the_delta_method_t_interval():
    from scipy import stats

    from headcount_lab.core.stats import chunk_ratio

    rng = np.random.default_rng(12)
    den = rng.integers(50, 80, size=12).astype(np.float64)
    num = rng.binomial(den.astype(np.int64), 0.3).astype(np.float64)
    r = num.sum() / den.sum()
    resid = (num - r * den) / den.mean()
    lo, hi = stats.t.interval(0.95, den.size - 1, loc=r, scale=stats.sem(resid))
    est = chunk_ratio(num, den)
    assert est.value == pytest.approx(r) and est.ci == pytest.approx((lo, hi), rel=1e-12)


def test_excludes_zero_needs_the_whole_interval_on_one_side():
    from headcount_lab.core.stats import excludes_zero

    assert excludes_zero(0.01, 1.0) and excludes_zero(-1.0, -0.01)
    assert not excludes_zero(-0.01, 1.0) and not excludes_zero(0.0, 1.0)


def test_win_spread_is_the_normal_interval_of_the_per_game_scores():
    # a game won by A scores 1, by B -1, by neither 0: the spread is their mean, its interval the
    # normal one of that mean (variance of the scores over n, as np.var with ddof=0)
    from scipy import stats as sps

    from headcount_lab.core.stats import normal_ci, win_spread

    scores = np.array([1] * 37 + [-1] * 21 + [0] * 42, dtype=np.float64)
    pa, pb, n = 37 / 100, 21 / 100, 100
    d, lo, hi = win_spread(pa, pb, n)
    se = math.sqrt(scores.var() / n)
    assert d == pytest.approx(scores.mean())
    assert (lo, hi) == pytest.approx(sps.norm.interval(0.95, scores.mean(), se))
    assert normal_ci(d, se) == pytest.approx((d, lo, hi))


def test_two_estimates_are_apart_only_when_their_intervals_do_not_touch():
    from headcount_lab.core.stats import apart, compare_intervals

    assert compare_intervals((0.5, 0.4, 0.6), (0.2, 0.1, 0.3)) == "more"
    assert apart((0.5, 0.4, 0.6), (0.2, 0.1, 0.3)) == "apart"
    assert apart((0.2, 0.1, 0.3), (0.5, 0.4, 0.6)) == "apart"
    assert apart((0.5, 0.3, 0.6), (0.2, 0.1, 0.3)) == "overlap"  # touching at 0.3


def test_ratio_ci_is_scipys_normal_interval_of_the_linearised_residuals():
    """The delta method: the ratio's standard error is that of the residuals ``num - r den``
    (scipy's ``sem``) over the mean of ``den``."""
    from scipy.stats import norm, sem

    from headcount_lab.core.stats import ratio_ci

    rng = np.random.default_rng(5)
    den = rng.integers(1, 30, 400).astype(np.float64)
    num = 2.0 * den + rng.normal(0, 3, 400)
    r, lo, hi = ratio_ci(num, den)
    assert r == pytest.approx(num.sum() / den.sum(), rel=1e-12)
    half = norm.ppf(0.975) * sem(num - r * den) / den.mean()
    assert (lo, hi) == pytest.approx((r - half, r + half), rel=1e-9)


def test_ratio_ci_of_sums_is_ratio_ci_of_the_values():
    from headcount_lab.core.stats import ratio_ci, ratio_ci_of_sums

    rng = np.random.default_rng(6)
    y = rng.integers(0, 6, 300).astype(np.float64)  # some observations face nothing (y = 0)
    x = rng.binomial(y.astype(np.int64), 0.3).astype(np.float64)
    sums = (x.sum(), y.sum(), (x * x).sum(), (y * y).sum(), (x * y).sum())
    assert ratio_ci_of_sums(*sums, len(y)) == pytest.approx(ratio_ci(x, y), rel=1e-9)


def test_stratified_difference_of_one_stratum_is_the_two_proportion_wald_interval():
    from scipy.stats import norm

    from headcount_lab.core.stats import stratified_difference

    d, lo, hi = stratified_difference([(np.array(60.0), np.array(100.0),
                                        np.array(30.0), np.array(80.0))])  # fmt: skip
    pa, pb = 0.6, 30 / 80
    half = norm.ppf(0.975) * math.sqrt(pa * (1 - pa) / 100 + pb * (1 - pb) / 80)
    assert (d, lo, hi) == pytest.approx((pa - pb, pa - pb - half, pa - pb + half), rel=1e-12)


def test_stratified_difference_weighs_strata_by_their_harmonic_size_and_drops_thin_cells():
    from headcount_lab.core.stats import stratified_difference

    wa, na = np.array([10.0, 40.0, 5.0]), np.array([20.0, 50.0, 10.0])
    wb, nb = np.array([5.0, 20.0, 1.0]), np.array([20.0, 50.0, 10.0])  # the third is thin
    d, _, _ = stratified_difference([(wa, na, wb, nb)])
    w = np.array([10.0, 25.0])  # n_a n_b / (n_a + n_b)
    assert d == pytest.approx((w * np.array([0.25, 0.4])).sum() / w.sum(), rel=1e-12)
    assert stratified_difference([(wa[2:], na[2:], wb[2:], nb[2:])]) is None


def test_ols_coefficients_are_scipys_and_hc1_is_the_welch_type_closed_form():
    """One binary regressor: the slope is the difference of the two means (scipy's linregress)
    and its HC1 variance is ``n / (n - 2) (var_1 / n_1 + var_0 / n_0)`` with each group's
    population variance."""
    from scipy.stats import linregress

    from headcount_lab.core.stats import ols

    rng = np.random.default_rng(7)
    g = (rng.random(500) < 0.3).astype(np.float64)
    y = 1.0 + 2.0 * g + rng.normal(0, 1 + 2 * g, 500)  # noisier in group 1
    beta, cov = ols(np.column_stack([np.ones(500), g]), y)
    fit = linregress(g, y)
    assert beta == pytest.approx([fit.intercept, fit.slope], rel=1e-10)
    y1, y0 = y[g == 1], y[g == 0]
    hc1 = 500 / 498 * (y1.var() / y1.size + y0.var() / y0.size)
    assert cov[1, 1] == pytest.approx(hc1, rel=1e-9)


def test_clustered_ols_sums_the_scores_of_each_block():
    """Blocks of rows that share their noise: the covariance sums each block's scores before
    the sandwich, scaled by G / (G - 1); written out block by block here."""
    from headcount_lab.core.stats import ols

    rng = np.random.default_rng(8)
    blocks, c = 150, 3
    x = np.column_stack([np.ones(blocks * c), rng.normal(size=blocks * c)])
    y = (
        x @ np.array([0.5, -1.0])
        + np.repeat(rng.normal(size=blocks), c)
        + rng.normal(size=blocks * c)
    )
    beta, cov = ols(x, y, cluster=c)
    e = y - x @ beta
    meat = sum(np.outer(s, s) for s in ((x[i * c:(i + 1) * c] * e[i * c:(i + 1) * c, None]).sum(0)
                                       for i in range(blocks)))  # fmt: skip
    bread = np.linalg.inv(x.T @ x)
    assert cov == pytest.approx(bread @ meat @ bread * blocks / (blocks - 1), rel=1e-9)
    # the shared noise (half the variance, blocks of 3) about doubles the intercept's variance,
    # which the rows taken one by one (HC1) miss
    assert cov[0, 0] > 1.5 * ols(x, y)[1][0, 0]
