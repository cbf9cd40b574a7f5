"""The trick rules (F5-F12), scoring (F15-F18) and flags, named after the rulings they pin."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from headcount_lab.games.foolish.rules import (
    A_CRASH,
    JACK,
    JOKER,
    KING,
    QUEEN,
    FoolishRules,
    Play,
    action_play,
    can_crash,
    covered,
    legal_actions,
    play_action,
    play_problem,
    referee,
    round_scores,
    trick_complete_ok,
    trick_winner,
    win_shares,
)

# --- the rulings' five golden tricks (F14: they replace the lost worked examples) -------------

GOLDEN = [
    ("G1", "7 down 10 10", 3, 3),  # F9: first of equal tens
    ("G2", "10 down J down", 2, 2),  # F10: one Jack, first uncovered face-down card
    ("G3", "J 5 J down", 2, 3),  # F10: two Jacks, high again
    ("G4", "JK 8 Q@1 down", 2, 3),  # F3, F8: the Joker covered
    ("G5", "JK Q@1 Q@2 down", 1, 3),  # F8: a Queen on the Queen uncovers the Joker
]


@pytest.mark.parametrize(("gid", "plays", "winner", "points"), GOLDEN, ids=[g[0] for g in GOLDEN])
def test_f14_golden_tricks(gid, plays, winner, points):
    assert referee(4, plays) == {"winner": winner, "points": points}


# --- many more constructed tricks ------------------------------------------------------------

CONSTRUCTED = [
    # (players, plays, winner, points, rulings)
    (4, "A down down down", 1, 1, "F9 ace above face down"),
    (4, "down A 2 3", 4, 3, "F9 highest rank"),
    (4, "down JK 10 JK", 2, 3, "F9 first of two Jokers"),
    (4, "5 K@3 down 10", 3, 3, "F11 the named player takes a face-down card's trick"),
    (4, "5 K@1 K@4 down", 1, 3, "F11 the first uncovered King decides"),
    (4, "5 K@1 Q@2 down", 1, 3, "F8 a covered King loses its name; 5 wins"),
    (4, "5 K@3 Q@2 Q@3", None, None, "F6 needs a face-down: illegal"),
    (4, "J K@1 down down", 1, 2, "F11 a King beats the Jack's low rule"),
    (4, "J J J down", 4, 3, "F10 three Jacks: lowest, the face-down card"),
    (5, "J J J J down", 5, 4, "F10 four Jacks with five players: high again, only face down left"),
    (5, "J J J J 2", None, None, "F6 no face-down card: illegal"),
    (4, "down down J 3", 1, 2, "F10 one Jack: the first face-down card"),
    (4, "down Q@1 down J", 3, 2, "F8 a covered face-down card is ignored; next one wins"),
    (4, "down Q@1 J 9", None, None, "F6 the only face-down card is covered: illegal"),
    (4, "down Q@1 J Q@2", 1, 3, "F6 met by a Queen uncovering the face-down card; Jack low"),
    (4, "9 Q@1 Q@2 Q@3", None, None, "F6 no face-down card: illegal"),
    (4, "9 down Q@1 Q@3", 1, 3, "F8 a Queen on a Queen uncovers the 9"),
    (4, "9 down Q@1 K@3", 3, 3, "F11 King names the Queen's player"),
    (4, "JK down Q@1 down", 2, 2, "F8 the covered Joker does not rank; first face-down wins"),
    (5, "8 down Q@1 Q@3 Q@4", 2, 4, "F8 three Queens in one stack: the 8 is covered again"),
    (5, "8 down Q@1 Q@3 Q@2", None, None, "F6 last Queen covers the only face-down: illegal"),
    (5, "10 down down K@2 J", 2, 3, "F11 the King decides"),
    (4, "K@2 down 3 2", 2, 3, "F11 a led King names a later player"),
    (4, "Q down 3 2", None, None, "F7 a Queen cannot be led face up"),
]


@pytest.mark.parametrize(("n", "plays", "winner", "points", "why"), CONSTRUCTED)
def test_f5_f12_constructed_tricks(n, plays, winner, points, why):
    if winner is None:
        with pytest.raises(ValueError):
            referee(n, plays)
    else:
        assert referee(n, plays) == {"winner": winner, "points": points}, why


def test_constructed_illegal_last_card_of_king_trick():
    with pytest.raises(ValueError, match="F6"):
        referee(4, "5 K@3 Q@2 Q@3")


@pytest.mark.parametrize(
    ("plays", "message"),
    [
        ("Q@2 down 3 4", "F7"),
        ("3 Q@2 down 4", "own"),
        ("3 K@2 down 4", "F11"),
        ("3 Q@1 Q@1 down", "already has a Queen"),
        ("3 Q@4 down down", "has none"),
        ("3 4 5 6", "F6"),
        ("3 4 J down 5", "4-player trick has 4 plays"),
        ("3 Q down 4", "must cover"),
        ("3 K down 4", "must name"),
        ("3 5@2 down 4", "only a Queen or a King"),
        ("3 Q@9 down 4", "1..4"),
        ("3 X down 4", "unknown card"),
        ("JK JK JK down", "only 2 cards JK"),
    ],
)
def test_referee_refuses_illegal_or_malformed_tricks(plays, message):
    with pytest.raises(ValueError, match=message):
        referee(4, plays)


def test_referee_needs_four_or_five_players():
    with pytest.raises(ValueError, match="4 or 5"):
        referee(3, "3 down 4")


# --- F6: forced last plays -------------------------------------------------------------------


def _hand(*types):
    h = [0] * 14
    for t in types:
        h[t] += 1
    return h


def test_f6_last_player_must_play_face_up_after_three_face_down():
    trick = [Play(0, 3, False), Play(1, 4, False), Play(2, 5, False)]
    legal = legal_actions(_hand(2, 9, QUEEN), trick, 3, 4)
    plays = [action_play(a, 3, 4) for a in legal]
    assert plays and all(p.up for p in plays)
    # a Queen covering one of the three face-down cards also fixes it (F6)
    assert any(p.card == QUEEN for p in plays)


def test_f6_last_player_must_play_face_down_when_nothing_face_down_is_uncovered():
    trick = [Play(0, 3, True), Play(1, 4, True), Play(2, 5, True)]
    plays = [action_play(a, 3, 4) for a in legal_actions(_hand(2, 9, KING), trick, 3, 4)]
    assert plays and not any(p.up for p in plays)


def test_f6_last_queen_may_uncover_the_only_face_down_card():
    trick = [Play(0, 3, False), Play(1, QUEEN, True, 0), Play(2, 5, True)]
    legal = legal_actions(_hand(QUEEN, 9), trick, 3, 4)
    assert play_action(Play(3, QUEEN, True, 1), 4) in legal  # covers the Queen on seat 0
    assert play_action(Play(3, QUEEN, True, 2), 4) not in legal  # still no face-down card
    assert play_action(Play(3, 9, True), 4) not in legal
    assert play_action(Play(3, 9, False), 4) in legal


def test_f7_a_led_queen_goes_face_down():
    legal = legal_actions(_hand(QUEEN), [], 0, 4)
    assert legal == [QUEEN]


def test_f8_queen_targets_only_uncovered_stack_tops_of_others():
    trick = [Play(1, 3, True), Play(2, QUEEN, True, 1)]
    legal = legal_actions(_hand(QUEEN), trick, 3, 4)
    targets = {action_play(a, 3, 4).target for a in legal if action_play(a, 3, 4).up}
    assert targets == {2}  # seat 1's card already has a Queen on it


def test_f8_covered_is_stack_parity():
    trick = [
        Play(0, 3, True),
        Play(1, QUEEN, True, 0),
        Play(2, QUEEN, True, 1),
        Play(3, QUEEN, True, 2),
    ]
    assert covered(trick) == [True, False, True, False]


def test_f3_hat_stays_under_a_queen_in_the_engine_state():
    from headcount_lab.games.foolish.reference import Round

    rules = FoolishRules()
    dealt = [
        [JOKER] + [0] * 12,
        [7] * 4 + [1] * 4 + [2] * 4 + [3],
        [QUEEN] * 4 + [4] * 4 + [5] * 4 + [6],
        [8] * 4 + [9] * 4 + [JACK] * 4 + [KING],
    ]
    rnd = Round(rules, 1, 0, [KING, KING], dealt, [0] * 4)
    for seat, p in enumerate(
        [Play(0, JOKER, True), Play(1, 7, True), Play(2, QUEEN, True, 0), Play(3, 8, False)]
    ):
        rnd.apply(seat, play_action(p, 4))
    assert rnd.hats == {0}
    assert rnd.won == [0, 1, 0, 0] and rnd.pts == [0, 3, 0, 0]  # G4


# --- F6 property: every reachable trick can be finished legally --------------------------------

PLAY = st.tuples(st.integers(0, 13), st.booleans(), st.integers(1, 4))


@settings(max_examples=400, deadline=None)
@given(n=st.sampled_from([4, 5]), choices=st.lists(PLAY, min_size=4, max_size=4))
def test_f6_every_reachable_trick_can_be_finished(n, choices):
    trick: list[Play] = []
    for seat in range(n - 1):
        t, up, o = choices[seat % len(choices)]
        tgt = (seat + (o % (n - 1)) + 1) % n if up and t in (QUEEN, KING) else -1
        p = Play(seat, t, up, tgt)
        if play_problem(trick, p, n) is not None:
            p = Play(seat, t, False)  # a face-down card is always legal before the last play
        assert play_problem(trick, p, n) is None
        trick.append(p)
    full = [1] * 14  # a last player with one card of every type
    legal = legal_actions(full, trick, n - 1, n)
    assert legal, trick
    for a in legal:
        assert trick_complete_ok([*trick, action_play(a, n - 1, n)])
    # the proof in F6: with any single card, face down or face up, the trick can be finished
    for t in range(14):
        one = [0] * 14
        one[t] = 1
        assert legal_actions(one, trick, n - 1, n), (trick, t)


@settings(max_examples=300, deadline=None)
@given(n=st.sampled_from([4, 5]), choices=st.lists(PLAY, min_size=5, max_size=5))
def test_f10_odd_jacks_without_king_a_face_down_card_wins(n, choices):
    trick: list[Play] = []
    for seat in range(n):
        t, up, o = choices[seat]
        tgt = (seat + (o % (n - 1)) + 1) % n if up and t in (QUEEN, KING) else -1
        p = Play(seat, t, up, tgt)
        if play_problem(trick, p, n) is not None:
            legal = legal_actions([1] * 14, trick, seat, n)
            p = action_play(legal[0], seat, n)
        trick.append(p)
    assert trick_complete_ok(trick)
    cov = covered(trick)
    live = [p for p, c in zip(trick, cov, strict=True) if not c and p.up]
    if not any(p.card == KING for p in live) and sum(p.card == JACK for p in live) % 2:
        w = trick_winner(trick)
        assert not next(p for p in trick if p.seat == w).up


# --- scoring (F15, F16, F18) and winning (F17) -------------------------------------------------


def test_f15_two_fools_add_the_stock_and_everyone_scores_the_team_total():
    sc = round_scores(FoolishRules(), 1, [0, 2], [3, 4, 3, 3], [5, 6, 4, 7])
    assert sc == [5 + 4 + 2, 6 + 7, 11, 13]


def test_f15_lone_fool_total_is_multiplied_stock_included():
    sc = round_scores(FoolishRules(), 2, [1], [4, 3, 3, 3], [5, 6, 4, 7])
    assert sc == [16, (6 + 2) * 2, 16, 16]
    five = round_scores(FoolishRules(players=5), 1, [1], [2, 2, 2, 2, 2], [1, 1, 1, 1, 1])
    assert five[1] == (1 + 4) * 3


def test_f16_no_tricks_bonus_is_personal_times_round_and_never_multiplied():
    sc = round_scores(FoolishRules(), 3, [1], [0, 0, 7, 6], [0, 0, 9, 8])
    assert sc == [17 + 15, 2 * 2 + 15, 17, 17]
    ten = round_scores(FoolishRules(no_tricks_bonus=10), 3, [1], [0, 0, 7, 6], [0, 0, 9, 8])
    assert ten[0] == 17 + 30 and ten[1] == 4 + 30


def test_f18_party_crasher_flags():
    fools, won, pts = [0], [0, 1, 2, 0], [0, 3, 4, 0]
    on = round_scores(FoolishRules(party_crasher=True), 2, fools, won, pts, crashed=True)
    assert on == [(0 + 2) * 2 + 10, 7, 7, 7 + 10]
    strict = FoolishRules(party_crasher=True, pc_keeps_stock=False, pc_no_tricks_bonus=False)
    assert round_scores(strict, 2, fools, won, pts, crashed=True) == [0, 7, 7, 7]


def test_f18_party_crasher_needs_a_lone_fool_with_only_faces():
    on = FoolishRules(party_crasher=True)
    assert can_crash(on, _hand(JACK, QUEEN, KING), True)
    assert not can_crash(on, _hand(JACK, 3), True)
    assert not can_crash(on, _hand(), True)  # an empty hand does not qualify
    assert not can_crash(on, _hand(KING), False)
    assert not can_crash(FoolishRules(), _hand(KING), True)
    trick = [Play(0, 3, True)]
    assert A_CRASH in legal_actions(_hand(KING), trick, 1, 4, crash_ok=True)


def test_f17_tied_winners_share():
    assert win_shares([10, 12, 12, 3]) == [0.0, 0.5, 0.5, 0.0]


def test_actions_round_trip():
    for n in (4, 5):
        for seat in range(n):
            for a in range(A_CRASH):
                try:
                    p = action_play(a, seat, n)
                except ValueError:
                    continue
                assert play_action(p, n) == a


# --- flags ------------------------------------------------------------------------------------


def test_flags_defaults_and_validation():
    r = FoolishRules()
    assert (r.multiplier, r.n_rounds) == (2, 4)
    assert (FoolishRules(players=5).multiplier, FoolishRules(players=5).n_rounds) == (3, 5)
    assert r.with_flags(["rounds=single", "lone_multiplier=4"]).n_rounds == 1
    assert r.with_flags(["first_start=none"]).first_start is None
    for bad in (["players=3"], ["rounds=two"], ["no_tricks_bonus=-1"], ["lone_multiplier=0"],
                ["first_start=4"], ["party_crasher=maybe"]):  # fmt: skip
        with pytest.raises(ValueError):
            r.with_flags(bad)


# --- one notation with `play` (issue 26): Q on k / K names k, and T for 10 --------------------


@pytest.mark.parametrize(
    ("words", "at"),
    [
        ("JK Q on 1 Q on 2 down", "JK Q@1 Q@2 down"),  # G5 in play's words
        ("jk q ON 1 q@2 DOWN", "JK Q@1 Q@2 down"),  # mixed, any case
        ("7 K names 1 down 3", "7 K@1 down 3"),
        ("T down t 10", "10 down 10 10"),  # T is 10 (G1's tens)
    ],
)
def test_referee_reads_plays_notation_and_t_as_its_own(words, at):
    assert referee(4, words) == referee(4, at)


def test_referee_keeps_a_queen_and_a_king_to_their_own_words():
    # "Q names 2" is no play in either notation: refused, not read as Q@2
    assert referee(4, "3 Q@1 down 4") == referee(4, "3 Q on 1 down 4")
    with pytest.raises(ValueError, match="4-player trick has 4 plays"):
        referee(4, "3 Q names 1 down 4")
    with pytest.raises(ValueError, match="4-player trick has 4 plays"):
        referee(4, "3 K on 1 down")


def test_card_types_take_t_for_10_in_any_case():
    from headcount_lab.games.foolish.rules import NAMES, parse_type

    assert [NAMES[parse_type(t)] for t in ("T", "t", "10", "1", "a", "joker")] == [
        "10", "10", "10", "A", "A", "JK"
    ]  # fmt: skip
    for bad in ("11", "0", "02", "TT", "1T"):
        with pytest.raises(ValueError, match="unknown card"):
            parse_type(bad)
