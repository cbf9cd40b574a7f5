"""Forehead Whist: the deck, the schedule, the house-rule flags and the card encoding.

Rules in brief (our words; the full rules and the rulings W1-W10 are in
docs/games/forehead-whist.md). Three to six players play a fixed run of 3n+12 hands (W2): n hands
of one card, then 2..7 cards, n hands of eight, 7..2, and n hands of one card again. The pack holds
the top 2n ranks of each suit (W1), so eight-card hands use all of it. After the deal the next card
is turned for trump and takes no part (W4); eight-card hands have no trump. Bids go round from the
dealer's left, dealer last; the dealer may not make the bids add up to the hand size (W5). Play:
follow suit, else trump if you can, else anything (W6). Exact bids score 5 + tricks, misses lose
the difference (W7); five made (missed) in a row among hands of two or more cards earn +10 (-10)
(W8). In the one-card hands everyone sees every card but their own (W9).

Worked example (4 players, 7..A): a blind one-card hand with trump 9♦, where the leader holds
K♠, you are second, and the others hold 8♥ and A♦. Only a diamond above the A♦ could win, and
there is none, so your card never takes the trick: P = 0 and the best bid is 0 (see ``exact.py``).

Card encoding. With ``R = 2n`` ranks per suit, card id ``c = suit * R + r`` where ``suit`` is
0..3 for ♠ ♥ ♦ ♣ and ``r`` is 0 for the lowest rank in play up to ``R - 1`` for the ace. A hand
is a ``uint64`` bit mask of card ids (at most 48 cards), and within a suit a higher id is a
higher card. Actions: a bid is its number 0..k; a card play is its card id.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from headcount_lab.core.cards import SUITS, Card, CardError, parse_cards
from headcount_lab.core.flags import check_ranges, ranged, with_flags

#: Rules version: bumped only when outcomes change (see docs/games/forehead-whist.md).
VERSION = 1

PLAYERS_MIN = 3
PLAYERS_MAX = 6
MAX_CARDS = 8  # cards per player in the largest hands
STREAK_MODES = ("every_five", "once")
#: Largest streak bonus: keeps every match total well inside the match log's int16 (at most
#: n + 12 counted hands, each 13 points and one bonus, stay below 18,400 for six players).
STREAK_BONUS_MAX = 1000

# Layout of the int64 rules array the kernels read (plain data; see :meth:`WhistRules.array`).
I_PLAYERS = 0
I_DEALER_RESTRICTION = 1
I_MUST_TRUMP = 2
I_STREAK_ONCE = 3
I_STREAK_BONUS = 4
I_BLIND = 5
I_FIRST_DEALER = 6
I_STREAK_LENGTH = 7
N_RULE_FIELDS = 8


@dataclass(frozen=True)
class WhistRules:
    """House-rule flags (plain data). Defaults are the rule text as decided by W1-W10."""

    players: int = ranged(4, PLAYERS_MIN, PLAYERS_MAX)
    dealer_restriction: bool = True  # W5
    must_trump: bool = True  # W6: a void player must trump if able
    streak_mode: str = "every_five"  # W8: "every_five" (counter restarts) or "once" per run
    #: W8: +bonus for a made run, -bonus for a missed run
    streak_bonus: int = ranged(10, 0, STREAK_BONUS_MAX, "a match's total must fit the match log")
    #: W8: hands in a run (house rule; the text says five): at most the n + 12 counted hands of
    #: the largest table, the table's own in __post_init__
    streak_length: int = ranged(5, 1, PLAYERS_MAX + 12)
    blind_one_card_hands: bool = True  # W9
    first_dealer: int = ranged(0, 0, PLAYERS_MAX - 1)  # W3: a seat below players

    def __post_init__(self) -> None:
        if not PLAYERS_MIN <= self.players <= PLAYERS_MAX:
            raise ValueError(
                f"players must be between {PLAYERS_MIN} and {PLAYERS_MAX}, not {self.players}"
            )
        if self.streak_mode not in STREAK_MODES:
            raise ValueError(
                f"streak_mode must be one of {', '.join(STREAK_MODES)}, not {self.streak_mode!r}"
            )
        if not 0 <= self.first_dealer < self.players:
            raise ValueError(
                f"first_dealer must be a seat 0..{self.players - 1}, not {self.first_dealer}"
            )
        counted = counted_hands(self.players)
        if not 1 <= self.streak_length <= counted:
            raise ValueError(
                f"streak_length must be between 1 and {counted} (the hands of two or more cards "
                f"in a {self.players}-player match), not {self.streak_length}"
            )
        check_ranges(self)  # the outer bounds; the checks above say more where they apply

    @property
    def ranks(self) -> int:
        return ranks_per_suit(self.players)

    @property
    def deck_size(self) -> int:
        return 4 * self.ranks

    def schedule(self) -> list[tuple[int, int]]:
        """``(cards, dealer)`` of every hand in order (W2, W3)."""
        return [
            (k, (self.first_dealer + h) % self.players)
            for h, k in enumerate(hand_sizes(self.players))
        ]

    def array(self) -> np.ndarray:
        """The flags as the ``int64[N_RULE_FIELDS]`` array the kernels take."""
        a = np.zeros(N_RULE_FIELDS, dtype=np.int64)
        a[I_PLAYERS] = self.players
        a[I_DEALER_RESTRICTION] = int(self.dealer_restriction)
        a[I_MUST_TRUMP] = int(self.must_trump)
        a[I_STREAK_ONCE] = int(self.streak_mode == "once")
        a[I_STREAK_BONUS] = self.streak_bonus
        a[I_BLIND] = int(self.blind_one_card_hands)
        a[I_FIRST_DEALER] = self.first_dealer
        a[I_STREAK_LENGTH] = self.streak_length
        return a

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def with_flags(
        self, assignments: list[str], set_by: dict[str, str] | None = None
    ) -> WhistRules:
        """Apply ``name=value`` assignments (from ``--rule``); unknown names or values raise, and
        so does a value contradicting a field ``set_by`` an option (see :func:`.flags.with_flags`).
        """
        return with_flags(self, assignments, set_by)


def check_players(n: int) -> int:
    if not PLAYERS_MIN <= n <= PLAYERS_MAX:
        raise ValueError(f"--players must be between {PLAYERS_MIN} and {PLAYERS_MAX}, not {n}")
    return n


def ranks_per_suit(players: int) -> int:
    """W1: the top two ranks per player of every suit."""
    return 2 * check_players(players)


def hand_sizes(players: int) -> list[int]:
    """W2: n ones, 2..7, n eights, 7..2, n ones (3n + 12 hands)."""
    check_players(players)
    up = list(range(2, MAX_CARDS))
    return [1] * players + up + [MAX_CARDS] * players + up[::-1] + [1] * players


def counted_hands(players: int) -> int:
    """W8: hands of two or more cards in a match, the only ones that build streaks."""
    return sum(1 for k in hand_sizes(players) if k >= 2)


def has_trump(cards: int) -> bool:
    """W4: every hand but the eight-card ones turns a trump card."""
    return cards < MAX_CARDS


def is_blind(cards: int, rules: WhistRules) -> bool:
    """W9: one-card hands are played with the card on the forehead."""
    return cards == 1 and rules.blind_one_card_hands


def schedule_table(players: int, first_dealer: int = 0) -> list[dict[str, Any]]:
    """Every hand of a match: number (from 1), cards, dealer seat, trump or not, blind or not."""
    rules = WhistRules(players=players, first_dealer=first_dealer)
    return [
        {"hand": h + 1, "cards": k, "dealer": d, "trump": has_trump(k), "blind": is_blind(k, rules)}
        for h, (k, d) in enumerate(rules.schedule())
    ]


# --- cards ------------------------------------------------------------------------------------


def suit_of(cid: int, ranks: int) -> int:
    return cid // ranks


def rank_of(cid: int, ranks: int) -> int:
    """Printed rank 2..14 of a card id."""
    return 15 - ranks + cid % ranks


def card_of_id(cid: int, ranks: int) -> Card:
    return Card(rank_of(cid, ranks), SUITS[suit_of(cid, ranks)])


def card_text(cid: int, ranks: int, ascii: bool = False) -> str:
    return card_of_id(cid, ranks).text(ascii)


def card_id(card: Card, ranks: int) -> int:
    """Whist id of a parsed card; a card outside the cut-down pack is a :class:`CardError`."""
    low = 15 - ranks
    if card.is_joker or card.rank < low:
        lowest = Card(low, "S").text()[:-1]
        raise CardError(
            f"{card} is not in the {ranks // 2}-player pack, which holds {lowest} to A of each suit"
        )
    return SUITS.index(card.suit) * ranks + card.rank - low


def parse_ids(text: str | list[str], ranks: int) -> list[int]:
    """Parse card text into whist ids; unknown tokens, cards outside the pack and repeats raise."""
    return [card_id(c, ranks) for c in parse_cards(text)]


def forbidden_bid(cards: int, earlier_bids: list[int], rules: WhistRules) -> int | None:
    """W5: the dealer's forbidden value given the other bids, or ``None`` if none applies."""
    if not rules.dealer_restriction:
        return None
    v = cards - sum(earlier_bids)
    return v if 0 <= v <= cards else None


def hand_score(bid: int, tricks: int) -> int:
    """W7: exact is 5 + tricks, a miss loses the difference."""
    return 5 + tricks if bid == tricks else -abs(bid - tricks)


def streak_step(
    made_run: int, missed_run: int, made: bool, rules: WhistRules
) -> tuple[int, int, int]:
    """W8: one counted hand (two or more cards) -> ``(made_run, missed_run, bonus)``.

    In ``every_five`` mode a run that reaches the streak length pays and starts again from 0, so
    ten in a row pay twice; in ``once`` mode a run pays when it reaches the length and not again
    until it is broken.
    """
    bonus = 0
    if made:
        made_run, missed_run = made_run + 1, 0
        if made_run == rules.streak_length:
            bonus = rules.streak_bonus
            if rules.streak_mode == "every_five":
                made_run = 0
    else:
        made_run, missed_run = 0, missed_run + 1
        if missed_run == rules.streak_length:
            bonus = -rules.streak_bonus
            if rules.streak_mode == "every_five":
                missed_run = 0
    return made_run, missed_run, bonus


# --- play, in plain Python (used by the reference engine, exact odds, the scorekeeper, replay) ---


def beats(card: int, best: int, trump_suit: int | None, ranks: int) -> bool:
    """W6: does ``card``, played later, beat ``best``, the card now winning the trick?"""
    if card // ranks == best // ranks:
        return card > best
    return trump_suit is not None and card // ranks == trump_suit


def trick_winner(cards: list[int], trump_suit: int | None, ranks: int) -> int:
    """Position in ``cards`` (play order, 0 = leader) of the card that takes the trick (W6)."""
    w = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[w], trump_suit, ranks):
            w = i
    return w


def legal_cards(
    hand: set[int] | list[int], led_suit: int | None, trump_suit: int | None, rules: WhistRules
) -> list[int]:
    """W6: follow suit if able; if void, trump if able (``must_trump``); else anything. Sorted."""
    ranks = rules.ranks
    cards = sorted(hand)
    if led_suit is None:
        return cards
    follow = [c for c in cards if c // ranks == led_suit]
    if follow:
        return follow
    if rules.must_trump and trump_suit is not None:
        trumps = [c for c in cards if c // ranks == trump_suit]
        if trumps:
            return trumps
    return cards
