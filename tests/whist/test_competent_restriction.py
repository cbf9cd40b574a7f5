"""The stored run of the dealer's restriction (W5) with the competent field, which the Whist
report reads instead of playing thousands of search-bot matches on every run."""

from __future__ import annotations

import json

import numpy as np
import pytest

from headcount_lab.core.paths import FIELD_DATA
from headcount_lab.research.whist import competent_restriction as cr
from headcount_lab.research.whist import handstats


def test_w5_stored_run_round_trips_and_pairs_the_same_deals(tmp_path):
    stats = cr.run(["heuristic"] * 4, 12, 3)
    path = tmp_path / "run.npz"
    cr.save(path, stats, {"command": "test", "bots": ["heuristic"] * 4, "rules_version": 1})
    back, meta = cr.load(path)
    assert meta["command"] == "test"
    assert set(back) == set(stats)
    for k in stats:
        np.testing.assert_array_equal(back[k], stats[k])
    ps = back["per_seat"]
    # every match was played twice, so each seat has both totals over the same 12 matches
    assert back["match_gap"][handstats.G_HANDS] == 12
    assert (ps[:, handstats.S_TOTAL] != ps[:, handstats.S_TOTAL_B]).any()


def test_load_refuses_a_missing_or_stale_file(tmp_path):
    with pytest.raises(ValueError, match="whist_competent_restriction.py"):
        cr.load(tmp_path / "none.npz")
    path = tmp_path / "old.npz"
    stats = cr.run(["random"] * 3, 2, 1)
    cr.save(path, stats, {"command": "old command", "bots": ["random"] * 3, "rules_version": 0})
    with pytest.raises(ValueError, match="stale.*old command"):
        cr.load(path)


def test_field_bots_refuses_a_mixed_field(tmp_path):
    name = "field-whist-4p-standard-v1.json"
    data = json.loads((FIELD_DATA / name).read_text(encoding="utf-8"))
    data["members"] = [{**data["members"][0], "weight": 0.5}, {**data["members"][1], "weight": 0.5}]
    (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="mixes 2 members"):
        cr.field_bots(data=tmp_path)


def test_the_stored_run_is_the_committed_field_playing():
    """The report's claim names the competent field: the stored run's seats must be it."""
    _, meta = cr.load()
    assert meta["bots"] == cr.field_bots()
    assert meta["command"].startswith("python scripts/whist_competent_restriction.py")
