"""High Card, a one-card forehead claiming game (the toy game of the test suite).

Rules in brief: each player gets one card from a pack of the ``ranks`` highest spades and holds it
on the forehead, seeing every card but their own. In seat order each player either *claims*
("mine is the highest") or passes. A right claim scores ``reward``, a wrong one loses ``reward``,
a pass scores 0. Worked example, 3 players, pack 2♠..A♠: seat 0 has 9♠, seat 1 K♠, seat 2 4♠.
Seat 0 sees K♠ and 4♠ and passes (only A♠ of the 10 cards it could hold beats K♠); seat 1 sees
9♠ and 4♠ and claims (its card is one of 11, of which 5 beat 9♠); seat 2 sees K♠ and claims
against the odds. Seat 1 scores +1, seat 2 -1, seat 0 0.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from headcount_lab.core.cards import Card, CardError, parse_card
from headcount_lab.core.flags import check_ranges, ranged, with_flags

VERSION = 1
PLAYERS_MIN, PLAYERS_MAX = 3, 6


@dataclass(frozen=True)
class HighCardRules:
    players: int = ranged(4, PLAYERS_MIN, PLAYERS_MAX)
    #: the pack: the ``ranks`` highest spades (13: 2♠..A♠), more than ``players``
    ranks: int = ranged(13, PLAYERS_MIN + 1, 13)
    #: points for a right claim; a wrong claim loses as many
    reward: int = ranged(1, 1, 1000, "the scores are summed in int64")

    def __post_init__(self) -> None:
        check_ranges(self)
        if not self.players < self.ranks:
            raise ValueError(f"ranks must be between {self.players + 1} and 13, not {self.ranks}")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def with_flags(self, assignments: list[str]) -> HighCardRules:
        return with_flags(self, assignments)


def card_text(cid: int, ranks: int) -> str:
    """Card id 0..ranks-1, lowest first, as text (``A♠`` is the top of every pack)."""
    return Card(15 - ranks + cid, "S").text()


def card_id(text: str, ranks: int) -> int:
    card = parse_card(text)
    cid = card.rank - (15 - ranks)
    if card.suit != "S" or not 0 <= cid < ranks:
        raise CardError(f"{card} is not in the pack ({card_text(0, ranks)}..A♠)")
    return cid


def highest(cards: list[int]) -> int:
    """The seat holding the highest card."""
    return cards.index(max(cards))


def score(claimed: bool, is_highest: bool, rules: HighCardRules) -> int:
    if not claimed:
        return 0
    return rules.reward if is_highest else -rules.reward


def chance_highest(seen: list[int], ranks: int) -> float:
    """P(my card is the highest) from my view: my card is any card I cannot see."""
    top = max(seen)
    unseen = ranks - len(seen)
    return sum(1 for c in range(ranks) if c > top) / unseen
