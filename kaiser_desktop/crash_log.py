"""A small trace of how each run of the app ended, in the app's data folder.

`logs/kaiser-desktop.log` (rotated at 256 KiB, two old copies kept) gets one line when the
app starts and one when it exits (status, and whether the window was closed or the event
loop was told to quit), every unhandled exception (main thread, Qt slots, other threads)
with its traceback, Qt's warnings and errors, and SIGTERM. When the previous run left no exit
line (killed, a hard crash, a power cut) the next start says so. `logs/faults.log` gets
faulthandler's traceback of every thread when the process dies of a fatal signal (a crash
in C code). Nothing here is shown to the player, and a folder that cannot be written to
only turns the log off. Writing the log never raises and never prints: a line that cannot
be written (a full disk, a log locked by another program) is counted, and once the log can
be written again one line says how many were lost.

    from kaiser_desktop import crash_log
    crash_log.install(folder)          # first thing after the data folder is known
    crash_log.note("event", ...)       # anything worth a line
    crash_log.note_exit(code)          # last thing before returning the exit status
"""

from __future__ import annotations

import atexit
import contextlib
import faulthandler
import logging
import logging.handlers
import os
import signal
import sys
import threading
import traceback
from pathlib import Path
from types import FrameType, TracebackType
from typing import IO, Any

LOG_NAME = "kaiser-desktop.log"
FAULTS_NAME = "faults.log"
MAX_BYTES = 256 * 1024
BACKUPS = 2
_START = "start pid="
_EXIT = "exit pid="

_logger = logging.getLogger("kaiser_desktop.crash_log")
_state: dict[str, Any] = {"installed": False, "exited": False, "faults": None}


class _QuietLog(logging.handlers.RotatingFileHandler):
    """The log file, best effort: a write, flush, rollover or close that fails (a full disk)
    drops the lines not yet written instead of raising or printing logging's "--- Logging
    error ---" traceback on stderr, and the file is opened afresh for the next line."""

    lost = 0  # lines that could not be written since the last one that was

    def emit(self, record: logging.LogRecord) -> None:
        if self.lost:
            lost, self.lost = self.lost, 0
            super().emit(_lost_lines(lost))
            if self.lost:  # still cannot write: this line is lost too, not the note
                self.lost = lost + 1
                return
        super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        self.lost += 1
        self._drop_stream()

    def flush(self) -> None:
        try:
            super().flush()
        except (OSError, ValueError):  # each line is flushed as it is written: one lost
            self.lost += 1
            self._drop_stream()

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            super().close()

    def _drop_stream(self) -> None:
        """Close the file, losing what its buffer still holds (closing releases it even when
        the buffer cannot be written); the next line opens it again."""
        stream, self.stream = self.stream, None
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.close()


def _lost_lines(count: int) -> logging.LogRecord:
    return logging.makeLogRecord(
        {
            "name": _logger.name,
            "levelno": logging.WARNING,
            "levelname": "WARNING",
            "msg": "%d log line(s) could not be written (a full disk?)",
            "args": (count,),
        }
    )


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("kaiser-desktop")
    except Exception:
        return "?"


def _previous_run(path: Path) -> str | None:
    """The start line of the previous run if it has no exit line after it."""
    try:
        with open(path, "rb") as f:
            f.seek(max(0, f.seek(0, os.SEEK_END) - 16384))
            tail = f.read(16384).decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    for line in reversed(tail):
        if _EXIT in line:
            return None
        if _START in line:
            return line
    return None


def _open_faults(folder: Path) -> IO[str] | None:
    path = folder / FAULTS_NAME
    try:
        if path.exists() and path.stat().st_size > MAX_BYTES:
            os.replace(path, path.with_name(FAULTS_NAME + ".1"))
        return open(path, "a", encoding="utf-8")
    except OSError:
        return None


def install(folder: Path, max_bytes: int = MAX_BYTES) -> bool:
    """Start logging into `folder`; False (and no log) when it cannot be written."""
    if _state["installed"]:
        return True
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = _QuietLog(
            folder / LOG_NAME, maxBytes=max_bytes, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError:
        return False
    previous = _previous_run(folder / LOG_NAME)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    _logger.addHandler(handler)
    _logger.setLevel(logging.INFO)
    _logger.propagate = False
    _state["installed"] = True
    if previous is not None:
        _logger.warning(
            "the previous run left no exit line (killed, crashed hard or lost power): %s",
            previous.split(" ", 3)[-1],
        )
    frozen = "frozen" if getattr(sys, "frozen", False) else "source"
    _logger.info(
        "%s%d version %s (%s) python %s on %s, argv %s",
        _START, os.getpid(), _version(), frozen, sys.version.split()[0], sys.platform,
        sys.argv[1:],
    )  # fmt: skip
    faults = _open_faults(folder)
    if faults is not None:
        _state["faults"] = faults
        faulthandler.enable(file=faults, all_threads=True)
    _hook_exceptions()
    if hasattr(signal, "SIGTERM") and threading.current_thread() is threading.main_thread():
        previous_term = signal.getsignal(signal.SIGTERM)
        if previous_term in (signal.SIG_DFL, None):
            signal.signal(signal.SIGTERM, _on_sigterm)
    atexit.register(_at_exit)
    return True


def note(message: str, *args: object) -> None:
    if _state["installed"]:
        _logger.info(message, *args)


def note_exit(code: int, how: str = "") -> None:
    if _state["installed"] and not _state["exited"]:
        _state["exited"] = True
        _logger.info("%s%d status %s%s", _EXIT, os.getpid(), code, f" ({how})" if how else "")
        for handler in _logger.handlers:
            handler.flush()


def _log_exception(
    where: str, kind: type[BaseException], error: BaseException, tb: TracebackType | None
) -> None:
    text = "".join(traceback.format_exception(kind, error, tb)).rstrip()
    _logger.error("unhandled exception in %s:\n%s", where, text)


def _hook_exceptions() -> None:
    previous_sys = sys.excepthook
    previous_thread = threading.excepthook

    def sys_hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        _log_exception("the main thread (or a Qt slot)", kind, error, tb)
        previous_sys(kind, error, tb)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            name = args.thread.name if args.thread is not None else "?"
            _log_exception(f"thread {name}", args.exc_type, args.exc_value, args.exc_traceback)
        previous_thread(args)

    sys.excepthook = sys_hook
    threading.excepthook = thread_hook


def install_qt_messages() -> None:
    """Qt's warnings, errors and fatal messages into the log too (still printed as before)."""
    if not _state["installed"]:
        return
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    levels = {
        QtMsgType.QtWarningMsg: logging.WARNING,
        QtMsgType.QtCriticalMsg: logging.ERROR,
        QtMsgType.QtFatalMsg: logging.CRITICAL,
    }
    previous: list[Any] = []

    def handler(kind: QtMsgType, context: object, message: str) -> None:
        level = levels.get(kind)
        if level is not None:
            _logger.log(level, "Qt: %s", message)
        if previous and previous[0] is not None:
            previous[0](kind, context, message)
        elif level is not None:
            with contextlib.suppress(OSError, ValueError):  # a terminal that went away
                print(message, file=sys.stderr)

    previous.append(qInstallMessageHandler(handler))


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    _logger.warning("terminated by signal %d (SIGTERM)", signum)
    note_exit(128 + signum, "SIGTERM")
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)


def _at_exit() -> None:
    if not _state["exited"]:
        note_exit(-1, "the interpreter shut down without an exit status from the launcher")
