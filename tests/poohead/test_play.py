"""``poohead play``: a person's seat on the reference engine. The swap puts the named cards face
up (P3), every typed move is checked against the legal ones, ``hint`` changes nothing, the person
sees only what the seat may see (P21), and the record replays."""

import re

import pytest

from headcount_lab.core.play import Console, IllegalMove, Quit, scripted
from headcount_lab.games import GAMES
from headcount_lab.games.poohead.play import HINT_BOT, PooheadTable, _subset
from headcount_lab.games.poohead.record import replay_file
from headcount_lab.games.poohead.reference import Table
from headcount_lab.games.poohead.rules import PooheadRules, parse_ranks


class FirstLegal:
    """Puts ``face_up`` face up (or keeps), then types the first legal move of every prompt;
    with ``hints`` it asks for a hint before each move."""

    def __init__(self, face_up="keep", hints=False):
        self.face_up, self.hints = face_up, hints
        self.asked = set()

    def __call__(self, prompt):
        if self.hints and prompt not in self.asked:
            self.asked.add(prompt)
            return "hint"
        self.asked.discard(prompt)
        if prompt.startswith("face up"):
            return self.face_up
        return re.match(r"play \(([^ )]+)", prompt).group(1)


def play(rules, bots, seat, seed, read):
    out = []
    table = PooheadTable(rules, bots, seat, seed, Console(read=read, write=out.append))
    return table.play(), out


def test_p3_the_person_puts_the_named_cards_face_up():
    rules = PooheadRules(players=3)
    # the person's six cards in this deal (seed 5, seat 1): 5 5 6 K A A
    record, out = play(rules, ["cheap+", None, "random"], 1, 5, FirstLegal("A 5 K"))
    assert "your six cards: 5 5 6 K A A; dealt face up: 6 K A" in out
    assert record["games"][0]["face_up"][1] == ["5", "K", "A"]  # lowest rank first
    assert replay_file(record)["games"] == 1


def test_subset_takes_one_position_per_named_card():
    six = sorted(parse_ranks("5 5 6 K A A"))
    for text in ("5 5 6", "A A K", "5 A 6"):
        i = _subset(six, sorted(parse_ranks(text)))
        assert i >= 0
    with pytest.raises(IllegalMove, match="not among your six"):
        _subset(six, sorted(parse_ranks("5 5 5")))
    with pytest.raises(IllegalMove, match="not among your six"):
        _subset(six, sorted(parse_ranks("2 5 6")))


@pytest.mark.parametrize("players, seat, seed", [(2, 0, 3), (4, 2, 8)])
def test_hints_change_nothing_and_the_record_replays(players, seat, seed):
    rules = PooheadRules(players=players)
    bots = ["cheap+", "random", "cheap"][: players - 1]
    bots.insert(seat, None)
    plain, _ = play(rules, bots, seat, seed, FirstLegal())
    hinted, out = play(rules, bots, seat, seed, FirstLegal(hints=True))
    assert hinted == plain
    assert any(line.startswith(f"{HINT_BOT} would play ") for line in out)
    assert any(line.startswith(f"{HINT_BOT} would put ") for line in out)
    res = replay_file(plain)
    assert res["games"] == 1 and plain["bots"][seat] == "person"
    assert plain["seed"] == seed and plain["game"] == "poohead"


def test_p21_the_person_never_sees_another_hand_or_a_face_down_card():
    """Swap the cards a seat cannot see (another hand, every face-down card) and the view is the
    same text; change the person's own hand and it is not."""
    rules = PooheadRules(players=3)
    table = PooheadTable(rules, ["cheap", None, "cheap"], 1, 4, Console())

    def view(hands, downs):
        t = Table.position(rules, hands, ["K", "2", "A"], downs, draw="7 7", pile="5 9")
        return table.view(t)

    base = view(["3 4 6", "8 J Q", "6 6 K"], ["3", "4", "J"])
    assert "hand 8 J Q" in base and "pile (2): 5 9, top 9" in base
    assert view(["3 4 8", "8 J Q", "6 Q K"], ["Q", "3", "4"]) == base
    assert view(["3 4 6", "8 J K", "6 6 Q"], ["3", "4", "J"]) != base


def test_illegal_moves_are_refused_with_the_reason():
    rules = PooheadRules(players=2)
    lines = ["Q Q Q", "keep", "Zx1", "Ax4", "quit"]
    out = []
    table = PooheadTable(
        rules, [None, "cheap"], 0, 1, Console(read=scripted(lines), write=out.append)
    )
    with pytest.raises(Quit):
        table.play()
    refusals = [line for line in out if line.startswith("not a legal move")]
    assert "not among your six cards" in refusals[0]
    assert "unknown card" in refusals[1]
    assert "is not legal now" in refusals[2]


def test_the_registry_names_this_table():
    assert GAMES["poohead"].load("play") is PooheadTable
