"""What a frozen app leaves for CI and for a post-mortem: the self-test's verdict file, its
hand cap, and the crash log in the data folder (kaiser_desktop/crash_log.py)."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def python(code: str, tmp: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", code], cwd=tmp, env=env, capture_output=True, text=True,
        timeout=timeout,
    )  # fmt: skip


def test_self_test_writes_its_verdict_and_stops_at_the_hand_cap(tmp_path: Path) -> None:
    # Random bots rarely reach 52: without the cap this game would run into the time limit.
    result = tmp_path / "verdict.json"
    proc = python(
        "import sys; from pathlib import Path; from kaiser_desktop.self_test import run_self_test\n"
        f"sys.exit(run_self_test(level='random', seed=5, pace=0.0, hand_cap=3, "
        f"result_file=Path({str(result)!r})))",
        tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    verdict = json.loads(result.read_text(encoding="utf-8"))
    assert verdict["ok"] is True and verdict["failures"] == []
    assert verdict["french"] is True  # the catalogues and Qt's French load and answer
    # Family play: a table hosted and joined over the real link on 127.0.0.1.
    assert verdict["family"] is True and "self-test family play: works" in proc.stdout
    assert verdict["level"] == "random"
    assert verdict["hands"] >= 3
    assert verdict["capped"] is (verdict["hands"] >= 3 and "won" not in verdict["summary"])
    assert verdict["summary"] in proc.stdout
    # The interpreter that ran it (compared across the OSes by the workflow), and the sound
    # output it opened: a real device's backend, or miniaudio's null device on a machine
    # without one.
    assert verdict["python"] == platform.python_version()
    assert f"self-test python: {verdict['python']}" in proc.stdout
    assert verdict["audio"].split()[0] in {
        "null", "pulseaudio", "alsa", "jack", "wasapi", "dsound", "winmm", "coreaudio"
    }, verdict["audio"]  # fmt: skip
    assert f"self-test audio: {verdict['audio']}" in proc.stdout


def test_a_failed_self_test_says_so_in_the_verdict_file(tmp_path: Path) -> None:
    result = tmp_path / "verdict.json"
    # A 0.2 s time limit: the game cannot finish, so the verdict must be a failure.
    proc = python(
        "import sys; from pathlib import Path; import kaiser_desktop.self_test as st\n"
        "st.TIME_LIMIT_S = 0.2; st.LEVEL_TIME_LIMITS_S.clear()\n"
        f"sys.exit(st.run_self_test(level='basic', result_file=Path({str(result)!r})))",
        tmp_path,
    )
    assert proc.returncode == 1
    verdict = json.loads(result.read_text(encoding="utf-8"))
    assert verdict["ok"] is False
    assert any("did not finish" in failure for failure in verdict["failures"]), verdict


@pytest.mark.slow(seconds=20)  # the launcher and a self-test in a process
def test_the_launcher_passes_the_result_file_on(tmp_path: Path) -> None:
    result = tmp_path / "out.json"
    proc = subprocess.run(
        [sys.executable, "-m", "kaiser_desktop", "--self-test", "--level", "basic", "--seed", "3",
         "--result-file", str(result)],
        cwd=ROOT, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), capture_output=True,
        text=True, timeout=180,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(result.read_text(encoding="utf-8"))["ok"] is True


CRASHING_RUN = """
import os, sys, threading
from pathlib import Path
from kaiser_desktop import crash_log
folder = Path(sys.argv[1] if len(sys.argv) > 1 else "logs")
assert crash_log.install(folder)
crash_log.install_qt_messages()
t = threading.Thread(target=lambda: 1 / 0, name="bot-thread")
t.start(); t.join()
from PySide6.QtCore import qWarning
qWarning("a warning from Qt")
try:
    raise KeyError("from a slot")
except KeyError:
    sys.excepthook(*sys.exc_info())
os._exit(0)  # like the unexplained exit: no exit status from the launcher
"""

CLEAN_RUN = """
from pathlib import Path
from kaiser_desktop import crash_log
assert crash_log.install(Path("logs"))
crash_log.note("the last window was closed")
crash_log.note_exit(0, "the event loop ended")
"""


def test_crash_log_keeps_exceptions_and_notices_a_run_that_left_no_exit(tmp_path: Path) -> None:
    first = python(CRASHING_RUN, tmp_path)
    assert first.returncode == 0, first.stderr
    assert "ZeroDivisionError" in first.stderr  # still printed as before, too
    second = python(CLEAN_RUN, tmp_path)
    assert second.returncode == 0, second.stderr
    log = (tmp_path / "logs" / "kaiser-desktop.log").read_text(encoding="utf-8")
    assert "unhandled exception in thread bot-thread" in log and "ZeroDivisionError" in log
    assert "unhandled exception in the main thread" in log and "KeyError: 'from a slot'" in log
    assert "Qt: a warning from Qt" in log
    assert log.count("INFO start pid=") == 2
    assert "the previous run left no exit line" in log
    assert log.rstrip().endswith("status 0 (the event loop ended)")
    assert (tmp_path / "logs" / "faults.log").exists()  # faulthandler's file for hard crashes

    third = python(CLEAN_RUN, tmp_path)  # after a clean exit there is nothing to report
    assert third.returncode == 0
    log = (tmp_path / "logs" / "kaiser-desktop.log").read_text(encoding="utf-8")
    assert log.count("the previous run left no exit line") == 1


def test_crash_log_is_rotated_and_stays_small(tmp_path: Path) -> None:
    proc = python(
        "from pathlib import Path\nfrom kaiser_desktop import crash_log\n"
        "assert crash_log.install(Path('logs'), max_bytes=4096)\n"
        "for i in range(2000): crash_log.note('line %d of filler text', i)\n"
        "crash_log.note_exit(0)\n",
        tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    files = sorted(p.name for p in (tmp_path / "logs").glob("kaiser-desktop.log*"))
    assert files == ["kaiser-desktop.log", "kaiser-desktop.log.1", "kaiser-desktop.log.2"]
    assert all((tmp_path / "logs" / name).stat().st_size <= 4096 for name in files)


def test_crash_log_in_an_unwritable_place_just_stays_off(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    proc = python(
        "from pathlib import Path\nfrom kaiser_desktop import crash_log\n"
        f"print(crash_log.install(Path({str(blocker / 'logs')!r})))\n"
        "crash_log.note('nothing'); crash_log.note_exit(0)\n",
        tmp_path,
    )
    assert proc.returncode == 0 and proc.stdout.strip() == "False", proc.stderr


NETWORK_MODULES = (
    "websockets",
    "zeroconf",
    "ifaddr",
    "ssl",
    "_ssl",
    "asyncio",
    "cryptography",
    "spake2",
)


def test_the_network_libraries_wait_until_family_play_is_used(tmp_path: Path) -> None:
    """What the app imports before its first paint (the launcher, the window, family play's
    menu entry) brings no network library: websockets, zeroconf, ssl and asyncio load when a
    table is hosted or joined (family_play/family_session.py, family.py)."""
    code = (
        "import sys\n"
        "import kaiser_desktop.launcher, kaiser_desktop.family, kaiser_desktop.ui.main_window\n"
        "import kaiser_desktop.family_play.family_session\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {NETWORK_MODULES!r}))\n"
        "import kaiser_desktop.family_play.net_links, kaiser_desktop.family_play.discovery\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({NETWORK_MODULES!r})))\n"
    )
    proc = python(code, tmp_path)
    assert proc.returncode == 0, proc.stderr
    at_start, with_family = proc.stdout.strip().splitlines()
    assert at_start == "[]"
    assert with_family == str(sorted(NETWORK_MODULES))  # the test sees them when they load
