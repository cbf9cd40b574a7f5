"""The Forehead Whist report: the --quick report's exact tables against exact.py, its simulated
blind hands against the exact values, the charts' artists and labels, and the command."""

import json
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from headcount_lab.analysis.whist import report as wr
from headcount_lab.analysis.whist import tables as wt
from headcount_lab.analysis.whist.figures import TipChart, charts
from headcount_lab.cli.app import app
from headcount_lab.core.stats import Z95, sign_of
from headcount_lab.core.words import texts
from headcount_lab.games.whist import blind_table
from headcount_lab.games.whist.exact import best_bid, blind_win_cards
from headcount_lab.games.whist.rules import ranks_per_suit

TEXT = texts("whist")


@pytest.fixture(scope="module")
def quick_report(quick_reports_seed3) -> Path:
    """The run's shared ``report all --quick --seed 3`` (read only: copy it to change it)."""
    return quick_reports_seed3[0] / "forehead-whist"


def _csv(out: Path, name: str) -> pd.DataFrame:
    return pd.read_csv(out / f"{name}.csv", keep_default_na=False)


def test_quick_report_writes_every_file(quick_report):
    names = {p.name for p in quick_report.iterdir()}
    for stem in ("q1_dealer_gap", "q1_q4_seats", "q2_blind_bids", "q3_bots", "q5_streaks"):
        assert f"{stem}.png" in names
    assert {"README.md", "metadata.json", "tips.png", "tips.pdf"} <= names
    assert (quick_report / "tips.pdf").read_bytes().startswith(b"%PDF")
    meta = json.loads((quick_report / "metadata.json").read_text())
    assert meta["seed"] == 3 and meta["quick"] is True
    assert meta["sizes"]["matches_per_restriction_setup"] == wt.QUICK_MATCHES
    assert meta["versions"]["whist_rules"] >= 1 and "commit" in meta
    readme = (quick_report / "README.md").read_text()
    for q in range(1, 7):
        assert f"## {q}." in readme
    assert "published 5.6-5.9" in readme and "comparison is dropped" in readme
    assert readme.count("**Reproduce:**") == 7  # the rule lab included
    assert readme.count("headcount-lab report whist --quick --seed 3") >= 6


def _views_by_exact_py(n: int) -> dict[tuple[str, str], tuple[Fraction, Fraction]]:
    """Mean P(win) and the share of views where 1 is the best bid, by (position, trumps seen),
    over every distinct view (trump card of suit 0, the others' cards in play order), from
    ``exact.py`` alone. Each view stands for the same number of deals, so plain means are
    exact."""
    ranks = ranks_per_suit(n)
    acc: dict[tuple[str, str], list[Fraction]] = {}
    for t in range(ranks):
        rest = [c for c in range(4 * ranks) if c != t]
        for others in permutations(rest, n - 1):
            for pos in range(n):
                seen = list(others[:pos]) + [None] + list(others[pos:])
                possible, wins = blind_win_cards(n, seen, t)
                p = Fraction(len(wins), len(possible))
                trumps = "none" if all(c >= ranks for c in others) else "one or more"
                key = (wt.position_name(pos, n), trumps)
                a = acc.setdefault(key, [Fraction(0), Fraction(0), Fraction(0)])
                a[0] += p
                a[1] += best_bid(p)
                a[2] += 1
    return {k: (a[0] / a[2], a[1] / a[2]) for k, a in acc.items()}


def test_w9_blind_positions_table_equals_exact_py(quick_report):
    table = _csv(quick_report, "q2_blind_positions")
    want = _views_by_exact_py(3)
    rows = table[table["players"] == 3]
    assert len(rows) == len(want)
    for r in rows.itertuples():
        p, one = want[(r.position, r.trumps_seen)]
        assert r.p_win_exact == f"{p.numerator}/{p.denominator}"
        assert r.bid_1_best_exact == f"{one.numerator}/{one.denominator}"


def test_w5_blind_dealer_table_equals_the_enumeration(quick_report):
    table = _csv(quick_report, "q2_blind_dealer")
    for n in wt.EXACT_PLAYERS:
        t = blind_table.blind_tables(n)
        d = blind_table.deals(n)
        for b, bonus in enumerate(blind_table.BONUSES):
            row = table[(table["players"] == n) & (table["bonus"] == bonus)].iloc[0]
            cost = Fraction(int(t["score"][b, 0, -1] - t["score"][b, 1, -1]), d)
            assert Fraction(row["dealer_cost_exact"]) == cost
            sc = [Fraction(int(x), d) for x in t["score"][b, 1]]
            assert Fraction(row["gap_on_exact"]) == sc[-1] - sum(sc[:-1]) / (n - 1)
            assert Fraction(row["forced_exact"]) == Fraction(int(t["forced"][b]), d)


def test_simulated_blind_hands_agree_with_the_exact_gap(quick_report):
    """The paired simulation's one-card rows against the enumeration: a z-test per value at
    alpha 0.01 (fixed seed), restriction on and off."""
    sim = _csv(quick_report, "q1_dealer_gap")
    exact = _csv(quick_report, "q2_blind_dealer")
    for n in wt.EXACT_PLAYERS:
        s = sim[(sim["players"] == n) & (sim["cards"] == 1) & sim["one_card_blind"]]
        e = exact[(exact["players"] == n) & (exact["bonus"] == 5)].iloc[0]
        s = s.iloc[0]
        for col in ("gap_on", "gap_off"):
            se = (s[f"{col}_hi"] - s[f"{col}_lo"]) / (2 * Z95)
            assert abs(s[col] - e[col]) < 2.576 * se, (n, col)


def test_paired_effect_columns_are_the_difference_of_on_and_off(quick_report):
    gap = _csv(quick_report, "q1_dealer_gap")
    assert ((gap["effect"] - (gap["gap_on"] - gap["gap_off"])).abs() < 1e-4).all()
    assert (gap["effect_lo"] <= gap["effect"]).all() and (gap["effect"] <= gap["effect_hi"]).all()


def test_tips_come_from_the_tables(quick_report):
    tables = {p.stem: _csv(quick_report, p.stem) for p in quick_report.glob("*.csv")}
    blocks = wr.PIECES.tip_blocks(tables)
    text = " ".join(line for _, lines in blocks for line in lines)
    assert "13 of 28 (4 players)" in text and "10 of 21 (3 players)" in text
    assert wt.threshold_wins(4) == 13 and 13 * 13 > 6 * 28 and 13 * 12 <= 6 * 28
    four = tables["q2_blind_dealer"]
    cost = four[(four["players"] == 4) & (four["bonus"] == 5)].iloc[0]["dealer_cost_exact"]
    assert cost in text
    # the equilibrium rule is stated as a rule (every cell's commoner bid is the stated one)
    assert "bid the number of 1-bids you heard" in text


def test_difference_wording_never_claims_a_difference_whose_interval_holds_zero():
    verdict = TEXT["en"]["q5"]["verdict"]
    assert verdict[sign_of((0.05, -0.1, 0.2))].startswith("no clear difference")
    assert verdict[sign_of((0.15, 0.1, 0.2))] == "a gain"
    assert verdict[sign_of((-0.25, -0.3, -0.2))] == "a loss"


def test_report_charts_have_labels_with_units(quick_report):
    tables = {p.stem: pd.read_csv(p, keep_default_na=False) for p in quick_report.glob("*.csv")}
    figs = charts(tables, TEXT["en"]["charts"])
    assert set(figs) == {
        "q1_dealer_gap",
        "q1_q4_seats",
        "q2_blind_bids",
        "q2_blind_scores",
        "q2_listening",
        "q3_bots",
        "q5_streaks",
    }
    left, right = figs["q1_dealer_gap"].axes
    assert "points per hand" in left.get_ylabel() and "points per hand" in right.get_ylabel()
    assert len(left.containers) == 2 and len(right.containers) == len(wt.PLAYERS)
    for fig in figs.values():
        for ax in fig.axes:
            assert ax.get_xlabel() and ax.get_ylabel()


def test_tip_chart_draws_every_block():
    blocks = [("Head A", ["one", "two"]), ("Head B", ["three"])]
    ax = TipChart("Title", blocks, footer="from a command").plot()
    texts = [t.get_text() for t in ax.texts]
    assert texts[0] == "Title" and "Head A" in texts and "Head B" in texts
    assert sum(t.startswith("• ") for t in texts) == 3 and "from a command" in texts


def test_bad_sizes_exit_2(tmp_path):
    result = CliRunner().invoke(app, ["report", "whist", "--matches", "5", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "at least 100" in result.output


def test_listening_table_equals_the_enumeration(quick_report):
    table = _csv(quick_report, "q2_listening")
    for n in wt.EXACT_PLAYERS:
        t = blind_table.listening_tables(n)
        d = blind_table.deals(n)
        for r, rule in enumerate(("off", "on")):
            for pos in range(n):
                row = _row_of(table, players=n, restriction=rule, position=wt.position_name(pos, n))
                gain = Fraction(int(t["score"][r, pos, 1] - t["score"][r, pos, 0]), d)
                assert Fraction(row["gain_exact"]) == gain


def _row_of(df, **where):
    for k, v in where.items():
        df = df[df[k] == v]
    assert len(df) == 1
    return df.iloc[0]


# --- the equilibrium (issue 12): every seat listens -------------------------------------------


def test_w5_equilibrium_table_is_the_exact_solver_and_the_cache(quick_report):
    from headcount_lab.games.whist.equilibrium import equilibrium
    from headcount_lab.research.whist import equilibrium_sample as es

    table = _csv(quick_report, "q1_equilibrium")
    assert table["players"].tolist() == list(wt.PLAYERS)
    for n in wt.LIVE_EQUILIBRIUM:
        r = _row_of(table, players=n)
        e = equilibrium(n)
        assert r["method"] == "exact"
        assert Fraction(r["dealer_cost_exact"]) == e.dealer_cost
        assert Fraction(r["cost_when_forced_exact"]) == e.forced_cost
        # the card-only figure is question 2's exact cost
        dealer = _csv(quick_report, "q2_blind_dealer")
        card = _row_of(dealer, players=n, bonus=5)["dealer_cost_exact"]
        assert r["card_only_cost_exact"] == card
        assert Fraction(r["listening_change_exact"]) == e.dealer_cost - Fraction(card)
    for n in (5, 6):
        r = _row_of(table, players=n)
        s = es.cached_sampled(n)
        assert s is not None and r["method"] in ("exact", "sampled")
        if r["method"] == "sampled":
            assert r["dealer_cost_lo"] < r["dealer_cost"] < r["dealer_cost_hi"]
            assert abs(r["dealer_cost"] - s.dealer_cost.mean) < 1e-5  # CSV: 6 digits
    # binding is rarer than the cost's average suggests: cost when forced >= average cost
    assert (table["cost_when_forced"] >= table["dealer_cost"]).all()
    # everyone listening: the restriction binds more often and costs more than from the cards
    assert (table["forced_share"] > table["card_only_forced_share"]).all()
    assert (table["listening_change_lo"] > 0).all()


def test_w9_equilibrium_seats_only_the_dealer_changes(quick_report):
    seats = _csv(quick_report, "q2_equilibrium_seats")
    for n in wt.PLAYERS:
        s = seats[seats["players"] == n]
        assert len(s) == n
        dealer = wt.position_name(n - 1, n)
        others = s[s["position"] != dealer]
        assert (others["made_on"] == others["made_off"]).all()
        assert (others["score_on"] == others["score_off"]).all()
        d = _row_of(s, position=dealer)
        assert d["made_on"] < d["made_off"] and d["score_on"] < d["score_off"]
        assert ((s["made_on_lo"] <= s["made_on"]) & (s["made_on"] <= s["made_on_hi"])).all()


def test_w9_equilibrium_rule_cells_cover_every_deal(quick_report):
    rule = _csv(quick_report, "q2_equilibrium_rule")
    for n in wt.LIVE_EQUILIBRIUM:
        r = rule[rule["players"] == n]
        shares = r.groupby("position")["share_of_deals"].sum()
        assert len(shares) == n and ((shares - 1).abs() < 1e-5).all()
        assert ((r["rule_agrees"] >= 0.5) & (r["rule_agrees"] <= 1)).all()
        assert (r["rule_bid"] == (r["bid_1_share"] > 0.5).astype(int)).all()
        # the leader hears nothing
        lead = r[r["position"] == wt.position_name(0, n)]
        assert not lead["earlier_bid_1"].any()


def test_w5_forced_dealer_table_adds_up_to_the_forced_share(quick_report):
    forced = _csv(quick_report, "q2_equilibrium_forced")
    eq = _csv(quick_report, "q1_equilibrium")
    for n in wt.LIVE_EQUILIBRIUM:
        f = forced[forced["players"] == n]
        total = f["share_of_deals"].sum()
        assert abs(total - _row_of(eq, players=n)["forced_share"]) < 1e-5
        assert (f["forced_bid"] == f["ones_heard"]).all()


def test_who_pays_adds_up_and_blind_hands_move_no_points_to_the_others(quick_report):
    pays = _csv(quick_report, "q1_who_pays")
    assert set(pays["bot"]) == {wt.CARD_ONLY_BOT, wt.LISTENING_BOT}
    diff = pays["table_change"] - pays["dealers_change"] - pays["others_change"]
    assert (diff.abs() < 1e-4).all()
    # W5 and W9: in a blind hand nobody but the dealer changes its bid, whatever the bots
    blind = pays[pays["scope"] == "blind hands"]
    assert (blind["others_change"] == 0).all()
    assert (blind["dealers_change"] < 0).all()
    # the listening bots lose more to the restriction than the card-only ones
    for n in (3, 4):
        m = pays[(pays["players"] == n) & (pays["scope"] == "match")]
        listen = _row_of(m, bot=wt.LISTENING_BOT)["dealers_change"]
        card = _row_of(m, bot=wt.CARD_ONLY_BOT)["dealers_change"]
        assert listen < card < 0


def test_listening_match_agrees_with_the_exact_equilibrium_cost(quick_report):
    """The listening bots' blind hands are the equilibrium, so the paired simulation's blind
    gap effect is minus the exact cost: z-test at alpha 0.01 (fixed seed)."""
    from headcount_lab.games.whist.equilibrium import equilibrium

    gap = _csv(quick_report, "q1_listening_gap")
    for n in (3, 4):
        r = _row_of(gap, players=n, cards=1)
        se = (r["effect_hi"] - r["effect_lo"]) / (2 * Z95)
        assert abs(r["effect"] + float(equilibrium(n).dealer_cost)) < 2.576 * se, n
