"""Recorded matches: decoding a kernel log, replaying it, and catching every kind of tampering."""

import copy

import numpy as np
import pytest

from headcount_lab.core.rng import block_state
from headcount_lab.games.whist import agents, kernels, record
from headcount_lab.games.whist.rules import WhistRules


@pytest.fixture(scope="module")
def rec():
    rules = WhistRules(players=4)
    ids, params = agents.policy_params(["heuristic", "random", "heuristic", "random"])
    log = np.zeros((1, kernels.log_length(4)), dtype=np.int16)
    kernels.run_block(block_state(3, 0), 1, rules.array(), ids, params, False, log)
    return record.decode_log([int(v) for v in log[0]], rules, ["heuristic", "random"] * 2)


def test_replay_of_a_recorded_match_rescores_to_the_kernel_totals(rec):
    res = record.replay_match(rec)
    assert res["totals"] == rec["totals"]
    assert len(res["hands"]) == 24
    assert all(
        sum(h["tricks"]) == k
        for h, k in zip(res["hands"], [h["cards"] for h in rec["hands"]], strict=True)
    )


def _tamper(rec, fn):
    bad = copy.deepcopy(rec)
    fn(bad)
    return bad


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda r: r["totals"].__setitem__(0, r["totals"][0] + 1), "recorded totals"),
        (lambda r: r["hands"][5].__setitem__("dealer", 3), "schedule"),
        (lambda r: r["hands"][12].__setitem__("trump_card", "9♦"), "no trump card"),
        (lambda r: r["hands"][4]["bids"].__setitem__(1, 3), "outside 0..2"),
        (
            lambda r: r["hands"][6]["tricks"][0].__setitem__(
                "leader", (r["hands"][6]["tricks"][0]["leader"] + 1) % 4
            ),
            "leads",
        ),
        (
            lambda r: r["hands"][6]["deal"][0].__setitem__(0, r["hands"][6]["deal"][1][0]),
            "dealt twice",
        ),
        (lambda r: r["hands"][6]["tricks"][0]["cards"].__setitem__(0, "5♠"), "not in the"),
        (lambda r: r.__setitem__("format", "other"), "not a recorded match"),
    ],
)
def test_replay_rejects_tampered_records(rec, change, message):
    with pytest.raises(ValueError, match=message):
        record.replay_match(_tamper(rec, change))


def test_replay_rejects_a_card_played_against_follow_suit(rec):
    bad = copy.deepcopy(rec)
    for h in bad["hands"]:
        for t in h["tricks"]:
            cards = t["cards"]
            led = cards[0][-1]
            seat = (t["leader"] + 1) % 4
            hand_cards = h["deal"][seat]
            off = [c for c in hand_cards if c[-1] != led]
            if cards[1][-1] == led and off:
                t["cards"][1] = off[0]  # holds the led suit but plays another
                with pytest.raises(ValueError, match="may not play|does not hold"):
                    record.replay_match(bad)
                return
    raise AssertionError("no suitable trick")


def test_replay_rejects_the_dealers_forbidden_bid(rec):
    bad = copy.deepcopy(rec)
    h = bad["hands"][4]  # 2 cards
    others = sum(b for s, b in enumerate(h["bids"]) if s != h["dealer"])
    assert 0 <= h["cards"] - others <= h["cards"]  # this seed's hand 5 has a forbidden value
    h["bids"][h["dealer"]] = h["cards"] - others
    with pytest.raises(ValueError, match="forbidden"):
        record.replay_match(bad)


def test_replay_file_names_the_bad_match(rec):
    bad = _tamper(rec, lambda r: r["totals"].__setitem__(1, 999))
    with pytest.raises(ValueError, match="match 2:"):
        record.replay_file({"matches": [rec, bad]})
    assert record.replay_file({"matches": [rec]})["matches"] == 1


def test_w5_record_stores_bids_by_seat_while_the_log_keeps_bidding_order():
    """docs/games/forehead-whist.md: the JSON record's bids are by seat (seat 0 first); the
    kernel log lists them in bidding order, from the dealer's left (W5)."""
    rules = WhistRules(players=4, first_dealer=2)
    ids, params = agents.policy_params(["heuristic", "random", "heuristic", "random"])
    log = np.zeros((1, kernels.log_length(4)), dtype=np.int16)
    kernels.run_block(block_state(5, 0), 1, rules.array(), ids, params, False, log)
    rec = record.decode_log([int(v) for v in log[0]], rules, ["heuristic", "random"] * 2)
    pos, differ = 0, 0
    for hand in rec["hands"]:
        k, dealer = hand["cards"], hand["dealer"]
        pos += 1 + 4 * k  # trump card, then the deal
        in_order = [int(v) for v in log[0, pos : pos + 4]]
        assert hand["bids"] == [in_order[(s - dealer - 1) % 4] for s in range(4)]
        differ += hand["bids"] != in_order
        pos += 4 + 4 * k  # the bids, then the cards played
    assert differ > 0  # the two orders really differ, so the test tells them apart


def test_a_file_of_matches_has_its_envelope_checked(rec):
    """Issue 26: the seed of the old ``{"seed", "matches"}`` form is checked, and a file with
    any envelope key has the whole envelope checked; every match is under the file's rules."""
    import math

    for seed in (math.nan, "7", -1, 2**64):
        with pytest.raises(ValueError, match="seed: must be"):
            record.replay_file({"seed": seed, "matches": [rec]})
    with pytest.raises(ValueError, match="not a Forehead Whist record"):
        record.replay_file({"game": "whist", "matches": [rec]})  # no format: not a record file
    from headcount_lab.core.record import envelope
    from headcount_lab.games.whist.rules import VERSION
    from headcount_lab.games.whist.schema import FILE_FORMAT

    other = {**rec["rules"], "streak_bonus": rec["rules"]["streak_bonus"] + 1}
    env = envelope("whist", FILE_FORMAT, VERSION, other, 1, {"matches": [rec]}, rec["bots"])
    with pytest.raises(ValueError, match="match 1: its rules are not the record's rules"):
        record.replay_file(env)
