"""Exact odds of a blind one-card hand (W9): the chance that the card on your forehead wins.

In a one-card hand you see every other player's card and the trump card, never your own; your
card is equally likely to be any card of the pack you cannot see. Every such card is tried in
turn and the trick decided by W6, so the probability is an exact fraction. With it the expected
score of each bid follows from W7: bid 1 scores 6 if the card wins and -1 if not; bid 0 scores 5
if it loses and -1 if it wins. So bidding 1 is right exactly when P(win) > 6/13.

Example (4 players, pack 7..A): the leader shows K♠, you are second, then 8♥ and A♦, trump 9♦.
The A♦ is the highest trump and no card can beat it, so P(win) = 0 and the best bid is 0.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from headcount_lab.core.cards import CardError, parse_card, split_tokens
from headcount_lab.games.whist.rules import (
    card_id,
    card_text,
    ranks_per_suit,
    trick_winner,
)


def blind_win_cards(
    players: int, seen: list[int | None], trump_card: int | None
) -> tuple[list[int], list[int]]:
    """(cards my forehead could hold, those among them that take the trick).

    ``seen`` holds the cards in play order from the leader, with ``None`` at my own seat.
    """
    ranks = ranks_per_suit(players)
    if len(seen) != players:
        raise ValueError(f"expected {players} cards in play order (one of them ?), got {len(seen)}")
    if seen.count(None) != 1:
        raise ValueError("mark exactly one seat, your own, with ?")
    me = seen.index(None)
    known = {c for c in seen if c is not None}
    if trump_card is not None:
        if trump_card in known:
            raise CardError(f"card {card_text(trump_card, ranks)} is given twice")
        known.add(trump_card)
    trump_suit = trump_card // ranks if trump_card is not None else None
    possible = [c for c in range(4 * ranks) if c not in known]
    wins = []
    for c in possible:
        cards = [c if x is None else x for x in seen]
        if trick_winner(cards, trump_suit, ranks) == me:
            wins.append(c)
    return possible, wins


def expected_scores(p_win: Fraction) -> dict[int, Fraction]:
    """W7 expected score of bidding 0 and 1 in a one-card hand."""
    return {0: 5 * (1 - p_win) - p_win, 1: 6 * p_win - (1 - p_win)}


def best_bid(p_win: Fraction, forbidden: int | None = None) -> int:
    """The bid with the higher expected score (0 on a tie) that the dealer's restriction allows."""
    ev = expected_scores(p_win)
    order = sorted(ev, key=lambda b: (-ev[b], b))
    return next(b for b in order if b != forbidden)


def blind_odds(
    players: int, see: str, trump_card: str, forbidden: int | None = None
) -> dict[str, Any]:
    """Parse ``see`` (cards in play order from the leader, ``?`` for your seat) and the trump
    card, and return the exact odds with the best bid and the expected score of each bid.

    A one-card hand always turns a trump card (W4), so an empty ``trump_card`` is an error, not
    "no trump"."""
    ranks = ranks_per_suit(players)
    if not trump_card.strip():
        raise ValueError("a one-card hand always turns a trump card (W4): name it, e.g. 9♦")
    tokens = split_tokens(see)
    seen: list[int | None] = []
    for tok in tokens:
        seen.append(None if tok == "?" else card_id(parse_card(tok), ranks))
    cards_seen = [c for c in seen if c is not None]
    if len(set(cards_seen)) != len(cards_seen):
        dup = next(c for c in cards_seen if cards_seen.count(c) > 1)
        raise CardError(f"card {card_text(dup, ranks)} is given twice")
    trump = card_id(parse_card(trump_card), ranks)
    if forbidden is not None and forbidden not in (0, 1):
        raise ValueError(f"a one-card hand's forbidden bid is 0 or 1, not {forbidden}")
    possible, wins = blind_win_cards(players, seen, trump)
    p = Fraction(len(wins), len(possible))
    ev = expected_scores(p)
    return {
        "players": players,
        "position": seen.index(None),
        "p_win": float(p),
        "fraction": f"{p.numerator}/{p.denominator}",
        "best_bid": best_bid(p, forbidden),
        "forbidden": forbidden,
        "expected_score": {str(b): float(v) for b, v in ev.items()},
        "possible_cards": len(possible),
        "winning_cards": [card_text(c, ranks) for c in wins],
    }
