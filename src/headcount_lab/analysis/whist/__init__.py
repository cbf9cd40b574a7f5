"""The Forehead Whist report: exact blind hands, paired simulations, charts and text."""
