"""``whist play``: a person plays one seat of a Forehead Whist match against bots in the terminal.

The match is the plain-Python reference engine (:mod:`.reference`); :class:`WhistTable` takes
the person's seat's bids and cards. At each decision it shows what that seat sees: its hand (in
a blind one-card hand, W9, the other players' cards instead of its own), the trump card, the
bids, the tricks so far, the cards on the table and the scores. Moves: a bid (a whole number
0..cards, not the dealer's forbidden value, W5) and a card in card notation (``K♠`` or ``KS``)
that follows suit (W6). ``hint`` asks the strongest bot (``montecarlo``) with the numbers behind
its choice: the trick estimate of the hand, or the exact chance in a blind hand.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from headcount_lab.core.cards import CardError
from headcount_lab.core.play import IllegalMove, PersonSeat, percent, stream_copy
from headcount_lab.games.whist import reference as R
from headcount_lab.games.whist.rules import (
    WhistRules,
    card_text,
    forbidden_bid,
    hand_score,
    parse_ids,
    streak_step,
)

HINT_BOT = "montecarlo"


class _PersonBots(R.Bots):
    """The reference's bots, asking :class:`WhistTable` for the person's seat."""

    ui: WhistTable

    def bid(self, h: R.Hand, seat: int) -> int:
        if seat != self.ui.seat:
            return super().bid(h, seat)
        return self.ui.decide_bid(h)

    def card(self, h: R.Hand, seat: int, legal: list[int]) -> int:
        person = seat == self.ui.seat
        c = self.ui.decide_card(h, legal) if person else super().card(h, seat, legal)
        self.ui.played(h, seat, c)
        return c

    def bot_choice(self, h: R.Hand, legal: list[int] | None) -> int:
        """What the hint bot in the person's seat would do, on a copy of the stream."""
        with stream_copy(self):
            if legal is None:
                return R.Bots.bid(self, h, self.ui.seat)
            return R.Bots.card(self, h, self.ui.seat, legal)


class WhistTable(PersonSeat):
    HINT_BOT = HINT_BOT

    def setup(self) -> None:
        from headcount_lab.games.whist.agents import policy_params

        rules: WhistRules = self.rules
        ids, params = policy_params(self.specs)
        self.ids, self.params = ids, params
        self.stream = self.first_stream()
        self.bots = _PersonBots(ids, params, self.stream)
        self.bots.ui = self
        self.scores = [0] * rules.players
        self.runs = [(0, 0)] * rules.players
        self.hand_no = 0
        self.last_hand: R.Hand | None = None
        self.trick: list[tuple[int, int]] = []  # (seat, card) of the trick being played

    def c(self, card: int) -> str:
        return card_text(card, self.rules.ranks)

    # ------------------------------------------------------------------ the match

    def play(self) -> dict[str, Any]:
        from headcount_lab.core import record as envelope
        from headcount_lab.games.whist.record import FILE_FORMAT, decode_log
        from headcount_lab.games.whist.rules import VERSION

        r = self.rules
        self.console.say(
            f"Forehead Whist, {r.players} players, {len(r.schedule())} hands; you are seat "
            f"{self.seat}; seed {self.seed}. Type help for the moves, hint for advice."
        )
        res = R.play_match(r, self.ids, self.params, self.stream, bots=self.bots)
        self._finish_hand()
        totals = res["totals"]
        best = max(totals)
        won = [s for s, t in enumerate(totals) if t == best]
        who = (
            "you win"
            if won == [self.seat]
            else "winners: " + ", ".join("you" if s == self.seat else f"seat {s}" for s in won)
        )
        self.console.say(f"match over: totals {totals}; {who}")
        match = decode_log(res["log"], r, self.labels)
        body = {"matches": [match]}
        return envelope.envelope(
            "whist", FILE_FORMAT, VERSION, r.as_dict(), self.seed, body, self.labels
        )

    def played(self, h: R.Hand, seat: int, card: int) -> None:
        """Tell each trick once it is complete: the cards in play order and who took it (W6)."""
        from headcount_lab.games.whist.rules import trick_winner

        self._new_hand(h)
        self.trick.append((seat, card))
        if len(self.trick) < self.rules.players:
            return
        w = trick_winner([c for _, c in self.trick], h.trump_suit, self.rules.ranks)
        who = self.trick[w][0]
        cards = ", ".join(
            f"{'you' if s == self.seat else f'seat {s}'} {self.c(c)}" for s, c in self.trick
        )
        self.console.say(
            f"trick: {cards} -> {'you take' if who == self.seat else f'seat {who} takes'} it"
        )
        self.trick = []

    def _finish_hand(self) -> None:
        """Score the hand just played (W7, W8) and tell the results."""
        h = self.last_hand
        if h is None:
            return
        line = []
        for s in range(self.rules.players):
            bid = h.bids[s]
            assert bid is not None
            got = h.tricks[s]
            score = hand_score(bid, got)
            if h.k >= 2:
                a, b, bonus = streak_step(self.runs[s][0], self.runs[s][1], bid == got, self.rules)
                self.runs[s] = (a, b)
                score += bonus
            self.scores[s] += score
            who = "you" if s == self.seat else f"seat {s}"
            line.append(f"{who} bid {bid} took {got}: {score:+d}")
        self.console.say(f"hand {self.hand_no} done: " + "; ".join(line))
        self.console.say("scores: " + " ".join(str(v) for v in self.scores))
        self.last_hand = None

    def _new_hand(self, h: R.Hand) -> None:
        if h is self.last_hand:
            return
        self._finish_hand()
        self.hand_no += 1
        self.last_hand = h
        trump = f"trump card {self.c(h.trump_card)}" if h.trump_card is not None else "no trump"
        blind = ", blind (you see the others' cards, not yours: W9)" if h.blind else ""
        self.console.say(
            f"-- hand {self.hand_no}: {h.k} card{'s' if h.k != 1 else ''}, dealer seat "
            f"{h.dealer}, {trump}{blind}"
        )

    def view(self, h: R.Hand, bidding: bool) -> str:
        n = self.rules.players
        lines = []
        if h.blind and bidding:
            others = ", ".join(
                f"seat {s}: {self.c(next(iter(h.hands[s])))}" for s in range(n) if s != self.seat
            )
            lines.append(f"  you see: {others}; your own card: ??")
        elif h.blind:
            lines.append("  your card: ?? (on your forehead until you play it)")
        else:
            lines.append("  your hand: " + " ".join(self.c(x) for x in sorted(h.hands[self.seat])))
        bids = ", ".join(
            f"{'you' if s == self.seat else f'seat {s}'} {b}"
            for s, b in enumerate(h.bids)
            if b is not None
        )
        lines.append(f"  bids: {bids or 'none yet'}")
        if not bidding:
            tricks = " ".join(str(t) for t in h.tricks)
            lines.append(f"  tricks taken by seat: {tricks}")
            table = ", ".join(f"seat {s} {self.c(x)}" for s, x in h.trick)
            lines.append(f"  on the table: {table or 'nothing (you lead)'}")
        return "\n".join(lines)

    def _forbidden(self, h: R.Hand) -> int | None:
        if self.seat != h.dealer:
            return None
        others = [b for s, b in enumerate(h.bids) if s != self.seat and b is not None]
        return forbidden_bid(h.k, others, self.rules)

    def decide_bid(self, h: R.Hand) -> int:
        self._new_hand(h)
        self.console.say(self.view(h, bidding=True))
        forb = self._forbidden(h)

        def parse(text: str) -> int:
            try:
                bid = int(text)
            except ValueError:
                raise IllegalMove(f"{text!r} is not a bid: type a whole number") from None
            if not 0 <= bid <= h.k:
                raise IllegalMove(f"bids go from 0 to {h.k}")
            if bid == forb:
                raise IllegalMove(f"the dealer may not bid {forb}: the bids would add up (W5)")
            return bid

        note = f", not {forb}" if forb is not None else ""
        return self.console.ask(
            f"bid 0..{h.k}{note}> ",
            parse,
            lambda: f"a whole number of tricks 0..{h.k}{note} (W5); help, hint, quit",
            lambda: self.hint(h, None),
        )

    def decide_card(self, h: R.Hand, legal: list[int]) -> int:
        self._new_hand(h)
        self.console.say(self.view(h, bidding=False))
        if len(legal) == 1:
            why = "your forehead card" if h.blind else "your only legal card"
            self.console.say(f"you play {self.c(legal[0])} ({why})")
            return legal[0]
        legal_text = " ".join(self.c(x) for x in legal)

        def parse(text: str) -> int:
            try:
                ids = parse_ids(text, self.rules.ranks)
            except (CardError, ValueError) as exc:
                raise IllegalMove(str(exc)) from None
            if len(ids) != 1:
                raise IllegalMove("type one card, e.g. K♠ or KS")
            if ids[0] not in h.hands[self.seat]:
                raise IllegalMove(f"{self.c(ids[0])} is not in your hand")
            if ids[0] not in legal:
                raise IllegalMove(f"follow suit (W6): play one of {legal_text}")
            return ids[0]

        card = self.console.ask(
            f"play ({legal_text})> ",
            parse,
            lambda: f"a card from your hand, e.g. {self.c(legal[0])}; legal now: {legal_text}",
            lambda: self.hint(h, legal),
        )
        return card

    # ------------------------------------------------------------------ hint

    def hint(self, h: R.Hand, legal: list[int] | None) -> str:
        from headcount_lab.games.whist.agents import estimate_tricks
        from headcount_lab.games.whist.exact import blind_win_cards, expected_scores

        choice = self.bots.bot_choice(h, legal)
        n = self.rules.players
        if legal is not None:
            need = (h.bids[self.seat] or 0) - h.tricks[self.seat]
            leads = "leads" if not h.trick else "plays"
            want = f"needs {need} more trick{'s' if need != 1 else ''}" if need > 0 else (
                "has its tricks and wants no more" if need == 0 else "is over its bid already"
            )  # fmt: skip
            return f"{self.hint_bot.name} {leads} {self.c(choice)}: your seat {want}"
        if h.blind:
            seen: list[int | None] = []
            for i in range(n):
                s = (h.leader + i) % n
                seen.append(None if s == self.seat else next(iter(h.hands[s])))
            possible, wins = blind_win_cards(n, seen, h.trump_card)
            p = Fraction(len(wins), len(possible))
            ev = expected_scores(p)
            return (
                f"{self.hint_bot.name} bids {choice}: your card takes the trick in {len(wins)} of "
                f"{len(possible)} cases ({percent(float(p))}); expected score bid 0: "
                f"{float(ev[0]):+.2f}, bid 1: {float(ev[1]):+.2f} (W7)"
            )
        mask = np.uint64(sum(1 << c for c in h.hands[self.seat]))
        trump = -1 if h.trump_card is None else h.trump_card
        suit = -1 if h.trump_suit is None else h.trump_suit
        est = float(estimate_tricks(mask, h.k, n, trump, suit))
        forb = self._forbidden(h)
        note = f"; as dealer you may not bid {forb} (W5)" if forb is not None else ""
        return (
            f"{self.hint_bot.name} bids {choice}: the hand is worth about {est:.2f} tricks by the "
            f"heuristic count (high trumps, boss cards, voids){note}"
        )
