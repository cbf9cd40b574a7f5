"""Issue 22 item 5: the Poohead report's play advice against the competent field.

The report traces the committed competent field's member in every seat (``q8_competent``), its
tips and findings quote that table, and ``ismcts`` has a ``swap`` setting (keep / random) for
the swap's worth, whose default plays exactly as before."""

import json
import os
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import quick_reports

from headcount_lab.analysis.poohead import report as pr
from headcount_lab.analysis.poohead import tables as pt
from headcount_lab.core import paths
from headcount_lab.games.poohead import agents
from headcount_lab.games.poohead.bots import MENU, SWAP_NONE, SWAP_RANDOM
from headcount_lab.games.poohead.kernels import V_FIELDS, V_SHIFT, V_TRIPLE

#: the committed field the tips hold against (read here as a file, not through the code under
#: test)
FIELD = paths.FIELD_DATA / "field-poohead-4p-standard-v1.json"
#: a cheap search bot for the swap tests (the member's 400 iterations are not needed there)
SMALL = "ismcts:iterations=16,horizon=200"


@pytest.fixture(scope="module")
def quick_reports_seed3(tmp_path_factory):  # type: ignore[no-untyped-def]
    """Under ``make test``'s workers the run's shared ``report all --quick --seed 3``
    (tests/quick_reports.py; this name puts these tests last, when it is written); run alone,
    the Poohead report of it, written here: (the reports' folder, stderr)."""
    folder = os.environ.get(quick_reports.ENV)
    if folder:
        return quick_reports.wait(Path(folder))
    from typer.testing import CliRunner

    from headcount_lab.cli.app import app

    out = tmp_path_factory.mktemp("poohead-quick-seed3")
    r = CliRunner().invoke(app, ["report", "poohead", "--quick", "--seed", "3", "--out", str(out)])
    assert r.exit_code == 0, r.output
    return out, r.stderr


@pytest.fixture(scope="module")
def quick_report(quick_reports_seed3) -> Path:
    """The Poohead report of ``report all --quick --seed 3`` (read only)."""
    return quick_reports_seed3[0] / pr.FOLDER


def _csv(out: Path, name: str) -> pd.DataFrame:
    return pd.read_csv(out / f"{name}.csv", keep_default_na=False)


def _tips(readme: str) -> list[str]:
    """The bullets of section 8 (the tip sheet's lines)."""
    part = readme[readme.index("## 8.") : readme.index("## 9.")]
    return [line[2:] for line in part.splitlines() if line.startswith("- ")]


def _pts(v: pd.Series) -> str:
    return f"{100 * v['value']:+.1f} points [{100 * v['lo']:+.1f}, {100 * v['hi']:+.1f}]"


def test_q8_competent_has_every_measure_once_within_its_interval(quick_report):
    t = _csv(quick_report, "q8_competent")
    meta = json.loads((quick_report / "metadata.json").read_text())
    assert list(t.columns) == ["players", "bot", "measure", "value", "lo", "hi", "count", "of"]
    assert list(t["players"].unique()) == list(pt.COMPETENT_PLAYERS) == [4]
    want = (
        [f"seat_{s}_excess" for s in range(4)]
        + ["capped_share"]
        + [f"forced_{top}" for top in pt.COMPETENT_TOPS]
        + [f"visible_{rank}_vs_7" for rank in pt.COMPETENT_RANKS]
        + ["worst_tenth", "best_tenth", "swap_keep_vs_own"]
    )
    assert list(t["measure"]) == want
    assert ((t["lo"] <= t["value"] + 1e-9) & (t["value"] <= t["hi"] + 1e-9)).all()
    seats = t[t["measure"].str.startswith("seat_")]
    # one Poohead a counted game: the excesses over 1/4 add up to nothing
    assert seats["value"].sum() == pytest.approx(0.0, abs=1e-5)
    sizes = meta["sizes"]
    assert sizes["competent"] == pt.PooheadReportOptions(quick=True).sizes()["competent"]
    capped = t[t["measure"] == "capped_share"].iloc[0]
    assert capped["count"] == sizes["competent"]
    # the capped games are left out of the seats' count
    assert (seats["count"] == round(sizes["competent"] * (1 - capped["value"]))).all()
    swap = t[t["measure"] == "swap_keep_vs_own"].iloc[0]
    assert 0 < swap["count"] <= sizes["competent_swap"] < sizes["competent"]
    assert meta["seconds"]["competent"] > 0


def test_q8_competent_was_played_by_the_committed_member(quick_report):
    t = _csv(quick_report, "q8_competent")
    field = json.loads(FIELD.read_text())
    members = [m["bot"] for m in field["members"] if m["weight"] > 0]
    assert list(t["bot"].unique()) == members == [pt.competent_member(4)]
    # replayed with that member in every seat (the report's seed and size), the seat rows are
    # the table's; another bot's games are not
    n_games = json.loads((quick_report / "metadata.json").read_text())["sizes"]["competent"]
    seats = t[t["measure"].str.startswith("seat_")]["value"].to_numpy()

    def replay(bot: str) -> np.ndarray:
        run = pt.run_set(4, [pt.Variant((), (bot,) * 4)], n_games, 3, workers=1)
        return pt.seat_rows(run, 4, bot, "competent")["excess"].to_numpy()

    assert np.allclose(replay(members[0]), seats, atol=1e-6)
    assert not np.allclose(replay(SMALL), seats, atol=1e-6)


def test_the_tips_and_findings_quote_the_competent_table(quick_report):
    t = _csv(quick_report, "q8_competent").set_index("measure")
    readme = (quick_report / "README.md").read_text()
    tips = _tips(readme)
    by_word = {w: next(x for x in tips if x.startswith(w)) for w in ("Swap", "The deal", "A 9")}
    start = next(x for x in tips if x.startswith("Starting"))
    assert _pts(t.loc["seat_0_excess"]) in start
    assert _pts(t.loc["swap_keep_vs_own"]) in by_word["Swap"]
    assert _pts(t.loc["visible_10_vs_7"]) in by_word["The deal"]
    for m in ("worst_tenth", "best_tenth"):
        v = t.loc[m]
        assert f"{v['value']:.3f} [{v['lo']:.3f}, {v['hi']:.3f}]" in by_word["The deal"]
    for top in ("9", "8", "A"):
        v = t.loc[f"forced_{top}"]
        pct = f"{100 * v['value']:.1f}% [{100 * v['lo']:.1f}, {100 * v['hi']:.1f}]"
        assert pct in by_word["A 9"]
    # the tip sheet is drawn from the same lines
    tables = {p.stem: _csv(quick_report, p.stem) for p in quick_report.glob("*.csv")}
    sheet = [line for _, lines in pr.PIECES.tip_blocks(tables) for line in lines]
    assert sheet == tips
    # every bullet names its field: the play tips the competent field, the rest their cheap
    # bots and why (on purpose)
    for tip in tips:
        assert "competent" in tip or "on purpose" in tip, tip
        assert re.search(r"`cheap\+?`", tip), tip
    # the findings of questions 1, 2, 6 and 7 each give the competent figure
    for q, figure in (
        ("1", _pts(t.loc["seat_0_excess"])),
        ("2", _pts(t.loc["swap_keep_vs_own"])),
        ("6", _pts(t.loc["visible_10_vs_7"])),
        ("7", _pts(t.loc["visible_9_vs_7"])),
    ):
        part = readme[readme.index(f"## {q}.") : readme.index(f"## {int(q) + 1}.")]
        finding = next(x for x in part.split("\n\n") if x.startswith("**Finding.**"))
        assert "competent field" in finding and figure in finding, q


def test_the_ismcts_swap_setting_parses_quietly():
    member = MENU.parse("ismcts:iterations=400,horizon=600,explore=0.7")
    # the field's member keeps its canonical text: the swap is quiet at its default
    assert member.canonical == "ismcts:iterations=400,horizon=600,explore=0.7"
    keep = MENU.parse(f"{member.canonical},swap=keep")
    assert keep.value("swap") == SWAP_NONE and keep.canonical.endswith(",swap=1")
    assert MENU.parse("ismcts:swap=random").value("swap") == SWAP_RANDOM
    _, params = agents.policy_params(["ismcts:swap=keep", "ismcts", "pimc", "cheap:swap=keep"])
    assert params.shape == (4, agents.N_PARAMS)
    assert list(params[:, agents.P_ISMCTS_SWAP]) == [SWAP_NONE, 0, 0, 0]


def test_the_ismcts_swap_setting_plays_as_declared():
    # bot 0's face-up choice (V_TRIPLE of its seat) on the same deals: ismcts keeping or
    # swapping at random chooses what cheap does with the same setting (cheap's keep and
    # random are the report's question 2); its default swaps by cheap's rule
    def choices(bot0: str, others: str) -> np.ndarray:
        run = pt.run_set(4, [pt.Variant((), (bot0, *(others,) * 3))], 24, 9, workers=1)
        g = run["game"][:, 0]
        return g[np.arange(g.shape[0]), V_TRIPLE + g[:, V_SHIFT]]

    for setting in ("keep", "random"):
        mine = choices(f"{SMALL},swap={setting}", SMALL)
        assert (mine == choices(f"cheap:swap={setting}", "cheap")).all(), setting
    own = choices(SMALL, SMALL)
    assert (own == choices("cheap", "cheap")).all()
    assert (own != choices(f"{SMALL},swap=keep", SMALL)).any()  # the swap moves cards


def test_the_ismcts_default_swap_plays_the_same_games():
    # `swap=own` written out is the default: the same games to the bit, whatever the seats
    bots = (SMALL, "cheap+", SMALL, "pimc:samples=2,horizon=100")
    spelled = tuple(f"{b},swap=own" if b == SMALL else b for b in bots)
    run = pt.run_set(4, [pt.Variant((), bots), pt.Variant((), spelled)], 12, 4, workers=1)
    assert run["game"].shape == (12, 2, V_FIELDS)
    assert np.array_equal(run["game"][:, 0], run["game"][:, 1])
    assert np.array_equal(run["ratio"][0], run["ratio"][1])


def test_a_block_played_a_game_at_a_time_is_the_same_block():
    # the competent table leaves the capped games out of the forced pick-ups from per-game
    # tallies: the same games (two blocks), and the tallies add up to the block's
    bots = [pt.Variant((), ("cheap+", "cheap", "random", "cheap+"))]
    whole = pt.run_set(4, bots, pt.BLOCK + 40, 6, workers=2)
    each = pt.run_set(4, bots, pt.BLOCK + 40, 6, workers=2, per_game=True)
    for key in ("game", "deal", "agg", "ratio"):
        assert np.array_equal(whole[key], each[key]), key
    assert each["ratio_game"].shape == (pt.BLOCK + 40, 1, 13, 5)
    assert np.array_equal(each["ratio_game"].sum(axis=0), whole["ratio"])
    assert (each["ratio_game"][:, 0, :, 1].sum(axis=1) > 0).all()  # every game faced cards
