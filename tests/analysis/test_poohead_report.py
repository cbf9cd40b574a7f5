"""The Poohead report: the --quick report has every section, chart and table; its numbers come
from the tables (invariants that tie each table to the per-game data); the paired runs really
share their deals; the text has no unfilled placeholder."""

import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from headcount_lab.analysis.poohead import report as pr
from headcount_lab.analysis.poohead import tables as pt
from headcount_lab.core import report as core
from headcount_lab.core.words import texts

TEXT = texts("poohead")


@pytest.fixture(scope="module")
def quick_report(quick_reports_seed3) -> Path:
    """The run's shared ``report all --quick --seed 3`` (read only: copy it to change it)."""
    return quick_reports_seed3[0] / pr.FOLDER


def _csv(out: Path, name: str) -> pd.DataFrame:
    return pd.read_csv(out / f"{name}.csv", keep_default_na=False)


def test_quick_report_writes_every_section_chart_and_table(quick_report):
    names = {p.name for p in quick_report.iterdir()}
    for stem in ("q1_seats", "q2_swap", "q3_faceup", "q4_house_rules", "q5_stalls",
                 "q6_deal", "q7_nine"):  # fmt: skip
        assert f"{stem}.png" in names
    assert {"README.md", "metadata.json", "tips.png", "tips.pdf"} <= names
    assert (quick_report / "tips.pdf").read_bytes().startswith(b"%PDF")
    meta = json.loads((quick_report / "metadata.json").read_text())
    assert meta["quick"] is True and meta["sizes"]["main"] == pt.QUICK_GAMES
    assert meta["versions"]["poohead_rules"] >= 1
    readme = (quick_report / "README.md").read_text()
    for q in range(1, 11):  # 9-10: the rule lab and the designer's verdicts
        assert f"## {q}." in readme
    # the rule lab adds one reproduced question with a finding (its field line in its own words)
    assert readme.count("**Reproduce:**") == 8 and readme.count("**Holds against:**") == 7
    assert readme.count("**Method.**") == 10 and readme.count("**Finding.**") == 8
    for stem in ("q1_seats", "q2_swap", "q3_faceup", "q4_house_rules", "q5_stalls", "q6_deal",
                 "q7_nine", "tips"):  # fmt: skip
        assert f"({stem}.png)" in readme
    # no unfilled placeholder, no Python object's text
    assert not re.search(r"\{[a-z_0-9]*(:[^}]*)?\}", readme)
    assert not re.search(r"\bnan\b", readme) and "None" not in readme


def test_every_finding_number_is_in_its_table(quick_report):
    readme = (quick_report / "README.md").read_text()
    swap = _csv(quick_report, "q2_swap")
    four = swap[(swap["players"] == 4) & (swap["swap"] == "keep")].iloc[0]
    quoted = f"{100 * four['vs_own']:+.1f} points [{100 * four['vs_own_lo']:+.1f}, "
    assert quoted in readme
    house = _csv(quick_report, "q4_house_rules")
    base = house[house["rules"] == "defaults"].iloc[0]
    assert f"lasts {base['mean_turns']:.1f} turns" in readme


def test_seat_shares_sum_to_one_and_hold_their_intervals(quick_report):
    seats = _csv(quick_report, "q1_seats")
    for (n, _), g in seats.groupby(["players", "level"]):
        assert len(g) == n
        assert g["p"].sum() == pytest.approx(1.0, abs=1e-5)  # one Poohead per counted game
        assert g["poohead"].sum() == g["games"].iloc[0]
        assert ((g["lo"] <= g["p"] + 1e-12) & (g["p"] <= g["hi"] + 1e-12)).all()
        assert np.allclose(g["excess"], g["p"] - 1 / n, atol=1e-5)  # CSV: 6 digits


def test_paired_differences_are_the_differences_of_the_paired_means(quick_report):
    swap = _csv(quick_report, "q2_swap")
    assert np.allclose(swap["vs_own"], swap["pair_p"] - swap["pair_p_own"], atol=1e-5)
    own = swap[swap["swap"] == "own"]
    assert (own["vs_own"] == 0).all() and (own["vs_own_lo"] == 0).all()
    assert (swap["vs_own_lo"] <= swap["vs_own"]).all()
    assert (swap["vs_own"] <= swap["vs_own_hi"]).all()
    house = _csv(quick_report, "q4_house_rules")
    base = house[house["rules"] == "defaults"].iloc[0]
    assert np.allclose(house["turns_diff"], house["mean_turns"] - base["mean_turns"], atol=1e-3)
    assert np.allclose(
        house["capped_diff"], house["capped_share"] - base["capped_share"], atol=1e-5
    )


def test_wild_card_shares_cover_every_counted_deal(quick_report):
    wild = _csv(quick_report, "q6_wild_cards")
    for (_, where), g in wild.groupby(["players", "where"]):
        assert g["share_of_deals"].sum() == pytest.approx(1.0, abs=1e-5)
        assert g["wild_cards"].max() <= (9 if where == "dealt" else 3)
    forced = _csv(quick_report, "q7_forced_pickups")
    assert (forced["forced_pickups"] <= forced["turns_facing"]).all()
    # nothing is ever picked up facing a 2 or a 3: every rank goes on them (P8, P15)
    assert (forced[forced["top"].isin(["2", "3"])]["forced_pickups"] == 0).all()


def test_variants_of_a_deal_share_the_deal_and_differ_only_by_their_rules():
    # the swap variants of a seat: whatever the swap, every seat was dealt the same cards; the
    # face-up cards of the other seats (same bot, same six) are the same too
    run = pt.run_set(
        4,
        [pt.Variant((), ("cheap+:swap=keep", "cheap+", "cheap+", "cheap+")),
         pt.Variant((), ("cheap+", "cheap+", "cheap+", "cheap+"))],
        40,
        3,
        workers=1,
    )  # fmt: skip
    from headcount_lab.games.poohead.kernels import V_SHIFT, V_TRIPLE

    g = run["game"]
    assert (g[:, 0, V_SHIFT] == g[:, 1, V_SHIFT]).all()
    for m in range(g.shape[0]):
        hero = g[m, 0, V_SHIFT]
        others = [s for s in range(4) if s != hero]
        assert all(g[m, 0, V_TRIPLE + s] == g[m, 1, V_TRIPLE + s] for s in others)
    # two identical variants play identical games, and any worker count gives the same bits
    same = pt.run_set(4, [pt.Variant((), ("cheap",) * 4)] * 2, 2500, 5, workers=2)
    assert (same["game"][:, 0] == same["game"][:, 1]).all()
    one = pt.run_set(4, [pt.Variant((), ("cheap",) * 4)] * 2, 2500, 5, workers=1)
    assert (one["game"] == same["game"]).all() and (one["deal"] == same["deal"]).all()


def test_the_text_fills_from_the_facts_only():
    assert core.text_mismatches(TEXT) == []
    assert list(pr.FOLDERS) == list(TEXT)
