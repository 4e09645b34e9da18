"""A full disk never turns the crash log (kaiser_desktop/crash_log.py) into an error: no
"--- Logging error ---" traceback per line on stderr, no exception out of `note_exit` (the
app quit with status 1 and 22 tracebacks), and once the disk has room again the log says
how many lines it lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kaiser_desktop.app.storage import GameStore

ROOT = Path(__file__).resolve().parents[1]

# A file on a full disk, as the operating system has it: writes fill Python's buffer, and
# the flush (or the seek before a rollover) fails with ENOSPC.
FULL_DISK_RUN = """
import errno, io, os, sys, threading
from pathlib import Path
from kaiser_desktop import crash_log

class FullDisk(io.RawIOBase):
    def writable(self): return True
    def seekable(self): return True
    def seek(self, offset, whence=0): return 0
    def tell(self): return 0
    def write(self, data): raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

folder = Path("logs")
assert crash_log.install(folder)
crash_log.install_qt_messages()
handler = crash_log._logger.handlers[0]
real_open = handler._open
handler.stream.close()
handler._open = lambda: io.TextIOWrapper(io.BufferedWriter(FullDisk()), encoding="utf-8")
handler.stream = handler._open()
for n in range(22):
    crash_log.note("a line written while the disk is full: %d", n)
from PySide6.QtCore import qWarning
qWarning("a Qt warning while the disk is full")
t = threading.Thread(target=lambda: 1 / 0, name="bot-thread")
t.start(); t.join()
if sys.argv[1:] == ["room-again"]:
    handler._open = real_open
    crash_log.note("the disk has room again")
crash_log.note_exit(0, "the event loop ended")
"""


def run(code: str, tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=tmp, env=env, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip


def test_a_full_disk_neither_raises_nor_prints(tmp_path: Path) -> None:
    done = run(FULL_DISK_RUN, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Logging error" not in done.stderr
    assert "OSError" not in done.stderr and "No space" not in done.stderr
    # What was printed before is printed still: the thread's exception and Qt's warning.
    assert "ZeroDivisionError" in done.stderr
    assert "a Qt warning while the disk is full" in done.stderr
    log = (tmp_path / "logs" / "kaiser-desktop.log").read_text(encoding="utf-8")
    assert "start pid=" in log  # written before the disk filled
    assert "while the disk is full" not in log and "exit pid=" not in log


def test_once_the_disk_has_room_the_log_says_how_many_lines_it_lost(tmp_path: Path) -> None:
    done = run(FULL_DISK_RUN, tmp_path, "room-again")
    assert done.returncode == 0, done.stderr
    assert "Logging error" not in done.stderr
    lines = (tmp_path / "logs" / "kaiser-desktop.log").read_text(encoding="utf-8").splitlines()
    # 22 notes, the Qt warning and the thread's exception: 24 lines lost.
    assert "24 log line(s) could not be written" in lines[-3]
    assert lines[-2].endswith("the disk has room again")
    assert "exit pid=" in lines[-1] and "status 0" in lines[-1]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_the_app_quits_cleanly_on_sigterm_when_its_log_is_on_a_full_disk(tmp_path: Path) -> None:
    """The real app, its log a link to /dev/full (every write fails with ENOSPC, as on a
    full disk), playing a demo game, then told to quit: status 0, nothing on stderr about
    the log, and the save it left loads."""
    folder = tmp_path / "data"
    (folder / "logs").mkdir(parents=True)
    (folder / "logs" / "kaiser-desktop.log").symlink_to("/dev/full")
    store = GameStore(folder)
    env = dict(
        os.environ,
        KAISER_DESKTOP_DATA_DIR=str(folder),
        QT_QPA_PLATFORM="offscreen",
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        PYTHONPATH=str(ROOT),
    )
    child = subprocess.Popen(
        [sys.executable, "-m", "kaiser_desktop", "--demo", "--seed", "11"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not store.save_path.exists():
            assert child.poll() is None, child.communicate()[1]
            assert time.monotonic() < deadline, "the demo never saved"
            time.sleep(0.02)
        child.send_signal(signal.SIGTERM)
        _, stderr = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, stderr
    assert "Logging error" not in stderr and "Traceback" not in stderr, stderr
    loaded = store.load()
    assert loaded.message is None and loaded.state is not None
