"""Optional start-up timing: report the first paint of the main window, then quit.

Wiring (launcher): on `--startup-probe`, call `install(app, window)` before `app.exec()`.
It prints `first-paint-ms=<ms since process start>` to stdout after the window's first paint
and quits the event loop (exit code 0). `packaging/build.py --measure` reads that line.

"Process start" is, in order of preference:
  1. `KAISER_STARTUP_T0` (epoch seconds) from the environment — set by a measuring parent
     right before it spawns the process, so interpreter/bootloader start-up is included;
  2. the OS's record of when this process was created (Linux /proc, Windows GetProcessTimes);
  3. the time this module was imported.
A windowed (no console) frozen build on Windows has no stdout: set
`KAISER_STARTUP_PROBE_FILE=<path>` and the same line is also written there.

`arm_on_exec()` installs the probe without any launcher wiring (it wraps QApplication.exec);
the frozen bundle calls it from a runtime hook when `KAISER_STARTUP_PROBE=1` is set.
Nothing here is imported unless one of those is asked for.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

_IMPORTED_AT = time.time()

ENV_T0 = "KAISER_STARTUP_T0"
ENV_ARM = "KAISER_STARTUP_PROBE"
ENV_FILE = "KAISER_STARTUP_PROBE_FILE"

_keep: list[Any] = []  # event filters must outlive install()


def _linux_start_time() -> float | None:
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])  # field 22 of stat(5); fields[0] is field 3
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return time.time() - (uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return None


def _windows_start_time() -> float | None:
    try:
        import ctypes
        from ctypes import wintypes

        creation, exit_, kernel, user = (wintypes.FILETIME() for _ in range(4))
        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.GetCurrentProcess()
        if not kernel32.GetProcessTimes(
            handle,
            ctypes.byref(creation),
            ctypes.byref(exit_),
            ctypes.byref(kernel),
            ctypes.byref(user),
        ):
            return None
        ticks = (creation.dwHighDateTime << 32) | creation.dwLowDateTime
        return ticks / 10_000_000 - 11_644_473_600  # FILETIME epoch is 1601-01-01
    except (OSError, AttributeError, ValueError):
        return None


def process_start_time() -> float:
    """Epoch seconds at which this process started, as early as can be known."""
    env = os.environ.get(ENV_T0)
    if env:
        try:
            return float(env)
        except ValueError:
            pass
    start = None
    if sys.platform.startswith("linux"):
        start = _linux_start_time()
    elif sys.platform == "win32":
        start = _windows_start_time()
    return start if start is not None else _IMPORTED_AT


def _report(app: Any, started: float) -> None:
    line = f"first-paint-ms={(time.time() - started) * 1000:.0f}"
    if sys.stdout is not None:
        print(line, flush=True)
    path = os.environ.get(ENV_FILE)
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(line + "\n")
    app.quit()


def install(app: Any, window: Any = None) -> None:
    """After the first paint of `window` (or of any widget if None): print the time, quit."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QWidget

    started = process_start_time()

    class _FirstPaint(QObject):
        done = False

        def eventFilter(self, obj: Any, event: Any) -> bool:
            if (
                not self.done
                and event.type() == QEvent.Type.Paint
                and isinstance(obj, QWidget)
                and (window is None or obj is window or window.isAncestorOf(obj))
            ):
                self.done = True
                # Runs after this paint and the backing-store flush that follows it.
                QTimer.singleShot(0, lambda: _report(app, started))
            return False

    probe = _FirstPaint()
    _keep.append(probe)
    app.installEventFilter(probe)


def arm_on_exec() -> None:
    """Install the probe on whichever QApplication is run next, without launcher wiring."""
    from PySide6.QtWidgets import QApplication

    original = QApplication.exec  # static in Qt: app.exec() and QApplication.exec() alike

    def exec_with_probe() -> int:
        install(QApplication.instance(), None)
        return int(original())

    QApplication.exec = staticmethod(exec_with_probe)  # type: ignore[method-assign]  # patched on purpose
