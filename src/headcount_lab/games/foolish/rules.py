"""Foolish Faces: the deck, the secret teams, the trick rules and the scoring, as plain verbs.

Rules in brief (our words; gaps decided by rulings F1-F19, see docs/games/foolish-faces.md).
Four or five players use 54 cards: A, 2-10, J, Q, K four times each and two Jokers; suits never
matter (F1). A stock of 2 cards (4 players) or 4 (5 players) is turned face up, turned again
from a fresh shuffle while it shows both Jokers, and 13 or 10 cards go to each player (F2). The
players dealt a Joker are the Fools, the others the Court; a single Joker holder is the Lone Fool
(F3). Every card is played face up or face down, with no duty to follow (F5), but a finished
trick must hold a face-up card and an uncovered face-down card (F6). Face down a card ranks
lowest; face up A..10 rank 1..10 and the Joker 11; face-up J, Q and K have abilities instead of
ranks: an odd number of uncovered Jacks makes the lowest card win (F10), a Queen covers a card
played earlier by someone else (F8; never led, F7), a King names the player who takes the trick
(F11). A trick's points are its face-up cards (F12); the Fools add the stock; a Lone Fool's
total is multiplied; a player without a trick adds a bonus times the round number (F15, F16).

Worked example (golden trick G5, 4 players): player 1 leads the Joker face up, player 2 covers
it with a Queen, player 3 covers that Queen with a Queen, which uncovers the Joker again, and
player 4 plays face down. The Joker (rank 11) is the highest uncovered card: player 1 takes 3
points (three face-up cards) and wears the Fool's hat::

    $ headcount-lab foolish trick --players 4 "JK Q@1 Q@2 down"
    player 1 takes the trick: 3 points

Encoding. Card *types* ``t``: 0 = A, 1..9 = 2..10, 10 = J, 11 = Q, 12 = K, 13 = Joker. A hand
is 14 counts. Action ids (< 64, so a legal set is one ``uint64`` mask): ``t`` plays type ``t``
face down; ``14 + t`` face up (not Q or K); ``28 + o - 1`` a face-up Queen on the card of seat
``(me + o) % n``; ``32 + o - 1`` a face-up King naming seat ``(me + o) % n`` (o = 1..n-1);
``36`` Party Crasher (F18).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

import numpy as np

from headcount_lab.core.cards import rank_of
from headcount_lab.core.flags import check_ranges, ranged, with_flags

#: Rules version: bumped only when outcomes change (see docs/games/foolish-faces.md).
VERSION = 1

PLAYERS = (4, 5)
N_TYPES = 14
DECK_SIZE = 54
ACE, JACK, QUEEN, KING, JOKER = 0, 10, 11, 12, 13
COPIES = (4,) * 13 + (2,)  # F1: four of each rank, two Jokers
NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK")

A_UP = 14
A_QUEEN = 28
A_KING = 32
A_CRASH = 36
N_ACTIONS = 37

ROUNDS = ("full", "single")
#: why the scoring flags stop where they do (see ``FoolishRules.no_tricks_bonus``)
SCORE_SUMS = "the kernels sum each game's score and its square in 64-bit integers"

# Layout of the int64 rules array the kernels read (see :meth:`FoolishRules.array`).
I_PLAYERS = 0
I_ROUNDS = 1
I_BONUS = 2
I_MULT = 3
I_PC = 4
I_PC_STOCK = 5
I_PC_BONUS = 6
I_FIRST_START = 7  # -1: random (drawn from the stream at the start of each game)
N_RULE_FIELDS = 8


@dataclass(frozen=True)
class FoolishRules:
    """House-rule flags (plain data). Defaults are the rule text as decided by F1-F19."""

    players: int = ranged(4, min(PLAYERS), max(PLAYERS))  # F1
    rounds: str = "full"  # F1, F4: "full" (one round per player) or "single"
    #: F16: 5 here, 10 in the published rules. With ``lone_multiplier`` at most 10 a game scores
    #: at most 5 rounds x 54 points x 10 + 100 x (1 + ... + 5) = 4,200, whose square the kernels
    #: sum in int64: room for 5e11 such games, past any run the one-day limit lets start
    no_tricks_bonus: int = ranged(5, 0, 100, SCORE_SUMS)
    #: F15: None = 2 with 4 players, 3 with 5 (see ``no_tricks_bonus`` for the bound)
    lone_multiplier: int | None = ranged(None, 1, 10, SCORE_SUMS)
    party_crasher: bool = False  # F18
    pc_keeps_stock: bool = True  # F18: the stock still counts after a Party Crasher
    pc_no_tricks_bonus: bool = True  # F18: the No Tricks bonus is paid after a Party Crasher
    #: F4: None = random seat each game, else the seat (below ``players``)
    first_start: int | None = ranged(None, 0, max(PLAYERS) - 1)

    def __post_init__(self) -> None:
        check_ranges(self)
        if self.rounds not in ROUNDS:
            raise ValueError(f"rounds must be one of {', '.join(ROUNDS)}, not {self.rounds!r}")
        if self.first_start is not None and not 0 <= self.first_start < self.players:
            raise ValueError(
                f"first_start must be a seat 0..{self.players - 1} or none, not {self.first_start}"
            )

    @property
    def multiplier(self) -> int:
        """F15: the Lone Fool's multiplier (2 with 4 players, 3 with 5, unless set)."""
        if self.lone_multiplier is not None:
            return self.lone_multiplier
        return 2 if self.players == 4 else 3

    @property
    def n_rounds(self) -> int:
        """F1: one round per player, or one."""
        return self.players if self.rounds == "full" else 1

    def array(self) -> np.ndarray:
        """The flags as the ``int64[N_RULE_FIELDS]`` array the kernels take."""
        a = np.zeros(N_RULE_FIELDS, dtype=np.int64)
        a[I_PLAYERS] = self.players
        a[I_ROUNDS] = self.n_rounds
        a[I_BONUS] = self.no_tricks_bonus
        a[I_MULT] = self.multiplier
        a[I_PC] = int(self.party_crasher)
        a[I_PC_STOCK] = int(self.pc_keeps_stock)
        a[I_PC_BONUS] = int(self.pc_no_tricks_bonus)
        a[I_FIRST_START] = -1 if self.first_start is None else self.first_start
        return a

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def with_flags(self, assignments: list[str]) -> FoolishRules:
        """Apply ``name=value`` assignments (from ``--rule``); unknown names or values raise."""
        return with_flags(self, assignments)


def check_players(n: int) -> int:
    if n not in PLAYERS:
        raise ValueError(f"--players must be 4 or 5, not {n}")
    return n


def stock_size(n: int) -> int:
    """F2: 2 stock cards with 4 players, 4 with 5."""
    return 2 if check_players(n) == 4 else 4


def hand_size(n: int) -> int:
    """F1, F2: 13 cards each with 4 players (13 tricks), 10 with 5."""
    return 13 if check_players(n) == 4 else 10


def round_start(first_start: int, round_no: int, n: int) -> int:
    """F4: the start player of round ``round_no`` (1-based) is ``first_start + round_no - 1``."""
    return (first_start + round_no - 1) % n


def deck_types() -> list[int]:
    """F1: the 54 cards as types, in type order (the order the dealer starts from)."""
    return [t for t in range(N_TYPES) for _ in range(COPIES[t])]


def must_redeal(stock: list[int]) -> bool:
    """F2: a stock showing both Jokers is gathered in and the whole deck shuffled again."""
    return stock.count(JOKER) == 2


# --- teams -------------------------------------------------------------------------------------


def fools(hands: list[list[int]]) -> list[int]:
    """F3: the seats dealt at least one Joker (``hands`` by seat, as lists of types)."""
    return [s for s, h in enumerate(hands) if JOKER in h]


def is_lone(fool_seats: list[int]) -> bool:
    """F3: exactly one Fool (both Jokers in one hand, or one in the stock)."""
    return len(fool_seats) == 1


# --- one trick ---------------------------------------------------------------------------------


class Play(NamedTuple):
    """One card in a trick: ``card`` is a type, or -1 for a face-down card nobody knows;
    ``target`` is the seat a face-up Queen covers or a face-up King names, else -1."""

    seat: int
    card: int
    up: bool
    target: int = -1


def covered(trick: list[Play]) -> list[bool]:
    """F8: by position, whether a card is covered: the Queen placed directly on it is itself
    uncovered (stack parity). Queens lie on cards played earlier, so one backward pass does."""
    on = [-1] * len(trick)
    pos = {p.seat: i for i, p in enumerate(trick)}
    for i, p in enumerate(trick):
        if p.up and p.card == QUEEN:
            on[pos[p.target]] = i
    cov = [False] * len(trick)
    for i in range(len(trick) - 1, -1, -1):
        cov[i] = on[i] >= 0 and not cov[on[i]]
    return cov


def rank(p: Play) -> int | None:
    """F9: face down 0, A 1, 2-10 their value, Joker 11; face-up J, Q, K have no rank."""
    if not p.up:
        return 0
    if p.card in (JACK, QUEEN, KING):
        return None
    return 11 if p.card == JOKER else p.card + 1


def trick_winner(trick: list[Play]) -> int | None:
    """F9-F11: the seat that takes ``trick`` (``None`` if no card can take it yet).

    The first uncovered face-up King decides (F11). Otherwise, with an odd number of uncovered
    face-up Jacks the lowest uncovered ranked card wins, else the highest (F10); of equal ranks
    the first played wins (F9).
    """
    cov = covered(trick)
    for p, c in zip(trick, cov, strict=True):
        if p.up and p.card == KING and not c:
            return p.target
    jacks = sum(1 for p, c in zip(trick, cov, strict=True) if p.up and p.card == JACK and not c)
    best: int | None = None
    best_rank = 0
    for p, c in zip(trick, cov, strict=True):
        r = rank(p)
        if c or r is None:
            continue
        if best is None or (r < best_rank if jacks % 2 else r > best_rank):
            best, best_rank = p.seat, r
    return best


def trick_points(trick: list[Play]) -> int:
    """F12: one point per face-up card, covered or not."""
    return sum(1 for p in trick if p.up)


def trick_complete_ok(trick: list[Play]) -> bool:
    """F6: a finished trick holds a face-up card and a face-down card that no Queen covers."""
    cov = covered(trick)
    return any(p.up for p in trick) and any(
        not p.up and not c for p, c in zip(trick, cov, strict=True)
    )


def play_problem(trick: list[Play], play: Play, n: int) -> str | None:
    """Why ``play`` may not join ``trick`` (F5-F8, F11, and F6 for the last card), or ``None``.

    The card is not checked against a hand here (see :func:`hand_problem`).
    """
    if len(trick) >= n:
        return "the trick is already complete"
    if play.up and play.card == QUEEN:
        if not trick:
            return "a Queen cannot be led face up (F7)"
        if play.target == play.seat:
            return "a Queen cannot cover its own player's card (F8)"
        pos = {p.seat: i for i, p in enumerate(trick)}
        if play.target not in pos:
            return (
                f"a Queen covers a card already in the trick; player {play.target + 1} has none"
                " (F8)"
            )
        if any(p.up and p.card == QUEEN and p.target == play.target for p in trick):
            return f"player {play.target + 1}'s card already has a Queen on it (F8)"
    elif play.up and play.card == KING:
        if play.target == play.seat:
            return "a King names another player, never its own (F11)"
        if not 0 <= play.target < n:
            return f"a King names a player 1..{n} (F11)"
    elif play.target != -1:
        return "only a face-up Queen or King takes a target"
    if len(trick) == n - 1 and not trick_complete_ok([*trick, play]):
        if not any(p.up for p in [*trick, play]):
            return "the finished trick needs a face-up card: the last player must play face up (F6)"
        return "the finished trick needs an uncovered face-down card (F6)"
    return None


# --- actions -----------------------------------------------------------------------------------


def action_play(a: int, seat: int, n: int) -> Play:
    """The play an action id stands for (see the module docstring); not :data:`A_CRASH`."""
    if 0 <= a < A_UP:
        return Play(seat, a, False)
    if A_UP <= a < A_QUEEN and a - A_UP not in (QUEEN, KING):
        return Play(seat, a - A_UP, True)
    if A_QUEEN <= a < A_QUEEN + n - 1:
        return Play(seat, QUEEN, True, (seat + a - A_QUEEN + 1) % n)
    if A_KING <= a < A_KING + n - 1:
        return Play(seat, KING, True, (seat + a - A_KING + 1) % n)
    raise ValueError(f"{a} is not a play action for {n} players")


def play_action(p: Play, n: int) -> int:
    """The action id of a play (inverse of :func:`action_play`)."""
    if not p.up:
        return p.card
    if p.card == QUEEN:
        return A_QUEEN + (p.target - p.seat) % n - 1
    if p.card == KING:
        return A_KING + (p.target - p.seat) % n - 1
    return A_UP + p.card


def can_crash(rules: FoolishRules, hand: list[int], lone_fool: bool) -> bool:
    """F18: with Party Crasher on, a Lone Fool whose hand is non-empty and holds only J, Q and K
    may show it instead of playing. ``hand`` is 14 counts."""
    return (
        rules.party_crasher
        and lone_fool
        and sum(hand) > 0
        and sum(hand[JACK : KING + 1]) == sum(hand)
    )


def legal_actions(
    hand: list[int], trick: list[Play], seat: int, n: int, crash_ok: bool = False
) -> list[int]:
    """Every legal action id for ``seat`` holding ``hand`` (14 counts), ascending (F5-F8, F18)."""
    out = []
    for a in range(A_CRASH):
        try:
            p = action_play(a, seat, n)
        except ValueError:
            continue
        if hand[p.card] > 0 and play_problem(trick, p, n) is None:
            out.append(a)
    if crash_ok:
        out.append(A_CRASH)
    return out


# --- scoring -----------------------------------------------------------------------------------


def round_scores(
    rules: FoolishRules,
    round_no: int,
    fool_seats: list[int],
    tricks_won: list[int],
    points: list[int],
    crashed: bool = False,
) -> list[int]:
    """F15, F16 (and F18 after a Party Crasher): every player's score for the round.

    Each team's total is its members' trick points; the Fools add the stock (one point a card);
    a Lone Fool's total is multiplied. Everyone adds their team's total, and a player who took no
    trick adds ``no_tricks_bonus * round_no``, never multiplied.
    """
    n = rules.players
    stock = stock_size(n) if not crashed or rules.pc_keeps_stock else 0
    fool_total = sum(points[s] for s in fool_seats) + stock
    if is_lone(fool_seats):
        fool_total *= rules.multiplier
    court_total = sum(points[s] for s in range(n) if s not in fool_seats)
    out = []
    for s in range(n):
        score = fool_total if s in fool_seats else court_total
        if tricks_won[s] == 0 and (not crashed or rules.pc_no_tricks_bonus):
            score += rules.no_tricks_bonus * round_no
        out.append(score)
    return out


def win_shares(totals: list[int]) -> list[float]:
    """F17: the highest total wins; k tied players each get 1/k of a win."""
    best = max(totals)
    k = totals.count(best)
    return [1 / k if t == best else 0.0 for t in totals]


# --- text --------------------------------------------------------------------------------------


def type_name(t: int) -> str:
    return NAMES[t]


def parse_type(text: str) -> int:
    """A card type by name: A, 2..10 (or T), J, Q, K, JK (or Joker); case does not matter."""
    t = text.strip().upper()
    if t in ("JK", "JOKER"):
        return JOKER
    rank = 14 if t == "1" else rank_of(t)  # the platform's rank names: T is 10 in every game
    if rank is None:
        raise ValueError(f"unknown card {text!r}: use A, 2..10 (or T), J, Q, K or JK")
    return 0 if rank == 14 else rank - 1  # the order of NAMES: A, 2..10, J, Q, K


def play_text(p: Play) -> str:
    """A play in the referee's notation: ``down``, a card name, ``Q@k`` or ``K@k`` (k from 1)."""
    if not p.up:
        return "down"
    if p.card in (QUEEN, KING):
        return f"{NAMES[p.card]}@{p.target + 1}"
    return NAMES[p.card]


def parse_play(token: str, seat: int, n: int) -> Play:
    """One play in the referee's notation for ``seat`` (card types of face-down plays are -1)."""
    t = token.strip()
    if t.lower() == "down":
        return Play(seat, -1, False)
    name, at, k = t.partition("@")
    card = parse_type(name)
    if card in (QUEEN, KING):
        if not at:
            what = (
                "cover a card: write Q@k (F8)"
                if card == QUEEN
                else "name a player: write K@k (F11)"
            )
            raise ValueError(f"player {seat + 1}: a face-up {NAMES[card]} must {what}")
        if not k.isdigit() or not 1 <= int(k) <= n:
            raise ValueError(f"player {seat + 1}: {token!r} must name a player 1..{n}")
        return Play(seat, card, True, int(k) - 1)
    if at:
        raise ValueError(f"player {seat + 1}: only a Queen or a King takes @k, not {token!r}")
    return Play(seat, card, True)


#: the word between a Queen or a King and its number in the records' and ``play``'s notation
TARGET_WORDS = {"Q": "on", "K": "names"}


def trick_tokens(text: str) -> list[str]:
    """The plays of a trick, one token each. ``Q on k`` and ``K names k``, the notation of
    ``play`` and of records, stand for the referee's ``Q@k`` and ``K@k``, so a trick may be
    written either way. A face-down play stays ``down``: the referee never needs the card, and
    ``7 down`` already means a face-up 7 followed by a face-down card."""
    words = text.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        name = words[i].upper()
        if i + 2 < len(words) and words[i + 1].lower() == TARGET_WORDS.get(name):
            out.append(f"{name}@{words[i + 2]}")
            i += 3
        else:
            out.append(words[i])
            i += 1
    return out


def parse_trick(text: str, n: int) -> list[Play]:
    """A complete trick written in play order, player 1 leading, checked play by play."""
    check_players(n)
    tokens = trick_tokens(text)
    if len(tokens) != n:
        raise ValueError(f"a {n}-player trick has {n} plays, got {len(tokens)}")
    trick: list[Play] = []
    for seat, tok in enumerate(tokens):
        p = parse_play(tok, seat, n)
        problem = play_problem(trick, p, n)
        if problem is not None:
            raise ValueError(f"player {seat + 1} ({tok}): {problem}")
        trick.append(p)
    for t in range(N_TYPES):
        shown = sum(1 for p in trick if p.up and p.card == t)
        if shown > COPIES[t]:
            raise ValueError(
                f"the deck has only {COPIES[t]} cards {NAMES[t]}, the trick shows {shown}"
            )
    return trick


def referee(n: int, text: str) -> dict[str, int]:
    """Decide one complete trick (F5-F12): the winner (player number from 1) and its points."""
    trick = parse_trick(text, n)
    winner = trick_winner(trick)
    assert winner is not None  # F6 guarantees an uncovered face-down card
    return {"winner": winner + 1, "points": trick_points(trick)}
