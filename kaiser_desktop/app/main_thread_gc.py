"""Python's cycle collector runs on the GUI thread only.

Left automatic, the collector runs in whichever thread happens to allocate when a threshold
is crossed; in this app that is nearly always a computer player's, a hint's or a review's
search (measured: every one of 175,914 collections in a minute of play-like load ran in
the search thread, none on the GUI thread). A collection there finalises whatever
unreachable cycles it finds, Qt widgets and scene items included, so their C++ objects
would be deleted from a thread that must never touch them. The usual remedy for Python Qt
apps: turn automatic collection off and collect on the GUI thread from a timer, each
generation when its own threshold says so. Plain reference counting, which frees nearly
everything, is untouched.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

# Often enough that cyclic garbage never piles up (a search makes very little of it), rarely
# enough that a collection never delays a frame that matters.
INTERVAL_MS = 500


class MainThreadCollector(QObject):
    """Cycles are collected on the thread of the application it is installed on."""

    def __init__(self, parent: QObject, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()

    @classmethod
    def install(cls, app: QCoreApplication) -> MainThreadCollector:
        """The application's one collector (made at the first call), for the app's life."""
        found = app.findChild(cls)
        return found if isinstance(found, cls) else cls(app)

    def collect_due(self) -> int:
        """Collect the oldest generation whose count passed its threshold, as Python itself
        would; returns the number of objects found unreachable."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for generation in (2, 1, 0):
            if thresholds[generation] and counts[generation] > thresholds[generation]:
                return gc.collect(generation)
        return 0
