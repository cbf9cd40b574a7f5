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
from headcount_lab.core.flags import with_flags

VERSION = 1
PLAYERS_MIN, PLAYERS_MAX = 3, 6


@dataclass(frozen=True)
class HighCardRules:
    players: int = 4
    ranks: int = 13  #: the pack: the ``ranks`` highest spades (13: 2♠..A♠)
    reward: int = 1  #: points for a right claim; a wrong claim loses as many

    def __post_init__(self) -> None:
        if not PLAYERS_MIN <= self.players <= PLAYERS_MAX:
            raise ValueError(f"players must be between {PLAYERS_MIN} and {PLAYERS_MAX}")
        if not self.players < self.ranks <= 13:
            raise ValueError(f"ranks must be between {self.players + 1} and 13, not {self.ranks}")
        if not 1 <= self.reward <= 1000:
            raise ValueError(f"reward must be between 1 and 1000, not {self.reward}")

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
