"""Slow, obvious Poohead engine in plain Python: the oracle for ``kernels.py``, and the state
machine that ``record.py`` replays.

:class:`Table` keeps the zones as Python lists and decides everything with the verbs of
``rules.py``. :func:`play_game` draws from ``core.rng.PyStream`` in the same order as the
kernels: the shuffle, then each seat's swap (seat order), the start tie-break, then every
decision with more than one legal action and every face-down slot. So on the same stream it must
take the same actions and reach the same finishing order, to the last bit.

The ``random`` and ``cheap`` bots are re-derived here in Python; other bots are the jitted
``agents.act``, called with an observation this module builds from its own state, so the
comparison checks that the kernels show a bot exactly what its seat sees (P21).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from headcount_lab.core.rng import PyStream
from headcount_lab.games.poohead import bits as L
from headcount_lab.games.poohead.rules import (
    CHEAPEST_FIRST,
    COPIES,
    DECK,
    FACE_DOWN,
    FACE_UP,
    FLIP,
    HAND,
    N_RANKS,
    NINE,
    PASS,
    PICK_UP,
    TABLE,
    TEN,
    PooheadRules,
    action_count,
    action_rank,
    burns,
    can_play,
    face_up_taken_on_pickup,
    finishing_allowed,
    next_seat,
    nine_lead_barred,
    play_action,
    skips,
    source_of,
    start_candidates,
    swap_subsets,
    tiebreak_order,
)

SUBSETS = swap_subsets()


@dataclass
class Table:
    """One game's full state (hidden cards included)."""

    rules: PooheadRules
    hand: list[list[int]]
    up: list[list[int]]
    down: list[list[int]]  # ranks, in slot order; a flip removes one
    draw: list[int]  # the draw pile, next card first
    draw_ptr: int = 0
    pile: list[int] = field(default_factory=lambda: [0] * N_RANKS)
    top: int = -1
    run: int = 0
    pile_len: int = 0
    burnt: list[int] = field(default_factory=lambda: [0] * N_RANKS)
    known: list[list[int]] = field(default_factory=list)
    failed: list[list[int]] = field(default_factory=list)
    active: list[bool] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    cur: int = 0
    starter: int = -1
    start_rank: int = -1  # P7: the rank the first play must be, -1 once played or if free
    replay_may: bool = False  # P11 ten_replay=may: the player who burnt with a 10 may pass
    turns: int = 0
    capped: bool = False
    last_pick_seat: int = -1
    last_pick_top: int = -1

    def __post_init__(self) -> None:
        n = self.rules.players
        if not self.known:
            self.known = [[0] * N_RANKS for _ in range(n)]
        if not self.failed:
            self.failed = [[0] * N_RANKS for _ in range(n)]
        if not self.active:
            self.active = [True] * n

    # --- set-up -------------------------------------------------------------------------------

    @classmethod
    def dealt(cls, rules: PooheadRules, deck: list[int]) -> Table:
        """P2: seat ``s`` gets ``deck[3s:3s+3]`` face down, the same slice of the next ``3n``
        face up and of the next ``3n`` in hand; the rest is the draw pile, next card first."""
        n = rules.players
        t = TABLE
        hands, ups, downs = [], [], []
        for s in range(n):
            downs.append(list(deck[t * s : t * s + t]))
            ups.append(_counts(deck[t * (n + s) : t * (n + s) + t]))
            hands.append(_counts(deck[t * (2 * n + s) : t * (2 * n + s) + t]))
        return cls(rules, hands, ups, downs, list(deck[3 * t * n :]))

    @classmethod
    def position(
        cls,
        rules: PooheadRules,
        hands: list[str],
        ups: list[str] | None = None,
        downs: list[str] | None = None,
        draw: str = "",
        pile: str = "",
        cur: int = 0,
    ) -> Table:
        """A position from text (ranks like ``"3 8 J 10"``), for tests and examples: hands,
        face-up and face-down cards by seat, the draw pile (next card first) and the pile
        (bottom to top). Card counts are checked against the pack, not for being a whole deal."""
        from headcount_lab.games.poohead.rules import check_copies, check_pile, parse_ranks

        n = rules.players
        ups = ups or [""] * n
        downs = downs or [""] * n
        if not len(hands) == len(ups) == len(downs) == n:
            raise ValueError(f"give hands, face-up and face-down cards for {n} seats")
        h = [parse_ranks(x) for x in hands]
        u = [parse_ranks(x) for x in ups]
        d = [parse_ranks(x) for x in downs]
        p = parse_ranks(pile)
        dr = parse_ranks(draw)
        check_copies(*h, *u, *d, p, dr)
        check_pile(p)
        t = cls(rules, [_counts(x) for x in h], [_counts(x) for x in u], d, dr)
        for r in p:
            t.run = t.run + 1 if t.top == r else 1
            t.top = r
            t.pile[r] += 1
            t.pile_len += 1
        t.cur = t.starter = cur
        t.active = [t.cards_left(s) > 0 for s in range(n)]
        return t

    def six(self, seat: int) -> list[int]:
        """P3: a seat's six non-blind cards, sorted by rank index."""
        return sorted(ranks_of(self.hand[seat]) + ranks_of(self.up[seat]))

    def swap(self, choices: list[int]) -> None:
        """P3: every seat's subset index, applied together."""
        for s, i in enumerate(choices):
            six = self.six(s)
            chosen = SUBSETS[i]
            self.up[s] = _counts([six[j] for j in chosen])
            self.hand[s] = _counts([six[j] for j in range(6) if j not in chosen])

    def start_options(self) -> tuple[int, list[int]]:
        """P6: ``(start rank, copies by seat)`` over the scanned zones."""
        scan_up = self.rules.start_scan == "hand_and_faceup"
        scanned = [
            [h + (u if scan_up else 0) for h, u in zip(self.hand[s], self.up[s], strict=True)]
            for s in range(self.rules.players)
        ]
        return start_candidates(scanned)

    def choose_starter(self, stream: PyStream) -> None:
        """P6 and P7: the start player and whether the first play is bound to the start rank."""
        n = self.rules.players
        r, copies = self.start_options()
        if r < 0:
            self.starter = stream.below(n)  # nobody holds an ordinary card: drawn at random
        else:
            tied = [s for s in range(n) if copies[s]]
            if len(tied) == 1:
                self.starter = tied[0]
            elif self.rules.start_tiebreak == "copies":
                x = stream.below(sum(copies))
                s = 0
                while x >= copies[s]:
                    x -= copies[s]
                    s += 1
                self.starter = s
            elif self.rules.start_tiebreak == "random":
                self.starter = tied[stream.below(len(tied))]
            else:
                self.starter = next(s for s in tiebreak_order(n, self.rules.dealer) if copies[s])
        self.set_starter(self.starter)

    def set_starter(self, s: int) -> None:
        """P7: ``s`` opens. The opening is bound to the start rank when ``s`` holds it in hand;
        otherwise (a random start, or the rank found only face up) it is free."""
        r, _ = self.start_options()
        self.starter = self.cur = s
        bound = r >= 0 and not self.rules.starter_free_lead and self.hand[s][r] > 0
        self.start_rank = r if bound else -1

    # --- queries ------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.capped or sum(self.active) <= 1

    def cards_left(self, s: int) -> int:
        return sum(self.hand[s]) + sum(self.up[s]) + len(self.down[s])

    def source(self, s: int) -> int:
        return source_of(sum(self.hand[s]), sum(self.up[s]), len(self.down[s]))

    def _finishes(self, s: int, src: int, k_hand: int, k_up: int) -> bool:
        """Would taking ``k_hand`` hand and ``k_up`` face-up cards leave ``s`` with none (P18)?"""
        if src == HAND and self.draw_ptr < len(self.draw):
            return False
        return sum(self.hand[s]) == k_hand and sum(self.up[s]) == k_up and not self.down[s]

    def _play_ok(self, s: int, src: int, r: int, k: int, k_hand: int, k_up: int) -> bool:
        if not can_play(r, self.top, k, self.rules):
            return False
        if self._finishes(s, src, k_hand, k_up):
            run = self.run + k if self.top == r else k
            return finishing_allowed(r, burns(r, run), self.rules)
        return True

    def legal_actions(self) -> list[int]:
        """Every legal action of the player to move, ascending (P5, P7-P9, P11, P17)."""
        s = self.cur
        rules = self.rules
        src = self.source(s)
        out: list[int] = []
        if src == FACE_DOWN:
            out.append(FLIP)
        else:
            cards = self.hand[s] if src == HAND else self.up[s]
            for r in range(N_RANKS):
                if self.start_rank >= 0 and r != self.start_rank:
                    continue
                for k in range(1, min(cards[r], COPIES) + 1):
                    kh, ku = (k, 0) if src == HAND else (0, k)
                    if self._play_ok(s, src, r, k, kh, ku):
                        out.append(play_action(r, k))
                h = self.hand[s][r]
                if (
                    rules.mix_sources
                    and src == HAND
                    and self.start_rank < 0
                    and self.draw_ptr == len(self.draw)
                    and h == sum(self.hand[s])
                    and self.up[s][r]
                ):
                    for k in range(h + 1, min(h + self.up[s][r], COPIES) + 1):
                        if self._play_ok(s, src, r, k, h, k - h):
                            out.append(play_action(r, k))
            out.sort()
            nines = [a for a in out if action_rank(a) == NINE]
            if nines and nine_lead_barred(self.top, len(nines) < len(out), rules):
                out = [a for a in out if action_rank(a) != NINE]
        plays = [a for a in out if a != FLIP]
        if src != FACE_DOWN and not plays:
            out.append(PICK_UP)  # P9 (on an empty pile this is a pass)
        elif rules.voluntary_pickup and self.pile_len > 0:
            out.append(PICK_UP)
        if self.replay_may:
            out.append(PASS)
        return out

    def observation(self, seat: int, phase: int = L.PHASE_PLAY) -> np.ndarray:
        """What ``seat`` sees (P21), in the layout of ``bits.py``."""
        n = self.rules.players
        obs = np.zeros(L.OBS_SIZE, dtype=np.int64)
        obs[L.O_PLAYERS] = n
        obs[L.O_SEAT] = seat
        obs[L.O_TOP] = self.top
        obs[L.O_RUN] = self.run
        obs[L.O_PILE_LEN] = self.pile_len
        obs[L.O_DRAW_LEFT] = len(self.draw) - self.draw_ptr
        obs[L.O_ACTIVE] = sum(1 << s for s in range(n) if self.active[s])
        obs[L.O_PHASE] = phase
        obs[L.O_TURNS] = self.turns
        obs[L.O_LAST_PICK_SEAT] = self.last_pick_seat
        obs[L.O_LAST_PICK_TOP] = self.last_pick_top
        obs[L.O_STARTER] = self.starter
        if phase == L.PHASE_SWAP:
            obs[L.O_SOURCE] = HAND
            obs[L.O_NEXT] = (seat + 1) % n
            obs[L.OFF_OWN : L.OFF_OWN + N_RANKS] = _counts(self.six(seat))
        else:
            obs[L.O_SOURCE] = self.source(seat)
            obs[L.O_NEXT] = next_seat(seat, 1, self.active)
            obs[L.OFF_OWN : L.OFF_OWN + N_RANKS] = self.hand[seat]
            obs[L.OFF_OWN_FAILED : L.OFF_OWN_FAILED + N_RANKS] = self.failed[seat]
        obs[L.OFF_PILE : L.OFF_PILE + N_RANKS] = self.pile
        obs[L.OFF_BURNT : L.OFF_BURNT + N_RANKS] = self.burnt
        for s in range(n):
            obs[L.OFF_UP + N_RANKS * s : L.OFF_UP + N_RANKS * (s + 1)] = self.up[s]
            obs[L.OFF_KNOWN + N_RANKS * s : L.OFF_KNOWN + N_RANKS * (s + 1)] = self.known[s]
            obs[L.OFF_DOWN_N + s] = len(self.down[s])
            obs[L.OFF_HAND_N + s] = sum(self.hand[s])
        return obs

    def state_key(self) -> tuple:
        """The full state for P20's ``repetition_limit`` (who is to move and every zone)."""
        return (
            self.cur,
            self.replay_may,
            self.start_rank,
            tuple(tuple(h) for h in self.hand),
            tuple(tuple(u) for u in self.up),
            tuple(tuple(d) for d in self.down),
            self.draw_ptr,
            tuple(self.pile),
            self.top,
            self.run,
            tuple(self.active),
        )

    # --- actions ------------------------------------------------------------------------------

    def apply(self, a: int, slot: int = 0) -> int | None:
        """Play action ``a`` for the player to move (``slot``: which face-down card a flip takes,
        among those left, in slot order). Returns the flipped rank for a flip, else ``None``.
        Raises ``ValueError`` for an illegal action."""
        if self.over:
            raise ValueError("the game is over")
        if a not in self.legal_actions():
            raise ValueError(f"action {a} is not legal for seat {self.cur}")
        s = self.cur
        self.turns += 1
        self.replay_may = False
        if a == PASS:
            self.cur = next_seat(s, 1, self.active)
            return None
        if a == PICK_UP:
            self._pick_up(s, taking_faceup=self.source(s) == FACE_UP)
            return None
        if a == FLIP:
            if not 0 <= slot < len(self.down[s]):
                raise ValueError(f"seat {s} has no face-down card in slot {slot}")
            r = self.down[s].pop(slot)
            run = self.run + 1 if self.top == r else 1
            ok = can_play(r, self.top, 1, self.rules)
            if ok and self.cards_left(s) == 0:
                ok = finishing_allowed(r, burns(r, run), self.rules)
            if ok:
                self._after_play(s, r, 1)
            else:  # P17: the card joins the pile in the hand, shown only if the flag says so
                self._pick_up(s, taking_faceup=False)
                self.hand[s][r] += 1
                if self.rules.failed_flip_public:
                    self.known[s][r] += 1
                else:
                    self.failed[s][r] += 1
            return r
        r, k = action_rank(a), action_count(a)
        src = self.source(s)
        zone = self.hand[s] if src == HAND else self.up[s]
        from_zone = min(k, zone[r])
        zone[r] -= from_zone
        if k > from_zone:  # mix_sources: the rest comes from the face-up cards
            self.up[s][r] -= k - from_zone
        self.hand_played(s, r)
        self.start_rank = -1
        self._after_play(s, r, k)
        return None

    def hand_played(self, s: int, r: int) -> None:
        """Cards leaving a hand stop being publicly known (or privately failed) there."""
        self.known[s][r] = min(self.known[s][r], self.hand[s][r])
        self.failed[s][r] = min(self.failed[s][r], self.hand[s][r])

    def _pick_up(self, s: int, taking_faceup: bool) -> None:
        """P9: the pile goes to the hand; with ``pickup_takes_faceup`` (P5) one face-up card
        too. The turn passes and nothing is drawn."""
        if self.pile_len:
            self.last_pick_seat, self.last_pick_top = s, self.top
            if taking_faceup and self.rules.pickup_takes_faceup:
                r = face_up_taken_on_pickup(self.up[s])
                self.up[s][r] -= 1
                self.hand[s][r] += 1
                self.known[s][r] += 1
        for r in range(N_RANKS):
            self.hand[s][r] += self.pile[r]
            self.known[s][r] += self.pile[r]
        self._clear_pile()
        self.cur = next_seat(s, 1, self.active)

    def _clear_pile(self) -> None:
        self.pile = [0] * N_RANKS
        self.top, self.run, self.pile_len = -1, 0, 0

    def _after_play(self, s: int, r: int, k: int) -> None:
        """P10-P13, P18 in their order: pile, draw, burn, going out, who moves next."""
        self.run = self.run + k if self.top == r else k
        self.top = r
        self.pile[r] += k
        self.pile_len += k
        while sum(self.hand[s]) < TABLE and self.draw_ptr < len(self.draw):
            self.hand[s][self.draw[self.draw_ptr]] += 1
            self.draw_ptr += 1
        burned = burns(r, self.run)
        if burned:
            for q in range(N_RANKS):
                self.burnt[q] += self.pile[q]
            self._clear_pile()
        out = self.cards_left(s) == 0
        if out:
            self.active[s] = False
            self.order.append(s)
            if sum(self.active) == 1:
                last = self.active.index(True)
                self.order.append(last)
                return
        if burned and not out:
            self.replay_may = r == TEN and self.rules.ten_replay == "may"
            return  # P11, P12: the same player plays again
        step = 1 if burned else 1 + skips(r, k, self.rules)
        self.cur = next_seat(s, step, self.active)

    def poohead_shares(self) -> list[float]:
        """P19, P20: each seat's share of being the Poohead (all zero for a capped game with
        ``cap_outcome=none``; ties shared under ``most_cards``)."""
        n = self.rules.players
        out = [0.0] * n
        if not self.capped:
            out[self.order[-1]] = 1.0
        elif self.rules.cap_outcome == "most_cards":
            left = {s: self.cards_left(s) for s in range(n) if self.active[s]}
            most = max(left.values())
            worst = [s for s, c in left.items() if c == most]
            for s in worst:
                out[s] = 1.0 / len(worst)
        return out


def _counts(ranks: list[int]) -> list[int]:
    out = [0] * N_RANKS
    for r in ranks:
        out[r] += 1
    return out


def ranks_of(counts: list[int]) -> list[int]:
    """The ranks of a count vector, lowest rank index first."""
    return [r for r in range(N_RANKS) for _ in range(counts[r])]


# --- bots ---------------------------------------------------------------------------------------


class Bots:
    """Decisions by seat: ``random`` and ``cheap`` in Python, the rest through ``agents.act``."""

    def __init__(
        self,
        policies: np.ndarray,
        params: np.ndarray,
        stream: PyStream,
        rules_array: np.ndarray,
    ):
        from headcount_lab.games.poohead import agents

        self.agents = agents
        self.policies = policies
        self.params = params
        self.stream = stream
        self.work = agents.new_work()
        self.rules_array = rules_array

    def _jitted(self, seat: int, obs: np.ndarray, mask: int, swap: bool) -> int:
        state = self.stream.state()
        policy, params = int(self.policies[seat]), self.params[seat]
        if swap:
            a = self.agents.choose_swap(policy, params, state, obs)
        else:
            a = self.agents.act(
                policy, params, state, obs, np.uint64(mask), self.rules_array, self.work
            )
        self.stream.s = [int(v) for v in state]
        return int(a)

    def swap(self, t: Table, seat: int) -> int:
        p = int(self.policies[seat])
        if p == self.agents.RANDOM:
            return self.stream.below(len(SUBSETS))
        if p == self.agents.CHEAP and self.params[seat][self.agents.P_SWAP] == 0:
            return cheap_swap(t.six(seat))
        return self._jitted(seat, t.observation(seat, L.PHASE_SWAP), 0, True)

    def started(self, t: Table) -> None:
        """Called once the swap is made and the start player chosen (``play`` shows it)."""

    def acted(self, t: Table, seat: int, a: int, flipped: int | None) -> None:
        """Called after every action (``flipped``: the rank a flip turned)."""

    def act(self, t: Table, seat: int, legal: list[int]) -> int:
        p = int(self.policies[seat])
        if p == self.agents.RANDOM:
            return legal[self.stream.below(len(legal))]
        if p == self.agents.CHEAP:
            return cheap_play(legal)
        mask = sum(1 << a for a in legal)
        return self._jitted(seat, t.observation(seat), mask, False)


def cheap_swap(six: list[int]) -> int:
    """The ``cheap`` swap: the three most valuable of the six cards face up (10 > 2 > A > ... >
    3); among equal cards the later positions."""
    value = {r: i for i, r in enumerate(CHEAPEST_FIRST)}
    best = sorted(range(6), key=lambda j: (value[six[j]], j), reverse=True)[:3]
    a, b, c = sorted(best)
    return SUBSETS.index((a, b, c))


def cheap_play(legal: list[int]) -> int:
    """The ``cheap`` play: the cheapest legal rank (3 .. A, then 2, then 10) with every copy it
    may play; a pass rather than spend a 2 or 10 after a 10; flip or pick up otherwise."""
    plays = [a for a in legal if a < FLIP]
    if plays:
        for r in CHEAPEST_FIRST:
            mine = [a for a in plays if action_rank(a) == r]
            if mine:
                if PASS in legal and r in (0, TEN):
                    return PASS
                return max(mine)
    return FLIP if FLIP in legal else PICK_UP if PICK_UP in legal else PASS


# --- whole games ----------------------------------------------------------------------------


def play_game(
    rules: PooheadRules,
    policies: np.ndarray,
    params: np.ndarray,
    stream: PyStream,
    bots: Bots | None = None,
) -> dict[str, Any]:
    """One game with the bots by seat. Returns the table, the log (kernel layout, see
    ``kernels.py``) and the outcome. ``bots`` (on the same ``stream``) replaces the default
    decisions, as ``play`` does for the person's seat."""
    deck = [i // COPIES for i in range(DECK)]
    stream.partial_shuffle(deck, DECK - 1)
    t = Table.dealt(rules, deck)
    if bots is None:
        bots = Bots(policies, params, stream, rules.array())
    log: list[int] = list(deck)
    n = rules.players
    if rules.swap:
        choices = [bots.swap(t, s) for s in range(n)]
        t.swap(choices)
    for s in range(n):
        log.extend(ranks_of(t.up[s]))
    t.choose_starter(stream)
    log.append(t.starter)
    bots.started(t)
    actions: list[int] = []
    kinds = [0, 0, 0, 0]  # turns ending in a pick-up, flips, failed flips; seats out by turn
    by_turn = []  # the cards each seat holds at the start of every turn, and after the last
    seen: dict[tuple, int] = {}
    while not t.over:
        if t.turns >= rules.turn_cap:
            t.capped = True
            break
        if rules.repetition_limit:
            key = t.state_key()
            seen[key] = seen.get(key, 0) + 1
            if seen[key] >= rules.repetition_limit:
                t.capped = True
                break
        by_turn.append([t.cards_left(s) for s in range(n)])
        kinds[3] += sum(t.cards_left(s) == 0 for s in range(n))  # out: no cards left (P18)
        legal = t.legal_actions()
        a = legal[0] if len(legal) == 1 else bots.act(t, t.cur, legal)
        seat = t.cur
        slot = stream.below(len(t.down[seat])) if a == FLIP else 0
        held = sum(t.hand[seat])
        flipped = t.apply(a, slot)
        picked = sum(t.hand[seat]) > held  # a play never grows the hand (P10)
        kinds[0] += picked  # a pick-up (P9), or a failed flip's (P17)
        kinds[1] += a == FLIP
        kinds[2] += a == FLIP and picked
        actions.append(a if flipped is None else ACTION_FLIPPED + flipped)
        bots.acted(t, seat, a, flipped)
    by_turn.append([t.cards_left(s) for s in range(n)])
    log.append(len(actions))
    log.extend(actions)
    return {"table": t, "log": log, "actions": actions, "turn_kinds": kinds, "by_turn": by_turn}


#: In logs, a flip is written as ``ACTION_FLIPPED + rank`` of the card it turned.
ACTION_FLIPPED = 64


def run_block(
    rules: PooheadRules,
    stream: PyStream,
    n_games: int,
    bot_policies: np.ndarray,
    bot_params: np.ndarray,
    rotate: bool,
) -> tuple[dict[str, np.ndarray], list[list[int]]]:
    """The reference of ``kernels.run_block``: the same statistics, plus every game's log."""
    from headcount_lab.games.poohead.kernels import SHARE, new_stats

    n = rules.players
    out = new_stats(n, rules.turn_cap)
    logs = []
    for g in range(n_games):
        shift = g % n if rotate else 0
        bot_at = [(s - shift) % n for s in range(n)]
        res = play_game(rules, bot_policies[bot_at], bot_params[bot_at], stream)
        t: Table = res["table"]
        logs.append(res["log"])
        shares = t.poohead_shares()
        out["games"][0] += 1
        out["turn_kinds"] += res["turn_kinds"]
        out["turns_hist"][min(t.turns, rules.turn_cap)] += 1
        if t.capped:
            out["capped"][0] += 1
        for s in range(n):
            j = bot_at[s]
            rel = (s - t.starter) % n
            w = round(shares[s] * SHARE)
            out["poohead_bot"][j] += w
            out["poohead_rel"][rel] += w
            out["games_bot_rel"][j, rel] += 1
            out["poohead_bot_rel"][j, rel] += w
        # comeback: the seats with the most cards at the start of turn turns // 2 (half-time)
        # escape being the Poohead; k of them share the game's weight
        at_half = res["by_turn"][t.turns // 2]
        last = [s for s in range(n) if at_half[s] == max(at_half)]
        for s in last:
            out["comeback"][0] += SHARE // len(last) * round((1 - shares[s]) * SHARE)
        if not t.capped:
            for place, s in enumerate(t.order):
                out["place_bot"][bot_at[s], place] += 1
                out["place_rel"][(s - t.starter) % n, place] += 1
    return out, logs
