"""Golden tests for the rule text and rulings W1-W10 (plain-Python rules and the kernels)."""

import numpy as np
import pytest

from headcount_lab.core.rng import block_state
from headcount_lab.games.whist import agents, bits, kernels
from headcount_lab.games.whist.rules import (
    WhistRules,
    beats,
    forbidden_bid,
    hand_score,
    hand_sizes,
    legal_cards,
    parse_ids,
    schedule_table,
    streak_step,
    trick_winner,
)


def ids(text, players=4):
    return parse_ids(text, 2 * players)


@pytest.mark.parametrize("players,lowest", [(3, 9), (4, 7), (5, 5), (6, 3)])
def test_w1_pack_is_the_top_two_ranks_per_player(players, lowest):
    rules = WhistRules(players=players)
    assert rules.deck_size == 8 * players
    low = {"S": 0, "H": 1, "D": 2, "C": 3}
    for suit, s in low.items():
        assert ids(f"{lowest}{suit}", players) == [s * 2 * players]
        assert ids(f"A{suit}", players) == [s * 2 * players + 2 * players - 1]
    with pytest.raises(ValueError, match="not in the"):
        ids(f"{lowest - 1}S", players)


def test_w2_schedule_four_players_is_24_hands():
    assert hand_sizes(4) == [1] * 4 + [2, 3, 4, 5, 6, 7] + [8] * 4 + [7, 6, 5, 4, 3, 2] + [1] * 4
    for n in range(3, 7):
        assert len(hand_sizes(n)) == 3 * n + 12


def test_w3_dealer_moves_clockwise_from_the_first_dealer_and_w4_w9_flags():
    rows = schedule_table(5, first_dealer=3)
    assert [r["dealer"] for r in rows[:7]] == [3, 4, 0, 1, 2, 3, 4]
    assert all(r["trump"] == (r["cards"] < 8) for r in rows)  # W4
    assert all(r["blind"] == (r["cards"] == 1) for r in rows)  # W9


def test_w5_dealer_restriction_names_the_one_value():
    rules = WhistRules()
    assert forbidden_bid(5, [1, 2, 0], rules) == 2
    assert forbidden_bid(3, [2, 2, 1], rules) is None  # already over: nothing is forbidden
    assert forbidden_bid(5, [1, 2, 0], WhistRules(dealer_restriction=False)) is None


def test_w6_follow_suit_else_trump_else_anything():
    rules = WhistRules()
    r = rules.ranks
    hand = ids("7H KH 8D 9C")
    spade, heart, diamond = 0, 1, 2
    assert legal_cards(hand, heart, diamond, rules) == ids("7H KH")
    assert legal_cards(hand, spade, diamond, rules) == ids("8D")  # void: must trump
    assert legal_cards(hand, spade, diamond, WhistRules(must_trump=False)) == sorted(hand)
    assert legal_cards(ids("7H 9C"), spade, diamond, rules) == ids("7H 9C")
    assert trick_winner(ids("KS AS 7D QS"), diamond, r) == 2  # a trump beats the led suit
    assert trick_winner(ids("KS AH 8C QS"), diamond, r) == 0  # off-suit cards never win
    assert not beats(ids("AH")[0], ids("7S")[0], None, r)


def test_w6_kernel_legal_moves_and_winner_match_the_plain_rules():
    rules = WhistRules()
    rng = np.random.default_rng(3)
    r = rules.ranks
    for _ in range(500):
        hand = rng.choice(32, size=rng.integers(1, 9), replace=False).tolist()
        led = int(rng.integers(-1, 4))
        trump = int(rng.integers(-1, 4))
        mask = np.uint64(sum(1 << c for c in hand))
        got = bits.legal_mask(mask, led, trump, True, r)
        want = legal_cards(hand, None if led < 0 else led, None if trump < 0 else trump, rules)
        assert int(got) == sum(1 << c for c in want)
        trick = np.array(rng.choice(32, size=4, replace=False), dtype=np.int64)
        assert bits.trick_winner(trick, 4, trump, r) == trick_winner(
            trick.tolist(), None if trump < 0 else trump, r
        )


def test_w7_scores_from_the_rule_text():
    assert hand_score(3, 3) == 8  # a bid of three made is 8
    assert hand_score(0, 0) == 5  # a bid of none made is a clean 5
    assert hand_score(4, 2) == -2  # bid four, take two
    assert hand_score(1, 3) == -2  # bid one, take three
    assert kernels.hand_score(4, 2) == -2 and kernels.hand_score(3, 3) == 8


def _run(rules, made_flags):
    a = b = total = 0
    for ok in made_flags:
        a, b, bonus = streak_step(a, b, ok, rules)
        total += bonus
    return total


def test_w8_ten_in_a_row_pay_twice_every_five_once_in_once_mode():
    assert _run(WhistRules(), [True] * 10) == 20
    assert _run(WhistRules(streak_mode="once"), [True] * 10) == 10
    assert _run(WhistRules(), [False] * 5) == -10
    assert _run(WhistRules(), [True] * 4 + [False] + [True] * 4) == 0  # a miss resets the run


def test_w8_one_card_hands_neither_build_nor_break_a_run_in_the_kernel():
    # Heuristic bots on a fixed stream: the kernel's streak bookkeeping equals a replay of the
    # same bids and tricks through the plain rules, where one-card hands are skipped.
    from headcount_lab.games.whist import record

    rules = WhistRules()
    ids_, params = agents.policy_params(["heuristic"] * 4)
    rec = np.zeros((3, kernels.log_length(4)), dtype=np.int16)
    kernels.run_block(block_state(8, 0), 3, rules.array(), ids_, params, False, rec)
    for m in range(3):
        rec_json = record.decode_log([int(v) for v in rec[m]], rules, ["heuristic"] * 4)
        assert record.replay_match(rec_json)["totals"] == rec_json["totals"]


def test_w10_tied_winners_share_the_win():
    # Each match hands out exactly one win in sixtieths, however many tie for the top total.
    rules = WhistRules(players=3)
    ids_, params = agents.policy_params(["heuristic"] * 3)
    rec = np.zeros((600, kernels.log_length(3)), dtype=np.int16)
    out = kernels.run_block(block_state(2, 0), 600, rules.array(), ids_, params, False, rec)
    totals = rec[:, -3:]
    ties = (totals == totals.max(axis=1, keepdims=True)).sum(axis=1)
    assert (ties > 1).any()  # the sample does contain shared wins
    want = [
        sum(60 // t for t, row in zip(ties, totals, strict=True) if row[s] == row.max())
        for s in range(3)
    ]
    assert out["win60"].tolist() == want
    assert out["win60"].sum() == 60 * 600


def test_unknown_rule_and_bad_values_are_rejected():
    with pytest.raises(ValueError, match="unknown rule"):
        WhistRules().with_flags(["trumps=on"])
    with pytest.raises(ValueError, match="streak_mode"):
        WhistRules().with_flags(["streak_mode=sometimes"])
    with pytest.raises(ValueError, match="on/off"):
        WhistRules().with_flags(["must_trump=maybe"])
