"""Bots decide from their observation only (W9: never their own forehead card), they are legal,
and montecarlo > heuristic > random in mean match score."""

import numpy as np
import pytest

from headcount_lab.core.rng import PyStream
from headcount_lab.games.whist import agents, reference, tournament
from headcount_lab.games.whist.rules import WhistRules, legal_cards

BOTS = [
    "random",
    "heuristic",
    "montecarlo:bid_samples=6,play_samples=3",
    "montecarlo:bid_samples=6,play_samples=3,listen=3",
    "montecarlo:bid_samples=6,play_samples=3,bids=heuristic",
]


def _decisions(h, seat, phase, seed):
    out = []
    for name in BOTS:
        ids, params = agents.policy_params([name] * h.rules.players)
        bots = reference.Bots(ids, params, PyStream.for_block(seed, 0))
        if phase == 0:
            out.append(bots.bid(h, seat))
        else:
            led = h.trick[0][1] // h.rules.ranks if h.trick else None
            out.append(bots.card(h, seat, legal_cards(h.hands[seat], led, h.trump_suit, h.rules)))
    return out


def _hand(seed, k, players=4):
    rules = WhistRules(players=players)
    rng = np.random.default_rng(seed)
    deck = rng.permutation(rules.deck_size).tolist()
    hands = [set(deck[s * k : (s + 1) * k]) for s in range(players)]
    trump = deck[players * k] if k < 8 else None
    return reference.Hand(rules, k, dealer=players - 1, hands=hands, trump=trump), deck


def _swap_unseen(h, deck, seat, rng):
    """Exchange a card between two hands the seat cannot see (or with the undealt stock)."""
    n, k = h.rules.players, h.k
    stock = [c for c in deck[n * k + 1 :]] if h.trump_card is not None else []
    others = [s for s in range(n) if s != seat and h.hands[s]]
    a = others[rng.integers(len(others))]
    ca = sorted(h.hands[a])[rng.integers(len(h.hands[a]))]
    pool = [(b, c) for b in others if b != a for c in h.hands[b]] + [(None, c) for c in stock]
    b, cb = pool[rng.integers(len(pool))]
    h.hands[a].remove(ca)
    h.hands[a].add(cb)
    if b is not None:
        h.hands[b].remove(cb)
        h.hands[b].add(ca)


@pytest.mark.parametrize("seed", range(12))
def test_swapping_unseen_cards_never_changes_a_bid(seed):
    rng = np.random.default_rng(seed)
    h, deck = _hand(seed, k=int(rng.integers(2, 8)))
    seat = int(rng.integers(4))
    for s in range(4):  # earlier bidders have spoken
        if (s - h.dealer - 1) % 4 < (seat - h.dealer - 1) % 4:
            h.bids[s] = int(rng.integers(h.k + 1))
    before = _decisions(h, seat, 0, seed)
    _swap_unseen(h, deck, seat, rng)
    assert _decisions(h, seat, 0, seed) == before


@pytest.mark.parametrize("seed", range(12))
def test_w9_blind_bid_ignores_the_own_card(seed):
    rng = np.random.default_rng(seed)
    h, deck = _hand(seed, k=1)
    seat = int(rng.integers(4))
    before = _decisions(h, seat, 0, seed)
    # the card on my own forehead is swapped for one from the stock: nothing I see changes
    mine = next(iter(h.hands[seat]))
    other = deck[4 + 1 + int(rng.integers(len(deck) - 5))]
    h.hands[seat] = {other}
    assert mine != other
    assert _decisions(h, seat, 0, seed) == before


@pytest.mark.parametrize("seed", range(12))
def test_swapping_unseen_cards_never_changes_a_card_play(seed):
    rng = np.random.default_rng(100 + seed)
    h, deck = _hand(seed, k=6)
    h.bids = [int(b) for b in rng.integers(0, 4, size=4)]
    # play the first trick's opening cards by the rules, then ask the next seat
    for i in range(int(rng.integers(0, 4))):
        seat = (h.leader + i) % 4
        led = h.trick[0][1] // h.rules.ranks if h.trick else None
        c = legal_cards(h.hands[seat], led, h.trump_suit, h.rules)[0]
        h.hands[seat].remove(c)
        h.played.add(c)
        h.trick.append((seat, c))
    seat = (h.leader + len(h.trick)) % 4
    before = _decisions(h, seat, 1, seed)
    _swap_unseen(h, deck, seat, rng)
    assert _decisions(h, seat, 1, seed) == before


def test_policy_names_and_parameters():
    ids, params = agents.policy_params(
        ["random", "heuristic:listen=1", "montecarlo:bid_samples=40,play_samples=5"]
    )
    assert ids.tolist() == [0, 1, 2]
    # every key has one slot in every bot
    assert params[1].tolist() == [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    assert params[2].tolist() == [40.0, 5.0, 2.0, 0.0, 0.0, 0.0, 0.0]
    for bad, why in [
        ("expert", "unknown bot"),
        ("heuristic:3", "parameters are named"),
        ("random:listen=1", "takes no parameters"),
        ("montecarlo:bid_samples=x", "must be a number"),
        ("montecarlo:bid_samples=0", "out of range"),
        ("montecarlo:24:32", "parameters are named"),  # the old positional form
        ("montecarlo:bid_samples=2.5", "whole number"),
        ("montecarlo:play_samples=1,play_samples=2", "given twice"),
    ]:
        with pytest.raises(ValueError, match=why):
            agents.policy_params([bad])


def test_montecarlo_sample_counts_that_would_overflow_are_refused():
    """Issue 15 item 2: a huge sample count used to wrap to no samples at all."""
    with pytest.raises(ValueError, match=r"bid_samples=100000000000000000000 is out of range"):
        agents.policy_params(["montecarlo:bid_samples=100000000000000000000"])
    with pytest.raises(ValueError, match="finite"):
        agents.policy_params(["montecarlo:play_samples=inf"])


def test_montecarlo_beats_heuristic_beats_random_with_separate_cis():
    """Mean match score, 95% CIs apart (fixed seed; the report has the bigger run)."""
    from headcount_lab.core import runner

    rules = WhistRules()
    bots = ["montecarlo:bid_samples=12", "heuristic", "random", "heuristic"]
    job = tournament.make_job(rules, bots, 240, rotate=True)
    rows = tournament.summarize(runner.run(job, 20261130), bots)
    mc, heur, rand = rows[0], rows[1], rows[2]
    assert mc["ci95"][0] > heur["ci95"][1]
    assert heur["ci95"][0] > rand["ci95"][1]
