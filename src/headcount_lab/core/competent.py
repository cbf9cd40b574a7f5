"""The ``competent`` bot (issue 22 item 4): a seat that plays a member of the committed competent
field (:mod:`headcount_lab.core.metagame`), drawn per game from the field's mixture.

Every game's :class:`~headcount_lab.core.botspec.BotMenu` accepts the name ``competent`` (no
parameters); what it plays is decided here, once for every game:

Resolution (:func:`resolve`)
    The field is the committed file ``data/field-GAME-Np-VARIANT-vR.json`` for the game, the
    table size and the variant the rules match (:func:`variant_of`). Where none is committed,
    a documented stand-in is used and said in the summary: first the variant a game names in
    :attr:`~headcount_lab.core.metagame.FieldGame.same_field` (Headcount's Trickster rounds
    are the standard game's rounds, so Trickster reads the standard field), then the nearest
    committed table size of that variant (the smaller on a tie). House rules set by ``--rule``
    beyond the variant's are named in the note too: the field was solved under the variant's
    defaults. The members are the field's bots with a positive weight, weights renormalised.

The draw (:func:`draws`)
    Each ``competent`` seat plays one member for a whole unit (a game; a Whist match; a
    Headcount deal with all its seat orders, so the deal stays the unit of the paired
    intervals), drawn independently per seat and unit with the mixture's weights: the
    opponents of the meta-game, whose payoffs are computed against independent draws. The
    draws of a block come from a generator seeded by the block's own stream state
    (:func:`headcount_lab.core.rng.block_state` of the run's seed and the block), which the
    draw does not advance: the same seed gives the same draws on any number of workers.
    A block's units are then grouped by their draws (and, for games that rotate seats within
    a block, by the unit's rotation) and each group is played as a block of its own with the
    drawn members in the ``competent`` slots; the groups' statistics are added up
    (:class:`MixedKernelBlock`; Headcount's engine does the same in its tournament).

    A field of one member is not drawn at all: the seat is that member, and the run plays
    exactly the games the member would play in its place (same seed, same results).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from headcount_lab.core import paths
from headcount_lab.core.runner import merge
from headcount_lab.core.tournament import KernelBlock

NAME = "competent"
#: mixed into the block state's words so the draw stream is not the game stream
DRAW_KEY = 0x636F6D70


@dataclass(frozen=True)
class Mixture:
    """What ``competent`` resolved to for one table: the members (canonical specs), their
    weights, the field file they come from and, if it is a stand-in, why."""

    game: str
    players: int  #: the table's
    variant: str  #: the table's
    members: tuple[str, ...]
    weights: tuple[float, ...]
    file: str  #: the field file, relative to the repository root
    field_players: int
    field_variant: str
    notes: tuple[str, ...] = ()

    @property
    def single(self) -> bool:
        return len(self.members) == 1

    def json(self) -> dict[str, Any]:
        return {
            "field": self.file,
            "field_players": self.field_players,
            "field_variant": self.field_variant,
            "members": [
                {"bot": b, "weight": w} for b, w in zip(self.members, self.weights, strict=True)
            ],
            "notes": list(self.notes),
        }

    def text(self) -> str:
        """One line for a text summary: the members and weights, the file, the notes."""
        mix = ", ".join(f"{b} ({w:.3f})" for b, w in zip(self.members, self.weights, strict=True))
        notes = "".join(f"; {n}" for n in self.notes)
        return f"competent plays {mix} from {self.file}{notes}"


def is_competent(spec: str) -> bool:
    return spec.strip().partition(":")[0].strip().lower() == NAME


def variant_of(game: Any, rules: Any) -> str | None:
    """The first of the game's variants whose flags the rules carry (None: none does)."""
    for name, flags in game.variants.items():
        if all(getattr(rules, k, None) == v for k, v in flags.items()):
            return str(name)
    return None


def _committed(data: Path, game: Any, variant: str) -> dict[int, Path]:
    pat = re.compile(rf"field-{re.escape(game.name)}-(\d+)p-{re.escape(variant)}-v{game.version}")
    found = {}
    for p in data.glob(f"field-{game.name}-*p-{variant}-v{game.version}.json"):
        m = pat.fullmatch(p.stem)
        if m:
            found[int(m.group(1))] = p
    return found


#: mixtures fixed for a while by :func:`pinned`, by (game, players)
_PINNED: dict[tuple[str, int], Mixture] = {}


@contextmanager
def pinned(mix: Mixture | None) -> Iterator[None]:
    """While inside, ``competent`` at ``mix``'s game and table size plays ``mix`` whatever the
    rules (``compare``: the same players in every arm, resolved for the base rules)."""
    if mix is None:
        yield
        return
    key = (mix.game, mix.players)
    _PINNED[key] = mix
    try:
        yield
    finally:
        del _PINNED[key]


def resolve(game: Any, players: int, rules: Any, data: Path | None = None) -> Mixture:
    """The mixture ``competent`` plays at this table (module docstring); ValueError when the
    game has no competent field or none is committed for any table size of the variant."""
    if (game.name, players) in _PINNED:
        return _PINNED[(game.name, players)]

    if not game.metagame:
        raise ValueError(f"{game.title} has no competent field: the bot {NAME} is not available")
    variant = variant_of(game, rules)
    notes = []
    if variant is None:
        variant = next(iter(game.variants))
        notes.append(f"the rules match no variant: the {variant} field stands in")
    else:
        base = game.make_rules(variant, [], players)
        changed = [
            f.name
            for f in dataclasses.fields(base)
            if f.name != "players" and getattr(base, f.name) != getattr(rules, f.name)
        ]
        if changed:
            notes.append(
                f"the field was solved under the {variant} defaults, the rules differ in "
                + ", ".join(changed)
            )
    return _resolve(game.name, players, variant, tuple(notes), data or paths.FIELD_DATA)


def sole_member(game: Any, players: int, rules: Any = None) -> str:
    """The one bot the committed competent field seats at this table (under ``rules``, the
    game's defaults when None): a table that seats one bot in every seat (a report's trace)
    cannot play a mixture, so a mixed field is refused (ValueError)."""
    rules = game.make_rules(None, [], players) if rules is None else rules
    mix = resolve(game, players, rules)
    if not mix.single:
        raise ValueError(f"the {players}-player competent field mixes bots ({mix.text()}): "
                         "trace its members")  # fmt: skip
    return mix.members[0]


@lru_cache(maxsize=64)
def _resolve(name: str, players: int, variant: str, notes: tuple[str, ...], data: Path) -> Mixture:
    from headcount_lab.core import metagame as mg
    from headcount_lab.games import registered

    game = registered()[name]
    fg = game.load("metagame")
    read = variant
    same = dict(fg.same_field)
    found = _committed(data, game, read)
    if not found and read in same:
        read = same[read]
        notes += (f"{variant} reads the {read} field ({fg.same_field_why or 'declared'})",)
        found = _committed(data, game, read)
    if not found:
        raise ValueError(
            f"no competent field of {game.title} is committed for the {variant} rules: build "
            f"one with `headcount-lab {game.name} field --players {players} --variant {variant} "
            "--solve`"
        )
    size = min(found, key=lambda n: (abs(n - players), n))
    if size != players:
        notes += (
            f"no field is committed for {players} players: the {size}-player field stands in "
            "(the nearest committed table size)",
        )
    path = found[size]
    field = mg.read_field(path, game.name, game.version)
    menu = game.load("bots")
    kept = [(menu.parse(m["bot"]).canonical, float(m["weight"])) for m in field["members"]]
    kept = [(b, w) for b, w in kept if w > 0]
    if not kept:
        raise ValueError(f"{path} has no member with a positive weight")
    total = math.fsum(w for _, w in kept)
    try:
        shown = str(path.relative_to(paths.FIELD_DATA.parent))
    except ValueError:
        shown = str(path)
    return Mixture(
        game.name, players, variant, tuple(b for b, _ in kept),
        tuple(w / total for _, w in kept), shown, size, read, notes,
    )  # fmt: skip


def draws(mix: Mixture | Sequence[float], state: np.ndarray, units: int, seats: int) -> np.ndarray:
    """``int64[units, seats]``: the member each ``competent`` seat plays in each unit of the
    block whose stream state is ``state`` (not advanced)."""
    weights = np.asarray(mix.weights if isinstance(mix, Mixture) else mix, dtype=np.float64)
    words = [int(w) for w in np.asarray(state, dtype=np.uint64)]
    rng = np.random.default_rng(np.random.SeedSequence([*words, DRAW_KEY]))
    return rng.choice(len(weights), size=(units, seats), p=weights / weights.sum())


def groups(picks: np.ndarray, shifts: np.ndarray) -> list[tuple[tuple[int, ...], int, int]]:
    """``(members, shift, count)`` of the units of a block, grouped by their draws and their
    seat rotation, in sorted order (the order the groups consume the block's stream)."""
    keys: dict[tuple[tuple[int, ...], int], int] = {}
    for row, shift in zip(picks.tolist(), shifts.tolist(), strict=True):
        key = (tuple(row), int(shift))
        keys[key] = keys.get(key, 0) + 1
    return [(k[0], k[1], c) for k, c in sorted(keys.items())]


def expand(
    menu: Any, names: Sequence[str], mix: Callable[[], Mixture]
) -> tuple[list[str], Mixture | None]:
    """The specs to play for seats ``names`` (as typed) and the mixture when a seat is
    ``competent``: with a one-member field each ``competent`` seat is that member; with a
    larger one it keeps the first member's spec, which the draw replaces per unit."""
    if not any(is_competent(n) for n in names):
        return list(names), None
    m = mix()
    return [m.members[0] if is_competent(n) else n for n in names], m


NO_RECORD = (
    "--record needs one bot per seat: competent draws from a field of several members here; "
    "record with the members' specs instead"
)


@dataclass(frozen=True)
class Seats:
    """A tournament's seats: ``typed`` (the names its summary shows), ``played`` (what each
    seat plays; a ``competent`` seat its field's first member) and the mixture if a seat is
    ``competent``."""

    typed: tuple[str, ...]
    played: tuple[str, ...]
    mix: Mixture | None

    @property
    def slots(self) -> tuple[int, ...]:
        return tuple(j for j, n in enumerate(self.typed) if is_competent(n))

    @property
    def drawing(self) -> bool:
        """Whether the ``competent`` seats draw per unit (a field of several members)."""
        return self.mix is not None and not self.mix.single

    def identity(self, params: dict[str, Any]) -> dict[str, Any]:
        """A job's identity ``params`` with the resolution (a rebuilt field is another run)."""
        return params if self.mix is None else {**params, "competent": self.mix.json()}

    def summarize(
        self, out: dict[str, Any], stats: dict[str, np.ndarray], units: int
    ) -> dict[str, Any]:
        """``out`` with its ``competent`` entry (:func:`drawn_json`) when a seat is one."""
        if self.mix is not None:
            out["competent"] = drawn_json(self.mix, stats, units * len(self.slots))
        return out

    def record(
        self, fn: Callable[[int, int], dict[str, Any]]
    ) -> Callable[[int, int], dict[str, Any]]:
        """The record of the run's first units (refused when the seats draw)."""

        def record(seed: int, k: int) -> dict[str, Any]:
            if self.drawing:
                raise ValueError(NO_RECORD)
            return fn(seed, k)

        return record


def seats(game: str, text: str, players: int, rules: Any) -> Seats:
    """Parse ``text`` (one spec per seat) with the game's menu and resolve ``competent``."""
    from headcount_lab.games import registered

    spec = registered()[game]
    typed = [b.text for b in spec.load("bots").parse_list(text, players)]
    played, mix = expand(spec.load("bots"), typed, lambda: resolve(spec, players, rules))
    return Seats(tuple(typed), tuple(played), mix)


@dataclass(frozen=True)
class MixedKernelBlock:
    """A :class:`~headcount_lab.core.tournament.KernelBlock` whose ``competent`` slots draw
    their member per unit (module docstring). ``by_bot`` names the statistics whose first axis
    is the bot (the kernel's slot); the others (by seat, by relative seat, totals) are added as
    they are. Each group is played with the seats fixed (``rotate`` off) and the bots placed
    where the unit's rotation would put them, and its by-bot statistics are turned back to
    the slots'."""

    base: KernelBlock
    slots: tuple[int, ...]
    member_ids: np.ndarray
    member_params: np.ndarray
    weights: tuple[float, ...]
    by_bot: tuple[str, ...]

    def __call__(self, state: np.ndarray, n_units: int) -> dict[str, np.ndarray]:
        n = len(self.base.ids)
        picks = draws(self.weights, state, n_units, len(self.slots))
        shifts = np.arange(n_units) % n if self.base.rotate else np.zeros(n_units, np.int64)
        total: dict[str, np.ndarray] | None = None
        drawn = np.zeros(len(self.weights), dtype=np.int64)
        for members, shift, count in groups(picks, shifts):
            ids, params = self.base.ids.copy(), self.base.params.copy()
            for slot, m in zip(self.slots, members, strict=True):
                ids[slot], params[slot] = self.member_ids[m], self.member_params[m]
                drawn[m] += count
            seat_of = [(j + shift) % n for j in range(n)]  # bot j sits at seat_of[j]
            by_seat = np.argsort(seat_of)  # the bot at each seat
            block = dataclasses.replace(
                self.base, ids=ids[by_seat], params=params[by_seat], rotate=False
            )
            part = block(state, count)
            for key in self.by_bot:
                part[key] = part[key][seat_of]
            total = merge(total, part)
        assert total is not None
        total["competent_drawn"] = drawn
        return total

    def warmup(self) -> None:
        self.base.warmup()


def fixed(
    game: str, specs: Sequence[str], players: int, rules: Any, seed: int | None = None
) -> tuple[list[str], Mixture | None]:
    """``specs`` with each ``competent`` seat replaced by the member it plays, for a command
    that needs one fixed bot per seat (``exploit``'s field, ``play``'s table): the field's
    member when it has one; with several, a draw seeded by ``seed`` (block 0 of the run's
    streams: one game), refused (ValueError) without a seed."""
    from headcount_lab.core.rng import block_state
    from headcount_lab.games import registered

    if not any(is_competent(s) for s in specs):
        return list(specs), None
    mix = resolve(registered()[game], players, rules)
    out = list(specs)
    slots = [j for j, s in enumerate(specs) if is_competent(s)]
    if mix.single:
        picks = [0] * len(slots)
    elif seed is None:
        raise ValueError(
            f"{NAME} is a mixture of {len(mix.members)} members here ({mix.text()}): this "
            "command needs a fixed table; name the members instead"
        )
    else:
        picks = [int(v) for v in draws(mix, block_state(seed, 0), 1, len(slots))[0]]
    for j, m in zip(slots, picks, strict=True):
        out[j] = mix.members[m]
    return out, mix


def summary_line(entry: dict[str, Any]) -> str:
    """The text of a summary's ``competent`` entry (:func:`drawn_json`)."""
    mix = ", ".join(
        f"{m['bot']} (weight {m['weight']:.3f}"
        + (f", played {m['drawn']:,} seat-games)" if "drawn" in m else ")")
        for m in entry["members"]
    )
    notes = "".join(f"; {n}" for n in entry["notes"])
    return f"competent: {mix}, from {entry['field']}{notes}"


def as_seats(bots: Sequence[str] | Seats) -> Seats:
    """``bots`` as :class:`Seats` (a list of specs without ``competent`` as it is)."""
    return bots if isinstance(bots, Seats) else Seats(tuple(bots), tuple(bots), None)


def kernel_table(
    kernels: str, rules: np.ndarray, table: Seats, rotate: bool, arrays: Any, by_bot: Sequence[str]
) -> tuple[KernelBlock | MixedKernelBlock, np.ndarray]:
    """The block of a :class:`~headcount_lab.core.tournament.KernelBlock` game (its kernels'
    module, rules array) for ``table``, and the policy ids of every bot that may sit (to size
    its blocks): a plain block of ``table.played`` unless the ``competent`` seats draw per unit
    (:class:`MixedKernelBlock`). ``arrays(specs) -> (ids, params)`` is the game's policy table,
    ``by_bot`` its statistics by bot."""
    ids, params = arrays(list(table.played))
    base = KernelBlock(kernels, rules, ids, params, rotate)
    if not table.drawing:
        return base, ids
    assert table.mix is not None
    m_ids, m_params = arrays(list(table.mix.members))
    block = MixedKernelBlock(base, table.slots, m_ids, m_params, table.mix.weights, tuple(by_bot))
    return block, np.concatenate([ids, m_ids])


def table_job(
    name: str,
    kernels: str,
    rules: Any,
    version: int,
    bots: Sequence[str] | Seats,
    rotate: bool,
    arrays: Any,
    by_bot: Sequence[str],
    units: int,
    block_size: Callable[[np.ndarray], int],
    unit: str,
) -> Any:
    """The ``simulate`` job of a :class:`~headcount_lab.core.tournament.KernelBlock` game
    (:func:`~headcount_lab.core.tournament.kernel_job`) for ``bots`` (specs or
    :class:`Seats`): its block by :func:`kernel_table`, ``block_size(ids)`` of every bot that
    may sit, and the run's identity with the ``competent`` resolution."""
    from headcount_lab.core.tournament import kernel_job

    table = as_seats(bots)
    fn, every = kernel_table(kernels, rules.array(), table, rotate, arrays, by_bot)
    params = {"rules": rules.as_dict(), "bots": list(table.typed), "rotate": rotate,
              "version": version}  # fmt: skip
    return kernel_job(name, fn, table.identity(params), units, block_size(every), unit)


def drawn_json(mix: Mixture, stats: dict[str, np.ndarray], seat_units: int) -> dict[str, Any]:
    """The summary's ``competent`` entry: the resolution and how many seat-games (seat-matches
    in Whist) each member played (all of them for a one-member field)."""
    drawn = stats.get("competent_drawn")
    counts = [int(seat_units)] if drawn is None else [int(v) for v in drawn]
    out = mix.json()
    for m, c in zip(out["members"], counts, strict=True):
        m["drawn"] = c
    return out
