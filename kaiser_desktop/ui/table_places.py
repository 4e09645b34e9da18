"""Where things sit on the table, shared by the scene and its parts: the person's seat at
the bottom, the others round it, and the stacking order of the table's layers."""

from __future__ import annotations

from kaiser_desktop.rules import Seat

ME = Seat.S  # the person's seat is always drawn at the bottom
OTHERS = (Seat.W, Seat.N, Seat.E)
Z_HAND, Z_PILE, Z_TRICK, Z_FLYING = 100.0, 200.0, 300.0, 400.0
