"""Slow, obvious Forehead Whist engine in plain Python: the oracle for ``kernels.py``.

It keeps hands as Python sets, decides tricks with ``rules.trick_winner``, scores with
``rules.hand_score`` and ``rules.streak_step``, and draws from ``core.rng.PyStream`` in the same
order as the kernels: the shuffle of each hand, then every decision in turn. So on the
same stream it must take the same actions and reach the same scores, to the last bit.

The ``random`` bot and the blind one-card bids are re-derived here (the blind bid from the exact
fractions of ``exact.py``). The ``heuristic`` and ``montecarlo`` bots are the jitted
``agents.act``, called with an observation array that this module builds from its own state, so
the comparison checks that the kernels show a bot exactly what a player sees: no less, no more.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from headcount_lab.core.rng import PyStream
from headcount_lab.games.whist import agents
from headcount_lab.games.whist import bits as B
from headcount_lab.games.whist.exact import best_bid, blind_win_cards
from headcount_lab.games.whist.rules import (
    MAX_CARDS,
    WhistRules,
    forbidden_bid,
    hand_score,
    has_trump,
    is_blind,
    legal_cards,
    streak_step,
    trick_winner,
)


class Hand:
    """The state of one hand: hidden hands and everything public."""

    def __init__(
        self, rules: WhistRules, k: int, dealer: int, hands: list[set[int]], trump: int | None
    ):
        n = rules.players
        self.rules = rules
        self.k = k
        self.dealer = dealer
        self.hands = hands
        self.trump_card = trump
        self.trump_suit = trump // rules.ranks if trump is not None else None
        self.blind = is_blind(k, rules)
        self.bids: list[int | None] = [None] * n
        self.tricks = [0] * n
        self.played: set[int] = set()
        self.trick: list[tuple[int, int]] = []  # (seat, card) in play order
        self.voids = [0] * n
        self.leader = (dealer + 1) % n

    def observation(self, seat: int, phase: int) -> np.ndarray:
        """What ``seat`` sees, in the layout of ``bits.py``."""
        r = self.rules
        obs = np.zeros(B.OBS_SIZE, dtype=np.int64)
        obs[B.O_SEAT] = seat
        obs[B.O_CARDS] = self.k
        obs[B.O_DEALER] = self.dealer
        obs[B.O_TRUMP_CARD] = -1 if self.trump_card is None else self.trump_card
        obs[B.O_TRUMP_SUIT] = -1 if self.trump_suit is None else self.trump_suit
        obs[B.O_BLIND] = int(self.blind)
        obs[B.O_LEADER] = self.leader
        obs[B.O_PHASE] = phase
        obs[B.O_PLAYERS] = r.players
        obs[B.O_MUST_TRUMP] = int(r.must_trump)
        obs[B.O_RESTRICTION] = int(r.dealer_restriction)
        obs[B.O_HAND] = 0 if self.blind else sum(1 << c for c in self.hands[seat])
        obs[B.O_PLAYED] = sum(1 << c for c in self.played)
        if self.trick:
            cards = [c for _, c in self.trick]
            w = trick_winner(cards, self.trump_suit, r.ranks)
            obs[B.O_LED_SUIT] = cards[0] // r.ranks
            obs[B.O_WIN_CARD] = cards[w]
            obs[B.O_WIN_SEAT] = self.trick[w][0]
        else:
            obs[B.O_LED_SUIT] = -1
            obs[B.O_WIN_CARD] = -1
            obs[B.O_WIN_SEAT] = self.leader
        obs[B.O_IN_TRICK] = len(self.trick)
        for s in range(r.players):
            obs[B.OFF_VISIBLE + s] = -1
            if phase == 0 and self.blind and s != seat:
                (obs[B.OFF_VISIBLE + s],) = self.hands[s]
            bid = self.bids[s]
            obs[B.OFF_BIDS + s] = -1 if bid is None else bid
            obs[B.OFF_TRICKS + s] = self.tricks[s]
            obs[B.OFF_TRICK + s] = -1
            obs[B.OFF_VOIDS + s] = self.voids[s]
        for s, c in self.trick:
            obs[B.OFF_TRICK + s] = c
        return obs


class Bots:
    def __init__(self, policies: np.ndarray, params: np.ndarray, stream: PyStream):
        self.policies = policies
        self.params = params
        self.stream = stream
        self.work, self.uwork = agents.new_work()

    def jitted(self, seat: int, obs: np.ndarray) -> int:
        state = self.stream.state()
        a = agents.act(
            int(self.policies[seat]), self.params[seat], state, obs, self.work, self.uwork
        )
        self.stream.s = [int(v) for v in state]
        return int(a)

    def bid(self, h: Hand, seat: int) -> int:
        others = [b for s, b in enumerate(h.bids) if s != seat and b is not None]
        forb = forbidden_bid(h.k, others, h.rules) if seat == h.dealer else None
        if h.blind and self.params[seat][agents.P_READ] > 0:
            return self.reading_bid(h, seat, forb)
        if h.blind and self.params[seat][agents.P_LISTEN] > 0 and h.rules.players in (3, 4):
            return self.listening_bid(h, seat)
        if h.blind:  # W9: exact odds from the other foreheads
            seen = []
            for i in range(h.rules.players):
                s = (h.leader + i) % h.rules.players
                seen.append(None if s == seat else next(iter(h.hands[s])))
            possible, wins = blind_win_cards(h.rules.players, seen, h.trump_card)
            return best_bid(Fraction(len(wins), len(possible)), forb)
        if self.policies[seat] == agents.RANDOM:
            options = [b for b in range(h.k + 1) if b != forb]
            return options[self.stream.below(len(options))]
        return self.jitted(seat, h.observation(seat, 0))

    def listening_bid(self, h: Hand, seat: int) -> int:
        """The equilibrium bid (``listen=1``) of ``seat`` holding its own card."""
        order = [(h.leader + i) % h.rules.players for i in range(h.rules.players)]
        cards = [next(iter(h.hands[s])) for s in order]
        return self._listening(h, cards, order.index(seat))

    def _listening(self, h: Hand, cards: list[int], pos: int) -> int:
        """The equilibrium bid of position ``pos`` when the cards in play order are ``cards``,
        looked up in the solved tables by the view written as the solver writes it: trump suit
        relabelled as suit 0, the other cards in play order, the earlier bids as bits in bidding
        order."""
        from headcount_lab.games.whist.equilibrium import listen_table, view_key

        n = h.rules.players
        ranks = 2 * n
        assert h.trump_card is not None  # a one-card hand always turns a trump (W4)
        trump = h.trump_card
        trump_suit = trump // ranks

        def relabel(c: int) -> int:
            s = c // ranks
            s = 0 if s == trump_suit else trump_suit if s == 0 else s
            return s * ranks + c % ranks

        order = [(h.leader + i) % n for i in range(n)]
        hist = 0
        for i, s in enumerate(order[:pos]):
            hist |= int(h.bids[s] or 0) << i
        view = np.array([relabel(c) for c in cards], dtype=np.int64)
        key = view_key(view, n, pos, trump % ranks, 4 * ranks)
        row = n if pos == n - 1 and not h.rules.dealer_restriction else pos
        return int(listen_table(n)[row, key, hist])

    def reading_bid(self, h: Hand, seat: int, forb: int | None) -> int:
        """``read=q``: the better blind bid over the cards ``seat`` cannot see, each weighted by
        the chance of the earlier bids had it held that card, every earlier seat bidding from
        its cards alone with chance ``q`` (the exact odds of its view) and else as the listening
        equilibrium (3-4 players; beyond, from its cards alone); from its own view's odds if no
        card explains the bids. Floats in the kernel's order, so both give the same bid."""
        n = h.rules.players
        q = float(self.params[seat][agents.P_READ])
        if n not in (3, 4):
            q = 1.0
        order = [(h.leader + i) % n for i in range(n)]
        pos = order.index(seat)
        cards = [next(iter(h.hands[s])) for s in order]
        seen: list[int | None] = [None if i == pos else c for i, c in enumerate(cards)]
        possible, wins = blind_win_cards(n, seen, h.trump_card)
        win_w = tot_w = 0.0
        for x in possible:
            hyp = [x if i == pos else c for i, c in enumerate(cards)]
            w = 1.0
            for i in range(pos):
                view: list[int | None] = [None if k == i else c for k, c in enumerate(hyp)]
                can, won = blind_win_cards(n, view, h.trump_card)
                f = 0.0
                bid = h.bids[order[i]]
                if q > 0.0 and best_bid(Fraction(len(won), len(can))) == bid:
                    f += q
                if q < 1.0 and self._listening(h, hyp, i) == bid:
                    f += 1.0 - q
                w *= f
            if w == 0.0:
                continue
            tot_w += w
            if x in wins:
                win_w += w
        if tot_w == 0.0:
            return best_bid(Fraction(len(wins), len(possible)), forb)
        b = 1 if 13.0 * win_w > 6.0 * tot_w else 0
        return 1 - b if b == forb else b

    def card(self, h: Hand, seat: int, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        if self.policies[seat] == agents.RANDOM:
            return legal[self.stream.below(len(legal))]
        return self.jitted(seat, h.observation(seat, 1))


def play_hand(rules: WhistRules, k: int, dealer: int, bots: Bots, log: list[int]) -> Hand:
    """Deal (W1, W4), bid (W5, W9) and play (W6) one hand, appending its actions to ``log``."""
    n = rules.players
    deck = list(range(rules.deck_size))
    bots.stream.partial_shuffle(deck, n * k + 1 if has_trump(k) else n * k)
    hands = [set(deck[s * k : (s + 1) * k]) for s in range(n)]
    trump = deck[n * k] if has_trump(k) else None
    h = Hand(rules, k, dealer, hands, trump)
    log.append(-1 if trump is None else trump)
    for s in range(n):
        log.extend(sorted(hands[s]))
    for i in range(n):
        seat = (dealer + 1 + i) % n
        b = bots.bid(h, seat)
        h.bids[seat] = b
        log.append(b)
    ranks = rules.ranks
    for _ in range(k):
        h.trick = []
        for i in range(n):
            seat = (h.leader + i) % n
            led = h.trick[0][1] // ranks if h.trick else None
            c = bots.card(h, seat, legal_cards(h.hands[seat], led, h.trump_suit, rules))
            if c not in legal_cards(h.hands[seat], led, h.trump_suit, rules):
                raise AssertionError(f"bot played an illegal card {c}")
            if led is not None and c // ranks != led:
                h.voids[seat] |= 1 << led
                if rules.must_trump and h.trump_suit is not None and c // ranks != h.trump_suit:
                    h.voids[seat] |= 1 << h.trump_suit
            h.hands[seat].remove(c)
            h.played.add(c)
            h.trick.append((seat, c))
            log.append(c)
        w = trick_winner([c for _, c in h.trick], h.trump_suit, ranks)
        winner = h.trick[w][0]
        h.tricks[winner] += 1
        h.leader = winner
    h.trick = []
    return h


def play_match(
    rules: WhistRules,
    policies: np.ndarray,
    params: np.ndarray,
    stream: PyStream,
    bots: Bots | None = None,
) -> dict[str, Any]:
    """One match with the bots by seat; returns the log (kernel layout), totals and counts.
    ``bots``: who decides (default: the bots of ``policies``); ``whist play`` passes a subclass
    that asks a person for one seat's bids and cards."""
    n = rules.players
    bots = bots if bots is not None else Bots(policies, params, stream)
    log: list[int] = []
    totals = [0] * n
    runs = [(0, 0)] * n
    made = np.zeros((n, MAX_CARDS + 1), dtype=np.int64)
    counted = np.zeros((n, MAX_CARDS + 1), dtype=np.int64)
    per_hand = []  # each hand's score by seat, streak bonus included
    for k, dealer in rules.schedule():
        h = play_hand(rules, k, dealer, bots, log)
        row = [0] * n
        for s in range(n):
            bid = h.bids[s]
            assert bid is not None
            ok = bid == h.tricks[s]
            row[s] = hand_score(bid, h.tricks[s])
            counted[s, k] += 1
            made[s, k] += ok
            if k >= 2:  # W8
                a, b, bonus = streak_step(runs[s][0], runs[s][1], ok, rules)
                runs[s] = (a, b)
                row[s] += bonus
            totals[s] += row[s]
        per_hand.append(row)
    log.extend(totals)
    return {"log": log, "totals": totals, "made": made, "counted": counted, "by_hand": per_hand}


def run_block(
    rules: WhistRules,
    stream: PyStream,
    n_matches: int,
    bot_policies: np.ndarray,
    bot_params: np.ndarray,
    rotate: bool,
) -> tuple[dict[str, np.ndarray], list[list[int]]]:
    """The reference of ``kernels.run_block``: the same statistics, plus every match's log."""
    n = rules.players
    out = {
        "matches": np.zeros(n, dtype=np.int64),
        "score_sum": np.zeros(n, dtype=np.int64),
        "score_sq": np.zeros(n, dtype=np.int64),
        "win60": np.zeros(n, dtype=np.int64),
        "made": np.zeros((n, MAX_CARDS + 1), dtype=np.int64),
        "hands": np.zeros((n, MAX_CARDS + 1), dtype=np.int64),
        "dealer": np.zeros(2, dtype=np.int64),
        "comeback60": np.zeros(1, dtype=np.int64),
    }
    logs = []
    half = len(rules.schedule()) // 2
    for m in range(n_matches):
        shift = m % n if rotate else 0
        bot_at = [0] * n
        for j in range(n):
            bot_at[(j + shift) % n] = j
        res = play_match(rules, bot_policies[bot_at], bot_params[bot_at], stream)
        logs.append(res["log"])
        best = max(res["totals"])
        winners = res["totals"].count(best)
        for h, (_, dealer) in enumerate(rules.schedule()):
            for s, v in enumerate(res["by_hand"][h]):
                out["dealer"][0 if s == dealer else 1] += v
        at_half = [sum(row[s] for row in res["by_hand"][:half]) for s in range(n)]
        for s in range(n):  # a win from behind the leader at half-time
            if at_half[s] < max(at_half) and res["totals"][s] == best:
                out["comeback60"][0] += 60 // winners
        for s, j in enumerate(bot_at):
            t = res["totals"][s]
            out["matches"][j] += 1
            out["score_sum"][j] += t
            out["score_sq"][j] += t * t
            out["win60"][j] += 60 // winners if t == best else 0  # W10: ties share the win
            out["made"][j] += res["made"][s]
            out["hands"][j] += res["counted"][s]
    return out, logs
