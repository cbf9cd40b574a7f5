"""Foolish Faces research: the bot ladder and the per-round traces with measuring devices."""
