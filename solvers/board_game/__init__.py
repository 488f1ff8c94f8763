"""Rules engines of the ``board_game`` track: one module per game (``GAME``, a :class:`base.BoardGame`),
plus the shared board text form, hashing and instance record in :mod:`.base`. Pure logic: no drawing,
no I/O. See ``/work/notes/board_game_interface.md`` / ``docs/board_game.md``."""
