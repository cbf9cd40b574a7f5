"""Forehead Whist: Romanian whist over a 3n+12-hand schedule with blind one-card hands."""
