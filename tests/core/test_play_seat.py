"""core.play's shared table parts: the person's seat and its labels, the hint bot, and the hint
deciding on a copy of the game's stream."""

import types

import pytest

from headcount_lab.core.play import Console, Hint, PersonSeat, stream_copy
from headcount_lab.core.record import PERSON
from headcount_lab.core.rng import PyStream, block_state


class _Owner:
    def __init__(self) -> None:
        self.stream = PyStream(block_state(5, 0))


def test_a_hint_decided_on_the_copy_draws_nothing_from_the_games_stream():
    owner, twin = _Owner(), _Owner()
    with stream_copy(owner):
        during = [owner.stream.next_u64() for _ in range(3)]
    assert during == [twin.stream.next_u64() for _ in range(3)]  # the copy starts where the game is
    assert owner.stream.next_u64() == during[0]  # and the game's stream did not move


def test_the_games_stream_is_back_after_the_hint_bot_fails():
    owner = _Owner()
    before = list(owner.stream.s)
    with pytest.raises(RuntimeError), stream_copy(owner):
        owner.stream.next_u64()
        raise RuntimeError("the bot failed")
    assert owner.stream.s == before


class _Table(PersonSeat):
    HINT_BOT = "reader"

    def seat_range(self) -> tuple[int, int]:
        return 2, 3

    def setup(self) -> None:
        self.set_up = True


def test_a_table_of_a_size_the_game_does_not_take_is_refused_before_its_setup():
    with pytest.raises(ValueError, match="a table has 2 to 3 players, got 4"):
        _Table(None, ["odds", None, "tips", "odds"], 1, 7, Console())
    rules = types.SimpleNamespace(players=3)
    with pytest.raises(ValueError, match="the rules are for 3 players, not 2"):
        PersonSeat(rules, ["odds", None], 1, 7, Console())
    assert PersonSeat(rules, ["odds", None, "tips"], 1, 7, Console()).labels[1] == PERSON


def test_the_persons_seat_is_labelled_and_played_by_the_hint_bot_in_the_table():
    seat = _Table(None, ["odds", None, "tips"], 1, 7, Console())
    assert seat.set_up  # the game's own part ran
    assert seat.labels == ["odds", PERSON, "tips"]
    assert seat.specs == ["odds", "reader", "tips"] and seat.hint_bot == Hint("reader", "reader")
    named = Hint("equilibrium:discard=0", "competent (equilibrium:discard=0)")
    assert _Table(None, [None, "odds"], 0, 7, Console(), named).specs == [
        "equilibrium:discard=0",
        "odds",
    ]
