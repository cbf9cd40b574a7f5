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
