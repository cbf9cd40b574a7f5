"""A measuring device: are the bots' beliefs calibrated? (issue 11 item 3)

Every bot that reads the bids states, at each of its turns with a bid to answer, the
probability that "Count!" would win (:func:`.agents.stated_call_win`). Games are played by the
kernel with a trace; each such turn is replayed from the trace as the seat saw it (its view,
the hidden card if it had peeked, the bids so far) and paired with what a call would have
done: won if the count was below the last bid (H6; with ``tie_goes_to=caller`` at or below).
Turns are sorted by the stated probability and cut into ten groups of equal size (deciles);
each group's mean stated probability is set beside the share of would-be calls that won, with
a Wilson 95% interval.

One function, :func:`calibration_section`, returns the table and a figure (stated against
observed, by decile, one line per bot and field); :func:`calibration_table` is the table alone.
The Headcount report's question 13 (:mod:`headcount_lab.analysis.headcount.calibration`) shows
them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from headcount_lab.core.rng import block_state
from headcount_lab.core.stats import wilson
from headcount_lab.games.headcount import kernels as E
from headcount_lab.games.headcount import observation as O
from headcount_lab.games.headcount import tournament as T
from headcount_lab.games.headcount.agents import parse_bots, stated_call_win
from headcount_lab.games.headcount.rules import HeadcountRules

#: the fields of the section: each bot against copies of itself, and in the mixed field
FIELDS: dict[str, str] = {
    "self-play equilibrium": "equilibrium,equilibrium,equilibrium,equilibrium",
    "self-play reader": "reader,reader,reader,reader",
    "mixed field": "equilibrium,reader,odds,tips",
}
DECILES = 10
BLOCK_DEALS = 200
ROWS_PER_GAME = 600  # trace rows a 4-seat game never exceeds (about 12 rounds of 30 events)


def stated_and_observed(
    bots: str, games: int, seed: int, rules: HeadcountRules | None = None
) -> pd.DataFrame:
    """One row per turn with a bid to answer, by a bot that states a belief: ``bot`` (its
    spec), ``stated`` (P(a call wins) as it believes), ``won`` (whether a call would have),
    ``called`` (whether it called), ``just_peeked`` (it peeked on this turn, H7), ``bidder``
    (the spec of the bot whose bid it answers) and ``last_raise`` (that bid minus the one
    before it; 0 for an opening bid)."""
    rules = rules or HeadcountRules()
    players = sum(1 for item in bots.split(",") if "=" not in item.partition(":")[0])
    setup = T.Setup(tuple(parse_bots(bots, players)), rules, False)
    perms, pol, par, rules_arr = setup.kernel_args()
    bel = setup.beliefs()
    rows: dict[str, list[Any]] = {
        "bot": [],
        "stated": [],
        "won": [],
        "called": [],
        "just_peeked": [],
        "bidder": [],
        "last_raise": [],
    }
    done = 0
    block = 0
    while done < games:
        deals = min(BLOCK_DEALS, games - done)
        trace = np.zeros((deals * ROWS_PER_GAME, 3), np.int64)
        st = T.new_block_stats(setup)
        n_ev = T.play_block(
            deals, perms, pol, par, rules_arr, bel, block_state(seed, block), st, trace
        )
        if n_ev > trace.shape[0]:
            raise RuntimeError("calibration trace overflow")  # never with 4 seats
        _replay(trace[:n_ev], perms[0], setup, pol, par, bel, rules, rows)
        done += deals
        block += 1
    return pd.DataFrame(rows)


def _replay(trace, slot_of, setup, pol, par, bel, rules, rows) -> None:  # type: ignore[no-untyped-def]
    """Walk the events of whole games; at every bid or call with a bid to answer, ask the
    seat's bot what it believed a call would do, and settle it at the count."""
    n = len(slot_of)
    cards = np.full(n, -1, np.int64)
    seen = np.full(n, -1, np.int64)
    active = np.zeros(n, np.bool_)
    peeked = np.zeros(n, np.bool_)
    bids = np.zeros(E.MAX_BIDS, np.int64)
    bidders = np.zeros(E.MAX_BIDS, np.int64)
    bid_peeked = np.zeros(E.MAX_BIDS, np.bool_)
    work = np.zeros((2, 32))
    hidden = -1
    nb = 0
    # (bot, stated, last bid, called, just peeked, bidder, last raise) until the count
    pending: list[tuple[str, float, int, bool, bool, str, int]] = []
    shift = rules.shift
    just = -1  # the seat whose peek was the last event

    open_l = np.zeros(n, np.int64)  # not in the trace; no stated belief reads it

    def ask(me: int, called: bool, just_peeked: bool) -> None:
        p = int(slot_of[me])
        public = O.Public(nb, bids, bidders, bid_peeked, peeked, open_l)
        obs = O.observe(
            me, active, O.table_of(rules, active), public, cards, hidden, True, -1, seen
        )
        got = stated_call_win(pol[p], par[p], obs, bel.tables, work)
        if got >= 0:
            bidder = setup.bots[int(slot_of[bidders[nb - 1]])].spec
            rise = int(bids[nb - 1] - bids[nb - 2]) if nb > 1 else 0
            pending.append((setup.bots[p].spec, float(got), int(bids[nb - 1]), called,
                            just_peeked, bidder, rise))  # fmt: skip

    for kind, seat, value in trace.tolist():
        peek_before, just = just, -1
        if kind == E.T_START:
            active[:] = False
            peeked[:] = False
            cards[:] = -1
            hidden = -1
            nb = 0
            pending.clear()
        elif kind == E.T_FOREHEAD:
            active[seat] = True
            cards[seat] = value
        elif kind == E.T_HIDDEN:
            hidden = value
        elif kind == E.T_PEEK:
            peeked[seat] = True
            just = seat
        elif kind == E.T_BID:
            if nb > 0:
                ask(seat, False, peek_before == seat)
            bids[nb], bidders[nb], bid_peeked[nb] = value, seat, peeked[seat]
            nb += 1
        elif kind == E.T_CALL:
            ask(seat, True, peek_before == seat)
        elif kind == E.T_COUNT:
            for bot, stated, last, called, just_peeked, bidder, rise in pending:
                rows["bot"].append(bot)
                rows["stated"].append(stated)
                rows["won"].append(value < last + shift)  # H6: the bidder loses
                rows["called"].append(called)
                rows["just_peeked"].append(just_peeked)
                rows["bidder"].append(bidder)
                rows["last_raise"].append(rise)
            pending.clear()


def by_decile(turns: pd.DataFrame) -> pd.DataFrame:
    """Per bot, the turns sorted by stated probability and cut into :data:`DECILES` groups of
    equal size: mean stated, share won, Wilson 95% interval, and stated minus observed (pp)."""
    out = []
    for bot, g in turns.groupby("bot", sort=False):
        order = np.argsort(g["stated"].to_numpy(), kind="stable")
        stated = g["stated"].to_numpy()[order]
        won = g["won"].to_numpy()[order]
        for d, idx in enumerate(np.array_split(np.arange(order.size), DECILES)):
            if idx.size == 0:
                continue
            k = int(won[idx].sum())
            _, lo, hi = wilson(k, int(idx.size))
            pred = float(stated[idx].mean())
            obs = k / idx.size
            out.append(
                {
                    "bot": bot,
                    "decile": d + 1,
                    "turns": int(idx.size),
                    "stated": pred,
                    "observed": obs,
                    "ci95_low": lo,
                    "ci95_high": hi,
                    "stated_minus_observed_pp": 100 * (pred - obs),
                }
            )
    return pd.DataFrame(out)


def calibration_table(
    games: int = 4000, seed: int = 1, fields: dict[str, str] | None = None, tick: Any = None
) -> pd.DataFrame:
    """Stated against observed by decile, for every bot that states a belief, in each field
    (default :data:`FIELDS`: self-play of ``equilibrium`` and of ``reader``, and the mixed
    field); ``games`` 4-seat games per field, seeded. ``tick`` (a report step's ticker)
    advances by ``games`` per field."""
    parts = []
    for i, (field, bots) in enumerate((fields or FIELDS).items()):
        t = by_decile(stated_and_observed(bots, games, seed + i))
        t.insert(0, "field", field)
        parts.append(t)
        if tick is not None:
            tick.advance(games)
    return pd.concat(parts, ignore_index=True)


def calibration_figure(table: pd.DataFrame):  # type: ignore[no-untyped-def]
    """Stated (x) against observed (y) by decile: one line per bot and field, the diagonal
    for perfect calibration, the observed share's 95% intervals as bars."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.0, 5.0))
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1], color="0.6", lw=1, ls="--", label="calibrated")
    for (field, bot), g in table.groupby(["field", "bot"], sort=False):
        name = bot.partition(":")[0]
        ax.errorbar(
            g["stated"],
            g["observed"],
            yerr=[g["observed"] - g["ci95_low"], g["ci95_high"] - g["observed"]],
            marker="o",
            ms=3,
            lw=1,
            capsize=2,
            label=f"{name} ({field})",
        )
    ax.set_xlabel("stated P(a call wins), decile mean")
    ax.set_ylabel("share of would-be calls that won")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    return fig


def calibration_section(games: int = 4000, seed: int = 1) -> tuple[pd.DataFrame, Any]:
    """The report section: the table of :func:`calibration_table` and its figure."""
    table = calibration_table(games, seed)
    return table, calibration_figure(table)
