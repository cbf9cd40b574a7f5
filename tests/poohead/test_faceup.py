"""The cheap+ face-up table: its data, its shrinkage, and the swap it drives."""

import json

import numpy as np
import pytest

from headcount_lab.games.poohead import agents, faceup_table
from headcount_lab.games.poohead import bits as L
from headcount_lab.games.poohead.reference import SUBSETS, Table
from headcount_lab.games.poohead.rules import PooheadRules, parse_ranks
from headcount_lab.research.poohead import faceup


def test_the_table_has_a_value_for_every_triple_and_player_count():
    assert len(faceup_table.TRIPLES) == 455 == agents.N_TRIPLES
    t = faceup_table.table()
    assert t.shape == (3, 455) and t.dtype == np.float64 and not t.flags.writeable
    assert np.array_equal(agents._FACEUP, t)  # the agents freeze the file's numbers
    for n in (2, 3, 4):
        v = t[n - 2]
        assert ((v > 0) & (v < 1)).all()
        # three 10s face up beat three 3s, whatever the hand
        assert v[faceup_table.TRIPLES.index((8, 8, 8))] < v[faceup_table.TRIPLES.index((1, 1, 1))]


def test_values_shrink_rare_triples_toward_the_overall_rate():
    games = np.array([0, 10_000, 1])
    pooh = np.array([0, 2_000, 1])
    v = faceup.values(games, pooh)
    base = 2_001 / 10_001
    assert v[0] == pytest.approx(base)
    assert v[1] == pytest.approx((2_000 + faceup.PRIOR * base) / (10_000 + faceup.PRIOR))
    assert base < v[2] < 1


def test_cheap_plus_swaps_to_the_lowest_valued_face_up_triple():
    t = Table.position(PooheadRules(players=4), ["3 4 9", "5", "6", "7"], ["J K 2", "", "", ""])
    obs = t.observation(0, L.PHASE_SWAP)
    six = t.six(0)
    table = faceup_table.table()[4 - 2]

    def value(i):
        return table[faceup_table.TRIPLES.index(tuple(sorted(six[j] for j in SUBSETS[i])))]

    got = agents.choose_swap(agents.CHEAP_PLUS, np.zeros(2), np.ones(4, np.uint64), obs)
    assert value(got) == min(value(i) for i in range(20))
    cheap = agents.choose_swap(agents.CHEAP, np.zeros(2), np.ones(4, np.uint64), obs)
    assert sorted(six[j] for j in SUBSETS[cheap]) == parse_ranks("2 J K")


def test_learning_on_the_runner_sums_the_blocks_played_one_after_another():
    # more than one block, on two workers: the merged job is the plain loop over the blocks
    from headcount_lab.core.rng import block_state
    from headcount_lab.games.poohead.agents import N_TRIPLES
    from headcount_lab.games.poohead.kernels import faceup_block

    total = faceup.BLOCK + 500
    want_games, want_pooh = np.zeros(N_TRIPLES, np.int64), np.zeros(N_TRIPLES, np.int64)
    for b, k in enumerate((faceup.BLOCK, 500)):
        faceup_block(block_state(11, b), k, PooheadRules(players=3).array(), want_games, want_pooh)
    games, pooh = faceup.learn(3, total, 11)
    assert faceup.BLOCK < games.sum() <= total  # capped games (P20) are not counted
    assert (games == want_games).all() and (pooh == want_pooh).all()


@pytest.mark.slow
def test_learning_counts_every_uncapped_game_once():
    games, pooh = faceup.learn(4, 400, seed=3)
    assert 390 <= games.sum() <= 400 and 0 < pooh.sum() < games.sum()


def test_the_table_file_is_what_the_writer_writes_and_reads_back_to_the_bit(tmp_path):
    """The shipped file is in :func:`faceup.table_text`'s form (a new run of the generator
    changes numbers, never the layout), and a written table reads back bit for bit."""
    from importlib.resources import files

    doc = faceup_table.document()
    t = faceup_table.table()
    rows = {n: t[n - 2] for n in (2, 3, 4)}
    text = faceup.table_text(rows, doc["games"], doc["seed"], doc["command"])
    shipped = files("headcount_lab.games.poohead").joinpath("data", "faceup.json")
    assert shipped.read_text(encoding="utf-8") == text
    rng = np.random.default_rng(1)
    new = {n: faceup.values(rng.integers(0, 900, 455), rng.integers(0, 300, 455)) for n in (2, 3)}
    back = json.loads(faceup.table_text(new, 10, 1, "test"))
    for n, v in new.items():
        want = np.array([float(f"{x:.4f}") for x in v])
        assert np.array_equal(
            np.array(back["values"][str(n)]).view(np.uint64), want.view(np.uint64)
        )


def test_pyproject_ships_the_table_as_package_data():
    """An installed package has no repository around it: setuptools must copy the file."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    conf = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = conf["tool"]["setuptools"]["package-data"]["headcount_lab.games.poohead"]
    assert any(fnmatch.fnmatch(faceup_table.DATA, p) for p in patterns)


@pytest.mark.slow
def test_the_generator_reproduces_the_shipped_two_player_row_to_the_bit():
    """The file's command, rerun for 2 players (about 15 s), gives the shipped row exactly:
    the table is the generator's output, not numbers edited by hand."""
    doc = faceup_table.document()
    games, pooh = faceup.learn(2, doc["games"], doc["seed"])
    row = faceup.table_text({2: faceup.values(games, pooh)}, doc["games"], doc["seed"], "")
    again = np.array(json.loads(row)["values"]["2"], dtype=np.float64)
    assert np.array_equal(again.view(np.uint64), faceup_table.table()[0].view(np.uint64))
