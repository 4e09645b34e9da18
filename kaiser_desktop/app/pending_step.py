"""The table's one next step, and when it runs.

The controller does one thing at a time: after a card it waits (a pause to see it, a
finished trick resting, a person's bid held for a moment in case they change it), then
takes the next step. That step lives here, with its kind, so a view can ask "is a choice
being held?" or "is a trick waiting for a click?", and a person acting early can run it
at once. A step is dropped when the game changes under it (new game, undo, resume).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

# The kinds: "table" (a pause, a deal), "autoplay" (the person's only card),
# "grace" (a bid or trump that can still be changed), "trick" (waits for a click),
# "bot" (a computer player's answer, applied after the bots' pause).
MANUAL = -1  # as a delay: run only when asked, never by the clock


class PendingStep(QObject):
    ended = Signal(str)  # the kind of a step that has just been run or dropped

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.run_now)
        self._step: Callable[[], None] | None = None
        self.kind = ""

    @property
    def waiting(self) -> bool:
        return self._step is not None

    def schedule(self, ms: int, step: Callable[[], None], kind: str = "table") -> None:
        """Run `step` after `ms`; with MANUAL, only when asked (run_now or flush)."""
        self._step, self.kind = step, kind
        if ms >= 0:
            self._timer.start(ms)
        else:
            self._timer.stop()

    def run_now(self) -> None:
        step, kind = self._clear()
        if kind:
            self.ended.emit(kind)
        if step is not None:
            step()

    def flush(self, limit: int = 8) -> None:
        """Run steps now until the table waits for someone (a person or a bot)."""
        for _ in range(limit):
            if self._step is None:
                return
            self.run_now()

    def drop(self) -> None:
        _, kind = self._clear()
        if kind:
            self.ended.emit(kind)

    def _clear(self) -> tuple[Callable[[], None] | None, str]:
        self._timer.stop()
        step, kind = self._step, self.kind
        self._step, self.kind = None, ""
        return step, kind
