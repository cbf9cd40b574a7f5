"""Research: solvers, meters and trainers that study the games (exact and sampled equilibria, bot
ladders, best challengers, measuring devices, table trainers). This layer imports the games;
the games never import it (``tests/test_layers.py``). What a bot needs at play time is a table
the research writes (a data file or a module of constants under the game's folder), never a
call into this layer."""
