"""A polite "please stop" from outside (SIGTERM, a task manager's End task, the session
ending) closes the app exactly as Quit does: the game saved, the computer players stopped.

Python runs a signal handler only between bytecodes, and Qt's event loop is C++: so the
handler itself does nothing but let a byte be written to a socket (`signal.set_wakeup_fd`),
and a `QSocketNotifier` on the other end wakes the event loop, which then calls `close`.

`close` (the launcher's window) is not always the window showing: at a family table joined
from this app the person's own window is hidden and the table's window is another one. So
after `close`, every window still showing is closed the same way (each saves what it
holds), and the event loop is told to end whatever is left open.
"""

from __future__ import annotations

import contextlib
import signal
import socket
from collections.abc import Callable

from PySide6.QtCore import QObject, QSocketNotifier
from PySide6.QtWidgets import QApplication

# Closing a family table's window shows the person's own window again, which is closed in
# turn. A bound, so a window that refuses to close cannot keep this going.
_MOST_CLOSES = 16


def _polite_signals() -> list[signal.Signals]:
    names = ("SIGTERM", "SIGHUP", "SIGINT")  # SIGHUP: the terminal or session went away
    return [getattr(signal, name) for name in names if hasattr(signal, name)]


class QuitOnSignal(QObject):
    """Owns the wake-up socket pair; `close` runs on the GUI thread once per signal."""

    def __init__(self, close: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._close = close
        self._reader, self._writer = socket.socketpair()
        self._reader.setblocking(False)
        self._writer.setblocking(False)
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._on_wake)
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno(), warn_on_full_buffer=False)
        self.signals = _polite_signals()
        for number in self.signals:
            # The default handlers kill at once; an empty one lets the wake-up byte through.
            signal.signal(number, lambda *_: None)

    def _on_wake(self) -> None:
        with contextlib.suppress(OSError):
            while self._reader.recv(64):  # drain: one close for a burst of signals
                pass
        self._close()
        close_every_window()

    def uninstall(self) -> None:
        for number in self.signals:
            signal.signal(number, signal.SIG_DFL)
        signal.set_wakeup_fd(self._previous_fd)
        self._notifier.setEnabled(False)
        self._reader.close()
        self._writer.close()


def close_every_window() -> None:
    """Every top-level window still showing closed as Quit closes it, then the event loop
    ends (and any dialog's loop inside it) even if one refused. The windows showing are
    looked up afresh after each close: a close may show one (the person's own) or let
    another go."""
    for _ in range(_MOST_CLOSES):
        showing = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
        if not showing:
            break
        showing[0].close()
    QApplication.quit()
