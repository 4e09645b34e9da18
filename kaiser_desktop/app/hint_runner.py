"""Hints are searched for off the GUI thread, like the computer players' own moves."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from kaiser_desktop.ai import Decision, hint
from kaiser_desktop.rules import PlayerView


class _Relay(QObject):
    # Emitted from the worker thread; Qt queues it to the receiver's (GUI) thread.
    ready = Signal(int, object)  # serial, Decision


class _Search(QRunnable):
    def __init__(self, relay: _Relay, view: PlayerView, level: str, serial: int) -> None:
        super().__init__()
        self.relay, self.view, self.level, self.serial = relay, view, level, serial

    def run(self) -> None:
        self.relay.ready.emit(self.serial, hint(self.view, level=self.level))


class HintRunner(QObject):
    """`request(view, level, serial)`; `ready(serial, decision)` arrives on the GUI thread."""

    ready = Signal(int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay()
        self._relay.ready.connect(self.ready)

    def request(self, view: PlayerView, level: str, serial: int) -> None:
        self._pool.start(_Search(self._relay, view, level, serial))

    def wait(self) -> None:
        """Block until pending searches finish (tests)."""
        self._pool.waitForDone()

    def stop(self) -> None:
        """Before the window closes: searches not yet begun never begin, one under way ends
        (a search still running as Python shuts down fails inside Qt's thread)."""
        self._pool.clear()
        self._pool.waitForDone()


__all__ = ["Decision", "HintRunner"]
