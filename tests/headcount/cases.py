"""Headcount: its pieces of the shared tests, read by tests/game_cases.py."""

from __future__ import annotations

import tempfile
from pathlib import Path

import fuzz_support as fz
from game_cases import ROOT, PlayCase
from hypothesis import strategies as st

HC_DECK = ["10S", "5S", "JH", "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "QH",
           "K♥", "A♠", "JK", "X2"]  # fmt: skip
HC_BOTS = ["random", "tips", "odds", "reader", "bluffer", "odds:call=0.55", "tips:margin=5",
           "random:step=3", "bluffer:size=5", "equilibrium"]  # fmt: skip
HC_ODD = ["nobot", "odds:call=2", "tips:margin=-1", "", "odds:call", "random:step=0"]
HC_RULES = {
    "double": fz.ON_OFF, "trickster": fz.ON_OFF, "hidden_card": fz.ON_OFF,
    "start_player_may_peek": fz.ON_OFF,
    "peek_must_raise": fz.ON_OFF, "tie_goes_to": ["bidder", "caller", "seat"],
    "next_start": ["loser", "left_of_loser"], "min_first_bid": ["none", "-16", "-15", "10", "75",
    "139"], "open_lives": ["0", "1", "3", "10"], "hidden_lives": ["0", "2", "9"],
}  # fmt: skip
VARIANT = fz.option("--variant", fz.mostly(st.sampled_from(["standard", "double", "trickster"])))

#: generated input files of the commands that read one (fuzz guard)
FUZZ_FILES = {
    "replay": fz.input_file(
        fz.load("tests/headcount/golden/golden_standard.json"),
        fz.load("tests/headcount/golden/golden_trickster.json"),
    ),
}
#: generated arguments of every command of the game but ``play`` and ``bench`` (fuzz guard)
FUZZ = {
    "field": fz.FIELD,
    "count": fz.argv(
        fz.cards(HC_DECK, 0, 8),
        fz.option("--draw", fz.mostly(st.sampled_from(HC_DECK))),
        VARIANT,
        fz.JSON,
    ),
    "odds": fz.argv(
        st.integers(3, 6).flatmap(
            lambda n: fz.argv(
                fz.option("--players", fz.number(n, n)),
                fz.option("--see", fz.cards(HC_DECK, n - 1, n - 1).map(" ".join)),
            )
        ),
        fz.option("--peek", fz.mostly(st.sampled_from(HC_DECK))),
        VARIANT,
        fz.rules(HC_RULES),
        fz.JSON,
    ),
    "deal": fz.argv(
        fz.PLAYERS,
        fz.option("--hands", fz.number(0, 3000)),
        fz.SEED,
        VARIANT,
        fz.rules(HC_RULES),
        fz.JSON,
        fz.flag("--quiet"),
        fz.option("--workers", fz.number(1, 2)),
    ),
    "simulate": fz.argv(
        fz.table(HC_BOTS, HC_ODD),
        fz.option("--games", fz.number(1, 12)),
        fz.SEED,
        fz.flag("--rotate-seats"),
        VARIANT,
        fz.rules(HC_RULES),
        fz.option("--record", fz.number(0, 3)),
        fz.JSON,
        fz.flag("--quiet"),
        fz.flag("--resume"),
    ),
    "replay": fz.argv(fz.JSON),
    # coarse grids only: a fine grid takes minutes to solve
    "headsup": fz.argv(
        # always a coarse grid and few iterations: the defaults solve for over a minute
        st.builds(
            lambda step, its: ["--step", step, "--iterations", its],
            st.sampled_from(["20", "40", "0", "-5", "x", *fz.INT_EDGES]),
            fz.number(0, 5),
        ),
        fz.option("--peeks", fz.mostly(st.sampled_from(["both", "starter", "other", "none"]))),
        fz.rules(HC_RULES),
        fz.JSON,
    ),
    # tiny trainings only, written to a scratch file (the defaults train for minutes)
    "train-equilibrium": fz.argv(
        st.builds(
            lambda its, rounds: ["--iterations", its, "--rounds", rounds],
            fz.number(0, 2),
            st.sampled_from(["300", "0", "-4", "x", *fz.INT_EDGES]),
        ),
        fz.option("--players", fz.number(1, 7)),
        fz.option("--field", fz.mostly(st.sampled_from(["reader", "odds", "tips"]))),
        fz.option("--field-share", st.sampled_from(["0.5", "0", "1.5", "-1", "x"])),
        fz.option("--explore", st.sampled_from(["0.1", "1", "-0.5"])),
        fz.SEED,
        st.just(["--out", str(Path(tempfile.gettempdir()) / "fuzz-headcount-equilibrium.npz")]),
        fz.JSON,
    ),
    # always a small budget and few games (the defaults take tens of seconds); one field bot for
    # every seat, as a mixed field of 6 plays every one of 720 seat orders per deal
    "exploit": fz.argv(
        st.builds(
            lambda budget, games: ["--budget", budget, "--games", games],
            st.sampled_from(["24", "60", "0", "-5", "x", *fz.INT_EDGES]),
            fz.number(0, 12),
        ),
        fz.PLAYERS,
        fz.option("--field", fz.mostly(st.sampled_from(HC_BOTS)) | st.sampled_from(["odds,tips"])),
        fz.SEED,
        VARIANT,
        fz.rules(HC_RULES),
        fz.JSON,
    ),
    "compare": fz.compare_args(
        HC_BOTS, HC_ODD, HC_RULES, fz.number(1, 6).map(lambda v: ["--games", v])
    ),
}
#: a valid call run before fuzzing, outside the alarm, for commands whose first call compiles
#: for a long time (the heads-up solver: tens of seconds on a loaded 2-core machine)
WARM_UP = {"headsup": ["--step", "40", "--iterations", "1"]}
#: a small valid call of each command with whole-number options (fuzz guard: int64's edges)
SMALL = {
    "field": [],
    "odds": ["--see", "7♥ K♥ 5♠"],
    "deal": ["--hands", "1000", "--quiet"],
    "simulate": ["--games", "4", "--quiet"],
    "headsup": ["--step", "40", "--iterations", "1"],
    "train-equilibrium": ["--iterations", "1", "--rounds", "300"],
    "exploit": ["--budget", "24", "--games", "2"],
    "compare": ["--games", "4", "--quiet", "--rule", "open_lives=3"],
}
#: extra options a command of SMALL needs when its edges are tried (a scratch file)
EDGE_EXTRA = {"train-equilibrium": lambda folder: ["--out", str(folder / "eq.npz")]}
#: the call the game's rules are tried on
RULES_CALL = ["simulate", *SMALL["simulate"]]
#: one small, valid call of every command with --json
JSON_CALLS = {
    "field": [],
    "headsup": ["--step", "20", "--iterations", "5"],
    "train-equilibrium": [
        "--iterations",
        "1",
        "--rounds",
        "500",
        "--out",
        str(Path(tempfile.gettempdir()) / "json-hc-equilibrium.npz"),
    ],
    "exploit": ["--players", "3", "--field", "odds", "--budget", "48", "--games", "8"],
    "count": ["QH", "JK", "KH", "--draw", "AS"],
    "odds": ["--players", "3", "--see", "7H KH"],
    "deal": ["--players", "3", "--hands", "3000", "--seed", "2"],
    "simulate": ["--players", "3", "--bots", "odds,tips,tips", "--games", "15"],
    "replay": [str(ROOT / "tests/headcount/golden/golden_double.json")],
    "compare": ["--bots", "odds", "--rule", "open_lives=3", "--games", "32", "--seed", "2"],
}
PLAY = PlayCase(
    "trickster", ["odds", "tips", None, "random"], 2, 4, "odds,tips,random",
    {"peek,", "bid", "point", "give"},
)  # fmt: skip
#: commands quick enough to run the docs' examples of on every test run
DOCS_FAST = {"count", "odds"}
#: the letter of the game's rulings in its docs/games/ page (H1, H2, ...; tests/test_docs.py)
RULING_LETTER = "H"
#: its own commands that run long and so take --quiet (tests/test_long_progress.py)
LONG_COMMANDS = {"headsup", "exploit", "train-equilibrium"}
