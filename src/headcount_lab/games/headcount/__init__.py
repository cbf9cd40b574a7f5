"""Headcount (German edition: Kopfrechnen): bluffing on the total of everyone's forehead cards."""
