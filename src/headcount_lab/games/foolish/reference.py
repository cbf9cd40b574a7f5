"""Slow, obvious Foolish Faces engine in plain Python: the oracle for ``kernels.py``.

Hands are lists of 14 counts, the trick in play a list of :class:`rules.Play`; legality comes
from ``rules.legal_actions``, winners from ``rules.trick_winner``, scores from
``rules.round_scores``. It draws from ``core.rng.PyStream`` in the kernels' order (the first
start seat if random, then each round's deal, then every decision with a choice), so on the same
stream it must take the same actions and reach the same scores, to the last bit.

The ``random`` bot is re-derived here. The other bots are the jitted ``agents.act``, called with
an observation that this module builds from its own state, so the comparison also checks that
the kernels show a bot exactly what its seat sees (F13): no less, no more.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from headcount_lab.core.rng import PyStream
from headcount_lab.games.foolish import agents
from headcount_lab.games.foolish import bits as B
from headcount_lab.games.foolish.kernels import new_stats
from headcount_lab.games.foolish.rules import (
    A_CRASH,
    DECK_SIZE,
    JOKER,
    N_TYPES,
    FoolishRules,
    Play,
    action_play,
    can_crash,
    deck_types,
    fools,
    hand_size,
    is_lone,
    legal_actions,
    must_redeal,
    round_scores,
    stock_size,
    trick_points,
    trick_winner,
    win_shares,
)


def deal(stream: PyStream, n: int) -> tuple[list[int], list[list[int]]]:
    """F2: the stock (turned again from a fresh shuffle while it shows both Jokers) and the hands,
    as lists of types, in the kernels' draw order."""
    s, h = stock_size(n), hand_size(n)
    deck = deck_types()
    while True:
        for i in range(s):
            j = i + stream.below(DECK_SIZE - i)
            deck[i], deck[j] = deck[j], deck[i]
        if not must_redeal(deck[:s]):
            break
    for i in range(s, DECK_SIZE - 1):
        j = i + stream.below(DECK_SIZE - i)
        deck[i], deck[j] = deck[j], deck[i]
    return sorted(deck[:s]), [sorted(deck[s + p * h : s + (p + 1) * h]) for p in range(n)]


def counts(types: list[int]) -> list[int]:
    return [types.count(t) for t in range(N_TYPES)]


class Round:
    """One round's state: the hidden hands and face-down types, and everything public."""

    def __init__(
        self,
        rules: FoolishRules,
        round_no: int,
        start: int,
        stock: list[int],
        dealt: list[list[int]],
        scores: list[int],
    ):
        n = rules.players
        self.rules = rules
        self.round_no = round_no
        self.start = start
        self.stock = counts(stock)
        self.dealt = dealt
        self.hands = [counts(h) for h in dealt]
        self.jokers = [h.count(JOKER) for h in dealt]
        self.fools = fools(dealt)
        self.down = [[0] * N_TYPES for _ in range(n)]
        self.seen = [0] * N_TYPES
        self.upj = [0] * n
        self.hats: set[int] = set()
        self.won = [0] * n
        self.pts = [0] * n
        self.trick: list[Play] = []
        self.leader = start
        self.tricks_done = 0
        self.crashed = False
        self.scores = list(scores)

    @property
    def over(self) -> bool:
        return self.crashed or self.tricks_done == hand_size(self.rules.players)

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.rules.players

    def lone_self(self, seat: int) -> bool:
        """F3: the seat knows it is the Lone Fool."""
        j = self.jokers[seat]
        return j == 2 or (j == 1 and self.stock[JOKER] == 1)

    def legal(self, seat: int, crash: bool) -> list[int]:
        ok = crash and can_crash(self.rules, self.hands[seat], self.lone_self(seat))
        return legal_actions(self.hands[seat], self.trick, seat, self.rules.players, ok)

    def apply(self, seat: int, a: int) -> None:
        n = self.rules.players
        if a == A_CRASH:
            self.crashed = True  # F18
            return
        p = action_play(a, seat, n)
        self.hands[seat][p.card] -= 1
        if p.up:
            self.seen[p.card] += 1
            if p.card == JOKER:
                self.hats.add(seat)
                self.upj[seat] += 1
        else:
            self.down[seat][p.card] += 1
        self.trick.append(p)
        if len(self.trick) == n:
            w = trick_winner(self.trick)
            assert w is not None
            self.won[w] += 1
            self.pts[w] += trick_points(self.trick)
            self.leader = w
            self.trick = []
            self.tricks_done += 1

    def score(self) -> list[int]:
        return round_scores(self.rules, self.round_no, self.fools, self.won, self.pts, self.crashed)

    def state_array(self) -> np.ndarray:
        """The whole state, hidden parts included, in the layout of ``bits.py`` (for tests of
        ``bits.observe``; the kernels build theirs themselves)."""
        n = self.rules.players
        o = self.observation(0)
        o[B.S_SEAT] = -1
        o[B.S_FOOLS] = sum(1 << s for s in self.fools)
        o[B.S_CRASHED] = int(self.crashed)
        for s in range(n):
            o[B.OFF_JOK + s] = self.jokers[s]
            o[B.OFF_HELD + s] = sum(1 << t for t in range(N_TYPES) if self.hands[s][t])
            for t in range(N_TYPES):
                o[B.OFF_HANDS + s * B.NT + t] = self.hands[s][t]
                o[B.OFF_DOWNT + s * B.NT + t] = self.down[s][t]
        for i, p in enumerate(self.trick):
            o[B.OFF_TTYPE + i] = p.card
        return o

    def observation(self, seat: int) -> np.ndarray:
        """What ``seat`` sees (F13), in the layout of ``bits.py``."""
        r = self.rules
        n = r.players
        o = np.zeros(B.STATE_SIZE, dtype=np.int64)
        o[B.S_N] = n
        o[B.S_SEAT] = seat
        o[B.S_ROUND] = self.round_no
        o[B.S_ROUNDS] = r.n_rounds
        o[B.S_TRICKS] = hand_size(n)
        o[B.S_TRICK_NO] = self.tricks_done
        o[B.S_LEADER] = self.leader
        o[B.S_LEN] = len(self.trick)
        o[B.S_HATS] = sum(1 << s for s in self.hats)
        o[B.S_BONUS] = r.no_tricks_bonus
        o[B.S_MULT] = r.multiplier
        o[B.S_PC] = int(r.party_crasher)
        o[B.S_PC_STOCK] = int(r.pc_keeps_stock)
        o[B.S_PC_BONUS] = int(r.pc_no_tricks_bonus)
        o[B.S_FOOLS] = -1
        o[B.S_START] = self.start
        o[B.S_STOCK_N] = stock_size(n)
        for t in range(N_TYPES):
            o[B.OFF_HANDS + seat * B.NT + t] = self.hands[seat][t]
            o[B.OFF_DOWNT + seat * B.NT + t] = self.down[seat][t]
            o[B.OFF_STOCK + t] = self.stock[t]
            o[B.OFF_SEEN + t] = self.seen[t]
        o[B.OFF_HELD + seat] = sum(1 << t for t in range(N_TYPES) if self.hands[seat][t])
        for s in range(B.MAXN):
            o[B.OFF_JOK + s] = self.jokers[seat] if s == seat else -1
            o[B.OFF_TSEAT + s] = -1
            o[B.OFF_TTYPE + s] = -1
            o[B.OFF_TTGT + s] = -1
        for i, p in enumerate(self.trick):
            o[B.OFF_TSEAT + i] = p.seat
            o[B.OFF_TTYPE + i] = p.card if p.up else -1
            o[B.OFF_TUP + i] = int(p.up)
            o[B.OFF_TTGT + i] = p.target
        hand = hand_size(n)
        for s in range(n):
            o[B.OFF_WON + s] = self.won[s]
            o[B.OFF_PTS + s] = self.pts[s]
            o[B.OFF_DOWNS + s] = sum(self.down[s])
            o[B.OFF_LEFT + s] = hand - self.tricks_done - int(any(p.seat == s for p in self.trick))
            o[B.OFF_SCORES + s] = self.scores[s]
            o[B.OFF_UPJ + s] = self.upj[s]
        return o


class Bots:
    """The seats' bots on one stream: ``random`` here, the others through ``agents.act``."""

    def __init__(self, policies: np.ndarray, params: np.ndarray, stream: PyStream):
        self.policies = policies
        self.params = params
        self.stream = stream
        self.work = agents.Work()

    def choose(self, rnd: Round, seat: int) -> int:
        pol = int(self.policies[seat])
        legal = rnd.legal(seat, crash=pol != agents.RANDOM)
        if len(legal) == 1:
            return legal[0]
        if pol == agents.RANDOM:
            return legal[self.stream.below(len(legal))]
        state = self.stream.state()
        mask = sum(1 << a for a in legal)
        a = self.work.call(pol, self.params[seat], state, rnd.observation(seat), mask)
        self.stream.s = [int(v) for v in state]
        return a


def play_game(rules: FoolishRules, bots: Bots, log: list[int] | None = None) -> dict[str, Any]:
    """Play one game (F1-F18); returns totals, round scores, roles, Party Crashers and the
    first round's start seat."""
    n = rules.players
    stream = bots.stream
    s0 = rules.first_start if rules.first_start is not None else stream.below(n)
    if log is not None:
        log.append(s0)
    totals = [0] * n
    round_scores_, roles = [], []
    crashes = no_tricks = 0
    for r in range(1, rules.n_rounds + 1):
        stock, dealt = deal(stream, n)
        rnd = Round(rules, r, (s0 + r - 1) % n, stock, dealt, totals)
        actions = []
        while not rnd.over:
            seat = rnd.to_move()
            a = bots.choose(rnd, seat)
            actions.append(a)
            rnd.apply(seat, a)
        sc = rnd.score()
        crashes += int(rnd.crashed)
        no_tricks += rnd.won.count(0)  # F16
        lone = is_lone(rnd.fools)
        roles.append([(0 if lone else 1) if s in rnd.fools else 2 for s in range(n)])
        if log is not None:
            log.extend(stock)
            for h in dealt:
                log.extend(h)
            log.extend(actions + [-1] * (hand_size(n) * n - len(actions)))
            log.extend(sc)
        totals = [t + v for t, v in zip(totals, sc, strict=True)]
        round_scores_.append(sc)
    if log is not None:
        log.extend(totals)
    return {
        "totals": totals, "round_scores": round_scores_, "roles": roles, "crashes": crashes,
        "no_tricks": no_tricks, "start": s0,
    }  # fmt: skip


def run_block(
    state: np.ndarray,
    n_games: int,
    rules: FoolishRules,
    bot_policies: np.ndarray,
    bot_params: np.ndarray,
    rotate: bool,
    logs: list[list[int]] | None = None,
) -> dict[str, np.ndarray]:
    """The statistics of ``kernels.run_block``, computed the slow way on the same stream."""
    n = rules.players
    stream = PyStream(state)
    out = new_stats(n)
    for g in range(n_games):
        shift = g % n if rotate else 0
        seat_bot = [(s - shift) % n for s in range(n)]
        bots = Bots(bot_policies[seat_bot], bot_params[seat_bot], stream)
        log: list[int] | None = [] if logs is not None else None
        res = play_game(rules, bots, log)
        if logs is not None and log is not None:
            logs.append(log)
        out["crashes"][0] += res["crashes"]
        out["no_trick_rounds"][0] += res["no_tricks"]
        shares = win_shares(res["totals"])
        half = res["round_scores"][: len(res["round_scores"]) // 2]
        at_half = [sum(sc[s] for sc in half) for s in range(n)]
        for s in range(n):  # a win from behind the leader at half-time
            if at_half[s] < max(at_half):
                out["comeback60"][0] += round(60 * shares[s])
        for roles in res["roles"]:
            out["rounds"][0] += 1
            out["lone_fool_rounds"][0] += roles.count(0)
        for s in range(n):
            j = seat_bot[s]
            t = res["totals"][s]
            out["games"][j] += 1
            out["score_sum"][j] += t
            out["score_sq"][j] += t * t
            out["win60"][j] += round(60 * shares[s])
            out["win60_sq"][j] += round(60 * shares[s]) ** 2
            out["start_win60"][(s - res["start"]) % n] += round(60 * shares[s])
            for sc, roles in zip(res["round_scores"], res["roles"], strict=True):
                k = roles[s]
                out["role_rounds"][j, k] += 1
                out["role_sum"][j, k] += sc[s]
                out["role_sq"][j, k] += sc[s] * sc[s]
    return out
