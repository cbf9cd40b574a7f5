"""``compare``'s metrics that come from the kernels' designer counters: Headcount ``surprise``
and ``comeback``, Poohead ``downtime`` and ``comeback``, Foolish Faces ``start_advantage``
under the default ``first_start=none``. Identical rules give exactly zero for each (the
counters neither draw numbers nor change play), and every metric a game leaves out is listed
with its reason. The counters themselves are checked against the reference engines in
tests/headcount/test_designer_counters.py and the games' kernel-against-reference tests."""

from __future__ import annotations

import pytest
from cli_support import cli, strict_json

from headcount_lab.core import compare as C
from headcount_lab.games import GAMES

NEW = {
    "headcount": (["--bots", "odds,tips,odds,random", "--games", "320"], "hidden_card=on",
                  ("surprise", "comeback")),
    "poohead": (["--bots", "cheap+,cheap,cheap+,random", "--games", "320"], "swap=on",
                ("downtime", "comeback")),
    "foolish": (["--bots", "rules,rules,rules,random", "--games", "320"], "party_crasher=off",
                ("start_advantage", "seat_spread")),
}  # fmt: skip


@pytest.mark.parametrize("game", list(NEW))
def test_identical_rules_give_zero_for_the_counter_metrics(game):
    args, same, names = NEW[game]
    res = cli(game, "compare", *args, "--rule", same, "--seed", "3", "--quiet", "--json")
    assert res.code == 0, res.stderr
    out = strict_json(res.stdout)
    assert out["base"] == out["changed"]
    rows = {m["name"]: m for m in out["metrics"]}
    for name in names:
        m = rows[name]
        assert m["base"] is not None and m["base"] == m["changed"], m
        assert m["diff"] == 0.0 and m["ci95"] == [0.0, 0.0], m
        assert name not in out["absent"]
    if game == "foolish":
        assert out["base"]["first_start"] is None  # the default: drawn per game, yet measured


def test_every_core_metric_is_measured_or_said_why_not():
    """Each game reports every core metric or gives a reason; the reasons left are the games'
    own (nobody is eliminated in Whist or Foolish Faces, their games cannot stall)."""
    left = {}
    for name, spec in GAMES.items():
        gm = spec.load("metrics")
        for m in C.CORE_METRICS:
            assert (m.name in gm.names()) != (m.name in gm.absent), (name, m.name)
        left[name] = set(gm.absent)
        assert all(gm.absent.values())
    assert left == {
        "headcount": set(),
        "poohead": set(),
        "whist": {"downtime", "stalls"},
        "foolish": {"downtime", "stalls"},
    }
