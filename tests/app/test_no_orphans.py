"""Nothing is left behind: however the app ends, its computer players' process ends too.

The real app (`--demo`: four computer players, saving after every move) is started, its
whole process tree is read (psutil: Linux, Windows and macOS alike) once the worker is up,
and the app is then ended by kill -9 (TerminateProcess on Windows) or by SIGTERM. Five
seconds later no process of that tree may be alive: on Linux the kernel ends the worker
(PR_SET_PDEATHSIG), on Windows the worker's thread waiting on the app's process handle, on
macOS the worker's poll of its parent PID (app/bot_runner.py `_end_with_parent`). SIGTERM is
a polite request: the app closes as Quit does, so the game is saved and loads again.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from kaiser_desktop.app.storage import GameStore
from tests.app.test_kill_resume import REPO, app_env, app_process, read_save

GRACE_S = 5.0


def _alive(proc: psutil.Process) -> bool:
    try:  # is_running() also tells a reused PID from the process that had it
        return proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _is_worker(proc: psutil.Process) -> bool:
    """multiprocessing's spawned worker: `python -c "...spawn_main(...)" --multiprocessing-fork`,
    or a frozen app's `kaiser-desktop --multiprocessing-fork ...`."""
    try:
        return "--multiprocessing-fork" in proc.cmdline()
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return False


APP = [sys.executable, "-m", "kaiser_desktop"]


def start_and_read_tree(
    folder: Path, app_command: list[str] = APP
) -> tuple[subprocess.Popen[bytes], list[psutil.Process]]:
    """Start the app (`app_command`: this Python's, or a frozen bundle's) and, once its
    computer players have moved, every process of its tree (the app's own process first)."""
    store = GameStore(folder)
    app = subprocess.Popen(
        [*app_command, "--demo", "--seed", "5"],
        env=app_env(folder),
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    # The worker is up once the bots have moved.
    while True:
        assert app.poll() is None, "the app stopped by itself"
        assert time.monotonic() < deadline, "the app never started its computer players"
        if read_save(store) is not None:
            main = app_process(app)
            tree = [main, *main.children(recursive=True)]
            if any(_is_worker(proc) for proc in tree):
                return app, tree
        time.sleep(0.1)


def end_app(app: subprocess.Popen[bytes], tree: list[psutil.Process]) -> None:
    """kill -9 the app's own process (TerminateProcess on Windows), nothing else of its tree."""
    tree[0].kill()
    app.wait(10)


def left_alive(tree: list[psutil.Process]) -> list[str]:
    deadline = time.monotonic() + GRACE_S
    while any(_alive(proc) for proc in tree) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = []
    for proc in tree:
        if _alive(proc):
            try:
                left.append(" ".join(proc.cmdline()))
                proc.kill()  # never leave them to the next test either
            except psutil.NoSuchProcess:
                pass
    return left


def test_kill_9_leaves_no_process_of_the_app_behind(tmp_path: Path) -> None:
    app, tree = start_and_read_tree(tmp_path / "data")
    assert any(_is_worker(proc) for proc in tree[1:])
    end_app(app, tree)
    assert left_alive(tree) == []


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no polite SIGTERM to send")
def test_sigterm_saves_the_game_and_leaves_nothing_behind(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    app, tree = start_and_read_tree(folder)
    tree[0].send_signal(signal.SIGTERM)
    assert app.wait(20) == 0  # closed as Quit closes, not killed by the signal
    assert left_alive(tree) == []
    loaded = GameStore(folder).load()
    assert loaded.message is None and loaded.state is not None
