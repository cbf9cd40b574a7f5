"""Property tests for counting (H2-H4): the plain-Python count and the njit kernel agree, and
the total behaves as the rulings say for any set of cards in play."""

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from headcount_lab.games.headcount.rules import (
    DOUBLE_DECK,
    JOKER,
    N_NUMBER,
    TOP,
    VALUES,
    X2,
    count,
    count_kernel,
    total_bounds,
)


@st.composite
def table(draw, double=None, min_size=1, max_size=8):
    """(in_play ids, draw-pile top, double): distinct cards of the deck, top outside them."""
    dbl = draw(st.booleans()) if double is None else double
    deck = DOUBLE_DECK if dbl else DOUBLE_DECK - 1
    cards = draw(st.permutations(range(deck)))
    n = draw(st.integers(min_size, max_size))
    return list(cards[:n]), int(cards[n]), dbl


def numbers_only(cards):
    return [c for c in cards if c < N_NUMBER]


@settings(deadline=None)  # the first example loads the compiled kernel
@given(table())
def test_kernel_equals_plain_count(t):
    cards, top, _ = t
    arr = np.array(cards + [top], dtype=np.int8)
    assert count_kernel(arr, len(cards), top) == count(cards, top)


@given(table(), st.randoms())
def test_order_of_the_cards_does_not_matter(t, rnd):
    cards, top, _ = t
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert count(shuffled, top) == count(cards, top)


@given(table())
def test_total_stays_within_the_bounds(t):
    cards, top, double = t
    lo, hi = total_bounds(double, len(cards))
    assert lo <= count(cards, top) <= hi


@given(table(double=False, max_size=7))
def test_h1_number_cards_add_their_values(t):
    cards, _, _ = t
    nums = numbers_only(cards)
    if nums:
        assert count(nums) == int(VALUES[nums].sum())


@given(table(double=False, max_size=7))
def test_h2_the_joker_counts_exactly_as_the_draw_card(t):
    cards, top, _ = t
    if JOKER in cards:
        replaced = [top if c == JOKER else c for c in cards]
        assert count(cards, top) == count(replaced)


@given(table(double=False, max_size=7))
def test_h3_top_to_zero_removes_the_highest_number_card_once(t):
    cards, _, _ = t
    nums = numbers_only(cards)
    with_top = [*nums, TOP]
    expected = int(VALUES[nums].sum()) - (int(VALUES[nums].max()) if nums else 0)
    assert count(with_top) == expected


@given(table(double=True, max_size=7))
def test_h4_x2_doubles_the_total_of_everything_else(t):
    cards, top, _ = t
    rest = [c for c in cards if c != X2]
    assume(top != X2 and rest)
    draw = top if JOKER in rest else None
    assert count([*rest, X2], draw) == 2 * count(rest, draw)
