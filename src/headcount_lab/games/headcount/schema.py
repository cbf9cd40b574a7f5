"""The declared shape of a Headcount record (``"format": "headcount-record/1"``).

:func:`check_record` validates a loaded record against these models before
:func:`~headcount_lab.games.headcount.record.replay` checks its actions against the rules: every
value has the right type (a seat is a whole number, never ``true`` or ``4.0``; a card is text),
every seat number is at the table, the format and rules version are this program's, and the house
rules pass their own range checks. The first problem is one ``ValueError`` naming the game,
round and field, e.g. ``game 0, round 2, loser: Input should be a valid integer, not true``.
Games are numbered from 0 and rounds from 1, as the replay reports them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from headcount_lab.core.schema import Strict, rules_model, validate
from headcount_lab.games.headcount.rules import PLAYERS_MAX, PLAYERS_MIN, HeadcountRules

FORMAT = "headcount-record/1"

#: how an error's place in a record reads (list field -> item name, first number)
PLACES = {
    "games": ("game", 0),
    "rounds": ("round", 1),
    "actions": ("action", 1),
    "points": ("point", 1),
    "foreheads": ("forehead of seat", 0),
    "seats": ("seat", 0),
}

RulesJson = rules_model(HeadcountRules)


class Action(Strict):
    """One turn: a peek, a bid or the call "Count!" (exactly one of them)."""

    seat: int
    peek: Literal[True] | None = None
    bid: int | None = None
    call: Literal[True] | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Action:
        if (self.peek, self.bid, self.call).count(None) != 2:
            raise ValueError("an action is exactly one of a peek, a whole-number bid or a call")
        return self


class Point(Strict):
    """Trickster (H10): ``seat`` points ``at`` the caller or the last bidder."""

    seat: int
    at: int


class Round(Strict):
    round: int
    start: int
    foreheads: list[str | None]
    hidden: str | None = None
    draw: str
    actions: list[Action] = Field(min_length=1)
    points: list[Point] = []
    total: int
    loser: int
    winner: int
    discard: Literal["open", "down"]
    out: int | None = None  # absent when nobody went out; never null

    @field_validator("out", mode="before")
    @classmethod
    def _not_null(cls, v: Any) -> Any:
        if v is None:
            raise ValueError("leave 'out' away when nobody went out")
        return v

    def seat_numbers(self) -> list[tuple[str, int]]:
        named = [("start", self.start), ("loser", self.loser), ("winner", self.winner)]
        named += [(f"action {i + 1}, seat", a.seat) for i, a in enumerate(self.actions)]
        for i, p in enumerate(self.points):
            named += [(f"point {i + 1}, seat", p.seat), (f"point {i + 1}, at", p.at)]
        if self.out is not None:
            named.append(("out", self.out))
        return named


class Game(Strict):
    seats: list[str] = Field(min_length=PLAYERS_MIN, max_length=PLAYERS_MAX)
    winner: int | None
    rounds: list[Round] = Field(min_length=1)

    @model_validator(mode="after")
    def _seats_at_the_table(self) -> Game:
        n = len(self.seats)
        for r in self.rounds:
            if len(r.foreheads) != n:
                raise ValueError(
                    f"round {r.round}: foreheads must list {n} seats (null for players out)"
                )
            for name, seat in r.seat_numbers():
                if not 0 <= seat < n:
                    raise ValueError(f"round {r.round}, {name}: no seat {seat} at a table of {n}")
        if self.winner is not None and not 0 <= self.winner < n:
            raise ValueError(f"winner: no seat {self.winner} at a table of {n}")
        return self


class Record(Strict):
    format: Literal["headcount-record/1"]
    game: Literal["headcount"] = "headcount"
    rules_version: int
    rules: RulesJson  # type: ignore[valid-type]
    seed: int | None = None
    bots: list[str] | None = None  # as listed, before any seat rotation
    games: list[Game] = Field(min_length=1)

    @model_validator(mode="after")
    def _seats_are_the_bots(self) -> Record:
        if self.bots is not None:
            for i, g in enumerate(self.games):
                if sorted(g.seats) != sorted(self.bots):
                    raise ValueError(f"game {i}: its seats are not the record's bots")
        return self


def check_record(data: Any) -> HeadcountRules:
    """Validate ``data``: the platform's envelope first (format, version, game, rules, seed,
    bots: :meth:`~headcount_lab.games.GameSpec.open_record`), then :class:`Record`; return its
    rules."""
    from headcount_lab.games import GAMES

    GAMES["headcount"].open_record(data, FORMAT)
    rec = validate(Record, data, "", PLACES)
    return HeadcountRules(**rec.rules.model_dump())  # type: ignore[attr-defined]
