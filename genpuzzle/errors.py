"""Exceptions raised by genpuzzle; the CLI prints ``str(err)`` as one line and exits non-zero."""


class GenpuzzleError(Exception):
    """Base class of every error genpuzzle raises on purpose."""


class ImageError(GenpuzzleError):
    """An image file is missing, empty, truncated or not an image."""


class DatasetError(GenpuzzleError):
    """A puzzle dataset on disk is missing files or is malformed."""


class TrackError(GenpuzzleError):
    """A track was asked for something it cannot do (unknown track, bad parameters)."""


class SetImageError(DatasetError):
    """An image of the set (input, mask, reference) is missing or unreadable: the set's fault, never the
    answer's, so it stops an evaluation instead of becoming a verdict."""
