import pytest
from hypothesis import given
from hypothesis import strategies as st

from headcount_lab.core.cards import Card, CardError, parse_card, parse_cards


@pytest.mark.parametrize(
    "token,card",
    [
        ("Q♥", Card(12, "H")),
        ("10♠", Card(10, "S")),
        ("QH", Card(12, "H")),
        ("qh", Card(12, "H")),
        ("10S", Card(10, "S")),
        ("TS", Card(10, "S")),
        ("a♦", Card(14, "D")),
        ("2c", Card(2, "C")),
        ("JK", Card(0, "JK")),
        ("x2", Card(0, "X2")),
    ],
)
def test_parse_accepts_unicode_and_ascii(token, card):
    assert parse_card(token) == card


@pytest.mark.parametrize("token", ["1H", "11S", "QX", "", "Q", "♥", "10♠♠", "JKR"])
def test_parse_rejects_and_names_the_token(token):
    with pytest.raises(CardError) as e:
        parse_card(token)
    assert repr(token) in str(e.value)
    assert "JK" in str(e.value)  # lists what is accepted


def test_parse_cards_splits_on_spaces_and_commas_and_rejects_repeats():
    assert parse_cards("Q♥ 7♥,K♥  5♠") == [Card(12, "H"), Card(7, "H"), Card(13, "H"), Card(5, "S")]
    with pytest.raises(CardError, match="twice"):
        parse_cards("QH Q♥")


@given(st.sampled_from(list(range(2, 15))), st.sampled_from("SHDC"), st.booleans())
def test_print_then_parse_is_identity(rank, suit, ascii):
    c = Card(rank, suit)
    assert parse_card(c.text(ascii)) == c
