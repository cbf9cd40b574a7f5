"""Shared helpers for the engine tests: run the kernel with a trace, split it into games; ask
a bot for a decision from a state as the engine does (:func:`observe_and_act`)."""

from __future__ import annotations

import numpy as np

from headcount_lab.core.rng import block_state
from headcount_lab.games.headcount import observation as O
from headcount_lab.games.headcount import tournament as T
from headcount_lab.games.headcount.agents import act, parse_bots
from headcount_lab.games.headcount.reference import events_from_trace
from headcount_lab.games.headcount.rules import HeadcountRules


def setup_for(bots: str, rules: HeadcountRules | None = None, rotate: bool = False) -> T.Setup:
    n = sum(1 for item in bots.split(",") if "=" not in item.partition(":")[0])
    return T.Setup(tuple(parse_bots(bots, n)), rules or HeadcountRules(), rotate)


def kernel_games(setup: T.Setup, seed: int, deals: int, block: int = 0) -> list[tuple]:
    """(seat specs, events) per game, as the kernel plays them from block ``block``."""
    perms, pol, par, rules = setup.kernel_args()
    st = T.new_block_stats(setup)
    trace = np.zeros((200_000, 3), np.int64)
    n = T.play_block(deals, perms, pol, par, rules, setup.beliefs(), block_state(seed, block),
                     st, trace)  # fmt: skip
    assert n <= trace.shape[0]
    events = events_from_trace(trace[:n])
    games, cur = [], []
    for e in events:
        cur.append(e)
        if e[0] == "win":
            games.append(cur)
            cur = []
    orders = setup.orders
    return [
        ([setup.bots[i].spec for i in orders[g % len(orders)]], ev) for g, ev in enumerate(games)
    ]


def observe_and_act(setup: T.Setup, beliefs, kind, me, state, hidden, u, caller=-1):  # type: ignore[no-untyped-def]
    """Seat ``me``'s decision of ``kind`` in ``state`` = ``(active, cards, peeked, nb, bids,
    bidders, bid_peeked, open_l)`` with the round's ``hidden`` card, as every decision site of
    the engine asks it: :func:`.observation.observe` of the state, then the bot's decision
    (:func:`.agents.act`, the same functions the engine inlines). "Count!" is legal once a bid
    stands."""
    active, cards, peeked, nb, bids, bidders, bid_peeked, open_l = state
    perms, pol, par, _ = setup.kernel_args()
    p = perms[0][me]
    public = O.Public(nb, bids, bidders, bid_peeked, peeked, open_l)
    seen = np.empty(len(cards), np.int64)
    table = O.table_of(setup.rules, active)
    obs = O.observe(me, active, table, public, cards, hidden, nb > 0, caller, seen)
    return int(act(pol[p], par[p], obs, kind, beliefs.tables, O.new_work(), u))
