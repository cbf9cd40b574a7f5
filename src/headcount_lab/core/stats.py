"""Statistical tests used to hold Monte-Carlo results against exact answers."""

from __future__ import annotations

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
