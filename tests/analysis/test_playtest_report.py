"""The --quick playtest report, regenerated once: files, languages, metadata, and its exact
tables checked against values recomputed here with exact fractions (issue 5)."""

import itertools
import json
import re
from fractions import Fraction
from statistics import median

import pandas as pd
import pytest
from typer.testing import CliRunner

from headcount_lab.cli.app import app
from headcount_lab.games.headcount.exact import safe_bid, total_distribution
from headcount_lab.games.headcount.rules import N_NUMBER, VALUES

GERMAN_TERMS = ("Nachzählen!", "Spicken", "Lebenskarten", "Überraschung", "Höchste auf null")


@pytest.fixture(scope="module")
def report_run(quick_reports_seed3):
    return quick_reports_seed3


@pytest.fixture(scope="module")
def reports(report_run):
    return report_run[0]


def test_report_all_shows_progress_per_report_and_question_on_stderr(report_run):
    # issue 15 item 12: a line when each step starts and one with its time when it ends
    out, err = report_run
    assert "[headcount] report 1 of 4" in err and "[whist] report 2 of 4" in err
    assert "[poohead] report 3 of 4" in err and "[foolish] report 4 of 4" in err
    for step in (
        "[headcount] q1, q2, q5: exact odds",
        "[headcount] q3, q6: paired peek",
        "[forehead-whist] q2: exact blind",
        "[forehead-whist] q3, q5: the bot",
    ):
        assert err.count(step) == 2, step  # started, and finished with its time
    assert sorted(p.name for p in out.iterdir()) == [
        "foolish-faces",
        "forehead-whist",
        "headcount",
        "kopfrechnen",
        "poohead",
    ]


@pytest.mark.parametrize("folder", ["headcount", "kopfrechnen"])
def test_quick_report_writes_every_part_in_both_languages(reports, folder):
    out = reports / folder
    names = {p.name for p in out.iterdir()}
    for q in range(1, 12):
        if q == 9:  # the designer's findings: text only
            continue
        assert any(n.startswith(f"q{q}_") and n.endswith(".csv") for n in names), q
        assert any(n.startswith(f"q{q}_") and n.endswith(".png") for n in names), q
    assert {"README.md", "metadata.json", "strategy_tips.png", "strategy_tips.pdf"} <= names
    md = (out / "README.md").read_text(encoding="utf-8")
    # every question has its method, finding and command, and question 9 its findings
    from headcount_lab.analysis.headcount.report import EXTRA_SECTIONS

    # each extra section adds one question, the house rules two (the rule lab and the designer)
    assert md.count("## ") == 11 + len(EXTRA_SECTIONS) + 1
    for name in sorted(names):
        if name.endswith(".png"):
            assert f"({name})" in md, name
    assert (out / "strategy_tips.pdf").read_bytes()[:5] == b"%PDF-"


def test_german_report_uses_the_german_rule_terms(reports):
    md = (reports / "kopfrechnen" / "README.md").read_text(encoding="utf-8")
    for term in GERMAN_TERMS:
        assert term in md, term
    assert "Headcount playtest" not in md and "Kopfrechnen" in md


def test_metadata_records_seed_sizes_versions_and_commit(reports):
    meta = json.loads((reports / "headcount" / "metadata.json").read_text(encoding="utf-8"))
    assert meta["seed"] == 3 and meta["quick"] is True
    assert meta["games_per_simulated_setup"] == 2000
    assert meta["language"] == "en"
    assert set(meta["versions"]) >= {"numpy", "numba", "pandas", "matplotlib", "headcount-lab"}
    assert "commit" in meta
    assert meta["command"] == "headcount-lab report headcount --lang en --seed 3 --quick"


def _views(players, peeked):
    """Every view of a seat (standard deck) with no special card in sight, as id lists."""
    k = players if peeked else players - 1
    return list(itertools.combinations(range(N_NUMBER), k))


@pytest.mark.parametrize("peeked", [False, True])
def test_q1_safe_bids_match_exact_fractions(reports, peeked):
    table = pd.read_csv(reports / "headcount" / "q1_safe_bids_by_view.csv")
    rows = table[
        (table["variant"] == "standard")
        & (table["players"] == 3)
        & (table["special_seen"] == "none")
        & (table["peeked"] == peeked)
    ].set_index("visible_sum")
    by_sum: dict[int, list[dict[float, int]]] = {}
    for view in _views(3, peeked):
        dist = total_distribution(list(view), 1 if peeked else 2, False)
        bids = {lv: safe_bid(dist, lv) for lv in (0.5, 0.75, 0.9)}
        by_sum.setdefault(int(VALUES[list(view)].sum()), []).append(bids)
    assert sorted(by_sum) == sorted(rows.index)
    for s, views in by_sum.items():
        assert rows.loc[s, "views"] == len(views)
        for lv, col in ((0.5, "safe_bid_50"), (0.75, "safe_bid_75"), (0.9, "safe_bid_90")):
            assert rows.loc[s, col] == median(v[lv] for v in views)
        assert rows.loc[s, "lowest_75"] == min(v[0.75] for v in views)


@pytest.mark.parametrize("gap", [-3, 0, 9, 17])
def test_q2_call_odds_match_exact_fractions(reports, gap):
    table = pd.read_csv(reports / "headcount" / "q2_call_odds_by_gap.csv")
    row = table[
        (table["variant"] == "standard")
        & (table["players"] == 3)
        & (table["special_seen"] == "none")
        & (table["gap"] == gap)
    ].iloc[0]
    total = Fraction(0)
    views = _views(3, False)
    for view in views:
        bid = int(VALUES[list(view)].sum()) + gap
        dist = total_distribution(list(view), 2, False)
        total += sum((p for t, p in dist.items() if t < bid), Fraction(0))  # H6: ties to bidder
    assert row["fraction"] == f"{(total / len(views)).numerator}/{(total / len(views)).denominator}"
    assert row["views"] == len(views)


def test_q5_far_from_estimates_matches_brute_force(reports):
    # 3 players without the hidden card: every forehead set and draw card, every seat's mean
    table = pd.read_csv(reports / "headcount" / "q5_far_from_estimates.csv")
    row = table[
        (table["variant"] == "standard") & (table["players"] == 3) & ~table["hidden_card"]
    ].iloc[0]
    from headcount_lab.games.headcount.rules import count

    mean = {}
    far = total = 0
    for deal in itertools.combinations(range(17), 3):
        for draw in (c for c in range(17) if c not in deal):
            t = count(list(deal), draw)
            close = False
            for seat in deal:
                view = tuple(c for c in deal if c != seat)
                if view not in mean:
                    dist = total_distribution(list(view), 1, False)
                    mean[view] = sum(t2 * p for t2, p in dist.items())
                close |= abs(t - mean[view]) <= 10
            total += 1
            far += not close
    p = Fraction(far, total)
    assert row["fraction"] == f"{p.numerator}/{p.denominator}"


def test_simulated_tables_carry_intervals_around_their_estimates(reports):
    out = reports / "headcount"
    for name in ("q4_round_loss_by_position", "q8_win_rates", "q5_variants_vs_standard",
                 "q7_house_rules_vs_standard", "q3_peek_paired", "q6_discard_paired",
                 "q3_heads_up_values"):  # fmt: skip
        t = pd.read_csv(out / f"{name}.csv")
        assert ((t["lo"] <= t["value"] + 1e-12) & (t["value"] <= t["hi"] + 1e-12)).all(), name
    wins = pd.read_csv(out / "q8_win_rates.csv")
    # one game, one winner: the four bots' wins add up to the games of the tournament
    assert wins["k"].sum() == wins["n"].iloc[0]


def test_findings_never_call_a_difference_real_when_its_interval_includes_zero(reports):
    from headcount_lab.analysis.headcount.facts import PRACTICAL

    out = reports / "headcount"
    diff = pd.concat(
        [
            pd.read_csv(out / f"{n}.csv")
            for n in ("q5_variants_vs_standard", "q7_house_rules_vs_standard")
        ]  # fmt: skip
    )
    md = (out / "README.md").read_text(encoding="utf-8")
    names = {"trickster": "Trickster", "double": "Double", "first_bid_1": "first bid at least 1",
             "no_hidden_card": "no hidden card"}  # fmt: skip
    for key, name in names.items():
        rows = diff[diff["rules"] == key]
        detected = (rows["lo"] > 0) | (rows["hi"] < 0)
        practical = detected & (rows["value"].abs() >= rows["measure"].map(PRACTICAL))
        skill = rows[practical & (rows["measure"] == "skill_spread")]
        if not skill.empty:
            # issue 22 item 5: skill is the spread between the mixed field's leader and random,
            # never one bot's win rate
            verdict = "rewards skill more" if skill["value"].iloc[0] > 0 else "levels the field"
            assert f"**{name}** {verdict}: in the mixed field the spread" in md
        elif practical.any():
            assert f"**{name}** changes the game" in md
        elif detected.any():
            assert f"**{name}** makes no practical difference" in md
        else:
            assert f"**{name}** changes nothing we can detect" in md


def test_h7_h9_flag_findings_follow_their_intervals(reports):
    """Questions 3 and 4 quote the peek-may-call (H7) and left-of-loser (H9) comparisons and
    only call a change real when its interval excludes zero."""
    out = reports / "headcount"
    md = (out / "README.md").read_text(encoding="utf-8")
    q3 = next(p for p in md.split("\n## ") if p.startswith("3."))
    q4 = next(p for p in md.split("\n## ") if p.startswith("4."))
    assert "The cost of the must-raise rule (H7)" in q3
    q7 = pd.read_csv(out / "q7_house_rules_vs_standard.csv")
    rows = q7[q7["rules"] == "peek_may_call"]
    assert len(rows) == 4  # rounds, the strong bot's and random's wins, the skill spread
    if not ((rows["lo"] > 0) | (rows["hi"] < 0)).any():
        assert "no change we can detect (every interval includes zero)" in q3
    cb = pd.read_csv(out / "q4_comeback.csv").set_index("measure")
    left = cb.loc["first_loser_wins_game_left_of_loser"]
    std = cb[cb["players"] == 4].loc["first_loser_wins_game"]
    assert left["n"] == std["n"] and "(H9 house rule)" in q4
    half = ((left["hi"] - left["lo"]) ** 2 + (std["hi"] - std["lo"]) ** 2) ** 0.5 / 2
    d = left["value"] - std["value"]
    if abs(d) <= half:
        assert "no difference we can detect" in q4
    else:
        assert ("hurts the loser" if d > 0 else "helps the loser") in q4.split("(H9 house rule)")[1]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--lang", "fr"], "unknown --lang"),
        (["--games", "5"], "--games must be at least 100"),
    ],
)
def test_report_bad_input_is_one_line_and_exit_2(tmp_path, args, message):
    r = CliRunner().invoke(app, ["report", "headcount", "--out", str(tmp_path), *args])
    assert r.exit_code == 2
    assert message in r.output
    assert "Traceback" not in r.output
    assert not any(tmp_path.iterdir())


def test_cli_defaults_are_the_report_defaults():
    # the CLI cannot import the report module (pandas) at start-up, so it repeats the numbers
    import inspect

    from headcount_lab.analysis.headcount.report import (
        DEFAULT_GAMES,
        DEFAULT_SEED,
        FOLDERS,
        QUICK_GAMES,
    )
    from headcount_lab.cli import report as cli

    params = inspect.signature(cli.headcount_cmd).parameters
    # no --games: the report's default, or its quick size with --quick (named in the help)
    assert params["games"].default is None
    assert (cli.HEADCOUNT_GAMES, cli.HEADCOUNT_QUICK_GAMES) == (DEFAULT_GAMES, QUICK_GAMES)
    assert params["seed"].default == DEFAULT_SEED
    assert inspect.signature(cli.all_cmd).parameters["seed"].default == DEFAULT_SEED
    # report all: each report at its own default size
    assert inspect.signature(cli.all_cmd).parameters["games"].default is None
    assert cli.HEADCOUNT_FOLDERS == FOLDERS


def _extra_section_module():
    """A section module as ``report.EXTRA_SECTIONS`` takes them (issue 11's hook)."""
    import types

    mod = types.ModuleType("hc_test_extra_section")

    def compute(pt, quick):
        pt.tables["q12_extra"] = pd.DataFrame({"bot": [pt.facts["best_bot"]], "value": [0.5]})

    def render(w):
        from headcount_lab.core.report import Question

        title = {"en": "12. Extra", "de": "12. Zusatz"}[w.lang]
        return [Question(title, None, None, (w.table(w.tables["q12_extra"]), w.field("strong")))]

    mod.compute, mod.render, mod.TABLES = compute, render, ("q12_extra",)
    return mod


def test_rendering_is_byte_for_byte_repeatable_and_takes_an_extra_section(
    tmp_path, monkeypatch, reports
):
    # the committed reports only change when their numbers change: no dates or software
    # versions inside the PNG and PDF files, the same numbers give the same bytes; and a section
    # written in its own module joins the report by one entry in EXTRA_SECTIONS (computed
    # alone, the others' numbers read back from the shared quick report, as --only does)
    import sys

    from headcount_lab.analysis.headcount import report as R
    from headcount_lab.core.report import QUIET

    monkeypatch.setitem(sys.modules, "hc_test_extra_section", _extra_section_module())
    monkeypatch.setattr(R, "EXTRA_SECTIONS", ("hc_test_extra_section",))
    opts = R.ReportOptions(seed=3, quick=True)
    only = frozenset({"hc_test_extra_section"})
    pt = R.compute(opts, QUIET, only, reports / R.FOLDERS["de"], "de")
    written = R.REPORT.run(tmp_path / "a", opts, lang="de", results=pt)
    # beside the extra section's own, every file has the bytes of the run read from, which
    # was rendered in another process at another time
    same = {p.name for p in written} - {"README.md", "metadata.json", "q12_extra.csv"}
    assert len(same) > 10 and {p.suffix for p in written} >= {".png", ".pdf", ".csv"}
    for name in sorted(same):
        assert (tmp_path / "a" / name).read_bytes() == (
            reports / R.FOLDERS["de"] / name
        ).read_bytes(), name
    md = (tmp_path / "a" / "README.md").read_text(encoding="utf-8")
    assert "## 12. Zusatz" in md and "| Bot | Wert |" in md and " | 0,500 |" in md
    assert (tmp_path / "a" / "q12_extra.csv").exists()


def test_every_finding_names_the_field_it_holds_against(reports):
    """Issue 11: each finding (and each designer finding) ends by saying which field it holds
    against, with the strong field's bot filled in from ``playtest.STRONG_FIELD``."""
    from headcount_lab.analysis.headcount.playtest import STRONG_FIELD

    for folder, finding, holds in (("headcount", "**Finding.**", "*Holds against: "),
                                   ("kopfrechnen", "**Ergebnis.**", "*Gilt gegen: ")):  # fmt: skip
        md = (reports / folder / "README.md").read_text(encoding="utf-8")
        lines = md.split("\n")
        findings = [ln for ln in lines if ln.startswith(finding)]
        designer = [ln for ln in lines if ln[:1].isdigit() and ". **" in ln[:6]]
        assert len(findings) >= 11 and len(designer) >= 10
        for ln in findings + designer:
            assert holds in ln, ln[:80]
        assert f"`{STRONG_FIELD}` " in md


def test_german_tables_have_german_headers_and_decimal_commas(reports):
    """Issue 11: the German report's tables name their columns in German and write numbers
    with a decimal comma, as its prose does (bots' specs, which the command line reads, keep
    theirs); the CSV files keep the plain names."""
    from headcount_lab.core.words import texts

    lines = (reports / "kopfrechnen" / "README.md").read_text(encoding="utf-8").split("\n")
    rows = [ln for ln in lines if ln.startswith("| ")]
    headers = {ln for ln, nxt in zip(lines, lines[1:], strict=False) if nxt.startswith("|---")}
    assert len(headers) >= 12
    columns = texts("headcount")["de"]["columns"]
    english = set(columns) - set(columns.values())
    # issue 22 item 5: a header the words file does not know slips through the check above,
    # so every plain lower-case name must be German or a name typed as code (a rule flag)
    typed = {"n", "k", "fair", "next_start"}
    for h in headers:
        cells = {c.strip() for c in h.strip("|").split("|")}
        assert not cells & english, cells & english
        raw = {c for c in cells if re.fullmatch(r"[a-z0-9_]+", c)} - typed - set(columns.values())
        assert not raw, raw
    cells = [c.strip() for ln in rows if ln not in headers for c in ln.strip("|").split("|")]
    assert not [c for c in cells if re.fullmatch(r"[-+]?\d+\.\d+", c)]
    assert any(re.fullmatch(r"-?\d+,\d+", c) for c in cells)
    # a bot's spec is what the command line reads, so it keeps its decimal points
    assert any(c.startswith("responder:call=0.") for c in cells)
    assert not {"standard", "trickster", "double", "mixed field"} & set(cells)
    assert "visible_sum" in (reports / "kopfrechnen" / "q1_safe_bids_by_view.csv").read_text()
    # one word names the call, the German edition's „Nachzählen!“, never a second verb for it
    assert "Anzweifeln" not in "\n".join(lines) and "Nachzählen!" in "\n".join(lines)


def test_calls_in_play_stand_beside_the_exact_card_only_odds(reports):
    """Issue 11, when to call: the strong field's calls by gap with Wilson intervals, and for
    each gap the exact card-only chance of the same gap (the odds table's value)."""
    out = reports / "headcount"
    play = pd.read_csv(out / "q2_calls_in_play.csv")
    exact = pd.read_csv(out / "q2_call_odds_by_gap.csv")
    exact = exact[(exact["variant"] == "standard") & (exact["special_seen"] == "none")]
    exact = exact.set_index(["players", "gap"])["p_call_wins"]
    assert not play.empty and (play["n"] >= 30).all()
    assert ((play["lo"] <= play["value"]) & (play["value"] <= play["hi"])).all()
    for _, r in play.iterrows():
        assert r["exact"] == pytest.approx(exact.loc[(r["players_left"], r["gap"])], abs=0)
    assert "q2_calls_in_play.png" in (out / "README.md").read_text(encoding="utf-8")


def test_games_needed_reach_the_power_and_the_heads_up_values_come_from_the_solver(reports):
    from headcount_lab.core.stats import sign_test_power
    from headcount_lab.research.headcount.headsup_values import PEEKS

    out = reports / "headcount"
    wins = pd.read_csv(out / "q8_win_rates.csv").set_index("bot")
    need = pd.read_csv(out / "q8_games_needed.csv")
    for _, r in need.dropna(subset=["games_to_show_better"]).iterrows():
        pa, pb = wins.loc[r["better"], "value"], wins.loc[r["other"], "value"]
        assert sign_test_power(pa, pb, int(r["games_to_show_better"])) >= 0.8
    hu = pd.read_csv(out / "q11_heads_up_exact.csv")
    assert set(hu["peeks"]) == set(PEEKS)
    assert ((hu["lo"] <= hu["start_player_loses"]) & (hu["start_player_loses"] <= hu["hi"])).all()


def test_q12_shows_the_leak_of_equilibrium_bids_to_the_bayesian_responder(reports):
    """Issue 22 item 1: against three `equilibrium` seats the exact Bayesian responder reads its
    own card from their bids; the report's q12 says so beside the tuned responder."""
    out = reports / "headcount"
    bayes = pd.read_csv(out / "q12_bayes.csv")
    eq = bayes[(bayes["bot"] == "equilibrium") & (bayes["players"] == 4)
               & (bayes["variant"] == "standard")].iloc[0]  # fmt: skip
    assert eq["bayes_gain_low_pp"] > 20  # about +49 points at full size
    md = (out / "README.md").read_text(encoding="utf-8")
    q12 = next(p for p in md.split("\n## ") if p.startswith("12."))
    assert "`equilibrium`'s bids give its view away" in q12
    assert "bayes:field=equilibrium" in q12
