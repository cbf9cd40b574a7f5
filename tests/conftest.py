"""The toy game High Card (tests/highcard/) joins the registry for the whole test suite, so the
conformance harness, the generic commands and the runner checks treat it like every other game.
This line is its "one registry line": a game of the package has its entry in GAMES instead."""

import os
import shutil
import tempfile
from pathlib import Path

import pytest
import quick_reports
from extra_game import register_from_env
from highcard.game import SPEC

from headcount_lab.games import register

register(SPEC)
# tests/test_guide.py: a game written by the guide's steps into a temporary checkout
register_from_env()


@pytest.fixture(autouse=True, scope="session")
def _user_cache_in_a_temporary_folder(tmp_path_factory):  # type: ignore[no-untyped-def]
    """The user cache (``compare --adapt``'s tables; core.paths.user_cache_dir) of the whole
    session is a temporary folder, never the user's."""
    import os

    from headcount_lab.core.paths import CACHE_ENV

    old = os.environ.get(CACHE_ENV)
    os.environ[CACHE_ENV] = str(tmp_path_factory.mktemp("user-cache"))
    yield
    if old is None:
        os.environ.pop(CACHE_ENV, None)
    else:
        os.environ[CACHE_ENV] = old


@pytest.fixture
def signals_as_a_terminal_run_has_them():  # type: ignore[no-untyped-def]
    """SIGINT raising KeyboardInterrupt and SIGTERM, SIGHUP at their defaults, as in a run from a
    terminal. A suite started in the background (``make test &``, ``nohup``) inherits SIGINT or
    SIGHUP ignored, which the code rightly leaves alone (tests/core/test_interrupts.py)."""
    import signal

    from headcount_lab.core import interrupts

    old = {s: signal.signal(s, signal.SIG_DFL) for s in interrupts.HANDLED}
    old[signal.SIGINT] = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    for s, h in old.items():
        signal.signal(s, h)


def pytest_configure(config):  # type: ignore[no-untyped-def]
    """The controller of a pytest-xdist run starts the shared quick reports in the background
    (tests/quick_reports.py): a core's 30-60 s that no worker then waits for."""
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    folder = Path(tempfile.mkdtemp(prefix="headcount-lab-quick-reports-"))
    os.environ[quick_reports.ENV] = str(folder)
    config.stash[_BACKGROUND] = (folder, quick_reports.start(folder, folder / "user-cache"))


def pytest_unconfigure(config):  # type: ignore[no-untyped-def]
    folder, proc = config.stash.get(_BACKGROUND, (None, None))
    if proc is None:
        return
    proc.kill()
    proc.wait()
    os.environ.pop(quick_reports.ENV, None)
    shutil.rmtree(folder, ignore_errors=True)


def pytest_collection_modifyitems(items):  # type: ignore[no-untyped-def]
    # the report tests last: by then the background run has written what they read
    items[:] = quick_reports.last(items)


_BACKGROUND = pytest.StashKey[tuple]()
