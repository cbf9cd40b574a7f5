"""Golden playthroughs: recorded games (actions, not seeds) replay cleanly, and a record that
breaks a rule is rejected naming the game, round, action and ruling."""

import copy
import json
from pathlib import Path

import pytest

from headcount_lab.games.headcount.record import ReplayError, load, replay

DATA = Path(__file__).parent / "golden"
GOLDEN = sorted(DATA.glob("golden_*.json"))


def test_there_are_golden_games():
    assert {p.stem for p in GOLDEN} >= {"golden_standard", "golden_trickster", "golden_double"}


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_games_replay(path):
    data = load(path)
    result = replay(data)
    for g, rec in zip(result["games"], data["games"], strict=True):
        assert g["winner"] == rec["winner"]
        assert [r["loser"] for r in g["rounds"]] == [r["loser"] for r in rec["rounds"]]
        assert [r["total"] for r in g["rounds"]] == [r["total"] for r in rec["rounds"]]


def _standard():
    return load(DATA / "golden_standard.json")


def _first_bid(rnd):
    return next(i for i, a in enumerate(rnd["actions"]) if "bid" in a)


def _break(mutate):
    data = copy.deepcopy(_standard())
    mutate(data["games"][0]["rounds"])
    with pytest.raises(ReplayError) as exc:
        replay(data)
    return str(exc.value)


def test_h5_a_bid_must_rise():
    def lower(rounds):
        acts = rounds[0]["actions"]
        i = [k for k, a in enumerate(acts) if "bid" in a][1]
        j = [k for k, a in enumerate(acts) if "bid" in a][0]
        acts[i]["bid"] = acts[j]["bid"]

    msg = _break(lower)
    assert msg.startswith("game 0, round 1, action")
    assert "must be higher than the last bid" in msg and "(H5)" in msg


def test_h5_no_call_before_a_bid():
    def call_first(rounds):
        rounds[0]["actions"][0] = {"seat": rounds[0]["start"], "call": True}

    assert "nobody can call before the first bid (H5)" in _break(call_first)


def test_h7_start_player_may_not_peek_first():
    def peek_first(rounds):
        rounds[0]["actions"].insert(0, {"seat": rounds[0]["start"], "peek": True})

    msg = _break(peek_first)
    assert "round 1, action 1 (seat 0 peek)" in msg and "first turn (H7)" in msg


def test_h7_a_peeker_must_raise():
    assert "after peeking the player must raise (H7)" in _break(_call_after_peek)


def _call_after_peek(rounds):
    for r in rounds:
        acts = r["actions"]
        for i, a in enumerate(acts[:-1]):
            if a.get("peek"):
                acts[i + 1] = {"seat": a["seat"], "call": True}
                del acts[i + 2 :]
                return
    raise AssertionError("the golden game has no peek")


def test_h7_replay_rejects_a_call_after_a_peek_when_the_flag_is_on():
    data = copy.deepcopy(_standard())
    assert data["rules"].get("peek_must_raise", True)
    _call_after_peek(data["games"][0]["rounds"])
    with pytest.raises(ReplayError, match=r"after peeking the player must raise \(H7\)"):
        replay(data)
    # with the house rule off the call itself is legal: replay gets past it to the recount
    data["rules"]["peek_must_raise"] = False
    with pytest.raises(ReplayError) as exc:
        replay(data)
    assert "(H7)" not in str(exc.value)


def test_h9_replay_checks_the_start_player_of_the_house_rule():
    data = copy.deepcopy(_standard())
    data["rules"]["next_start"] = "left_of_loser"
    with pytest.raises(ReplayError, match=r"round 2: seat \d must start this round.*\(H9\)"):
        replay(data)


def test_turn_order_is_checked():
    def skip(rounds):
        acts = rounds[0]["actions"]
        acts[_first_bid(rounds[0]) + 1]["seat"] = 3 - acts[_first_bid(rounds[0]) + 1]["seat"]

    assert "turn" in _break(skip)


def test_recount_catches_a_wrong_total():
    def wrong(rounds):
        rounds[2]["total"] += 1

    assert _break(wrong).startswith("game 0, round 3: the cards count")


def test_h6_the_loser_is_checked():
    def swap(rounds):
        r = rounds[1]
        r["loser"], r["winner"] = r["winner"], r["loser"]

    assert "(H6)" in _break(swap)


def test_cards_dealt_twice_and_unknown_cards():
    def twice(rounds):
        rounds[0]["hidden"] = rounds[0]["foreheads"][1]

    assert "a card is dealt twice" in _break(twice)

    def unknown(rounds):
        rounds[0]["foreheads"][2] = "QS"

    assert "forehead of seat 2" in _break(unknown)


def test_an_unfinished_game_is_rejected():
    def cut(rounds):
        del rounds[-1]

    assert "players still in" in _break(cut)


def test_not_a_record():
    with pytest.raises(ReplayError, match="not a Headcount record"):
        replay({"games": []})


def test_bad_json_file(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("{not json")
    with pytest.raises(ReplayError, match="not valid JSON"):
        load(p)
    assert json.loads(json.dumps(_standard()))["format"] == "headcount-record/1"


def _lives_before(result, gi, ri, n, rules):
    """Each seat's (open, face-down) life cards at the start of round ``ri`` (0-based)."""
    if ri == 0:
        return [list(rules.lives) for _ in range(n)]
    return [list(x) for x in result["games"][gi]["rounds"][ri - 1]["lives"]]


def test_h7_second_peek_allowed_while_an_open_life_card_is_left():
    """The engine's bots peek at most once a round, but H7 lets a seat peek again on a later
    turn while it has an open life card: replay accepts it (issue 15 item 17)."""
    from headcount_lab.games.headcount.agents import parse_bots
    from headcount_lab.games.headcount.record import record_games
    from headcount_lab.games.headcount.rules import HeadcountRules
    from headcount_lab.games.headcount.tournament import Setup

    rules = HeadcountRules()
    setup = Setup(tuple(parse_bots("odds:peek=0,tips,odds:peek=0.02,tips", 4)), rules, False)
    data = record_games(setup, 5, 6)
    result = replay(data)
    tried = 0
    for gi, g in enumerate(data["games"]):
        for ri, r in enumerate(g["rounds"]):
            acts = r["actions"]
            for k, a in enumerate(acts):
                if not a.get("peek"):
                    continue
                s = a["seat"]
                later = [j for j in range(k + 2, len(acts))
                         if acts[j].get("seat") == s and "bid" in acts[j]]  # fmt: skip
                if not later or _lives_before(result, gi, ri, 4, rules)[s][0] < 2:
                    continue
                tried += 1
                mutated = copy.deepcopy(data)
                mutated["games"] = [copy.deepcopy(g)]
                mr = mutated["games"][0]["rounds"][ri]
                mr["actions"].insert(later[0], {"seat": s, "peek": True})
                try:
                    out = replay(mutated)
                except ReplayError as exc:  # a later round may now break (a changed life card)
                    assert "already peeked" not in str(exc) and f"round {ri + 1}," not in str(exc)
                    continue
                line = out["games"][0]["rounds"][ri]
                assert s in line["peeks"]
                return
    raise AssertionError(f"no record could take a second peek ({tried} tried)")


def test_h7_one_peek_a_turn():
    data = copy.deepcopy(_standard())
    for r in data["games"][0]["rounds"]:
        for k, a in enumerate(r["actions"]):
            if a.get("peek"):
                r["actions"].insert(k, dict(a))
                with pytest.raises(ReplayError, match=r"at most once a turn.*\(H7\)"):
                    replay(data)
                return
    raise AssertionError("the golden game has no peek")


@pytest.mark.parametrize("field", ["loser", "winner", "start"])
def test_a_seat_or_number_is_never_a_boolean(field):
    """JSON ``true`` equals 1 in Python; replay must not take it for the seat 1 (issue 15)."""
    data = copy.deepcopy(_standard())
    rounds = data["games"][0]["rounds"]
    r = next(r for r in rounds if r.get(field) == 1)
    r[field] = True
    with pytest.raises(ReplayError):
        replay(data)
