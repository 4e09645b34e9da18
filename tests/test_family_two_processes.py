"""Two app processes on this machine at one family table (issue 24): the host's app and a
joining app, each with its window (offscreen), a scripted person clicking each table, two
computers. In the second hand the host drops the joining person's connection mid-trick;
their app rejoins with its token and plays on. Every view the joining app showed is
compared with the host's own view of that seat when it was sent.

The whole game, and the same on two Xvfb screens with pictures, is the command
`python -m kaiser_lab.family_drill pair [--screens]` (docs/BENCHMARKS.md)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


@pytest.mark.slow
def test_two_processes_play_three_hands_with_a_drop_and_a_rejoin() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kaiser_lab.family_drill", "pair", "--hands", "3",
         "--pace", "0", "--seed", "4"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, done.stdout + done.stderr
    report = json.loads(lines[-1])
    assert report["hands"] >= 3, report
    assert report["drops"] == 1 and report["rejoins"] >= 1, report
    assert report["joined_app_said_lost"] >= 1, report
    assert report["views_compared"] > 50, report
    assert report["diverging"] == 0 and report["never_sent"] == 0, report
    assert report["exit_codes"] == [0, 0], report
    assert done.returncode == 0, report
