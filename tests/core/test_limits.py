"""Sizes a run can finish (issue 26): counts past 2^53, and runs estimated over a day."""

import pytest

from headcount_lab.core.limits import MAX_COUNT, TooLong, check_count, check_run_time, duration


def test_counts_up_to_2_to_the_53_pass_and_past_it_are_refused_with_why():
    assert check_count(MAX_COUNT) == 2**53
    with pytest.raises(ValueError, match=r"--games 9007199254740993 is past 2\^53 .* 104 days"):
        check_count(2**53 + 1, "--games")


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(40, "40 s"), (90, "1.5 minutes"), (86_400, "1 day"), (3 * 86_400, "3 days"),
     (1e5 * 365.25 * 86_400, "100,000 years"), (float("inf"), "forever")],
)  # fmt: skip
def test_durations_read_in_the_largest_fitting_unit(seconds, text):
    assert duration(seconds) == text


def test_a_small_run_is_not_measured_and_yes_skips_the_check():
    def calibrate() -> float:
        raise AssertionError("measured")

    check_run_time("a run", 1000, 1000, calibrate, yes=False)
    check_run_time("a run", 10**15, 1000, calibrate, yes=True)


def test_a_large_run_is_measured_and_refused_past_a_day_with_its_estimate():
    with pytest.raises(TooLong, match=r"10 rounds would take about 2 days .*\(5 rounds a second\)"):
        check_run_time("10 rounds", 864_000, 1, lambda: 0.2, yes=False, unit="rounds")
    check_run_time("10 rounds", 400_000, 1, lambda: 0.2, yes=False, unit="rounds")  # 22 hours
