"""Statistics shared by every game: 95% intervals (Wilson, normal, paired) for the summaries and
reports, and the tests that hold Monte-Carlo results against exact answers."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class GoodnessOfFit:
    statistic: float
    dof: int
    p_value: float
    bins: int  # after pooling


def pool_bins(expected: np.ndarray, min_expected: float = 5.0) -> np.ndarray:
    """Group ids (int64, one per bin) that merge adjacent bins, left to right, until each group
    expects at least ``min_expected``; a short tail joins the group before it. Adjacent pooling
    keeps neighbouring totals together, so a histogram's shape is still tested."""
    groups = np.empty(expected.size, dtype=np.int64)
    g = 0
    acc = 0.0
    for i, e in enumerate(expected):
        groups[i] = g
        acc += float(e)
        if acc >= min_expected:
            g += 1
            acc = 0.0
    if 0.0 < acc < min_expected and g > 0:  # tail too small: join the previous group
        groups[groups == g] = g - 1
    return groups


def chi_square_gof(
    observed: np.ndarray, probabilities: np.ndarray, min_expected: float = 5.0
) -> GoodnessOfFit:
    """Pearson's chi-square test of counts ``observed`` against bin ``probabilities``.

    Sparse bins are pooled with their neighbours (:func:`pool_bins`). A count in a bin of
    probability zero is impossible under the hypothesis: the p-value is then 0.
    """
    from scipy.stats import chi2

    observed = np.asarray(observed, dtype=np.float64)
    probabilities = np.asarray(probabilities, dtype=np.float64)
    if observed.shape != probabilities.shape:
        raise ValueError(f"shapes differ: {observed.shape} vs {probabilities.shape}")
    if not np.isclose(probabilities.sum(), 1.0):
        raise ValueError(f"probabilities sum to {probabilities.sum()}, not 1")
    n = observed.sum()
    if np.any(observed[probabilities == 0] > 0):
        return GoodnessOfFit(float("inf"), 0, 0.0, 0)
    expected = n * probabilities
    groups = pool_bins(expected, min_expected)
    n_groups = int(groups.max()) + 1
    obs = np.bincount(groups, weights=observed, minlength=n_groups)
    exp = np.bincount(groups, weights=expected, minlength=n_groups)
    if n_groups < 2:
        raise ValueError("too few counts for a chi-square test: fewer than two pooled bins")
    stat = float(((obs - exp) ** 2 / exp).sum())
    dof = n_groups - 1
    return GoodnessOfFit(stat, dof, float(chi2.sf(stat, dof)), n_groups)


# --------------------------------------------------------------------------- intervals
#
# Every game's summaries and reports take their 95% intervals from here. The formulas are written
# out rather than calling scipy at run time: scipy's import costs every CLI call a third of a
# second, and the seeded outputs must stay bit-identical. tests/core/test_stats.py holds each one
# against scipy (``binomtest(...).proportion_ci("wilson")``, ``norm.ppf``, ``ttest_rel``).

#: two-sided 95% normal quantile, ``scipy.stats.norm.ppf(0.975)``
Z95 = 1.959963984540054
#: :data:`Z95` to two decimals, the 1.96 of the textbooks: the summaries of ``whist simulate``
#: and ``foolish simulate``, foolish's bot ladder and poohead's tables of seats and house rules
#: were published with it, and their seeded outputs stay bit-identical while they keep it
Z95_ROUNDED = round(Z95, 2)
#: one-sided 80% normal quantile, ``scipy.stats.norm.ppf(0.8)``: the z of 80% power
Z80 = 0.8416212335729143


def t95(dof: int) -> float:
    """Two-sided 95% quantile of Student's t with ``dof`` degrees of freedom,
    ``scipy.stats.t.ppf(0.975, dof)`` (scipy is imported when it is called)."""
    from scipy.stats import t

    return float(t.ppf(0.975, dof))


def excludes_zero(lo: float, hi: float) -> bool:
    """True when the interval [lo, hi] lies wholly above or wholly below zero."""
    return bool(lo > 0 or hi < 0)


def around(est: float, half: float) -> tuple[float, float, float]:
    """``(est, est - half, est + half)``: an estimate with its interval, ``half`` either side."""
    return est, est - half, est + half


def normal_ci(est: float, se: float, z: float = Z95) -> tuple[float, float, float]:
    """An estimate with its normal interval from its standard error ``se``."""
    return around(est, z * se)


def ci_columns(name: str, est: tuple[float, float, float]) -> dict[str, float]:
    """A table's columns ``name``, ``name_lo``, ``name_hi`` of an estimate and its interval."""
    return {name: est[0], f"{name}_lo": est[1], f"{name}_hi": est[2]}


def sign_of(est: tuple[float, float, float]) -> str:
    """``up`` / ``down`` when an estimate's interval ``(value, lo, hi)`` lies above / below
    zero, else ``none``: the key of the sentence a report says about it."""
    return "up" if est[1] > 0 else "down" if est[2] < 0 else "none"


def compare_intervals(a: tuple[float, float, float], b: tuple[float, float, float]) -> str:
    """``more`` / ``less`` when the interval of the estimate ``a`` (value, lo, hi) lies wholly
    above / below that of ``b``, else ``unclear`` (they overlap, or touch)."""
    return "more" if a[1] > b[2] else "less" if a[2] < b[1] else "unclear"


def apart(a: tuple[float, float, float], b: tuple[float, float, float]) -> str:
    """``apart`` when the intervals of two estimates do not overlap, else ``overlap``."""
    return "overlap" if compare_intervals(a, b) == "unclear" else "apart"


def wilson(k: float, n: float, z: float = Z95) -> tuple[float, float, float]:
    """(rate, low, high): Wilson score interval for ``k`` successes in ``n`` trials (NaN if n=0;
    ``k`` may be fractional, a success shared between players)."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = k / n
    den = 1 + z**2 / n
    centre = (p + z**2 / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z**2 / (4 * n * n)) / den
    # at k = 0 or k = n one end is exactly 0 or 1; rounding could leave the rate just outside
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return (p, low, high)


def cluster_wilson(
    k: int, n: int, sq: float, clusters: int, z: float = Z95
) -> tuple[float, float, float]:
    """(rate, low, high) for ``k`` successes in ``n`` trials that come in ``clusters`` groups of
    equal size (the games of one deal played in every seat order) whose success counts have
    the sum of squares ``sq``. The rate is ``k / n`` as by :func:`wilson`; the interval is
    Wilson's with Kish's effective sample size ``p (1 - p) / var``, where ``var`` is the
    variance of the rate estimated from the clusters (their sample variance over
    ``clusters``), so games that share a deal count as much as they tell. With one trial per
    cluster, a single cluster, clusters of equal counts, or a rate of 0 or 1 it is
    :func:`wilson`."""
    if n == 0 or clusters <= 1 or n == clusters or k in (0, n):
        return wilson(k, n, z)
    m = n / clusters  # trials per cluster
    p = k / n
    var_rate = max((sq / (m * m) - clusters * p * p) / (clusters - 1), 0.0) / clusters
    if var_rate == 0.0:
        # every cluster had the same count: the clusters show no spread, which a few of them
        # can by chance; a zero-width interval would claim the rate is known exactly, so the
        # interval is that of independent trials
        return wilson(k, n, z)
    n_eff = p * (1 - p) / var_rate
    den = 1 + z**2 / n_eff
    centre = (p + z**2 / (2 * n_eff)) / den
    half = z * math.sqrt(p * (1 - p) / n_eff + z**2 / (4 * n_eff * n_eff)) / den
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(
    total: float, sq: float, n: float, z: float = Z95, scale: float = 1.0
) -> tuple[float, float, float]:
    """(mean, low, high): normal interval of a mean from the count ``n``, the sum ``total`` and
    the sum of squares ``sq`` of the values (sample variance, n - 1), all times ``scale``."""
    mean = total / n
    var = max((sq - n * mean * mean) / (n - 1), 0.0) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return mean * scale, (mean - half) * scale, (mean + half) * scale


def mean_ci_of_moments(
    total: float, sq: float, n: float, z: float = Z95
) -> tuple[float, float, float]:
    """(mean, low, high) as :func:`mean_ci`, with the variance taken through the second moment,
    ``(sq / n - mean**2) * n / (n - 1)``: the same interval up to rounding, and the bits that the
    headcount report's tables were made with (its paired and traced tables use this one)."""
    m = total / n
    var = max(sq / n - m * m, 0.0) * n / max(n - 1, 1)
    return around(m, z * math.sqrt(var / n))


def sample_mean_ci(x: np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the normal interval of the mean of the values ``x`` (sample standard
    deviation, n - 1); NaN ends from a single value, all NaN from none."""
    x = np.asarray(x, dtype=np.float64)
    if len(x) == 0:
        return (math.nan, math.nan, math.nan)
    half = z * float(x.std(ddof=1)) / math.sqrt(len(x)) if len(x) > 1 else math.nan
    return around(float(x.mean()), half)


def histogram_mean_ci(hist: np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the normal interval of the mean of a value ``i`` counted ``hist[i]``
    times (sample variance, n - 1)."""
    t = np.arange(hist.size)
    n = hist.sum()
    m = float((hist * t).sum() / n)
    var = float((hist * (t - m) ** 2).sum() / max(1, n - 1))
    return around(m, z * math.sqrt(var / n))


def mean_sd(total: float, sq: float, n: float) -> tuple[float, float]:
    """(mean, sample standard deviation) from a count, a sum and a sum of squares."""
    mean = total / n
    var = (sq - n * mean * mean) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(max(var, 0.0))


def paired_ci(
    sum_a: float, sum_b: float, diff_sq: float, n: float, z: float = Z95, scale: float = 1.0
) -> tuple[float, float, float]:
    """Mean of the paired difference ``a - b`` over ``n`` pairs (``diff_sq`` = sum of
    ``(a - b)**2``) with its normal interval: the pairs share their deal, so their noise cancels."""
    return mean_ci(sum_a - sum_b, diff_sq, n, z, scale)


def independent_difference(
    a: tuple[float, float, float], b: tuple[float, float, float]
) -> tuple[float, float, float]:
    """(a - b, low, high) for two independent estimates given as (value, low, high) normal
    intervals, combining their half-widths in quadrature (conservative for runs that share
    their seed, whose estimates are positively correlated)."""
    return around(a[0] - b[0], math.hypot((a[2] - a[1]) / 2, (b[2] - b[1]) / 2))


def paired_win_difference(n10: int, n01: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(difference, low, high): P(A wins) - P(B wins) from ``n`` paired games of which ``n10``
    A won and B lost and ``n01`` the reverse (per-game differences -1, 0, 1; normal interval)."""
    d = (n10 - n01) / n
    var = ((n10 + n01) / n - d * d) / max(n - 1, 1)
    return around(d, z * math.sqrt(max(var, 0.0)))


def win_spread(pa: float, pb: float, n: float, z: float = Z95) -> tuple[float, float, float]:
    """(difference, low, high): P(A wins) - P(B wins) from ``n`` games each won by A, by B or by
    neither, at the win rates ``pa``, ``pb`` (per-game score 1, -1, 0; normal interval)."""
    d = pa - pb
    return around(d, z * math.sqrt(max(pa + pb - d * d, 0.0) / n))


def ratio_ci(num: np.ndarray, den: np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """(ratio, low, high): ``mean(num) / mean(den)`` over paired observations with its
    delta-method normal interval (the standard error of the residuals ``num - ratio * den``
    over the mean of ``den``)."""
    r = num.mean() / den.mean()
    resid = num - r * den
    se = resid.std(ddof=1) / math.sqrt(len(den)) / den.mean()
    return float(r), float(r - z * se), float(r + z * se)


def ratio_ci_of_sums(
    sx: float, sy: float, sxx: float, syy: float, sxy: float, n: float, z: float = Z95
) -> tuple[float, float, float]:
    """:func:`ratio_ci` of ``x`` over ``y`` from their sums, sums of squares and sum of products
    over ``n`` observations (a kernel keeps these instead of the values)."""
    r = sx / sy
    var = (sxx - 2 * r * sxy + r * r * syy) / max(1, n - 1)
    return around(r, z * math.sqrt(max(var, 0.0) * n) / sy)


def stratified_difference(
    strata: Iterable[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]],
    min_n: int = 20,
    z: float = Z95,
) -> tuple[float, float, float] | None:
    """(difference, low, high): the Mantel-Haenszel risk difference of two groups pooled over
    strata, from ``(wins_a, n_a, wins_b, n_b)`` arrays per stratum: each stratum's ``p_a - p_b``
    weighted by ``n_a n_b / (n_a + n_b)``, with the variance of the weighted sum of the two
    binomial rates. Cells with fewer than ``min_n`` trials in either group are left out; None
    when no stratum is left."""
    num, den, var = 0.0, 0.0, 0.0
    for wa, na, wb, nb in strata:
        ok = (na >= min_n) & (nb >= min_n)
        with np.errstate(invalid="ignore", divide="ignore"):
            pa = np.where(ok, wa / np.maximum(na, 1), 0)
            pb = np.where(ok, wb / np.maximum(nb, 1), 0)
            wt = np.where(ok, na * nb / np.maximum(na + nb, 1), 0)
        num += float((wt * (pa - pb)).sum())
        den += float(wt.sum())
        va = np.where(ok, pa * (1 - pa) / np.maximum(na, 1), 0)
        vb = np.where(ok, pb * (1 - pb) / np.maximum(nb, 1), 0)
        var += float((wt * wt * (va + vb)).sum())
    if den == 0:
        return None
    return around(num / den, z * math.sqrt(var) / den)


def ols(x: np.ndarray, y: np.ndarray, cluster: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Least-squares coefficients of ``y`` on the columns of ``x`` and their robust covariance.

    ``cluster=1``: each row stands alone, the heteroskedasticity-consistent HC1 sandwich
    (scaled by ``n / (n - k)``; the pseudo-inverse keeps a design with an empty column finite).
    ``cluster=c``: the rows come in consecutive blocks of ``c`` that share their noise (the
    seats of one round), clustered by block and scaled by ``G / (G - 1)`` over the ``G``
    blocks."""
    beta, *_ = np.linalg.lstsq(x, y, rcond=None)
    e = y - x @ beta
    if cluster == 1:
        inv = np.linalg.pinv(x.T @ x)
        meat = (x * (e * e)[:, None]).T @ x
        k = x.shape[1]
        return beta, inv @ meat @ inv * (x.shape[0] / max(1, x.shape[0] - k))
    blocks = x.shape[0] // cluster
    bread = np.linalg.inv(x.T @ x)
    g = (x * e[:, None]).reshape(blocks, cluster, -1).sum(axis=1)
    return beta, bread @ (g.T @ g) @ bread * blocks / (blocks - 1)


# --------------------------------------------------------------------------- summaries
#
# The summaries of every command print a statistic through :class:`Estimate`: no data gives no
# value, too little data (one game tells a mean but not its spread) gives no interval, and an
# interval is cut to the values the statistic can take (a proportion stays in [0, 1], a
# difference of two in [-1, 1]: the truth lies there, so the cut interval covers it as often).
# In JSON the missing value or interval is ``null``; in text :func:`ci_text` says why in words.

#: the values a proportion can take, and a difference of two proportions
PROPORTION = (0.0, 1.0)
DIFFERENCE = (-1.0, 1.0)


@dataclass(frozen=True)
class Estimate:
    """A statistic of ``n`` observations (``unit``) and its 95% interval: ``value`` is None
    without data, ``ci`` None when the data cannot give an interval."""

    value: float | None
    ci: tuple[float, float] | None
    n: int
    unit: str = "game"

    @property
    def ci_json(self) -> list[float] | None:
        return None if self.ci is None else [self.ci[0], self.ci[1]]

    def text(self, spec: str) -> str:
        """The value formatted by ``spec``, or why there is none."""
        return value_text(self.value, spec, self.n, self.unit)

    def ci_text(self, spec: str) -> str:
        return ci_text(self.ci_json, spec, self.n, self.unit)


def _bounded(
    value: float, lo: float, hi: float, n: int, unit: str, bounds: tuple[float, float] | None
) -> Estimate:
    if bounds is not None:
        lo, hi = max(lo, bounds[0]), min(hi, bounds[1])
    return Estimate(float(value), (float(lo), float(hi)), n, unit)


def interval(
    value: float,
    lo: float,
    hi: float,
    n: int,
    unit: str = "game",
    bounds: tuple[float, float] | None = None,
) -> Estimate:
    """An interval computed elsewhere, held to the same rules: none from fewer than two
    observations or when it has no width (or is not a number), else cut to ``bounds``."""
    if n < 2 or not lo < hi:  # a NaN end fails the comparison too
        return Estimate(float(value), None, n, unit)
    return _bounded(value, lo, hi, n, unit, bounds)


def rate(k: float, n: int, unit: str = "game") -> Estimate:
    """``k`` successes in ``n`` trials with the Wilson interval (:func:`wilson`); no data at
    ``n = 0``. A single trial has a real interval: Wilson's is never zero-width."""
    if n == 0:
        return Estimate(None, None, 0, unit)
    p, lo, hi = wilson(k, n)
    return Estimate(p, (lo, hi), n, unit)


def mean(
    total: float,
    sq: float,
    n: int,
    unit: str = "game",
    z: float = Z95,
    scale: float = 1.0,
    bounds: tuple[float, float] | None = None,
) -> Estimate:
    """The mean of ``n`` values from their sum and sum of squares with the normal interval of
    :func:`mean_ci` (cut to ``bounds``, in the scaled units); no data at ``n = 0``, no interval
    from a single value or from values that are all equal (their spread is unknown, not zero).
    A share (``bounds`` :data:`PROPORTION`, values in [0, 1]) whose values are all equal, say
    every game lost, takes Wilson's interval of ``total`` successes in ``n`` trials instead,
    which does not shrink to a point at 0 or 1."""
    if n == 0:
        return Estimate(None, None, 0, unit)
    m, lo, hi = mean_ci(total, sq, n, z, scale)
    if n >= 2 and lo == hi and bounds == PROPORTION and scale == 1.0:  # no spread seen
        _, lo, hi = wilson(total, n, z)
    return interval(m, lo, hi, n, unit, bounds)


def paired(
    sum_a: float,
    sum_b: float,
    diff_sq: float,
    n: int,
    unit: str = "deal",
    bounds: tuple[float, float] | None = None,
) -> Estimate:
    """The mean paired difference ``a - b`` of :func:`paired_ci` over ``n`` pairs, as
    :func:`mean` (no interval from one pair; cut to ``bounds``)."""
    return mean(sum_a - sum_b, diff_sq, n, unit, bounds=bounds)


def chunk_mean(
    values: np.ndarray, unit: str = "chunk", bounds: tuple[float, float] | None = None
) -> Estimate:
    """The mean of independent ``values`` (one per chunk of samples) with Student's t interval
    over them (:func:`t95`); no interval from a single chunk or from equal chunks."""
    k = int(values.shape[0])
    if k == 0:
        return Estimate(None, None, 0, unit)
    if k < 2:
        return Estimate(float(values.mean()), None, k, unit)
    m, lo, hi = sample_mean_ci(values, t95(k - 1))
    return interval(m, lo, hi, k, unit, bounds)


def chunk_ratio(
    num: np.ndarray, den: np.ndarray, unit: str = "chunk", bounds: tuple[float, float] | None = None
) -> Estimate:
    """``sum(num) / sum(den)`` over chunks with a delta-method t interval; no data when the
    denominator is zero, no interval from a single chunk."""
    k = int(num.shape[0])
    total = float(den.sum())
    if k == 0 or total == 0.0:
        return Estimate(None, None, 0, unit)
    r = float(num.sum() / total)
    if k < 2:
        return Estimate(r, None, k, unit)
    resid = (num - r * den) / den.mean()
    half = float(t95(k - 1) * resid.std(ddof=1) / math.sqrt(k))
    return interval(r, r - half, r + half, k, unit, bounds)


def missing(n: int | None, unit: str = "game") -> str:
    """Why a statistic of ``n`` observations has no value or no interval, in words: none, a
    single one, or (the one reason left for an interval the estimators of this module leave
    out) several that were all equal."""
    if not n:
        return "no data"
    if n == 1:
        return f"too little data (1 {unit})"
    first, _, rest = unit.partition(" ")  # "chunk of 10 views" -> "chunks of 10 views"
    return f"no spread in {n:,} {first}s{' ' + rest if rest else ''}"


def value_text(value: float | None, spec: str, n: int | None = None, unit: str = "game") -> str:
    """``value`` formatted by ``spec`` (``".2%"``), or ``no data``."""
    return missing(0) if value is None else format(value, spec)


def ci_text(
    ci: list[float] | tuple[float, float] | None,
    spec: str,
    n: int | None = None,
    unit: str = "game",
) -> str:
    """The interval as ``[lo, hi]``, each end formatted by ``spec``, or in words why there is
    none (``no data``, ``too little data (1 game)``): the one formatter of every summary."""
    if ci is None or ci[0] is None or ci[1] is None:
        return missing(n, unit)
    return f"[{format(ci[0], spec)}, {format(ci[1], spec)}]"


def sign_test_power(p_a: float, p_b: float, n: int, alpha: float = 0.05) -> float:
    """Exact power of the one-sided sign test that A wins more often than B after ``n`` games.

    Each game A wins (probability ``p_a``), B wins (``p_b``) or neither does (a third player
    won; A and B never both win). Given the ``m`` games that one of them won, A's wins are
    Binomial(m, 1/2) when the two are equally good, so the test rejects at level ``alpha``
    when A's wins reach the smallest ``c(m)`` with P(Bin(m, 1/2) >= c(m)) <= alpha (an exact
    test whatever ``m``); the power sums the chance of that over m ~ Binomial(n, p_a + p_b),
    with A's wins ~ Binomial(m, p_a / (p_a + p_b))."""
    from scipy.stats import binom

    if n < 1:
        return 0.0
    decisive = p_a + p_b
    if decisive <= 0:
        return 0.0
    m = np.arange(n + 1)
    # c(m): the smallest count whose upper tail under the null is at most alpha
    c = binom.isf(alpha, m, 0.5) + 1
    c = np.where(binom.sf(c - 2, m, 0.5) <= alpha, c - 1, c)  # isf is a float search: step back
    reject = binom.sf(c - 1, m, p_a / decisive)
    return float(np.dot(binom.pmf(m, n, decisive), reject))


def games_to_show_better(
    p_a: float, p_b: float, alpha: float = 0.05, power: float = 0.8, limit: int = 10_000_000
) -> int | None:
    """The fewest games after which the one-sided exact sign test (:func:`sign_test_power`) shows
    at level ``alpha`` that A is better than B with probability at least ``power``, when A wins
    a game with probability ``p_a`` and B with ``p_b``; ``None`` if A is not better or more than
    ``limit`` games would be needed.

    Power grows with ``n`` apart from small saw-teeth (the critical count is an integer), so a
    doubling search brackets it and bisection finds the first ``n`` of the bracket whose power
    reaches ``power``; the answer is the smallest such ``n`` up to those saw-teeth (a few games)."""
    if p_a <= p_b:
        return None
    hi = 1
    while sign_test_power(p_a, p_b, hi, alpha) < power:
        hi *= 2
        if hi > limit:
            return None
    lo = hi // 2  # power(lo) < power (or lo == 0)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if sign_test_power(p_a, p_b, mid, alpha) >= power:
            hi = mid
        else:
            lo = mid
    return hi
