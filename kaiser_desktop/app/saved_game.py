"""The game kept on the disk: the autosave after each applied action, with its sidecar.

Never lose a game: with a `GameStore`, each state the controller applies goes to the disk
at once (written by a worker, `BackgroundSaver`, within milliseconds and long before its
card has landed), so a crash or a kill resumes there. A finished game is filed away instead.
The sidecar (`meta`: the level, the names, the seeds and deal numbers) is written only when
it has changed. A failing disk is said once per run of failures, and never stops play.

`SavedGame` is a part owned by the game controller: it is given the state to save and a
callable that builds the sidecar, and says `failed(sentence)`. It does not read the game
back: the controller resumes a saved game from the state and sidecar the store loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QObject, Signal

from kaiser_desktop.app.background_save import BackgroundSaver
from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.rules import GameState

META_VERSION = 1


class SavedGame(QObject):
    failed = Signal(str)  # the autosave failed (one sentence); said once per failure run

    def __init__(self, store: GameStore | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self._saver = BackgroundSaver(store, self) if store is not None else None
        if self._saver is not None:
            self._saver.failed.connect(self._on_failed)
            self._saver.saved.connect(self._on_saved)
        self.error: str | None = None  # the last failure, until a save succeeds again
        self.meta_changed = True  # the sidecar goes with the next save

    def save(self, state: GameState, meta: Callable[[], Mapping[str, Any]]) -> None:
        """Queue `state` for the disk (a finished game is filed away); `meta()` is asked for
        only when the sidecar has changed since it was last written."""
        saver = self._saver
        if saver is None:
            return
        if state.is_over:
            saver.clear(state)
        else:
            saver.save(state, meta() if self.meta_changed else None)
            self.meta_changed = False

    def flush(self) -> bool:
        """Wait until every queued save is on the disk (False if the disk is that slow)."""
        return self._saver is None or self._saver.flush()

    def _on_failed(self, message: str) -> None:
        self.meta_changed = True  # the sidecar may not have been written: write it next time
        if self.error is None:
            self.error = message
            self.failed.emit(message)

    def _on_saved(self) -> None:
        self.error = None
