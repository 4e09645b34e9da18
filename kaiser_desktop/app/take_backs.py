"""The undo history: the state before each of the person's actions.

Undo goes back to the last of them (the person's last action and the computers' moves after
it; the game then counts as practice); "Change my choice" goes back to it while a bid or
trump is still held in its grace period (not counted as undo).

`TakeBacks` is a part owned by the game controller: it keeps the states it is given and
returns the one to go back to. The controller puts that state on the table, saves it and
says whether there is still something to undo.
"""

from __future__ import annotations

from kaiser_desktop.rules import GameState

UNDO_LIMIT = 200  # states kept for undo; a whole game has far fewer human actions


class TakeBacks:
    def __init__(self) -> None:
        self._states: list[GameState] = []

    def __bool__(self) -> bool:
        return bool(self._states)

    def can_undo(self, state: GameState) -> bool:
        """Something to undo in the game now at `state` (nothing once it is over)."""
        return bool(self._states) and not state.is_over

    def clear(self) -> None:
        self._states = []

    def remember(self, before: GameState) -> None:
        """`before` is the state before one of the person's actions (the oldest go)."""
        self._states = [*self._states[-(UNDO_LIMIT - 1) :], before]

    def keep(self, before: GameState) -> None:
        """`before` is the state before an accepted claim (kept whatever the limit)."""
        self._states = [*self._states, before]

    def undo(self) -> GameState:
        """The state before the person's last action, taken off the history."""
        return self._states.pop()

    def take_back(self) -> GameState | None:
        """The state before the choice still held, taken off the history; None if none."""
        if not self._states:
            return None
        before = self._states[-1]
        self._states = self._states[:-1]
        return before
