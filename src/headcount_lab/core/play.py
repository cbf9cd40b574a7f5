"""Play one seat against bots in the terminal: the game-independent part of ``GAME play``.

A game's table (named by ``GameSpec.play``) runs its plain-Python reference engine and, whenever
the engine asks the person's seat for a decision, shows that seat's observation and calls
:meth:`Console.ask` with a parser for the game's card notation. The console reads lines until one
parses: ``help`` prints the moves, ``hint`` what the game's strongest bot would do and the
numbers behind it, ``quit`` stops without a record. A table's ``play()`` returns the record
(:mod:`headcount_lab.core.record` envelope) that the game's ``replay`` accepts.

Input and output are plain callables (``input``/``print`` by default), so tests drive a whole
game with a scripted list of lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from headcount_lab.core.record import PERSON
from headcount_lab.core.rng import PyStream, block_state

T = TypeVar("T")


class Quit(Exception):
    """The person typed ``quit`` or the input ended: no record is written."""


class IllegalMove(ValueError):
    """A typed move that does not parse or is not legal now; the message says why."""


@dataclass
class Console:
    """Line-based input/output for one person. ``read`` raises EOFError when input ends."""

    read: Callable[[str], str] = input
    write: Callable[[str], None] = print
    log: list[str] = field(default_factory=list)  #: every line typed (a script replays it)

    def say(self, text: str = "") -> None:
        self.write(text)

    def ask(
        self,
        prompt: str,
        parse: Callable[[str], T],
        help_text: Callable[[], str],
        hint: Callable[[], str],
    ) -> T:
        """Read lines until ``parse`` accepts one (it raises :class:`IllegalMove` otherwise)."""
        while True:
            try:
                line = self.read(prompt)
            except EOFError:
                raise Quit("input ended") from None
            self.log.append(line)
            text = line.strip()
            word = text.lower()
            if word in ("help", "?"):
                self.say(help_text())
            elif word == "hint":
                self.say(hint())
            elif word in ("quit", "exit"):
                raise Quit("quit")
            elif not text:
                continue
            else:
                try:
                    return parse(text)
                except IllegalMove as exc:
                    self.say(f"not a legal move: {exc} (type help for the moves)")


@dataclass(frozen=True)
class Hint:
    """The bot ``hint`` asks (``play --hint``): the spec it plays and the name it is shown by
    (``competent (equilibrium:discard=0)`` for a ``competent`` hint)."""

    spec: str
    name: str

    @classmethod
    def of(cls, hint: Hint | None, default: str) -> Hint:
        return hint if hint is not None else cls(default, default)


class PersonSeat:
    """The table ``GameSpec.play`` names is a subclass: built with the rules, the bot spec of
    every other seat (``None`` at the person's seat), the person's seat, the seed, a console and
    the bot ``hint`` asks (None: the class's ``HINT_BOT``), it plays one game in ``play()`` and
    returns its record. This part is every game's: it keeps the rules, seat, seed and console,
    refuses a table of a size :meth:`seat_range` does not allow, labels each seat by its bot
    spec (``person`` at the person's seat), names the hint bot, which also plays the person's
    seat in the engine's bot table (:attr:`specs`, ready for the game's ``policy_params``), then
    calls :meth:`setup` for the game's own part."""

    #: the game's bot that ``hint`` asks by default
    HINT_BOT = ""

    def __init__(
        self,
        rules: Any,
        bots: list[str | None],
        seat: int,
        seed: int,
        console: Console,
        hint: Hint | None = None,
    ) -> None:
        self.rules, self.seat, self.seed, self.console = rules, seat, seed, console
        lo, hi = self.seat_range()
        if not lo <= len(bots) <= hi:
            raise ValueError(
                f"the rules are for {lo} players, not {len(bots)}"
                if lo == hi
                else f"a table has {lo} to {hi} players, got {len(bots)}"
            )
        self.labels = [b if b is not None else PERSON for b in bots]
        self.hint_bot = Hint.of(hint, self.HINT_BOT)
        self.specs = [b if b is not None else self.hint_bot.spec for b in bots]
        self.setup()

    def first_stream(self) -> PyStream:
        """The stream of ``simulate``'s first block with this seed: the table deals what
        ``simulate`` deals in its first game (match)."""
        return PyStream(block_state(self.seed, 0))

    def seat_range(self) -> tuple[int, int]:
        """The fewest and most seats the table takes: by default the rules' ``players``."""
        return self.rules.players, self.rules.players

    def setup(self) -> None:
        """The game's own part of the table (its checks, bots and streams)."""

    def play(self) -> dict[str, Any]:
        raise NotImplementedError


@contextmanager
def stream_copy(owner: Any, attr: str = "stream") -> Iterator[None]:
    """Inside the block ``owner.<attr>`` is a copy of its random stream, so what a hint bot
    decides there draws nothing from the stream the game goes on with."""
    saved = getattr(owner, attr)
    setattr(owner, attr, PyStream(list(saved.s)))
    try:
        yield
    finally:
        setattr(owner, attr, saved)


def seat_bots(others: list[str], seat: int) -> list[str | None]:
    """The table by seat: the bots in order, ``None`` (the person) at ``seat``."""
    if not 0 <= seat <= len(others):
        raise ValueError(f"--seat must be between 0 and {len(others)}, got {seat}")
    return [*others[:seat], None, *others[seat:]]


def scripted(lines: Iterable[str]) -> Callable[[str], str]:
    """A ``read`` that answers each prompt with the next line (EOFError after the last)."""
    it: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def percent(p: float) -> str:
    return f"{p:.1%}"
