"""Poohead: the house-rule flags, the rank encoding and every ruling as a plain verb.

Rules in brief (our words; the gaps of the rule text are decided by rulings P1-P22, see
``docs/games/poohead.md``). Two to four players, one 52-card pack, suits never matter. Each player
gets three blind cards face down, three face-up cards on them and three in hand; the rest is the
draw pile. Before play everybody may swap hand cards with their own face-up cards (P3). The player
whose hand holds the lowest card starts with it (P6, P7). In turn, each player plays one or more
cards of one rank that are legal on the top card of the pile (P8), then draws back up to three
while the draw pile lasts (P10), or, with no legal play, picks the pile up (P9). The order is
3 < 4 < ... < 9 < J < Q < K < A; a 2 goes on anything and resets (P15), a 10 goes on anything and
burns the pile (P11), four of a rank on top burn it too (P12), an 8 skips the next player (P13)
and a 9 makes the next player go 9 or lower (P14). A player who burns plays again. Hand first,
then the face-up cards, then the face-down cards, which are flipped blind (P5, P17). Whoever is
left holding cards is the Poohead (P19). Stalled games end at a turn cap (P20).

Worked example: the pile is ``5 9`` (9 on top) and you hold ``3 8 J 10``. The 9 lets the next
player play only 3-9 or a wild card (P14), so your legal plays are 3, 8 and 10; the J is not
legal. Play the 8 and the player after you is skipped (P13)::

    $ headcount-lab poohead legal --pile "5 9" --hand "3 8 J 10"
    legal: 3 8 10

Rank encoding. Rank index ``r`` is 0..12 for 2, 3, ..., 10, J, Q, K, A (so ``r`` grows with the
comparison order among the ordinary ranks, and 2 = 0, 10 = 8 are the wild ones). Actions: play
``k`` cards of rank ``r`` is ``r * 4 + (k - 1)`` (0..51); 52 flips a face-down card, 53 picks the
pile up, 54 passes after a 10 when ``ten_replay=may``. The swap is a subset index (see
:func:`swap_subsets`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from headcount_lab.core.cards import rank_of
from headcount_lab.core.flags import check_ranges, ranged, with_flags

#: Rules version: bumped only when outcomes change (see docs/games/poohead.md).
VERSION = 1

PLAYERS_MIN = 2
PLAYERS_MAX = 4
N_RANKS = 13
COPIES = 4
DECK = N_RANKS * COPIES
TABLE = 3  # face-down, face-up and starting hand cards per player (P2)

RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TWO, THREE, EIGHT, NINE, TEN = 0, 1, 6, 7, 8
ACE = 12
WILD = (TWO, TEN)
#: P4: the comparison order of the ordinary ranks, lowest first (2 and 10 are outside it).
ORDER = tuple(r for r in range(N_RANKS) if r not in WILD)
#: Bots' value of a card, cheapest first: 3 .. A, then 2, then 10 (section 5 of the rulings).
CHEAPEST_FIRST = (*ORDER, TWO, TEN)

FLIP = 52
PICK_UP = 53
PASS = 54
N_ACTIONS = 55

START_SCANS = ("hand", "hand_and_faceup")
START_TIEBREAKS = ("copies", "random", "seat")
TEN_REPLAYS = ("must", "may")
EIGHT_SKIPS = ("per_play", "per_card")
CAP_OUTCOMES = ("none", "most_cards")

#: Sources a player plays from (P5).
HAND, FACE_UP, FACE_DOWN = 0, 1, 2
SOURCE_NAMES = ("hand", "face-up", "face-down")

# Layout of the int64 rules array the kernels read (see PooheadRules.array()).
I_PLAYERS = 0
I_SWAP = 1
I_MIX_SOURCES = 2
I_PICKUP_TAKES_FACEUP = 3
I_START_FACEUP = 4
I_START_TIEBREAK = 5
I_STARTER_FREE_LEAD = 6
I_VOLUNTARY_PICKUP = 7
I_TEN_MAY = 8
I_BOMB_ANYTIME = 9
I_EIGHT_PER_CARD = 10
I_FAILED_FLIP_PUBLIC = 11
I_FINISH_ON_SPECIAL = 12
I_TURN_CAP = 13
I_CAP_MOST_CARDS = 14
I_REPETITION_LIMIT = 15
I_DEALER = 16
I_NO_NINE_ON_EMPTY = 17
N_RULE_FIELDS = 18


#: flags added after rules version 1 whose default plays exactly as before they existed
LATER_FLAGS: dict[str, Any] = {"no_nine_on_empty": False}


@dataclass(frozen=True)
class PooheadRules:
    """House-rule flags (plain data). Defaults are the rulings P1-P22."""

    players: int = ranged(4, PLAYERS_MIN, PLAYERS_MAX)  # P1 (the rulings' n_players)
    swap: bool = True  # P3
    mix_sources: bool = False  # P5: a play may add matching face-up cards to the last hand cards
    pickup_takes_faceup: bool = False  # P5: picking up on face-up cards also takes one of them
    start_scan: str = "hand"  # P6: "hand" or "hand_and_faceup"
    start_tiebreak: str = "copies"  # P6: "copies" (= lowest suit), "random" or "seat"
    starter_free_lead: bool = False  # P7
    voluntary_pickup: bool = False  # P9
    ten_replay: str = "must"  # P11: "must" or "may"
    bomb_anytime: bool = False  # P12
    eight_skip: str = "per_play"  # P13: "per_play" or "per_card"
    failed_flip_public: bool = False  # P17
    finish_on_special: bool = True  # P18
    turn_cap: int = ranged(5000, 1, 1_000_000, "the repetition table holds twice the cap")  # P20
    cap_outcome: str = "none"  # P20: "none" or "most_cards"
    #: P20: 0 = off, else end as capped when a state recurs this often
    repetition_limit: int = ranged(0, 0, 1000)
    #: P22: the dealer's seat (matters only for start_tiebreak=seat), a seat below players
    dealer: int = ranged(0, 0, PLAYERS_MAX - 1)
    no_nine_on_empty: bool = False  # house rule against stalls: no 9 led onto an empty pile

    def __post_init__(self) -> None:
        check_players(self.players)
        for name, choices in (
            ("start_scan", START_SCANS),
            ("start_tiebreak", START_TIEBREAKS),
            ("ten_replay", TEN_REPLAYS),
            ("eight_skip", EIGHT_SKIPS),
            ("cap_outcome", CAP_OUTCOMES),
        ):
            value = getattr(self, name)
            if value not in choices:
                raise ValueError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
        for name in (
            "swap",
            "mix_sources",
            "pickup_takes_faceup",
            "starter_free_lead",
            "voluntary_pickup",
            "bomb_anytime",
            "failed_flip_public",
            "finish_on_special",
            "no_nine_on_empty",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} takes on/off, not {getattr(self, name)!r}")
        check_ranges(self)  # whole numbers within their outer bounds; the seat below
        if self.repetition_limit == 1:
            raise ValueError("repetition_limit must be 0 (off) or at least 2, not 1")
        if not 0 <= self.dealer < self.players:
            raise ValueError(f"dealer must be a seat 0..{self.players - 1}, not {self.dealer!r}")

    @property
    def draw_pile(self) -> int:
        """P2: cards left for the draw pile after the deal."""
        return DECK - 3 * TABLE * self.players

    def array(self) -> np.ndarray:
        """The flags as the ``int64[N_RULE_FIELDS]`` array the kernels take."""
        a = np.zeros(N_RULE_FIELDS, dtype=np.int64)
        a[I_PLAYERS] = self.players
        a[I_SWAP] = int(self.swap)
        a[I_MIX_SOURCES] = int(self.mix_sources)
        a[I_PICKUP_TAKES_FACEUP] = int(self.pickup_takes_faceup)
        a[I_START_FACEUP] = int(self.start_scan == "hand_and_faceup")
        a[I_START_TIEBREAK] = START_TIEBREAKS.index(self.start_tiebreak)
        a[I_STARTER_FREE_LEAD] = int(self.starter_free_lead)
        a[I_VOLUNTARY_PICKUP] = int(self.voluntary_pickup)
        a[I_TEN_MAY] = int(self.ten_replay == "may")
        a[I_BOMB_ANYTIME] = int(self.bomb_anytime)
        a[I_EIGHT_PER_CARD] = int(self.eight_skip == "per_card")
        a[I_FAILED_FLIP_PUBLIC] = int(self.failed_flip_public)
        a[I_FINISH_ON_SPECIAL] = int(self.finish_on_special)
        a[I_TURN_CAP] = self.turn_cap
        a[I_CAP_MOST_CARDS] = int(self.cap_outcome == "most_cards")
        a[I_REPETITION_LIMIT] = self.repetition_limit
        a[I_DEALER] = self.dealer
        a[I_NO_NINE_ON_EMPTY] = int(self.no_nine_on_empty)
        return a

    def as_dict(self) -> dict[str, Any]:
        """The flags as plain data, less a flag of :data:`LATER_FLAGS` at its default: records,
        summaries and run identities written before that flag existed stay what they were."""
        d = asdict(self)
        for name, default in LATER_FLAGS.items():
            if d[name] == default:
                del d[name]
        return d

    def with_flags(self, assignments: list[str]) -> PooheadRules:
        """Apply ``name=value`` assignments (from ``--rule``); unknown names or values raise."""
        return with_flags(self, assignments)


def check_players(n: Any) -> int:
    if not isinstance(n, int) or not PLAYERS_MIN <= n <= PLAYERS_MAX:
        raise ValueError(f"players must be between {PLAYERS_MIN} and {PLAYERS_MAX}, not {n!r}")
    return n


# --- ranks and their text -----------------------------------------------------------------------

_SUITS = set("SHDC♠♥♦♣♤♡♢♧")


def parse_rank(token: str) -> int:
    """A rank from ``3``, ``10``, ``T``, ``q`` or a card with its suit (``QH``, ``10♠``)."""
    t = token.strip().upper()
    if len(t) >= 2 and t[-1] in _SUITS:
        t = t[:-1]
    rank = rank_of(t)  # the platform's rank names, T for 10 included
    if rank is None:
        raise ValueError(
            f"unknown card {token!r}: expected a rank 2-10, J, Q, K, A (or T for 10), "
            "with or without a suit (QH, 10♠)"
        )
    return rank - 2  # 2 -> 0 ... A (14) -> 12, the order of RANK_NAMES


def parse_ranks(text: str) -> list[int]:
    """Ranks of a text of cards separated by spaces or commas, in the order given."""
    return [parse_rank(tok) for tok in text.replace(",", " ").split()]


def counts_of(ranks: list[int]) -> list[int]:
    out = [0] * N_RANKS
    for r in ranks:
        out[r] += 1
    return out


def check_copies(*groups: list[int]) -> None:
    """Raise if the groups together hold more copies of a rank than the pack (P1)."""
    total = [0] * N_RANKS
    for g in groups:
        for r in g:
            total[r] += 1
    for r, c in enumerate(total):
        if c > COPIES:
            raise ValueError(f"{c} cards of rank {RANK_NAMES[r]}, but the pack holds {COPIES}")


# --- actions ------------------------------------------------------------------------------------


def play_action(rank: int, count: int) -> int:
    return rank * COPIES + count - 1


def action_rank(a: int) -> int:
    return a // COPIES


def action_count(a: int) -> int:
    return a % COPIES + 1


def action_text(a: int) -> str:
    if a == FLIP:
        return "flip"
    if a == PICK_UP:
        return "pick up"
    if a == PASS:
        return "pass"
    return f"{RANK_NAMES[action_rank(a)]}x{action_count(a)}"


def parse_action(text: str) -> int:
    """Inverse of :func:`action_text` (``flip`` may carry its card: ``flip K``)."""
    t = text.strip().lower()
    if t.startswith("flip"):
        return FLIP
    if t == "pick up":
        return PICK_UP
    if t == "pass":
        return PASS
    rank, sep, count = t.partition("x")
    if not sep or not count.isdigit() or not 1 <= int(count) <= COPIES:
        raise ValueError(f"unknown action {text!r}: expected RANKxCOUNT, flip, pick up or pass")
    return play_action(parse_rank(rank), int(count))


# --- the rulings as verbs -----------------------------------------------------------------------


def is_wild(r: int) -> bool:
    """P4, P11, P15: 2 and 10 are outside the order and go on anything."""
    return r in (TWO, TEN)


def can_play(rank: int, top: int, count: int = 1, rules: PooheadRules | None = None) -> bool:
    """P8: may ``count`` cards of ``rank`` go on a pile whose top card is ``top`` (-1: empty)?

    Legal when the pile is empty, the top is a 2 (P15), the rank is wild (2 or 10), the top is a 9
    and the rank is 3-9 (P14), or the rank is equal or higher in the P4 order. With
    ``bomb_anytime`` four of a kind goes on anything (P12).
    """
    if top < 0 or top == TWO or is_wild(rank):
        return True
    if rules is not None and rules.bomb_anytime and count == COPIES:
        return True
    if top == NINE:
        return THREE <= rank <= NINE
    return rank >= top


def burns(rank: int, run: int) -> bool:
    """P11, P12: a 10 burns the pile, and so do four cards of one rank on top (``run`` is the
    number of consecutive top cards of that rank after the play)."""
    return rank == TEN or run >= COPIES


def skips(rank: int, count: int, rules: PooheadRules) -> int:
    """P13: players skipped after a play that did not burn (8s only)."""
    if rank != EIGHT:
        return 0
    return count if rules.eight_skip == "per_card" else 1


def finishing_allowed(rank: int, burned: bool, rules: PooheadRules) -> bool:
    """P18: may a play that leaves its player without cards be of this rank? With
    ``finish_on_special`` off a last play may not be a 2, 8, 9 or 10, nor complete a bomb."""
    if rules.finish_on_special:
        return True
    return rank not in (TWO, EIGHT, NINE, TEN) and not burned


def next_seat(seat: int, steps: int, active: list[bool]) -> int:
    """The seat ``steps`` active players clockwise from ``seat`` (P18, P22: only players still
    in count; ``seat`` itself may be out). With ``steps`` a multiple of the players left, the same
    player moves again (P13)."""
    n = len(active)
    s = seat
    while steps > 0:
        s = (s + 1) % n
        if active[s]:
            steps -= 1
    return s


def source_of(hand: int, face_up: int, face_down: int) -> int:
    """P5: the zone a player plays from (by card counts), or -1 for a player who is out."""
    if hand:
        return HAND
    if face_up:
        return FACE_UP
    if face_down:
        return FACE_DOWN
    return -1


def lowest_starter_rank(hands: list[list[int]]) -> int:
    """P6: the lowest rank in the P4 order among the given count vectors, or -1 if none holds an
    ordinary (non-wild) card."""
    for r in ORDER:
        if any(h[r] for h in hands):
            return r
    return -1


def start_candidates(scanned: list[list[int]]) -> tuple[int, list[int]]:
    """P6: ``(start rank, copies of it by seat)``; rank -1 if no scanned card is ordinary."""
    r = lowest_starter_rank(scanned)
    if r < 0:
        return -1, [0] * len(scanned)
    return r, [h[r] for h in scanned]


def tiebreak_order(players: int, dealer: int) -> list[int]:
    """P6, P22: ``start_tiebreak=seat`` takes the first tied seat clockwise from the dealer's
    left."""
    return [(dealer + 1 + i) % players for i in range(players)]


def face_up_taken_on_pickup(face_up: list[int]) -> int:
    """P5 ``pickup_takes_faceup``: the face-up card that goes to the hand with the pile. Our
    choice where the house rule is silent: the cheapest one (3 first, 2 and 10 last)."""
    for r in CHEAPEST_FIRST:
        if face_up[r]:
            return r
    raise ValueError("no face-up card to take")


def nine_lead_barred(top: int, other_play: bool, rules: PooheadRules | None) -> bool:
    """House rule ``no_nine_on_empty`` (off by default; it is not in the rule text): a 9 may not
    be led onto an empty pile while the player has a legal play of another rank from the same
    source. Our decision where the house rule is silent: a player whose only plays are 9s (a
    hand of 9s, or a start bound to 9s, P7) still leads them, and a blind flip (P17), one card
    with no choice, is never barred, so the rule never leaves a player without a move."""
    return rules is not None and rules.no_nine_on_empty and top < 0 and other_play


def legal_ranks(cards: list[int], top: int, rules: PooheadRules | None = None) -> list[int]:
    """P8: the ranks among ``cards`` (count vector) with a legal play on ``top``, ascending by
    index (2, 3, ..., 10, J, Q, K, A), less a 9 that ``no_nine_on_empty`` bars. The move
    referee's answer."""
    out = []
    for r in range(N_RANKS):
        c = cards[r]
        if c and any(can_play(r, top, k, rules) for k in range(1, min(c, COPIES) + 1)):
            out.append(r)
    if NINE in out and nine_lead_barred(top, len(out) > 1, rules):
        out.remove(NINE)
    return out


def check_pile(pile: list[int]) -> None:
    """A pile (bottom to top) that play can leave behind: no 10 (P11 burns it away) and not
    four of a rank on top (P12)."""
    if TEN in pile:
        raise ValueError("a pile cannot hold a 10: it burns the pile it lands on (P11)")
    if len(pile) >= COPIES and len(set(pile[-COPIES:])) == 1:
        raise ValueError(f"a pile cannot end in four {RANK_NAMES[pile[-1]]}s: they burn it (P12)")


def referee(pile: list[int], cards: list[int], rules: PooheadRules) -> dict[str, Any]:
    """The move referee: legal ranks for a player whose current source holds ``cards`` facing
    ``pile`` (bottom to top), or that they must pick up. Raises on an impossible position."""
    check_copies(pile, cards)
    check_pile(pile)
    if not cards:
        raise ValueError("the player holds no cards: give at least one with --hand")
    top = pile[-1] if pile else -1
    legal = legal_ranks(counts_of(cards), top, rules)
    return {
        "legal": [RANK_NAMES[r] for r in legal],
        "pick_up": not legal,
        "may_pick_up": bool(pile) and (not legal or rules.voluntary_pickup),
        "top": RANK_NAMES[top] if top >= 0 else None,
    }


# --- swap ---------------------------------------------------------------------------------------


def swap_subsets() -> list[tuple[int, int, int]]:
    """P3: the C(6,3) = 20 choices of three positions (of a player's six non-blind cards sorted
    by rank index) to put face up; a swap action is an index into this list."""
    return [(a, b, c) for a in range(6) for b in range(a + 1, 6) for c in range(b + 1, 6)]


# --- exact facts --------------------------------------------------------------------------------


def flip_success(top: int) -> Fraction:
    """P17: chance that a blind flip of a uniformly unknown rank is legal on ``top``."""
    return Fraction(sum(can_play(r, top) for r in range(N_RANKS)), N_RANKS)
