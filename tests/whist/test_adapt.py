"""``whist compare --adapt`` (issue 23 item 4): the ``montecarlo`` search bot plays and simulates
by the rules in force, so the players as they are have adapted already.

A spy runs every montecarlo decision twice from the same stream: once as the engine asks it,
once with one rule flag of its observation set back to the rulings. At a card the root's legal
cards are passed in (computed under the rules in force) and at a non-dealer's bid no rule limits
the bid, so a different decision can only come from the bot's samples and playouts reading the
flag: W6 (must-trump) and W5 (the dealer's restriction, which the playouts apply to the dealer's
simulated bid)."""

from __future__ import annotations

import numpy as np
import pytest

from headcount_lab.core.rng import PyStream
from headcount_lab.games.whist import agents, reference
from headcount_lab.games.whist import bits as B
from headcount_lab.games.whist.rules import WhistRules

MC = "montecarlo:bid_samples=24,play_samples=12"


class Spy(reference.Bots):
    def __init__(self, rules: WhistRules, slot: int, base_value: int, seed: int) -> None:
        ids, params = agents.policy_params([MC] * rules.players)
        super().__init__(ids, params, PyStream.for_block(seed, 0))
        self.slot, self.base_value = slot, base_value
        self.legal: list[int] | None = None  # the cards the engine allows, at a card
        self.asked = self.differ = 0
        self.other = agents.new_work()

    def card(self, h, seat, legal):  # type: ignore[no-untyped-def]
        self.legal = legal
        c = super().card(h, seat, legal)
        self.legal = None
        assert c in legal  # W6 under the rules in force (play_hand checks it as well)
        return c

    def jitted(self, seat: int, obs: np.ndarray) -> int:
        state = self.stream.state()  # a copy: the engine's draw is not disturbed
        alt = obs.copy()
        alt[self.slot] = self.base_value
        policy, params = int(self.policies[seat]), self.params[seat]
        if obs[B.O_PHASE] == 0:
            if obs[B.O_SEAT] == obs[B.O_DEALER]:  # the restriction limits this bid itself
                return super().jitted(seat, obs)
            other = agents.act(policy, params, state, alt, *self.other)
        else:
            assert self.legal is not None
            legal = np.uint64(sum(1 << c for c in self.legal))
            other = agents.play_card(policy, params, state, alt, *self.other, legal)
        a = super().jitted(seat, obs)
        self.asked += 1
        self.differ += int(a != other)
        return a


@pytest.mark.parametrize(
    ("flag", "slot", "base_value"),
    [("must_trump=off", B.O_MUST_TRUMP, 1), ("dealer_restriction=off", B.O_RESTRICTION, 1)],
)
def test_montecarlo_plays_and_simulates_by_the_rule_in_force(flag, slot, base_value):
    rules = WhistRules(players=4).with_flags([flag])
    asked = differ = 0
    for seed in range(10):
        spy = Spy(rules, slot, base_value, seed)
        for k in (4, 6):
            h = reference.play_hand(rules, k, seed % 4, spy, [])
            assert sum(h.tricks) == k
        asked += spy.asked
        differ += spy.differ
    assert asked > 100
    # the rule reaches the samples: with the flag at the rulings' value the same stream gives
    # other decisions (with the rule ignored they would all agree)
    assert differ > 0, (asked, differ)


def test_the_observation_carries_the_rules_in_force():
    for must, restrict in ((False, True), (True, False)):
        rules = WhistRules(players=4, must_trump=must, dealer_restriction=restrict)
        h = reference.Hand(rules, 3, 0, [{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}], 12)
        obs = h.observation(1, 0)
        assert (obs[B.O_MUST_TRUMP], obs[B.O_RESTRICTION]) == (int(must), int(restrict))
