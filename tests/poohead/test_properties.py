"""Invariants of the rules (section 3 of the rulings) on random games of the reference engine,
with random house rules, as property tests."""

from hypothesis import given, settings
from hypothesis import strategies as st

from headcount_lab.core.rng import PyStream
from headcount_lab.games.poohead.reference import SUBSETS, Table
from headcount_lab.games.poohead.rules import (
    COPIES,
    DECK,
    FLIP,
    N_RANKS,
    PooheadRules,
    can_play,
    legal_ranks,
)

FLAG_CHOICES = {
    "swap": st.booleans(),
    "mix_sources": st.booleans(),
    "pickup_takes_faceup": st.booleans(),
    "start_scan": st.sampled_from(["hand", "hand_and_faceup"]),
    "start_tiebreak": st.sampled_from(["copies", "random", "seat"]),
    "starter_free_lead": st.booleans(),
    "voluntary_pickup": st.booleans(),
    "ten_replay": st.sampled_from(["must", "may"]),
    "bomb_anytime": st.booleans(),
    "eight_skip": st.sampled_from(["per_play", "per_card"]),
    "failed_flip_public": st.booleans(),
    "finish_on_special": st.booleans(),
}


def conserved(t: Table) -> bool:
    """P1: every rank's four cards are somewhere: hands, table, draw, pile or burnt."""
    for r in range(N_RANKS):
        where = sum(t.hand[s][r] + t.up[s][r] + t.down[s].count(r) for s in range(len(t.hand)))
        where += t.draw[t.draw_ptr :].count(r) + t.pile[r] + t.burnt[r]
        if where != COPIES:
            return False
    return sum(t.pile) == t.pile_len


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    flags=st.fixed_dictionaries({}, optional=FLAG_CHOICES),
)
def test_invariants_hold_after_every_action(players, seed, flags):
    rules = PooheadRules(players=players, turn_cap=1500, **flags)
    stream = PyStream.for_block(seed, 0)
    deck = [i // COPIES for i in range(DECK)]
    stream.partial_shuffle(deck, DECK - 1)
    t = Table.dealt(rules, deck)
    if rules.swap:
        t.swap([stream.below(len(SUBSETS)) for _ in range(players)])
    t.choose_starter(stream)
    assert conserved(t)
    while not t.over and t.turns < rules.turn_cap:
        assert t.active[t.cur], "the turn passed to a finished player (P18)"
        if t.draw_ptr < len(t.draw):  # P10
            assert all(sum(t.hand[s]) >= 3 for s in range(players))
        legal = t.legal_actions()
        assert legal, "a player without any action"
        a = legal[stream.below(len(legal))]
        slot = stream.below(len(t.down[t.cur])) if a == FLIP else 0
        t.apply(a, slot)
        assert conserved(t)
        assert t.run < COPIES and (t.top < 0) == (t.pile_len == 0)  # P12: four on top burn
    if t.over:
        assert sorted(t.order) == list(range(players))  # P19
        assert sum(t.poohead_shares()) == 1


@given(
    top=st.integers(-1, N_RANKS - 1),
    cards=st.lists(st.integers(0, 4), min_size=N_RANKS, max_size=N_RANKS),
)
def test_referee_lists_exactly_the_ranks_that_may_go_on_top(top, cards):
    got = legal_ranks(cards, top)
    assert got == sorted(got)
    for r in range(N_RANKS):
        assert (r in got) == (cards[r] > 0 and can_play(r, top))
