"""`kaiser-desktop --self-test` is the packaged app's smoke test: it must pass headless."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kaiser_desktop.self_test import SELF_TEST_FOLDER_PREFIX, remove_stale_self_test_folders


@pytest.mark.slow(seconds=20)  # the app's self-test in a process
def test_self_test_passes_offscreen() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run(
        [sys.executable, "-m", "kaiser_desktop", "--self-test", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=180,  # the self-test's own guard is 120 s
        env=env,
    )
    assert out.returncode == 0, out.stderr
    assert "self-test OK" in out.stdout


def test_bad_rules_are_refused() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "kaiser_desktop", "--self-test", "--rules", '{"kitty": 3}'],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )
    assert out.returncode != 0
    assert "bad --rules" in out.stderr


def test_folders_of_killed_self_tests_are_removed(tmp_path: Path) -> None:
    """A self-test killed mid-run leaves its temp folder; the next self-test removes it."""
    stale = tmp_path / f"{SELF_TEST_FOLDER_PREFIX}abc123"
    (stale / "logs").mkdir(parents=True)
    (stale / "logs" / "run.log").write_text("x")
    old = time.time() - 2 * 3600
    os.utime(stale, (old, old))
    running = tmp_path / f"{SELF_TEST_FOLDER_PREFIX}now456"  # a self-test running now
    running.mkdir()
    other = tmp_path / "someone-elses-folder"
    other.mkdir()
    os.utime(other, (old, old))
    assert remove_stale_self_test_folders(tmp_path) == 1
    assert not stale.exists() and running.is_dir() and other.is_dir()
