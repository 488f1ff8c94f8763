"""genpuzzle.data."""
