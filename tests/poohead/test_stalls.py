"""P20: stalled games end at the turn cap or, with ``repetition_limit``, when the full state
recurs; capped games are counted apart. The stall here is the one of section 6 of the rulings:
9s led onto an empty pile go round players who hold only J-A (seed 1477 between cheap bots)."""

import numpy as np

from headcount_lab.core.rng import block_state
from headcount_lab.games.poohead import agents, kernels, record
from headcount_lab.games.poohead.rules import PooheadRules

SEED = 1477


def _one_game(rules, bots=("cheap",) * 4):
    ids, params = agents.policy_params(list(bots))
    log = np.zeros((1, kernels.log_length(rules.players, rules.turn_cap)), dtype=np.int16)
    out = kernels.run_block(block_state(SEED, 0), 1, rules.array(), ids, params, False, log)
    return out, record.decode_log([int(v) for v in log[0]], rules, list(bots))


def test_p20_a_stalled_game_ends_at_the_turn_cap_without_a_poohead():
    out, rec = _one_game(PooheadRules(turn_cap=400))
    assert out["capped"][0] == 1 and out["turns_hist"][400] == 1
    assert out["poohead_bot"].sum() == 0 and out["place_bot"].sum() == 0
    assert rec["outcome"] == {"finishing_order": [], "poohead": None, "capped": True, "turns": 400}
    last = [a for _, a in rec["actions"][-12:]]
    assert set(last) <= {"pick up", "9x1", "9x2", "9x3"}  # the 9-lead loop


def test_p20_repetition_limit_ends_the_same_stall_early():
    out, rec = _one_game(PooheadRules(turn_cap=400, repetition_limit=3))
    turns = rec["outcome"]["turns"]
    assert out["capped"][0] == 1 and rec["outcome"]["capped"] and turns < 400
    assert out["turns_hist"][turns] == 1
    assert record.replay(rec)["capped"]


def test_p20_most_cards_names_a_poohead_for_a_capped_game():
    out, _ = _one_game(PooheadRules(turn_cap=400, cap_outcome="most_cards"))
    assert out["capped"][0] == 1 and out["poohead_bot"].sum() == kernels.SHARE


def test_cheap_plus_finishes_that_deal():
    out, rec = _one_game(PooheadRules(turn_cap=400), ("cheap+",) * 4)
    assert out["capped"][0] == 0 and rec["outcome"]["poohead"] is not None
