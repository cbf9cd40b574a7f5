"""Fair play: a bot's decision never depends on cards its seat cannot see (STYLE, issue 4).

Random situations (table size, who is out, who peeked, lives, bid history, every decision
kind) are put to the bots as the engine puts them: the seat's observation
(:func:`.observation.observe`), then the bot's decision of that kind (:func:`.agents.act`,
the functions each decision site of the kernel inlines). Swapping the seat's own card, the
hidden card it did not peek at, or the draw-pile top with any other unseen card must give the
same decision, and the same observation. As a check that the test has teeth, swapping a card
the seat *does* see changes the odds-family decisions in many situations.
"""

import numpy as np
import pytest
from engine_support import observe_and_act, setup_for

from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount import kernels as E
from headcount_lab.games.headcount import observation as O
from headcount_lab.games.headcount.rules import HeadcountRules

#: every bot; the responder (the meter's family) also with its own knobs away from the defaults;
#: bayes (issue 22) with the table bot's model, with the reader's (the model that reads the
#: most of the history) and with its own (a reader of readers, its field's posteriors inside)
POLICIES = ["random", "tips", "odds", "reader", "bluffer", "equilibrium", "responder",
            "responder:raise=0.3,shade=6,call2=0.8,quantile2=0.3,raise2=0.5", "bayes",
            "bayes:field=reader,call=0.5,peek=0.02", "bayes:field=bayes"]  # fmt: skip


def situation(rng, n, rules):
    n_deck = rules.deck_size
    active = np.zeros(n, np.bool_)
    active[rng.choice(n, size=rng.integers(2, n + 1), replace=False)] = True
    order = np.flatnonzero(active)
    deck = rng.permutation(n_deck)
    cards = np.full(n, -1, np.int64)
    cards[order] = deck[: order.size]
    hidden = int(deck[order.size]) if rules.hidden_card else -1
    peeked = np.zeros(n, np.bool_)
    if rules.hidden_card:
        peeked[order] = rng.random(order.size) < 0.4
    nb = int(rng.integers(0, 7))
    bids = np.zeros(E.MAX_BIDS, np.int64)
    bidders = np.zeros(E.MAX_BIDS, np.int64)
    bid_peeked = np.zeros(E.MAX_BIDS, np.bool_)
    b = int(rng.integers(-5, 30))
    start = int(rng.integers(order.size))
    for i in range(nb):
        bids[i] = b
        bidders[i] = order[(start + i) % order.size]
        bid_peeked[i] = peeked[bidders[i]] and rng.random() < 0.7
        b += int(rng.integers(1, 6))
    me = int(order[(start + nb) % order.size])
    return active, cards, hidden, peeked, nb, bids, bidders, bid_peeked, me, deck


def decide(setup, beliefs, kind, me, active, cards, hidden, peeked, nb, bids, bidders, bp, u):
    caller = -1
    if kind == A.POINT:  # the pointer is neither the caller nor the last bidder
        caller = int(next(s for s in np.flatnonzero(active) if s not in (me, bidders[nb - 1])))
    state = (active, cards, peeked, nb, bids, bidders, bp, np.ones(len(cards), np.int64))
    return observe_and_act(setup, beliefs, kind, me, state, hidden, u, caller)


def observation(rules, me, active, cards, hidden, peeked, nb, bids, bidders, bp):
    """The observation of seat ``me``, its arrays copied out (``seen`` is the engine's
    scratch)."""
    public = O.Public(nb, bids, bidders, bp, peeked, np.ones(len(cards), np.int64))
    obs = O.observe(me, active, O.table_of(rules, active), public, cards, hidden, nb > 0, -1,
                    np.empty(len(cards), np.int64))  # fmt: skip
    return obs._replace(seen=obs.seen.copy())


def same(a, b):
    """Field by field, arrays by value."""
    if isinstance(a, tuple):
        return all(same(x, y) for x, y in zip(a, b, strict=True))
    return np.array_equal(a, b)


@pytest.mark.parametrize("variant", ["standard", "double", "no hidden card"])
def test_the_observation_holds_no_card_the_seat_cannot_see(variant):
    """STYLE "agents see an observation, never the state" (H7: the hidden card only after a
    peek): two states that differ only in cards the seat cannot see (its own forehead, the
    hidden card it did not peek at) give the same observation; a seen card changes it."""
    rules = HeadcountRules(double=variant == "double", hidden_card=variant != "no hidden card")
    rng = np.random.default_rng(len(variant))
    differ = 0
    for n in (3, 4, 5, 6):
        for _ in range(100):
            active, cards, hidden, peeked, nb, bids, bidders, bp, me, _ = situation(rng, n, rules)
            state = (peeked, nb, bids, bidders, bp)
            base = observation(rules, me, active, cards, hidden, *state)
            seen = {int(cards[s]) for s in np.flatnonzero(active) if s != me}
            unseen = [c for c in range(rules.deck_size) if c not in seen | {hidden}]
            c2 = cards.copy()
            c2[me] = unseen[int(rng.integers(len(unseen)))]
            h2 = hidden if peeked[me] or not rules.hidden_card else cards[me]
            assert same(observation(rules, me, active, c2, h2, *state), base)
            other = next(s for s in np.flatnonzero(active) if s != me)
            c3 = cards.copy()
            c3[other] = unseen[0]
            differ += not same(observation(rules, me, active, c3, hidden, *state), base)
            if peeked[me]:
                assert base.hidden_seen == hidden
    assert differ == 400  # teeth: every seen card is in it


VARIANTS = ["standard", "double", "no hidden card"]


def _policy_variants() -> list:  # type: ignore[type-arg]
    """Every bot under every variant; make test takes each bot under one variant, in turn (so
    every variant meets several bots, the three bayes models three different ones), and make
    test-all the other two as well (issue 25: test time)."""
    return [
        pytest.param(p, v, marks=() if (i - j) % len(VARIANTS) == 0 else pytest.mark.slow)
        for i, p in enumerate(POLICIES)
        for j, v in enumerate(VARIANTS)
    ]


@pytest.mark.parametrize(("policy", "variant"), _policy_variants())
def test_swapping_unseen_cards_never_changes_a_decision(policy, variant):
    rules = HeadcountRules(double=variant == "double", hidden_card=variant != "no hidden card")
    rng = np.random.default_rng([POLICIES.index(policy), len(variant)])
    changed_by_seen = 0
    checked = 0
    for n in (3, 4, 5, 6):
        setup = setup_for(",".join([policy] * n), rules)
        beliefs = setup.beliefs()
        for _ in range(60):
            active, cards, hidden, peeked, nb, bids, bidders, bp, me, deck = situation(
                rng, n, rules
            )
            kinds = [A.BID, A.DISCARD]
            if nb > 0 and np.count_nonzero(active) >= 3:
                kinds.append(A.POINT)
            if rules.hidden_card and not peeked[me]:
                kinds.append(A.PEEK)
            u = rng.random()
            seen = {int(cards[s]) for s in np.flatnonzero(active) if s != me}
            if peeked[me]:
                seen.add(hidden)
            unseen = [c for c in range(rules.deck_size) if c not in seen]
            for kind in kinds:
                if kind == A.POINT and nb == 0:
                    continue
                base = decide(setup, beliefs, kind, me, active, cards, hidden, peeked, nb, bids,
                              bidders, bp, u)  # fmt: skip
                for _ in range(2):
                    # the seat's own card and (unless peeked) the hidden card take any unseen
                    # values; the rest of the unseen cards are the draw pile
                    c2, h2 = cards.copy(), hidden
                    pick = rng.permutation(unseen)
                    c2[me] = pick[0]
                    if rules.hidden_card and not peeked[me]:
                        h2 = int(pick[1])
                    got = decide(setup, beliefs, kind, me, active, c2, h2, peeked, nb, bids,
                                 bidders, bp, u)  # fmt: skip
                    assert got == base, (kind, me, cards, hidden, c2, h2)
                    checked += 1
                # teeth: change one card the seat sees to another unseen card
                others = [s for s in np.flatnonzero(active) if s != me]
                c3 = cards.copy()
                s = others[int(rng.integers(len(others)))]
                c3[s] = [c for c in unseen if c != cards[me] and c != hidden][0]
                if decide(setup, beliefs, kind, me, active, c3, hidden, peeked, nb, bids,
                          bidders, bp, u) != base:  # fmt: skip
                    changed_by_seen += 1
    assert checked > 1000
    if policy.partition(":")[0] != "random":
        assert changed_by_seen > 20
