"""The solved heads-up round as the ``equilibrium`` bot's policy for two-player rounds.

:mod:`headcount_lab.research.headcount.headsup` solves the two-player round (CFR+ on a bid grid,
with who-can-peek flags) for each of the four peek situations, and
:mod:`headcount_lab.research.headcount.headsup_table` writes those solutions into one compact file
in ``data/`` (the command is :data:`COMMAND`). This module reads it (:func:`load`) and plays it in
the engine (:func:`solved_move`): when exactly two seats are active, an ``equilibrium``
seat with ``headsup=solved`` (the default) peeks, raises and calls as the solved round says,
drawing mixed actions with its decision's uniform number from its seat's bot stream.

What the bot reads (all of it public or its own view, rulings H5-H9): the other forehead, the
hidden card if it peeked, the bids and who made them, who peeked before which bid, and whether
each of the two players can peek this round: a player can peek when it has an open life card
(H7/H8: life cards lie open on the table and a peek turns one face down in front of everyone),
so the flags come from the open life cards plus this round's peeks.

Grid translation. The solved round bids on the grid ``bids`` (0, 5, ..., 40); the bot's own
bids are grid levels. Another player's bid ``b`` maps to the grid level nearest to ``b`` (ties
to the lower; below the lowest opening level to it, above the top to the top). The solved
round plays while that level is one the tree allows there, above the last mapped level: its
raises are then above the actual bid too (a bid mapped down is nearer its level than the next),
so they are legal. When a raise maps to the last level or below (a raise of less than half a
grid step past a grid bid, say 25 to 26), the only fitting level would be a forced one (26
read as 30, which made the bot call too often: it lost 0.9 points of heads-up games against its
table that way, ``scripts/headcount_headsup_gain.py``), so its table plays the rest of that
round; likewise after a bid past the top level, when the house rules differ from the solved
ones, and on the Double deck (no solution shipped).

File (:func:`default_path`, ``data/headcount-headsup-policy-v{VERSION}-standard-by5.npz``,
compressed): the four public trees concatenated (``node`` int64[N, 6]: kind, actor, peeked
bits, number of actions, first edge, first policy entry; ``edge`` int64[E, 2]: action code,
child), ``root`` int64[4] (index ``2 * start player can peek + other can peek``), the grid
``bids``, and ``policy`` uint8[S]: each information set's probabilities in 255ths (largest
remainders, so every row sums to 255 and a pure action is exactly 255). ``meta`` holds the rules
version, the solved rule flags, the iterations and, for each peek situation, the value and the
exact exploitability of the float and of the quantised policy.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_module
from headcount_lab.games.headcount import headsup_tree as hu
from headcount_lab.games.headcount.bots import EQ_HEADSUP, EQ_PEEK
from headcount_lab.games.headcount.observation import CALL, PEEK
from headcount_lab.games.headcount.rules import VERSION, HeadcountRules

SCHEMA = "headcount-headsup-policy/1"
COMMAND = "PYTHONPATH=src python scripts/headcount_headsup_policy.py"
STEP = 5
ITERATIONS = 300
#: peek situations in file order: index 2 * (start player can peek) + (other can peek)
SITUATIONS = (("none", (False, False)), ("other", (False, True)), ("starter", (True, False)),
              ("both", (True, True)))  # fmt: skip
Q = 255  # quantisation: probabilities in 255ths
NO_MOVE = -(1 << 61)  # the lookup found no node: the table decides
#: ``info`` layout (int64): roots 0-3, then the solved rule flags, the deck size, the grid
I_HIDDEN, I_MIN_FIRST, I_SHIFT, I_START_PEEK, I_PEEK_RAISE, I_DECK, I_K, I_BIDS = range(4, 12)


def default_path(step: int = STEP) -> Path:
    """``data/headcount-headsup-policy-v{VERSION}-standard-by{step}.npz`` at the repository root,
    named with the rules version so that a rules change never loads an old policy."""
    root = Path(__file__).resolve().parents[4]
    return root / "data" / f"headcount-headsup-policy-v{VERSION}-standard-by{step}.npz"


def _bad(path: Path, why: str) -> ValueError:
    return ValueError(f"{why} ({path}): rebuild it with `{COMMAND}`")


def load(path: Path | None = None) -> dict[str, Any]:
    """Read and check a policy file; any problem is one :class:`ValueError` naming the command."""
    path = path or default_path()
    if not path.is_file():
        raise _bad(path, "no heads-up policy file")
    try:
        with np.load(path) as z:
            data: dict[str, Any] = {k: np.array(z[k]) for k in z.files if k != "meta"}
            meta = json.loads(str(z["meta"]))
    except (OSError, ValueError, KeyError, EOFError) as exc:
        raise _bad(path, f"unreadable heads-up policy file: {type(exc).__name__}") from None
    if meta.get("schema") != SCHEMA or meta.get("rules_version") != VERSION:
        raise _bad(path, f"heads-up policy of schema {meta.get('schema')}, rules version "
                         f"{meta.get('rules_version')}, not {SCHEMA}, {VERSION}")  # fmt: skip
    need = {"node": (np.int64, 2), "edge": (np.int64, 2), "policy": (np.uint8, 1),
            "root": (np.int64, 1), "bids": (np.int64, 1)}  # fmt: skip
    for k, (dt, nd) in need.items():
        if k not in data or data[k].dtype != dt or data[k].ndim != nd:
            raise _bad(path, f"heads-up policy file without a valid {k!r} array")
    node, edge, pol = data["node"], data["edge"], data["policy"]
    ok = (
        node.shape[1] == 6 and edge.shape[1] == 2 and data["root"].shape == (4,)
        and (node[:, 4] + node[:, 3] <= edge.shape[0]).all()
        and ((edge[:, 1] >= 0) & (edge[:, 1] < node.shape[0])).all()
        and (node[:, 5] <= pol.size).all()
        and ((data["root"] >= 0) & (data["root"] < node.shape[0])).all()
    )  # fmt: skip
    if not ok:
        raise _bad(path, "heads-up policy file with inconsistent arrays")
    data["meta"] = meta
    return data


def _read_only(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    for a in arrays:
        a.setflags(write=False)
    return arrays


#: :func:`kernel_arrays`'s place when no solved round is loaded (the table decides): empty
#: arrays of the same types, so that every table compiles the engine's bots once, loaded or not
#: (an optional None made two engines of the same bot set: 8 CPU s of ``warm``)
NONE = _read_only(np.zeros((0, 6), np.int64), np.zeros((0, 2), np.int64), np.zeros(0, np.uint8),
                  np.zeros(I_BIDS, np.int64))  # fmt: skip


def kernel_arrays(data: dict[str, Any]) -> tuple[np.ndarray, ...]:
    """``(node, edge, policy, info)`` for the engine (:data:`NONE` in its place: no solved
    round loaded, the table decides). ``info`` int64: the four roots, the solved rule flags
    (hidden card, lowest opening bid as :attr:`.rules.HeadcountRules.min_first`, tie shift,
    start player may peek, peek must raise), the deck size, the number of grid levels and the
    grid."""
    r = data["meta"]["rules"]
    rules = HeadcountRules(**{k: r[k] for k in hu.ROUND_FLAGS})
    bids = data["bids"]
    info = np.concatenate([
        data["root"],
        [int(rules.hidden_card), rules.min_first, rules.shift, int(rules.start_player_may_peek),
         int(rules.peek_must_raise), rules.deck_size, bids.size],
        bids,
    ]).astype(np.int64)  # fmt: skip
    return _read_only(data["node"], data["edge"], data["policy"], info)


# ---------------------------------------------------------------- the lookup (numba)
# One real call, :func:`solved_move`, with its helpers inlined into it: compiled once for the
# engine's peek and bid sites; a separate compile per helper cost more (measured with
# ``scripts/headcount_compile_profile.py --profile``).


@njit(nogil=True, cache=True, inline="always")
def applies(info, hidden_on, min_first, shift, start_peek, peek_raise, n_deck):
    """Whether the loaded policy was solved for these rules."""
    return (info[I_HIDDEN] == hidden_on and info[I_MIN_FIRST] == min_first
            and info[I_SHIFT] == shift and info[I_START_PEEK] == start_peek
            and info[I_PEEK_RAISE] == peek_raise and info[I_DECK] == n_deck)  # fmt: skip


@njit(nogil=True, cache=True, inline="always")
def grid_level(info, b, lo):
    """The grid level for a bid ``b`` whose level must be at least ``lo``: the nearest one
    (ties to the lower), the top one above the grid; -1 if ``lo`` is past the top."""
    k = info[I_K]
    if lo >= k:
        return np.int64(-1)
    if b <= info[I_BIDS + lo]:
        return np.int64(lo)
    for j in range(lo + 1, k):
        hi = info[I_BIDS + j]
        if b <= hi:
            return np.int64(j if hi - b < b - info[I_BIDS + j - 1] else j - 1)
    return np.int64(k - 1)


@njit(nogil=True, cache=True, inline="always")
def _child(node, edge, at, code):
    lo = node[at, 4]
    for e in range(lo, lo + node[at, 3]):
        if edge[e, 0] == code:
            return edge[e, 1]
    return np.int64(-1)


@njit(nogil=True, cache=True, inline="always")
def _first_level(info, min_first):
    k = info[I_K]
    j = np.int64(0)
    while j < k and info[I_BIDS + j] < min_first:
        j += 1
    return j


@njit(nogil=True, cache=True, inline="always")
def walk(me, seen, peeked, open_l, own_peek, nb, bids, bidders, bid_peeked, min_first, node,
         edge, info):  # fmt: skip
    """The public node of the solved round where seat ``me`` (one of the two active seats) is
    to act after ``nb`` bids, at the start of its turn (a peek node, or its bid node if the tree
    offers no peek); -1 if the history leaves the tree. ``own_peek``: False if ``me`` has
    chosen never to peek (``peek=never``): it is then played as a player who cannot."""
    other = np.int64(-1)
    for s in range(seen.shape[0]):
        if seen[s] >= 0 and s != me:  # the other active seat: the one forehead it sees
            other = s
    start = bidders[0] if nb > 0 else me
    can_me = own_peek and (open_l[me] > 0 or peeked[me])
    can_other = open_l[other] > 0 or peeked[other]
    can_start = can_me if start == me else can_other
    can_next = can_other if start == me else can_me
    at = info[(2 if can_start else 0) + (1 if can_next else 0)]
    last = np.int64(-1)
    for i in range(nb):
        b = bidders[i]
        if at < 0:
            return at
        if node[at, 0] == hu.PEEK_NODE:
            now = bid_peeked[i] and not peeked_before(b, i, bidders, bid_peeked)
            at = _child(node, edge, at, hu.PEEK if now else hu.NO_PEEK)
        elif bid_peeked[i] and not peeked_before(b, i, bidders, bid_peeked):
            return np.int64(-1)  # a peek the tree does not offer here
        first = _first_level(info, min_first)
        lv = grid_level(info, bids[i], last + 1 if last >= 0 else first)
        if lv != grid_level(info, bids[i], first):
            return np.int64(-1)  # only a forced level fits: the table plays the rest
        if lv < 0 or node[at, 0] != hu.BID_NODE:
            return np.int64(-1)
        at = _child(node, edge, at, hu.RAISE0 + lv)
        if at < 0:
            return at
        last = lv
    return at


@njit(nogil=True, cache=True, inline="always")
def peeked_before(seat, i, bidders, bid_peeked):
    """Whether ``seat`` had peeked by one of its bids before bid ``i`` (public: H7)."""
    for j in range(i):  # noqa: SIM110 (numba: a plain loop)
        if bidders[j] == seat and bid_peeked[j]:
            return True
    return False


@njit(nogil=True, cache=True, inline="always")
def _draw(node, edge, policy, at, row, first, u):
    """An edge index of node ``at`` drawn with ``u`` from information-set row ``row``, among
    the node's actions from ``first`` on (uniform if they all have weight 0)."""
    na = node[at, 3]
    base = node[at, 5] + row * na
    s = np.int64(0)
    for a in range(first, na):
        s += np.int64(policy[base + a])
    if s == 0:
        return node[at, 4] + first + min(np.int64(u * (na - first)), na - first - 1)
    x = np.int64(u * s)  # 0 <= x < s; the action whose 255ths cover x
    acc = np.int64(0)
    for a in range(first, na - 1):
        acc += np.int64(policy[base + a])
        if x < acc:
            return node[at, 4] + a
    return node[at, 4] + na - 1


@njit(nogil=True, cache=True, inline="always")
def _row(node, at, me_seen, hidden_seen, n_deck):
    p = node[at, 1]
    if (node[at, 2] >> p) & 1:
        return me_seen * n_deck + hidden_seen
    return me_seen


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def solved_move(kind, obs, peek_mode, node, edge, policy, info, u):
    """The decision of kind ``kind`` (``PEEK``: 1 to peek; ``BID``: a grid bid, or
    :data:`.observation.CALL` for "Count!") of the seat of ``obs`` (an
    :class:`.observation.Observation` of a two-seat round) from the solved round, drawn with
    ``u``; :data:`NO_MOVE` if the history leaves the tree (the table decides then).

    What it reads of the observation: who is in, the foreheads it sees, the hidden card if it
    peeked, who peeked this round, everyone's open life cards, the bids (and whether each
    bidder had peeked), whether "Count!" is legal and the lowest opening bid. ``peek_mode``:
    the bot's ``peek`` parameter (0 as solved; 1 never: its bids as solved for a player who
    cannot peek; 2 always: peeks whenever it is asked, and where the tree offers no peek there
    its table plays the rest of the round). The policy: :func:`kernel_arrays`."""
    me, seen, hidden_seen = obs.me, obs.seen, obs.hidden_seen
    pub = obs.public
    peeked, nb, bids, bidders = pub.peeked, pub.nb, pub.bids, pub.bidders
    bid_peeked = pub.bid_peeked
    min_first = obs.table.min_bid
    if kind == PEEK and peek_mode != 0:  # the override: never, or whenever it may
        return np.int64(peek_mode == 2)
    at = walk(me, seen, peeked, pub.open_l, peek_mode != 1, nb, bids, bidders, bid_peeked,
              min_first, node, edge, info)  # fmt: skip
    if at < 0:
        return NO_MOVE
    other = np.int64(-1)
    for s in range(seen.shape[0]):
        if seen[s] >= 0 and s != me:
            other = s
    n_deck = info[I_DECK]
    if kind == PEEK:
        if node[at, 0] != hu.PEEK_NODE:
            return np.int64(0)  # the tree offers no peek here (no raise left above the last bid)
        e = _draw(node, edge, policy, at, _row(node, at, seen[other], -1, n_deck), 0, u)
        return np.int64(1) if edge[e, 0] == hu.PEEK else np.int64(0)
    now = peeked[me] and not peeked_before(me, nb, bidders, bid_peeked)  # peeked this turn
    if node[at, 0] == hu.PEEK_NODE:
        at = _child(node, edge, at, hu.PEEK if now else hu.NO_PEEK)
    elif now:
        return NO_MOVE  # it peeked where the tree offers no peek
    if at < 0 or node[at, 0] != hu.BID_NODE or ((node[at, 2] >> node[at, 1]) & 1) != peeked[me]:
        return NO_MOVE
    first = np.int64(0)
    if not obs.can_call and edge[node[at, 4], 0] == hu.CALL:
        first = np.int64(1)  # cannot happen on the solved rules; kept legal regardless
    e = _draw(node, edge, policy, at, _row(node, at, seen[other], hidden_seen, n_deck), first, u)
    code = edge[e, 0]
    if code == hu.CALL:
        return np.int64(CALL)
    b = info[I_BIDS + code - hu.RAISE0]
    low = bids[nb - 1] + 1 if nb > 0 else min_first
    return b if b >= low else low


# ---------------------------------------------------------------- the bot's entry point
# The belief tables hold the solved round as ``headsup``: the tuple of :func:`kernel_arrays`, or
# :data:`NONE` when no seat plays it (the lookup is then never reached: a run-time test, one
# compile of every engine that seats an ``equilibrium`` bot).


@njit(nogil=True, cache=True, _nrt=False)  # type: ignore[call-overload]
def engine_move(kind, params, obs, headsup, u):
    """The ``equilibrium`` bot's (parameters ``params``) decision of ``kind`` from the solved
    round (:func:`solved_move`) when it plays there: a round that fits the rules is loaded
    (``headsup`` not :data:`NONE`), two seats are active, and its ``headsup`` parameter is
    ``solved``; else :data:`NO_MOVE`."""
    node, edge, pol, info = headsup
    t = obs.table
    if node.shape[0] == 0 or t.n_active != 2 or params[EQ_HEADSUP] != 1:
        return NO_MOVE
    if not applies(info, t.hidden_card, t.min_bid, t.shift, t.start_peek, t.peek_raise,
                   t.n_deck):  # fmt: skip
        return NO_MOVE
    return solved_move(kind, obs, np.int64(params[EQ_PEEK]), node, edge, pol, info, u)


track_module(globals())  # every cached function here is keyed on the files it reaches
