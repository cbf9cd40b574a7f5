"""The Headcount bots by name: their parameters, defaults and ranges, and the parsed :class:`Bot`
that the engine reads (policy id, parameter array). Kept free of numba so that ``--help`` can
list the bots without compiling anything; the decisions are in :mod:`.agents`.
"""

from __future__ import annotations

from dataclasses import dataclass

from headcount_lab.core.botspec import BotMenu, BotSpec, Param, Policy

RANDOM, TIPS, ODDS, READER, BLUFFER = 0, 1, 2, 3, 4
EQUILIBRIUM = 5  # appended: the ids of the older bots never move
RESPONDER = 6  # the best-response meter's policy family (games/headcount/exploit.py)
POLICY_NAMES = ("random", "tips", "odds", "reader", "bluffer", "equilibrium", "responder")
N_PARAMS = 14  # the last two hold table indices filled in by table_params()


_DISCARD = Param(
    "discard", 0, 0, 1, True, "1: give up an open life card first", (("open", 1), ("down", 0))
)
# the table bot's peek override (report question 3); quiet: older specs keep their text
_EQ_PEEK = Param(
    "peek", 0, 0, 2, True, "0: as its table says, 1: never, 2: whenever it may",
    (("table", 0), ("never", 1), ("always", 2)), quiet=True,
)  # fmt: skip
# two seats left: its table, or the solved heads-up round (headsup_policy.py; not the default:
# the best-response meter gains more against it, docs/games/headcount.md); quiet: older specs
# keep their text
_EQ_HEADSUP = Param(
    "headsup", 0, 0, 1, True, "two seats left: 0 its table, 1 the solved heads-up round",
    (("table", 0), ("solved", 1)), quiet=True,
)  # fmt: skip
_ODDS = (
    Param("call", 0.65, 0.0, 1.0 - 1e-9, help="call when P(bidder loses) is above this"),
    Param("quantile", 0.1, 1e-9, 1.0 - 1e-9, help="bid what survives with 1 - quantile"),
    Param("peek", 0.1, 0.0, 1.0, help="peek when the hidden card moves the odds this much"),
    Param("point", 0.5, 0.0, 1.0, help="Trickster: point at the bidder above this"),
    _DISCARD,
)

_READER = _ODDS + (
    Param("sigma", 4.0, 0.1, 100.0, help="Cauchy scale of the bid model"),
    Param("model", 0.1, 1e-9, 1.0 - 1e-9, help="quantile it assumes of others"),
)


def _random_range(bot: BotSpec) -> None:
    if bot.name == "random" and bot.value("lo") > bot.value("hi"):
        raise ValueError("bot random: lo must not exceed hi")


#: every Headcount bot, its parameters (slot order = index in the parameter array) and defaults
MENU = BotMenu(
    "headcount",
    [
        Policy(
            "random",
            RANDOM,
            (
                Param("call", 0.3, 1e-9, 1.0, help="chance to call when it may"),
                Param("peek", 0.1, 0.0, 1.0, help="chance to peek"),
                Param("step", 5, 1, 50, True, "largest raise"),
                Param("lo", 0, -100, 300, True, "lowest opening bid"),
                Param("hi", 40, -100, 300, True, "highest opening bid"),
                _DISCARD,
            ),
        ),
        Policy(
            "tips",
            TIPS,
            (
                Param("margin", 5, 0, 100, True, "call when the bid is this far above"),
                Param("step", 3, 1, 50, True, "largest raise towards the estimate"),
                Param("band", 2, -1, 100, True, "peek when the bid is this close"),
                _DISCARD,
            ),
        ),
        Policy("odds", ODDS, _ODDS),
        Policy("reader", READER, _READER),
        Policy(
            "bluffer",
            BLUFFER,
            _ODDS
            + (
                Param("rate", 0.2, 0.0, 1.0, help="chance to push a bid"),
                Param("size", 5, 1, 100, True, "how far above plan"),
            ),
        ),
        # trained by self-play (headcount train-equilibrium); its table is in data/
        Policy("equilibrium", EQUILIBRIUM, (_DISCARD, _EQ_PEEK, _EQ_HEADSUP)),
        Policy(
            "responder",
            RESPONDER,
            _READER
            + (
                Param("raise", 1.0, 0.0, 1.0, help="raise this far from the minimum to plan"),
                Param("shade", 0, 0, 60, True, "open this far below plan"),
                Param("call2", 0.65, 0.0, 1.0 - 1e-9, help="heads-up: call threshold"),
                Param("quantile2", 0.1, 1e-9, 1.0 - 1e-9, help="heads-up: quantile"),
                Param("raise2", 1.0, 0.0, 1.0, help="heads-up: raise fraction"),
            ),
        ),
    ],
    checks=[_random_range],
)
#: policy -> ordered (name, default, lo, hi, integer?) of its parameters; index = array slot
PARAMS: dict[str, tuple[tuple[str, float, float, float, bool], ...]] = {
    p.name: tuple((q.name, q.default, q.lo, q.hi, q.integer) for q in p.params)
    for p in MENU.policies.values()
}
# slots shared by the odds family (call, quantile, peek, point, discard, then the extra one/two)
P_CALL, P_QUANT, P_PEEK, P_POINT, P_DISCARD, P_EXTRA, P_EXTRA2 = 0, 1, 2, 3, 4, 5, 6
# the responder's own slots after the reader's (raise, shade, call2, quantile2, raise2)
P_RAISE, P_SHADE, P_CALL2, P_QUANT2, P_RAISE2 = 7, 8, 9, 10, 11
#: the equilibrium bot's slot of ``headsup`` (1: the solved heads-up round)
P_HEADSUP = 2
# index of the bot's own safe-bid level, and of the level it assumes for others (reader)
P_LEVEL, P_MODEL_LEVEL = N_PARAMS - 2, N_PARAMS - 1
DISCARD_SLOT = {name: [p[0] for p in ps].index("discard") for name, ps in PARAMS.items()}


@dataclass(frozen=True)
class Bot:
    """A parsed bot spec: ``policy`` id, its ``params`` (float64[N_PARAMS]) and canonical text."""

    policy: int
    params: tuple[float, ...]
    spec: str

    @property
    def name(self) -> str:
        return POLICY_NAMES[self.policy]

    @property
    def label(self) -> str:
        """Short form: the policy and only the parameters that differ from the defaults."""
        policy = MENU.policies[self.name]
        return BotSpec(policy, self.params[: len(policy.params)], self.spec).label

    @property
    def solved_headsup(self) -> bool:
        """Whether it plays two-player rounds from the solved heads-up round
        (``equilibrium:headsup=solved``)."""
        return self.policy == EQUILIBRIUM and self.params[P_HEADSUP] == 1


def _bot(spec: BotSpec) -> Bot:
    params = spec.values + (0.0,) * (N_PARAMS - len(spec.values))
    return Bot(spec.policy.id, params, spec.canonical)


def parse_bot(spec: str) -> Bot:
    """Parse ``name`` or ``name:key=value,...`` (:class:`~headcount_lab.core.botspec.BotMenu`)."""
    return _bot(MENU.parse(spec))


def parse_bots(text: str, players: int) -> list[Bot]:
    """One bot per seat: ``odds:call=0.55,quantile=0.4,tips`` is two bots."""
    return [_bot(b) for b in MENU.parse_list(text, players)]
