"""genpuzzle.renderers."""
