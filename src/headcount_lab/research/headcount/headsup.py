"""The heads-up Headcount round, solved: an abstraction, a numba CFR+ solver, exact exploitability.

The game (rule text and rulings H2-H9, two players left, our words). Player 0 (the start
player) and player 1 each hold a forehead card the other sees; the hidden card lies in the middle
(flag ``hidden_card``) and the draw pile's top stands in for the Joker at the count (H2). Player 0
opens with a bid; then the players alternate, each raising or calling "Count!" (H5). At the start
of a turn a player who can still peek (has an open life card) may look at the hidden card (H7):
it is public that they peeked, they learn the card, and they must raise on that turn (flag
``peek_must_raise``); the start player may not peek before opening (flag
``start_player_may_peek``). Like the engine, a player peeks at most once a round. At the call the
bidder loses if the total is below the bid (H6, flag ``tie_goes_to``). Each player's payoff is
the probability of winning the round, so the game is constant-sum 1 and the start player's
equilibrium loss probability is one minus its value. With two players Trickster pointing (H10)
has nobody to point, and H9's ``next_start`` only decides *which* player opens the round: the
round game itself is the same under both values.

The abstraction (:class:`HeadsUpAbstraction`), documented in ``docs/games/headcount.md``:

- bids are restricted to a grid ``bids`` (increasing integers); a raise names any grid level
  above the last bid, and at the top level the only move left is the call;
- ``peeks = (p0, p1)`` says which player can peek this round (has an open life card); the cost of a
  peek, an open life card turned face down, falls outside the round and is not in the payoff;
- the deck may be a subset of the 17 (18) cards, for small test games; the full deck is the default.

Nothing else is abstracted: every deal of foreheads and hidden card is its own chance outcome and
the draw-pile top is averaged exactly into the payoff at the count.

Worked example: full deck, bids ``0, 5, ..., 40``, both may peek; player 0 sees K♥ on player 1
and may open 25; player 1, who sees 3♥ on player 0, peeks (it may not call now) and raises to 30;
player 0 calls. With hidden 8♥ the total is 3 + 20 + 8 = 31 >= 30, so player 1 (the bidder) wins.

Layout. :func:`build_tree` lists the public tree once (nodes in preorder, parents first); an
information set is (node, what the actor sees: the other forehead and, after a peek, the hidden
card). The kernels walk the public tree once per iteration with a vector over all deals
(foreheads and hidden card), so one traversal updates every information set of a node.
Actions are coded as :data:`NO_PEEK`, :data:`PEEK`, :data:`CALL` and ``RAISE0 + j`` (raise to
``bids[j]``); the OpenSpiel twin in ``headsup_openspiel.py`` uses the same codes, and the bot that
plays the solved table reads them from :mod:`headcount_lab.games.headcount.headsup_tree`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from headcount_lab.core.jitcache import track_sources
from headcount_lab.games.headcount.headsup_tree import (  # the tree's codes, shared with the bot
    BID_NODE,
    CALL,
    NO_PEEK,
    PEEK,
    PEEK_NODE,
    RAISE0,
    ROUND_FLAGS,
    TERMINAL,
    default_bids,
)
from headcount_lab.games.headcount.rules import (
    JOKER,
    VERSION,
    X2,
    HeadcountRules,
    card_text,
    count_kernel,
)

SCHEMA = "headcount-headsup/1"


@dataclass(frozen=True)
class HeadsUpAbstraction:
    """One heads-up round game: the deck, the bid grid, who can peek, and the rule flags."""

    rules: HeadcountRules = field(default_factory=HeadcountRules)
    bids: tuple[int, ...] = field(default_factory=default_bids)
    peeks: tuple[bool, bool] = (True, True)
    cards: tuple[int, ...] | None = None  # None: the whole deck of the rules

    def __post_init__(self) -> None:
        n_deck = self.rules.deck_size
        deck = self.deck
        if len(set(deck)) != len(deck) or any(not 0 <= c < n_deck for c in deck):
            raise ValueError(f"cards must be distinct ids of the {n_deck}-card deck")
        if X2 in deck and not self.rules.double:
            raise ValueError("X2 is only in the Double variant's deck")
        if len(deck) < self.n_in_play + 1:
            raise ValueError(f"a heads-up round needs at least {self.n_in_play + 1} cards")
        pairs = zip(self.bids, self.bids[1:], strict=False)
        if len(self.bids) < 1 or any(b <= a for a, b in pairs):
            raise ValueError("bids must be a non-empty, strictly increasing list of integers")
        if self.first_level >= len(self.bids):
            raise ValueError(f"no bid level reaches min_first_bid={self.rules.min_first_bid}")
        if len(self.peeks) != 2:
            raise ValueError("peeks gives one flag per player")

    @property
    def deck(self) -> tuple[int, ...]:
        n_deck = self.rules.deck_size
        return tuple(range(n_deck)) if self.cards is None else tuple(self.cards)

    @property
    def n_in_play(self) -> int:
        return 3 if self.rules.hidden_card else 2

    @property
    def first_level(self) -> int:
        """Lowest grid level the opening bid may take (H5 ``min_first_bid``)."""
        m = self.rules.min_first_bid
        return 0 if m is None else sum(1 for b in self.bids if b < m)

    def can_peek(self, player: int) -> bool:
        return bool(self.rules.hidden_card and self.peeks[player])

    def as_dict(self) -> dict[str, Any]:
        return {
            "rules": {k: self.rules.as_dict()[k] for k in ROUND_FLAGS},
            "bids": list(self.bids),
            "peeks": list(self.peeks),
            "cards": [card_text(c) for c in self.deck],
        }


@dataclass(frozen=True)
class HeadsUpTree:
    """The public tree of an abstraction, as flat arrays (all int64, one entry per node unless
    said otherwise). Children of node ``n`` are ``child[first[n]:first[n] + n_act[n]]`` with action
    codes ``code[...]``; a terminal's ``level`` is the grid index of the called bid and the bidder
    is the player who did not call (``actor`` of a terminal is the caller). ``rows[n]``
    information sets per decision node (the deck size, times the deck size after the actor
    peeked); ``act_base[n]`` is where node ``n``'s ``rows[n] * n_act[n]`` strategy entries start
    in the flat tables."""

    kind: np.ndarray
    actor: np.ndarray
    peeked: np.ndarray  # bit p: player p has peeked this round
    n_act: np.ndarray
    first: np.ndarray
    child: np.ndarray  # [n_edges]
    code: np.ndarray  # [n_edges]
    level: np.ndarray
    rows: np.ndarray
    act_base: np.ndarray
    size: int  # entries in a flat strategy table
    depth: int  # nodes on the longest root-to-leaf path

    @property
    def n_nodes(self) -> int:
        return int(self.kind.size)


def build_tree(ab: HeadsUpAbstraction) -> HeadsUpTree:
    """List the public tree of the heads-up round in preorder (parents before children)."""
    rules = ab.rules
    k = len(ab.bids)
    d = len(ab.deck)
    kind: list[int] = []
    actor: list[int] = []
    peeked: list[int] = []
    level: list[int] = []
    edges: list[list[tuple[int, int]]] = []
    depth = [0]

    def new(kd: int, who: int, pk: int, lv: int, dp: int) -> int:
        kind.append(kd)
        actor.append(who)
        peeked.append(pk)
        level.append(lv)
        edges.append([])
        depth[0] = max(depth[0], dp)
        return len(kind) - 1

    def turn(p: int, last: int, pk: int, dp: int) -> int:
        """A player's turn: the peek decision (H7) if it has one, then its bid."""
        raise_left = last < k - 1
        may_peek = (
            ab.can_peek(p)
            and not (pk >> p) & 1
            and (last >= 0 or p != 0 or rules.start_player_may_peek)
            and (raise_left or not rules.peek_must_raise)
        )
        if not may_peek:
            return bid(p, last, pk, False, dp)
        n = new(PEEK_NODE, p, pk, last, dp)
        edges[n].append((NO_PEEK, bid(p, last, pk, False, dp + 1)))
        edges[n].append((PEEK, bid(p, last, pk | (1 << p), True, dp + 1)))
        return n

    def bid(p: int, last: int, pk: int, just_peeked: bool, dp: int) -> int:
        n = new(BID_NODE, p, pk, last, dp)
        if last >= 0 and not (just_peeked and rules.peek_must_raise):  # H5, H7
            edges[n].append((CALL, new(TERMINAL, p, pk, last, dp + 1)))
        lo = last + 1 if last >= 0 else ab.first_level
        for j in range(lo, k):
            edges[n].append((RAISE0 + j, turn(1 - p, j, pk, dp + 1)))
        return n

    turn(0, -1, 0, 1)
    n_nodes = len(kind)
    n_act = np.array([len(e) for e in edges], dtype=np.int64)
    first = np.zeros(n_nodes, dtype=np.int64)
    first[1:] = np.cumsum(n_act)[:-1]
    child = np.array([c for e in edges for _, c in e], dtype=np.int64)
    code = np.array([a for e in edges for a, _ in e], dtype=np.int64)
    kind_a = np.array(kind, dtype=np.int64)
    actor_a = np.array(actor, dtype=np.int64)
    peeked_a = np.array(peeked, dtype=np.int64)
    rows = np.where(kind_a == TERMINAL, 0, np.where((peeked_a >> actor_a) & 1 == 1, d * d, d))
    sizes = rows * n_act
    act_base = np.zeros(n_nodes, dtype=np.int64)
    act_base[1:] = np.cumsum(sizes)[:-1]
    return HeadsUpTree(kind_a, actor_a, peeked_a, n_act, first, child, code,
                       np.array(level, dtype=np.int64), rows.astype(np.int64), act_base,
                       int(sizes.sum()), depth[0] + 1)  # fmt: skip


@dataclass(frozen=True)
class Deals:
    """Every deal of a heads-up round, equally likely: ``cards`` int64[N, 3] deck positions of
    player 0's forehead, player 1's forehead and the hidden card (-1 when ``hidden_card`` is off);
    ``obs`` int64[2, 2, N] the information-set row of player p (first index) before (0) and after
    (1) a peek; ``win`` float64[N, K] the probability that a bid of ``bids[j]`` survives a call,
    over the draw-pile top (H2-H4, H6)."""

    cards: np.ndarray
    obs: np.ndarray
    win: np.ndarray


@njit(nogil=True, cache=True)
def _survival(deck, deals, bids, shift, out):
    """``out[i, j]`` = P(total >= bids[j] + shift) for deal ``deals[i]`` (positions into
    ``deck``; a hidden position of -1 means no hidden card), averaging over the draw-pile top."""
    n_deck = deck.shape[0]
    cards = np.empty(3, np.int64)
    for i in range(deals.shape[0]):
        n_in = 0
        joker = False
        for q in range(3):
            if deals[i, q] >= 0:
                cards[n_in] = deck[deals[i, q]]
                if cards[n_in] == JOKER:
                    joker = True
                n_in += 1
        n_draws = 0
        for t in range(n_deck):
            used = False
            for q in range(3):
                if deals[i, q] == t:
                    used = True
            if used or (not joker and n_draws == 1):
                continue
            n_draws += 1
            total = count_kernel(cards, n_in, deck[t])
            for j in range(bids.shape[0]):
                if total >= bids[j] + shift:
                    out[i, j] += 1.0
        for j in range(bids.shape[0]):
            out[i, j] /= n_draws


def make_deals(ab: HeadsUpAbstraction) -> Deals:
    d = len(ab.deck)
    hidden = ab.rules.hidden_card
    rows = [
        (a, b, h if hidden else -1)
        for a in range(d)
        for b in range(d)
        if b != a
        for h in (range(d) if hidden else [0])
        if not hidden or h not in (a, b)
    ]
    cards = np.array(rows, dtype=np.int64)
    obs = np.zeros((2, 2, len(rows)), dtype=np.int64)
    h = np.maximum(cards[:, 2], 0)
    obs[0, 0] = cards[:, 1]
    obs[1, 0] = cards[:, 0]
    obs[0, 1] = cards[:, 1] * d + h
    obs[1, 1] = cards[:, 0] * d + h
    win = np.zeros((len(rows), len(ab.bids)), dtype=np.float64)
    shift = 1 if ab.rules.tie_goes_to == "caller" else 0
    _survival(np.array(ab.deck, dtype=np.int64), cards, np.array(ab.bids, dtype=np.int64),
              shift, win)  # fmt: skip
    return Deals(cards, obs, win)


# ---------------------------------------------------------------- kernels


@njit(nogil=True, cache=True, inline="always")
def _terminal_value(node, actor, level, win, out):
    """Value for player 0 (its chance of winning the round) at a called terminal, per deal."""
    lv = level[node]
    bidder_is_0 = actor[node] == 1  # the caller is the terminal's actor
    for i in range(out.shape[0]):
        out[i] = win[i, lv] if bidder_is_0 else 1.0 - win[i, lv]


@njit(nogil=True, cache=True, inline="always")
def _strategy_rows(table, base, rows, na, out):
    """Regret matching (or normalising a strategy sum) of ``rows`` x ``na`` entries of the flat
    ``table`` from ``base`` into ``out[:rows, :na]``; all-zero rows become uniform."""
    for o in range(rows):
        s = 0.0
        for a in range(na):
            x = table[base + o * na + a]
            if x > 0.0:
                s += x
        for a in range(na):
            x = table[base + o * na + a]
            out[o, a] = (x if x > 0.0 else 0.0) / s if s > 0.0 else 1.0 / na


@njit(nogil=True, cache=True, inline="always")
def _node_strategy(node, actor, peeked, rows, obs, table, base, na, out):
    """The actor's strategy at every information set of ``node`` into ``out`` (from regrets or a
    policy ``table``); returns its information-set row per deal (int64[N])."""
    p = actor[node]
    _strategy_rows(table, base, rows[node], na, out)
    return obs[p, (peeked[node] >> p) & 1]


@njit(nogil=True, cache=True, inline="always")
def _mix(s, ob, cval, na, out):
    """``out[i]`` = the expected child value under the strategy ``s`` at deal ``i``."""
    for i in range(out.shape[0]):
        v = 0.0
        for a in range(na):
            v += s[ob[i], a] * cval[a, i]
        out[i] = v


@njit(nogil=True, cache=True)
def _cfr(node, dp, upd, weight, tree, regret, ssum, work):
    """One CFR+ pass below ``node`` updating player ``upd``. ``tree`` is the game tree and its
    deals (:func:`tree_arrays`); ``work`` the scratch ``(reach, val, cval, sig)``:
    ``reach[dp, p]`` (float64[N]) are the players' reach probabilities per deal; writes player
    0's values into ``val[dp]``."""
    kind, actor, peeked, n_act, first, child, level, rows, act_base, obs, win = tree
    reach, val, cval, sig = work
    if kind[node] == TERMINAL:
        _terminal_value(node, actor, level, win, val[dp])
        return
    p, na, base = actor[node], n_act[node], act_base[node]
    s = sig[dp]
    ob = _node_strategy(node, actor, peeked, rows, obs, regret, base, na, s)
    n = ob.shape[0]
    for a in range(na):
        for i in range(n):
            reach[dp + 1, 1 - p, i] = reach[dp, 1 - p, i]
            reach[dp + 1, p, i] = reach[dp, p, i] * s[ob[i], a]
        _cfr(child[first[node] + a], dp + 1, upd, weight, tree, regret, ssum, work)
        for i in range(n):
            cval[dp, a, i] = val[dp + 1, i]
    _mix(s, ob, cval[dp], na, val[dp])
    if p != upd:
        return
    sign = 1.0 if p == 0 else -1.0  # player 1's payoff is one minus player 0's
    for i in range(n):
        r_opp = reach[dp, 1 - p, i] * sign
        r_me = reach[dp, p, i] * weight
        at = base + ob[i] * na
        for a in range(na):
            regret[at + a] += r_opp * (cval[dp, a, i] - val[dp, i])
            ssum[at + a] += r_me * s[ob[i], a]
    for e in range(base, base + rows[node] * na):  # CFR+: regrets never go below zero
        if regret[e] < 0.0:
            regret[e] = 0.0


@njit(nogil=True, cache=True)
def _best_response(node, dp, br, tree, policy, work, score):
    """Player 0's value per deal in ``val[dp]`` when player ``br`` best-responds to ``policy``
    (a normalised flat strategy table) and the other player follows it; ``tree`` as for
    :func:`_cfr`, ``work`` the scratch ``(reach, val, cval, sig)`` with ``reach[dp]``
    (float64[N]) the other player's reach per deal. ``br = -1``: both follow ``policy``."""
    kind, actor, peeked, n_act, first, child, level, rows, act_base, obs, win = tree
    reach, val, cval, sig = work
    if kind[node] == TERMINAL:
        _terminal_value(node, actor, level, win, val[dp])
        return
    p, na, base = actor[node], n_act[node], act_base[node]
    s = sig[dp]
    ob = _node_strategy(node, actor, peeked, rows, obs, policy, base, na, s)
    n = ob.shape[0]
    for a in range(na):
        for i in range(n):
            reach[dp + 1, i] = reach[dp, i] if p == br else reach[dp, i] * s[ob[i], a]
        _best_response(child[first[node] + a], dp + 1, br, tree, policy, work, score)
        for i in range(n):
            cval[dp, a, i] = val[dp + 1, i]
    if p != br:
        _mix(s, ob, cval[dp], na, val[dp])
        return
    # the responder picks, per information set, the action with the best reach-weighted value
    sc = score[dp]
    for o in range(rows[node]):
        for a in range(na):
            sc[o, a] = 0.0
    sign = 1.0 if p == 0 else -1.0
    for i in range(n):
        for a in range(na):
            sc[ob[i], a] += sign * reach[dp, i] * cval[dp, a, i]
    for i in range(n):
        o = ob[i]
        best = 0
        for a in range(1, na):
            if sc[o, a] > sc[o, best]:
                best = a
        val[dp, i] = cval[dp, best, i]


class Solver:
    """CFR+ (alternating updates, linear averaging) on one abstraction; exact exploitability."""

    def __init__(self, ab: HeadsUpAbstraction) -> None:
        self.abstraction = ab
        self.tree = build_tree(ab)
        self.deals = make_deals(ab)
        self._arrays = tree_arrays(self.tree, self.deals)
        t = self.tree
        self.regret = np.zeros(t.size, dtype=np.float64)
        self.ssum = np.zeros(t.size, dtype=np.float64)
        self.iterations = 0
        n = self.deals.cards.shape[0]
        max_rows = int(t.rows.max())
        max_act = int(t.n_act.max())
        self._reach = np.zeros((t.depth + 1, 2, n))
        self._reach1 = np.zeros((t.depth + 1, n))
        self._val = np.zeros((t.depth + 1, n))
        self._cval = np.zeros((t.depth + 1, max_act, n))
        self._sig = np.zeros((t.depth + 1, max_rows, max_act))

    def run(self, iterations: int) -> None:
        """``iterations`` more CFR+ iterations; iteration t adds its strategy with weight t."""
        for _ in range(iterations):
            self.iterations += 1
            for upd in (0, 1):
                self._reach[0] = 1.0
                _cfr(0, 0, upd, float(self.iterations), self._arrays, self.regret,
                     self.ssum, (self._reach, self._val, self._cval, self._sig))  # fmt: skip

    def average_policy(self) -> np.ndarray:
        """The average strategy as a flat normalised table (float64[size])."""
        return normalise(self.tree, self.ssum)

    def current_policy(self) -> np.ndarray:
        return normalise(self.tree, self.regret)

    def evaluate(self, policy: np.ndarray) -> dict[str, float]:
        """Exact value and exploitability of ``policy`` (both players follow it)."""
        return evaluate(self.tree, self.deals, policy, self)


def tree_arrays(tree: HeadsUpTree, deals: Deals) -> tuple:
    """``(kind, actor, peeked, n_act, first, child, level, rows, act_base, obs, win)``: the
    tree's arrays and the deals' views and survival chances, one tuple for the kernels."""
    return (tree.kind, tree.actor, tree.peeked, tree.n_act, tree.first, tree.child, tree.level,
            tree.rows, tree.act_base, deals.obs, deals.win)  # fmt: skip


def normalise(tree: HeadsUpTree, table: np.ndarray) -> np.ndarray:
    """Each information set's row of ``table`` divided by its sum (uniform where it is zero)."""
    out = np.empty(tree.size, dtype=np.float64)
    for n in np.flatnonzero(tree.kind != TERMINAL):
        na = int(tree.n_act[n])
        lo = int(tree.act_base[n])
        block = np.maximum(table[lo : lo + int(tree.rows[n]) * na], 0.0).reshape(-1, na)
        tot = block.sum(axis=1, keepdims=True)
        rows = np.where(tot > 0, block / np.where(tot > 0, tot, 1), 1.0 / na)
        out[lo : lo + block.size] = rows.ravel()
    return out


def evaluate(tree: HeadsUpTree, deals: Deals, policy: np.ndarray,
             scratch: Solver | None = None) -> dict[str, float]:  # fmt: skip
    """Exact figures of a strategy profile ``policy`` (a normalised flat table): ``value`` (player
    0's chance of winning the round), ``br0``/``br1`` (each player's best-response value against
    the other's part of ``policy``), ``exploitability`` = (br0 + br1 - 1) / 2, OpenSpiel's
    definition for a constant-sum-1 game."""
    n = deals.cards.shape[0]
    if scratch is not None:
        reach, val, cval, sig = scratch._reach1, scratch._val, scratch._cval, scratch._sig
    else:
        reach = np.zeros((tree.depth + 1, n))
        val = np.zeros((tree.depth + 1, n))
        cval = np.zeros((tree.depth + 1, int(tree.n_act.max()), n))
        sig = np.zeros((tree.depth + 1, int(tree.rows.max()), int(tree.n_act.max())))
    score = np.zeros_like(sig)
    arrays = tree_arrays(tree, deals)
    out = {}
    for br, key in ((-1, "value"), (0, "br0"), (1, "br1")):
        reach[0] = 1.0
        _best_response(0, 0, br, arrays, policy, (reach, val, cval, sig), score)
        v0 = float(val[0].mean())
        out[key] = 1.0 - v0 if br == 1 else v0
    out["exploitability"] = (out["br0"] + out["br1"] - 1.0) / 2.0
    return out


# ---------------------------------------------------------------- solve, save, load


def solve(
    ab: HeadsUpAbstraction, iterations: int, progress: Callable[[int], None] | None = None
) -> tuple[Solver, dict[str, Any]]:
    """Run CFR+ for ``iterations`` and return the solver and its JSON-able summary;
    ``progress(1)`` after each iteration (a progress bar)."""
    if iterations < 1:
        raise ValueError(f"iterations must be at least 1, got {iterations}")
    solver = Solver(ab)
    for _ in range(iterations):
        solver.run(1)  # one at a time is the same run: iteration t adds weight t either way
        if progress is not None:
            progress(1)
    ev = solver.evaluate(solver.average_policy())
    return solver, {
        "schema": SCHEMA,
        "rules_version": VERSION,
        "abstraction": ab.as_dict(),
        "iterations": iterations,
        "nodes": solver.tree.n_nodes,
        "information_sets": information_sets(solver.tree, len(ab.deck)),
        "deals": int(solver.deals.cards.shape[0]),
        "start_player_value": ev["value"],
        "start_player_loses": 1.0 - ev["value"],
        # the game value lies between what each side guarantees against a best response
        "start_player_loses_bounds": [1.0 - ev["br0"], ev["br1"]],
        "exploitability": ev["exploitability"],
    }


def headsup_kernels() -> None:
    """``headcount-lab warm``'s step for ``headcount headsup``: one CFR+ iteration on the
    coarsest bid grid compiles (or loads) the solver and its best response (about 9 CPU s of
    compiling that the command's first run, and its run-time estimate, would otherwise wait
    for; the tests' first call too)."""
    solve(HeadsUpAbstraction(HeadcountRules(), default_bids(40), (False, False)), 1)


def seconds_per_iteration(ab: HeadsUpAbstraction) -> float:
    """One CFR+ iteration's seconds on this machine, timed after a first one that compiles (the
    run-time limit's calibration, :func:`headcount_lab.core.limits.check_run_time`)."""
    import time

    solver = Solver(ab)
    solver.run(1)
    t0 = time.perf_counter()
    solver.run(1)
    return time.perf_counter() - t0


def information_sets(tree: HeadsUpTree, n_deck: int) -> int:
    """Information sets that can occur: a peeked row pairs the other forehead with a different
    hidden card, so ``n_deck * (n_deck - 1)`` of a node's ``n_deck ** 2`` rows are used."""
    rows = np.where(tree.rows == n_deck * n_deck, n_deck * (n_deck - 1), tree.rows)
    return int(rows.sum())


def policy_path(data_dir: Path, ab: HeadsUpAbstraction) -> Path:
    """``data/headcount-headsup-v{VERSION}-....npz``: named with the rules version, the grid and
    who can peek, so a rules change never loads an old table."""
    step = {b - a for a, b in zip(ab.bids, ab.bids[1:], strict=False)}
    grid = f"{ab.bids[0]}-{ab.bids[-1]}" + (f"-by{step.pop()}" if len(step) == 1 else "")
    peeks = "".join("p" if p else "n" for p in ab.peeks)
    variant = "double" if ab.rules.double else "standard"
    return data_dir / f"headcount-headsup-v{VERSION}-{variant}-bids{grid}-peeks{peeks}.npz"


def save_policy(path: Path, solver: Solver, summary: dict[str, Any]) -> None:
    """Write the average strategy and the tree that indexes it (compressed npz)."""
    t = solver.tree
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(
        tmp, policy=solver.average_policy().astype(np.float32), kind=t.kind, actor=t.actor,
        peeked=t.peeked, n_act=t.n_act, first=t.first, child=t.child, code=t.code,
        level=t.level, rows=t.rows, act_base=t.act_base, deck=np.array(solver.abstraction.deck),
        bids=np.array(solver.abstraction.bids), meta=np.array(json.dumps(summary)),
    )  # fmt: skip
    tmp.replace(path)  # a crash never leaves half a table under the final name


@dataclass(frozen=True)
class HeadsUpPolicy:
    """A saved equilibrium table: ``policy`` float32[size] plus the tree arrays that index it."""

    arrays: dict[str, np.ndarray]
    meta: dict[str, Any]

    @property
    def policy(self) -> np.ndarray:
        return self.arrays["policy"]

    def node_of(self, codes: list[int]) -> int:
        """The public node reached by the action codes ``codes`` from the root."""
        a = self.arrays
        node = 0
        for c in codes:
            lo, na = int(a["first"][node]), int(a["n_act"][node])
            hit = np.flatnonzero(a["code"][lo : lo + na] == c)
            if hit.size == 0:
                raise ValueError(f"action code {c} is not legal at node {node}")
            node = int(a["child"][lo + hit[0]])
        return node

    def probs(self, codes: list[int], sees: int, hidden: int | None = None) -> dict[int, float]:
        """``{action code: probability}`` of the player to move after ``codes``, who sees the
        card id ``sees`` on the other forehead and, if it peeked, the hidden card ``hidden``."""
        a = self.arrays
        node = self.node_of(codes)
        if a["kind"][node] == TERMINAL:
            raise ValueError("the round is over after these actions")
        deck = list(a["deck"])
        d = len(deck)
        p = int(a["actor"][node])
        peeked = (int(a["peeked"][node]) >> p) & 1
        row = deck.index(sees) * d + deck.index(hidden) if peeked else deck.index(sees)
        na = int(a["n_act"][node])
        at = int(a["act_base"][node]) + row * na
        lo = int(a["first"][node])
        return {int(a["code"][lo + k]): float(a["policy"][at + k]) for k in range(na)}


def load_policy(path: Path) -> HeadsUpPolicy:
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files if k != "meta"}
        meta = json.loads(str(z["meta"]))
    if meta.get("rules_version") != VERSION:
        raise ValueError(f"{path} was solved for rules version {meta.get('rules_version')}, "
                         f"not {VERSION}")  # fmt: skip
    return HeadsUpPolicy(arrays, meta)


# numba's cache watches only this file; the kernels also reach rules.count_kernel
track_sources(_cfr, _best_response, _survival)
