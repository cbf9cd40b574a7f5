"""Poohead research: the trainer of the ``cheap+`` face-up table."""
