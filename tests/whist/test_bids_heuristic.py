"""``bids=heuristic`` (issue 22 item 1): montecarlo reads the earlier bids of the larger hands as
a field of ``heuristic`` bots makes them, exactly: its bid samples keep the deals in which every
earlier bidder would have bid what it did (W4's bids; no earlier bidder is the dealer, W5)."""

import numpy as np
import pytest

from headcount_lab.games.whist import agents, reference
from headcount_lab.games.whist.bots import MENU
from headcount_lab.games.whist.rules import WhistRules


def _masks(hands):
    return np.array([sum(1 << c for c in h) for h in hands], dtype=np.uint64)


def _spoken(seed, players=4):
    """A larger hand in which the seats before ``seat`` bid as heuristic bots: (hand, seat)."""
    rules = WhistRules(players=players)
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 8))
    deck = rng.permutation(rules.deck_size).tolist()
    hands = [set(deck[s * k : (s + 1) * k]) for s in range(players)]
    trump = deck[players * k] if players * k < rules.deck_size else None
    h = reference.Hand(rules, k, dealer=players - 1, hands=hands, trump=trump)
    seat = int(rng.integers(1, players))  # at least one seat has bid
    obs = h.observation(seat, 0)
    for s in range(seat):  # seat 0 leads the bidding (the dealer is the last seat)
        mask = _masks([hands[s]])[0]
        h.bids[s] = int(agents.heuristic_bid(mask, k, players, obs[agents.O_TRUMP_CARD],
                                             obs[agents.O_TRUMP_SUIT], -1))  # fmt: skip
    return h, seat


@pytest.mark.parametrize("seed", range(40))
def test_w4_the_dealt_hands_agree_with_heuristic_bids_and_a_changed_bid_does_not(seed):
    h, seat = _spoken(seed)
    masks = _masks(h.hands)
    assert agents.heuristic_bids_agree(h.observation(seat, 0), masks, h.k)
    # the acting seat's own (sampled) hand is not asked about
    masks_mine = masks.copy()
    masks_mine[seat] = np.uint64(0)
    assert agents.heuristic_bids_agree(h.observation(seat, 0), masks_mine, h.k)
    # one earlier bid that heuristic would not have made with that hand: the deal is out
    s = int(np.random.default_rng(seed).integers(seat))
    h.bids[s] = (h.bids[s] + 1) % (h.k + 1)
    assert not agents.heuristic_bids_agree(h.observation(seat, 0), masks, h.k)


def test_bids_is_quiet_named_and_refuses_other_words():
    spec = MENU.parse("montecarlo:bids=heuristic")
    assert spec.canonical.endswith("bids=heuristic")
    assert "bids" not in MENU.parse("montecarlo").canonical  # older specs keep their text
    with pytest.raises(ValueError, match="bids must be one of proxy, heuristic"):
        MENU.parse("montecarlo:bids=odds")
    ids, params = agents.policy_params(["montecarlo:bids=heuristic", "montecarlo"])
    assert params[:, agents.P_BIDS].tolist() == [1.0, 0.0]
