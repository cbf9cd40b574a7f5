"""Forehead Whist research: the sampled blind equilibrium and the best-challenger meter."""
