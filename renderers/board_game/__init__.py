"""Board drawing of the ``board_game`` track: one module per game (``render_board``), shared geometry,
coordinate labels, stones/discs/marks and the layout dict in :mod:`.base`."""
