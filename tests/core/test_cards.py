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


def test_t_is_10_in_every_games_card_reader():
    """Issue 26: ``T`` worked in three games but not Foolish Faces; every game's card input now
    reads rank names with :func:`core.cards.rank_of`, or parses whole cards with parse_card."""
    from headcount_lab.core.cards import rank_of
    from headcount_lab.games.foolish.rules import NAMES, parse_type
    from headcount_lab.games.headcount import rules as hc
    from headcount_lab.games.poohead.rules import RANK_NAMES, parse_rank
    from headcount_lab.games.whist import rules as wh

    assert [rank_of(t) for t in ("T", "t", "10", "2", "A", "k")] == [10, 10, 10, 2, 14, 13]
    assert [rank_of(t) for t in ("1", "11", "02", "TT", "", "JK")] == [None] * 6
    assert hc.parse_ids("TH 5S") == hc.parse_ids("10H 5S")
    assert wh.parse_ids("TS tc", 12) == wh.parse_ids("10S 10C", 12)
    assert RANK_NAMES[parse_rank("T")] == RANK_NAMES[parse_rank("t♥")] == "10"
    assert NAMES[parse_type("T")] == NAMES[parse_type("t")] == "10"
