"""People at other computers: the seats a family table's remote people play.

`RemoteSeats` is a part owned by the game controller. The family table
(family_play/family_table.py) reaches it as `controller.remote_seats` and never writes the
controller's own attributes. It keeps:
- which seats a person at another computer plays now: at their turn the table waits for
  them, and nobody else acts for them;
- whether a family game is on: then there is no undo, no take-back and no claim, and the
  family table's part of the autosave's sidecar (`begin(sidecar)`) goes in every save,
  until `end()` makes the game the host's own again.

It is handed only the controller's steps it needs, never the controller: `person_turn(seat)`
(a computer's answer for the seat, not yet applied, is dropped), `computer_turn(seat)` (a
computer is asked at once if it is the seat's turn and the table is not busy; True if it
was), `apply(seat, action)` (the controller's commit path: the controller stays the one
caller of `rules.apply`) and `meta_changed()` (the sidecar goes with the next save).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kaiser_desktop.rules import Seat, SeatAction

Sidecar = Callable[[], dict[str, Any]]


class RemoteSeats:
    def __init__(
        self,
        *,
        person_turn: Callable[[Seat], None],
        computer_turn: Callable[[Seat], bool],
        apply: Callable[[Seat, SeatAction], str | None],
        meta_changed: Callable[[], None],
    ) -> None:
        self._person_turn = person_turn
        self._computer_turn = computer_turn
        self._apply = apply
        self._meta_changed = meta_changed
        self._seats: set[Seat] = set()
        self._sidecar: Sidecar | None = None

    # --- what the controller reads -------------------------------------------------------

    def plays(self, seat: Seat) -> bool:
        """Whether a person at another computer plays `seat` now."""
        return seat in self._seats

    @property
    def family(self) -> bool:
        """A family game is on: no undo, no take-back, no claim."""
        return self._sidecar is not None

    def meta(self) -> dict[str, Any]:
        """The family table's part of the sidecar ({} for the host's own game)."""
        return self._sidecar() if self._sidecar is not None else {}

    # --- what the family table does ------------------------------------------------------

    def begin(self, sidecar: Sidecar) -> None:
        """The family game begins (or resumes): `sidecar` says what to save with it."""
        self._sidecar = sidecar
        self._meta_changed()

    def end(self) -> None:
        """The game is the host's own again (the family table ended)."""
        self._seats.clear()
        self._sidecar = None
        self._meta_changed()

    def join(self, seat: Seat) -> None:
        """A person at another computer plays `seat` from now (also when they come back)."""
        self._seats.add(seat)
        self._person_turn(seat)

    def drop(self, seat: Seat) -> None:
        """The person at `seat` is gone: a computer plays it, at once if it is its turn."""
        self._seats.discard(seat)
        self._computer_turn(seat)

    def act(self, seat: Seat, action: SeatAction) -> str | None:
        """The action of the person at `seat`, already checked (net.referee_gate), applied as
        a person's intent is; a refusal code (net.protocol.ACTION_REFUSALS) if not."""
        if seat not in self._seats:
            return "not_your_turn"
        return self._apply(seat, action)

    def play_once(self, seat: Seat) -> bool:
        """A computer plays this one turn for the person at `seat` (the host said so); the
        person keeps the seat. False if it is not their turn now (nothing is done)."""
        if seat not in self._seats:
            return False
        return self._computer_turn(seat)

    def meta_changed(self) -> None:
        """What the sidecar says has changed (names, seats): it goes with the next save."""
        self._meta_changed()
