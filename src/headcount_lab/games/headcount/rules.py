"""Headcount: the cards, how they count, and the house-rule flags.

Rules in brief (our words; the full rules and the rulings H1-H10 are in docs/games/headcount.md).
Every player holds one card to the forehead, seen by all but its holder; one more card lies hidden
in the middle. Players bid, each higher than the last, on the total of all cards in play; instead
of raising one may call "Count!". The bidder loses if the total is below the last bid, otherwise
the caller loses (H6). Counting (H2-H4): the Joker ("mystery") is replaced by the draw pile's top
card, which counts instead and keeps its own effect; then, if the A♠ ("top to zero") is in play,
the highest-valued number card counts 0; in the Double variant the second Joker ("×2") counts 0 and
doubles the total, last of all.

Worked example (rule text): foreheads Q♥ 7♥ K♥ 5♠ and hidden 3♥ count 15+7+20-5+3 = 40; had
the hidden card been the A♠, the K♥ would count 0 and the total would be 17.

Card encoding (H1). Cards are small integers; number cards come first, in increasing value, so
the highest-valued number card in play is simply the largest id below :data:`TOP`.

====  =====  =====    ====  =====  =====
id    card   value    id    card   value
====  =====  =====    ====  =====  =====
0     10♠    -10      9     7♥     7
1     5♠     -5       10    8♥     8
2     J♥     0        11    9♥     9
3     A♥     1        12    10♥    10
4     2♥     2        13    Q♥     15
5     3♥     3        14    K♥     20
6     4♥     4        15    A♠     top to zero
7     5♥     5        16    JK     mystery
8     6♥     6        17    X2     ×2 (Double only)
====  =====  =====    ====  =====  =====
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from numba import njit

from headcount_lab.core.cards import Card, CardError, parse_cards
from headcount_lab.core.flags import check_ranges, ranged, with_flags
from headcount_lab.core.jitcache import track_module

#: Rules version: bumped only when outcomes change (see docs/games/headcount.md).
VERSION = 1

N_NUMBER = 15
TOP = 15  # A♠, top to zero (H3)
JOKER = 16  # mystery (H2)
X2 = 17  # doubling joker (H4, Double variant)
STANDARD_DECK = 17
DOUBLE_DECK = 18

VALUES = np.array([-10, -5, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 0, 0, 0], dtype=np.int64)

_CARD_OF_ID: list[Card] = (
    [Card(10, "S"), Card(5, "S"), Card(11, "H"), Card(14, "H")]
    + [Card(r, "H") for r in range(2, 11)]
    + [Card(12, "H"), Card(13, "H"), Card(14, "S"), Card(0, "JK"), Card(0, "X2")]
)
_ID_OF_CARD = {c: i for i, c in enumerate(_CARD_OF_ID)}

ACCEPTED = (
    "10♠ 5♠, J♥ A♥ 2♥..10♥ Q♥ K♥, A♠ (top to zero), JK (mystery) and, in the Double variant, X2"
)

#: H9 house rule: who starts the next round (the loser, or the next active seat after it)
NEXT_START = ("loser", "left_of_loser")

PLAYERS_MIN = 3
PLAYERS_MAX = 6


def check_players(players: int) -> None:
    if not PLAYERS_MIN <= players <= PLAYERS_MAX:
        raise ValueError(f"players must be between {PLAYERS_MIN} and {PLAYERS_MAX}, got {players}")


def deck_size(double: bool) -> int:
    return DOUBLE_DECK if double else STANDARD_DECK


def card_id(card: Card, double: bool = False) -> int:
    """Headcount id of a parsed card; a card outside the Headcount deck is a :class:`CardError`."""
    cid = _ID_OF_CARD.get(card)
    if cid is None:
        raise CardError(f"{card} is not a Headcount card: the deck is {ACCEPTED}")
    if cid == X2 and not double:
        raise CardError("X2 is only in the Double variant's deck (use --variant double)")
    return cid


def card_text(cid: int, ascii: bool = False) -> str:
    return _CARD_OF_ID[cid].text(ascii)


def parse_ids(text: str | list[str], double: bool = False) -> list[int]:
    """Parse card text into Headcount ids; unknown tokens and repeats are errors."""
    return [card_id(c, double) for c in parse_cards(text)]


def count_detail(in_play: list[int], draw: int | None = None) -> tuple[int, list[int], int | None]:
    """Count the cards in play (foreheads and the hidden card) by H2-H4, in plain Python.

    Returns ``(total, counted, replaced_by)``: ``counted[i]`` is what ``in_play[i]`` contributed
    before any doubling (the Joker contributes its replacement's value), and ``replaced_by`` is
    the draw card that stood in for the Joker, or ``None``.
    """
    if len(set(in_play)) != len(in_play):
        raise ValueError("a card is in play twice")
    effective = list(in_play)
    replaced_by = None
    if JOKER in effective:
        if draw is None:
            raise ValueError(
                "the mystery Joker (JK) is in play, so the draw pile's top card is needed"
            )
        if draw in in_play or draw == JOKER:
            raise ValueError(f"the draw card {card_text(draw)} is already in play")
        effective[effective.index(JOKER)] = draw  # H2
        replaced_by = draw
    counted = [int(VALUES[c]) if c < N_NUMBER else 0 for c in effective]
    if TOP in effective:  # H3: after H2, one highest number card counts 0
        numbers = [c for c in effective if c < N_NUMBER]
        if numbers:
            counted[effective.index(max(numbers))] = 0
    total = sum(counted)
    if X2 in effective:  # H4: doubling comes last
        total *= 2
    return total, counted, replaced_by


def count(in_play: list[int], draw: int | None = None) -> int:
    return count_detail(in_play, draw)[0]


@njit(nogil=True, cache=True, inline="always")
def count_with_specials(cards, n_in_play, draw):
    """``(total, specials)``: the total of ``cards[:n_in_play]`` (int8/int64 ids) with ``draw``
    replacing the Joker (H2-H4), and a bit mask of the special cards among them as dealt (bit
    ``c - TOP`` for the A♠, the Joker, the ×2).

    ``draw`` is ignored unless the Joker is among the cards in play. Number cards take the short
    path (a special card is at most three of 17 or 18), which the dealing kernel's speed shows.
    """
    total = 0
    best = -1
    has_top = False
    has_x2 = False
    specials = 0
    for i in range(n_in_play):
        c = cards[i]
        if c >= TOP:
            specials |= 1 << (c - TOP)
            c = counted_card(c, draw)  # H2
            if c == TOP:
                has_top = True
                continue
            if c == X2:
                has_x2 = True
                continue
        total += VALUES[c]
        if c > best:
            best = c
    if has_top and best >= 0:  # H3
        total -= VALUES[best]
    if has_x2:  # H4
        total *= 2
    return total, specials


@njit(nogil=True, cache=True)
def count_kernel(cards, n_in_play, draw):
    """Total of ``cards[:n_in_play]`` (int8/int64 ids) with ``draw`` replacing the Joker (H2-H4).

    ``draw`` is ignored unless the Joker is among the cards in play.
    """
    return count_with_specials(cards, n_in_play, draw)[0]


def total_bounds(double: bool, n_in_play: int) -> tuple[int, int]:
    """Lowest and highest total any ``n_in_play`` cards can count to (a fixed histogram range).

    The Joker only ever stands in for another card, so the extremes are those of the number
    cards: both negative cards (no top-to-zero can lift them, it zeroes the highest card) and the
    ``n_in_play`` highest values; in the Double variant one of the slots may be the ×2.
    """
    if n_in_play < 1:
        raise ValueError(f"at least one card must be in play, got {n_in_play}")
    negative = int(VALUES[:N_NUMBER][VALUES[:N_NUMBER] < 0].sum())
    top = np.sort(VALUES[:N_NUMBER])[::-1]
    if not double:
        return negative, int(top[:n_in_play].sum())
    return 2 * negative, max(int(top[:n_in_play].sum()), 2 * int(top[: n_in_play - 1].sum()))


# --------------------------------------------------------------------------- rounds (H5-H10)
#
# The round rules as verbs over plain scalars and arrays: the numba engine inlines them at its
# call sites, and the plain-Python reference engine, the replay checker, the bots' legality and
# the report's trace folding call the same functions (compiled once, cached on disk). Lives are
# a seat's (open, face-down) life-card counts; a verb that changes them returns the new pair.

#: ``min_first`` when ``min_first_bid`` is off: any whole number may open (H5)
FREE_BID = -(10**9)


@njit(nogil=True, cache=True, inline="always")
def lowest_bid(nb, last, min_first):
    """H5: the lowest legal bid after ``nb`` bids, the last of them ``last``: one more than the
    last bid, or for the opening bid ``min_first`` (:data:`FREE_BID`: any number)."""
    return last + 1 if nb > 0 else min_first


@njit(nogil=True, cache=True, inline="always")
def may_bid(bid, nb, last, min_first):
    """H5: ``bid`` opens at ``min_first`` or more, or is strictly higher than the last bid."""
    return bid >= lowest_bid(nb, last, min_first)


@njit(nogil=True, cache=True, inline="always")
def may_call(nb, peeked_now, peek_must_raise):
    """Whether "Count!" is legal: there is a bid to call (H5), and a seat that peeked on this
    turn must raise (H7) unless the house rule ``peek_must_raise`` is off."""
    return nb > 0 and not (peeked_now and peek_must_raise)


@njit(nogil=True, cache=True, inline="always")
def may_peek(hidden_on, open_lives, first_turn, start_player_may_peek):
    """H7: at the start of its turn a seat with an open life card may peek at the hidden card,
    except the start player on its first turn (unless ``start_player_may_peek``). ``first_turn``:
    the start player's opening turn. Nothing limits a seat to one peek a round: it may look
    again on a later turn while it has an open life card (the engine's bots never do)."""
    return hidden_on and open_lives > 0 and (not first_turn or start_player_may_peek)


@njit(nogil=True, cache=True, inline="always")
def peek_lives(open_lives, down_lives):
    """H7: the peeker turns an open life card face down; returns the new (open, face-down)."""
    return open_lives - 1, down_lives + 1


@njit(nogil=True, cache=True, inline="always")
def counted_card(card, draw):
    """H2: the card that counts for ``card``: the draw-pile top ``draw`` stands in for the
    mystery Joker."""
    return draw if card == JOKER else card


@njit(nogil=True, cache=True, inline="always")
def bidder_loses(total, bid, shift):
    """H6: the bidder loses when the total is below the bid; a tie goes to the bidder, or with
    ``tie_goes_to=caller`` (``shift`` 1, else 0) to the caller."""
    return total < bid + shift


@njit(nogil=True, cache=True, inline="always")
def settle_round(total, bid, bidder, caller, shift):
    """H6: ``(loser, winner)`` of a round counted to ``total`` against the last ``bid``."""
    if bidder_loses(total, bid, shift):
        return bidder, caller
    return caller, bidder


@njit(nogil=True, cache=True, inline="always")
def must_point(seat, caller, bidder):
    """H10 (Trickster): every active seat but the caller and the last bidder points."""
    return seat != caller and seat != bidder


@njit(nogil=True, cache=True, inline="always")
def may_point_at(target, caller, bidder):
    """H10: a pointer names the caller or the last bidder, whoever it thinks will win."""
    return target == caller or target == bidder  # noqa: SIM109 (numba: scalars, no tuple)


@njit(nogil=True, cache=True, inline="always")
def pointer_lives(open_lives, down_lives, right):
    """H10: a pointer who named the winner turns a face-down life card up, a wrong one turns an
    open one face down (each if it has one); returns the new (open, face-down)."""
    if right:
        if down_lives > 0:
            return open_lives + 1, down_lives - 1
    elif open_lives > 0:
        return open_lives - 1, down_lives + 1
    return open_lives, down_lives


@njit(nogil=True, cache=True, inline="always")
def winner_lives(open_lives, down_lives):
    """H8: the round's winner turns one face-down life card up, if it has one."""
    if down_lives > 0:
        return open_lives + 1, down_lives - 1
    return open_lives, down_lives


@njit(nogil=True, cache=True, inline="always")
def settle_lives(pointed, winner, open_l, down_l):
    """Life cards after a count, in place (``int64[n]`` each; ``pointed[s]`` is the seat ``s``
    pointed at, -1 for a seat that did not point): the pointers by H10, then the winner by H8."""
    for s in range(pointed.shape[0]):
        if pointed[s] >= 0:
            open_l[s], down_l[s] = pointer_lives(open_l[s], down_l[s], pointed[s] == winner)
    open_l[winner], down_l[winner] = winner_lives(open_l[winner], down_l[winner])


@njit(nogil=True, cache=True, inline="always")
def loser_chooses(open_lives, down_lives):
    """H8: the loser discards a life card of its choice, a choice only when it has both kinds."""
    return open_lives > 0 and down_lives > 0


@njit(nogil=True, cache=True, inline="always")
def only_discard(open_lives, down_lives):
    """H8: the kind the loser must discard when it has no choice: 1 open, 0 face-down."""
    return 1 if down_lives == 0 else 0


@njit(nogil=True, cache=True, inline="always")
def may_discard(open_lives, down_lives, discard_open):
    """H8: the loser has a life card of the kind it discards (``discard_open`` 1 open, 0 down)."""
    return open_lives > 0 if discard_open == 1 else down_lives > 0


@njit(nogil=True, cache=True, inline="always")
def discard_life(open_lives, down_lives, discard_open):
    """H8: the loser gives up one life card; returns the new (open, face-down)."""
    if discard_open == 1:
        return open_lives - 1, down_lives
    return open_lives, down_lives - 1


@njit(nogil=True, cache=True, inline="always")
def is_out(open_lives, down_lives):
    """H8: a seat without life cards is out."""
    return open_lives + down_lives == 0


@njit(nogil=True, cache=True, inline="always")
def next_active(active, seat):
    """H9: the next seat clockwise after ``seat`` still in the game (``active``: bool[n])."""
    n = active.shape[0]
    s = (seat + 1) % n
    while not active[s]:
        s = (s + 1) % n
    return s


@njit(nogil=True, cache=True, inline="always")
def next_start(active, loser, left_of_loser):
    """H9: the loser starts the next round; if it is out (``active[loser]`` already false), the
    next active seat clockwise does, and with the house rule ``next_start=left_of_loser``
    (``left_of_loser`` true) always the next active seat after the loser."""
    if active[loser] and not left_of_loser:
        return loser
    return next_active(active, loser)


@dataclass(frozen=True)
class HeadcountRules:
    """House-rule flags (plain data). Defaults are the rule text as decided by the rulings."""

    double: bool = False  # H4: Double variant, the ×2 joker is in the deck
    trickster: bool = False  # H10: pointing before the count
    hidden_card: bool = True  # the middle card; off = 2003 original, foreheads only
    #: H5: opening bid is free by default; the range spans both decks' totals (the deck in use
    #: narrows it in __post_init__)
    min_first_bid: int | None = ranged(
        None, *total_bounds(True, PLAYERS_MAX + 1), "the lowest and highest total of any deal"
    )
    tie_goes_to: str = "bidder"  # H6: "bidder" (rule text) or "caller"
    start_player_may_peek: bool = False  # H7
    peek_must_raise: bool = True  # H7: a peeker must raise; off = it may also call
    next_start: str = "loser"  # H9: "loser" (rule text) or "left_of_loser" (next active seat)
    open_lives: int | None = ranged(None, 0, 9)  # H8: None = 2 (Trickster 1)
    hidden_lives: int | None = ranged(None, 0, 9)  # H8: None = 1 (Trickster 2)

    def __post_init__(self) -> None:
        if self.tie_goes_to not in ("bidder", "caller"):
            raise ValueError(f"tie_goes_to must be 'bidder' or 'caller', not {self.tie_goes_to!r}")
        if self.next_start not in NEXT_START:
            raise ValueError(
                f"next_start must be one of {', '.join(map(repr, NEXT_START))}, "
                f"not {self.next_start!r}"
            )
        if self.lives == (0, 0):
            raise ValueError("a player needs at least one life card")
        if self.min_first_bid is not None:
            lo, hi = total_bounds(self.double, PLAYERS_MAX + 1)
            if not lo <= self.min_first_bid <= hi:
                raise ValueError(
                    f"min_first_bid must be between {lo} and {hi} (the lowest and highest total "
                    f"of any deal{' in the Double variant' if self.double else ''}), "
                    f"not {self.min_first_bid}"
                )
        check_ranges(self)  # the outer bounds; the checks above say more where they apply

    @property
    def lives(self) -> tuple[int, int]:
        """(open, face-down) life cards at the start (H8)."""
        o = self.open_lives if self.open_lives is not None else (1 if self.trickster else 2)
        h = self.hidden_lives if self.hidden_lives is not None else (2 if self.trickster else 1)
        return o, h

    @property
    def deck_size(self) -> int:
        return deck_size(self.double)

    @property
    def min_first(self) -> int:
        """H5: the lowest opening bid as the verbs take it (:data:`FREE_BID` when free)."""
        return FREE_BID if self.min_first_bid is None else self.min_first_bid

    @property
    def shift(self) -> int:
        """H6: 1 if ties go to the caller, else 0 (a bid b survives a count of b + shift)."""
        return 1 if self.tie_goes_to == "caller" else 0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def with_flags(
        self, assignments: list[str], set_by: dict[str, str] | None = None
    ) -> HeadcountRules:
        """Apply ``name=value`` assignments (from ``--rule``); unknown names or values raise, and
        so does a value contradicting a field ``set_by`` an option (see :func:`.flags.with_flags`).
        """
        return with_flags(self, assignments, set_by)


#: ``--variant`` choices and the flags each sets.
VARIANTS = {
    "standard": {"double": False, "trickster": False},
    "trickster": {"double": False, "trickster": True},
    "double": {"double": True, "trickster": False},
}


def rules_for_variant(
    variant: str | None, assignments: list[str], choices: tuple[str, ...] = tuple(VARIANTS)
) -> HeadcountRules:
    """Rules for ``--variant`` (one of ``choices``) and then the ``--rule`` assignments.

    Without a variant (``None``) the game starts from the standard rules and ``--rule
    double=on`` or ``trickster=on`` may change them; a variant that was named decides both flags,
    so a ``--rule`` giving either another value contradicts it and raises.
    """
    if variant is None:
        return HeadcountRules().with_flags(assignments)
    v = variant.strip().lower()
    if v not in choices:
        raise ValueError(f"unknown variant {variant!r}: choose {', '.join(choices)}")
    flags = VARIANTS[v]
    return HeadcountRules(double=flags["double"], trickster=flags["trickster"]).with_flags(
        assignments, {name: f"--variant {v}" for name in flags}
    )


track_module(globals())  # every cached function here is keyed on the files it reaches
