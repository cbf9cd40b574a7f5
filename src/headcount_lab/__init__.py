"""headcount-lab: a Monte-Carlo strategy laboratory for card games played with a card on your forehead."""

__version__ = "0.1.0"
