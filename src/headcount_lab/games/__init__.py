"""headcount-lab package."""
