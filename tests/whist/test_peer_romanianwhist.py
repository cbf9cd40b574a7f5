"""A peer engine's tests as a conformance check (issue 12 item 4).

The peer is the C++ Romanian Whist engine conectionist/RomanianWhist. Its engine, card-validator,
scoreboard, move-validation and random-play tests are restated here as facts (deals, bids, plays
and the scores they must give), in our own words and code, and checked against our rules verbs
(``rules.py``), our replay of recorded matches (``record.py``, the engine that judges every
action), our reference engine, our kernels and our scorekeeper.

Where the peer's table differs from our defaults, :func:`peer_rules` sets our flags to its
choices:

- ``streak_mode=once``: the peer pays the bonus when a run reaches five and not again until it
  is broken (W8 lets both be expressed; ours pays every five by default).
- ``blind_one_card_hands=off``: the peer's one-card rounds are ordinary unless a setup flag marks
  them as forehead rounds (W9 is our default). Scores do not depend on it.
- ``first_dealer=n-1``: the peer's first round is opened (first bid, first lead) by seat 0 and the
  opener moves one seat per round, so its last bidder, our dealer, is the seat before (W3, W5).

What the peer does that our rules cannot express is listed in docs/games/forehead-whist.md
("Conformance with a peer engine"). The peer's validator tests use twos, which are in none of our
packs (W1); they are restated in the six-player pack (3 to A) with each two moved up to the
three, which keeps every card's order within its suit.
"""

import random
from typing import Any

import numpy as np
import pytest

from headcount_lab.core.cards import parse_card
from headcount_lab.core.rng import block_state
from headcount_lab.games.whist import agents, kernels, record
from headcount_lab.games.whist.rules import (
    VERSION,
    WhistRules,
    beats,
    card_id,
    card_text,
    forbidden_bid,
    hand_score,
    hand_sizes,
    has_trump,
    legal_cards,
    rank_of,
    trick_winner,
)
from headcount_lab.games.whist.scorekeeper import score_match

SIX = WhistRules(players=6)  # the pack the validator facts are restated in (3 to A)
SUIT = {"S": 0, "H": 1, "D": 2, "C": 3}


def peer_rules(n: int) -> WhistRules:
    return WhistRules(players=n, streak_mode="once", blind_one_card_hands=False, first_dealer=n - 1)


def ids(text: str, rules: WhistRules = SIX) -> list[int]:
    return [card_id(parse_card(t), rules.ranks) for t in text.split()]


# --- deck and table size (peer: engine deck composition, start rejects seat counts) ----------


@pytest.mark.parametrize(("n", "size", "lowest"), [(3, 24, 9), (4, 32, 7), (5, 40, 5), (6, 48, 3)])
def test_w1_pack_size_and_lowest_rank_match_the_peer(n, size, lowest):
    rules = peer_rules(n)
    assert rules.deck_size == size
    ranks = {rank_of(c, rules.ranks) for c in range(rules.deck_size)}
    assert min(ranks) == lowest and max(ranks) == 14 and 2 not in ranks


@pytest.mark.parametrize("n", [0, 1, 2, 7])
def test_w1_table_sizes_outside_three_to_six_are_refused(n):
    # the peer also plays two-handed (J to A); the rule text we follow starts at three
    with pytest.raises(ValueError, match="players must be between 3 and 6"):
        WhistRules(players=n)


# --- schedule and who opens (peer: scoreboard schedule shape, opener advances, bidding order) ---


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_w2_one_to_eight_and_back_schedule_is_the_peers_s181(n):
    sizes = hand_sizes(n)
    assert sizes == [1] * n + [2, 3, 4, 5, 6, 7] + [8] * n + [7, 6, 5, 4, 3, 2] + [1] * n
    assert len(sizes) == 3 * n + 12


def test_w2_three_players_play_21_hands_from_24_cards():
    rules = peer_rules(3)
    assert len(rules.schedule()) == 21 and rules.deck_size == 24


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_w3_w5_opener_moves_one_seat_a_hand_and_the_dealer_bids_last(n):
    for h, (_k, dealer) in enumerate(peer_rules(n).schedule()):
        opener = (dealer + 1) % n  # bids first and leads the first trick (W5, W6)
        assert opener == h % n
        order = [(opener + i) % n for i in range(n)]
        assert sorted(order) == list(range(n)) and order[-1] == dealer


# --- the dealer's restriction (peer: getForbiddenBet, overbid round, engine validation) --------


@pytest.mark.parametrize("k", range(1, 9))
def test_w5_forbidden_value_completes_the_hand_while_it_still_can(k):
    rules = peer_rules(4)
    for total in range(0, 3 * k + 1):
        # restated from where the dealer sits rather than from our formula: the value that
        # would bring the bids to k, if a bid in 0..k can do it
        expected = next((b for b in range(k + 1) if total + b == k), None)
        earlier = [total // 3, total // 3, total - 2 * (total // 3)]
        assert forbidden_bid(k, earlier, rules) == expected
    assert forbidden_bid(k, [k, k, k], WhistRules(players=4, dealer_restriction=False)) is None


# A scripted match: the deal comes from Python's own shuffle, the bids from a script (a bid of 0,
# or 1 where 0 is the dealer's forbidden value), the play is each seat's lowest legal card.
# It is written out in the record format and judged by our replay, which plays the part of the
# peer's validating engine.


def scripted_match(
    rules: WhistRules, seed: int, bids: dict[tuple[int, int], int] | None = None
) -> dict[str, Any]:
    n, ranks = rules.players, rules.ranks
    rng = random.Random(seed)
    hands = []
    for h, (k, dealer) in enumerate(rules.schedule()):
        deck = list(range(rules.deck_size))
        rng.shuffle(deck)
        held = [set(deck[s * k : (s + 1) * k]) for s in range(n)]
        trump = deck[n * k] if has_trump(k) else None
        trump_suit = None if trump is None else trump // ranks
        deal = [[card_text(c, ranks) for c in sorted(cards)] for cards in held]
        bid = [0] * n
        earlier: list[int] = []
        for i in range(n):
            seat = (dealer + 1 + i) % n
            b = (bids or {}).get((h, seat), 0)
            if seat == dealer and (bids or {}).get((h, seat)) is None:
                b = 1 if forbidden_bid(k, earlier, rules) == 0 else 0
            bid[seat] = b
            earlier.append(b)
        leader = (dealer + 1) % n
        tricks = []
        for _ in range(k):
            played: list[int] = []
            for i in range(n):
                seat = (leader + i) % n
                led = played[0] // ranks if played else None
                c = legal_cards(held[seat], led, trump_suit, rules)[0]
                held[seat].remove(c)
                played.append(c)
            tricks.append({"leader": leader, "cards": [card_text(c, ranks) for c in played]})
            leader = (leader + trick_winner(played, trump_suit, ranks)) % n
        hands.append(
            {
                "hand": h + 1,
                "cards": k,
                "dealer": dealer,
                "trump_card": None if trump is None else card_text(trump, ranks),
                "deal": deal,
                "bids": bid,
                "tricks": tricks,
            }
        )
    return {
        "format": record.FORMAT,
        "version": VERSION,
        "rules": rules.as_dict(),
        "bots": ["peer script"] * rules.players,  # scripted moves, not bots of ours
        "hands": hands,
    }


def test_w5_scripted_legal_match_replays_and_scores_like_the_scorekeeper():
    # the peer's control case: the same harness, nothing sabotaged, throws nothing
    rules = peer_rules(4)
    rec = scripted_match(rules, seed=7)
    res = record.replay_match(rec)
    table = {
        "players": 4,
        "hands": [
            {"cards": h["cards"], "bids": h["bids"], "tricks": r["tricks"]}
            for h, r in zip(rec["hands"], res["hands"], strict=True)
        ],
    }
    assert score_match(table, rules)["totals"] == res["totals"]


def test_w5_once_the_first_bids_pass_the_hand_size_the_dealer_is_free():
    # peer: 3 players, the fourth hand is the first of two cards; the first two bidders bid
    # 2 and 2, so no bid of the dealer can make the bids add up to 2 and both 0 and 2 stand
    rules = peer_rules(3)
    k, dealer = rules.schedule()[3]
    assert (k, dealer) == (2, 2)
    assert forbidden_bid(k, [2, 2], rules) is None
    for last in (0, 2):
        rec = scripted_match(rules, 3, {(3, 0): 2, (3, 1): 2, (3, 2): last})
        assert rec["hands"][3]["bids"] == [2, 2, last]
        record.replay_match(rec)


def _first_eight_card_hand(rec: dict[str, Any]) -> int:
    return next(i for i, h in enumerate(rec["hands"]) if h["cards"] == 8)


def test_w5_a_bid_above_the_hand_size_is_rejected():
    rec = scripted_match(peer_rules(4), 7)
    h = _first_eight_card_hand(rec)
    rec["hands"][h]["bids"][0] = 9
    with pytest.raises(ValueError, match="outside 0..8"):
        record.replay_match(rec)


def test_w5_the_dealer_bidding_the_forbidden_value_is_rejected():
    rules = peer_rules(4)
    rec = scripted_match(rules, 7)
    hand = rec["hands"][_first_eight_card_hand(rec)]
    d = hand["dealer"]
    others = [b for s, b in enumerate(hand["bids"]) if s != d]
    hand["bids"][d] = forbidden_bid(8, others, rules)
    with pytest.raises(ValueError, match=r"forbidden .*\(W5\)"):
        record.replay_match(rec)


def test_w6_a_card_that_fails_to_follow_suit_is_rejected():
    # some seat after the leader holds a card of another suit than the led one while it holds
    # the led suit: play that card instead (a card it really holds, not a made-up one)
    rules = peer_rules(4)
    rec = scripted_match(rules, 7)
    hand = rec["hands"][_first_eight_card_hand(rec)]
    trick = hand["tricks"][0]
    led = trick["cards"][0][-1]
    for i in range(1, 4):
        seat = (trick["leader"] + i) % 4
        mine = hand["deal"][seat]
        if any(c[-1] == led for c in mine) and any(c[-1] != led for c in mine):
            trick["cards"][i] = next(c for c in mine if c[-1] != led)
            break
    else:
        pytest.fail("no seat could revoke in this deal; pick another seed")
    with pytest.raises(ValueError, match="may not play"):
        record.replay_match(rec)


def test_w6_a_card_the_player_does_not_hold_is_rejected():
    # the peer can only name cards by their place in the hand; our record names cards, so the
    # matching mistake is a card from another player's hand
    rec = scripted_match(peer_rules(4), 7)
    hand = rec["hands"][_first_eight_card_hand(rec)]
    trick = hand["tricks"][0]
    leader = trick["leader"]
    trick["cards"][0] = hand["deal"][(leader + 1) % 4][0]
    with pytest.raises(ValueError, match="does not hold"):
        record.replay_match(rec)


# --- which cards may be played, and which card wins (peer: card-validator tests) -------------

LEGAL = [
    # (hand, led suit, trump suit, legal cards), restated in the 3-A pack
    ("3♥ A♠ 5♣", None, None, "A♠ 3♥ 5♣"),  # leading: the whole hand
    ("3♥ K♥ A♠", "H", None, "3♥ K♥"),  # follow the led suit when you hold it
    ("A♠ 5♣", "H", "C", "5♣"),  # void in the led suit: trump
    ("A♠ 5♦", "H", "C", "A♠ 5♦"),  # void in both: anything
    ("3♦ K♦ A♠", "H", "D", "3♦ K♦"),  # any trump, not only one that overtrumps
    ("", "H", None, ""),  # an empty hand has nothing to play
]


@pytest.mark.parametrize(("hand", "led", "trump", "legal"), LEGAL)
def test_w6_legal_cards_match_the_peers_validator(hand, led, trump, legal):
    got = legal_cards(
        ids(hand) if hand else [],
        None if led is None else SUIT[led],
        None if trump is None else SUIT[trump],
        SIX,
    )
    assert got == (sorted(ids(legal)) if legal else [])


def test_w6_without_must_trump_a_void_player_may_discard():
    # the peer always makes a void player trump; our flag can lift that
    loose = WhistRules(players=6, must_trump=False)
    assert legal_cards(ids("A♠ 5♣"), SUIT["H"], SUIT["C"], loose) == sorted(ids("A♠ 5♣"))


@pytest.mark.parametrize(
    ("card", "best", "trump", "wins"),
    [
        ("3♣", "A♥", "C", True),  # a trump beats a card of the led suit
        ("K♣", "3♣", "C", True),  # a higher trump beats a lower one
        ("K♥", "Q♥", None, True),  # higher rank wins within a suit
        ("A♠", "3♣", None, False),  # a discard of another suit never takes the lead
    ],
)
def test_w6_beats_matches_the_peers_validator(card, best, trump, wins):
    (c,), (b,) = ids(card), ids(best)
    assert beats(c, b, None if trump is None else SUIT[trump], SIX.ranks) is wins


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("3♥ K♥", None, 1),  # the highest card of the led suit
        ("3♥ A♠", None, 0),  # an off-suit ace does not win
        ("K♥ 3♣", "C", 1),  # a trump beats the led suit
    ],
)
def test_w6_trick_winner_matches_the_peers_validator(cards, trump, winner):
    assert trick_winner(ids(cards), None if trump is None else SUIT[trump], SIX.ranks) == winner


def test_w6_winner_of_a_trick_in_progress_is_asked_card_by_card():
    played = ids("3♥ K♥ A♠")
    assert [played[trick_winner(played[:i], None, SIX.ranks)] for i in (1, 2, 3)] == ids("3♥ K♥ K♥")


# --- scores and streaks (peer: scoreboard round scoring and streaks) --------------------------


def test_w7_exact_bid_scores_five_plus_and_a_miss_the_difference():
    # peer (two players, a 2-card hand): bid 1 took 1 scores 6, bid 0 took 1 scores -1; a third
    # seat that bid 0 and took nothing completes the table for three
    assert (hand_score(1, 1), hand_score(0, 1), hand_score(0, 0)) == (6, -1, 5)
    table = {"players": 3, "hands": [{"cards": 2, "bids": [1, 0, 0], "tricks": [1, 1, 0]}]}
    # one hand alone is not a match by our schedule (W2): score it as written
    assert score_match(table, peer_rules(3), schedule=False)["hands"][0]["scores"] == [6, -1, 5]


def _seat0_deltas(hands: list[tuple[int, list[int], list[int]]], rules: WhistRules) -> list[int]:
    table = {
        "players": 3,
        "hands": [{"cards": k, "bids": b, "tricks": t} for k, b, t in hands],
    }
    # runs of hands chosen for the streak rule, not a W2 schedule: score them as written
    return [h["scores"][0] for h in score_match(table, rules, schedule=False)["hands"]]


def test_w8_five_made_in_a_row_pay_ten_on_the_fifth():
    # seat 0 bids 0 and takes nothing in hands of 2..6 cards; seat 1 takes them all, and seat 2
    # (the dealer) bids 1 so that the bids do not add up (W5)
    made = [(k, [0, k, 1], [0, k, 0]) for k in range(2, 7)]
    assert _seat0_deltas(made, peer_rules(3)) == [5, 5, 5, 5, 15]


def test_w8_five_missed_in_a_row_cost_ten_on_the_fifth():
    # seat 0 bids 0 and takes one trick every hand
    missed = [(k, [0, 1, 0], [1, k - 1, 0]) for k in range(2, 7)]
    assert _seat0_deltas(missed, peer_rules(3)) == [-1, -1, -1, -1, -11]


def test_w8_a_one_card_hand_neither_builds_nor_breaks_a_run():
    made = [(k, [0, k, 1], [0, k, 0]) for k in range(2, 6)]
    one_made = (1, [0, 1, 1], [0, 1, 0])
    one_missed = (1, [0, 0, 0], [1, 0, 0])
    fifth = (6, [0, 6, 1], [0, 6, 0])
    rules = peer_rules(3)
    # a made one-card hand scores 5 and is not the fifth of the run; a missed one does not break it
    assert _seat0_deltas([one_made, *made, fifth], rules) == [5, 5, 5, 5, 5, 15]
    assert _seat0_deltas([*made[:2], one_missed, *made[2:], fifth], rules) == [
        5,
        5,
        -1,
        5,
        5,
        15,
    ]


def test_w8_peer_pays_a_run_once_where_our_default_pays_every_five():
    ten = [(k, [0, k, 1], [0, k, 0]) for k in [2, 3, 4, 5, 6, 7, 8, 8, 8, 7]]
    once = _seat0_deltas(ten, peer_rules(3))
    every = _seat0_deltas(ten, WhistRules(players=3))
    assert sum(once) == 10 * 5 + 10 and once[4] == 15 and once[9] == 5
    assert sum(every) == 10 * 5 + 20 and every[9] == 15


# --- the peer's recorded golden match, rescored (peer: golden game, 4 players, S_181) ----------

# (bid, tricks) by seat for each of the 24 hands of the peer's recorded four-player match; the
# peer's engine gave the seats 39, 56, 10 and 16 points
GOLDEN_4P = [
    "0/0 0/0 0/0 0/1",
    "1/0 1/1 0/0 0/0",
    "0/0 0/0 0/0 0/1",
    "0/0 0/0 0/1 0/0",
    "0/0 0/0 0/0 0/2",
    "0/0 1/0 0/1 0/2",
    "0/1 1/1 0/2 0/0",
    "0/0 1/4 0/1 0/0",
    "0/3 1/0 0/1 0/2",
    "0/2 0/2 0/2 0/1",
    "0/1 1/1 0/6 0/0",
    "0/2 0/2 0/0 0/4",
    "0/1 1/4 0/2 0/1",
    "0/1 2/6 0/0 0/1",
    "0/0 1/1 0/2 0/4",
    "0/1 0/2 0/1 0/2",
    "0/0 2/3 0/1 0/1",
    "0/2 1/1 0/0 0/1",
    "0/1 1/1 0/1 0/0",
    "0/0 0/0 0/2 0/0",
    "0/0 0/0 0/0 0/1",
    "0/0 0/0 0/1 0/0",
    "0/0 0/0 0/1 0/0",
    "0/0 0/1 0/0 0/0",
]


def _table(rows: list[str], sizes: list[int]) -> dict[str, Any]:
    hands = []
    for k, row in zip(sizes, rows, strict=True):
        pairs = [tuple(int(v) for v in cell.split("/")) for cell in row.split()]
        hands.append({"cards": k, "bids": [b for b, _ in pairs], "tricks": [t for _, t in pairs]})
    return {"players": 4, "hands": hands}


def test_w7_w8_peer_golden_match_rescored_gives_its_totals():
    assert score_match(_table(GOLDEN_4P, hand_sizes(4)), peer_rules(4))["totals"] == [
        39,
        56,
        10,
        16,
    ]


def test_w8_peer_golden_match_with_two_extra_one_card_hands_gives_its_totals():
    # the peer's variant that marks the one-card rounds forehead and appends a forehead and a
    # hidden one-card round; its second hand changed (a forehead bid) and it ends 55, 59, 14, 20.
    # Our schedule cannot deal the two extra hands, but the scorekeeper scores them as one-card
    # hands, outside the runs (W8)
    rows = [*GOLDEN_4P[:1], "0/0 0/1 0/0 0/0", *GOLDEN_4P[2:], "0/0 0/0 0/1 0/0", "0/0 0/0 0/0 0/1"]
    table = _table(rows, [*hand_sizes(4), 1, 1])
    totals = score_match(table, peer_rules(4), schedule=False)["totals"]
    assert totals == [55, 59, 14, 20]


# --- random play never breaks the rules (peer: random-play property test) --------------------


def _follows(hand: set[str], led: str | None, trump: str | None, card: str) -> bool:
    """Written again from the rule text, on card names, not with ``legal_cards``."""
    if card not in hand:
        return False
    suits = {c[-1] for c in hand}
    if led is None:
        return True
    if led in suits:
        return card[-1] == led
    if trump is not None and trump in suits:
        return card[-1] == trump
    return True


def _takes(cards: list[str], trump: str | None) -> int:
    """Position of the winning card, from the rule text, on card names: a trump above a card of
    the led suit above anything else, then the higher rank."""

    def key(i: int) -> tuple[int, int]:
        suit = cards[i][-1]
        return (2 if suit == trump else 1 if suit == cards[0][-1] else 0, parse_card(cards[i]).rank)

    return max(range(len(cards)), key=key)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_w5_w6_random_play_never_breaks_the_rules(n):
    rules = peer_rules(n)
    bots = ["random"] * n
    pol, params = agents.policy_params(bots)
    matches = 15
    log = np.zeros((matches, kernels.log_length(n)), dtype=np.int16)
    kernels.run_block(block_state(40 + n, 0), matches, rules.array(), pol, params, False, log)
    for row in log:
        rec = record.decode_log([int(v) for v in row], rules, bots)
        rescored = record.replay_match(rec)["hands"]
        for hand, scored in zip(rec["hands"], rescored, strict=True):
            k, dealer = hand["cards"], hand["dealer"]
            total = sum(b for s, b in enumerate(hand["bids"]) if s != dealer)
            assert total + hand["bids"][dealer] != k  # W5
            held = [set(cards) for cards in hand["deal"]]
            trump = None if hand["trump_card"] is None else hand["trump_card"][-1]
            took = [0] * n
            for trick in hand["tricks"]:
                for i, card in enumerate(trick["cards"]):
                    seat = (trick["leader"] + i) % n
                    led = trick["cards"][0][-1] if i else None
                    assert _follows(held[seat], led, trump, card)
                    held[seat].remove(card)
                took[(trick["leader"] + _takes(trick["cards"], trump)) % n] += 1
            assert took == scored["tricks"] and sum(took) == k
