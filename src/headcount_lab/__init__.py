"""headcount-lab: a Monte-Carlo strategy laboratory for forehead card games."""

__version__ = "0.1.0"
