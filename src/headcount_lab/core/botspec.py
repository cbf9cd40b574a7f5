"""Bot specs: one ``name:key=value,...`` syntax for the bots of every game.

A game declares its bots once as a :class:`BotMenu` of :class:`Policy` entries, each with named,
typed, range-checked :class:`Param` slots and their defaults. The menu parses a seat's spec
(``odds:call=0.55,quantile=0.4``), a table of seats (``odds:call=0.55,tips,random``: an item
without ``=`` starts the next bot) and writes the help text that ``--bots`` shows. Values are
kept as floats in slot order, which is what the games' jitted ``act`` functions read.

Refused with a :class:`ValueError` naming the bot and the key: an unknown bot or key, a key given
twice, a value that is not a number, a fraction where a whole number is wanted, a value out of
its range (this also stops sample counts that would overflow a kernel's integers), and
positional values (``montecarlo:24:32``): every parameter is named.

Every menu also takes ``competent`` (no parameters): a seat playing the game's committed
competent field, resolved per table by :mod:`headcount_lab.core.competent`. Its parsed spec has
no kernel id, so :meth:`BotMenu.arrays` refuses it: the tournament resolves it first.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True)
class Param:
    """One parameter: its key, default, inclusive range, whether it is a whole number, a short
    description, and words accepted for values (``discard=open`` for 1)."""

    name: str
    default: float
    lo: float
    hi: float
    integer: bool = False
    help: str = ""
    words: tuple[tuple[str, float], ...] = ()
    #: left out of the canonical spec at its default: a parameter added to a bot later keeps
    #: the canonical text of the older specs (and every output that names them) unchanged
    quiet: bool = False
    #: the value is a name (a policy, say): a spec prints its word (``field=reader``), not the
    #: number behind it, so what the user typed is what comes back
    named: bool = False

    def parse(self, bot: str, text: str) -> float:
        text = text.strip()
        named = dict(self.words)
        if text in named:
            return float(named[text])
        try:
            v = float(text)
        except ValueError:
            if named:  # a word of another parameter's list, say: name the words this one takes
                words = ", ".join(named)
                raise ValueError(
                    f"bot {bot}: {self.name} must be one of {words} or a number, not {text!r}"
                ) from None
            raise ValueError(f"bot {bot}: {self.name} must be a number, not {text!r}") from None
        if not math.isfinite(v):
            raise ValueError(f"bot {bot}: {self.name} must be a finite number, not {text!r}")
        if self.integer and v != int(v):
            raise ValueError(f"bot {bot}: {self.name} must be a whole number, not {text}")
        if not self.lo <= v <= self.hi:
            raise ValueError(
                f"bot {bot}: {self.name}={text} is out of range [{self.lo:g}, {self.hi:g}]"
            )
        return v

    def show(self, value: float) -> str:
        """``value`` as a spec writes it: its word for a :attr:`named` parameter, else ``:g``."""
        if self.named:
            for word, v in self.words:
                if v == value:
                    return word
        return f"{value:g}"

    def describe(self) -> str:
        words = "".join(f", {w}={v:g}" for w, v in self.words)
        kind = "whole number " if self.integer else ""
        return f"{self.name}={self.show(self.default)} ({kind}{self.lo:g}..{self.hi:g}{words})"


@dataclass(frozen=True)
class Policy:
    """A bot: its name, the id its game's kernels dispatch on, and its parameters in slot order."""

    name: str
    id: int
    params: tuple[Param, ...] = ()
    help: str = ""

    @property
    def keys(self) -> list[str]:
        return [p.name for p in self.params]

    @property
    def defaults(self) -> tuple[float, ...]:
        return tuple(float(p.default) for p in self.params)


@dataclass(frozen=True)
class BotSpec:
    """A parsed seat: the policy, its parameter values in slot order, and the text as typed."""

    policy: Policy
    values: tuple[float, ...]
    text: str

    @property
    def name(self) -> str:
        return self.policy.name

    def value(self, key: str) -> float:
        return self.values[self.policy.keys.index(key)]

    @property
    def canonical(self) -> str:
        """Every parameter written out: ``odds:call=0.55,quantile=0.1,...``."""
        if not self.policy.params:
            return self.name
        shown = ",".join(
            f"{p.name}={p.show(v)}"
            for p, v in zip(self.policy.params, self.values, strict=True)
            if not (p.quiet and v == p.default)
        )
        return f"{self.name}:{shown}" if shown else self.name

    @property
    def label(self) -> str:
        """Short form: the name and only the parameters that differ from the defaults."""
        changed = [
            f"{p.name}={p.show(v)}"
            for p, v in zip(self.policy.params, self.values, strict=True)
            if v != p.default
        ]
        return self.name + (":" + ",".join(changed) if changed else "")


#: the ``competent`` bot: parsed by every menu, played by :mod:`headcount_lab.core.competent`
COMPETENT = Policy(
    "competent",
    -1,
    (),
    "a member of the game's committed competent field (GAME field), drawn per game with the "
    "field's weights for this table size and variant",
)


class BotMenu:
    """The bots of one game, by name; parses specs and writes their help."""

    def __init__(self, game: str, policies: Iterable[Policy], checks=None) -> None:  # type: ignore[no-untyped-def]
        self.game = game
        self.policies = {p.name: p for p in policies}
        #: extra checks across a bot's parameters: ``check(spec)`` raises ValueError
        self.checks = tuple(checks or ())

    @property
    def names(self) -> list[str]:
        return list(self.policies)

    def parse(self, spec: str) -> BotSpec:
        """``name`` or ``name:key=value,...``; see the module docstring for what is refused."""
        text = spec.strip()
        name, _, rest = text.partition(":")
        name = name.strip().lower()
        if name == COMPETENT.name and name not in self.policies:
            if rest.strip():
                raise ValueError(
                    f"bot {name} takes no parameters, not {rest.strip()!r}: it plays the "
                    "members of the committed field (see GAME field)"
                )
            return BotSpec(COMPETENT, (), text)
        if name not in self.policies:
            raise ValueError(
                f"unknown bot {name!r}: choose from {', '.join(self.policies)}, {COMPETENT.name}"
            )
        policy = self.policies[name]
        keys = policy.keys
        values = list(policy.defaults)
        given: set[str] = set()
        for item in filter(None, (s.strip() for s in rest.split(","))):
            key, sep, value = item.partition("=")
            key = key.strip()
            if not keys:
                raise ValueError(f"bot {name} takes no parameters, not {item!r}")
            if not sep:
                if ":" in item or item.replace(".", "", 1).isdigit():
                    raise ValueError(
                        f"bot {name}: parameters are named, e.g. {name}:{keys[0]}={item}; "
                        f"{name} takes {', '.join(keys)}"
                    )
                raise ValueError(
                    f"bot {name}: unknown parameter {item!r}; {name} takes {', '.join(keys)}"
                )
            if key not in keys:
                raise ValueError(
                    f"bot {name}: unknown parameter {item!r}; {name} takes {', '.join(keys)}"
                )
            if key in given:
                raise ValueError(f"bot {name}: {key} is given twice")
            given.add(key)
            i = keys.index(key)
            values[i] = policy.params[i].parse(name, value)
        bot = BotSpec(policy, tuple(values), text)
        for check in self.checks:
            check(bot)
        return bot

    def split(self, text: str) -> list[str]:
        """Seats of a comma list: an item naming a key (``key=value``) belongs to the bot before
        it, so ``odds:call=0.55,quantile=0.4,tips`` is two bots."""
        seats: list[str] = []
        for item in (s.strip() for s in text.split(",")):
            if not item:
                raise ValueError(f"empty bot in {text!r}")
            head = item.partition(":")[0].strip()
            if "=" in head and seats:
                seats[-1] += "," + item
            else:
                seats.append(item)
        return seats

    def arrays(
        self,
        names: list[str],
        width: int,
        slots: dict[str, int] | None = None,
        fill: Sequence[float] | None = None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """What a game's jitted ``act`` reads for bot specs ``names``: policy ids (``int64[k]``)
        and parameters (``float64[k, width]``). Each row starts as ``fill`` (zeros if None); a
        bot's values go to ``slots[key]`` by parameter name, or without ``slots`` fill the start
        of its row in the order of its parameters."""
        import numpy as np  # not at import: the menus are read by --help

        ids = np.empty(len(names), dtype=np.int64)
        row = np.zeros(width) if fill is None else np.array(fill, dtype=np.float64)
        params = np.tile(row.astype(np.float64), (len(names), 1))
        for i, raw in enumerate(names):
            bot = self.parse(raw)
            if bot.policy is COMPETENT:
                raise ValueError(
                    f"{COMPETENT.name} has no policy of its own: resolve it to its field's "
                    "members first (headcount_lab.core.competent)"
                )
            ids[i] = bot.policy.id
            if slots is None:
                params[i, : len(bot.values)] = bot.values
            else:
                for key, value in zip(bot.policy.keys, bot.values, strict=True):
                    params[i, slots[key]] = value
        return ids, params

    def parse_list(self, text: str, players: int) -> list[BotSpec]:
        """One bot per seat; the count must equal ``players``."""
        bots = [self.parse(s) for s in self.split(text)]
        if len(bots) != players:
            raise ValueError(f"--bots lists {len(bots)} bots but --players is {players}")
        return bots

    def help(self) -> str:
        """One paragraph per bot: its parameters with defaults and ranges."""
        out = []
        for p in self.policies.values():
            params = ", ".join(q.describe() for q in p.params) or "no parameters"
            out.append(f"{p.name}: {params}.")
        out.append(f"{COMPETENT.name}: no parameters; {COMPETENT.help}.")
        return " ".join(out)
