"""Kernel against the plain-Python reference engine: identical events on the same streams."""

import pytest
from engine_support import kernel_games, setup_for

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.games.headcount.reference import play_deals
from headcount_lab.games.headcount.rules import HeadcountRules

FIVE = "reader,odds,tips,random,bluffer"
SOLVED = "equilibrium:headsup=solved"  # two-player rounds from the solved round

CASES = [
    ("default rules, five bots", FIVE, HeadcountRules(), False),
    ("3 players rotated", "odds,tips,random", HeadcountRules(), True),
    (
        "6 players",
        "random,odds,tips,bluffer,reader,random:call=0.1,peek=0.5",
        HeadcountRules(),
        False,
    ),
    ("H10 trickster", FIVE, HeadcountRules(trickster=True), False),
    ("H4 double", FIVE, HeadcountRules(double=True), False),
    ("no hidden card", FIVE, HeadcountRules(hidden_card=False), False),
    ("H6 ties to caller", "odds,odds,random,tips", HeadcountRules(tie_goes_to="caller"), False),
    (
        "H5/H7 flags",
        "random:peek=0.9,random:peek=0.9,reader,tips",
        HeadcountRules(min_first_bid=1, start_player_may_peek=True),
        False,
    ),
    (
        "H7 peek may call",
        "random:peek=0.9,call=0.5,odds:peek=0,reader,tips:band=10",
        HeadcountRules(peek_must_raise=False),
        False,
    ),
    ("H9 left of loser starts", FIVE, HeadcountRules(next_start="left_of_loser"), False),
    (
        "H7/H9 flags together, rotated",
        "random:peek=0.9,call=0.5,odds,tips",
        HeadcountRules(peek_must_raise=False, next_start="left_of_loser"),
        True,
    ),
    (
        "H8 lives layout",
        "odds:discard=1,random,tips:discard=1",
        HeadcountRules(open_lives=3, hidden_lives=2),
        False,
    ),
    ("equilibrium with the five", "equilibrium," + FIVE, HeadcountRules(), False),
    (
        "equilibrium H10 trickster, rotated",
        "equilibrium,equilibrium,reader",
        HeadcountRules(trickster=True),
        True,
    ),
    (
        "equilibrium H4 double, H6 ties to caller",
        "equilibrium,odds,equilibrium,tips",
        HeadcountRules(double=True, tie_goes_to="caller"),
        False,
    ),
    # the solved heads-up round (test_headsup_bot.py): with the table, the peek overrides, H10,
    # and where the table plays instead (H6 ties to the caller, H4 Double)
    ("equilibrium solved and table heads-up, rotated", f"{SOLVED},equilibrium,reader",
     HeadcountRules(), True),
    ("equilibrium heads-up peek never and always",
     f"{SOLVED},peek=never,{SOLVED},peek=always,odds", HeadcountRules(), False),
    ("equilibrium heads-up H10", f"{SOLVED},{SOLVED},tips", HeadcountRules(trickster=True),
     False),
    ("equilibrium heads-up H6: the table", f"{SOLVED},{SOLVED},odds",
     HeadcountRules(tie_goes_to="caller"), False),
    ("equilibrium heads-up H4: the table", f"{SOLVED},{SOLVED},odds",
     HeadcountRules(double=True), False),
    # the bayes responder (issue 22) with the table bot's model and the reader's, in every variant
    ("bayes H10 trickster, rotated", "bayes,equilibrium,equilibrium",
     HeadcountRules(trickster=True), True),
    ("bayes reader model, H4 double", "bayes:field=reader,reader,reader,reader",
     HeadcountRules(double=True), False),
    ("bayes odds model, no hidden card", "bayes:field=odds,odds,odds,tips",
     HeadcountRules(hidden_card=False), False),
]  # fmt: skip


@pytest.mark.parametrize("name,bots,rules,rotate", CASES, ids=[c[0] for c in CASES])
def test_kernel_and_reference_play_identical_games(name, bots, rules, rotate):
    setup = setup_for(bots, rules, rotate)
    orders = [list(o) for o in setup.orders]
    for seed in range(4):
        deals = 3 if len(orders) == 1 else 1
        kernel = kernel_games(setup, seed, deals, block=seed)
        ref = play_deals(deals, orders, list(setup.bots), rules, setup.beliefs(),
                         PyStream(block_state(seed, seed)))  # fmt: skip
        assert len(kernel) == len(ref) == deals * len(orders)
        for (kseats, kev), (rorder, rev) in zip(kernel, ref, strict=True):
            assert kseats == [setup.bots[i].spec for i in rorder]
            assert kev == rev


def test_kernel_statistics_match_its_own_trace():
    """The aggregated counters are the trace's events counted another way."""
    import numpy as np

    from headcount_lab.games.headcount import kernels as E
    from headcount_lab.games.headcount import tournament as T

    setup = setup_for(FIVE, HeadcountRules(trickster=True))
    perms, pol, par, rules = setup.kernel_args()
    st = T.new_block_stats(setup)
    trace = np.zeros((100_000, 3), np.int64)
    n = T.play_block(20, perms, pol, par, rules, setup.beliefs(), block_state(5, 0), st, trace)
    kinds = trace[:n, 0]
    r = dict(zip(E.ROUND_COLUMNS, st["round"].tolist(), strict=True))
    assert r["games"] == 20 == (kinds == E.T_WIN).sum()
    assert r["rounds"] == (kinds == E.T_START).sum()
    assert r["peeks"] == (kinds == E.T_PEEK).sum()
    assert r["bids"] == (kinds == E.T_BID).sum()
    assert st["slot"][:, E.S_POINTS].sum() == (kinds == E.T_POINT).sum()
    assert st["wins"].sum() == 20 and st["seated"].sum() == 20 * 5
    assert r["forced_calls"] == 0 and r["illegal_bids"] == 0


# in make test again: every bayes table plays the readers' engine now, which warm compiles (it
# was slow while this table alone compiled an engine of its own, about 40 s cold); 2 s warm
def test_kernel_and_reference_play_identical_games_with_a_reader_of_readers():
    # bayes:field=bayes runs each field seat's posterior inside its own (agents.READERS); H10
    # brings its pointing in
    test_kernel_and_reference_play_identical_games(
        "reader of readers", "bayes:field=bayes,bayes,bayes", HeadcountRules(trickster=True),
        False,
    )  # fmt: skip
