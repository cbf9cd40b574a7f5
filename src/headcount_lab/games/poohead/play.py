"""``poohead play``: a person plays one seat of a Poohead game against bots in the terminal.

The game is the plain-Python reference engine (:mod:`.reference`) on the stream of
``simulate``'s first game; :class:`PooheadTable` takes the person's seat's decisions. At each
decision it shows what that seat sees (P21): its own hand, the pile by rank with its top card,
the burnt cards, every face-up card, every hand and face-down count with the cards publicly
known in each hand, and the draw pile's size. Moves: before play, the three of its six cards to
put face up (``K A 10``) or ``keep`` (P3); then ``RANKxCOUNT`` (``5x2``: two 5s), ``flip`` (a
face-down card, P17), ``pick-up`` (P9) or ``pass`` (after a 10 with ``ten_replay=may``). A
single legal action (a forced pick-up, the flip of a face-down card) is played for the person
and told. ``hint`` shows what ``cheap+``, the strongest of the bots that do not search, would
do, with its reason: the learned face-up table's P(Poohead) for a swap, the cheapest-rank rule
and the blind flip's odds for a play.
"""

from __future__ import annotations

from typing import Any

from headcount_lab.core.play import IllegalMove, PersonSeat, percent, stream_copy
from headcount_lab.games.poohead import reference as R
from headcount_lab.games.poohead.rules import (
    FACE_DOWN,
    FLIP,
    N_RANKS,
    PASS,
    PICK_UP,
    RANK_NAMES,
    SOURCE_NAMES,
    TABLE,
    PooheadRules,
    action_text,
    counts_of,
    flip_success,
    parse_action,
    parse_ranks,
)

#: what ``hint`` asks: the strongest bot that does not search (the search bots take seconds)
HINT_BOT = "cheap+"


def ranks_text(counts: list[int]) -> str:
    """Cards of a count vector, lowest rank index first (``2 5 5 K``), or ``-``."""
    return " ".join(RANK_NAMES[r] for r in range(N_RANKS) for _ in range(counts[r])) or "-"


def move_text(a: int) -> str:
    """An action as the person types it (``5x2``, ``flip``, ``pick-up``, ``pass``)."""
    return "pick-up" if a == PICK_UP else action_text(a)


class _PersonBots(R.Bots):
    """The reference's bots, asking :class:`PooheadTable` at the person's seat and telling it
    every action."""

    ui: PooheadTable

    def swap(self, t: R.Table, seat: int) -> int:
        if seat != self.ui.seat:
            return super().swap(t, seat)
        return self.ui.decide_swap(t)

    def act(self, t: R.Table, seat: int, legal: list[int]) -> int:
        if seat != self.ui.seat:
            return super().act(t, seat, legal)
        return self.ui.decide_play(t, legal)

    def started(self, t: R.Table) -> None:
        self.ui.started(t)

    def acted(self, t: R.Table, seat: int, a: int, flipped: int | None) -> None:
        self.ui.acted(t, seat, a, flipped)

    def bot_swap(self, t: R.Table) -> int:
        """What the hint bot in the person's seat would swap, on a copy of the stream."""
        return self._on_a_copy(lambda: R.Bots.swap(self, t, self.ui.seat))

    def bot_play(self, t: R.Table, legal: list[int]) -> int:
        """What the hint bot in the person's seat would play, on a copy of the stream."""
        return self._on_a_copy(lambda: R.Bots.act(self, t, self.ui.seat, legal))

    def _on_a_copy(self, decide: Any) -> int:
        with stream_copy(self):
            return int(decide())


class PooheadTable(PersonSeat):
    """One game with a person at ``seat`` (``bots[seat]`` is None) against the other bots."""

    HINT_BOT = HINT_BOT

    def setup(self) -> None:
        from headcount_lab.games.poohead.agents import policy_params

        rules: PooheadRules = self.rules
        self.ids, self.params = policy_params(self.specs)
        self.stream = self.first_stream()
        self.bots = _PersonBots(self.ids, self.params, self.stream, rules.array())
        self.bots.ui = self
        self.burnt_before = 0
        self.out: set[int] = set()

    def who(self, s: int) -> str:
        return "you" if s == self.seat else f"seat {s} ({self.labels[s]})"

    # ------------------------------------------------------------------ the game

    def play(self) -> dict[str, Any]:
        from headcount_lab.games.poohead.record import decode_log, file_record

        r = self.rules
        self.console.say(
            f"Poohead, {r.players} players; you are seat {self.seat}; seed {self.seed}. "
            "Type help for the moves, hint for advice."
        )
        res = R.play_game(r, self.ids, self.params, self.stream, bots=self.bots)
        t: R.Table = res["table"]
        if t.capped:
            self.console.say(f"game over: capped after {t.turns} turns (P20), no Poohead")
        else:
            loser = t.order[-1]
            self.console.say(
                f"game over after {t.turns} turns: "
                + ("you are the Poohead" if loser == self.seat else f"the Poohead is seat {loser}")
                + f"; places {' '.join(str(s) for s in t.order)}"
            )
        game = decode_log(res["log"], r, self.labels)
        return file_record(r, self.seed, self.labels, [game])

    def started(self, t: R.Table) -> None:
        ups = "; ".join(f"{self.who(s)}: {ranks_text(t.up[s])}" for s in range(self.rules.players))
        self.console.say(f"face up: {ups}")
        self.console.say(f"{self.who(t.starter)} {'start' if t.starter == self.seat else 'starts'}")

    def acted(self, t: R.Table, seat: int, a: int, flipped: int | None) -> None:
        """Tell every action as the table sees it (a failed flip stays hidden unless
        ``failed_flip_public``, P17)."""
        burnt = sum(t.burnt)
        burned = burnt > self.burnt_before
        self.burnt_before = burnt
        me = seat == self.seat
        who = self.who(seat)
        if flipped is not None:
            card = RANK_NAMES[flipped]
            if burned or t.top == flipped:
                text = f"{who} {'flip' if me else 'flips'} {card}: it goes on the pile"
            elif me or self.rules.failed_flip_public:
                text = f"{who} {'flip' if me else 'flips'} {card}: it does not go, the pile "
                text += "goes to the hand with it"
            else:
                text = f"{who} flips a card that does not go: the pile goes to the hand with it"
        elif a == PICK_UP:
            text = f"{who} {'pick' if me else 'picks'} up the pile"
        elif a == PASS:
            text = f"{who} {'pass' if me else 'passes'}"
        else:
            text = f"{who}: {action_text(a)}"
        if burned:
            text += "; the pile burns"
        if not t.active[seat] and seat not in self.out:
            self.out.add(seat)
            text += f"; {'you are' if me else 'it is'} out"
        self.console.say(text)

    # ------------------------------------------------------------------ the person's moves

    def view(self, t: R.Table) -> str:
        """What the person's seat sees (P21), several lines."""
        n = self.rules.players
        lines = []
        top = (
            f"top {RANK_NAMES[t.top]}" + (f" x{t.run}" if t.run > 1 else "")
            if t.top >= 0
            else "empty"
        )
        lines.append(
            f"pile ({t.pile_len}): {ranks_text(t.pile)}, {top}; burnt {sum(t.burnt)}; "
            f"draw pile {len(t.draw) - t.draw_ptr}"
        )
        for s in range(n):
            if s == self.seat or not t.active[s]:
                continue
            known = ranks_text(t.known[s])
            lines.append(
                f"{self.who(s)}: hand {sum(t.hand[s])} (known: {known}), face up "
                f"{ranks_text(t.up[s])}, face down {len(t.down[s])}"
            )
        me = self.seat
        lines.append(
            f"you: hand {ranks_text(t.hand[me])}, face up {ranks_text(t.up[me])}, face down "
            f"{len(t.down[me])}; you play from your {SOURCE_NAMES[t.source(me)]} cards"
        )
        return "\n".join(lines)

    def decide_swap(self, t: R.Table) -> int:
        """P3: three of the person's six cards face up, or keep the dealt ones."""
        six = t.six(self.seat)
        dealt = ranks_text(t.up[self.seat])
        ups = "; ".join(
            f"{self.who(s)}: {ranks_text(t.up[s])}"
            for s in range(self.rules.players)
            if s != self.seat
        )
        self.console.say(f"dealt face up: {ups}")
        self.console.say(f"your six cards: {ranks_text(counts_of(six))}; dealt face up: {dealt}")

        def parse(text: str) -> int:
            if text.lower() == "keep":
                chosen = R.ranks_of(t.up[self.seat])
            else:
                try:
                    chosen = sorted(parse_ranks(text))
                except ValueError as exc:
                    raise IllegalMove(str(exc)) from None
            if len(chosen) != TABLE:
                raise IllegalMove(f"name {TABLE} cards, not {len(chosen)}")
            return _subset(six, chosen)

        def hint() -> str:
            choice = self.bots.bot_swap(t)
            up = [six[j] for j in R.SUBSETS[choice]]
            if self.hint_bot.spec != HINT_BOT:  # the reasons below are cheap+'s
                return (
                    f"{self.hint_bot.name} would put {' '.join(RANK_NAMES[r] for r in up)} face up"
                )
            return (
                f"{HINT_BOT} would put {' '.join(RANK_NAMES[r] for r in up)} face up: of its 20 "
                f"choices, the face-up cards with the lowest P(Poohead) in the learned table, "
                f"{_table_value(self.rules.players, up):.3f} (keeping the dealt ones: "
                f"{_table_value(self.rules.players, R.ranks_of(t.up[self.seat])):.3f})"
            )

        return self.console.ask(
            f"face up (keep, or three of: {ranks_text(counts_of(six))})> ",
            parse,
            lambda: "name the three of your six cards to put face up (K A 10), or keep (P3)",
            hint,
        )

    def decide_play(self, t: R.Table, legal: list[int]) -> int:
        self.console.say(self.view(t))
        options = " ".join(move_text(a) for a in legal)

        def parse(text: str) -> int:
            word = text.strip().lower().replace("-", " ")
            if word in ("pick", "pickup", "pick up", "take"):
                a = PICK_UP
            else:
                try:
                    a = parse_action(word)
                except ValueError as exc:
                    raise IllegalMove(str(exc)) from None
            if a not in legal:
                raise IllegalMove(f"{move_text(a)} is not legal now; legal: {options}")
            return a

        def hint() -> str:
            a = self.bots.bot_play(t, legal)
            if self.hint_bot.spec != HINT_BOT:  # the reasons below are cheap+'s
                return f"{self.hint_bot.name} would play {move_text(a)}"
            if a == FLIP or t.source(self.seat) == FACE_DOWN:
                why = f"a blind flip goes with chance {percent(float(flip_success(t.top)))} (P17)"
            elif a == PASS:
                why = "it keeps its 2s and 10s rather than spend one after a 10"
            elif a == PICK_UP:
                why = "nothing else is legal (P9)"
            else:
                why = "the cheapest legal rank (3 .. A, then 2, then 10) with all its copies"
            return f"{HINT_BOT} would play {move_text(a)}: {why}"

        return self.console.ask(
            f"play ({options})> ",
            parse,
            lambda: (
                "RANKxCOUNT plays COUNT cards of RANK (5x2), flip turns a face-down card, "
                f"pick-up takes the pile, pass ends a turn after a 10; legal now: {options}"
            ),
            hint,
        )


def _subset(six: list[int], chosen: list[int]) -> int:
    """The swap index (into ``reference.SUBSETS``) putting ``chosen`` (sorted ranks) face up."""
    rest = list(six)
    positions = []
    for r in chosen:
        if r not in rest:
            raise IllegalMove(
                f"{RANK_NAMES[r]} is not among your six cards (or named too often): "
                + ranks_text(counts_of(six))
            )
        j = next(i for i, x in enumerate(six) if x == r and i not in positions)
        positions.append(j)
        rest.remove(r)
    a, b, c = sorted(positions)
    return R.SUBSETS.index((a, b, c))


def _table_value(players: int, up: list[int]) -> float:
    """The learned face-up table's P(Poohead) for these three face-up ranks (``faceup.py``)."""
    from headcount_lab.games.poohead.agents import TRIPLE
    from headcount_lab.games.poohead.faceup_table import table
    from headcount_lab.games.poohead.rules import PLAYERS_MIN

    a, b, c = sorted(up)
    return float(table()[players - PLAYERS_MIN, int(TRIPLE[a, b, c])])
