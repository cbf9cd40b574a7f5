"""The games. A game is a folder here, not a fork: it brings its rules object, kernels, bots, a
plain-Python reference engine, recorded playthroughs and one docs page, and declares itself once
as a :class:`GameSpec` in :data:`GAMES`. Everything that lists games reads that one record: the
CLI (each game's ``simulate``, ``replay``, ``play``, ``bench`` and ``compare`` commands,
``report GAME``), the ``bench`` areas, ``report all`` and the conformance harness
(``tests/test_conformance.py``).
What each entry must point at is written down in ``docs/adding-a-game.md``.

Entries are ``"module:attribute"`` strings, so listing the games (and ``--help``) imports nothing
heavy; :meth:`GameSpec.load` imports one when a command needs it.
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass, field
from typing import Any

from headcount_lab.core.flags import rule_ranges, with_flags


@dataclass(frozen=True)
class GameSpec:
    name: str  #: CLI group and folder name under games/ and tests/
    title: str
    rules: str  #: "module:Class" of the frozen house-rules dataclass (defaults = rulings)
    bots: str  #: "module:MENU", the game's :class:`~headcount_lab.core.botspec.BotMenu`
    tournament: str  #: "module:function" (rules, bots text, games, rotate) -> Tournament
    summary: str  #: "module:function" printing a simulate summary as text
    replay: str  #: "module:function" checking a loaded record; raises ValueError if it is bad
    describe: str  #: "module:function" replay result -> lines of text
    play: str  #: "module:Class" of the interactive table (a core.play.PersonSeat)
    docs: str  #: the game's one docs page, relative to the repository root
    cli: str | None = None  #: "module:app", a typer app with the game's own commands
    report: str | None = None  #: "module:build_all" (root, options, progress) -> written paths;
    #: the module also has ``FOLDERS`` (language -> folder under the root)
    #: area -> module with ``run_benchmarks``, or ``"module:function"`` for a second area of the
    #: same module (:func:`bench_runner`)
    bench: dict[str, str] = field(default_factory=dict)
    #: "module:NAME_kernels" functions compiling the kernels of the game's own commands, for
    #: ``headcount-lab warm`` (which compiles ``simulate``'s kernels of every game by itself)
    warm: tuple[str, ...] = ()
    players: tuple[int, int] = (3, 6)
    default_players: int = 4
    default_bots: str = ""
    variants: dict[str, dict[str, Any]] = field(default_factory=lambda: {"standard": {}})
    unit: str = "games"  #: what one simulated unit is called in text (games, matches)
    #: "module:METRICS", the game's :class:`~headcount_lab.core.compare.GameMetrics` (its part of
    #: the designer metrics of ``GAME compare``)
    metrics: str = ""
    #: "module:FIELD", the game's :class:`~headcount_lab.core.metagame.FieldGame` (the
    #: competent field: ``GAME field``)
    metagame: str | None = None
    #: "module:ADAPTER", the game's :class:`~headcount_lab.core.adapt.Adapter`: how
    #: ``compare --adapt`` fits the field to a rule set ("" = no ``--adapt``)
    adapt: str = ""
    help: str = ""  #: one line for the CLI group

    def load(self, which: str) -> Any:
        """Import what field ``which`` names (``"rules"``, ``"tournament"``, ...)."""
        return _load(getattr(self, which))

    @property
    def package(self) -> str:
        """The game's package: where its rules module lives."""
        return self.rules.partition(":")[0].rpartition(".")[0]

    @property
    def rule_ranges(self) -> dict[str, tuple[int, int]]:
        """``{flag: (lo, hi)}``: the range every whole-number rule is checked against before any
        work (declared with :func:`headcount_lab.core.flags.ranged` on the rules dataclass)."""
        return rule_ranges(self.load("rules"))

    @property
    def version(self) -> int:
        """The rules version (changes only when outcomes change)."""
        return int(importlib.import_module(self.load("rules").__module__).VERSION)

    def make_rules(self, variant: str | None, flags: list[str], players: int | None = None) -> Any:
        """The rules for ``--variant`` then the ``--rule NAME=VALUE`` assignments; a game whose
        rules carry the player count gets ``players`` too. A variant that was named decides its
        flags, and ``players`` the player count: a ``--rule`` giving one of them another value
        contradicts the option and is refused, as is a rule given two values. Without a variant
        the game starts from its defaults, and ``--rule`` may set any flag."""
        cls = self.load("rules")
        kwargs: dict[str, Any] = {}
        set_by: dict[str, str] = {}
        if variant is not None:
            v = variant.strip().lower()
            if v not in self.variants:
                raise ValueError(f"unknown variant {variant!r}: choose {', '.join(self.variants)}")
            kwargs.update(self.variants[v])
            set_by.update({name: f"--variant {v}" for name in self.variants[v]})
        if players is not None and "players" in {f.name for f in dataclasses.fields(cls)}:
            kwargs["players"] = players
            set_by["players"] = f"--players {players}"
        return with_flags(cls(**kwargs), flags, set_by)

    def open_record(self, data: Any, fmt: str) -> Any:
        """Check a loaded record file's whole envelope (format ``fmt``, this game, rules
        version, rules, seed, bots) by :func:`headcount_lab.core.record.open_envelope`; return
        its rules. Every game's replay reads its record files through this."""
        from headcount_lab.core.record import open_envelope

        return open_envelope(
            data, fmt, self.title, self.version, self.load("rules"),
            game=self.name, bots=self.load("bots"), players=self.players,
        )  # fmt: skip


def bench_runner(target: str) -> Any:
    """The ``run(quick) -> dict`` of a benchmark area: ``"module"`` names the module's
    ``run_benchmarks``, ``"module:function"`` another function of it (one bench module per game,
    which may hold more than one area)."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr or "run_benchmarks")


def _load(target: str) -> Any:
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


_HC = "headcount_lab.games.headcount"
_WH = "headcount_lab.games.whist"
_PH = "headcount_lab.games.poohead"
_FF = "headcount_lab.games.foolish"

GAMES: dict[str, GameSpec] = {
    "headcount": GameSpec(
        name="headcount",
        title="Headcount",
        rules=f"{_HC}.rules:HeadcountRules",
        bots=f"{_HC}.bots:MENU",
        tournament=f"{_HC}.tournament:tournament",
        summary=f"{_HC}.tournament:print_summary",
        replay=f"{_HC}.record:replay",
        describe=f"{_HC}.record:describe",
        play=f"{_HC}.play:HeadcountTable",
        metrics=f"{_HC}.metrics:METRICS",
        metagame="headcount_lab.research.headcount.field:FIELD",
        adapt="headcount_lab.research.headcount.adapt:ADAPTER",
        docs="docs/games/headcount.md",
        cli="headcount_lab.cli.headcount:app",
        report="headcount_lab.analysis.headcount.report:build_all",
        bench={
            "headcount": f"{_HC}.bench",
            "headcount-engine": f"{_HC}.bench:run_engine_benchmarks",
        },
        warm=(
            f"{_HC}.tournament:bayes_kernels",
            f"{_HC}.tournament:bots_kernels",
            "headcount_lab.research.headcount.equilibrium_train:trainer_kernels",
            "headcount_lab.research.headcount.headsup:headsup_kernels",
            f"{_HC}.kernels:deal_kernels",
        ),
        default_bots="reader,odds,tips,random",
        variants={
            "standard": {"double": False, "trickster": False},
            "trickster": {"double": False, "trickster": True},
            "double": {"double": True, "trickster": False},
        },
        help="Headcount (Kopfrechnen): count, odds, deal, simulate, replay, play.",
    ),
    "whist": GameSpec(
        name="whist",
        title="Forehead Whist",
        rules=f"{_WH}.rules:WhistRules",
        bots=f"{_WH}.bots:MENU",
        tournament=f"{_WH}.tournament:tournament",
        summary=f"{_WH}.tournament:print_summary",
        replay=f"{_WH}.record:replay_file",
        describe=f"{_WH}.record:describe",
        play=f"{_WH}.play:WhistTable",
        metrics=f"{_WH}.metrics:METRICS",
        metagame="headcount_lab.research.whist.field:FIELD",
        adapt="headcount_lab.research.whist.field:ADAPTER",
        docs="docs/games/forehead-whist.md",
        cli="headcount_lab.cli.whist:app",
        report="headcount_lab.analysis.whist.report:build_all",
        bench={"whist": f"{_WH}.bench"},
        default_bots="montecarlo,heuristic,heuristic,random",
        unit="matches",
        help="Forehead Whist: schedule, blind odds, scorekeeper, simulate, replay, play.",
    ),
    "poohead": GameSpec(
        name="poohead",
        title="Poohead",
        rules=f"{_PH}.rules:PooheadRules",
        bots=f"{_PH}.bots:MENU",
        tournament=f"{_PH}.tournament:tournament",
        summary=f"{_PH}.tournament:print_summary",
        replay=f"{_PH}.record:replay_file",
        describe=f"{_PH}.record:describe",
        play=f"{_PH}.play:PooheadTable",
        metrics=f"{_PH}.metrics:METRICS",
        metagame="headcount_lab.research.poohead.field:FIELD",
        adapt="headcount_lab.research.poohead.field:ADAPTER",
        docs="docs/games/poohead.md",
        cli="headcount_lab.cli.poohead:app",
        report="headcount_lab.analysis.poohead.report:build_all",
        bench={"poohead": f"{_PH}.bench"},
        players=(2, 4),
        default_bots="cheap+,cheap+,cheap,random",
        help="Poohead (Shithead, Palace): move referee, start odds, simulate, replay, play.",
    ),
    "foolish": GameSpec(
        name="foolish",
        title="Foolish Faces",
        rules=f"{_FF}.rules:FoolishRules",
        bots=f"{_FF}.bots:MENU",
        tournament=f"{_FF}.tournament:tournament",
        summary=f"{_FF}.tournament:print_summary",
        replay=f"{_FF}.record:replay",
        describe=f"{_FF}.record:describe",
        play=f"{_FF}.play:FoolishTable",
        metrics=f"{_FF}.metrics:METRICS",
        metagame="headcount_lab.research.foolish.field:FIELD",
        adapt="headcount_lab.research.foolish.field:ADAPTER",
        docs="docs/games/foolish-faces.md",
        cli="headcount_lab.cli.foolish:app",
        report="headcount_lab.analysis.foolish.report:build_all",
        bench={"foolish": f"{_FF}.bench"},
        players=(4, 5),
        default_bots="rules,rules,rules,random",
        help="Foolish Faces: trick referee, team odds, bot ladder, simulate, replay, play.",
    ),
}


#: games added at run time by :func:`register` (the test suite's toy game); not shipped
_REGISTERED: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Add a game that must not ship in the package, such as the toy game of the test suite.
    The shipped games are the entries of :data:`GAMES`; a registered game is listed by
    :func:`registered` (the CLI, bench areas, reports and the conformance harness) but not in
    :data:`GAMES`, so checks of what ships (its docs pages) never see it."""
    if spec.name in GAMES:
        raise ValueError(f"{spec.name!r} is a game of the package already")
    _REGISTERED[spec.name] = spec


def registered() -> dict[str, GameSpec]:
    """Every game: the package's, then the ones added by :func:`register`."""
    return {**GAMES, **_REGISTERED}
