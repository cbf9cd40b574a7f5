"""``foolish play``: a person plays one seat of a Foolish Faces game against bots in the terminal.

The game is the plain-Python reference engine (:mod:`.reference`) on the stream of ``simulate``'s
first game; :class:`FoolishTable` takes the person's seat's plays. At each decision it shows what
that seat sees (F13): its hand and its Jokers (so whether it is a Fool, and a Lone Fool when it
can tell, F3), the stock, the trick in play (the others' face-down cards as ``down``), tricks
and points taken, hats and scores. Moves are written as in records, seats from 0: ``7`` (face
up), ``7 down``, ``Q on 2`` (a face-up Queen on seat 2's card), ``K names 3``, and ``party
crasher`` where F18 allows it; ``foolish trick``'s ``Q@2`` and ``K@3`` mean the same, and ``T``
is 10. ``hint`` asks the rule-of-thumb bot (``rules``) and gives the
numbers it starts from: the chance that each other seat is on your team.
"""

from __future__ import annotations

from typing import Any

from headcount_lab.core.play import IllegalMove, PersonSeat, percent, stream_copy
from headcount_lab.games.foolish import reference as R
from headcount_lab.games.foolish.record import CRASH_TEXT, parse_record_play, play_text, typed_play
from headcount_lab.games.foolish.rules import (
    A_CRASH,
    N_TYPES,
    NAMES,
    action_play,
    play_action,
    play_problem,
    trick_points,
    trick_winner,
)

HINT_BOT = "rules"


class _PersonBots(R.Bots):
    """The reference's bots, asking :class:`FoolishTable` at the person's seat."""

    ui: FoolishTable

    def choose(self, rnd: R.Round, seat: int) -> int:
        self.ui.new_round(rnd)
        a = self.ui.decide(rnd) if seat == self.ui.seat else super().choose(rnd, seat)
        self.ui.played(rnd, seat, a)
        return a

    def bot_choice(self, rnd: R.Round) -> int:
        """What the hint bot in the person's seat would play, on a copy of the stream."""
        with stream_copy(self):
            return R.Bots.choose(self, rnd, self.ui.seat)


class FoolishTable(PersonSeat):
    HINT_BOT = HINT_BOT

    def setup(self) -> None:
        from headcount_lab.games.foolish.agents import policy_params

        ids, params = policy_params(self.specs)
        self.stream = self.first_stream()
        self.bots = _PersonBots(ids, params, self.stream)
        self.bots.ui = self
        self.round: R.Round | None = None

    def who(self, s: int) -> str:
        return "you" if s == self.seat else f"seat {s}"

    # ------------------------------------------------------------------ the game

    def play(self) -> dict[str, Any]:
        from headcount_lab.core.record import envelope
        from headcount_lab.games.foolish.record import FILE_FORMAT, decode_log
        from headcount_lab.games.foolish.rules import VERSION

        r = self.rules
        self.console.say(
            f"Foolish Faces, {r.players} players, {r.n_rounds} round{'s' * (r.n_rounds > 1)}; "
            f"you are seat {self.seat}; seed {self.seed}. Type help for the moves, hint for "
            "advice."
        )
        log: list[int] = []
        res = R.play_game(r, self.bots, log)
        self.end_round(res["round_scores"][-1])
        totals = res["totals"]
        best = max(totals)
        won = [s for s, t in enumerate(totals) if t == best]
        self.console.say(
            f"game over: totals {totals}; "
            + ("you win" if won == [self.seat] else "winners: " + ", ".join(map(self.who, won)))
        )
        game = decode_log(log, r, self.labels)
        return envelope(
            "foolish", FILE_FORMAT, VERSION, r.as_dict(), self.seed, {"games": [game]}, self.labels
        )

    def new_round(self, rnd: R.Round) -> None:
        """Announce a round once, at its first decision, after scoring the one before."""
        if rnd is self.round:
            return
        if self.round is not None:
            self.end_round(self.round.score())
        self.round = rnd
        stock = " ".join(NAMES[t] for t in range(N_TYPES) for _ in range(rnd.stock[t]))
        jokers = rnd.jokers[self.seat]
        if jokers == 0:
            team = "no Joker: you are Court"
        elif rnd.lone_self(self.seat):
            team = f"{jokers} Joker{'s' * (jokers > 1)}: you are the Lone Fool (F3)"
        else:
            team = "one Joker: you are a Fool, and another player holds the other Joker (F3)"
        self.console.say(
            f"-- round {rnd.round_no}: {self.who(rnd.start)} start{'s' * (rnd.start != self.seat)}"
            f"; stock (public, F2): {stock}; {team}"
        )

    def end_round(self, scores: list[int]) -> None:
        line = ", ".join(f"{self.who(s)} {v:+d}" for s, v in enumerate(scores))
        self.console.say(f"round scores: {line}")

    def played(self, rnd: R.Round, seat: int, a: int) -> None:
        """Tell each play (another seat's face-down card as ``down``, F13) and each trick."""
        n = self.rules.players
        if a == A_CRASH:
            self.console.say(f"{self.who(seat)}: party crasher (F18): the round ends")
            return
        p = action_play(a, seat, n)
        shown = play_text(p) if p.up or seat == self.seat else "down"
        self.console.say(f"{self.who(seat)} play{'s' * (seat != self.seat)} {shown}")
        trick = [*rnd.trick, p]
        if len(trick) == n:
            w = trick_winner(trick)
            assert w is not None  # F6
            took = "you take" if w == self.seat else f"seat {w} takes"
            self.console.say(f"{took} the trick: {trick_points(trick)} points")

    def view(self, rnd: R.Round) -> str:
        n = self.rules.players
        hand = " ".join(NAMES[t] for t in range(N_TYPES) for _ in range(rnd.hands[self.seat][t]))
        table = ", ".join(
            f"{self.who(p.seat)} {play_text(p) if p.up or p.seat == self.seat else 'down'}"
            for p in rnd.trick
        )
        hats = ", ".join(self.who(s) for s in sorted(rnd.hats)) or "none"
        taken = " ".join(f"{rnd.won[s]}/{rnd.pts[s]}" for s in range(n))
        return "\n".join(
            [
                f"  your hand: {hand}",
                f"  on the table: {table or 'nothing (you lead)'}",
                f"  tricks/points taken by seat: {taken}; hats (F3): {hats}",
                "  scores before this round: " + " ".join(str(v) for v in rnd.scores),
            ]
        )

    def move_text(self, a: int) -> str:
        return (
            CRASH_TEXT if a == A_CRASH else play_text(action_play(a, self.seat, self.rules.players))
        )

    def decide(self, rnd: R.Round) -> int:
        n = self.rules.players
        legal = rnd.legal(self.seat, crash=True)
        self.console.say(self.view(rnd))
        if len(legal) == 1:
            self.console.say(f"you play {self.move_text(legal[0])} (your only legal play)")
            return legal[0]
        moves = ", ".join(self.move_text(a) for a in legal)

        def parse(text: str) -> int:
            words = " ".join(text.split())
            if words.lower() in (CRASH_TEXT, "crash"):
                if A_CRASH not in legal:
                    raise IllegalMove("only a Lone Fool holding nothing but J, Q, K may (F18)")
                return A_CRASH
            try:
                p = parse_record_play(typed_play(words), self.seat, n, "your play")
            except ValueError as exc:
                raise IllegalMove(str(exc)) from None
            if p is None or rnd.hands[self.seat][p.card] == 0:
                raise IllegalMove(f"you hold no {NAMES[p.card] if p else 'such card'}")
            a = play_action(p, n)
            if a not in legal:
                why = play_problem(rnd.trick, p, n) or "not a legal play now"
                raise IllegalMove(why)
            return a

        return self.console.ask(
            f"play: {moves}> ",
            parse,
            lambda: (
                "7 = a card face up, 7 down = face down, Q on 2 (or Q@2) = a face-up Queen on "
                "seat 2's card (F8), K names 3 (or K@3) = a face-up King naming seat 3 (F11), "
                "party crasher (F18); T is 10; "
                f"legal now: {moves}"
            ),
            lambda: self.hint(rnd),
        )

    # ------------------------------------------------------------------ hint

    def hint(self, rnd: R.Round) -> str:
        import numpy as np

        from headcount_lab.games.foolish.agents import team_beliefs
        from headcount_lab.games.foolish.bits import MAXN

        choice = self.bots.bot_choice(rnd)
        pteam = np.zeros(MAXN, dtype=np.float64)
        obs = rnd.observation(self.seat)
        team_beliefs(obs, self.seat, pteam)
        others = ", ".join(
            f"seat {s} {percent(float(pteam[s]))}"
            for s in range(self.rules.players)
            if s != self.seat
        )
        own = rnd.jokers[self.seat]
        return (
            f"{self.hint_bot.name} plays {self.move_text(choice)}; chance each other seat is on "
            f"your team (F3, from the Jokers you hold ({own}), the stock and the hats): {others}"
        )
