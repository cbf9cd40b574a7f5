"""``read`` (issue 22 item 1): a blind one-card bid (W9) that reads the earlier bids under the
field's known strategies, against an enumeration of the deals, the reference, and the field."""

from fractions import Fraction

import numpy as np
import pytest

from headcount_lab.games.whist import agents, reference
from headcount_lab.games.whist.equilibrium import NO_TABLE, reading_bid
from headcount_lab.games.whist.exact import best_bid, blind_win_cards
from headcount_lab.games.whist.rules import WhistRules


def _blind_hand(seed, players):
    """A blind hand (k = 1) dealt at random; the dealer is the last seat, so seat 0 leads."""
    rules = WhistRules(players=players)
    rng = np.random.default_rng(seed)
    deck = rng.permutation(rules.deck_size).tolist()
    hands = [{deck[s]} for s in range(players)]
    h = reference.Hand(rules, 1, dealer=players - 1, hands=hands, trump=deck[players])
    return h, rng


def _card_only_bid(cards, i, trump):
    """Position ``i``'s bid from its cards alone: the better bid over the cards it might hold."""
    seen = [None if k == i else c for k, c in enumerate(cards)]
    possible, wins = blind_win_cards(len(cards), seen, trump)
    return best_bid(Fraction(len(wins), len(possible)))


def _enumerated_bid(h, pos, forb):
    """Every card position ``pos`` might hold, kept when each earlier seat, bidding from its
    cards alone, would have bid as it did had ``pos`` held it; the better bid on the share of
    the kept cards that take the trick (W7), W5's forbidden value avoided."""
    n = h.rules.players
    cards = [next(iter(h.hands[s])) for s in range(n)]
    seen = [None if k == pos else c for k, c in enumerate(cards)]
    possible, wins = blind_win_cards(n, seen, h.trump_card)
    kept = []
    for x in possible:
        hyp = [x if k == pos else c for k, c in enumerate(cards)]
        if all(_card_only_bid(hyp, i, h.trump_card) == h.bids[i] for i in range(pos)):
            kept.append(x)
    p = Fraction(sum(x in wins for x in kept), len(kept))
    return best_bid(p, forb)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_w9_reading_a_field_that_bids_from_its_cards_is_the_enumerated_best_bid(players):
    """With ``read=1`` the kernel's bid equals the enumeration at every position (the dealer's
    W5 included), its observation comes back unchanged, and it never reads its own card."""
    differs = 0
    for seed in range(40):
        h, rng = _blind_hand(seed, players)
        cards = [next(iter(h.hands[s])) for s in range(players)]
        pos = int(rng.integers(players))
        for i in range(pos):  # the field: every earlier seat bids from its cards alone
            h.bids[i] = _card_only_bid(cards, i, h.trump_card)
        others = [h.bids[s] for s in range(pos)] if pos == players - 1 else []
        forb = 1 - sum(others) if others and 0 <= 1 - sum(others) <= 1 else -1
        obs = h.observation(pos, 0)
        before = obs.copy()
        got = int(reading_bid(NO_TABLE, obs, pos, 1.0, forb))
        assert np.array_equal(obs, before)
        assert got == _enumerated_bid(h, pos, None if forb < 0 else forb)
        differs += got != _card_only_bid(cards, pos, h.trump_card) and forb < 0
        # W9: another card on its own forehead, same view, same bid
        h.hands[pos] = {next(c for c in range(h.rules.deck_size) if c not in cards
                             and c != h.trump_card)}  # fmt: skip
        assert int(reading_bid(NO_TABLE, h.observation(pos, 0), pos, 1.0, forb)) == got
    assert differs > 0  # reading changes some bids: the test is not the card-only bid again


def test_a_reader_falls_back_on_its_own_odds_when_no_card_explains_the_bids():
    """A leader's bid that no card of seat 1 explains (the opposite of what the leader's cards
    say, on a deal where every card of seat 1 leaves that bid the same): seat 1 bids from its own
    odds, as a seat that reads nothing."""
    found = 0
    for seed in range(200):
        h, _ = _blind_hand(seed, 4)
        cards = [next(iter(h.hands[s])) for s in range(4)]
        h.bids[0] = 1 - _card_only_bid(cards, 0, h.trump_card)
        possible, _ = blind_win_cards(4, [None if k == 1 else c for k, c in enumerate(cards)],
                                      h.trump_card)  # fmt: skip
        hyps = ([x if k == 1 else c for k, c in enumerate(cards)] for x in possible)
        if any(_card_only_bid(hyp, 0, h.trump_card) == h.bids[0] for hyp in hyps):
            continue
        found += 1
        got = int(reading_bid(NO_TABLE, h.observation(1, 0), 1, 1.0, -1))
        assert got == _card_only_bid(cards, 1, h.trump_card)
    assert found >= 5


def test_read_is_quiet_in_specs_and_ranged():
    ids, params = agents.policy_params(["heuristic:read=0.5", "montecarlo", "heuristic"])
    assert params[:, agents.P_READ].tolist() == [0.5, 0.0, 0.0]
    assert (
        agents.MENU.parse("montecarlo:read=0").canonical
        == agents.MENU.parse("montecarlo").canonical
    )
    assert "read" not in agents.MENU.parse("heuristic").canonical
    with pytest.raises(ValueError, match="read"):
        agents.policy_params(["heuristic:read=2"])


def test_a_reader_outscores_the_card_only_field_it_reads():
    """Four players, one ``heuristic:read=1`` among three ``heuristic`` (which bid the blind
    hands from their cards alone), seats rotated: its mean match score's 95% interval lies above
    each of theirs (fixed seed)."""
    from headcount_lab.core import runner
    from headcount_lab.games.whist import tournament

    bots = ["heuristic:read=1", "heuristic", "heuristic", "heuristic"]
    job = tournament.make_job(WhistRules(), bots, 1200, rotate=True)
    rows = tournament.summarize(runner.run(job, 20261206), bots)
    assert all(rows[0]["ci95"][0] > r["ci95"][1] for r in rows[1:])
