"""Golden counts from the rule text's examples and rulings H1-H4."""

import pytest

from headcount_lab.games.headcount import rules as R
from headcount_lab.games.headcount.rules import JOKER, TOP, X2, count, count_detail, parse_ids


def ids(text, double=False):
    return parse_ids(text, double)


def test_h1_values_follow_the_worked_examples_and_sum_to_75():
    assert [int(R.VALUES[i]) for i in ids("Q♥ 7♥ K♥ 5♠ 3♥ 10♠ J♥ A♥")] == [
        15,
        7,
        20,
        -5,
        3,
        -10,
        0,
        1,
    ]
    assert int(R.VALUES[: R.N_NUMBER].sum()) == 75


def test_rule_text_example_total_40():
    assert count(ids("Q♥ 7♥ K♥ 5♠ 3♥")) == 40


def test_rule_text_example_a_spade_hidden_gives_17():
    assert count(ids("Q♥ 7♥ K♥ 5♠ A♠")) == 17


def test_h2_mystery_counts_the_draw_card():
    assert count(ids("Q♥ 7♥ K♥ 5♠ JK"), draw=ids("3♥")[0]) == 40


def test_h3_top_to_zero_after_mystery():
    # the Joker is replaced by the A♠: the K♥ then counts 0
    total, counted, repl = count_detail(ids("Q♥ 7♥ K♥ 5♠ JK"), draw=TOP)
    assert (total, repl) == (17, TOP)
    # the Joker is replaced by the highest card: that card is the one that counts 0
    assert count(ids("Q♥ 7♥ A♠ 5♠ JK"), draw=ids("K♥")[0]) == 17


def test_h3_only_number_cards_can_be_the_top():
    assert count(ids("10♠ 5♠ A♠ A♥")) == -15  # the top is A♥ (1), not a special card


def test_h4_double_doubles_last():
    assert count(ids("Q♥ 7♥ K♥ 5♠ X2", True)) == 2 * 37
    assert count(ids("Q♥ 7♥ K♥ A♠ X2", True)) == 2 * 22
    assert count(ids("Q♥ 7♥ K♥ A♠ JK", True), draw=X2) == 2 * 22


def test_joker_needs_a_draw_that_is_not_in_play():
    with pytest.raises(ValueError, match="draw"):
        count(ids("Q♥ 7♥ K♥ JK"))
    with pytest.raises(ValueError, match="already in play"):
        count(ids("Q♥ 7♥ K♥ JK"), draw=ids("K♥")[0])


def test_x2_needs_the_double_variant():
    with pytest.raises(ValueError, match="Double"):
        ids("X2")


def test_kernel_count_equals_reference_on_every_five_card_set():
    import itertools

    import numpy as np

    arr = np.zeros(6, dtype=np.int8)
    for combo in itertools.combinations(range(R.DOUBLE_DECK), 5):
        arr[:5] = combo
        draws = [d for d in range(R.DOUBLE_DECK) if d not in combo] if JOKER in combo else [-1]
        for d in draws[:3]:
            ref = count(list(combo), None if d < 0 else d)
            assert R.count_kernel(arr, 5, d) == ref


def test_rule_flags_parse_and_reject():
    r = R.HeadcountRules().with_flags(["tie_goes_to=caller", "min_first_bid=1", "hidden_card=off"])
    assert (r.tie_goes_to, r.min_first_bid, r.hidden_card) == ("caller", 1, False)
    assert R.HeadcountRules(trickster=True).lives == (1, 2)
    with pytest.raises(ValueError, match="unknown rule"):
        R.HeadcountRules().with_flags(["nope=1"])
    with pytest.raises(ValueError, match="on/off"):
        R.HeadcountRules().with_flags(["double=maybe"])


def test_total_bounds_hold_for_every_five_card_set():
    import itertools

    for double in (False, True):
        lo, hi = R.total_bounds(double, 5)
        totals = []
        for combo in itertools.combinations(range(R.deck_size(double)), 5):
            draws = [d for d in range(R.deck_size(double)) if d not in combo]
            for d in draws if JOKER in combo else [None]:
                totals.append(count(list(combo), d))
        # the bounds are reached, not merely respected
        assert (min(totals), max(totals)) == (lo, hi)
