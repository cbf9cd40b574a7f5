"""Summaries never print NaN or an impossible interval (issue 26): a statistic without data, or
with too little, says so in words and is ``null`` in JSON; a proportion's interval stays in
[0, 1], a difference of two in [-1, 1]; one game gives no interval rather than a zero-width one.

Each named input of the issue has its own test; :func:`check_text` and :func:`check_json` hold
every summary to the same rules, and the last test runs them over every game's ``simulate`` with
one and two games (text and ``--json``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from cli_support import cli, strict_json

from headcount_lab.games import registered

#: words for an interval that is not there (core.stats.missing)
NO_INTERVAL = re.compile(r"no data|too little data \(1 \w+|no spread in [\d,]+ \w+")


def check_text(out: str) -> None:
    """No NaN, no infinity and no zero-width interval in a text summary."""
    assert not re.search(r"\bnan\b|\binf\b|nan%", out, re.IGNORECASE), out
    for lo, hi in re.findall(r"\[\s*([-+\d.]+%?),\s*([-+\d.]+%?)\]", out):
        assert lo != hi, f"zero-width interval [{lo}, {hi}] in:\n{out}"


def intervals(obj: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every ``*ci95`` value with its place, e.g. ``.per_bot[0].by_seat[2].ci95``."""
    found = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if "ci95" in k:
                found.append((f"{path}.{k}", v))
            else:
                found += intervals(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            found += intervals(v, f"{path}[{i}]")
    return found


#: the places of proportions' and of differences' intervals in the summaries
PROPORTION = re.compile(r"per_bot\[\d+\]\.ci95|per_seat|by_seat|p_poohead|capped_share|"
                        r"made_rate|_share_ci95")  # fmt: skip
DIFFERENCE = re.compile(r"pairs\[|win_share_diff")


def check_json(text: str) -> dict[str, Any]:
    """Strict JSON whose every interval is null or a real one within its bounds."""
    data = strict_json(text)
    for where, ci in intervals(data):
        if ci is None:
            continue
        lo, hi = ci
        assert lo is not None and hi is not None and lo < hi, (where, ci)
        if PROPORTION.search(where):
            assert 0.0 <= lo < hi <= 1.0, (where, ci)
        if DIFFERENCE.search(where):
            assert -1.0 <= lo < hi <= 1.0, (where, ci)
    return data  # type: ignore[no-any-return]


def both(*argv: str) -> tuple[str, dict[str, Any]]:
    """The text and the JSON of one command, each checked."""
    text = cli(*argv)
    assert text.code == 0, text.stderr
    check_text(text.stdout)
    res = cli(*argv, "--json", *(["--quiet"] if argv[1] == "simulate" else []))
    assert res.code == 0, res.stderr
    return text.stdout, check_json(res.stdout)


def test_poohead_with_every_game_capped_says_no_data():
    """``poohead simulate --rule turn_cap=10 --games 200`` caps every game (P20): P(Poohead) was
    ``nan [nan, nan]`` for every bot and seat."""
    text, data = both("poohead", "simulate", "--rule", "turn_cap=10", "--games", "200")
    assert data["capped"] == 200
    for p in [b["p_poohead"] for b in data["bots"]] + data["p_poohead_by_seat"]:
        assert p == {"p": None, "ci95": None}
    assert text.count("no data  (every game capped)") == 8


def test_blind_equilibrium_from_one_chunk_has_no_interval():
    """``whist blind-equilibrium --samples 10``: one chunk of views gave ``[nan, nan]`` (at 3
    players, a third of the 4-player solve's time)."""
    text, data = both("whist", "blind-equilibrium", "--samples", "10", "--players", "3")
    assert all(s["made_rate_ci95"] is None and s["mean_score_ci95"] is None for s in data["seats"])
    assert data["dealer_cost_ci95"] is None and data["dealer_cost"] is not None
    assert "too little data (1 chunk of 10 views)" in text


def test_blind_equilibrium_rates_stay_within_0_and_100_percent():
    """``--samples 20`` printed made rates like ``84.46% [-4.03%, 172.95%]``."""
    text, data = both("whist", "blind-equilibrium", "--samples", "20")
    his = [s["made_rate_ci95"][1] for s in data["seats"]]
    assert max(his) == 1.0  # a t interval over 2 chunks is wide: cut at 100%
    assert "172.95%" not in text and "-4.03%" not in text


def test_whist_simulate_of_one_match_has_no_zero_width_interval():
    """``whist simulate --games 1`` printed ``[139.00, 139.00]``."""
    text, data = both("whist", "simulate", "--games", "1")
    assert all(b["ci95"] is None and b["sd"] is None for b in data["bots"])
    assert "too little data (1 match)" in text and "139.00" in text


@pytest.mark.parametrize("rotate", [False, True])
def test_headcount_paired_differences_stay_within_100_percent(rotate):
    """``--rule min_first_bid=75``: almost every game goes to one bot, and the paired
    differences' intervals ran past ±100%."""
    args = ["--rotate-seats"] if rotate else []
    text, data = both("headcount", "simulate", "--rule", "min_first_bid=75", "--games", "2000",
                      *args)  # fmt: skip
    assert data["pairs"] and not re.search(r"[-+]1\d\d\.\d\d%|[-+][2-9]\d\d\.\d\d%", text)


def test_foolish_ladder_of_two_games_keeps_the_win_share_difference_within_one():
    """``foolish ladder --games 2``: a difference of two win shares over two games had a normal
    interval past ±1, or none that was zero-width when both games agreed."""
    _, data = both("foolish", "ladder", "--bots", "random,rules,random", "--games", "2")
    for rung in data["rungs"]:
        ci = rung["win_share_diff"]["ci95"]
        assert ci is None or -1.0 <= ci[0] < ci[1] <= 1.0
        assert rung["holds"] == (ci is not None and ci[0] > 0)


@pytest.mark.parametrize("game", list(registered()), ids=list(registered()))
@pytest.mark.parametrize("games", ["1", "2"])
def test_simulate_of_one_or_two_games_prints_no_nan_and_no_impossible_interval(game, games):
    both(game, "simulate", "--games", games)
