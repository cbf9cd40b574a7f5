"""``foolish compare --adapt`` (issue 23 item 4): the search bots (``ismcts``, the competent
field, and ``pimc``) play and simulate by the rules in force, so the players as they are have
adapted already.

The rules travel in the observation (``bits.py``: ``S_PC``, ``S_MULT``, ...): the sampler
copies them into every determinised state and the rollouts read them there. A spy runs each
decision twice from the same stream with the same legal actions at the root: once as the engine
asks it, once with one rule of the observation set back to the rulings; a different decision can
only come from the samples and rollouts reading the rule. F18 (Party Crasher, a flag that
changes the legal plays) and F15 (the Lone Fool's multiplier, the scores the search weighs)."""

from __future__ import annotations

import numpy as np
import pytest

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.games.foolish import agents, reference
from headcount_lab.games.foolish import bits as B
from headcount_lab.games.foolish.rules import FoolishRules

SEARCHERS = ["ismcts:iterations=16", "pimc:samples=6"]


class Spy(reference.Bots):
    def __init__(self, bot: str, rules: FoolishRules, slot: int, base_value: int, seed: int):
        ids, params = agents.policy_params([bot] * rules.players)
        super().__init__(ids, params, PyStream.for_block(seed, 0))
        self.slot, self.base_value = slot, base_value
        self.asked = self.differ = 0
        self.other = agents.Work()

    def choose(self, rnd, seat):  # type: ignore[no-untyped-def]
        legal = rnd.legal(seat, crash=True)
        if len(legal) > 1:
            obs = rnd.observation(seat)
            alt = obs.copy()
            alt[self.slot] = self.base_value
            mask = sum(1 << a for a in legal)
            other = self.other.call(int(self.policies[seat]), self.params[seat],
                                    self.stream.state(), alt, mask)  # fmt: skip
        a = super().choose(rnd, seat)
        assert a in legal, (a, legal)  # legal under the rules in force
        if len(legal) > 1:
            self.asked += 1
            self.differ += int(a != other)
        return a


@pytest.mark.parametrize("bot", SEARCHERS)
@pytest.mark.parametrize(
    ("flag", "slot", "base_value"),
    [("party_crasher=on", B.S_PC, 0), ("lone_multiplier=10", B.S_MULT, 2)],
)
def test_a_search_bot_plays_and_simulates_by_the_rule_in_force(bot, flag, slot, base_value):
    rules = FoolishRules(players=4, rounds="single").with_flags([flag])
    asked = differ = 0
    for seed in range(8):
        spy = Spy(bot, rules, slot, base_value, seed)
        reference.play_game(rules, spy)
        asked += spy.asked
        differ += spy.differ
    assert asked > 50
    assert differ > 0, (asked, differ)  # the rule reaches the samples and rollouts


def test_the_sampler_keeps_every_rule_of_the_observation():
    """``determinise`` (the search bots' samples) copies the rule slots of the observation
    into the sampled state, whatever their values."""
    rules = FoolishRules(players=4, party_crasher=True, lone_multiplier=7, no_tricks_bonus=9,
                         pc_keeps_stock=False, pc_no_tricks_bonus=False)  # fmt: skip
    stock, dealt = reference.deal(PyStream.for_block(3, 0), 4)
    rnd = reference.Round(rules, 1, 0, stock, dealt, [0] * 4)
    obs = rnd.observation(2)
    samp = np.zeros(B.STATE_SIZE, dtype=np.int64)
    buf = np.zeros(128, dtype=np.int64)
    agents.determinise(block_state(3, 1), obs, samp, buf)
    for slot in (B.S_PC, B.S_MULT, B.S_BONUS, B.S_PC_STOCK, B.S_PC_BONUS):
        assert samp[slot] == obs[slot]
    assert (samp[B.S_PC], samp[B.S_MULT], samp[B.S_BONUS]) == (1, 7, 9)
    assert (samp[B.S_PC_STOCK], samp[B.S_PC_BONUS]) == (0, 0)
