"""The rule lab in the reports (issue 23 item 5): every house rule of a game judged by
``GAME compare``, by the players as they are and by players who adapted to it.

Each game declares its list (:class:`~headcount_lab.core.compare.RuleLab`, the ``lab`` of its
designer metrics in ``games/GAME/metrics.py``), read here through :func:`lab`: every rule change
the report judges; every flag of the game's rules dataclass appears in its ``changes``, or in
its ``exempt`` with the reason it is not a rule a designer chooses
(``tests/analysis/test_rulelab.py`` checks both). ``scripts/rule_lab.py GAME`` runs ``compare``
once per change, on the same seed, and stores the JSON of every run with its
command line in ``data/rule-lab-GAME-v<rules version>.json``; the reports read that file, so
``make report`` does not play the changes again.

:func:`tidy` turns the stored runs into one table (a row per change and metric), and
:func:`decide` reads the designer's verdict off it, with a fixed rule written here once:

- a change *helps* through a metric when its 95% interval leaves out zero on the good side and
  it moves by at least :data:`MIN_EFFECT` (1 pp for a share):
  ``skill_spread`` up (skill counts for more), ``seat_spread`` down, the start advantage nearer
  zero, ``stalls`` down, and the game's own fairness measures (``RuleLab.judged``) nearer
  zero (:func:`judged`);
- it *hurts* through a metric when the interval leaves out zero on the bad side;
- **adopt**: helps and hurts nowhere; **reject**: hurts and helps nowhere; **trade-off**: both;
  **no effect**: neither (then the printed rules, being simpler to teach, stay).

The verdict is read off the players who adapted where the run has them, and off the players as
they are otherwise; where both exist and the verdicts differ, the report says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from headcount_lab.core.compare import RuleLab
from headcount_lab.core.paths import FIELD_DATA, read_committed_json
from headcount_lab.games import GAMES

SCHEMA = "headcount-lab-rule-lab/1"
DATA = FIELD_DATA  #: the committed data folder, where the fields and the stored runs live


def _declared(game: str) -> RuleLab | None:
    spec = GAMES[game]
    return spec.load("metrics").lab if spec.metrics else None


def lab(game: str) -> RuleLab:
    """``game``'s rule lab, as its designer metrics declare it (``GameMetrics.lab``); a game
    without one is refused (ValueError). Read when asked, so importing this module loads no
    game's metrics."""
    found = _declared(game)
    if found is None:
        raise ValueError(f"{game} declares no rule lab (GameMetrics.lab)")
    return found


def labbed() -> list[str]:
    """The shipped games that declare a rule lab, in the registry's order."""
    return [g for g in GAMES if _declared(g) is not None]


#: the smallest change of a judged metric that counts (a designer would not change a rule for
#: less): a share of a win 1 pp, a stall a hundredth a game, the Whist dealer 0.1 point a hand
MIN_EFFECT: dict[str, float] = {"stalls": 0.01, "dealer_cost": 0.1}
DEFAULT_MIN_EFFECT = 0.01
#: a change of a game's length the designer's list names: at least this share of the length
LENGTH_SHARE = 0.01

#: the metrics the verdict reads: name -> the good direction (+1 up, -1 down, 0 nearer zero)
JUDGED: dict[str, int] = {
    "skill_spread": +1,
    "seat_spread": -1,
    "start_advantage": 0,
    "stalls": -1,
}


ADOPT, REJECT, TRADE_OFF, NO_EFFECT = "adopt", "reject", "trade-off", "no effect"


def path_of(game: str, version: int, data: Path = DATA, tag: str = "") -> Path:
    """The stored runs of ``game``; a ``tag`` names a second set played by another field."""
    return data / f"rule-lab-{game}{'-' + tag if tag else ''}-v{version}.json"


def load(game: str, version: int, data: Path = DATA, tag: str = "",
         changes: list[str] | None = None) -> dict[str, Any]:  # fmt: skip
    """The stored runs of ``game`` (``tag``: a second set, such as ``RuleLab.check``), refused
    (ValueError, naming the command that rebuilds them) if missing, damaged, of another rules
    version or short of a change of the lab (or of ``changes``, where given)."""
    path = path_of(game, version, data, tag)
    again = "run python scripts/rule_lab.py " + game + (f" ... --tag {tag}" if tag else "")
    stored = read_committed_json(path, schema=SCHEMA, version=version, what="rule-lab file",
                                 again=again)  # fmt: skip
    missing = [k for k in (lab(game).changes if changes is None else changes)
               if k not in stored.get("runs", {})]  # fmt: skip
    if missing:
        raise ValueError(f"{path} lacks the changes {', '.join(missing)}: {again}")
    return stored


def replayed(check: dict[str, Any], adapted: dict[str, Any]) -> dict[str, Any]:
    """The check's stored runs with the runs of ``adapted`` (``RuleLab.check_adapted``) in their
    places and its command added; refused (ValueError) where an adapted run's players as they
    are did not play exactly the check's games (a replay of other games, or a stale check)."""
    runs = dict(check["runs"])
    for name, run in adapted["runs"].items():
        if name not in runs or run["metrics"] != runs[name]["metrics"]:
            raise ValueError(f"the adapted replay of {name} did not play the competent check's "
                             "games: run both again with the same --games and --seed")  # fmt: skip
        runs[name] = run
    return {**check, "runs": runs, "commands": [*check["commands"], *adapted["commands"]]}


def competent_members(game: str, players: int) -> list[str]:
    """The members (weight above zero) of the committed competent field that ``competent``
    plays at ``players`` under the default rules (:func:`headcount_lab.core.competent.resolve`,
    canonical specs); empty if the game commits none."""
    from headcount_lab.core.competent import resolve

    spec = GAMES[game]
    try:
        mix = resolve(spec, players, spec.make_rules(None, [], players))
    except ValueError:
        return []
    return sorted(mix.members)


def _canonical(game: str, bots: list[str]) -> list[str]:
    """The distinct bots of ``bots`` as canonical specs, sorted (one spelling per bot)."""
    from headcount_lab.games import GAMES

    menu = GAMES[game].load("bots")
    return sorted({menu.parse(b).canonical for b in bots})


def _field_of(game: str, run: dict[str, Any]) -> list[str]:
    """The distinct bots a stored run seated (canonical, sorted); ``competent`` seats are read
    as the committed field's members the run recorded."""
    from headcount_lab.core.competent import is_competent

    bots = [b for b in run["field"]["bots"] if not is_competent(b)]
    if len(bots) < len(run["field"]["bots"]):
        bots += [m["bot"] for m in run["competent"]["members"] if m["weight"] > 0]
    return _canonical(game, bots)


def about(table: pd.DataFrame) -> dict[str, Any]:
    """What the report's text quotes beyond the metrics, read back from :func:`tidy`'s table
    (whose every row carries the run's settings): the settings, commands, unit and field."""
    r = table.iloc[0]
    adapt = r["adapt"] if isinstance(r["adapt"], str) and r["adapt"] else None
    return {
        "settings": {"games": int(r["games"]), "seed": int(r["seed"]),
                     "players": int(r["players"]), "adapt": adapt},
        "commands": str(r["commands"]).split(" ; "),
        "unit": str(r["unit_of_play"]),
        "field": str(r["field"]).split(" "),
        "competent": str(r["competent"]).split(" ") if isinstance(r["competent"], str) else [],
    }  # fmt: skip


def _support(arm: dict[str, Any]) -> str:
    return "; ".join(f"{m['bot']} {m['weight']:.2f}" for m in arm["support"])


def _named(support: str) -> str:
    """A stored support (``spec weight; ...``) as the text prints it: each spec in backticks,
    its weight in brackets."""
    pairs = (x.rpartition(" ") for x in support.split("; "))
    return ", ".join(f"`{b}` ({w})" for b, _, w in pairs)


def tidy_resolved(stored: dict[str, Any], game: str) -> pd.DataFrame:
    """One row per change (in the lab's order): the competent field re-solved under the base
    rules and under the change (``scripts/rule_lab.py --resolve``), each support as ``spec
    weight`` pairs, and whether the change's support is the committed field's (``kept``)."""
    s = stored["settings"]
    committed = set(competent_members(game, s["players"]))
    rows = []
    for name, assignments in lab(game).changes.items():
        run = stored["runs"][name]
        rows.append({
            "change": name, "rules": " ".join(assignments),
            "base_support": _support(run["base"]), "changed_support": _support(run["changed"]),
            "kept": {m["bot"] for m in run["changed"]["support"]} == committed,
            "base_kept": {m["bot"] for m in run["base"]["support"]} == committed,
            "members": " ".join(run["changed"]["members"]),
            "regret_hi": max(run[a]["regret_ci95"][1] for a in ("base", "changed")),
            "games_per_profile": run["changed"]["games_per_profile"],
            "budget": s["resolve"], "players": s["players"],
            "commands": " ; ".join(stored["commands"]),
        })  # fmt: skip
    return pd.DataFrame(rows)


def _verdict(ci: list[float] | None) -> str:
    if ci is None or any(v is None or v != v for v in ci):  # no interval (None, or NaN read back)
        return "-"
    return "up" if ci[0] > 0 else "down" if ci[1] < 0 else "no change"


def tidy(stored: dict[str, Any], game: str) -> pd.DataFrame:
    """One row per change (in the lab's order) and metric: the base and changed values, the
    paired difference with its 95% interval, for the players as they are and (``adapted_*``,
    empty when the run did not adapt) for players who adapted."""
    rows = []
    s = stored["settings"]
    first = next(iter(stored["runs"].values()))
    settings = {"games": s["games"], "seed": s["seed"], "players": s["players"],
                "adapt": s["adapt"] or "", "unit_of_play": first["unit"],
                "field": " ".join(_field_of(game, first)),
                "competent": " ".join(competent_members(game, s["players"])),
                "commands": " ; ".join(stored["commands"])}  # fmt: skip
    for name, assignments in lab(game).changes.items():
        run = stored["runs"][name]
        after = {m["name"]: m for m in run.get("adapted_metrics") or []}
        adapt = run.get("adapt") or {}
        changed_field = (adapt.get("fields") or [{}])[-1]
        for m in run["metrics"]:
            rows.append(
                {
                    "change": name,
                    "rules": " ".join(assignments),
                    "metric": m["name"],
                    "unit": run["units"].get(m["name"], ""),
                    **_measured(m),
                    **_measured(after.get(m["name"]), "adapted_"),
                    # adapting left the players as they are (search bots, rules of thumb)
                    "same_players": bool(adapt.get("same_players", False)),
                    "adapt_how": str(changed_field.get("how", "")),
                    **settings,
                }
            )
    return pd.DataFrame(rows)


def _measured(m: dict[str, Any] | None, prefix: str = "") -> dict[str, Any]:
    """A metric's base and changed values and their paired difference with its interval and
    verdict, as :func:`tidy`'s columns named with ``prefix`` (every one ``None`` without it)."""
    ci = None if m is None else m["ci95"]
    out = {k: None if m is None else m[k] for k in ("base", "changed", "diff")}
    out |= {"lo": None if ci is None else ci[0], "hi": None if ci is None else ci[1]}
    out["verdict"] = None if m is None else _verdict(ci)
    return {prefix + k: v for k, v in out.items()}


@dataclass(frozen=True)
class Decision:
    """The designer's verdict on one change: ``decision`` from the players who adapted where
    the run has them (``as_is``: from the players as they are), and the metrics behind it."""

    change: str
    rules: str
    decision: str
    as_is: str
    adapted: bool
    helps: tuple[str, ...]
    hurts: tuple[str, ...]


def _sides(metric: str, base: float | None, diff: float | None, lo: float | None,
           hi: float | None, good: int) -> int:  # fmt: skip
    """+1 if the interval says the change helps through this metric, -1 if it hurts, else 0."""
    if diff is None or lo is None or hi is None or base is None:
        return 0
    if abs(diff) < MIN_EFFECT.get(metric, DEFAULT_MIN_EFFECT):
        return 0  # real, perhaps, but too small to change a rule for
    if good == 0:  # nearer zero is better: judged against the base's sign
        toward = -1 if base > 0 else +1
        if (toward < 0 and hi < 0) or (toward > 0 and lo > 0):
            return +1 if abs(base + diff) < abs(base) else 0
        if (toward < 0 and lo > 0) or (toward > 0 and hi < 0):
            return -1
        return 0
    if lo > 0:
        return +1 if good > 0 else -1
    if hi < 0:
        return -1 if good > 0 else +1
    return 0


def judged(game: str) -> dict[str, int]:
    """The metrics the verdict on ``game``'s rules reads, with their good directions (+1 up,
    -1 down, 0 nearer zero): :data:`JUDGED` but the lab's ``not_judged``, and its own
    ``judged``."""
    own = lab(game)
    return {**{m: g for m, g in JUDGED.items() if m not in own.not_judged}, **own.judged}


def _decide(rows: pd.DataFrame, prefix: str, directions: dict[str, int]
            ) -> tuple[str, tuple[str, ...], tuple[str, ...]]:  # fmt: skip
    helps: list[str] = []
    hurts: list[str] = []
    for _, r in rows.iterrows():
        if r["metric"] not in directions:
            continue
        s = _sides(r["metric"], r[f"{prefix}base"], r[f"{prefix}diff"], r[f"{prefix}lo"],
                   r[f"{prefix}hi"], directions[r["metric"]])  # fmt: skip
        (helps if s > 0 else hurts if s < 0 else []).append(r["metric"])
    decision = (TRADE_OFF if helps and hurts else ADOPT if helps else REJECT if hurts
                else NO_EFFECT)  # fmt: skip
    return decision, tuple(helps), tuple(hurts)


def decide(table: pd.DataFrame, directions: dict[str, int] = JUDGED) -> list[Decision]:
    """The verdict on every change of :func:`tidy`'s table (the rule in the module's doc), from
    the metrics of ``directions`` (:func:`judged` of the game)."""
    out = []
    for change, rows in table.groupby("change", sort=False):
        as_is, helps, hurts = _decide(rows, "", directions)
        adapted = rows["adapted_diff"].notna().any()
        if adapted:
            decision, helps, hurts = _decide(rows, "adapted_", directions)
        else:
            decision = as_is
        out.append(Decision(str(change), str(rows["rules"].iloc[0]), decision, as_is,
                            bool(adapted), helps, hurts))  # fmt: skip
    return out


# --- the report's questions -----------------------------------------------------------------


def _shown(x: float | None, unit: str, lang: str, sign: bool = True) -> str:
    """A metric's value or difference: percentage points for shares, else two decimals."""
    from headcount_lab.core.report import number, points

    if x is None or x != x:
        return "-"
    if "share" in unit:
        return points(x, lang) if sign else number(100 * x, lang, 1)
    return number(x, lang, 2, sign=sign)


def _with_ci(r: Any, prefix: str, lang: str) -> str:
    if r[f"{prefix}diff"] is None or r[f"{prefix}diff"] != r[f"{prefix}diff"]:
        return "-"
    unit = r["unit"]
    lo, hi = r[f"{prefix}lo"], r[f"{prefix}hi"]
    ci = "" if lo is None or lo != lo else (
        f" [{_shown(lo, unit, lang)}, {_shown(hi, unit, lang)}]"
    )  # fmt: skip
    return _shown(r[f"{prefix}diff"], unit, lang) + ci


def summary_table(table: pd.DataFrame, decisions: list[Decision], t: dict[str, Any],
                  lang: str, shown: list[str], checked: dict[str, Decision] | None = None,
                  kept: dict[str, bool] | None = None) -> pd.DataFrame:  # fmt: skip
    """The README's table: per change, the judged metrics' differences (players who adapted
    where the run has them, else as they are), the length, both verdicts and, with
    ``checked``, the competent field's verdict (``RuleLab.check``); with ``kept``, whether the
    competent field re-solved under the change is the same field (``RuleLab.resolved``)."""
    by = {d.change: d for d in decisions}
    rows = []
    for change, rows_of in table.groupby("change", sort=False):
        d = by[str(change)]
        prefix = "adapted_" if d.adapted else ""
        metric = {r["metric"]: r for _, r in rows_of.iterrows()}
        row = {t["col_rule"]: f"`{d.rules}`"}
        for name in shown:
            row[f"`{name}`"] = _with_ci(metric[name], prefix, lang) if name in metric else "-"
        row[t["col_as_is"]] = t["decisions"][d.as_is]
        row[t["col_adapted"]] = t["decisions"][d.decision] if d.adapted else "-"
        if checked is not None:
            row[t["col_competent"]] = t["decisions"][checked[d.change].decision]
        if kept is not None:
            row[t["col_resolved"]] = t["resolved_kept" if kept[d.change] else "resolved_other"]
        rows.append(row)
    return pd.DataFrame(rows)


def _reason(d: Decision, table: pd.DataFrame, t: dict[str, Any], lang: str) -> str:
    prefix = "adapted_" if d.adapted else ""
    rows = table[table["change"] == d.change].set_index("metric")
    moved = [*d.helps, *d.hurts]
    if "length" in rows.index:  # not judged, but the designer wants to know a longer game
        ln = rows.loc["length"]
        real = _verdict([ln[f"{prefix}lo"], ln[f"{prefix}hi"]]) in ("up", "down")
        if real and abs(ln[f"{prefix}diff"]) >= LENGTH_SHARE * abs(ln[f"{prefix}base"]):
            moved.append("length")
    parts = [t["metric_move"].format(metric=f"`{m}`", diff=_with_ci(rows.loc[m], prefix, lang))
             for m in moved]  # fmt: skip
    return t["list_sep"].join(parts)


def questions(game: str, table: pd.DataFrame, lang: str, t: dict[str, Any], files: str,
              title: str, first: int, check: pd.DataFrame | None = None,
              resolved: pd.DataFrame | None = None) -> list[Any]:  # fmt: skip
    """The report's two questions on the house rules, in ``lang`` (``t``: that language's
    ``[rulelab]`` words): the changes judged by ``compare``, and the designer's verdicts;
    numbered ``first`` and ``first + 1`` in the report's ``title`` format (``{n}``,
    ``{text}``). ``check``: :func:`tidy`'s table of the competent field's runs
    (``RuleLab.check``), whose verdicts are shown beside and named where they differ;
    ``resolved``: :func:`tidy_resolved`'s table (``RuleLab.resolved``), the competent field
    re-solved under each change, named where it is another field."""
    from headcount_lab.core import report as core
    from headcount_lab.core.report import number, points

    meta = about(table)
    directions = judged(game)
    decisions = decide(table, directions)
    adapted = any(d.adapted for d in decisions)
    s = meta["settings"]
    method = t["method"].format(
        changes=len(decisions), games=number(s["games"], lang, 0, group=True),
        unit=t["units"].get(meta["unit"], meta["unit"]), players=s["players"], seed=s["seed"],
        field=", ".join(f"`{b}`" for b in meta["field"]),
        adapt=(t["adapt_same"].format(how=table["adapt_how"].iloc[0])
               if adapted and table["same_players"].all()
               else t["adapt_yes"].format(budget=s["adapt"]) if adapted else t["adapt_no"]),
        judged=", ".join(f"`{m}`" for m in directions),
    )  # fmt: skip
    competent = ", ".join(f"`{b}`" for b in meta["competent"])
    if meta["competent"] and set(meta["competent"]) != set(meta["field"]):
        method += " " + t["not_competent"].format(competent=competent)
    checked: dict[str, Decision] | None = None
    if check is not None:
        checked = {d.change: d for d in decide(check, directions)}
        c = about(check)
        if set(c["field"]) != set(meta["competent"]):
            raise ValueError(f"the {game} rule lab's check was not played by the competent field")
        differ = [d for d in decisions if checked[d.change].decision != d.decision]
        method += " " + t["check"].format(
            competent=competent, games=number(c["settings"]["games"], lang, 0, group=True),
            unit=t["units"].get(c["unit"], c["unit"]), seed=c["settings"]["seed"],
            agree=len(decisions) - len(differ), changes=len(decisions),
        )  # fmt: skip
        commands = [*meta["commands"], *c["commands"]]
    else:
        commands = meta["commands"]
    kept: dict[str, bool] | None = None
    others: dict[str, str] = {}
    adapted_check = False
    if resolved is not None:
        kept = dict(zip(resolved["change"], resolved["kept"], strict=True))
        others = {str(r["change"]): _named(str(r["changed_support"]))
                  for _, r in resolved.iterrows() if not r["kept"]}  # fmt: skip
        r0 = resolved.iloc[0]
        method += " " + t["resolved"].format(
            budget=r0["budget"], members=", ".join(f"`{b}`" for b in str(r0["members"]).split()),
            games=int(r0["games_per_profile"]), kept=sum(kept.values()), changes=len(kept),
            base=_named(str(r0["base_support"])), competent=competent,
            regret=points(float(resolved["regret_hi"].max()), lang).lstrip("+"),
        )  # fmt: skip
        adapted_check = check is not None and all(
            check.loc[check["change"] == c, "adapted_diff"].notna().any() for c in others
        )
        method += " " + t["resolved_adapted" if others and adapted_check else "resolved_as_is"]
        commands = [*commands, *str(r0["commands"]).split(" ; ")]

    def changed_by_adapting(ds: list[Decision]) -> str:
        return t["list_sep"].join(
            t["moved_item"].format(rules=d.rules, was=t["decisions"][d.as_is],
                                   now=t["decisions"][d.decision]) for d in ds)  # fmt: skip

    moved = [d for d in decisions if d.adapted and d.as_is != d.decision]
    finding = (t["moved"].format(items=changed_by_adapting(moved)) if moved
               else t["none_moved"] if adapted else t["not_adapted"])  # fmt: skip
    if not adapted and kept is not None and checked is not None and (not others or adapted_check):
        # the cheaper field does not adapt; players who adapted are the competent field
        # re-solved, whose verdict is the check's where the field stays, the replay's elsewhere
        shifted = [c for c in checked.values() if c.adapted and c.as_is != c.decision]
        finding = t["resolved_finding"].format(
            kept=sum(kept.values()), changes=len(kept),
            replayed=t["resolved_replayed"] if others else "",
            moved=(t["check_moved"].format(items=changed_by_adapting(shifted)) if shifted
                   else t["check_none_moved"]),
        )  # fmt: skip
    finding += " " + t["holds"].format(field=", ".join(f"`{b}`" for b in meta["field"]))
    again = "; ".join(f"`{c}`" for c in commands)
    shown = summary_table(table, decisions, t, lang, [*directions, "length"], checked, kept)
    q1 = core.Question(title.format(n=first, text=t["title"]), method, finding,
                       (core.Table(shown),),
                       reproduce=t["reproduce"].format(commands=again, files=files))  # fmt: skip
    lines = []
    for kind in (ADOPT, TRADE_OFF, REJECT, NO_EFFECT):
        ds = [d for d in decisions if d.decision == kind]
        if not ds:
            continue
        items = t["list_sep"].join(
            f"`{d.rules}`" + (f" ({r})" if (r := _reason(d, table, t, lang)) else "")
            + _check_note(d, checked, t, check, lang)
            + (" " + t["resolved_differs"].format(support=others[d.change])
               if d.change in others else "")
            for d in ds
        )  # fmt: skip
        lines.append(t["designer"][kind].format(items=items))
    q2 = core.Question(title.format(n=first + 1, text=t["designer_title"]),
                       t["designer_method"], None, ("\n".join(lines),))  # fmt: skip
    return [q1, q2]


def _check_note(d: Decision, checked: dict[str, Decision] | None, t: dict[str, Any],
                check: pd.DataFrame | None = None, lang: str = "en") -> str:  # fmt: skip
    """`` (the competent field: reject)`` where the competent field's verdict differs; where
    that field's players who adapted (``RuleLab.check_adapted``) judge otherwise than as they are,
    both verdicts and the metrics behind the adapted one."""
    if checked is None:
        return ""
    c = checked[d.change]
    if c.adapted and c.as_is != c.decision and check is not None:
        return " " + t["check_adapted_differs"].format(
            verdict=t["decisions"][c.decision], as_is=t["decisions"][c.as_is],
            reason=_reason(c, check, t, lang),
        )  # fmt: skip
    if c.decision == d.decision:
        return ""
    return " " + t["check_differs"].format(verdict=t["decisions"][c.decision])


TABLE = "rule_lab"  #: the table's name in the reports of one language
CHECK = (
    "rule_lab_competent"  #: the competent field's runs (``RuleLab.check``), where a game has them
)
RESOLVED_TABLE = "rule_lab_resolved"  #: the re-solved fields (``RuleLab.resolved``)


def section(game: str) -> Any:
    """The report section (``--only rule_lab``) that reads the stored runs into :data:`TABLE`:
    no games are played, so it costs the same in a quick report."""
    from headcount_lab.core.report import Section

    def compute(opts: Any, res: Any, tick: Any) -> None:
        from headcount_lab.games import GAMES

        version = GAMES[game].version
        res.tables[TABLE] = tidy(load(game, version), game)
        own, resolved = lab(game), None
        if own.resolved:
            resolved = tidy_resolved(load(game, version, tag=own.resolved), game)
        if own.check:
            check = load(game, version, tag=own.check)
            if own.check_adapted and resolved is not None:
                others = [str(c) for c in resolved.loc[~resolved["kept"], "change"]]
                adapted = load(game, version, tag=own.check_adapted, changes=others)
                check = replayed(check, adapted)
            res.tables[CHECK] = tidy(check, game)
        if resolved is not None:
            res.tables[RESOLVED_TABLE] = resolved

    own = lab(game)
    second = ((CHECK, own.check), (RESOLVED_TABLE, own.resolved))
    tables = (TABLE, *(name for name, tag in second if tag))
    return Section(TABLE, "the house rules judged by compare (stored runs)", tables, compute)


def report_questions(game: str, tables: dict[str, Any], lang: str, first: int) -> list[Any]:
    """:func:`questions` for a report titled ``## {n}. {text}`` with the table :data:`TABLE`."""
    from headcount_lab.core.words import texts

    own = lab(game)
    check = tables.get(CHECK) if own.check else None
    resolved = tables.get(RESOLVED_TABLE) if own.resolved else None
    files = ", ".join(f"`{name}.csv`" for name, x in
                      ((TABLE, True), (CHECK, check is not None),
                       (RESOLVED_TABLE, resolved is not None)) if x)  # fmt: skip
    return questions(game, tables[TABLE], lang, texts("rulelab")[lang], files, "## {n}. {text}",
                     first, check, resolved)  # fmt: skip
