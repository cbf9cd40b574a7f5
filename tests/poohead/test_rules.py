"""Each ruling P1-P22 pinned on small positions of the reference engine (``Table``)."""

from fractions import Fraction

import pytest

from headcount_lab.core.rng import PyStream
from headcount_lab.games.poohead.reference import Table
from headcount_lab.games.poohead.rules import (
    EIGHT,
    FLIP,
    NINE,
    PASS,
    PICK_UP,
    TEN,
    PooheadRules,
    action_text,
    can_play,
    flip_success,
    legal_ranks,
    parse_action,
    parse_rank,
    parse_ranks,
    play_action,
    referee,
)

R = parse_rank


def rules(**kw):
    kw.setdefault("players", 3)
    return PooheadRules(**kw)


def legal_texts(t):
    return [action_text(a) for a in t.legal_actions()]


def test_p1_players_two_to_four_and_the_pack():
    for n in (2, 3, 4):
        assert PooheadRules(players=n).draw_pile == 52 - 9 * n  # P2: 34, 25, 16
    for bad in (1, 5):
        with pytest.raises(ValueError, match="players"):
            PooheadRules(players=bad)


def test_p2_deal_slices_and_draw_pile_sizes():
    deck = [i // 4 for i in range(52)]
    t = Table.dealt(PooheadRules(players=4), deck)
    assert t.down[0] == [0, 0, 0] and t.down[3] == [2, 2, 2]
    assert sum(t.up[0]) == 3 and sum(t.hand[3]) == 3 and len(t.draw) == 16


def test_p3_swap_takes_any_three_of_the_six_non_blind_cards():
    t = Table.position(rules(players=2), ["3 4 5", "6 6 7"], ["K A 10", "8 9 J"])
    t.swap([0, 19])  # seat 0: positions 0,1,2 (3 4 5) face up; seat 1: the top three
    assert parse_ranks("3 4 5") == [r for r in range(13) for _ in range(t.up[0][r])]
    assert sum(t.hand[0]) == 3 and t.hand[0][TEN] == 1
    assert t.up[1][NINE] == 1 and t.up[1][R("J")] == 1 and t.hand[1][R("6")] == 2


@pytest.mark.parametrize(
    "top, rank, ok",
    [
        ("3", "3", True),  # P8: equal is allowed
        ("K", "Q", False),
        ("K", "A", True),
        ("A", "K", False),  # P8: the Ace sentence restates the order
        ("A", "2", True),  # P15
        ("A", "10", True),  # P11
        ("9", "10", True),  # P11: "even a 9"
        ("9", "J", False),  # P14
        ("9", "3", True),  # P14
        ("9", "9", True),
        ("J", "9", False),  # P14: a 9 needs 9 or lower beneath
        ("7", "8", True),  # P13: an 8 is an ordinary rank
        ("9", "8", True),  # P14: an 8 on a 9 is legal
        ("Q", "8", False),
        ("2", "3", True),  # P15: anything on a 2
    ],
)
def test_p4_p8_p14_p15_legal_on_the_top_card(top, rank, ok):
    assert can_play(R(rank), R(top)) is ok


def test_p8_anything_on_an_empty_pile():
    assert all(can_play(r, -1) for r in range(13))


def test_p4_no_other_special_cards_seven_and_three_are_ordinary():
    assert not can_play(R("7"), R("8")) and not can_play(R("3"), R("4"))
    assert not can_play(R("K"), R("A"))  # no reversing K


def test_p5_hand_first_then_face_up_then_face_down():
    t = Table.position(rules(players=2), ["", "3"], ["5 K", "4"], ["7", "6"], pile="4")
    assert legal_texts(t) == ["5x1", "Kx1"]
    t = Table.position(rules(players=2), ["", "3"], ["", "4"], ["7 J", "6"], pile="4")
    assert legal_texts(t) == ["flip"]


def test_p5_one_play_never_mixes_sources_by_default():
    t = Table.position(rules(players=2), ["5", "3"], ["5 5", "4"], ["7", "6"])
    assert "5x2" not in legal_texts(t)


def test_p5_mix_sources_adds_matching_face_up_cards_to_the_last_hand_cards():
    t = Table.position(rules(players=2, mix_sources=True), ["5", "3"], ["5 5 K", "4"], ["7", "6"])
    assert {"5x1", "5x2", "5x3"} <= set(legal_texts(t))
    t.apply(parse_action("5x3"))
    assert t.up[0][R("5")] == 0 and sum(t.hand[0]) == 0 and t.up[0][R("K")] == 1


def test_p5_picking_up_on_face_up_cards_goes_back_to_the_hand():
    t = Table.position(rules(players=2), ["", "3"], ["4 5", "4"], ["7", "6"], pile="K")
    assert t.legal_actions() == [PICK_UP]
    t.apply(PICK_UP)
    assert t.hand[0][R("K")] == 1 and sum(t.up[0]) == 2 and t.cur == 1


def test_p5_pickup_takes_faceup_takes_the_cheapest_face_up_card_too():
    t = Table.position(
        rules(players=2, pickup_takes_faceup=True), ["", "3"], ["4 Q", "4"], ["7", "6"], pile="K"
    )
    t.apply(PICK_UP)
    assert t.hand[0][R("4")] == 1 and t.hand[0][R("K")] == 1 and t.up[0][R("Q")] == 1
    assert t.known[0][R("4")] == 1  # taken in view of everybody


def test_p6_lowest_ordinary_card_in_hand_starts_and_2s_and_10s_are_not_lowest():
    t = Table.position(rules(), ["2 10 9", "4 A A", "5 6 7"], ["3 3 3", "K K K", "Q Q Q"])
    t.choose_starter(PyStream([1, 2, 3, 4]))
    assert t.starter == 1 and t.start_rank == R("4")


def test_p6_start_scan_hand_and_faceup_counts_face_up_cards():
    r = rules(start_scan="hand_and_faceup")
    t = Table.position(r, ["2 10 9", "4 A A", "5 6 7"], ["3 K K", "K J J", "Q Q Q"])
    t.choose_starter(PyStream([1, 2, 3, 4]))
    assert t.starter == 0
    assert t.start_rank == -1  # the 3 lies face up: the opening is free (our decision)


def test_p6_seat_tiebreak_is_first_clockwise_from_the_dealers_left():
    r = rules(start_tiebreak="seat", dealer=1)
    t = Table.position(r, ["3 A A", "3 K K", "3 Q Q"])
    t.choose_starter(PyStream([1, 2, 3, 4]))
    assert t.starter == 2


def test_p6_nobody_with_an_ordinary_card_gives_a_random_free_start():
    t = Table.position(rules(players=2), ["2 2 10", "10 10 2"], ["3 3 3", "4 4 4"])
    starters = set()
    for seed in range(20):
        t.choose_starter(PyStream.for_block(seed, 0))
        starters.add(t.starter)
        assert t.start_rank == -1
    assert starters == {0, 1}


def test_p7_the_starter_must_lead_the_lowest_rank_any_number_of_copies():
    t = Table.position(rules(), ["3 3 K", "4 A A", "5 6 7"])
    t.set_starter(0)
    assert legal_texts(t) == ["3x1", "3x2"]
    t = Table.position(rules(starter_free_lead=True), ["3 3 K", "4 A A", "5 6 7"])
    t.set_starter(0)
    assert legal_texts(t) == ["3x1", "3x2", "Kx1"]


def test_p9_pick_up_only_without_a_legal_play_and_next_faces_an_empty_pile():
    t = Table.position(rules(), ["4 5", "3", "6"], pile="9 K", draw="7 7 7")
    assert t.legal_actions() == [PICK_UP]
    t.apply(PICK_UP)
    assert sum(t.hand[0]) == 4 and t.draw_ptr == 0  # nothing drawn
    assert t.top == -1 and t.cur == 1 and t.known[0][NINE] == 1
    t = Table.position(rules(), ["A 5", "3", "6"], pile="K")
    assert PICK_UP not in t.legal_actions()
    t = Table.position(rules(voluntary_pickup=True), ["A 5", "3", "6"], pile="K")
    assert PICK_UP in t.legal_actions()


def test_p10_draw_back_to_three_after_a_play_before_the_replay():
    t = Table.position(rules(), ["10 4 5", "3", "6"], draw="K Q J")
    t.apply(play_action(TEN, 1))
    assert sum(t.hand[0]) == 3 and t.hand[0][R("K")] == 1 and t.cur == 0  # drew, then replays


def test_p11_ten_burns_and_the_same_player_must_play_again():
    t = Table.position(rules(), ["10 4", "3", "6"], pile="9 A")
    t.apply(play_action(TEN, 1))
    assert t.pile_len == 0 and t.burnt[R("A")] == 1 and t.burnt[TEN] == 1 and t.cur == 0
    assert PASS not in t.legal_actions()


def test_p11_ten_replay_may_adds_a_pass():
    t = Table.position(rules(ten_replay="may"), ["10 4", "3", "6"], pile="9 A")
    t.apply(play_action(TEN, 1))
    assert PASS in t.legal_actions()
    t.apply(PASS)
    assert t.cur == 1 and t.top == -1


def test_p12_four_on_top_across_players_burn_and_the_completer_plays_again():
    t = Table.position(rules(), ["4 K", "6 6 Q", "6 J"], pile="5 6")
    t.cur = 1
    t.apply(play_action(R("6"), 2))
    assert t.run == 3 and t.cur == 2
    t.apply(play_action(R("6"), 1))
    assert t.pile_len == 0 and t.burnt[R("6")] == 4 and t.burnt[R("5")] == 1 and t.cur == 2


def test_p12_a_bomb_of_eights_cancels_the_skip():
    t = Table.position(rules(), ["4 K", "8 8 8 Q", "6 J"], pile="8")
    t.cur = 1
    t.apply(play_action(EIGHT, 3))
    assert t.pile_len == 0 and t.cur == 1


def test_p12_four_of_a_kind_must_be_legal_unless_bomb_anytime():
    t = Table.position(rules(), ["5 5 5 5", "3", "6"], pile="K")
    assert t.legal_actions() == [PICK_UP]
    t = Table.position(rules(bomb_anytime=True), ["5 5 5 5", "3", "6"], pile="K")
    assert t.legal_actions() == [play_action(R("5"), 4)]


def test_p13_eight_skips_one_per_play_or_one_per_card():
    t = Table.position(rules(players=4), ["8 8 K", "3", "6", "7"])
    t.apply(play_action(EIGHT, 2))
    assert t.cur == 2
    t = Table.position(rules(players=4, eight_skip="per_card"), ["8 8 K", "3", "6", "7"])
    t.apply(play_action(EIGHT, 2))
    assert t.cur == 3


def test_p13_with_two_players_the_eight_gives_the_same_player_another_turn():
    t = Table.position(rules(players=2), ["8 K", "3"])
    t.apply(play_action(EIGHT, 1))
    assert t.cur == 0


def test_p14_the_nine_binds_only_the_next_player():
    t = Table.position(rules(), ["9 K", "9 Q", "J 3"])
    t.apply(play_action(NINE, 1))
    assert legal_texts(t) == ["9x1"]  # seat 1 holds 9 Q: only the 9
    t.apply(play_action(NINE, 1))
    assert legal_texts(t) == ["3x1"]  # a 9 on a 9 binds the one after


def test_p15_two_resets_and_gives_no_extra_turn():
    t = Table.position(rules(), ["2 K", "3 Q", "J 3"], pile="A")
    t.apply(play_action(0, 1))
    assert t.cur == 1 and legal_texts(t) == ["3x1", "Qx1"]


def test_p16_several_copies_together_in_one_play():
    assert legal_ranks(parse_count("7 7 7"), R("5")) == [R("7")]
    t = Table.position(rules(), ["7 7 7", "3", "6"], pile="5")
    assert legal_texts(t) == ["7x1", "7x2", "7x3"]


def parse_count(text):
    out = [0] * 13
    for r in parse_ranks(text):
        out[r] += 1
    return out


def test_p17_failed_flip_takes_card_and_pile_privately():
    t = Table.position(rules(players=2), ["", "3"], [" ", "4"], ["4", "6"], pile="K")
    t.apply(FLIP, 0)
    assert t.hand[0][R("4")] == 1 and t.hand[0][R("K")] == 1
    assert t.failed[0][R("4")] == 1 and t.known[0][R("4")] == 0 and t.known[0][R("K")] == 1
    assert t.cur == 1
    t = Table.position(
        rules(players=2, failed_flip_public=True), ["", "3"], ["", "4"], ["4", "6"], pile="K"
    )
    t.apply(FLIP, 0)
    assert t.known[0][R("4")] == 1 and t.failed[0][R("4")] == 0


def test_p17_legal_flip_is_a_one_card_play_with_its_effects():
    t = Table.position(rules(players=3), ["", "3", "4"], ["", "5", "6"], ["8 K", "6", "7"])
    t.apply(FLIP, 0)
    assert t.top == EIGHT and t.cur == 2  # the 8 skipped seat 1


def test_p17_blind_flip_success_fractions():
    assert flip_success(-1) == 1 and flip_success(R("3")) == 1
    assert flip_success(R("7")) == Fraction(9, 13) and flip_success(R("8")) == Fraction(8, 13)
    assert flip_success(NINE) == Fraction(9, 13) and flip_success(R("J")) == Fraction(6, 13)
    assert flip_success(R("A")) == Fraction(3, 13)


def test_p18_going_out_on_a_ten_passes_the_lead_to_the_next_player():
    t = Table.position(rules(), ["10", "3", "4"], pile="K")
    t.apply(play_action(TEN, 1))
    assert not t.active[0] and t.order == [0] and t.cur == 1 and t.top == -1


def test_p18_after_an_eight_the_skip_counts_from_the_player_who_went_out():
    t = Table.position(rules(players=4), ["8", "3", "4", "5"])
    t.apply(play_action(EIGHT, 1))
    assert t.order == [0] and t.cur == 2


def test_p18_finish_on_special_off_forbids_a_last_two_eight_nine_or_ten():
    r = rules(finish_on_special=False)
    t = Table.position(r, ["2", "3", "4"], pile="K")
    assert t.legal_actions() == [PICK_UP]
    t = Table.position(r, ["2 2", "3", "4"], pile="K")
    assert legal_texts(t) == ["2x1"]  # one 2 is fine, both would finish
    t = Table.position(r, ["", "3", "4"], downs=["8", "5", "6"], pile="3")
    t.apply(FLIP, 0)  # legal on the 3, but the last card may not be an 8: picked up
    assert t.hand[0][EIGHT] == 1 and t.active[0]


def test_p19_the_last_player_with_cards_is_the_poohead():
    t = Table.position(rules(players=2), ["K", "3 4"], pile="5")
    t.apply(play_action(R("K"), 1))
    assert t.over and t.order == [0, 1] and t.poohead_shares() == [0.0, 1.0]


def test_p20_cap_outcome_most_cards_shares_ties():
    t = Table.position(rules(cap_outcome="most_cards"), ["K K", "3 4", "5"])
    t.capped = True
    assert t.poohead_shares() == [0.5, 0.5, 0.0]


def test_p21_picked_up_cards_are_known_and_leave_the_record_when_played():
    t = Table.position(rules(players=2), ["4 5 6", "A J 3 3"], pile="9 K")
    t.apply(PICK_UP)
    t.cur = 1
    t.apply(play_action(R("A"), 1))
    t.apply(PICK_UP)  # seat 0 holds no A, 2 or 10
    assert t.known[0][R("K")] == 1 and t.known[0][R("A")] == 1 and t.known[0][NINE] == 1
    t.apply(play_action(R("3"), 2))
    t.apply(play_action(NINE, 1))
    assert t.known[0][NINE] == 0 and t.known[0][R("K")] == 1


def test_p22_next_player_is_the_next_seat_number_among_those_still_in():
    t = Table.position(rules(players=4), ["4 K", "", "5", "6"], ["", "", "7", "7"])
    t.active[1] = False
    t.apply(play_action(R("4"), 1))
    assert t.cur == 2


def test_referee_answers_and_rejects_impossible_piles():
    r = PooheadRules()
    assert referee(parse_ranks("5 9"), parse_ranks("3 8 J 10"), r)["legal"] == ["3", "8", "10"]
    assert referee(parse_ranks("K"), parse_ranks("3 Q"), r) == {
        "legal": [],
        "pick_up": True,
        "may_pick_up": True,
        "top": "K",
    }
    with pytest.raises(ValueError, match="four"):
        referee(parse_ranks("6 6 6 6"), parse_ranks("3"), r)
    with pytest.raises(ValueError, match="10"):
        referee(parse_ranks("10"), parse_ranks("3"), r)
    with pytest.raises(ValueError, match="pack holds 4"):
        referee(parse_ranks("6 6 6"), parse_ranks("6 6"), r)


def test_no_nine_on_empty_bars_a_nine_lead_only_while_another_rank_may_go():
    # house rule against the 9-lead stall of P20 (off by default: the rule text allows it)
    t = Table.position(rules(), ["9 9 K", "3", "6"])
    assert "9x2" in legal_texts(t)
    t = Table.position(rules(no_nine_on_empty=True), ["9 9 K", "3", "6"])
    assert legal_texts(t) == ["Kx1"]
    t = Table.position(rules(no_nine_on_empty=True), ["9 9 K", "3", "6"], pile="5")
    assert legal_texts(t) == ["9x1", "9x2", "Kx1"]  # a 9 on a 5 is no lead: not barred
    t = Table.position(rules(no_nine_on_empty=True), ["9 9", "3", "6"])
    assert legal_texts(t) == ["9x1", "9x2"]  # nothing else to lead: the 9s may go
    r = PooheadRules(no_nine_on_empty=True)
    assert referee([], parse_ranks("9 J"), r)["legal"] == ["J"]
    assert referee([], parse_ranks("9 9"), r)["legal"] == ["9"]
    assert referee(parse_ranks("2"), parse_ranks("9 J"), r)["legal"] == ["9", "J"]
    assert legal_ranks([0] * 7 + [1, 0, 1, 0, 0, 0], -1, r) == [R("J")]


def test_no_nine_on_empty_is_left_out_of_the_rules_data_at_its_default():
    # records and run identities written before the flag existed stay valid (rules version 1)
    assert "no_nine_on_empty" not in PooheadRules().as_dict()
    on = PooheadRules(no_nine_on_empty=True)
    assert on.as_dict()["no_nine_on_empty"] is True
    for r in (PooheadRules(), on):
        assert PooheadRules(**r.as_dict()) == r
