"""Montecarlo that reads the bids (``listen=2`` and ``3``): the bid model behind its sample
weights, the weights against a plain-Python product, and weighted samples that follow the bids."""

import math

import numpy as np
import pytest

from headcount_lab.core.rng import block_state
from headcount_lab.games.whist import agents, reference
from headcount_lab.games.whist.rules import WhistRules


def _likelihood(b: int, e: float, k: int) -> float:
    """The bid model as its docstring states it, in plain Python."""
    g = [math.exp(-((j - e) ** 2) / (2 * agents.LISTEN_SPREAD**2)) for j in range(k + 1)]
    return (1 - agents.LISTEN_NOISE) * g[b] / sum(g) + agents.LISTEN_NOISE / (k + 1)


@pytest.mark.parametrize("k", [1, 2, 5, 8])
def test_bid_model_is_a_distribution_over_the_bids(k):
    for e in np.linspace(0.05, k - 0.05, 6):  # no estimate halfway between two bids
        p = [agents.bid_likelihood(b, float(e), k) for b in range(k + 1)]
        assert sum(p) == pytest.approx(1.0, abs=1e-12)
        assert p == pytest.approx([_likelihood(b, float(e), k) for b in range(k + 1)], rel=1e-12)
        # the likeliest bid is the estimate rounded
        assert int(np.argmax(p)) == min(k, int(e + 0.5))


def _bidding(seed, k=5, players=4, seat=2):
    """A hand dealt at random with the seats before ``seat`` having bid at random."""
    rules = WhistRules(players=players)
    rng = np.random.default_rng(seed)
    deck = rng.permutation(rules.deck_size).tolist()
    hands = [set(deck[s * k : (s + 1) * k]) for s in range(players)]
    h = reference.Hand(rules, k, dealer=players - 1, hands=hands, trump=deck[players * k])
    for s in range(seat):  # dealer is the last seat, so seats 0..seat-1 bid first
        h.bids[s] = int(rng.integers(k + 1))
    return h, h.observation(seat, 0)


@pytest.mark.parametrize("seed", range(6))
def test_bid_weight_is_the_product_over_the_earlier_bidders(seed):
    h, obs = _bidding(seed)
    hands = np.array([sum(1 << c for c in hs) for hs in h.hands], dtype=np.uint64)
    want = 1.0
    for s in range(2):
        e = agents.estimate_tricks(hands[s], h.k, 4, obs[agents.O_TRUMP_CARD], h.trump_suit)
        want *= _likelihood(h.bids[s], e, h.k)
    got = agents.bids_weight(obs, hands, h.k)
    assert abs(got - want * agents.WEIGHT_ONE) <= 1


def _sampled_estimates(obs, k, seat, samples, seed):
    """Unweighted and weighted mean trick estimate of ``seat`` over deals of the unseen cards."""
    work, uwork = agents.new_work()
    state = block_state(seed, 0)
    need = np.full(4, k, dtype=np.int64)
    pool = np.zeros(48, dtype=np.int64)
    dealt = np.zeros(4, dtype=np.uint64)
    es, ws = [], []
    for _ in range(samples):
        agents.deal_unseen(state, obs, need, 1, pool, dealt)
        t_card, t_suit = obs[agents.O_TRUMP_CARD], obs[agents.O_TRUMP_SUIT]
        es.append(agents.estimate_tricks(dealt[seat], k, 4, t_card, t_suit))
        ws.append(agents.bids_weight(obs, dealt, k))
    es_a, ws_a = np.array(es), np.array(ws, dtype=np.float64)
    return float(es_a.mean()), float((es_a * ws_a).sum() / ws_a.sum())


def test_weighted_samples_give_a_bidder_the_hand_its_bid_suggests():
    """The leader bid 4 of 5 tricks (then 0): weighted by the bid model, the sampled deals give
    it a hand worth about that many tricks, while the unweighted deals ignore the bid."""
    h, obs = _bidding(3, k=5, seat=1)
    high, low = obs.copy(), obs.copy()
    high[agents.OFF_BIDS + 0] = 4
    low[agents.OFF_BIDS + 0] = 0
    plain_hi, weighted_hi = _sampled_estimates(high, 5, 0, 3000, 7)
    plain_lo, weighted_lo = _sampled_estimates(low, 5, 0, 3000, 7)
    assert plain_hi == plain_lo  # same stream, same deals: the bid is not looked at
    assert weighted_hi > plain_hi + 1.0
    assert weighted_lo < plain_lo - 0.3


def test_listening_changes_montecarlo_bids_only_through_the_earlier_bids():
    """The leader hears no bids, so ``listen=2`` bids as ``listen=1`` (which reads blind bids
    only) and ``listen=0``; later seats differ on some hands (the weights are used), on the same
    stream."""
    plain = agents.policy_params(["montecarlo:bid_samples=40,listen=1"])[1][0]
    listen = agents.policy_params(["montecarlo:bid_samples=40,listen=2"])[1][0]
    work, uwork = agents.new_work()
    differ = 0
    for seed in range(30):
        h, obs = _bidding(seed, seat=0)
        a = agents.act(2, plain, block_state(seed, 0), obs, work, uwork)
        b = agents.act(2, listen, block_state(seed, 0), obs, work, uwork)
        assert a == b
        h, obs = _bidding(seed, seat=3)
        a = agents.act(2, plain, block_state(seed, 0), obs, work, uwork)
        b = agents.act(2, listen, block_state(seed, 0), obs, work, uwork)
        differ += a != b
    assert differ > 0
