"""The headcount commands through typer's CliRunner: real output, and one-line errors (exit 2)
for every kind of bad input the issue lists."""

import json

import pytest
from typer.testing import CliRunner

from headcount_lab.cli.app import app

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, ["headcount", *args])


def test_count_prints_the_rule_text_total():
    r = invoke("count", "Q♥", "7♥", "K♥", "5♠", "3♥")
    assert (r.exit_code, r.stdout) == (0, "40\n")


def test_count_accepts_ascii_and_one_quoted_argument():
    assert invoke("count", "qh 7h KH 5s A♠").stdout == "17\n"


def test_count_json_gives_each_cards_counted_value():
    r = invoke("count", "Q♥", "7♥", "K♥", "5♠", "JK", "--draw", "AS", "--json")
    data = json.loads(r.stdout)
    assert data["total"] == 17  # H2 then H3: the Joker becomes the A♠, the K♥ counts 0
    assert [c["value"] for c in data["cards"]] == [15, 7, 0, -5, 0]
    assert data["cards"][4]["counts_as"] == "A♠"
    assert (data["draw"], data["doubled"]) == ("A♠", False)


def test_count_double_variant_doubles():
    r = invoke("count", "Q♥ 7♥ K♥ 5♠ X2", "--variant", "double", "--json")
    assert json.loads(r.stdout)["total"] == 74
    assert json.loads(r.stdout)["doubled"] is True


def test_odds_json_has_the_issue_keys_and_exact_fractions():
    r = invoke("odds", "--players", "4", "--see", "7♥ K♥ 5♠", "--peek", "3♥", "--json")
    data = json.loads(r.stdout)
    assert {"players", "see", "peek", "variant", "mean", "distribution"} <= data.keys()
    assert (data["players"], data["see"], data["peek"]) == (4, ["7♥", "K♥", "5♠"], "3♥")
    dist = data["distribution"]
    assert [d["total"] for d in dist] == sorted(d["total"] for d in dist)
    # 30 = 7+20-5+3 + 5: own card 5♥ (1 in 13), or the Joker with the 5♥ on top (H2, 1/13*1/12)
    thirty = next(d for d in dist if d["total"] == 30)
    assert thirty["fraction"] == "1/12"
    assert thirty["probability"] == pytest.approx(1 / 12)
    assert data["mean_fraction"] == "55/2"


def test_odds_human_output_reads_off_safe_bids():
    r = invoke("odds", "--players", "4", "--see", "7♥ K♥ 5♠")
    assert r.exit_code == 0
    assert "mean 27.08   median 30" in r.stdout
    assert "50%: 30" in r.stdout


def test_odds_with_nothing_seen_is_the_table_prior():
    r = invoke("odds", "--players", "3", "--json")
    data = json.loads(r.stdout)
    assert data["see"] == [] and sum(d["probability"] for d in data["distribution"]) == 1.0


def test_deal_json_keys_and_reproducibility():
    args = ("deal", "--players", "4", "--hands", "30000", "--seed", "5", "--json", "--quiet")
    a, b = json.loads(invoke(*args).stdout), json.loads(invoke(*args).stdout)
    for key in ("players", "hands", "seed", "histogram", "seconds", "hands_per_second"):
        assert key in a
    assert a["histogram"] == b["histogram"]
    assert sum(h["count"] for h in a["histogram"]) == 30000


def test_deal_human_output():
    r = invoke("deal", "--players", "3", "--hands", "1000", "--variant", "double", "--quiet")
    assert r.exit_code == 0 and "1,000 hands, 3 players, double, seed 1" in r.stdout


BAD = [
    (["count", "Q♥", "ZZ"], "unknown card 'ZZ'"),
    (["count", "Q♥", "7♠"], "not a Headcount card"),
    (["count", "QH", "7H", "Q♥"], "given twice"),
    (["odds", "--players", "4", "--see", "7♥ K♥ 5♠", "--peek", "7h"], "both seen and peeked"),
    (["odds", "--players", "5", "--see", "7♥ K♥ 5♠"], "sees 4 forehead cards"),
    (["odds", "--players", "2"], "between 3 and 6"),
    (["deal", "--players", "7", "--hands", "10"], "between 3 and 6"),
    (["count", "Q♥", "7♥", "JK"], "--draw"),
    (["count", "Q♥", "7♥", "JK", "--draw", "7♥"], "already in play"),
    (["count", "Q♥", "7♥", "X2"], "--variant double"),
    (["count", "Q♥", "7♥", "5♠", "--draw", "X2"], "--variant double"),
    (["odds", "--players", "4", "--see", "7♥ X2 5♠"], "--variant double"),
    (["deal", "--hands", "0"], "positive"),
    (["deal", "--hands", "-5"], "positive"),
    (["count", "Q♥", "--variant", "triple"], "unknown variant"),
    (["odds", "--rule", "nope=1"], "unknown rule"),
    (["odds", "--see", "7♥ K♥ 5♠", "--peek", "3♥", "--rule", "hidden_card=off"], "no hidden"),
    (["odds", "--see", "7♥ K♥ 5♠", "--peek", "3♥ 4♥"], "exactly one card"),
    (["count"], "give the cards"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_exits_2_with_one_line(args, message):
    r = invoke(*args)
    assert r.exit_code == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("error: ") and message in lines[0]
    assert "Traceback" not in r.output


def test_heavy_libraries_load_only_where_needed():
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from headcount_lab.cli.app import app\n"
        "from typer.testing import CliRunner\n"
        "heavy = ('numba', 'pandas', 'matplotlib')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
        "CliRunner().invoke(app, ['headcount', 'count', 'QH', '7H', 'KH'])\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    at_import, after_count = out.stdout.splitlines()
    assert at_import == "[]"  # --help needs none of them
    assert after_count == "['numba']"  # counting needs the rules module, not pandas/matplotlib
