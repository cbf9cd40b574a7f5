"""The engine's designer counters (``surprises``, ``comebacks``: compare's ``surprise`` and
``comeback``) against :func:`.reference.designer_counts`, the obvious recount from the reference
engine's events with exact fractions, on the same streams."""

import pytest
from engine_support import setup_for

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.games.headcount import kernels as E
from headcount_lab.games.headcount import tournament as T
from headcount_lab.games.headcount.reference import designer_counts, play_deals
from headcount_lab.games.headcount.rules import HeadcountRules

CASES = [
    ("default rules", "odds,tips,random,reader", HeadcountRules(), 1),
    ("3 players, H10 trickster", "odds,random,tips", HeadcountRules(trickster=True), 2),
    ("H4 double", "odds,tips,random,bluffer", HeadcountRules(double=True), 3),
    ("no hidden card, 5 players", "odds,tips,random,odds,tips", HeadcountRules(hidden_card=False),
     4),
    ("H8 odd life count", "random,tips,odds", HeadcountRules(open_lives=2, hidden_lives=1), 5),
]  # fmt: skip


@pytest.mark.parametrize("bots,rules,seed", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_surprise_and_comeback_counters_match_the_reference(bots, rules, seed):
    setup = setup_for(bots, rules)
    deals = 6
    perms, pol, par, rl = setup.kernel_args()
    st = T.new_block_stats(setup)
    T.play_block(deals, perms, pol, par, rl, setup.beliefs(), block_state(seed, 0), st)
    games = play_deals(deals, [list(o) for o in setup.orders], list(setup.bots), rules,
                       setup.beliefs(), PyStream(block_state(seed, 0)))  # fmt: skip
    want = designer_counts(games, rules)
    got = {k: int(st["round"][ROUND[k]]) for k in want}
    assert got == want
    assert int(st["round"][E.G_GAMES]) == len(games)


ROUND = {name: i for i, name in enumerate(E.ROUND_COLUMNS)}


def test_the_counters_can_fire_and_stay_below_their_totals():
    """Over more games both counters are positive (a test that cannot pass with a counter stuck
    at zero) and at most the rounds and games they divide."""
    setup = setup_for("odds,tips,random,reader")
    perms, pol, par, rl = setup.kernel_args()
    st = T.new_block_stats(setup)
    T.play_block(300, perms, pol, par, rl, setup.beliefs(), block_state(7, 0), st)
    r = st["round"]
    assert 0 < r[E.G_SURPRISES] < r[E.G_ROUNDS]
    assert 0 < r[E.G_COMEBACKS] < r[E.G_GAMES]
