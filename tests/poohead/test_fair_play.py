"""P21: a bot decides from its seat's observation only. Re-dealing every card the seat cannot
see (other hands outside the publicly known cards, all face-down cards, the draw pile) leaves the
observation, and so every bot's decision, unchanged; changing the seat's own hand does not."""

import copy
import random

import numpy as np
import pytest

from headcount_lab.core.rng import PyStream
from headcount_lab.games.poohead import agents
from headcount_lab.games.poohead.reference import SUBSETS, Table
from headcount_lab.games.poohead.rules import COPIES, DECK, FLIP, N_RANKS, PooheadRules


def _midgame(seed, turns, players=4):
    rules = PooheadRules(players=players)
    stream = PyStream.for_block(seed, 0)
    deck = [i // COPIES for i in range(DECK)]
    stream.partial_shuffle(deck, DECK - 1)
    t = Table.dealt(rules, deck)
    t.swap([stream.below(len(SUBSETS)) for _ in range(players)])
    t.choose_starter(stream)
    while not t.over and t.turns < turns:
        legal = t.legal_actions()
        a = legal[stream.below(len(legal))]
        t.apply(a, stream.below(len(t.down[t.cur])) if a == FLIP else 0)
    return t


def _redeal_hidden(t: Table, seat: int, rng: random.Random) -> Table:
    u = copy.deepcopy(t)
    pool = []
    for s in range(len(u.hand)):
        if s != seat:
            for r in range(N_RANKS):
                free = u.hand[s][r] - u.known[s][r]
                pool += [r] * free
                u.hand[s][r] -= free
        pool += u.down[s]
    pool += u.draw[u.draw_ptr :]
    rng.shuffle(pool)
    for s in range(len(u.hand)):
        if s != seat:
            free = sum(t.hand[s]) - sum(t.known[s])
            for _ in range(free):
                u.hand[s][pool.pop()] += 1
        u.down[s] = [pool.pop() for _ in t.down[s]]
    u.draw = u.draw[: u.draw_ptr] + [pool.pop() for _ in t.draw[t.draw_ptr :]]
    assert not pool
    return u


def _decisions(t: Table, seat: int):
    obs = t.observation(seat)
    mask = np.uint64(sum(1 << a for a in t.legal_actions()))
    out = []
    for name, policy in agents.POLICIES.items():
        state = PyStream.for_block(3, 3).state()
        budget = {
            "pimc": "pimc:samples=4,horizon=200",
            "ismcts": "ismcts:iterations=64,horizon=200",
        }
        params = agents.policy_params([budget.get(name, name)])[1][0]
        out.append(
            int(agents.act(policy, params, state, obs, mask, t.rules.array(), agents.new_work()))
        )
    return obs, out


@pytest.mark.parametrize("seed", range(6))
def test_p21_hidden_cards_do_not_change_any_decision(seed):
    rng = random.Random(seed)
    checked = 0
    for turns in (5, 20, 40, 80):
        t = _midgame(seed, turns)
        if t.over:
            continue
        seat = t.cur
        obs, acts = _decisions(t, seat)
        for _ in range(5):
            u = _redeal_hidden(t, seat, rng)
            obs2, acts2 = _decisions(u, seat)
            assert np.array_equal(obs, obs2)
            assert acts == acts2
            checked += 1
    assert checked


def test_p21_the_observation_does_see_the_own_hand():
    t = _midgame(1, 10)
    seat = t.cur
    u = copy.deepcopy(t)
    other = (seat + 1) % 4
    r = next(r for r in range(N_RANKS) if u.hand[seat][r])
    q = next(q for q in range(N_RANKS) if u.hand[other][q] > u.known[other][q] and q != r)
    u.hand[seat][r] -= 1
    u.hand[seat][q] += 1
    u.hand[other][q] -= 1
    u.hand[other][r] += 1
    assert not np.array_equal(t.observation(seat), u.observation(seat))


def test_noswap_keeps_the_dealt_face_up_cards():
    rules = PooheadRules(players=3)
    t = Table.position(rules, ["3 4 5", "6 7 8", "9 J Q"], ["10 2 A", "K K K", "Q Q A"])
    ids, params = agents.policy_params(["cheap:swap=keep"])
    i = agents.choose_swap(int(ids[0]), params[0], PyStream.for_block(1, 1).state(),
                           t.observation(0, 0))  # fmt: skip
    t.swap([i, 0, 0])
    assert t.up[0][0] == 1 and t.up[0][8] == 1 and t.up[0][12] == 1  # 2, 10, A stay up


def test_swap_decision_sees_only_the_own_six_and_the_dealt_face_up_cards():
    rules = PooheadRules(players=3)
    t = Table.position(rules, ["3 4 5", "6 7 8", "9 J Q"], ["10 2 A", "K K K", "Q Q A"],
                       ["3 3 3", "4 4 4", "5 5 5"], draw="6 6 6")  # fmt: skip
    u = Table.position(rules, ["3 4 5", "J J J", "9 J 7"], ["10 2 A", "K K K", "Q Q A"],
                       ["6 6 6", "4 4 4", "5 5 5"], draw="3 3 3")  # fmt: skip
    for policy in agents.POLICIES.values():
        a = agents.choose_swap(policy, np.zeros(3), PyStream.for_block(1, 1).state(),
                               t.observation(0, 0))  # fmt: skip
        b = agents.choose_swap(policy, np.zeros(3), PyStream.for_block(1, 1).state(),
                               u.observation(0, 0))  # fmt: skip
        assert a == b
