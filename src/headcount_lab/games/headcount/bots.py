"""The Headcount bots by name: their parameters, defaults and ranges, and the parsed :class:`Bot`
that the engine reads (policy id, parameter array). Kept free of numba so that ``--help`` can
list the bots without compiling anything; the decisions are in :mod:`.agents`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from headcount_lab.core.botspec import BotMenu, BotSpec, Param, Policy

RANDOM, TIPS, ODDS, READER, BLUFFER = 0, 1, 2, 3, 4
EQUILIBRIUM = 5  # appended: the ids of the older bots never move
RESPONDER = 6  # the best-response meter's policy family (games/headcount/exploit.py)
BAYES = 7  # exact Bayesian responder to a known field (agents.py, issue 22 item 1)
POLICY_NAMES = (
    "random", "tips", "odds", "reader", "bluffer", "equilibrium", "responder", "bayes",
)  # fmt: skip
#: the field policies the ``bayes`` bot models (not the responder family): ``bayes`` itself too,
#: a field of readers whose every decision comes from a posterior of its own (``bayes:field=bayes``)
BAYES_FIELDS = (RANDOM, TIPS, ODDS, READER, BLUFFER, EQUILIBRIUM, BAYES)
#: the fields a ``bayes`` field may read (``ffield``): those whose defaults are all zeros in the
#: slots a reader of readers leaves them (``equilibrium``) or that are read from nothing
#: (``random``: its draws never depend on the cards)
BAYES_FFIELDS = (RANDOM, EQUILIBRIUM)
N_PARAMS = 18  # the last two hold table indices filled in by table_params()


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


def _bayes_field(bot: BotSpec) -> None:
    # the ids run 0..7 with the responder family (6) among them, which the bot does not model;
    # a bayes field reads its own field one level down at most (agents.READERS)
    if bot.name != "bayes":
        return
    if int(bot.value("field")) not in BAYES_FIELDS:
        names = ", ".join(POLICY_NAMES[p] for p in BAYES_FIELDS)
        raise ValueError(f"bot bayes: field must be one of {names}")
    if int(bot.value("ffield")) not in BAYES_FFIELDS:
        names = ", ".join(POLICY_NAMES[p] for p in BAYES_FFIELDS)
        raise ValueError(f"bot bayes: ffield must be one of {names}")


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
        # the field's policy by id (random to equilibrium, and bayes: not the responder); its
        # parameters are that policy's defaults, copied into the bot's slots BAYES_MODEL.. by
        # agents.table_params
        Policy(
            "bayes",
            BAYES,
            (
                Param(
                    "field",
                    EQUILIBRIUM,
                    RANDOM,
                    BAYES,
                    True,
                    "the other seats' policy, at its defaults",
                    tuple((POLICY_NAMES[p], p) for p in BAYES_FIELDS),
                    named=True,
                ),  # fmt: skip
                # call, quantile, peek: as odds, on its posterior; its best quantile against the
                # equilibrium field is lower (docs/games/headcount.md, "The bayes bot")
                _ODDS[0],
                replace(_ODDS[1], default=0.05),
                _ODDS[2],
                _DISCARD,
                # play that hides what it sees (issue 22 item 3): each bid's quantile drawn
                # uniformly from [quantile, quantile + spread]; quiet: older specs keep their text
                Param(
                    "spread",
                    0.0,
                    0.0,
                    0.9,
                    help="mix: bid a quantile drawn up to this far above quantile",
                    quiet=True,
                ),  # fmt: skip
                Param(
                    "fspread",
                    0.0,
                    0.0,
                    0.9,
                    help="field=bayes: the spread it assumes of the field",
                    quiet=True,
                ),  # fmt: skip
                Param(
                    "ffield",
                    EQUILIBRIUM,
                    RANDOM,
                    BAYES,
                    True,
                    "field=bayes: the policy it assumes the field reads",
                    tuple((POLICY_NAMES[p], p) for p in BAYES_FFIELDS),
                    quiet=True,
                    named=True,
                ),  # fmt: skip
            ),
        ),
    ],
    checks=[_random_range, _bayes_field],
)
#: policy -> ordered (name, default, lo, hi, integer?) of its parameters; index = array slot
PARAMS: dict[str, tuple[tuple[str, float, float, float, bool], ...]] = {
    p.name: tuple((q.name, q.default, q.lo, q.hi, q.integer) for q in p.params)
    for p in MENU.policies.values()
}


def slot(policy: str, name: str) -> int:
    """The index of parameter ``name`` of ``policy`` in a bot's parameter array (its place in
    :data:`MENU`)."""
    return [q.name for q in MENU.policies[policy].params].index(name)


# The parameter slots by name, read off MENU, for the kernels (numba freezes these module
# constants into the code): ``params[TIPS_MARGIN]`` rather than a bare ``params[0]`` whose
# meaning changes from bot to bot. The odds family (odds, reader, bluffer, responder) shares
# the odds slots; tests/headcount/test_bots.py checks every name against the menu.
RANDOM_CALL = slot("random", "call")
RANDOM_PEEK = slot("random", "peek")
RANDOM_STEP = slot("random", "step")
RANDOM_LO = slot("random", "lo")
RANDOM_HI = slot("random", "hi")
RANDOM_DISCARD = slot("random", "discard")  # parsed, not read: it discards at random
TIPS_MARGIN = slot("tips", "margin")
TIPS_STEP = slot("tips", "step")
TIPS_BAND = slot("tips", "band")
TIPS_DISCARD = slot("tips", "discard")
ODDS_CALL = slot("odds", "call")
ODDS_QUANTILE = slot("odds", "quantile")
ODDS_PEEK = slot("odds", "peek")
ODDS_POINT = slot("odds", "point")
ODDS_DISCARD = slot("odds", "discard")
READER_SIGMA = slot("reader", "sigma")
READER_MODEL = slot("reader", "model")
BLUFFER_RATE = slot("bluffer", "rate")
BLUFFER_SIZE = slot("bluffer", "size")
EQ_DISCARD = slot("equilibrium", "discard")
EQ_PEEK = slot("equilibrium", "peek")
EQ_HEADSUP = slot("equilibrium", "headsup")
RESPONDER_RAISE = slot("responder", "raise")
RESPONDER_SHADE = slot("responder", "shade")
RESPONDER_CALL2 = slot("responder", "call2")
RESPONDER_QUANTILE2 = slot("responder", "quantile2")
RESPONDER_RAISE2 = slot("responder", "raise2")
BAYES_FIELD = slot("bayes", "field")
BAYES_CALL = slot("bayes", "call")
BAYES_QUANTILE = slot("bayes", "quantile")
BAYES_PEEK = slot("bayes", "peek")
BAYES_DISCARD = slot("bayes", "discard")
BAYES_SPREAD = slot("bayes", "spread")
BAYES_FSPREAD = slot("bayes", "fspread")
BAYES_FFIELD = slot("bayes", "ffield")
#: the ``bayes`` bot's copy of its field policy's default parameters starts at this slot (up to
#: :data:`BAYES_MODEL_SLOTS` of them, filled in by :func:`.agents.table_params`); its level
#: slots hold the field model's levels
BAYES_MODEL = BAYES_FFIELD + 1
BAYES_MODEL_SLOTS = N_PARAMS - 2 - BAYES_MODEL
#: the last two slots, past every policy's own: the index in ``Beliefs.levels`` of the bot's
#: own safe-bid level and of the level it assumes for others (reader, responder), filled in by
#: :func:`.agents.table_params`
LEVEL_SLOT, MODEL_LEVEL_SLOT = N_PARAMS - 2, N_PARAMS - 1
ODDS_FAMILY = (ODDS, READER, BLUFFER, RESPONDER)


@dataclass(frozen=True)
class Bot:
    """A parsed bot spec: ``policy`` id, its ``params`` (float64[N_PARAMS]) and canonical text."""

    policy: int
    params: tuple[float, ...]
    spec: str
    #: the name the seat was given when it is not ``spec`` (a ``competent`` seat playing a
    #: member of the field: ``spec`` is the member, ``shown`` is ``competent``)
    shown: str = ""

    @property
    def key(self) -> str:
        """The seat's name in a tournament: its seat orders, rows and job identity."""
        return self.shown or self.spec

    @property
    def name(self) -> str:
        return POLICY_NAMES[self.policy]

    @property
    def label(self) -> str:
        """Short form: the policy and only the parameters that differ from the defaults."""
        if self.shown:
            return self.shown
        policy = MENU.policies[self.name]
        return BotSpec(policy, self.params[: len(policy.params)], self.spec).label

    @property
    def solved_headsup(self) -> bool:
        """Whether it plays two-player rounds from the solved heads-up round
        (``equilibrium:headsup=solved``)."""
        return self.policy == EQUILIBRIUM and self.params[EQ_HEADSUP] == 1


def _bot(spec: BotSpec) -> Bot:
    if spec.policy.id < 0:
        raise ValueError(
            f"{spec.name} is resolved per table (headcount_lab.core.competent): use "
            "tournament() or resolve it to its field's members first"
        )
    params = spec.values + (0.0,) * (N_PARAMS - len(spec.values))
    return Bot(spec.policy.id, params, spec.canonical)


def parse_bot(spec: str) -> Bot:
    """Parse ``name`` or ``name:key=value,...`` (:class:`~headcount_lab.core.botspec.BotMenu`)."""
    return _bot(MENU.parse(spec))


def parse_bots(text: str, players: int) -> list[Bot]:
    """One bot per seat: ``odds:call=0.55,quantile=0.4,tips`` is two bots."""
    return [_bot(b) for b in MENU.parse_list(text, players)]
