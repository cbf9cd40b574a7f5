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
