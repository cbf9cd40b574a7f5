"""Hand-level statistics (handstats.py) against the tournament kernel and the reference engine."""

import numpy as np
import pytest

from headcount_lab.core.rng import PyStream, block_state
from headcount_lab.games.whist import agents, kernels, reference
from headcount_lab.games.whist.rules import WhistRules, hand_score, hand_sizes, streak_step
from headcount_lab.research.whist import handstats


def _run(rules_a, rules_b, bots, seed, n, rotate=True):
    ids, params = agents.policy_params(bots)
    return handstats.run_block(block_state(seed, 0), n, rules_a, rules_b, ids, params, rotate)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_match_totals_equal_the_tournament_kernel(players):
    rules = WhistRules(players=players)
    bots = (["heuristic", "random"] * 3)[:players]
    ids, params = agents.policy_params(bots)
    got = _run(rules, None, bots, 9, 30)
    want = kernels.run_block(block_state(9, 0), 30, rules.array(), ids, params, True)
    pb = got["per_bot"]
    assert np.array_equal(pb[:, handstats.B_MATCHES], want["matches"])
    assert np.array_equal(pb[:, handstats.B_TOTAL], want["score_sum"])
    assert np.array_equal(pb[:, handstats.B_TOTAL_SQ], want["score_sq"])
    assert np.array_equal(pb[:, handstats.B_WIN60], want["win60"])
    assert np.array_equal(got["per_bot_size"][:, :, 0], want["hands"])
    assert np.array_equal(got["per_bot_size"][:, :, 3], want["made"])


def _oracle(rules_a, rules_b, bots, seed, n_matches, rotate):
    """The same statistics from the plain-Python engine, hand by hand (slow, obvious)."""
    n = rules_a.players
    ids, params = agents.policy_params(bots)
    out = handstats.new_stats(n)
    stream = PyStream.for_block(seed, 0)
    plays = [rules_a] if rules_b is None else [rules_a, rules_b]
    for m in range(n_matches):
        shift = m % n if rotate else 0
        bot_at = [0] * n
        for j in range(n):
            bot_at[(j + shift) % n] = j
        start = list(stream.s)
        res = []
        for rules in plays:
            stream.s = list(start)
            bots_ = reference.Bots(ids[bot_at], params[bot_at], stream)
            runs = [(0, 0)] * n
            scores, extras, made = [], [], []
            for k, dealer in rules.schedule():
                h = reference.play_hand(rules, k, dealer, bots_, [])
                sc, ex, md = [], [], []
                for s in range(n):
                    ok = h.bids[s] == h.tricks[s]
                    sc.append(hand_score(h.bids[s], h.tricks[s]))
                    bonus = 0
                    if k >= 2:
                        a, b, bonus = streak_step(runs[s][0], runs[s][1], ok, rules)
                        runs[s] = (a, b)
                    ex.append(bonus)
                    md.append(int(ok))
                scores.append(sc)
                extras.append(ex)
                made.append(md)
            totals = [sum(r[s] for r in scores) + sum(r[s] for r in extras) for s in range(n)]
            res.append((np.array(scores), np.array(extras), np.array(made), totals))
        for s in range(n):
            j = bot_at[s]
            r = (s - rules_a.first_dealer) % n
            for p, (_sc, ex, _md, totals) in enumerate(res):
                best = max(totals)
                w60 = 60 // totals.count(best) if totals[s] == best else 0
                t = totals[s]
                f = "" if p == 0 else "_b"
                out["per_bot"][j, handstats._B["total" + f]] += t
                out["per_bot"][j, handstats._B["total" + f + "_sq"]] += t * t
                out["per_bot"][j, handstats._B["win60" + f]] += w60
                out["per_bot"][j, handstats._B["up" + f]] += int((ex[:, s] > 0).sum())
                out["per_bot"][j, handstats._B["down" + f]] += int((ex[:, s] < 0).sum())
                out["per_bot"][j, handstats._B["bonus" + f + "_sq"]] += int(ex[:, s].sum()) ** 2
                out["per_seat"][r, handstats._S["total" + f]] += t
                out["per_seat"][r, handstats._S["total" + f + "_sq"]] += t * t
                out["per_seat"][r, handstats._S["win60" + f]] += w60
            out["per_bot"][j, handstats.B_MATCHES] += 1
            dev = n * res[0][3][s] - sum(res[0][3])
            out["per_bot"][j, handstats.B_DEV] += dev
            out["per_bot"][j, handstats.B_DEV_SQ] += dev * dev
            out["per_seat"][r, handstats.S_DEV] += dev
            out["per_seat"][r, handstats.S_DEV_SQ] += dev * dev
            if len(res) == 2:
                d = res[0][3][s] - res[1][3][s]
                out["per_bot"][j, handstats.B_DIFF_SQ] += d * d
                out["per_seat"][r, handstats.S_DIFF_SQ] += d * d
            sc, _, md, _ = res[0]
            for h, k in enumerate(hand_sizes(n)):
                out["per_bot_size"][j, k] += [1, sc[h, s], sc[h, s] ** 2, md[h, s]]
        mg = [0, 0]
        for h, k in enumerate(hand_sizes(n)):
            d = (rules_a.first_dealer + h) % n
            g = [n * r[0][h, d] - r[0][h].sum() for r in res]
            mg = [mg[i] + g[i] for i in range(len(g))] + mg[len(g) :]
            row = out["gap"][k]
            row[handstats.G_HANDS] += 1
            row[handstats.G_GAP] += g[0]
            row[handstats.G_GAP_SQ] += g[0] ** 2
            row[handstats.G_DEALER] += res[0][0][h, d]
            row[handstats.G_MADE] += res[0][2][h, d]
            if len(res) == 2:
                row[handstats.G_GAP_B] += g[1]
                row[handstats.G_GAP_B_SQ] += g[1] ** 2
                row[handstats.G_DIFF_SQ] += (g[0] - g[1]) ** 2
                row[handstats.G_DEALER_B] += res[1][0][h, d]
                row[handstats.G_MADE_B] += res[1][2][h, d]
        out["match_gap"][handstats.G_HANDS] += 1
        out["match_gap"][handstats.G_GAP] += mg[0]
        out["match_gap"][handstats.G_GAP_SQ] += mg[0] ** 2
        if len(res) == 2:
            out["match_gap"][handstats.G_GAP_B] += mg[1]
            out["match_gap"][handstats.G_GAP_B_SQ] += mg[1] ** 2
            out["match_gap"][handstats.G_DIFF_SQ] += (mg[0] - mg[1]) ** 2
    return out


@pytest.mark.parametrize(
    ("players", "flags_a", "flags_b", "bots"),
    [
        (4, [], None, ["heuristic", "random", "heuristic", "random"]),
        (3, ["first_dealer=1"], ["first_dealer=1", "dealer_restriction=off"], ["heuristic"] * 3),
        (5, [], ["streak_mode=once"], ["random", "heuristic", "random", "heuristic", "random"]),
        (
            4,
            ["streak_length=2"],
            ["streak_length=2", "streak_mode=once"],
            ["montecarlo:bid_samples=3"] * 4,
        ),
    ],
)
def test_every_statistic_equals_the_reference_engine(players, flags_a, flags_b, bots):
    rules_a = WhistRules(players=players).with_flags(flags_a)
    rules_b = None if flags_b is None else WhistRules(players=players).with_flags(flags_b)
    got = _run(rules_a, rules_b, bots, 4, 3)
    want = _oracle(rules_a, rules_b, bots, 4, 3, True)
    for key in want:
        assert np.array_equal(got[key], want[key]), key


def test_pairing_with_itself_gives_zero_differences():
    rules = WhistRules(players=4)
    got = _run(rules, rules, ["montecarlo:bid_samples=4", "heuristic", "random", "heuristic"], 2, 8)
    pb, ps, gap = got["per_bot"], got["per_seat"], got["gap"]
    assert np.array_equal(pb[:, handstats.B_TOTAL], pb[:, handstats.B_TOTAL_B])
    assert not pb[:, handstats.B_DIFF_SQ].any() and not ps[:, handstats.S_DIFF_SQ].any()
    assert np.array_equal(gap[:, handstats.G_GAP], gap[:, handstats.G_GAP_B])
    assert not gap[:, handstats.G_DIFF_SQ].any()


def test_w5_paired_runs_deal_the_same_cards_with_heuristic_bots():
    """The premise of the paired restriction comparison: heuristic bots draw nothing, so the
    restriction on and off see the same deals (the log's trump card and hands, hand by hand)."""
    n = 4
    ids, params = agents.policy_params(["heuristic"] * n)
    logs = []
    for flag in ("on", "off"):
        rules = WhistRules(players=n).with_flags([f"dealer_restriction={flag}"])
        rec = np.zeros((3, kernels.log_length(n)), dtype=np.int16)
        kernels.run_block(block_state(6, 0), 3, rules.array(), ids, params, False, rec)
        logs.append(rec)
    pos = 0
    differ = False
    for k in hand_sizes(n):
        deal = slice(pos, pos + 1 + n * k)
        assert np.array_equal(logs[0][:, deal], logs[1][:, deal])
        bids = slice(pos + 1 + n * k, pos + 1 + n * k + n)
        differ |= not np.array_equal(logs[0][:, bids], logs[1][:, bids])
        pos += 1 + 2 * n * k + n
    assert differ  # and the restriction did change some bid


def test_paired_rules_must_share_players_and_first_dealer():
    with pytest.raises(ValueError, match="first dealer"):
        handstats.make_job(
            WhistRules(players=4), WhistRules(players=4, first_dealer=1), ["heuristic"] * 4, 10, 0
        )
