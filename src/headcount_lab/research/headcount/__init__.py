"""Headcount research: the heads-up round's CFR+ solver and its OpenSpiel twin, the
``equilibrium`` bot's trainer, the writer of the solved heads-up table, and the best-response
meter."""
