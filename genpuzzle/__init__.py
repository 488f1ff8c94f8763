"""genpuzzle: visual-reasoning puzzle sets for image models, generated and verified."""

__version__ = "0.1.0"

_API = ("generate", "verify", "record_of")


def __getattr__(name: str):
    """``genpuzzle.generate``, ``genpuzzle.verify``, ``genpuzzle.record_of`` (see :mod:`genpuzzle.api`),
    imported on first use so that ``import genpuzzle`` stays light."""
    if name in _API:
        from genpuzzle import api

        return getattr(api, name)
    raise AttributeError(f"module 'genpuzzle' has no attribute {name!r}")
