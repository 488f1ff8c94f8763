"""genpuzzle.tracks."""
