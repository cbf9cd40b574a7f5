"""Cross-check against a real peer: OpenSpiel's ``oh_hell`` (PyPI ``open_spiel``).

Oh Hell is the same family with other scoring and no duty to trump, so we compare only where the
two rule sets agree, on random OpenSpiel games dealt from our pack size (4 suits x 2n ranks):
the dealer's legal bids (W5), the legal cards with our ``must_trump`` off (W6 follow suit), the
winner of every trick (W6), and each player's tricks through OpenSpiel's returns
(tricks + 10 for an exact bid with its default parameters).
"""

import numpy as np
import pytest

from headcount_lab.games.whist.rules import WhistRules, forbidden_bid, legal_cards, trick_winner

pyspiel = pytest.importorskip("pyspiel")


def _ours(action, ranks):
    """OpenSpiel card action (rank-major, 4 suits) to our id (suit-major)."""
    return (action % 4) * ranks + action // 4


def _play_random_game(players, k, rng):
    game = pyspiel.load_game(
        "oh_hell",
        {
            "players": players,
            "num_suits": 4,
            "num_cards_per_suit": 2 * players,
            "num_tricks_fixed": k,
        },
    )
    state = game.new_initial_state()
    chance, moves = [], []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            a = outcomes[rng.integers(len(outcomes))][0]
            chance.append(a)
        else:
            legal = state.legal_actions()
            a = legal[rng.integers(len(legal))]
            moves.append((state.current_player(), a, legal))
        state.apply_action(a)
    return chance, moves, state.returns()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_trick_winners_and_bid_legality_agree_with_openspiel(players):
    rng = np.random.default_rng(players)
    ranks = 2 * players
    rules = WhistRules(players=players, must_trump=False)  # OpenSpiel has no duty to trump
    checked_tricks = 0
    for game_no in range(60):
        k = 1 + game_no % 7  # every trump hand size of a match
        chance, moves, returns = _play_random_game(players, k, rng)
        n_bids = players
        bids_moves, card_moves = moves[:n_bids], moves[n_bids:]
        first_bidder = bids_moves[0][0]
        dealer = (first_bidder - 1) % players
        trump = _ours(chance[-1], ranks)  # the turned card is the last chance event
        trump_suit = trump // ranks
        bids = {}
        for player, action, legal in bids_moves:
            earlier = list(bids.values())
            forb = (
                forbidden_bid(k, earlier, WhistRules(players=players)) if player == dealer else None
            )
            assert sorted(a - 4 * ranks for a in legal) == [b for b in range(k + 1) if b != forb]
            bids[player] = action - 4 * ranks
        hands = {p: set() for p in range(players)}
        for player, action, _ in card_moves:
            hands[player].add(_ours(action, ranks))
        assert all(len(h) == k for h in hands.values())
        tricks = [0] * players
        leader = first_bidder
        for t in range(k):
            trick = card_moves[t * players : (t + 1) * players]
            assert trick[0][0] == leader  # the previous winner leads (W6)
            cards = []
            for player, action, legal in trick:
                led = cards[0] // ranks if cards else None
                want = legal_cards(hands[player], led, trump_suit, rules)
                assert sorted(_ours(a, ranks) for a in legal) == want
                cards.append(_ours(action, ranks))
                hands[player].remove(cards[-1])
            leader = trick[trick_winner(cards, trump_suit, ranks)][0]
            tricks[leader] += 1
            checked_tricks += 1
        for p in range(players):
            assert returns[p] == tricks[p] + (10 if tricks[p] == bids[p] else 0)
    assert checked_tricks == sum(1 + g % 7 for g in range(60))
