"""Exact team-composition odds (F2, F3), as fractions, three ways that must agree.

Only where the two Jokers land decides the teams: they occupy a uniform pair of the 54 deal
slots (``s`` stock slots, then ``n`` hands of ``h``), and the redeal rule (F2) removes the pairs
with both Jokers in the stock. So every fact below is a count of slot pairs:

- :func:`composition_counts` counts the pairs by kind (closed form);
- :func:`composition_by_enumeration` walks all C(54, 2) = 1431 placements one by one;
- :func:`lone_fool_by_chain` follows the chain of conditional probabilities.

:func:`team_odds` gathers the table of the docs (P(Lone Fool) = 16/55 with 4 players, 17/57 with
5, and the rest). The dealer (``kernels.deal``) is tested against these values by chi-square.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from headcount_lab.games.foolish.rules import DECK_SIZE, hand_size, stock_size

#: the three kinds of deal after the redeal rule, in this order
KINDS = ("stock_joker", "both_in_one_hand", "two_fools")


def composition_counts(n: int) -> dict[str, int]:
    """Joker slot pairs by kind: both in the stock (redealt), one in the stock, both in one hand,
    in two different hands."""
    s, h = stock_size(n), hand_size(n)
    same_hand = n * comb(h, 2)
    one_stock = s * (DECK_SIZE - s)
    both_stock = comb(s, 2)
    return {
        "both_in_stock": both_stock,
        "stock_joker": one_stock,
        "both_in_one_hand": same_hand,
        "two_fools": comb(DECK_SIZE, 2) - both_stock - one_stock - same_hand,
    }


def composition_by_enumeration(n: int) -> dict[str, int]:
    """The same counts by walking every pair of slots (a brute-force check of the closed form)."""
    s, h = stock_size(n), hand_size(n)
    owner = [-1] * s + [p for p in range(n) for _ in range(h)]
    out = dict.fromkeys(("both_in_stock", *KINDS), 0)
    for i in range(DECK_SIZE):
        for j in range(i + 1, DECK_SIZE):
            a, b = owner[i], owner[j]
            if a < 0 and b < 0:
                out["both_in_stock"] += 1
            elif a < 0 or b < 0:
                out["stock_joker"] += 1
            elif a == b:
                out["both_in_one_hand"] += 1
            else:
                out["two_fools"] += 1
    return out


def kind_probabilities(n: int) -> dict[str, Fraction]:
    """P(kind) for a deal that stands (after redeals), for the kinds in :data:`KINDS`."""
    c = composition_counts(n)
    valid = comb(DECK_SIZE, 2) - c["both_in_stock"]
    return {k: Fraction(c[k], valid) for k in KINDS}


def lone_fool_by_chain(n: int) -> Fraction:
    """P(Lone Fool) = P(one Joker in the stock) + P(none) * P(same hand | none in the stock)."""
    s, h = stock_size(n), hand_size(n)
    valid = comb(DECK_SIZE, 2) - comb(s, 2)
    p_stock = Fraction(s * (DECK_SIZE - s), valid)
    hand_cards = DECK_SIZE - s
    return p_stock + (1 - p_stock) * Fraction(h - 1, hand_cards - 1)


def team_odds(n: int) -> dict[str, Any]:
    """The table of exact facts about teams (F2, F3) for ``n`` players, as fractions."""
    s, h = stock_size(n), hand_size(n)
    c = composition_counts(n)
    p = kind_probabilities(n)
    lone = p["stock_joker"] + p["both_in_one_hand"]
    pairs = comb(DECK_SIZE, 2)
    valid = pairs - c["both_in_stock"]
    # a given seat: it holds >= 1 Joker; it is the Lone Fool; it holds both
    both_here = Fraction(comb(h, 2), valid)
    one_here_stock = Fraction(h * s, valid)
    any_here = Fraction(comb(DECK_SIZE - s, 2) - comb(DECK_SIZE - s - h, 2) + h * s, valid)
    # a Court player who sees no Joker in hand or stock: the 2 Jokers lie among the others' cards
    others = (n - 1) * h
    court_view = Fraction((n - 1) * comb(h, 2), comb(others, 2))
    rounds = n
    return {
        "players": n,
        "stock_cards": s,
        "hand_cards": h,
        "p_redeal": Fraction(c["both_in_stock"], pairs),
        "p_stock_joker": p["stock_joker"],
        "p_both_in_one_hand": p["both_in_one_hand"],
        "p_lone_fool": lone,
        "p_two_fools": p["two_fools"],
        "p_lone_fool_without_redeal": Fraction(c["stock_joker"] + c["both_in_one_hand"], pairs),
        "p_seat_is_fool": any_here,
        "p_seat_is_lone_fool": both_here + one_here_stock,
        "p_seat_holds_both": both_here,
        "p_lone_given_court_sees_no_joker": court_view,
        "lone_rounds_per_full_game": lone * rounds,
        "p_some_lone_round_in_full_game": 1 - (1 - lone) ** rounds,
    }


def odds_table(n: int) -> dict[str, Any]:
    """:func:`team_odds` with each fraction as text and as a float (for ``foolish odds``)."""
    out: dict[str, Any] = {}
    for k, v in team_odds(n).items():
        out[k] = {"fraction": str(v), "value": float(v)} if isinstance(v, Fraction) else v
    return out
