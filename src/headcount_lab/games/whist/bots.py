"""The Forehead Whist bots by name, with their parameters, defaults and ranges. Kept free of
numba so that ``--help`` can list them; the decisions are in :mod:`.agents`."""

from __future__ import annotations

from headcount_lab.core.botspec import BotMenu, Param, Policy

RANDOM = 0
HEURISTIC = 1
MONTECARLO = 2
POLICIES = {"random": RANDOM, "heuristic": HEURISTIC, "montecarlo": MONTECARLO}

#: blind one-card bids: 0 from the cards alone, 1 from the exact equilibrium of bidders who read
#: the earlier bids (3 and 4 players; at 5 and 6 the cards alone)
LISTEN = Param("listen", 0, 0, 1, True, "blind bids read the earlier bids (3-4 players)")
#: montecarlo can also read the bids in larger hands: 2 also weights its bid samples by how
#: likely the earlier bids were given each sampled deal, 3 its card-play samples as well (opt-in
#: levels: neither weighting gained against montecarlo in the measurements of issue 12)
LISTEN_MC = Param(
    "listen",
    0,
    0,
    3,
    True,
    "read the bids: 1 blind bids, 2 also bid samples, 3 also card-play samples",
)
#: blind one-card bids that read a known field (issue 22 item 1; opt-in and quiet, so older
#: specs keep their text): above 0, the best bid over the cards the earlier bids leave possible,
#: each earlier seat read as bidding from its cards alone with this chance, else as the listening
#: equilibrium (equilibrium.reading_bid); 1 reads a field of bots without listen=1 exactly
READ = Param(
    "read",
    0,
    0,
    1,
    False,
    "blind bids read the earlier ones: the chance each earlier seat bids from its cards alone,"
    " else as listen=1 (0: off)",
    quiet=True,
)
#: how montecarlo reads the earlier bids of the larger hands (issue 22 item 1; opt-in and quiet):
#: ``proxy`` (0) as ``listen=2`` does when ``listen`` is 2 or 3, by the bid model of every seat
#: centred on the heuristic's trick estimate; ``heuristic`` (1) as a field of ``heuristic`` bots
#: bids, exactly: each bid sample is a deal in which every earlier bidder would have bid what it
#: did (drawn again until one is found, up to ``agents.EXACT_TRIES`` draws), whatever ``listen``
BIDS = Param(
    "bids",
    0,
    0,
    1,
    True,
    "larger hands: read the earlier bids by the proxy model (with listen 2-3) or as heuristic"
    " bots bid them, exactly",
    words=(("proxy", 0), ("heuristic", 1)),
    quiet=True,
    named=True,
)
#: the slot of each parameter in a bot's parameter array, the same for every bot
SLOTS = {"bid_samples": 0, "play_samples": 1, "bid_width": 2, "listen": 3, "stop": 4, "read": 5,
         "bids": 6}  # fmt: skip
#: montecarlo can stop sampling a decision once its best option is clear (opt-in, issue 24: the
#: default 0 samples every decision in full; quiet, so older specs keep their text)
STOP = Param(
    "stop",
    0,
    0,
    10,
    False,
    "stop sampling once the best leads each other option by this many standard errors (0: never)",
    quiet=True,
)

#: every Forehead Whist bot, its parameters (slot order = index in the parameter array) and
#: defaults; the sample counts are capped so that a kernel's loop counters cannot overflow
MENU = BotMenu(
    "whist",
    [
        Policy("random", RANDOM),
        Policy("heuristic", HEURISTIC, (LISTEN, READ)),
        Policy(
            "montecarlo",
            MONTECARLO,
            (
                # defaults from the strength-against-speed curve (scripts/whist_montecarlo_curve.py,
                # docs/games/forehead-whist.md): the fastest setting within 90% of the best gain
                Param("bid_samples", 64, 1, 100_000, True, "deals sampled per bid"),
                Param("play_samples", 64, 0, 100_000, True, "deals sampled per card (0: none)"),
                Param("bid_width", 2, 0, 8, True, "bids tried either side of heuristic's"),
                LISTEN_MC,
                STOP,
                READ,
                BIDS,
            ),
        ),
    ],
)
