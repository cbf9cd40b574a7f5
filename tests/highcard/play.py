"""Play High Card against bots: the person sees the other cards and claims or passes."""

from __future__ import annotations

from typing import Any

from headcount_lab.core.play import IllegalMove, PersonSeat, percent
from headcount_lab.core.record import envelope
from highcard.bots import MENU, act
from highcard.record import FORMAT
from highcard.reference import play_game
from highcard.rules import VERSION, card_text, chance_highest

HINT_BOT = "odds"


class HighCardTable(PersonSeat):
    HINT_BOT = HINT_BOT

    def setup(self) -> None:
        self.bots = [MENU.parse(b) for b in self.specs]

    def decide(self, seat: int, seen: list[int], u: float) -> bool:
        cards = [c for c in seen if c >= 0]
        if seat != self.seat:
            return act(self.bots[seat], cards, self.rules.ranks, u)
        view = ", ".join(
            f"seat {s}: {card_text(c, self.rules.ranks)}" for s, c in enumerate(seen) if c >= 0
        )
        self.console.say(f"you see {view}; your own card: ??")
        p = chance_highest(cards, self.rules.ranks)

        def parse(text: str) -> bool:
            if text.lower() not in ("claim", "pass"):
                raise IllegalMove("type claim or pass")
            return text.lower() == "claim"

        hint = act(self.bots[seat], cards, self.rules.ranks, u)
        why = (
            f"{self.hint_bot.name} would {'claim' if hint else 'pass'}: "
            f"P(yours is highest) = {percent(p)}"
        )
        return self.console.ask(
            "claim or pass> ",
            parse,
            lambda: "claim = my card is the highest; pass = no claim",
            lambda: why,
        )

    def play(self) -> dict[str, Any]:
        g = play_game(self.rules, self.first_stream(), self.decide)
        cards = [card_text(c, self.rules.ranks) for c in g["cards"]]
        self.console.say(f"cards {cards}; claims {g['claims']}; scores {g['scores']}")
        body = {
            "games": [
                {"seats": self.labels, "cards": cards, "claims": g["claims"], "scores": g["scores"]}
            ]
        }
        return envelope(
            "highcard", FORMAT, VERSION, self.rules.as_dict(), self.seed, body, self.labels
        )
