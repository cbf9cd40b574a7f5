"""The declared shapes of Forehead Whist's input files: recorded matches and score sheets.

A recorded match (``simulate --record``, read by ``whist replay``) and a score sheet (read by
``whist score``) are validated here before any rule is applied: strict types (a bid is a whole
number, a card is text, ``4.0`` players is not a number of players), no unknown keys, the
record's format and version are this program's, and its house rules pass their range checks. A
score sheet's hands must follow the schedule (W2): hand h deals the h-th hand size of an
n-player match, and a sheet holds at most the match's 3n + 12 hands (a match in progress may stop
early). The first problem is one ``ValueError`` naming the match, hand, seat and field, e.g.
``match 1: hand 3, seat 2: Input should be a valid integer``. Matches, hands and tricks are
numbered from 1, seats from 0.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from headcount_lab.core.schema import Strict, check_header, rules_model, validate
from headcount_lab.games.whist.rules import (
    PLAYERS_MAX,
    PLAYERS_MIN,
    VERSION,
    WhistRules,
    hand_sizes,
)

FORMAT = "forehead-whist-match"
#: a file of several matches (what ``simulate --record K`` writes), in the core record envelope
FILE_FORMAT = "forehead-whist-matches"

#: how an error's place reads (list field -> item name, first number)
PLACES = {
    "matches": ("match", 1),
    "hands": ("hand", 1),
    "tricks": ("trick", 1),
    "deal": ("seat", 0),
    "bids": ("seat", 0),
    "bots": ("seat", 0),
    "totals": ("seat", 0),
}
#: a score sheet's tricks are the tricks each seat took, not played tricks
SHEET_PLACES = {**PLACES, "tricks": ("seat", 0)}

RulesJson = rules_model(WhistRules)


class Trick(Strict):
    leader: int
    cards: list[str]


class Hand(Strict):
    hand: int
    cards: int
    dealer: int
    trump_card: str | None
    deal: list[list[str]]
    bids: list[int]
    tricks: list[Trick]


class Match(Strict):
    """One recorded match (``record.decode_log`` writes it)."""

    format: Literal["forehead-whist-match"]
    version: int
    rules: RulesJson  # type: ignore[valid-type]
    bots: list[str]
    hands: list[Hand]
    totals: list[int] | None = None

    @model_validator(mode="after")
    def _a_bot_per_seat(self) -> Match:
        n = self.rules.players  # type: ignore[attr-defined]
        if len(self.bots) != n:
            raise ValueError(f"bots must name {n} bots, one per seat, not {len(self.bots)}")
        return self


class MatchFile(Strict):
    """The body of a record file (``simulate --record``, ``play``): the run's first matches. Its
    envelope (game, rules and their version, seed, bots) is the platform's
    (:func:`headcount_lab.core.record.open_envelope`); a file written before the envelope,
    ``{"seed": S, "matches": [...]}``, has the seed alone."""

    seed: Any = None  # core.record.check_seed
    matches: list[Any] = Field(min_length=1)  # each checked by :func:`check_match`


class ScoreHand(Strict):
    hand: int | None = None
    cards: int
    bids: list[int]
    tricks: list[int]


class Sheet(Strict):
    """A score sheet whose hand sizes are taken as written (for checks of the arithmetic alone,
    e.g. a peer's schedule); :class:`ScoreSheet` also holds it to W2."""

    players: int
    hands: list[ScoreHand] = Field(min_length=1)

    @field_validator("players")
    @classmethod
    def _table(cls, v: int) -> int:
        if not PLAYERS_MIN <= v <= PLAYERS_MAX:
            raise ValueError(f"must be between {PLAYERS_MIN} and {PLAYERS_MAX}, not {v}")
        return v


class ScoreSheet(Sheet):
    """A score sheet of a match played by the schedule (W2)."""

    @model_validator(mode="after")
    def _schedule(self) -> ScoreSheet:
        sizes = hand_sizes(self.players)
        if len(self.hands) > len(sizes):
            raise ValueError(
                f"a {self.players}-player match has {len(sizes)} hands (W2), "
                f"the sheet lists {len(self.hands)}"
            )
        for h, (hand, k) in enumerate(zip(self.hands, sizes, strict=False), start=1):
            if hand.hand is not None and hand.hand != h:
                raise ValueError(f"hand {h}: numbered {hand.hand}, not {h}")
            if hand.cards != k:
                raise ValueError(
                    f"hand {h}: the schedule (W2) deals {k} card{'s' if k > 1 else ''} in hand "
                    f"{h} of a {self.players}-player match, not {hand.cards}"
                )
        return self


def check_match(data: Any) -> WhistRules:
    """Validate one recorded match; return its rules."""
    check_header(data, {"format": FORMAT, "version": VERSION}, "a recorded match")
    m = validate(Match, data, "", PLACES)
    return WhistRules(**m.rules.model_dump())  # type: ignore[attr-defined]


def matches_of(data: Any) -> list[Any]:
    """The matches of a record file (its whole envelope checked, and every match played under
    the envelope's rules) or of a single match."""
    from headcount_lab.core.record import ENVELOPE, check_seed
    from headcount_lab.games import GAMES

    if not isinstance(data, dict) or "matches" not in data:
        return [data]
    if set(data) & (set(ENVELOPE) - {"seed"}):  # a record file: the platform's envelope
        rules = GAMES["whist"].open_record(data, FILE_FORMAT).as_dict()
        body = {k: v for k, v in data.items() if k not in ENVELOPE}
        matches = validate(MatchFile, body, "record", PLACES).matches
        for i, m in enumerate(matches, start=1):
            if not isinstance(m, dict) or m.get("rules") != rules:
                raise ValueError(f"match {i}: its rules are not the record's rules")
        return matches
    check_seed(data.get("seed"))
    return validate(MatchFile, data, "record", PLACES).matches


def check_score_sheet(data: Any, schedule: bool = True) -> Sheet:
    """Validate a score sheet ``{"players": n, "hands": [{"cards", "bids", "tricks"}]}``; with
    ``schedule`` its hand sizes must follow W2."""
    if not isinstance(data, dict) or "players" not in data or "hands" not in data:
        raise ValueError('the score file must be {"players": n, "hands": [...]}')
    return validate(ScoreSheet if schedule else Sheet, data, "score sheet", SHEET_PLACES)
