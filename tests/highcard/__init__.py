"""High Card: the toy game of the test suite, and the worked example of docs/adding-a-game.md."""
