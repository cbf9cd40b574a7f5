"""Seat rotation and per-seat summaries shared by every game's tournament."""

import numpy as np

from headcount_lab.core.seats import distinct, per_bot_by_seat, per_seat, rotated, seat_orders


def test_seat_orders_are_the_distinct_arrangements():
    assert seat_orders(["a", "b", "c"], False) == [(0, 1, 2)]
    assert len(seat_orders(["a", "b", "c", "d"], True)) == 24
    assert len(seat_orders(["a", "a", "b", "b"], True)) == 6  # 4! / (2! 2!)
    assert seat_orders(["a", "a", "a"], True) == [(0, 1, 2)]


def test_rotation_turns_the_table_one_seat_per_match():
    assert rotated(["a", "b", "c"], 0, True) == ["a", "b", "c"]
    assert rotated(["a", "b", "c"], 1, True) == ["c", "a", "b"]
    assert rotated(["a", "b", "c"], 4, True) == ["c", "a", "b"]
    assert rotated(["a", "b", "c"], 1, False) == ["a", "b", "c"]


def test_per_seat_and_per_bot_rates_add_up():
    wins = np.array([[3, 1], [0, 6]])  # [seat, slot]
    seated = np.array([[5, 5], [5, 8]])
    seats = per_seat(wins, 10)
    assert [r["wins"] for r in seats] == [4, 6]
    by_seat = per_bot_by_seat(wins, seated, [1])
    assert [(r["wins"], r["games"]) for r in by_seat] == [(1, 5), (6, 8)]
    assert all(r["ci95"][0] <= r["rate"] <= r["ci95"][1] for r in seats + by_seat)
    assert distinct(["x", "y", "x"]) == {"x": [0, 2], "y": [1]}


def test_a_seat_a_bot_never_sat_in_has_no_rate_not_nan():
    wins = np.array([[1, 0], [0, 2]])  # seats not rotated: slot s always in seat s
    seated = np.array([[3, 0], [0, 3]])
    by_seat = per_bot_by_seat(wins, seated, [0])
    assert by_seat[0]["rate"] == 1 / 3 and by_seat[1] == {
        "wins": 0, "games": 0, "rate": None, "ci95": None,
    }  # fmt: skip


def test_a_paired_difference_of_one_deal_has_no_interval_and_others_stay_in_bounds():
    from headcount_lab.core.seats import paired_difference

    wins = np.array([[1, 0], [0, 0]])
    seated = np.array([[1, 0], [0, 1]])
    slot_sq = np.array([[1, 0], [0, 0]])
    one = paired_difference(wins, seated, slot_sq, [0], [1], deals=1)
    assert one == {"difference": 1.0, "ci95": None}
    # 3 deals of one game each: slot 0 won two, slot 1 none; the normal interval passes +1
    wins3, seated3 = np.array([[2, 0], [0, 0]]), np.array([[3, 0], [0, 3]])
    three = paired_difference(wins3, seated3, np.array([[2, 0], [0, 0]]), [0], [1], deals=3)
    lo, hi = three["ci95"]
    assert three["difference"] == 2 / 3 and -1.0 <= lo < 2 / 3 < hi <= 1.0
