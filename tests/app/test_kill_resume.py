"""The real app, killed with SIGKILL (TerminateProcess on Windows) at random moments, never
loses the game.

Each round starts `python -m kaiser_desktop --demo` (four computer players at a fast pace,
saving after every move) on the same data folder, waits until it has moved the game on,
kills it at a random moment (often mid-animation), and then checks that:
- the save loads cleanly (a state, no message);
- `--check-resume` (the real window, offscreen) resumes exactly the saved state, with the
  table showing the same cards;
- the game continued from the previous round's save (its record is a prefix of this one).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

from kaiser_desktop.app.storage import GameStore

REPO = Path(__file__).resolve().parents[2]
ROUNDS = 6
MOVE_TIMEOUT_S = 30.0


def is_prefix(old: Any, new: Any) -> bool:
    """Whether the record `new` continues `old`: every list in `old` starts `new`'s."""
    if isinstance(old, list):
        return (
            isinstance(new, list)
            and len(old) <= len(new)
            and all(is_prefix(a, b) for a, b in zip(old, new, strict=False))
        )
    if isinstance(old, dict):
        return isinstance(new, dict) and all(
            k in new and is_prefix(v, new[k]) for k, v in old.items()
        )
    return bool(old == new)


def app_env(folder: Path) -> dict[str, str]:
    return {
        **os.environ,
        "KAISER_DESKTOP_DATA_DIR": str(folder),
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    }


def app_process(popen: subprocess.Popen[Any]) -> psutil.Process:
    """The process that runs the app. Usually `popen`'s own; on Windows a virtual
    environment's python.exe is a launcher that runs the real interpreter as its child with
    the same arguments, and killing the launcher would leave the app running."""
    proc = psutil.Process(popen.pid)
    for _ in range(20):  # the launcher may not have started its child yet
        try:
            children = proc.children()
            if len(children) == 1 and children[0].cmdline()[1:] == proc.cmdline()[1:]:
                return children[0]
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            break
        if sys.platform != "win32" or sys.prefix == sys.base_prefix:
            break
        time.sleep(0.05)
    return proc


def kill_app(popen: subprocess.Popen[Any]) -> None:
    """kill -9 (TerminateProcess on Windows) the app's own process, and reap it."""
    with contextlib.suppress(psutil.NoSuchProcess):
        app_process(popen).kill()
    popen.wait(10)


def read_save(store: GameStore) -> str | None:
    try:
        return store.save_path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


@pytest.mark.slow(seconds=20)  # the app killed and started again, many times
def test_kill_9_at_random_moments_and_resume(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    store = GameStore(folder)
    env = app_env(folder)
    seed = random.randrange(1 << 20)
    rng = random.Random(seed)
    previous: dict[str, Any] | None = None
    kills = 0
    for round_number in range(ROUNDS):
        before = read_save(store)
        child = subprocess.Popen(
            [sys.executable, "-m", "kaiser_desktop", "--demo", "--seed", "11"],
            env=env,
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            # Wait until this run has moved the game on, then kill it at a random moment.
            deadline = time.monotonic() + MOVE_TIMEOUT_S
            while read_save(store) in (None, before):
                assert child.poll() is None, child.stderr.read() if child.stderr else ""
                assert time.monotonic() < deadline, "the resumed game did not move on"
                time.sleep(0.02)
            time.sleep(rng.uniform(0.0, 1.2))
        finally:
            kill_app(child)
        kills += 1
        where = f"round {round_number}, seed {seed}"
        # POSIX: killed by SIGKILL; Windows: the exit code TerminateProcess was given.
        assert child.returncode == -9 if os.name == "posix" else child.returncode != 0, where

        loaded = store.load()
        if loaded.state is None and store.last_game_path.exists():
            previous = None  # the game ended in this round; the next round starts afresh
            continue
        assert loaded.message is None, f"{where}: {loaded.detail}"
        assert loaded.state is not None, where
        saved = json.loads(store.save_path.read_text(encoding="utf-8"))

        check = subprocess.run(
            [sys.executable, "-m", "kaiser_desktop", "--check-resume"],
            env=env,
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert check.returncode == 0, f"{where}: {check.stderr}"
        resumed = json.loads(check.stdout.strip().splitlines()[-1])
        assert resumed["message"] is None, where
        assert resumed["record"] == saved, f"{where}: the resumed game differs from the save"
        assert resumed["table_matches"], f"{where}: the table does not show the saved hands"
        hand = loaded.state.hand
        if hand is not None and hand.current is not None:
            assert resumed["trick_on_table"] == [c.text for c in hand.current.cards], where
        assert resumed["to_act"] == (loaded.state.to_act.text if loaded.state.to_act else None)
        # The resumed run carried on the same game rather than starting another.
        if previous is not None:
            assert is_prefix(previous["hands"], saved["hands"]), f"{where}: the game restarted"
            assert saved != previous, where
        previous = saved
    assert kills >= 5
