"""High Card's record in the registry: the one entry a new game writes. A game of the package
adds this entry to ``GAMES`` in ``headcount_lab/games/__init__.py``; this test-only game is
registered from ``tests/conftest.py`` with ``games.register`` instead, so that it does not ship
in the package (and the checks of what ships, such as its docs pages, do not list it)."""

from headcount_lab.games import GameSpec

SPEC = GameSpec(
    name="highcard",
    title="High Card",
    rules="highcard.rules:HighCardRules",
    bots="highcard.bots:MENU",
    tournament="highcard.tournament:tournament",
    summary="highcard.tournament:print_summary",
    replay="highcard.record:replay",
    describe="highcard.record:describe",
    play="highcard.play:HighCardTable",
    docs="tests/highcard/README.md",
    default_bots="odds,odds,random,random",
    help="High Card (the toy game of the tests): simulate, replay, play.",
)
