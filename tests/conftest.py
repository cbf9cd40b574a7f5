"""The toy game High Card (tests/highcard/) joins the registry for the whole test suite, so the
conformance harness, the generic commands and the runner checks treat it like every other game.
This line is its "one registry line": a game of the package has its entry in GAMES instead."""

from extra_game import register_from_env
from highcard.game import SPEC

from headcount_lab.games import register

register(SPEC)
# tests/test_guide.py: a game written by the guide's steps into a temporary checkout
register_from_env()
