"""The autosave is written on a worker thread, so a slow disk never stalls the table.

Writing a save means an fsync of the file and of its folder (a power cut must leave a whole
file). On an idle SSD that is a few milliseconds, but under other disk traffic, or on a
spinning disk, one fsync took 40 ms and more: on the GUI thread that was a visible jerk of
every moving card. Here the GUI thread only queues the (frozen, immutable) state; one worker
writes the saves in order. Consecutive saves collapse into the newest (an older state need
not reach the disk if a newer one is waiting), keeping the newest meta sidecar asked for.

The save reaches the disk a few milliseconds after the move, long before its card has
landed on the table. `flush()` waits for the queue to empty: the controller calls it when it
stops (the window closes), and tests call it before they read the file.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.storage import GameStore, StoreError
from kaiser_desktop.rules import GameState


@dataclass
class _Job:
    state: GameState
    meta: Mapping[str, Any] | None
    clear: bool  # the game is over: file it away instead of saving it


class BackgroundSaver(QObject):
    """Writes a store's autosaves in order on one worker thread.

    `failed` (one sentence) and `saved` are emitted from the worker; Qt queues them to the
    receivers on the GUI thread.
    """

    failed = Signal(str)
    saved = Signal()

    def __init__(self, store: GameStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self._jobs: deque[_Job] = deque()
        self._busy = False
        self._closed = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._work, name="kaiser-autosave", daemon=True)
        self._thread.start()

    def save(self, state: GameState, meta: Mapping[str, Any] | None) -> None:
        self._queue(_Job(state, meta, clear=False))

    def clear(self, final_state: GameState) -> None:
        self._queue(_Job(final_state, None, clear=True))

    def _queue(self, job: _Job) -> None:
        with self._changed:
            last = self._jobs[-1] if self._jobs else None
            if last is not None and not last.clear and not job.clear:
                # Only the newest state matters; a sidecar asked for earlier still goes.
                job.meta = job.meta if job.meta is not None else last.meta
                self._jobs[-1] = job
            else:
                self._jobs.append(job)
            self._changed.notify_all()

    def flush(self, timeout_s: float = 10.0) -> bool:
        """Wait until every queued save is on the disk; False if that took too long."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._jobs and not self._busy, timeout_s)

    def close(self, timeout_s: float = 10.0) -> bool:
        """Write what is queued, then stop the worker."""
        done = self.flush(timeout_s)
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        return done

    def _work(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._jobs or self._closed)
                if not self._jobs:
                    return  # closed, nothing left
                job = self._jobs.popleft()
                self._busy = True
            try:
                if job.clear:
                    self.store.clear(job.state)
                else:
                    self.store.save(job.state, job.meta)
            except StoreError as error:
                self.failed.emit(str(error))
            except Exception as error:  # a bug must not kill the saver: say it, keep going
                self.failed.emit(
                    translate("BackgroundSaver", "The game could not be saved ({error}).").format(
                        error=error
                    )
                )
            else:
                self.saved.emit()
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()
