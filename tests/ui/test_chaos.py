"""Random input against the real window (kaiser_desktop.chaos), each run in a subprocess.

Before the card items owned their animations, these runs died with SIGSEGV within 40 s on
every seed (New game during play freed an animation twice). A crash, a Python exception in
any slot, or a Qt warning about a deleted object fails the test.

Each run must also finish a hand under the random input. On a loaded machine 45 s held
fewer moves of the game than the events that end it, and "no hand was finished" failed; the
runs now go on past their time, without ending the game, until a hand is scored
(`finish_a_hand`, bounded by a count of events, not by seconds).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from kaiser_desktop.chaos import run_in_subprocess

SEEDS = (11, 12, 13)
SECONDS = 45.0


@pytest.mark.slow(seconds=100)  # three 45 s runs side by side, each until a hand is scored
def test_random_input_never_crashes_or_raises() -> None:
    # The three runs go side by side: a subprocess each, so the wall time is one run's.
    with ThreadPoolExecutor(len(SEEDS)) as pool:
        reports = list(
            pool.map(lambda seed: run_in_subprocess(SECONDS, seed, finish_a_hand=True), SEEDS)
        )
    for seed, report in zip(SEEDS, reports, strict=True):
        assert not report["crashed"], f"seed {seed} crashed: {report.get('stderr_tail')}"
        assert report["exceptions"] == [], f"seed {seed}: {report['exceptions'][0]}"
        assert report["qt_warnings"] == [], f"seed {seed}: {report['qt_warnings']}"
        assert report["returncode"] == 0
        # The run really did what it is for: many events, New game during play included.
        assert report["events"] > 100
        assert report["new_games"] >= 3  # the first game, plus New game during play
        assert report["hands"] >= 1, f"seed {seed}: no hand was finished"
