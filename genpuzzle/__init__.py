"""genpuzzle: visual-reasoning puzzle sets for image models, generated and verified."""

__version__ = "0.1.0"
