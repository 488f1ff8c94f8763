"""genpuzzle.solvers."""
