"""Nothing is left behind: however the app ends, its computer players' process ends too.

The real app (`--demo`: four computer players, saving after every move) is started, its
whole process tree is read from /proc once the worker is up, and the app is then ended by
kill -9 or by SIGTERM. Five seconds later no process of that tree may be alive. SIGTERM is a
polite request: the app closes as Quit does, so the game is saved and loads again.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kaiser_desktop.app.storage import GameStore
from tests.app.test_kill_resume import REPO, app_env, read_save

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc (Linux)"
)
GRACE_S = 5.0


def _stat(pid: int) -> tuple[int, str] | None:
    """(parent PID, state letter) of a process, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), fields[0]


def _alive(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[1] not in ("Z", "X")


def _descendants(root: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := _stat(int(entry.name))) is not None:
            children.setdefault(stat[0], []).append(int(entry.name))
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


APP = [sys.executable, "-m", "kaiser_desktop"]


def start_and_read_tree(
    folder: Path, app_command: list[str] = APP
) -> tuple[subprocess.Popen[bytes], set[int]]:
    """Start the app (`app_command`: this Python's, or a frozen bundle's) and, once its
    computer players have moved, every process of its tree."""
    store = GameStore(folder)
    app = subprocess.Popen(
        [*app_command, "--demo", "--seed", "5"],
        env=app_env(folder),
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    # The worker (and multiprocessing's resource tracker) are up once the bots have moved.
    while read_save(store) is None or len(_descendants(app.pid)) < 2:
        assert app.poll() is None, "the app stopped by itself"
        assert time.monotonic() < deadline, "the app never started its computer players"
        time.sleep(0.1)
    return app, _descendants(app.pid)


def left_alive(tree: set[int]) -> list[str]:
    deadline = time.monotonic() + GRACE_S
    while any(_alive(pid) for pid in tree) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in tree if _alive(pid)]
    for pid in left:  # never leave them to the next test either
        os.kill(pid, signal.SIGKILL)
    return [Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ") for pid in left]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9 (POSIX)")
def test_kill_9_leaves_no_process_of_the_app_behind(tmp_path: Path) -> None:
    app, tree = start_and_read_tree(tmp_path / "data")
    app.send_signal(signal.SIGKILL)
    app.wait(10)
    assert tree and left_alive(tree) == []


def test_sigterm_saves_the_game_and_leaves_nothing_behind(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    app, tree = start_and_read_tree(folder)
    app.send_signal(signal.SIGTERM)
    assert app.wait(20) == 0  # closed as Quit closes, not killed by the signal
    assert tree and left_alive(tree) == []
    loaded = GameStore(folder).load()
    assert loaded.message is None and loaded.state is not None
