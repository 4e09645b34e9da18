"""`kaiser-desktop --self-test` is the packaged app's smoke test: it must pass headless."""

from __future__ import annotations

import os
import subprocess
import sys


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
