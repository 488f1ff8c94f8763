"""Verification of the ``board_game`` track: one module per game (``read_board`` and optional
``extra_checks`` / ``compare``), the shared cell readers, board comparison and five-dimension scoring
in :mod:`.base`."""
