"""Fair play: a bot's decision never depends on cards its seat cannot see (STYLE, issue 4).

Random situations (table size, who is out, who peeked, lives, bid history, every decision
kind) are put to :func:`engine.ask`, the engine's one way to ask a bot: the seat's observation
(:func:`engine._observe`), then :func:`agents.decide` of the decision's kind, the same steps and
the same per-kind dispatch as each decision site of the kernel. Swapping
the seat's own card, the hidden card it did not peek at, or the draw-pile top with any other
unseen card must give the same decision. As a check that the test has teeth, swapping a card
the seat *does* see changes the odds-family decisions in many situations.
"""

import numpy as np
import pytest
from engine_support import setup_for

from headcount_lab.games.headcount import agents as A
from headcount_lab.games.headcount import engine as E
from headcount_lab.games.headcount.rules import HeadcountRules

#: every bot; the responder (the meter's family) also with its own knobs away from the defaults
POLICIES = ["random", "tips", "odds", "reader", "bluffer", "equilibrium", "responder",
            "responder:raise=0.3,shade=6,call2=0.8,quantile2=0.3,raise2=0.5"]  # fmt: skip


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


def decide(setup, beliefs, kind, me, active, cards, hidden, peeked, nb, bids, bidders, bp, u,
           open_l=None):  # fmt: skip
    perms, pol, par, rules = setup.kernel_args()
    caller = -1
    if kind == A.POINT:  # the pointer is neither the caller nor the last bidder
        caller = int(next(s for s in np.flatnonzero(active) if s not in (me, bidders[nb - 1])))
    return E.ask(
        kind, me, nb, nb > 0, caller, u, perms[0], pol, par, rules, beliefs.row_of, beliefs.sf,
        beliefs.lo, beliefs.gain, beliefs.safe, active, peeked, cards, hidden, bids, bidders, bp,
        np.empty(len(cards), np.int64), np.empty((2, 32)),
        np.ones(len(cards), np.int64) if open_l is None else open_l, beliefs.headsup,
    )  # fmt: skip


@pytest.mark.parametrize("variant", ["standard", "double", "no hidden card"])
@pytest.mark.parametrize("policy", POLICIES)
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
                for _ in range(4):
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
