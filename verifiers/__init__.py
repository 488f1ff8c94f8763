"""genpuzzle.verifiers."""
