"""Calibration of the bots' stated beliefs (issue 11 item 3): the replay recovers what each
seat saw, the deciles are cut right, and a miscalibrated belief is caught."""

import numpy as np
import pandas as pd
import pytest

from headcount_lab.research.headcount import calibration as C


def test_replayed_beliefs_are_the_ones_the_bots_acted_on():
    """``odds`` calls exactly when its stated chance is above its ``call`` parameter (0.65),
    unless it peeked on that turn and must raise (H7): so the replay rebuilt each seat's view,
    the hidden card it peeked at and the bids it answered as the kernel had them."""
    turns = C.stated_and_observed("odds,odds,odds,odds", 150, 3)
    assert len(turns) > 1000
    free = turns[~turns["just_peeked"]]
    assert (free["called"] == (free["stated"] > 0.65)).all()
    assert not turns.loc[turns["just_peeked"], "called"].any()
    assert turns["just_peeked"].any()


def test_reader_calls_on_its_stated_belief():
    turns = C.stated_and_observed("reader,reader,reader", 100, 4)
    free = turns[~turns["just_peeked"]]
    assert (free["called"] == (free["stated"] > 0.65)).all()


def test_each_turn_names_the_bid_it_answers():
    """Among two ``tips``, ``odds`` only ever answers ``tips``, who opens (raise 0 here) and
    raises by at most its ``step`` of 3 (at least the minimum raise of H5)."""
    turns = C.stated_and_observed("odds,tips,tips", 150, 5)
    assert (turns["bot"].str.startswith("odds")).all()
    assert (turns["bidder"].str.startswith("tips")).all()
    assert turns["last_raise"].between(0, 3).all()
    assert {0, 1, 3} <= set(turns["last_raise"])


def test_deciles_are_equal_groups_in_order():
    rng = np.random.default_rng(0)
    stated = rng.random(1003)
    turns = pd.DataFrame({"bot": "b", "stated": stated, "won": rng.random(1003) < stated})
    t = C.by_decile(turns)
    assert list(t["decile"]) == list(range(1, 11))
    assert set(t["turns"]) == {100, 101}
    assert (np.diff(t["stated"]) > 0).all()
    # a calibrated belief: chi-square of observed against stated wins over the deciles
    from scipy.stats import chi2

    exp = t["stated"] * t["turns"]
    obs = t["observed"] * t["turns"]
    stat = (((obs - exp) ** 2) / (exp * (1 - t["stated"]))).sum()
    assert chi2.sf(stat, 10) > 0.01


def test_a_miscalibrated_belief_is_caught():
    rng = np.random.default_rng(1)
    stated = rng.random(2000)
    turns = pd.DataFrame({"bot": "b", "stated": stated, "won": rng.random(2000) < 0.5})
    t = C.by_decile(turns)
    assert t["stated_minus_observed_pp"].abs().max() > 30


def test_section_returns_table_and_figure():
    table, fig = C.calibration_section(games=40, seed=2)
    assert {"field", "bot", "decile", "stated", "observed"} <= set(table.columns)
    assert set(table["field"]) == set(C.FIELDS)
    names = {b.partition(":")[0] for b in table["bot"]}
    assert {"equilibrium", "reader", "odds"} <= names
    ax = fig.axes[0]
    assert len(ax.get_lines()) >= 1 + table.groupby(["field", "bot"]).ngroups


@pytest.mark.slow
def test_equilibrium_is_calibrated_within_3pp_in_self_play():
    """The target of issue 11 item 3 for the new bot, in self-play."""
    t = C.by_decile(C.stated_and_observed("equilibrium,equilibrium,equilibrium,equilibrium",
                                          6000, 11))  # fmt: skip
    assert t["stated_minus_observed_pp"].abs().max() <= 3.0, t


@pytest.mark.slow
@pytest.mark.xfail(
    strict=True,
    reason="issue 11 item 3 is not met in the mixed field: the third table understates the "
    "calls' chances by up to 6.4 points there, most of it on tips's raises by one, which its "
    "bid states cannot tell from its own (docs/games/headcount.md); strict, so meeting the "
    "target fails this test until the mark is removed",
)
def test_equilibrium_is_calibrated_within_3pp_in_the_mixed_field():
    """Issue 11 item 3 in the mixed field: the bot cannot tell which policy a bidder plays, so
    its stated belief is a mixture (a quarter of the bidders `reader`, `odds` or `tips`, the
    rest like itself); the target is ±3 points in every decile against those three."""
    turns = C.stated_and_observed("equilibrium,reader,odds,tips", 6000, 12)
    t = C.by_decile(turns[turns["bot"].str.startswith("equilibrium")])
    assert t["stated_minus_observed_pp"].abs().max() <= 3.0, t
