"""The Headcount report: exact odds, the playtest simulations, charts and text."""
