"""The search bots' speed-ups (issue 24 item 2) keep their decisions.

- The playouts choose ``cheap``'s action without building the legal mask under the plain
  rules (``agents.cheap_plain``): the same action as ``cheap_play(legal_mask(...))`` on every
  turn of whole games (P5, P7-P9, P11-P18 through the house rules tried).
- Seeded games of ``pimc`` and ``ismcts`` under several house rules give the same bits as
  before the speed-ups (digests recorded from the code before them).
- ``cutoff`` (off by default): ``ismcts`` stops iterating once its root action is settled, and
  makes the same decision from the same stream; a ``pimc`` playout that stops once the bot is
  out scores what the whole playout scores.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from numba import njit

from headcount_lab.core.rng import PyStream, below, block_state
from headcount_lab.games.poohead import agents, kernels, reference
from headcount_lab.games.poohead import bits as L
from headcount_lab.games.poohead.rules import I_PLAYERS, PooheadRules


@njit(nogil=True, cache=True)
def _plain_mismatches(state, rules, games, explore):
    """Games of ``cheap`` (with a random action on about one turn in ``explore``, to reach
    face-up and face-down play, replays and bound starts): turns on which ``cheap_plain`` and
    ``cheap_play(legal_mask)`` differ, and turns compared."""
    n = rules[I_PLAYERS]
    obs, hand, down, failed, deck, g, order, choices = kernels.game_arrays(n)
    pol = np.full(n, agents.CHEAP, dtype=np.int64)
    params = np.zeros((n, agents.N_PARAMS), dtype=np.float64)
    bad = 0
    turns = 0
    for _ in range(games):
        kernels.deal(state, deck, obs, hand, down, failed, rules, n)
        kernels.swap_all(state, obs, hand, pol, params, choices, n)
        for i in range(L.G_SIZE):
            g[i] = 0
        g[L.G_N_ACTIVE] = n
        kernels.choose_starter(state, obs, hand, rules, g, n)
        while g[L.G_N_ACTIVE] > 1 and g[L.G_TURNS] < 2000:
            s = g[L.G_CUR]
            m = L.legal_mask(obs, hand, rules, g, s, obs[L.O_DRAW_LEFT])
            want = agents.cheap_play(m, -1)
            turns += 1
            if agents.cheap_plain(obs, hand, g, s) != want:
                bad += 1
            a = want
            if below(state, explore) == 0:
                a = L.nth_bit(m, below(state, L.popcount(m)))
            # the plain call, compiled once for the engine's other callers: inlining apply here
            # made this check compile for 11 s of a fresh test run
            L.apply_call(obs, hand, down, failed, deck, rules, g, order, state, a, n)
    return bad, turns


PLAIN = [
    [],
    ["ten_replay=may"],
    ["voluntary_pickup=on", "pickup_takes_faceup=on"],
    ["eight_skip=per_card", "failed_flip_public=on"],
    ["starter_free_lead=on", "start_scan=hand_and_faceup"],
    ["swap=off", "start_tiebreak=seat"],
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("flags", PLAIN)
def test_cheap_plain_is_cheap_on_the_legal_mask(players, flags):
    rules = PooheadRules(players=players).with_flags(flags).array()
    assert agents.plain_rules(rules)
    bad, turns = _plain_mismatches(block_state(3, players), rules, 60, 4)
    assert turns > 60 * 40
    assert bad == 0


@pytest.mark.parametrize(
    "flag", ["mix_sources=on", "bomb_anytime=on", "finish_on_special=off", "no_nine_on_empty=on"]
)
def test_the_other_rules_keep_the_legal_mask(flag):
    assert not agents.plain_rules(PooheadRules(players=4).with_flags([flag]).array())


#: (players, flags, bots, digest of the block's statistics) recorded from the code before the
#: speed-ups (block 3 of seed 11, 6 games, seats rotated)
GOLDEN = [
    (4, [], ["ismcts:iterations=60", "pimc:samples=4", "ismcts:iterations=30,explore=1.5",
             "cheap+"], "6bd33b441dc45a17"),
    (3, ["ten_replay=may", "voluntary_pickup=on"], ["pimc:samples=3", "ismcts:iterations=40",
                                                    "cheap"], "46064299664c9851"),
    (2, ["bomb_anytime=on", "mix_sources=on"], ["ismcts:iterations=40,horizon=80",
                                                "pimc:samples=3"], "15acf7b7c2bc412e"),
    (4, ["finish_on_special=off", "eight_skip=per_card"], ["pimc:samples=2,horizon=150",
     "ismcts:iterations=30,horizon=150", "cheap", "cheap"], "48020845cfa059b0"),
]  # fmt: skip


def _digest(players, flags, bots):  # type: ignore[no-untyped-def]
    rules = PooheadRules(players=players).with_flags(flags)
    ids, params = agents.policy_params(bots)
    out = kernels.run_block(block_state(11, 3), 6, rules.array(), ids, params, True)
    return hashlib.sha256(
        b"".join(np.ascontiguousarray(out[k]).tobytes() for k in sorted(out))
    ).hexdigest()[:16]


@pytest.mark.parametrize(("players", "flags", "bots", "digest"), GOLDEN)
def test_search_games_are_the_same_bits_as_before(players, flags, bots, digest):
    assert _digest(players, flags, bots) == digest
    # cutoff=off is the default: naming it changes nothing
    assert _digest(players, flags, [b + ",cutoff=off" if ":" in b and b[0] in "ip" else b
                                    for b in bots]) == digest  # fmt: skip


def test_cutoff_is_a_bounded_switch():
    ids, params = agents.policy_params(
        ["pimc:cutoff=on", "ismcts:cutoff=1", "ismcts", "pimc", "ismcts:cutoff=0.5"]
    )
    assert params[0, agents.P_PIMC_CUTOFF] == 1
    assert params[1, agents.P_ISMCTS_CUTOFF] == 1
    assert params[2, agents.P_ISMCTS_CUTOFF] == 0
    assert params[3, agents.P_PIMC_CUTOFF] == 0
    assert params[4, agents.P_ISMCTS_CUTOFF] == 0.5
    for bad in ["ismcts:cutoff=2", "ismcts:cutoff=-0.1", "pimc:cutoff=0.5", "pimc:cutoff=maybe",
                "cheap:cutoff=on"]:  # fmt: skip
        with pytest.raises(ValueError):
            agents.policy_params([bad])


class CutoffSpy(reference.Bots):
    """Every decision of the search seat made twice from the same stream, ``cutoff`` off (the
    one played) and on; counts decisions, differing actions and cut searches (the stream left
    in another state: fewer draws)."""

    def __init__(self, bot: str, rules: PooheadRules, seed: int, cutoff: float = 1.0) -> None:
        ids, params = agents.policy_params([bot] + ["cheap+"] * (rules.players - 1))
        super().__init__(ids, params, PyStream.for_block(seed, 0), rules.array())
        self.on = params[0].copy()
        self.on[agents.P_ISMCTS_CUTOFF] = cutoff
        self.other = agents.new_work()
        self.asked = self.differ = self.cut = 0

    def _jitted(self, seat, obs, mask, swap):  # type: ignore[no-untyped-def]
        if swap or seat != 0:
            return super()._jitted(seat, obs, mask, swap)
        state = self.stream.state()
        other = agents.act(int(self.policies[0]), self.on, state, obs, np.uint64(mask),
                           self.rules_array, self.other)  # fmt: skip
        assert (int(mask) >> int(other)) & 1  # legal
        a = super()._jitted(seat, obs, mask, swap)
        self.asked += 1
        self.differ += int(a != other)
        self.cut += int(list(state) != list(self.stream.state()))
        return a


@pytest.mark.parametrize("players", [2, 4])
def test_ismcts_cutoff_makes_the_same_decision(players):
    rules = PooheadRules(players=players)
    asked = differ = cut = 0
    for seed in range(2):
        spy = CutoffSpy("ismcts:iterations=120", rules, seed)
        reference.play_game(rules, spy.policies, spy.params, spy.stream, spy)
        asked, differ, cut = asked + spy.asked, differ + spy.differ, cut + spy.cut
    assert asked > 20
    assert differ == 0
    assert cut > asked // 4  # the cutoff saves work on many decisions


def test_a_lower_ismcts_cutoff_stops_sooner():
    rules = PooheadRules(players=4)
    cuts = {}
    for cutoff in (1.0, 0.3):
        spy = CutoffSpy("ismcts:iterations=120", rules, 5, cutoff)
        reference.play_game(rules, spy.policies, spy.params, spy.stream, spy)
        cuts[cutoff] = spy.cut
    assert spy.asked > 20
    assert cuts[0.3] > cuts[1.0]


class PlayoutSpy(reference.Bots):
    """At each decision of seat 0, one sampled deal played out after every legal action with
    and without the stop once the seat is out."""

    def __init__(self, rules: PooheadRules, seed: int) -> None:
        ids, params = agents.policy_params(["pimc:samples=2"] + ["cheap"] * (rules.players - 1))
        super().__init__(ids, params, PyStream.for_block(seed, 0), rules.array())
        self.played = self.shorter = 0

    def _jitted(self, seat, obs, mask, swap):  # type: ignore[no-untyped-def]
        if not swap and seat == 0:
            state = self.stream.state()
            sampled = agents.new_work()
            agents._sample(state, obs, sampled, int(obs[L.O_PLAYERS]))
            m = int(mask)
            while m:
                a = (m & -m).bit_length() - 1
                m &= m - 1
                outs = []
                for cutoff in (False, True):
                    w, st = sampled.copy(), state.copy()
                    outs.append(agents._playout(st, obs, np.uint64(mask), self.rules_array, w,
                                                a, 600, cutoff))  # fmt: skip
                    outs.append(w[agents.W_G + L.G_TURNS])
                assert outs[0] == outs[2], outs
                self.played += 1
                self.shorter += int(outs[3] < outs[1])
        return super()._jitted(seat, obs, mask, swap)


def test_pimc_playout_stopped_when_out_scores_the_same():
    played = shorter = 0
    for seed in range(3):
        spy = PlayoutSpy(PooheadRules(players=4), seed)
        reference.play_game(PooheadRules(players=4), spy.policies, spy.params, spy.stream, spy)
        played, shorter = played + spy.played, shorter + spy.shorter
    assert played > 50
    assert shorter > 0
