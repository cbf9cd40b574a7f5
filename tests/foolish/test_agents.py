"""Bots: observation only (F13, fair play), the jitted rules against the plain verbs, parameters,
and the first rungs of the ladder."""

import numpy as np
import pytest

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.games.foolish import agents, kernels, reference
from headcount_lab.games.foolish import bits as B
from headcount_lab.games.foolish.rules import A_CRASH, FoolishRules, trick_winner


def _positions(rules, seed, bots):
    """Decision points of reference games: (round, seat) just before each decision."""
    ids, params = agents.policy_params(bots)
    stream = PyStream.for_block(seed, 0)
    inner = reference.Bots(ids, params, stream)
    out = []
    for r in range(1, 3):
        stock, dealt = reference.deal(stream, rules.players)
        rnd = reference.Round(rules, r, r % rules.players, stock, dealt, [0] * rules.players)
        while not rnd.over:
            seat = rnd.to_move()
            out.append((rnd, seat, _copy(rnd)))
            rnd.apply(seat, inner.choose(rnd, seat))
    return out


def _copy(rnd):
    import copy

    return copy.deepcopy(rnd)


def _swap_hidden(rnd, seat, rng):
    """The same observation for ``seat`` with the others' unseen cards dealt again at random."""
    import copy

    other = copy.deepcopy(rnd)
    n = rnd.rules.players
    pool = []
    sizes = []
    for s in range(n):
        if s == seat:
            continue
        hand = [t for t in range(14) for _ in range(other.hands[s][t])]
        down = [t for t in range(14) for _ in range(other.down[s][t])]
        pool += hand + down
        sizes.append((s, len(hand), len(down)))
    rng.shuffle(pool)
    k = 0
    for s, h, d in sizes:
        other.hands[s] = [0] * 14
        other.down[s] = [0] * 14
        for t in pool[k : k + h]:
            other.hands[s][t] += 1
        for t in pool[k + h : k + h + d]:
            other.down[s][t] += 1
        k += h + d
        other.jokers[s] = other.hands[s][13] + other.down[s][13] + other.upj[s]
    other.fools = [s for s in range(n) if other.jokers[s] > 0]
    return other


@pytest.mark.parametrize("n", [4, 5])
def test_f13_observation_hides_what_the_seat_cannot_see(n):
    rules = FoolishRules(players=n, party_crasher=True)
    rng = np.random.default_rng(5)
    obs = np.zeros(B.STATE_SIZE, dtype=np.int64)
    obs2 = np.zeros(B.STATE_SIZE, dtype=np.int64)
    changed = 0
    for _, seat, rnd in _positions(rules, 3, ["rules"] * n)[::7]:
        other = _swap_hidden(rnd, seat, rng)
        changed += other.fools != rnd.fools or other.hands != rnd.hands
        B.observe(rnd.state_array(), seat, obs)
        B.observe(other.state_array(), seat, obs2)
        assert np.array_equal(obs, obs2)
        assert np.array_equal(obs, rnd.observation(seat))  # kernels and reference show the same
    assert changed > 10


@pytest.mark.parametrize(
    "bot",
    ["rules", "pimc:samples=3", "pimc:samples=3,top=4", "pimc:samples=3,top=4,win=50,more=3",
     "ismcts:iterations=4", "ismcts:iterations=6,top=0,deep=4,widen=1,win=50",
     "ismcts:iterations=8,deep=37,widen=1,crash=off", "pimc:samples=6,race=1",
     "ismcts:iterations=8,race=0.5"],
)  # fmt: skip
def test_f13_fair_play_decisions_do_not_depend_on_hidden_cards(bot):
    """Swap the hidden cards (teams included) and the bot, on the same stream, acts the same."""
    rules = FoolishRules(party_crasher=True)
    ids, params = agents.policy_params([bot])
    rng = np.random.default_rng(9)
    work = agents.Work()
    obs = np.zeros(B.STATE_SIZE, dtype=np.int64)
    checked = 0
    for _, seat, rnd in _positions(rules, 4, ["rules", "random", "rules", "random"])[::9]:
        legal = rnd.legal(seat, crash=True)
        if len(legal) < 2:
            continue
        mask = sum(1 << a for a in legal)
        acts = []
        for state in (rnd, _swap_hidden(rnd, seat, rng)):
            B.observe(state.state_array(), seat, obs)
            acts.append(work.call(int(ids[0]), params[0], block_state(1, 2), obs.copy(), mask))
        assert acts[0] == acts[1]
        assert acts[0] in legal
        checked += 1
    assert checked > 5


@pytest.mark.parametrize(("top", "race"), [(0, 0), (4, 0), (0, 1), (4, 0.5)])
def test_ismcts_with_one_play_per_later_turn_is_pimc(top, race):
    """With ``deep=1`` the tree below each root play only ever follows the rule of thumb, so
    ``ismcts`` sees the same deals and the same played-out rounds as ``pimc`` with as many
    samples, and must choose exactly the same plays (the tree walk, its public edges and the
    backup are then checked against ``pimc``'s plain loop; with ``race`` the two races too)."""
    rules = FoolishRules(party_crasher=True)
    k = 3 if race == 0 else 8
    _, params = agents.policy_params(
        [f"ismcts:iterations={k},top={top},deep=1,win=30,race={race}",
         f"pimc:samples={k},top={top},win=30,race={race}"]
    )  # fmt: skip
    work = agents.Work()
    obs = np.zeros(B.STATE_SIZE, dtype=np.int64)
    checked = 0
    for i, (_, seat, rnd) in enumerate(_positions(rules, 6, ["rules", "random"] * 2)[::5]):
        legal = rnd.legal(seat, crash=True)
        if len(legal) < 2:
            continue
        mask = sum(1 << a for a in legal)
        B.observe(rnd.state_array(), seat, obs)
        a_ism = work.call(agents.ISMCTS, params[0], block_state(7, i), obs.copy(), mask)
        a_pimc = work.call(agents.PIMC, params[1], block_state(7, i), obs.copy(), mask)
        assert a_ism == a_pimc
        checked += 1
    assert checked > 5


def _final_round_state(scores_before, fools, rnd=4):
    S = np.zeros(B.STATE_SIZE, dtype=np.int64)
    S[B.S_N] = 4
    S[B.S_ROUND] = rnd
    S[B.S_ROUNDS] = 4
    S[B.S_FOOLS] = fools
    S[B.OFF_SCORES : B.OFF_SCORES + 4] = scores_before
    return S


def test_f17_f19_search_reward_plays_for_the_game_win_in_the_last_round():
    """``win=0``: my round score minus the others' mean. ``win>0``: minus the other team's mean
    only (my partner's bonus is no loss to me), plus ``win`` times my share of the game win in
    the last round (F17: ties split), and no win term before it."""
    round_scores = np.array([20, 25, 20, 15], dtype=np.int64)  # seats 0 and 2 are partners
    S = _final_round_state([10, 0, 10, 0], fools=0b0101)
    assert agents.search_reward(S, 0, round_scores, 0.0) == 20 - 60 / 3
    # totals 30, 25, 30, 15: seats 0 and 2 share the win
    assert agents.search_reward(S, 0, round_scores, 100.0) == 20 - 20 + 50
    assert agents.search_reward(S, 1, round_scores, 100.0) == 25 - 20
    S2 = _final_round_state([10, 0, 10, 0], fools=0b0101, rnd=3)
    assert agents.search_reward(S2, 0, round_scores, 100.0) == 0.0
    lone = _final_round_state([0, 40, 0, 0], fools=0b0010)
    assert agents.search_reward(lone, 1, round_scores, 100.0) == 25 - 55 / 3 + 100


def test_jitted_legal_moves_and_winners_equal_the_plain_verbs():
    rules = FoolishRules(players=5, party_crasher=True)
    cov = np.zeros(B.MAXN, dtype=np.int64)
    tricks = 0
    for seed in range(3):
        for _, seat, rnd in _positions(rules, seed, ["random", "rules"] * 2 + ["random"]):
            S = rnd.state_array()
            mask = int(B.legal_mask(S, seat, cov))
            assert mask == sum(1 << a for a in rnd.legal(seat, crash=True))
            if rnd.trick:
                w = trick_winner(rnd.trick)  # a partial trick may have no winner yet
                assert B.winner_seat(S, cov) == (-1 if w is None else w)
                tricks += 1
    assert tricks > 100


def test_policy_params_parse_and_refuse():
    ids, params = agents.policy_params(
        ["random", "rules:keep=0.5,duck=0", "pimc:samples=16", "ismcts"]
    )
    assert list(ids) == [agents.RANDOM, agents.RULES, agents.PIMC, agents.ISMCTS]
    assert params[3, agents.P_SAMPLES] == agents.DEFAULT_ITERATIONS
    assert agents.policy_params(["ismcts:iterations=50,ucb=0.3"])[1][0, agents.P_UCB] == 0.3
    assert params[1, agents.P_KEEP] == 0.5 and params[1, agents.P_DUCK] == 0
    assert params[2, agents.P_SAMPLES] == 16
    bad_names = ("nobody", "random:1", "pimc:samples=0", "rules:samples=3", "rules:keep=x",
                 "pimc:samples=1.5", "rules:ucb=1", "pimc:16", "rules:crash=2",
                 "pimc:samples=8,samples=9")  # fmt: skip
    races = ("pimc:race=-1", "pimc:race=11", "ismcts:race=-0.5", "rules:race=1", "random:race=1")
    for bad in (*bad_names, *races, "ismcts:iterations=0", "ismcts:deep=0", "pimc:win=-1"):
        with pytest.raises(ValueError):
            agents.policy_params([bad])


@pytest.mark.parametrize("z", [0.5, 1.0, 2.0])
def test_race_drops_a_play_when_its_paired_deficit_is_clear(z):
    """``race`` against a plain recomputation: from the 4th deal on, a play is dropped when
    the leader's mean beats it by more than ``z`` standard errors of the paired difference
    (sample standard deviation over the deals), or when it equals the leader on every deal;
    a dropped play stays dropped and gets no more rewards."""
    rng = np.random.default_rng(int(z * 10))
    actions = [1, 5, 9, 20, 33]  # the plays' ids; their positions in the mask are 0..4
    mask = np.uint64(sum(1 << a for a in actions))
    for trial in range(40):
        vals = np.zeros(agents.VALS_SIZE)
        agents._race_reset(vals, len(actions))
        base = rng.normal(0, 20, size=(12, 1))  # the deal's luck, shared by every play
        edge = rng.normal(0, 3, size=len(actions)) * (trial % 4)
        rewards = np.round(base + edge + rng.normal(0, 4, size=(12, len(actions))))
        if trial % 5 == 0:
            rewards[:, 3] = rewards[:, 0]  # a play that ties the first on every deal
        alive = mask
        seen = []
        for k in range(1, 13):
            live = [i for i, a in enumerate(actions) if int(alive) >> a & 1]
            for i in live:
                vals[agents.R_REW + i] = rewards[k - 1, i]
            seen.append(k)
            new = int(agents._race(vals, mask, alive, k, z, agents.RACE_FROM))
            want = {i for i in live}
            if k >= agents.RACE_FROM:
                r = rewards[:k]
                sums = r.sum(axis=0)
                b = max(live, key=lambda i: (sums[i], -i))
                for i in live:
                    if i == b:
                        continue
                    diff = r[:, b] - r[:, i]
                    d, sd = diff.mean(), diff.std(ddof=1)
                    if d > z * sd / np.sqrt(k) + 1e-9 or (sd == 0 and d >= 0):
                        want.discard(i)
            assert {i for i, a in enumerate(actions) if new >> a & 1} == want, (trial, k)
            assert new & ~int(alive) == 0 and new != 0
            alive = np.uint64(new)
            if len(want) == 1:
                break


def test_named_defaults_are_the_measured_bots():
    """The menu's defaults are the parameter arrays the bots were measured with (pimc 8
    samples with the round-score objective, so seeded runs and golden games did not change;
    ismcts 64 deals on the rule of thumb's 6 best plays, 3 at my later turns, a game win
    worth 100 points)."""
    _, params = agents.policy_params(["random", "rules", "pimc", "ismcts"])
    fill = [agents.DEFAULTS[k] for k in agents.PARAM_NAMES]
    assert list(params[0]) == fill and list(params[1]) == fill
    assert params[2, agents.P_SAMPLES] == agents.DEFAULT_SAMPLES == 8
    assert list(params[2, 1:]) == fill[1:] and params[2, agents.P_WIN] == 0
    ism = dict(zip(agents.PARAM_NAMES, params[3], strict=True))
    assert ism["samples"] == agents.DEFAULT_ITERATIONS == 64
    assert (ism["top"], ism["deep"], ism["widen"], ism["ucb"], ism["win"]) == (6, 3, 4, 0.3, 100)
    assert list(params[3, 1:5]) == fill[1:5]  # the rule of thumb it rolls out with


def test_random_never_crashes_and_rules_always_may():
    rules = FoolishRules(party_crasher=True).array()
    ids, params = agents.policy_params(["random"] * 4)
    assert kernels.run_block(block_state(2, 0), 200, rules, ids, params, False)["crashes"][0] == 0
    ids, params = agents.policy_params(["rules"] * 4)
    assert kernels.run_block(block_state(2, 0), 200, rules, ids, params, False)["crashes"][0] > 0
    assert A_CRASH == B.A_CRASH


def test_ladder_rules_beats_random():
    """Win share of the rule of thumb against random (seats rotated, 400 games, seed 3)."""
    from headcount_lab.games.foolish.tournament import summarize

    ids, params = agents.policy_params(["rules", "random", "rules", "random"])
    stats = kernels.run_block(block_state(3, 0), 400, FoolishRules().array(), ids, params, True)
    rows = summarize(stats, ["rules", "random", "rules", "random"])
    assert rows[0]["win_share_ci95"][0] > rows[1]["win_share_ci95"][1]
    assert rows[2]["win_share_ci95"][0] > rows[3]["win_share_ci95"][1]


def test_ladder_head_to_head_separates_rules_from_random_and_refuses_bad_input():
    from headcount_lab.research.foolish.ladder import ladder

    res = ladder(FoolishRules(), ["random", "rules"], 60, 4)
    rung = res["rungs"][0]
    assert (rung["a"], rung["b"], rung["games"]) == ("rules", "random", 60)
    lo, hi = rung["win_share_diff"]["ci95"]
    assert 0 < lo < rung["win_share_diff"]["mean"] < hi <= 1
    assert res["is_a_ladder"]
    with pytest.raises(ValueError):
        ladder(FoolishRules(), ["rules"], 10, 0)
    with pytest.raises(ValueError):
        ladder(FoolishRules(), ["random", "nobody"], 10, 0)


def test_rules_quick_trick_outcome_equals_the_full_evaluation():
    """The rule of thumb's shortcut (F8-F11 summed up once per decision) against pushing the
    play and the face-down rest into the trick and deciding it in full."""
    rules = FoolishRules(players=5, party_crasher=True)
    cov = np.zeros(agents.COV_SIZE, dtype=np.int64)
    base = np.zeros(8, dtype=np.int64)
    checked = 0
    for seed in range(3):
        for n_rules in (rules, FoolishRules()):
            bots = ["rules", "random"] * 2 + ["rules"] * (n_rules.players - 4)
            for _, seat, rnd in _positions(n_rules, seed, bots):
                obs = rnd.observation(seat)
                agents.trick_base(obs, seat, cov, base)
                for a in rnd.legal(seat, crash=False):
                    if B.A_QUEEN <= a < B.A_KING:
                        continue
                    slow = agents.trick_outcome(obs, seat, a, cov)
                    assert agents.quick_outcome(obs, seat, a, base) == slow, (rnd.trick, a)
                    checked += 1
    assert checked > 2000


def _rule_scratch():
    """The rule of thumb's scratch: ``cov``, ``pteam`` and ``vals`` (as ``agents.Work``)."""
    w = agents.Work()
    return w.cov, w.pteam, w.vals


def test_rules_act_on_the_state_in_place_is_the_rule_of_thumb_on_the_observation():
    """The rollouts ask the rule of thumb for a seat's play on the full state itself
    (``rules_act_at``, no copy of the observation): the same play and the same top plays as on
    the seat's observation (F13), and the state is unchanged up to the trick's last card."""
    rules = FoolishRules(players=5, party_crasher=True)
    _, params = agents.policy_params(["rules:keep=0.2,duck=0.6,deny=0.9"])
    p = params[0]
    cov, pteam, vals = _rule_scratch()
    checked = 0
    for seed in range(2):
        for n_rules in (rules, FoolishRules(party_crasher=True)):
            bots = ["rules", "random"] * 2 + ["rules"] * (n_rules.players - 4)
            for _, seat, rnd in _positions(n_rules, seed, bots):
                legal = rnd.legal(seat, crash=True)
                if len(legal) < 2:
                    continue
                mask = np.uint64(sum(1 << a for a in legal))
                S = rnd.state_array()
                before = S.copy()
                obs = np.zeros(B.STATE_SIZE, dtype=np.int64)
                B.observe(S, seat, obs)
                want = agents.rules_act(obs, mask, p, cov, pteam)
                assert agents.rules_act_at(S, seat, mask, p, cov, pteam) == want
                for k in (2, 4):
                    want_top = agents.rules_top(obs, mask, p, cov, pteam, vals, k)
                    assert agents.rules_top_at(S, seat, mask, p, cov, pteam, vals, k) == want_top
                m = S[B.S_LEN]
                tail = np.r_[B.OFF_TSEAT + m : B.OFF_TSEAT + B.MAXN, B.OFF_TTYPE + m :
                             B.OFF_TTYPE + B.MAXN, B.OFF_TUP + m : B.OFF_TUP + B.MAXN,
                             B.OFF_TTGT + m : B.OFF_TTGT + B.MAXN]  # fmt: skip
                keep = np.ones(B.STATE_SIZE, dtype=bool)
                keep[tail] = False
                assert (S[keep] == before[keep]).all()
                checked += 1
    assert checked > 300


def test_rules_top_keeps_the_plays_the_rule_of_thumb_values_highest():
    """The search bots' candidate filter (``top``): ``k`` legal plays, none valued below a
    dropped one, and the best of them is the rule of thumb's own choice (Party Crasher, F18,
    always kept)."""
    rules = FoolishRules(party_crasher=True)
    _, params = agents.policy_params(["rules"])
    p = params[0]
    cov, pteam, vals = _rule_scratch()
    checked = 0
    for seed in range(2):
        for _, seat, rnd in _positions(rules, seed, ["rules", "random"] * 2):
            legal = rnd.legal(seat, crash=True)
            mask = np.uint64(sum(1 << a for a in legal))
            obs = rnd.observation(seat)
            best = agents.rules_act(obs, mask, p, cov, pteam)
            for k in (1, 3, 6):
                kept = int(agents.rules_top(obs, mask, p, cov, pteam, vals, k))
                assert kept & ~int(mask) == 0 and bin(kept).count("1") == min(k, len(legal))
                if len(legal) <= k:
                    continue
                if k == 1:
                    assert kept == 1 << best
                lone_me, lone_against = agents.team_beliefs(obs, seat, pteam)
                base = cov[B.MAXN :]
                agents.trick_base(obs, seat, cov, base)

                def value(
                    a, obs=obs, seat=seat, base=base, lone_me=lone_me, lone_against=lone_against
                ):
                    if a == A_CRASH:
                        return np.inf
                    return agents.play_value(
                        obs, seat, a, base, cov, pteam, lone_me, lone_against, p
                    )

                low_kept = min(value(a) for a in legal if kept >> a & 1)
                high_dropped = max(value(a) for a in legal if not kept >> a & 1)
                assert low_kept >= high_dropped
                checked += 1
    assert checked > 50
