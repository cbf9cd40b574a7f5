"""``GAME play``: a person plays one seat against bots (issue 10 item 6), driven by scripted input.

A driver answers each prompt with a legal move (it reads only the prompt, as a person would read
the screen); the lines it typed are then fed as standard input to the real command, which must
play the same game and write a record that ``replay`` accepts. Every registered game is played,
with the scripted game of its ``tests/<game>/cases.py`` (``PLAY``); one without it fails.
"""

import json
import re

import pytest
from game_cases import piece
from typer.testing import CliRunner

from headcount_lab.cli.app import app
from headcount_lab.core.play import Console, Quit, scripted
from headcount_lab.games import registered

runner = CliRunner()


class Driver:
    """Answers prompts with legal moves: the first legal card, a bid of 0 (1 if 0 is the
    dealer's forbidden bid); peek when it may, call when it may, otherwise a rising bid; point
    at the caller, give up an open life card; keep the dealt face-up cards (Poohead)."""

    def __init__(self):
        self.prompts = []
        self.bid = 100

    def __call__(self, prompt):
        self.prompts.append(prompt)
        if m := re.match(r"play \(([^ )]+)", prompt):
            return m.group(1)
        if prompt.startswith("face up"):
            return "keep"
        if m := re.match(r"play: ([^,>]+)", prompt):  # foolish: "play: 7 down, 9, Q on 2> "
            return m.group(1)
        if m := re.match(r"bid 0\.\.(\d+)(, not (\d+))?", prompt):
            return "1" if m.group(3) == "0" else "0"
        if prompt.startswith("point"):
            return "caller"
        if prompt.startswith("give up"):
            return "open"
        if prompt.startswith("peek"):
            return "peek"
        if prompt.startswith("claim"):
            return "claim"
        if "call" in prompt:
            return "call"
        self.bid += 1
        return str(self.bid)


def drive(game, variant, bots, seat, seed):
    spec = registered()[game]
    driver = Driver()
    out = []
    console = Console(read=driver, write=out.append)
    rules = spec.make_rules(variant, [], len(bots))
    record = spec.load("play")(rules, bots, seat, seed, console).play()
    return record, console.log, driver.prompts, out


@pytest.mark.parametrize("game", list(registered()))
def test_scripted_stdin_plays_a_whole_game_and_replay_accepts_the_record(game, tmp_path):
    """Every registered game, with the scripted game of its tests/<game>/cases.py (``PLAY``; a
    game without it fails here, naming the file)."""
    case = piece(game, "PLAY")
    variant, seat, seed, others = case.variant, case.seat, case.seed, case.others
    record, typed, prompts, _ = drive(game, variant, case.bots, seat, seed)
    kinds = {re.split(r"[ >]", p)[0] for p in prompts}
    assert kinds >= case.kinds
    # help, hint and a nonsense move change nothing: they are answered and asked again
    script = ["help", "hint", "no such move", *typed]
    path = tmp_path / "rec.json"
    res = runner.invoke(
        app,
        [game, "play", "--bots", others, "--seat", str(seat), "--seed", str(seed),
         "--variant", variant, "--record-file", str(path)],
        input="\n".join(script) + "\n",
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "not a legal move" in res.stdout
    assert f"record written to {path}" in res.stdout
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(record))  # the same game as the driven one
    assert written["game"] == game and written["seed"] == seed
    rep = runner.invoke(app, [game, "replay", str(path), "--json"])
    assert rep.exit_code == 0, rep.output


def test_headcount_person_sees_the_others_but_never_their_own_card():
    record, _, _, out = drive("headcount", "standard", [None, "odds", "tips", "random"], 0, 3)
    text = "\n".join(out)
    first = record["games"][0]["rounds"][0]
    own = first["foreheads"][0]
    before_count = text.split("cards:", 1)[0]  # everything shown before the first count
    assert "?? (your forehead)" in before_count
    assert f"(you): {own}" not in before_count
    for s in (1, 2, 3):
        assert f"seat {s}: {first['foreheads'][s]}" in before_count


def test_headcount_hint_names_the_bot_and_the_exact_odds():
    console = Console(read=scripted(["hint", "quit"]), write=(out := []).append)
    spec = registered()["headcount"]
    table = spec.load("play")(spec.make_rules("standard", [], 4), ["odds", None, "tips", "random"],
                              1, 1, console)  # fmt: skip
    with pytest.raises(Quit):
        table.play()
    hint = next(line for line in out if line.startswith("reader would"))
    assert re.search(r"reader would (bid -?\d+|call|peek|not peek)", hint)
    assert re.search(r"mean \d+\.\d, median -?\d+", hint)
    assert "survives a call with" in hint


def test_whist_hint_gives_the_trick_estimate_or_the_blind_odds():
    spec = registered()["whist"]
    console = Console(read=scripted(["hint", "quit"]), write=(out := []).append)
    table = spec.load("play")(spec.make_rules("standard", [], 3), [None, "random", "random"], 0,
                              2, console)  # fmt: skip
    with pytest.raises(Quit):
        table.play()
    hint = next(line for line in out if line.startswith("montecarlo"))
    # the first hand is a blind one-card hand (W9): exact odds of the unseen card
    assert re.search(r"takes the trick in \d+ of \d+ cases", hint)


def test_illegal_moves_are_refused_with_the_reason():
    spec = registered()["whist"]
    lines = ["7", "abc", "quit"]
    console = Console(read=scripted(lines), write=(out := []).append)
    table = spec.load("play")(spec.make_rules("standard", [], 3), [None, "random", "random"], 0,
                              2, console)  # fmt: skip
    with pytest.raises(Quit):
        table.play()
    refusals = [line for line in out if line.startswith("not a legal move")]
    assert "bids go from 0 to 1" in refusals[0]
    assert "not a bid" in refusals[1]


def test_quitting_writes_no_record_and_bad_options_are_one_error_line(tmp_path):
    path = tmp_path / "r.json"
    res = runner.invoke(app, ["headcount", "play", "--record-file", str(path)], input="quit\n")
    assert res.exit_code == 0 and "no record written" in res.stdout
    assert not path.exists()
    for args, why in [
        (["--seat", "9"], "--seat must be between 0 and 3"),
        (["--bots", "odds"], "other 2 to 5 players"),
        (["--bots", "odds,genius,tips"], "unknown bot 'genius'"),
        (["--record-file", str(tmp_path / "no" / "r.json")], "does not exist"),
    ]:
        res = runner.invoke(app, ["headcount", "play", *args], input="quit\n")
        assert res.exit_code == 2, (args, res.output)
        assert why in res.stderr
        assert len(res.stderr.strip().splitlines()) == 1


def test_whist_tells_every_trick_and_the_scores_agree_with_the_record():
    record, _, _, out = drive("whist", "standard", ["heuristic", None, "random"], 1, 3)
    match = record["matches"][0]
    told = [line for line in out if line.startswith("trick: ")]
    assert len(told) == sum(len(h["tricks"]) for h in match["hands"])
    last_scores = [line for line in out if line.startswith("scores: ")][-1]
    assert last_scores == "scores: " + " ".join(str(t) for t in match["totals"])  # W7, W8


@pytest.mark.parametrize("game", list(registered()))
def test_ctrl_c_says_the_game_was_interrupted_and_nothing_saved_exit_130(game, tmp_path,
                                                                          monkeypatch):  # fmt: skip
    """Issue 26: Ctrl-C at a prompt exited 130 without a word. Two moves are typed, then Ctrl-C
    (at the first prompt of the toy game, which asks once: its ``PLAY.interrupt_after``)."""
    from headcount_lab.cli import games

    case = piece(game, "PLAY")
    driver, typed = Driver(), []
    moves = case.interrupt_after

    def read(prompt):
        if len(typed) == moves:
            raise KeyboardInterrupt
        typed.append(driver(prompt))
        return typed[-1]

    monkeypatch.setattr(games, "_read_line", read)
    path = tmp_path / "r.json"
    res = runner.invoke(app, [game, "play", "--bots", case.others, "--record-file", str(path)])
    assert res.exit_code == 130, res.output
    title = registered()[game].title
    assert res.stderr.splitlines() == [
        f"interrupted: the {title} game was not finished; nothing saved ({path} is written only "
        "at the end of a game)"
    ]
    assert "interrupted" not in res.stdout and len(typed) == moves
    assert not path.exists()


def test_sigterm_in_play_says_so_too_exit_143(tmp_path, monkeypatch):
    import signal

    from headcount_lab.cli import games
    from headcount_lab.core.interrupts import Terminated

    def read(prompt):
        raise Terminated(signal.SIGTERM)

    monkeypatch.setattr(games, "_read_line", read)
    path = tmp_path / "r.json"
    res = runner.invoke(app, ["whist", "play", "--record-file", str(path)])
    assert res.exit_code == 143, res.output
    assert res.stderr.startswith("interrupted: the Forehead Whist game was not finished; nothing")
    assert not path.exists()
