"""``headcount play``: a person plays one seat of a Headcount game against bots in the terminal.

The game is the plain-Python reference engine (:mod:`.reference`) with one change: when the
engine asks the person's seat for a decision, :class:`HeadcountTable` shows what that seat can
see (the other foreheads, the hidden card once peeked, the bids, who peeked, everyone's life
cards; never its own card) and reads a move. The deal and the bots' random numbers come from the
seed exactly as in ``simulate`` (its first game), so the same seed deals the same cards.

Moves: a whole number (a bid, at least the last bid + 1, H5), ``call`` (Count!, H5-H6), ``peek``
(H7), ``caller``/``bidder`` (Trickster pointing, H10), ``open``/``down`` (which life card to give
up, H8). ``hint`` asks the game's strongest bot (:data:`HINT_BOT`) what it would do in this
seat, with the exact odds of the total from this seat's view.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from headcount_lab.core.play import IllegalMove, PersonSeat, percent, stream_copy
from headcount_lab.core.rng import PyStream
from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount import reference as G
from headcount_lab.games.headcount.rules import (
    PLAYERS_MAX,
    PLAYERS_MIN,
    HeadcountRules,
    card_text,
)

HINT_BOT = "reader"

HELP = {
    A.PEEK: "peek = look at the hidden card (turns one open life card face down, H7); "
    "or bid/call straight away",
    A.BID: "a whole number = your bid (at least the last bid + 1, H5); call = Count! "
    "(only when there is a bid, and not right after you peeked, H7)",
    A.POINT: "Trickster (H10): caller or bidder = who you think wins the count",
    A.DISCARD: "open or down = which life card you give up (H8)",
}


class _PersonTable(G.Table):
    """The reference table, asking :class:`HeadcountTable` for the person's decisions."""

    ui: HeadcountTable

    def ask(self, kind: int, seat: int, rnd: G.Round, can_call: bool = False, caller: int = -1):  # type: ignore[no-untyped-def]
        if seat != self.ui.seat:
            return super().ask(kind, seat, rnd, can_call, caller)
        return self.ui.decide(kind, rnd, can_call, caller)

    def bot_choice(self, kind: int, rnd: G.Round, can_call: bool, caller: int) -> int:
        """What the hint bot sitting in the person's seat would do (on a copy of the stream)."""
        with stream_copy(self, "bot_stream"):
            return int(super().ask(kind, self.ui.seat, rnd, can_call, caller))


class HeadcountTable(PersonSeat):
    HINT_BOT = HINT_BOT

    def seat_range(self) -> tuple[int, int]:
        return PLAYERS_MIN, PLAYERS_MAX

    def setup(self) -> None:
        from headcount_lab.games.headcount.agents import parse_bot
        from headcount_lab.games.headcount.tournament import Setup

        rules: HeadcountRules = self.rules
        parsed = [parse_bot(b) for b in self.specs]
        setup = Setup(tuple(parsed), rules, False)
        _, params = A.table_params(parsed)
        seated = [A.Bot(b.policy, tuple(params[i]), b.spec) for i, b in enumerate(parsed)]
        block = self.first_stream()  # simulate's first game: its deal and bot streams
        deal_words, bot_words = G._sub_stream(block).s, G._sub_stream(block).s
        self.table = _PersonTable(
            rules, seated, setup.beliefs(), PyStream(deal_words), PyStream(bot_words)
        )
        self.table.ui = self
        self.shown = 0  # events already told
        self.cards: dict[int, int] = {}  # this round's foreheads, told at the count
        self.hidden = -1
        self.pending: int | None = None  # a bid or call typed when asked whether to peek

    # ------------------------------------------------------------------ the game

    def play(self) -> dict[str, Any]:
        from headcount_lab.games.headcount.record import make_record

        t = self.table
        self.console.say(
            f"Headcount, {t.n} players, you are seat {self.seat}; seed {self.seed}. "
            "Type help for the moves, hint for advice."
        )
        winner = G.play_game(t)
        self._tell()
        who = "you win" if winner == self.seat else f"seat {winner} ({self.labels[winner]}) wins"
        self.console.say(f"game over: {who}")
        return make_record(self.rules, [(self.labels, t.events)], self.seed)

    def _tell(self) -> None:
        """Print the public events since the last time: the bots' moves and each count."""
        t = self.table
        rnd_no = sum(1 for k, *_ in t.events[: self.shown] if k == "start")
        for kind, seat, value in t.events[self.shown :]:
            you = "you" if seat == self.seat else f"seat {seat}"
            if kind == "start":
                rnd_no += 1
                self.cards, self.hidden = {}, -1
                self.console.say(f"-- round {rnd_no}: seat {seat} starts")
            elif kind == "forehead":
                self.cards[seat] = value  # told only at the count, when all are shown
            elif kind == "hidden":
                self.hidden = value
            elif kind == "peek":
                self.console.say(f"{you} peeked")
            elif kind == "bid":
                self.console.say(f"{you} bid {value}")
            elif kind == "call":
                self.console.say(f"{you} called Count!")
            elif kind == "point":
                self.console.say(f"{you} pointed at seat {value}")
            elif kind == "count":
                shown = " ".join(
                    f"{'you' if s == self.seat else f'seat {s}'}: {card_text(c)}"
                    for s, c in sorted(self.cards.items())
                )
                hid = f", hidden {card_text(self.hidden)}" if self.hidden >= 0 else ""
                self.console.say(f"cards: {shown}{hid}; total {value}")
            elif kind == "lose":
                self.console.say(f"{you} lose{'' if seat == self.seat else 's'} the round")
            elif kind == "discard":
                self.console.say(f"{you} gave up {'an open' if value else 'a face-down'} card")
            elif kind == "out":
                self.console.say(f"{you} {'are' if seat == self.seat else 'is'} out")
        self.shown = len(t.events)

    # ------------------------------------------------------------------ the person's seat

    def view(self, rnd: G.Round) -> str:
        t = self.table
        lines = []
        for s in range(t.n):
            if t.lives(s) == 0:
                continue
            card = "?? (your forehead)" if s == self.seat else card_text(rnd.cards[s])
            tag = " (peeked)" if s in rnd.peeked else ""
            lives = f"lives {t.open_lives[s]} open + {t.down_lives[s]} down"
            lines.append(f"  seat {s}{' (you)' if s == self.seat else ''}: {card}, {lives}{tag}")
        if self.rules.hidden_card:
            peeked = self.seat in rnd.peeked
            lines.append(f"  hidden card: {card_text(rnd.hidden) if peeked else '??'}")
        if rnd.bids:
            bid, who, _ = rnd.bids[-1]
            lines.append(f"  last bid: {bid} by seat {who}")
        return "\n".join(lines)

    def lowest_bid(self, rnd: G.Round) -> int | None:
        """The lowest legal bid now (None: any whole number, H5 with no minimum)."""
        if rnd.bids:
            return rnd.bids[-1][0] + 1
        return None if self.rules.min_first_bid is None else int(self.rules.min_first)

    def decide(self, kind: int, rnd: G.Round, can_call: bool, caller: int) -> int:
        self._tell()
        t = self.table
        if kind == A.BID and self.pending is not None:
            choice, self.pending = self.pending, None
            if choice != A.CALL or can_call:
                return choice
            self.console.say("you may not call right after peeking (H7): bid instead")
        self.console.say(self.view(rnd))
        low = self.lowest_bid(rnd)
        bidder = rnd.bids[-1][1] if rnd.bids else -1

        def parse(text: str) -> int:
            word = text.lower()
            if kind == A.PEEK:
                if word == "peek":
                    return 1
                self.pending = self._bid(word, low, can_call, bool(rnd.bids))
                return 0
            if kind == A.BID:
                return self._bid(word, low, can_call, bool(rnd.bids))
            if kind == A.POINT:
                targets = {"caller": caller, "bidder": bidder, str(caller): caller}
                targets[str(bidder)] = bidder
                if word not in targets:
                    raise IllegalMove(f"point at caller (seat {caller}) or bidder (seat {bidder})")
                return targets[word]
            if word not in ("open", "down"):
                raise IllegalMove("give up an open or a down (face-down) life card")
            return 1 if word == "open" else 0

        prompts = {
            A.PEEK: "peek, bid" + (" or call" if can_call else ""),
            A.BID: "bid" + (" or call" if can_call else ""),
            A.POINT: f"point at caller (seat {caller}) or bidder (seat {bidder})",
            A.DISCARD: "give up open or down",
        }
        del t  # the person decides from the view printed above only
        return self.console.ask(
            f"{prompts[kind]}> ",
            parse,
            lambda: HELP[kind],
            lambda: self.hint(kind, rnd, can_call, caller),
        )

    @staticmethod
    def _bid(word: str, low: int | None, can_call: bool, has_bids: bool) -> int:
        if word in ("call", "count", "count!"):
            if not can_call:
                why = "you must raise right after peeking (H7)" if has_bids else "no bid to call"
                raise IllegalMove(why)
            return A.CALL
        try:
            bid = int(word)
        except ValueError:
            raise IllegalMove(f"{word!r} is not a whole-number bid, call or peek") from None
        if low is not None and bid < low:
            raise IllegalMove(f"the bid must be at least {low}")
        return bid

    # ------------------------------------------------------------------ hint

    def odds(self, rnd: G.Round) -> dict[int, Fraction]:
        """Exact distribution of the total from the person's view (unseen cards uniform)."""
        from headcount_lab.games.headcount.exact import total_distribution

        seen = [c for s, c in rnd.cards.items() if s != self.seat]
        known = seen + ([rnd.hidden] if self.seat in rnd.peeked else [])
        in_play = len(rnd.cards) + (1 if self.rules.hidden_card else 0)
        return total_distribution(known, in_play - len(known), self.rules.double)

    def hint(self, kind: int, rnd: G.Round, can_call: bool, caller: int) -> str:
        from headcount_lab.games.headcount.exact import median_total, safe_bid, survival

        choice = self.table.bot_choice(kind, rnd, can_call, caller)
        dist = self.odds(rnd)
        mean = float(sum(t * p for t, p in dist.items()))
        surv = survival(dist)

        def at_least(b: int) -> float:
            return float(next((p for x, p in surv.items() if x >= b), Fraction(0)))

        lines = [
            f"total from your view: mean {mean:.1f}, median {median_total(dist)}; a bid "
            f"survives a call with 50% up to {safe_bid(dist, 0.5)}, 75% up to "
            f"{safe_bid(dist, 0.75)}, 90% up to {safe_bid(dist, 0.9)}"
        ]
        if rnd.bids:
            last = rnd.bids[-1][0]
            need = last if self.rules.tie_goes_to == "bidder" else last + 1  # H6
            p = at_least(need)
            lines.append(f"the bid {last} survives a call with {percent(p)}: "
                         f"calling now wins {percent(1 - p)}")  # fmt: skip
        word = {
            A.PEEK: "peek" if choice == 1 else "not peek",
            A.POINT: f"point at seat {choice}",
            A.DISCARD: "give up an open card" if choice == 1 else "give up a face-down card",
        }.get(kind)
        if kind == A.BID:
            word = "call" if choice == A.CALL else f"bid {choice}"
            if choice != A.CALL:
                lines.append(f"a bid of {choice} survives a call with {percent(at_least(choice))}")
        lines.insert(0, f"{self.hint_bot.name} would {word}")
        return "\n".join(lines)
