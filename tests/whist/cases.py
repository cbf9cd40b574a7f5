"""Forehead Whist: its pieces of the shared tests, read by tests/game_cases.py."""

from __future__ import annotations

from typing import Any

import fuzz_support as fz
from game_cases import ROOT, PlayCase
from hypothesis import strategies as st

from headcount_lab.games.whist.rules import hand_sizes

WHIST_BOTS = ["random", "heuristic", "montecarlo:2", "montecarlo:2:1"]
WHIST_ODD = ["montecarlo:0", "montecarlo:x", "foo", "", "heuristic:1", "montecarlo:1:2:3"]
WHIST_RULES = {
    "players": ["3", "4", "6"], "dealer_restriction": fz.ON_OFF, "must_trump": fz.ON_OFF,
    "blind_one_card_hands": fz.ON_OFF, "streak_mode": ["once", "every_five", "never"],
    "streak_bonus": ["0", "10", "1000", "1001"], "streak_length": ["1", "5", "15", "19"],
    "first_dealer": ["0", "2", "5"],
}  # fmt: skip
SUITS = "SHDC"
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


@st.composite
def blind_view(draw: Any) -> list[str]:
    """``--players n --see ... --trump-card C`` of a blind hand, sometimes spoiled."""
    n = draw(st.integers(3, 6))
    pack = [r + s for r in RANKS[: 2 * n] for s in SUITS]
    shown = draw(st.lists(st.sampled_from(pack), min_size=n + 1, max_size=n + 1, unique=True))
    see = shown[:n]
    see[draw(st.integers(0, n - 1))] = "?"
    out = ["--players", str(n), "--see", " ".join(see), "--trump-card", shown[n]]
    if fz.rarely(draw):
        out[draw(st.sampled_from([1, 3, 5]))] = draw(st.one_of(fz.GARBAGE, st.sampled_from(RANKS)))
    return out


def _full_sheet() -> dict[str, Any]:
    return {
        "players": 4,
        "hands": [
            {"cards": k, "bids": [0, 0, 0, 0], "tricks": [k, 0, 0, 0]} for k in hand_sizes(4)
        ],
    }


#: generated input files of the commands that read one (fuzz guard)
FUZZ_FILES = {
    "replay": fz.input_file(fz.load("tests/whist/golden/match-3p-seed7-once.json")),
    "score": fz.input_file(fz.load("docs/games/whist-score-example.json"), _full_sheet()),
}
#: generated arguments of every command of the game but ``play`` and ``bench`` (fuzz guard)
FUZZ = {
    "field": fz.FIELD,
    "blind-odds": fz.argv(blind_view(), fz.option("--forbidden", fz.number(0, 1)), fz.JSON),
    "schedule": fz.argv(fz.PLAYERS, fz.option("--first-dealer", fz.number(0, 5)), fz.JSON),
    "score": fz.argv(
        fz.option("--streak-mode", fz.mostly(st.sampled_from(["once", "every_five"]))),
        fz.rules(WHIST_RULES),
        fz.JSON,
    ),
    "simulate": fz.argv(
        fz.table(WHIST_BOTS, WHIST_ODD),
        fz.option("--matches", fz.number(1, 4)),
        fz.SEED,
        fz.flag("--rotate-seats"),
        fz.rules(WHIST_RULES),
        fz.option("--record", fz.number(0, 3)),
        fz.JSON,
        fz.flag("--quiet"),
    ),
    "replay": fz.argv(fz.JSON),
    # 3 players for a run (0.7 s a call; 4 players take 2 s and 5 minutes); 2 and 6 are refused
    "blind-equilibrium": fz.argv(
        fz.option("--players", st.sampled_from(["2", "3", "6", "x"])),
        fz.option("--bonus", fz.number(0, 12)),
        fz.rules(WHIST_RULES),
        fz.JSON,
    ),
    "compare": fz.compare_args(
        WHIST_BOTS, WHIST_ODD, WHIST_RULES, fz.number(1, 3).map(lambda v: ["--matches", v])
    ),
    "exploit": fz.exploit_args(["random", "heuristic"], WHIST_ODD, WHIST_RULES, "--matches"),
}
#: a small valid call of each command with whole-number options (fuzz guard: int64's edges)
SMALL = {
    "field": [],
    "blind-odds": ["--players", "3", "--see", "A♠ ? K♥", "--trump-card", "Q♦"],
    "schedule": [],
    "simulate": ["--matches", "2", "--quiet", "--bots", "random,random,random,random"],
    "blind-equilibrium": ["--players", "3"],
    "compare": ["--matches", "2", "--quiet", "--bots", "random", "--rule", "must_trump=off"],
    "exploit": ["--players", "3", "--field", "random", "--budget", "2", "--matches", "2"],
}
#: the call the game's rules are tried on
RULES_CALL = ["simulate", *SMALL["simulate"]]
#: one small, valid call of every command with --json
JSON_CALLS = {
    "field": [],
    "blind-equilibrium": ["--players", "3"],
    "blind-odds": ["--see", "KS ? 8H AD", "--trump-card", "9D"],
    "schedule": ["--players", "5"],
    "score": [str(ROOT / "docs/games/whist-score-example.json")],
    "simulate": ["--players", "3", "--bots", "random,heuristic,random", "--matches", "6"],
    "replay": [str(ROOT / "tests/whist/golden/match-3p-seed7-once.json")],
    "compare": [
        "--players",
        "3",
        "--bots",
        "random,heuristic,random",
        "--rule",
        "dealer_restriction=off",
        "--matches",
        "9",
    ],
    "exploit": ["--players", "3", "--field", "heuristic", "--budget", "2", "--matches", "3"],
}
PLAY = PlayCase(
    "standard", ["heuristic", None, "random"], 1, 3, "heuristic,random", {"bid", "play"}
)
#: commands quick enough to run the docs' examples of on every test run
DOCS_FAST = {"blind-odds", "schedule", "score"}
#: the letter of the game's rulings in its docs/games/ page (W1, W2, ...; tests/test_docs.py)
RULING_LETTER = "W"
#: its own commands that run long and so take --quiet (tests/test_long_progress.py)
LONG_COMMANDS = {"exploit"}
