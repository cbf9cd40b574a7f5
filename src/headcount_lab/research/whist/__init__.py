"""Forehead Whist research: the sampled blind equilibrium, the best-challenger meter and the
report's hand statistics (paired matches)."""
