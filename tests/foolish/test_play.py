"""``foolish play``: what the person's seat is shown (F13) and what ``hint`` says."""

import re

import pytest

from headcount_lab.core.play import Console, Quit, scripted
from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.games import registered
from headcount_lab.games.foolish import reference as R
from headcount_lab.games.foolish.agents import policy_params
from headcount_lab.games.foolish.record import decode_log
from headcount_lab.games.foolish.rules import NAMES, FoolishRules


def table(lines, seat=1, seed=5, bots=("rules", None, "random", "rules")):
    spec = registered()["foolish"]
    out: list[str] = []
    console = Console(read=scripted(lines), write=out.append)
    t = spec.load("play")(spec.make_rules("standard", [], len(bots)), list(bots), seat, seed,
                          console)  # fmt: skip
    return t, out


def test_f13_the_person_never_sees_another_seats_face_down_card():
    t, out = table(["quit"])
    with pytest.raises(Quit):
        t.play()
    rnd = t.round
    assert rnd is not None
    shown = "\n".join(out)
    for p in rnd.trick:
        if not p.up and p.seat != t.seat:
            assert f"seat {p.seat} plays down" in shown
    assert "seat 3 plays down" in shown  # this seed has a hidden card before the first ask
    hand = " ".join(name for k, name in enumerate(NAMES) for _ in range(rnd.hands[1][k]))
    assert f"your hand: {hand}" in shown


def test_f3_hint_is_the_rule_of_thumb_move_with_the_team_chances():
    t, out = table(["hint", "quit"])
    with pytest.raises(Quit):
        t.play()
    hint = next(line for line in out if line.startswith("rules plays"))
    assert re.search(r"seat 0 \d+\.\d%, seat 2 \d+\.\d%, seat 3 \d+\.\d%", hint)
    # the same game with a rules bot in seat 1 (no bot here draws from the stream before it)
    rules = FoolishRules()
    ids, params = policy_params(["rules", "rules", "random", "rules"])
    log: list[int] = []
    R.play_game(rules, R.Bots(ids, params, PyStream(block_state(5, 0))), log)
    game = decode_log(log, rules, ["rules", "rules", "random", "rules"])
    first = game["rounds"][0]["tricks"][0]
    bot_move = first["plays"][(1 - first["leader"]) % 4]
    assert hint.startswith(f"rules plays {bot_move};")


def test_illegal_plays_are_refused_with_the_reason():
    t, out = table(["Q on 3", "K names 1", "7 up", "party crasher", "quit"])
    with pytest.raises(Quit):
        t.play()
    refusals = [line for line in out if line.startswith("not a legal move")]
    assert len(refusals) == 4
    assert "you hold no Q" in refusals[0]
    assert "F18" in refusals[3]


def test_f18_the_person_may_show_party_crasher_and_the_record_replays():
    """A person who plays the Jokers face up early and shows Party Crasher whenever the prompt
    offers it: some games end a round that way, and every record replays."""
    from headcount_lab.games.foolish.record import replay

    spec = registered()["foolish"]
    rules = spec.make_rules(None, ["party_crasher=on"], 4)
    crashes = 0
    for seed in range(30):

        def read(prompt):
            moves = prompt.removeprefix("play: ").removesuffix("> ").split(", ")
            if "party crasher" in moves:
                return "party crasher"
            return next((m for m in moves if m.startswith("JK")), moves[0])

        out: list[str] = []
        t = spec.load("play")(rules, ["rules", None, "random", "rules"], 1, seed,
                              Console(read=read, write=out.append))  # fmt: skip
        rec = t.play()
        assert replay(rec)["games"] == 1
        crashes += any(line == "you: party crasher (F18): the round ends" for line in out)
    assert crashes >= 2


def test_the_referees_notation_and_t_work_at_the_table():
    """``foolish trick``'s ``Q@k``/``K@k``, any case and ``T`` for 10 are the same moves as the
    records' notation: a person typing only those finishes the game with the same record."""
    from headcount_lab.games.foolish.record import typed_play

    assert typed_play("q@2") == "Q on 2" and typed_play("K@3") == "K names 3"
    assert typed_play("q ON 2") == "Q on 2" and typed_play("t DOWN") == "t down"

    def as_referee(move):
        if move.startswith(("Q on ", "K names ")):
            return move[0].lower() + "@" + move.split()[-1]
        return move.replace("10", "T").replace("down", "DOWN")

    spec = registered()["foolish"]
    bots = ["rules", None, "random", "rules"]
    records, typed = [], []
    for translate in (lambda m: m, as_referee):

        def read(prompt, translate=translate):
            move = prompt.removeprefix("play: ").removesuffix("> ").split(", ")[-1]
            typed.append(translate(move))
            return typed[-1]

        out: list[str] = []
        t = spec.load("play")(spec.make_rules("standard", [], 4), bots, 1, 3,
                              Console(read=read, write=out.append))  # fmt: skip
        records.append(t.play())
        assert not [line for line in out if line.startswith("not a legal move")]
    assert records[0] == records[1]
    assert any("@" in m for m in typed) and any(m.startswith("T") for m in typed)
