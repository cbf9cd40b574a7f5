"""The Headcount report's facts: the keys that pick a sentence follow the intervals."""

from headcount_lab.analysis.headcount.facts import effect
from headcount_lab.core.stats import compare_intervals, sign_of


def test_a_difference_is_up_or_down_only_when_its_interval_leaves_out_zero():
    assert sign_of((0.02, 0.01, 0.03)) == "up"
    assert sign_of((-0.02, -0.03, -0.01)) == "down"
    assert sign_of((0.02, -0.01, 0.05)) == "none"


def test_effect_is_real_only_from_the_practical_size_on():
    assert effect((0.3, 0.1, 0.5), "rounds_per_game") == "real"
    assert effect((0.1, 0.05, 0.15), "rounds_per_game") == "small"
    assert effect((0.3, -0.1, 0.7), "rounds_per_game") == "none"
    assert effect((-0.02, -0.03, -0.011), "best_bot_wins") == "real"


def test_intervals_compare_only_when_they_do_not_overlap():
    assert compare_intervals((0.5, 0.4, 0.6), (0.2, 0.1, 0.3)) == "more"
    assert compare_intervals((0.2, 0.1, 0.3), (0.5, 0.4, 0.6)) == "less"
    assert compare_intervals((0.5, 0.25, 0.6), (0.2, 0.1, 0.3)) == "unclear"
