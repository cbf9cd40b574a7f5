"""The rule lab of the reports (issue 23 item 5): every house-rule flag is judged, the stored
runs are checked before use, and the designer's verdict follows its written rule."""

from __future__ import annotations

import dataclasses
import json
import re

import pandas as pd
import pytest

from headcount_lab.analysis import rulelab as R
from headcount_lab.core.words import texts
from headcount_lab.games import GAMES


@pytest.mark.parametrize("game", sorted(R.labbed()))
def test_every_flag_is_judged_or_exempt_with_a_reason(game):
    spec = GAMES[game]
    flags = {f.name for f in dataclasses.fields(spec.load("rules"))}
    judged = {a.partition("=")[0] for ch in R.lab(game).changes.values() for a in ch}
    exempt = set(R.lab(game).exempt)
    assert flags - judged - exempt == set(), "a flag the lab neither judges nor exempts"
    assert judged & exempt == set()
    assert judged | exempt <= flags, "a name that is not a flag of the rules"
    assert all(R.lab(game).exempt.values())


@pytest.mark.parametrize("game", sorted(R.labbed()))
def test_every_change_is_valid_and_changes_the_rules(game):
    spec = GAMES[game]
    base = spec.make_rules(None, [], 4)
    for name, assignments in R.lab(game).changes.items():
        assert spec.make_rules(None, list(assignments), 4) != base, name


def _rows(change, **metrics):
    """A tidy table of one change: metric -> (base, diff, lo, hi), as players who adapted."""
    out = []
    for m, (base, diff, lo, hi) in metrics.items():
        out.append({"change": change, "rules": change, "metric": m, "unit": "share of a win",
                    "base": base, "changed": base + diff, "diff": diff, "lo": lo, "hi": hi,
                    "adapted_base": base, "adapted_changed": base + diff, "adapted_diff": diff,
                    "adapted_lo": lo, "adapted_hi": hi})  # fmt: skip
    return out


def test_verdicts_follow_the_written_rule():
    table = pd.DataFrame(
        _rows("more_skill", skill_spread=(0.2, 0.05, 0.01, 0.09), length=(10, 1, 0.5, 1.5))
        + _rows("less_skill", skill_spread=(0.2, -0.05, -0.09, -0.01))
        + _rows("both", skill_spread=(0.2, 0.05, 0.01, 0.09), seat_spread=(0.02, 0.03, 0.01, 0.05))
        + _rows("nothing", skill_spread=(0.2, 0.01, -0.02, 0.04))
        # real but under a percentage point: too small to change a rule for
        + _rows("tiny", skill_spread=(0.2, 0.005, 0.001, 0.009))
        # the start player favoured (+0.04): a fall to +0.01 helps, a fall to -0.07 does not
        + _rows("fairer_start", start_advantage=(0.04, -0.03, -0.05, -0.01))
        + _rows("overshoot", start_advantage=(0.04, -0.11, -0.13, -0.09))
        + _rows("less_fair", start_advantage=(0.04, 0.03, 0.01, 0.05))
    )
    got = {d.change: (d.decision, d.helps, d.hurts) for d in R.decide(table, R.judged("poohead"))}
    assert got["more_skill"] == (R.ADOPT, ("skill_spread",), ())
    assert got["less_skill"] == (R.REJECT, (), ("skill_spread",))
    assert got["both"] == (R.TRADE_OFF, ("skill_spread",), ("seat_spread",))
    assert got["nothing"][0] == R.NO_EFFECT
    assert got["tiny"][0] == R.NO_EFFECT
    assert got["fairer_start"][0] == R.ADOPT
    assert got["overshoot"][0] == R.NO_EFFECT  # nearer the other side, not nearer zero
    assert got["less_fair"][0] == R.REJECT


def test_adapting_can_move_the_verdict():
    rows = _rows("x", skill_spread=(0.2, -0.05, -0.09, -0.01))
    for r in rows:  # the players as they are lose skill; those who adapted do not
        r.update(adapted_diff=0.0, adapted_lo=-0.02, adapted_hi=0.02, adapted_changed=0.2)
    (d,) = R.decide(pd.DataFrame(rows))
    assert (d.as_is, d.decision, d.adapted) == (R.REJECT, R.NO_EFFECT, True)


def test_load_refuses_missing_stale_and_short_files(tmp_path):
    with pytest.raises(ValueError, match="scripts/rule_lab.py whist"):
        R.load("whist", 1, tmp_path)
    path = R.path_of("whist", 1, tmp_path)
    path.write_text("{", encoding="utf-8")
    with pytest.raises(ValueError, match="not a rule-lab file"):
        R.load("whist", 1, tmp_path)
    path.write_text(json.dumps({"schema": R.SCHEMA, "rules_version": 0, "runs": {}}), "utf-8")
    with pytest.raises(ValueError, match="stale"):
        R.load("whist", 1, tmp_path)
    path.write_text(json.dumps({"schema": R.SCHEMA, "rules_version": 1, "runs": {}}), "utf-8")
    with pytest.raises(ValueError, match="lacks the changes no_restriction"):
        R.load("whist", 1, tmp_path)


@pytest.mark.parametrize("game", sorted(R.labbed()))
def test_the_stored_runs_render_in_every_language(game):
    spec = GAMES[game]
    stored = R.load(game, spec.version)
    table = R.tidy(stored, game)
    assert list(table["change"].unique()) == list(R.lab(game).changes)
    check = None
    if R.lab(game).check:  # the competent field's set: every change, the committed field
        check = R.tidy(R.load(game, spec.version, tag=R.lab(game).check), game)
        assert list(check["change"].unique()) == list(R.lab(game).changes)
        assert set(R.about(check)["field"]) == set(R.competent_members(game, 4))
    for lang, t in texts("rulelab").items():
        qs = R.questions(game, table, lang, t, "`x.csv`", "{n}. {text}", 7, check)
        if check is not None:
            assert t["col_competent"] in qs[0].parts[0].df.columns
        text = " ".join(str(p) for q in qs for p in (q.title, q.method, q.finding, *q.parts))
        assert not re.search(r"\{[a-z_]+\}", text), "a placeholder left unfilled"
        assert qs[0].title.startswith("7. ") and qs[1].title.startswith("8. ")


def test_the_competent_check_is_shown_beside_and_named_where_it_differs():
    # issue 22 item 5 / issue 23 item 5: where the main runs are played by a cheaper field, the
    # competent field's verdict on each change stands beside it, and the designer's list says
    # where the two differ
    game = "foolish"
    table = R.tidy(R.load(game, GAMES[game].version), game)
    members = " ".join(R.competent_members(game, 4))
    check = table.assign(field=members, games=600, commands="python scripts/rule_lab.py x")
    directions = R.judged(game)
    first = next(d for d in R.decide(table, directions) if d.decision != R.NO_EFFECT)
    rows = check["change"] == first.change
    check.loc[rows, ["diff", "lo", "hi"]] = 0.0  # the check sees no effect of this change
    t = texts("rulelab")["en"]
    q1, q2 = R.questions(game, table, "en", t, "`x.csv`", "{n}. {text}", 7, check)
    shown = q1.parts[0].df
    col = shown[t["col_competent"]].tolist()
    assert col[list(R.lab(game).changes).index(first.change)] == t["decisions"][R.NO_EFFECT]
    others = [d for d in R.decide(table, directions) if d.change != first.change]
    assert [c for i, c in enumerate(col) if list(R.lab(game).changes)[i] != first.change] == [
        t["decisions"][d.decision] for d in others
    ]
    agree = f"on {len(others)} of {len(others) + 1} changes"
    assert agree in q1.method and members.split()[0] in q1.method
    note = t["check_differs"].format(verdict=t["decisions"][R.NO_EFFECT])
    assert q2.parts[0].count(note) == 1  # named once, at the change that differs
    with pytest.raises(ValueError, match="not played by the competent field"):
        R.questions(game, table, "en", t, "`x.csv`", "{n}. {text}", 7, table)


def test_the_headcount_verdicts_say_how_exploitable_their_field_is():
    # issue 22: the rule lab's field is the committed competent field, which the Bayesian
    # meter (question 12) beats by about 49 pp; the finding says so, with the meter's interval
    from types import SimpleNamespace

    from headcount_lab.analysis.headcount import house_rules as H
    from headcount_lab.analysis.headcount.exploitability import BAYES_TABLE
    from headcount_lab.core.report import points

    table = R.tidy(R.load("headcount", GAMES["headcount"].version), "headcount")
    bayes = pd.DataFrame([{"bot": "equilibrium", "players": 4, "variant": "standard",
                           "bayes_gain_pp": 41.25, "bayes_gain_low_pp": 40.0,
                           "bayes_gain_high_pp": 42.5}])  # fmt: skip
    for lang in ("en", "de"):
        w = SimpleNamespace(lang=lang, tables={H.TABLE: table, BAYES_TABLE: bayes})
        finding = H.render(w)[0].finding
        assert all(points(x, lang) in finding for x in (0.4125, 0.40, 0.425)), finding
        assert "bayes:field=equilibrium" in finding
    other = table.assign(field="odds")  # a field the meter's row is not about: nothing said
    w = SimpleNamespace(lang="en", tables={H.TABLE: other, BAYES_TABLE: bayes})
    assert "bayes:field" not in H.render(w)[0].finding


def _resolved_set(game: str, other: str | None) -> dict:
    """A stored --resolve set of ``game``: the committed field kept under every change but
    ``other``, under which a re-solve crowns `random`."""
    members = R.competent_members(game, 4)
    keep = {"support": [{"bot": b, "weight": 1.0 / len(members)} for b in members],
            "members": [*members, "random"], "games_per_profile": 24,
            "regret_ci95": [0.0, 0.031]}  # fmt: skip
    runs = {}
    for name in R.lab(game).changes:
        changed = {**keep, "support": [{"bot": "random", "weight": 1.0}]} if name == other else keep
        runs[name] = {"base": keep, "changed": changed}
    return {
        "settings": {"players": 4, "resolve": "quick"},
        "runs": runs,
        "commands": [f"python scripts/rule_lab.py {game} --resolve quick --tag resolved"],
    }


def test_a_change_whose_re_solved_field_is_another_is_named():
    from headcount_lab.core.report import points

    # issue 23 item 4: where re-solving the competent field under a change crowns other
    # members, the table's column and the designer's list say so, with the field it calls for
    game = "poohead"
    table = R.tidy(R.load(game, GAMES[game].version), game)
    other = list(R.lab(game).changes)[2]
    resolved = R.tidy_resolved(_resolved_set(game, other), game)
    assert resolved["kept"].tolist() == [name != other for name in R.lab(game).changes]
    for lang, t in texts("rulelab").items():
        q1, q2 = R.questions(game, table, lang, t, "`x.csv`", "{n}. {text}", 7, None, resolved)
        col = q1.parts[0].df[t["col_resolved"]].tolist()
        assert col == [
            t["resolved_other" if n == other else "resolved_kept"] for n in R.lab(game).changes
        ]
        note = t["resolved_differs"].format(support="`random` (1.00)")
        assert q2.parts[0].count(note) == 1
        changes = len(R.lab(game).changes)
        assert f"{changes - 1}" in q1.method and "--resolve quick" in q1.reproduce
        assert points(0.031, lang).lstrip("+") in q1.method  # the re-solves' widest regret
        assert not re.search(r"\{[a-z_]+\}", q1.method + q2.parts[0])


@pytest.mark.parametrize("game", [g for g in sorted(R.labbed()) if R.lab(g).resolved])
def test_the_stored_re_solves_cover_every_change_under_both_rule_sets(game):
    stored = R.load(game, GAMES[game].version, tag=R.lab(game).resolved)
    assert stored["settings"]["resolve"] in ("quick", "full")
    for name in R.lab(game).changes:
        for arm in ("base", "changed"):
            weights = [m["weight"] for m in stored["runs"][name][arm]["support"]]
            assert weights and sum(weights) == pytest.approx(1.0)


def test_the_competent_check_replayed_with_adapted_players_gives_their_verdict():
    # issue 23 items 4-5: under a change whose re-solved field is another, the competent check's
    # games are played again with that field (compare --adapt); its run takes the change's place
    # in the check, the check's verdict there is the adapted one, and the method says so
    import copy

    game = "foolish"
    version = GAMES[game].version
    check = R.load(game, version, tag=R.lab(game).check)
    other = list(R.lab(game).changes)[2]
    run = copy.deepcopy(check["runs"][other])
    # players who adapted: every judged metric of the change flat (no effect)
    run["adapted_metrics"] = [{**m, "diff": 0.0, "ci95": [-0.001, 0.001]} for m in run["metrics"]]
    adapted = {"runs": {other: run}, "commands": ["python scripts/rule_lab.py foolish --adapt"]}
    both = R.replayed(check, adapted)
    assert both["runs"][other] is run and both["commands"][-1] == adapted["commands"][0]
    assert all(both["runs"][n] is check["runs"][n] for n in R.lab(game).changes if n != other)
    table = R.tidy(R.load(game, version), game)
    checked = R.tidy(both, game)
    verdicts = {d.change: d for d in R.decide(checked, R.judged(game))}
    assert verdicts[other].adapted and verdicts[other].decision == R.NO_EFFECT
    assert not any(d.adapted for n, d in verdicts.items() if n != other)
    resolved = R.tidy_resolved(_resolved_set(game, other), game)
    for lang, t in texts("rulelab").items():
        q1, q2 = R.questions(game, table, lang, t, "`x.csv`", "{n}. {text}", 7, checked, resolved)
        assert t["resolved_adapted"] in q1.method and t["resolved_as_is"] not in q1.method
        # the designer's list gives both of the competent field's verdicts where they differ
        as_is = verdicts[other].as_is
        assert as_is != R.NO_EFFECT
        note = t["check_adapted_differs"].format(
            verdict=t["decisions"][R.NO_EFFECT], as_is=t["decisions"][as_is], reason=""
        )
        assert q2.parts[0].count(note) == 1
        # and the finding names the change whose verdict adapting moved
        item = t["moved_item"].format(rules=verdicts[other].rules, was=t["decisions"][as_is],
                                      now=t["decisions"][R.NO_EFFECT])  # fmt: skip
        assert t["check_moved"].format(items=item) in q1.finding
        q1, _ = R.questions(game, table, lang, t, "`x.csv`", "{n}. {text}", 7, R.tidy(check, game),
                            resolved)  # fmt: skip
        assert t["resolved_as_is"] in q1.method and t["resolved_adapted"] not in q1.method
        assert q1.finding.startswith(t["not_adapted"])  # not replayed: nothing said of adapting
        kept_all = R.tidy_resolved(_resolved_set(game, None), game)
        q1, _ = R.questions(game, table, lang, t, "`x.csv`", "{n}. {text}", 7, R.tidy(check, game),
                            kept_all)  # fmt: skip
        assert t["check_none_moved"] in q1.finding
    # a replay of other games (its players as they are differ) is refused
    run["metrics"] = [{**m, "diff": m["diff"] + 1} for m in run["metrics"]]
    with pytest.raises(ValueError, match="did not play the competent check's games"):
        R.replayed(check, adapted)


def test_the_stored_adapted_replays_cover_the_changes_that_call_for_another_field():
    adapted = {g: R.lab(g).check_adapted for g in R.labbed() if R.lab(g).check_adapted}
    assert adapted  # Foolish Faces keeps one (issue 23)
    for game, tag in adapted.items():
        version = GAMES[game].version
        resolved = R.tidy_resolved(R.load(game, version, tag=R.lab(game).resolved), game)
        others = [str(c) for c in resolved.loc[~resolved["kept"], "change"]]
        stored = R.load(game, version, tag=tag, changes=others)
        assert sorted(stored["runs"]) == sorted(others)
        both = R.replayed(R.load(game, version, tag=R.lab(game).check), stored)
        assert all(both["runs"][n].get("adapted_metrics") for n in others)


def test_a_lab_is_read_from_its_game_when_asked():
    # issue 25: the rule lab lives in each game's metrics; importing the report layer's module
    # loads none of them, and a game without a lab is refused by name
    import subprocess
    import sys

    code = (
        "import sys, headcount_lab.analysis.rulelab; "
        "print(sorted(m for m in sys.modules if m.endswith('.metrics')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert R.labbed() == [g for g in GAMES if GAMES[g].metrics and GAMES[g].load("metrics").lab]
    assert set(R.labbed()) == {"headcount", "whist", "foolish", "poohead"}
    with pytest.raises(KeyError):
        R.lab("no-such-game")
