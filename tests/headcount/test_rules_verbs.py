"""The round rules H5-H10 as verbs (``games/headcount/rules.py``), one test per ruling.

The numba engine inlines these functions and the plain-Python reference, the replay checker and
the bots call them, so they are checked here from Python, on the cases each ruling names.
"""

import numpy as np

from headcount_lab.games.headcount import rules as R
from headcount_lab.games.headcount.rules import FREE_BID, JOKER, TOP, HeadcountRules


def test_h5_opening_bid_is_free_unless_min_first_bid():
    assert R.may_bid(-3, 0, 0, FREE_BID)
    assert R.lowest_bid(0, 0, FREE_BID) == FREE_BID
    assert not R.may_bid(0, 0, 0, 1)  # the 2003 original's minimum
    assert R.may_bid(1, 0, 0, 1)
    assert HeadcountRules().min_first == FREE_BID
    assert HeadcountRules(min_first_bid=1).min_first == 1


def test_h5_each_later_bid_is_strictly_higher():
    assert R.may_bid(27, 1, 26, FREE_BID)
    assert not R.may_bid(26, 1, 26, FREE_BID)
    assert not R.may_bid(25, 3, 26, 1)
    assert R.lowest_bid(2, 26, 100) == 27  # min_first_bid binds only the opening bid


def test_h5_nobody_calls_before_the_first_bid():
    assert not R.may_call(0, False, True)
    assert not R.may_call(0, False, False)
    assert R.may_call(1, False, True)


def test_h7_a_peeker_must_raise_unless_the_house_rule_is_off():
    assert not R.may_call(3, True, True)
    assert R.may_call(3, True, False)  # peek_must_raise=off
    assert R.may_call(3, False, True)  # peeked on an earlier turn: may call now


def test_h7_peeking_needs_a_hidden_card_and_an_open_life_card():
    assert R.may_peek(True, 1, False, False)
    assert not R.may_peek(True, 0, False, False)
    assert not R.may_peek(False, 2, False, False)  # hidden_card=off


def test_h7_start_player_may_not_peek_on_the_first_turn_unless_the_flag():
    assert not R.may_peek(True, 2, True, False)
    assert R.may_peek(True, 2, True, True)  # start_player_may_peek=on


def test_h7_second_peek_allowed_while_an_open_life_card_is_left():
    """Nothing in H7 limits a seat to one peek a round: peeking again on a later turn only
    needs another open life card (the engine's bots never do it; that is their choice)."""
    o, d = R.peek_lives(2, 1)
    assert (o, d) == (1, 2)
    assert R.may_peek(True, o, False, False)
    o, d = R.peek_lives(o, d)
    assert (o, d) == (0, 3)
    assert not R.may_peek(True, o, False, False)


def test_h2_the_draw_card_counts_for_the_joker():
    assert R.counted_card(JOKER, TOP) == TOP
    assert R.counted_card(5, TOP) == 5


def test_h6_ties_go_to_the_bidder_or_by_the_flag_to_the_caller():
    bidder, caller = 3, 0
    assert R.settle_round(40, 45, bidder, caller, 0) == (bidder, caller)  # below: bidder loses
    assert R.settle_round(45, 45, bidder, caller, 0) == (caller, bidder)  # tie: bidder wins
    assert R.settle_round(45, 45, bidder, caller, 1) == (bidder, caller)  # tie_goes_to=caller
    assert R.settle_round(46, 45, bidder, caller, 1) == (caller, bidder)
    assert HeadcountRules(tie_goes_to="caller").shift == 1
    assert HeadcountRules().shift == 0


def test_h8_winner_turns_a_face_down_life_card_up_if_any():
    assert R.winner_lives(1, 1) == (2, 0)
    assert R.winner_lives(2, 0) == (2, 0)


def test_h8_loser_discards_of_its_choice_only_with_both_kinds():
    assert R.loser_chooses(1, 1)
    assert not R.loser_chooses(2, 0) and R.only_discard(2, 0) == 1
    assert not R.loser_chooses(0, 2) and R.only_discard(0, 2) == 0
    assert R.discard_life(1, 1, 1) == (0, 1)
    assert R.discard_life(1, 1, 0) == (1, 0)
    assert R.may_discard(1, 0, 1) and not R.may_discard(1, 0, 0)
    assert R.is_out(*R.discard_life(1, 0, 1))
    assert not R.is_out(0, 1)


def test_h9_turns_skip_players_who_are_out():
    active = np.array([True, False, True, False, True])
    assert R.next_active(active, 0) == 2
    assert R.next_active(active, 2) == 4
    assert R.next_active(active, 4) == 0


def test_h9_loser_starts_else_the_next_active_seat():
    active = np.array([True, True, False, True])
    assert R.next_start(active, 1, False) == 1
    assert R.next_start(active, 1, True) == 3  # next_start=left_of_loser
    active[1] = False  # the loser is out
    assert R.next_start(active, 1, False) == 3


def test_h10_everyone_but_caller_and_bidder_points_at_one_of_them():
    assert not R.must_point(0, 0, 3) and not R.must_point(3, 0, 3) and R.must_point(2, 0, 3)
    assert R.may_point_at(0, 0, 3) and R.may_point_at(3, 0, 3) and not R.may_point_at(2, 0, 3)


def test_h10_right_pointers_turn_a_card_up_wrong_ones_one_down():
    assert R.pointer_lives(1, 2, True) == (2, 1)
    assert R.pointer_lives(1, 0, True) == (1, 0)
    assert R.pointer_lives(1, 2, False) == (0, 3)
    assert R.pointer_lives(0, 2, False) == (0, 2)
    pointed = np.array([-1, 3, 0, -1])
    open_l = np.array([1, 1, 1, 0])
    down_l = np.array([2, 2, 2, 1])
    R.settle_lives(pointed, 3, open_l, down_l)  # seat 3 wins: seat 1 right, seat 2 wrong
    assert open_l.tolist() == [1, 2, 0, 1] and down_l.tolist() == [2, 1, 3, 0]
