"""The game controller's take-backs: Undo (the person's last action and the computers'
moves after it; the game then counts as practice) and "Change my choice" (a bid or trump
still held in its grace period, not counted as undo).

A part of `GameController` (it is mixed in), kept in its own module so the controller's
flow stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaiser_desktop.app.deal_numbers import hands_dealt
from kaiser_desktop.rules import GameState

if TYPE_CHECKING:
    from kaiser_desktop.app.controller import GameController


class TakeBacks:
    @property
    def can_undo(self: GameController) -> bool:
        return bool(self._undo) and not self._state.is_over

    def undo(self: GameController) -> bool:
        """Take back the person's last action (and any computer moves after it)."""
        if not self.can_undo:
            return False
        state = self._undo.pop()
        self.used_undo = True
        self._meta_dirty = True
        hands = hands_dealt(state)
        del self.deal_numbers[hands:]
        self._restore(state)
        self._autosave()
        self.undo_changed.emit(self.can_undo)
        return True

    def _set_undo(self: GameController, stack: list[GameState]) -> None:
        self._undo = stack
        self.undo_changed.emit(self.can_undo)

    @property
    def can_take_back(self: GameController) -> bool:
        # True from the moment the choice is applied, so views refreshing on state_changed
        # already keep the choices up (asleep) rather than clearing them.
        return self._next.kind == "grace" or self._granting_grace

    def take_back(self: GameController) -> bool:
        """Change the person's bid or trump while it is still held (not counted as undo)."""
        if not self.can_take_back or not self._undo:
            return False
        before = self._undo[-1]
        self._set_undo(self._undo[:-1])
        self._cancel()
        self._restore(before)
        self._autosave()
        return True
