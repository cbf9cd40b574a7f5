"""Card notation shared by every game: parsing and printing.

A card is written rank then suit, in Unicode (``Q♥``, ``10♠``) or ASCII (``QH``, ``10S``, ``qh``,
``TS``). Two jokers have names of their own: ``JK`` (Headcount's mystery card) and ``X2`` (the
Double variant's doubling joker). Games map these neutral :class:`Card` values to their own small
integer encodings; this module knows nothing of any game's values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
# Outline symbols are common when people type on phones; accept them as the same suits.
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_FROM_NAME = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}

#: Names of the two jokers; their ``rank`` is 0 and their ``suit`` is the name itself.
JOKERS = ("JK", "X2")

ACCEPTED = (
    "rank 2-10, J, Q, K, A (or T for 10) followed by a suit ♠ ♥ ♦ ♣ or S H D C "
    "(any case: Q♥, QH, qh, 10S, TS); jokers JK and X2"
)

_TOKEN = re.compile(r"^(10|[2-9TJQKA])([SHDC])$")


class CardError(ValueError):
    """A token that is not a card, or a set of cards that breaks a rule of the notation."""


@dataclass(frozen=True, order=True)
class Card:
    """A neutral card: ``rank`` 2..14 (ace high) and ``suit`` in ``SHDC``; jokers have rank 0."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    def text(self, ascii: bool = False) -> str:
        if self.is_joker:
            return self.suit
        rank = RANK_NAMES.get(self.rank, str(self.rank))
        return rank + (self.suit if ascii else SUIT_SYMBOLS[self.suit])

    def __str__(self) -> str:
        return self.text()


def rank_of(name: str) -> int | None:
    """The rank (2..14, ace high) a rank name stands for: 2-10, ``T`` for 10, J, Q, K, A, any
    case; ``None`` if ``name`` names no rank. Games that write ranks without suits (Poohead,
    Foolish Faces) read them with this, so ``T`` means 10 in every game."""
    t = name.strip().upper()
    if t in _RANK_FROM_NAME:
        return _RANK_FROM_NAME[t]
    if t.isdigit() and t.isascii() and 2 <= int(t) <= 10 and t == str(int(t)):
        return int(t)
    return None


def parse_card(token: str) -> Card:
    """Parse one token; raise :class:`CardError` naming it and listing what is accepted."""
    raw = token
    t = token.strip().upper()
    if t in JOKERS:
        return Card(0, t)
    if t and t[-1] in _SYMBOL_TO_SUIT:
        t = t[:-1] + _SYMBOL_TO_SUIT[t[-1]]
    m = _TOKEN.match(t)
    if not m:
        raise CardError(f"unknown card {raw!r}: expected {ACCEPTED}")
    rank_text, suit = m.groups()
    rank = int(rank_text) if rank_text.isdigit() else _RANK_FROM_NAME[rank_text]
    return Card(rank, suit)


def split_tokens(text: str | list[str] | tuple[str, ...]) -> list[str]:
    """Split card text on white space and commas; a list of strings is split element-wise."""
    parts = [text] if isinstance(text, str) else list(text)
    out: list[str] = []
    for p in parts:
        out.extend(tok for tok in re.split(r"[\s,]+", p) if tok)
    return out


def parse_cards(text: str | list[str] | tuple[str, ...], *, distinct: bool = True) -> list[Card]:
    """Parse several cards. With ``distinct`` a card given twice is an error naming it."""
    cards = [parse_card(tok) for tok in split_tokens(text)]
    if distinct:
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise CardError(f"card {c} is given twice")
            seen.add(c)
    return cards


def format_cards(cards: list[Card], ascii: bool = False) -> str:
    return " ".join(c.text(ascii) for c in cards)
