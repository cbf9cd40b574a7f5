"""Bots: parameter parsing, and each policy's decisions against their definitions (exact
fractions from exact.py for the odds family, the rule text's tips for ``tips``)."""

from fractions import Fraction

import numpy as np
import pytest

from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount import bots as B
from headcount_lab.games.headcount import kernels as E
from headcount_lab.games.headcount import observation as O
from headcount_lab.games.headcount.exact import total_distribution
from headcount_lab.games.headcount.rules import FREE_BID, parse_ids

#: the prefix of each policy's slot constants in bots.py
PREFIX = {"random": "RANDOM", "tips": "TIPS", "odds": "ODDS", "reader": "READER",
          "bluffer": "BLUFFER", "equilibrium": "EQ", "responder": "RESPONDER",
          "bayes": "BAYES"}  # fmt: skip
#: slot constants that name no parameter: the odds family's policy ids, the bayes bot's field
#: model (its first slot and size) and the fields it models
NOT_PARAMS = ("ODDS_FAMILY", "BAYES_MODEL", "BAYES_MODEL_SLOTS", "BAYES_FIELDS", "BAYES_FFIELDS")


def test_parameter_slot_constants_name_the_menus_parameters():
    """Every ``PREFIX_NAME`` slot constant the kernels read is the index of parameter ``name``
    in its policy's menu entry, and every parameter of the menu has one (the odds family's
    shared parameters under ``ODDS_``: reader, bluffer and responder start with them, the
    responder with all of the reader's)."""
    named = {}
    for attr, value in vars(B).items():
        for policy, prefix in PREFIX.items():
            if attr.startswith(prefix + "_") and attr not in NOT_PARAMS:
                named[policy, attr[len(prefix) + 1 :].lower()] = value
    for (policy, name), slot in named.items():
        assert B.MENU.policies[policy].params[slot].name == name, (policy, name)
    names = {p: [q.name for q in B.MENU.policies[p].params] for p in PREFIX}
    for family in ("reader", "bluffer", "responder"):
        assert names[family][: len(names["odds"])] == names["odds"]
    assert names["responder"][: len(names["reader"])] == names["reader"]
    for policy, params in names.items():
        own = params[len(names["odds"]) :] if policy in ("reader", "bluffer") else params
        if policy == "responder":
            own = params[len(names["reader"]) :]
        assert {(policy, q) for q in own} <= named.keys(), policy
    # the table indices sit past every policy's own parameters
    assert max(len(q) for q in names.values()) <= B.LEVEL_SLOT < B.MODEL_LEVEL_SLOT < B.N_PARAMS
    # the bayes bot's copy of its field model fits between its own parameters and the indices
    assert len(names["bayes"]) == B.BAYES_MODEL
    assert B.BAYES_MODEL + B.BAYES_MODEL_SLOTS == B.LEVEL_SLOT
    assert max(len(names[B.POLICY_NAMES[f]]) for f in B.BAYES_FIELDS) <= B.BAYES_MODEL_SLOTS


def test_parse_bot_defaults_and_parameters():
    b = A.parse_bot("odds:call=0.55,quantile=0.4")
    assert b.name == "odds"
    assert b.params[:5] == (0.55, 0.4, 0.1, 0.5, 0.0)
    assert b.spec == "odds:call=0.55,quantile=0.4,peek=0.1,point=0.5,discard=0"
    assert A.parse_bot("tips:discard=open").params[3] == 1.0
    assert len(A.parse_bot("reader").params) == A.N_PARAMS


def test_parse_bots_groups_parameters_with_their_bot():
    bots = A.parse_bots("odds:call=0.55,quantile=0.4,tips,random:step=3,reader", 4)
    assert [b.name for b in bots] == ["odds", "tips", "random", "reader"]
    assert bots[2].params[2] == 3


@pytest.mark.parametrize(
    "spec,message",
    [
        ("genius", "unknown bot 'genius'"),
        ("odds:cal=0.5", "unknown parameter 'cal=0.5'; odds takes call, quantile"),
        ("odds:call=1.5", "call=1.5 is out of range"),
        ("odds:call=high", "call must be a number"),
        ("random:step=2.5", "step must be a whole number"),
        ("random:lo=50,hi=10", "lo must not exceed hi"),
        ("tips:margin", "unknown parameter 'margin'"),
        ("odds:call=0.5,call=0.6", "call is given twice"),  # issue 15 item 16
        ("odds:0.5", "parameters are named"),
    ],
)
def test_bad_bot_specs_name_the_problem(spec, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        A.parse_bot(spec)


def test_bot_count_must_match_players():
    with pytest.raises(ValueError, match="lists 3 bots but --players is 4"):
        A.parse_bots("odds,tips,random", 4)


LEVELS = tuple(sorted({1.0 - q for q in (0.2718281, 0.3, 0.1)}))  # the quantiles used below


def _beliefs(double=False):
    return A.build_beliefs(double, 5, True, True, LEVELS)


def _filled(bot):
    """The bot's parameters with its safe-bid table index (as tournaments fill them in)."""
    p = list(bot.params)
    p[B.LEVEL_SLOT] = LEVELS.index(1.0 - p[B.ODDS_QUANTILE]) if bot.policy >= A.ODDS else 0
    if bot.policy == A.READER:
        p[B.MODEL_LEVEL_SLOT] = LEVELS.index(1.0 - p[B.READER_MODEL])
    return p


def _decide(kind, bot, known, nu, nb, last, bel, u=0.5, shift=0):
    """The bot's decision through its one dispatch, :func:`agents.act`, as seat 0 seeing
    ``known``: the other foreheads, and with ``nu == 1`` (it peeked) the hidden card last."""
    heads = known if nu == 2 else known[:-1]
    seen = np.array([-1, *heads], np.int64)
    bids = np.zeros(E.MAX_BIDS, np.int64)
    bidders = np.zeros(E.MAX_BIDS, np.int64)
    if nb:
        bids[nb - 1], bidders[nb - 1] = last, 1
    obs = _observation(0, seen, -1 if nu == 2 else known[-1], nb, bids, bidders, shift=shift)
    return A.act(bot.policy, np.array(_filled(bot)), obs, kind, bel.tables, np.empty((2, 32)), u)


def _observation(me, seen, hidden_seen, nb, bids, bidders, hidden_card=True, shift=0):
    """Seat ``me``'s observation of a table where every seat is in and nobody peeked (the
    engine's :func:`.observation.observe` builds the same from a state)."""
    n = len(seen)
    table = O.Table(n, 17, hidden_card, FREE_BID, shift, False, True)
    public = O.Public(nb, bids, bidders, np.zeros(len(bids), np.bool_), np.zeros(n, np.bool_),
                      np.ones(n, np.int64))  # fmt: skip
    known = sum(1 << int(c) for c in seen if c >= 0)
    return O.Observation(table, public, me, seen, known, hidden_seen, nb > 0, -1)


def test_odds_calls_and_bids_by_the_exact_distribution():
    bel = _beliefs()
    rng = np.random.default_rng(4)
    bot = A.parse_bot("odds:call=0.6180339,quantile=0.2718281")
    checked_calls = 0
    for _ in range(150):
        nu = int(rng.integers(1, 3))  # views the engine has: 1..4 others seen (+ a peek)
        n_known = int(rng.integers(1, 5)) + (1 if nu == 1 else 0)
        known = [int(c) for c in rng.choice(17, n_known, replace=False)]
        dist = total_distribution(known, nu, False)
        # the bid: the highest b with P(total >= b) >= 1 - quantile
        safe = max(
            b
            for b in range(-60, 200)
            if sum(p for t, p in dist.items() if t >= b) >= Fraction(1) - Fraction(0.2718281)
        )
        assert _decide(A.BID, bot, known, nu, 0, 0, bel) == safe
        last = int(rng.integers(min(dist), max(dist) + 2))
        p_lose = sum(p for t, p in dist.items() if t < last)
        got = _decide(A.BID, bot, known, nu, 1, last, bel)
        if p_lose > Fraction(0.6180339):
            assert got == A.CALL
            checked_calls += 1
        else:
            assert got == max(last + 1, safe)
    assert checked_calls > 10


def test_tips_follow_the_rule_text():
    """Anna sees 7♥ K♥ 5♠ (22) and adds about 5 for her card and 5 for the hidden one."""
    bel = _beliefs()
    tips = A.parse_bot("tips")
    assert _decide(A.BID, tips, parse_ids("7♥ K♥ 5♠"), 2, 0, 0, bel) == 32
    # the A♠ in sight: the highest card seen may count nothing (K♥ dropped): 7 + 10
    assert _decide(A.BID, tips, parse_ids("7♥ K♥ A♠"), 2, 0, 0, bel) == 17
    # small raises toward the estimate, a call when the bid is well above it (margin 5)
    assert _decide(A.BID, tips, parse_ids("7♥ K♥ 5♠"), 2, 1, 26, bel) == 29
    assert _decide(A.BID, tips, parse_ids("7♥ K♥ 5♠"), 2, 1, 37, bel) == 38
    assert _decide(A.BID, tips, parse_ids("7♥ K♥ 5♠"), 2, 1, 38, bel) == A.CALL
    # peeks only when the bid is close to its estimate (band 2)
    assert _decide(A.PEEK, tips, parse_ids("7♥ K♥ 5♠"), 2, 1, 30, bel) == 1
    assert _decide(A.PEEK, tips, parse_ids("7♥ K♥ 5♠"), 2, 1, 20, bel) == 0


def test_random_bids_are_legal_and_spread():
    bel = _beliefs()
    bot = A.parse_bot("random:call=0.25,step=4,lo=5,hi=9")
    known = parse_ids("7♥ K♥ 5♠")
    us = np.linspace(0, 1, 400, endpoint=False)
    opens = {_decide(A.BID, bot, known, 2, 0, 0, bel, u) for u in us}
    assert opens == set(range(5, 10))
    raises = [_decide(A.BID, bot, known, 2, 1, 30, bel, u) for u in us]
    assert sum(r == A.CALL for r in raises) == 100
    assert {r for r in raises if r != A.CALL} == {31, 32, 33, 34}


def test_bluffer_pushes_its_bid_at_the_set_rate():
    bel = _beliefs()
    known = parse_ids("7♥ K♥ 5♠")
    odds = _decide(A.BID, A.parse_bot("odds"), known, 2, 1, 10, bel)
    bluff = A.parse_bot("bluffer:rate=0.3,size=7")
    assert _decide(A.BID, bluff, known, 2, 1, 10, bel, u=0.29) == odds + 7
    assert _decide(A.BID, bluff, known, 2, 1, 10, bel, u=0.31) == odds


def _reader_bid(bot, seen_by_seat, me, bids, bidders, bel, hidden_card=True):
    seen = np.array([c if s != me else -1 for s, c in enumerate(seen_by_seat)], np.int64)
    b = np.zeros(64, np.int64)
    w = np.zeros(64, np.int64)
    b[: len(bids)] = bids
    w[: len(bids)] = bidders
    obs = _observation(me, seen, -1, len(bids), b, w, hidden_card)
    return A.reader_bid(np.array(_filled(bot)), obs, bel.tables, np.empty((2, 32)))


def test_reader_without_evidence_bids_like_odds():
    bel = _beliefs()
    reader = A.parse_bot("reader:quantile=0.2718281")
    odds = A.parse_bot("odds:quantile=0.2718281")
    rng = np.random.default_rng(8)
    for _ in range(50):
        cards = [int(c) for c in rng.choice(17, 4, replace=False)]
        known = cards[1:]
        assert _reader_bid(reader, cards, 0, [], [], bel) == _decide(
            A.BID, odds, known, 2, 0, 0, bel
        )


def test_reader_reads_a_high_raise_as_a_high_card_on_its_forehead():
    """The tips' second point: a raise far above what others expect means a high own card."""
    bel = _beliefs()
    reader = A.parse_bot("reader:quantile=0.3,model=0.3")
    cards = parse_ids("2♥ 7♥ K♥ 5♠")  # seat 0's own card (2♥) is never looked at
    known = cards[1:]
    odds = A.parse_bot("odds:quantile=0.3")
    for bids, reads_high in (([20, 21, 22], False), ([28, 31, 34], True)):
        got = _reader_bid(reader, cards, 0, bids, [1, 2, 3], bel)
        plain = _decide(A.BID, odds, known, 2, 3, bids[-1], bel)
        if reads_high:  # odds calls 34; the reader believes its own card is high and raises
            assert plain == A.CALL and got != A.CALL
        else:  # meek raises: the reader's own card looks low, it bids no higher than odds
            assert got != A.CALL and got <= plain
