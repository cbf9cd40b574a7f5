"""Exact start-of-game facts, by counting deals (swap off: the hands are random).

The start rank (P6) is the lowest ordinary rank (3 .. A, not 2 or 10) among the 3n hand cards,
so P(start rank is above r) is the chance that no hand card is an ordinary rank up to r:
C(52 - 4m, 3n) / C(52, 3n) with m such ranks. A tie-break is needed when two or more players
hold the start rank; counting how the four copies of that rank fall among the seats (the rest
of each hand from the cards above it and the wild cards) gives that chance exactly.

Worked example, 4 players: P(start rank is 3) = 1 - C(48, 12) / C(52, 12) = 2759/4165 = 0.66242,
and a tie-break is needed in 130570062157/436571822225 = 0.29908 of deals.

A blind flip (P17) of an unseen card, with nothing known, is legal with probability (legal
ranks)/13 (``rules.flip_success``), and three face-down cards hold a 2 or a 10 with probability
1 - C(44, 3)/C(52, 3) = 2214/5525.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb, factorial
from typing import Any

from headcount_lab.games.poohead.rules import (
    COPIES,
    DECK,
    N_RANKS,
    ORDER,
    RANK_NAMES,
    TABLE,
    check_players,
    flip_success,
)


def _deals(n: int) -> int:
    """Ways to deal n three-card hands (seats distinguishable, order within a hand not)."""
    return factorial(DECK) // (factorial(TABLE) ** n * factorial(DECK - TABLE * n))


def _ways(n: int, lower: int, need_tie: bool) -> int:
    """Deals where no hand holds one of the ``lower`` cards below the start rank, some hand
    holds a copy of the start rank, and (``need_tie``) two or more hands do."""
    others = DECK - lower - COPIES
    total = 0
    for c in product(range(TABLE + 1), repeat=n):
        used = sum(c)
        holders = sum(1 for x in c if x)
        if used == 0 or used > COPIES or (need_tie and holders < 2):
            continue
        copies = factorial(COPIES) // (_prod_fact(c) * factorial(COPIES - used))
        rest = [TABLE - x for x in c]
        if sum(rest) > others:
            continue
        fill = factorial(others) // (_prod_fact(rest) * factorial(others - sum(rest)))
        total += copies * fill
    return total


def _prod_fact(xs: Any) -> int:
    out = 1
    for x in xs:
        out *= factorial(x)
    return out


def start_rank_distribution(players: int) -> dict[int, Fraction]:
    """P6 with swap off: P(start rank = r) by rank index, and -1 for "no ordinary card in any
    hand" (then the start player is drawn at random)."""
    n = check_players(players)
    hand_cards = TABLE * n
    out: dict[int, Fraction] = {}
    for m, r in enumerate(ORDER):
        above = Fraction(comb(DECK - COPIES * m, hand_cards), comb(DECK, hand_cards))
        above_next = Fraction(comb(DECK - COPIES * (m + 1), hand_cards), comb(DECK, hand_cards))
        out[r] = above - above_next
    out[-1] = Fraction(comb(DECK - COPIES * len(ORDER), hand_cards), comb(DECK, hand_cards))
    return out


def tie_rate(players: int) -> Fraction:
    """P6 with swap off: P(two or more players hold the start rank), a tie-break is needed."""
    n = check_players(players)
    ways = sum(_ways(n, COPIES * m, True) for m in range(len(ORDER)))
    return Fraction(ways, _deals(n))


def start_rank_from_counting(players: int) -> dict[int, Fraction]:
    """The start-rank distribution again, by the seat-by-seat count of :func:`tie_rate`'s
    method (a cross-check of the two ways of counting)."""
    n = check_players(players)
    total = _deals(n)
    return {r: Fraction(_ways(n, COPIES * m, False), total) for m, r in enumerate(ORDER)}


def blind_wild_chance() -> Fraction:
    """Three face-down cards hold a 2 or a 10."""
    return 1 - Fraction(comb(DECK - 2 * COPIES, TABLE), comb(DECK, TABLE))


def start_facts(players: int) -> dict[str, Any]:
    """The table of exact facts for ``players`` (plain data for the CLI and the docs)."""
    dist = start_rank_distribution(players)
    tie = tie_rate(players)
    return {
        "players": players,
        "draw_pile": DECK - 3 * TABLE * players,
        "start_rank": {
            (RANK_NAMES[r] if r >= 0 else "none"): {"fraction": str(p), "p": float(p)}
            for r, p in dist.items()
            if p
        },
        "tie_break": {"fraction": str(tie), "p": float(tie)},
        "flip_success": {
            ("empty" if top < 0 else RANK_NAMES[top]): str(flip_success(top))
            for top in [-1, *range(N_RANKS)]
            if top != 8
        },
        "blind_wild": str(blind_wild_chance()),
    }
