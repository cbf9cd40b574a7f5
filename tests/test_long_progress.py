"""Long commands report their progress (issue 26: ``headsup`` and ``exploit`` printed nothing for
minutes): each loop tells a callback how far it is, the callback changes no result, and the CLI
shows it as a bar only where a bar is wanted (a terminal, no --quiet, no --json)."""

import numpy as np
import pytest
from game_cases import piece

from headcount_lab.core import progress
from headcount_lab.games import registered


class Count:
    def __init__(self):
        self.calls = []

    def __call__(self, n):
        self.calls.append(n)


def test_headsup_solver_counts_every_iteration_and_solves_the_same():
    from headcount_lab.research.headcount import headsup as hu

    ab = hu.HeadsUpAbstraction(bids=(0, 20, 40))
    count = Count()
    s1, r1 = hu.solve(ab, 3, count)
    s2, r2 = hu.solve(ab, 3)
    assert count.calls == [1, 1, 1]
    assert r1 == r2 and np.array_equal(s1.ssum, s2.ssum)


def test_exploit_counts_its_training_and_measuring_games_and_finds_the_same():
    from headcount_lab.games.headcount.rules import HeadcountRules
    from headcount_lab.research.headcount import exploit as X

    count = Count()
    a = X.exploit(3, "reader", HeadcountRules(), budget=240, games=90, seed=5, on_games=count)
    b = X.exploit(3, "reader", HeadcountRules(), budget=240, games=90, seed=5)
    assert a == b
    assert count.calls[-1] == a.games  # the measuring games, last
    # every training game is counted: the stages' games as the training log gives them
    _, log = X.train(X.parse_field("reader", 3), HeadcountRules(), 240, 5)
    stages = (log["grid"]["games"] + log["coordinate_games"]
              + log["chains"] * log["iterations"] * log["population"] * log["games_per_candidate"]
              + sum(r["candidates"] * r["games"] for r in log["final_rounds"]))  # fmt: skip
    assert sum(count.calls[:-1]) == stages


def test_train_equilibrium_counts_each_batch_and_trains_the_same():
    from headcount_lab.research.headcount.equilibrium_train import train

    count = Count()
    a = train(3, 2, 500, 5, progress=count)
    b = train(3, 2, 500, 5)
    assert count.calls == [500, 500, 500]  # two iterations and the beliefs' batch
    assert np.array_equal(a.policy, b.policy) and np.array_equal(a.call_win, b.call_win)


def test_foolish_ladder_counts_every_game_of_every_rung_and_plays_the_same():
    from headcount_lab.games.foolish.rules import FoolishRules
    from headcount_lab.research.foolish.ladder import ladder

    count = Count()
    a = ladder(FoolishRules(), ["random", "rules", "random"], 6, 4, count)
    assert count.calls == [1] * 12
    assert a == ladder(FoolishRules(), ["random", "rules", "random"], 6, 4)


@pytest.mark.parametrize(("quiet", "json"), [(True, False), (False, True)])
def test_no_bar_with_quiet_or_json(quiet, json, monkeypatch):
    monkeypatch.setattr(progress, "wanted", lambda q, j: not q and not j)
    with progress.advancing(quiet, json, 10, "games", "x") as advance:
        assert advance is None


def test_the_bar_advances_and_ends_complete(monkeypatch):
    import io

    from rich.console import Console

    out = io.StringIO()
    real_bar = progress.Bar
    monkeypatch.setattr(progress, "wanted", lambda q, j: True)
    monkeypatch.setattr(progress, "Bar", lambda total, unit, label: real_bar(
        total, unit, label, Console(file=out, force_terminal=True, width=100)))  # fmt: skip
    with progress.advancing(False, False, 10, "games", "foolish ladder") as advance:
        assert advance is not None
        advance(4)
    assert "foolish ladder" in out.getvalue() and "10/10 games" in out.getvalue()


@pytest.mark.parametrize("group", list(registered()))
def test_the_long_commands_take_quiet(group):
    """Each game's long commands (``LONG_COMMANDS`` in its tests/<game>/cases.py) take
    --quiet."""
    import typer

    from headcount_lab.cli.app import app

    root = typer.main.get_command(app)
    for name in piece(group, "LONG_COMMANDS"):
        cmd = root.commands[group].commands[name]  # type: ignore[attr-defined]
        assert any("--quiet" in p.opts for p in cmd.params), name
