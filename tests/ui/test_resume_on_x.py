"""Saved games start under a real X server (xcb, Xvfb + openbox) wherever the pointer rests.

The crash of issue 34: a game saved during the play, started with the pointer resting over
South's hand, died with a segmentation fault at every start. Qt 6.11's
QGraphicsItem.unsetCursor, on an item under a pointer resting in a view that has had no
mouse move yet, reads the view's stored mouse event while it is still empty; the restore's
replay made the card under the pointer unplayable and so reached it. The card items no
longer set cursors: the view owns the pointer's shape (TableView.show_pointer).

Each start is the real app in its own process (kaiser_lab/x_resume.py); a start is good when
the table came up and stayed (the start marker of app/start_guard.py came and went) and the
app then quit cleanly on SIGTERM.
"""

from __future__ import annotations

import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from kaiser_desktop.app.start_guard import MARKER_NAME
from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.rules import Phase
from kaiser_lab.x_resume import (
    POINTERS,
    Save,
    StartResult,
    XScreen,
    busy,
    missing_tools,
    phase_saves,
    prepare_home,
    run_start,
    start_once,
)

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Xvfb and openbox: Linux")


@pytest.fixture(scope="module")
def saves() -> dict[str, Save]:
    missing = missing_tools()
    if missing and os.environ.get("CI"):
        pytest.fail(f"CI must install {missing} (.ci/run does)")
    if missing:
        pytest.skip(f"needs {missing}: apt-get install xvfb openbox xdotool")
    return {save.name: save for save in phase_saves()}


def described(results: list[StartResult]) -> str:
    return "; ".join(
        f"{r.save}/{r.pointer}: steady {r.steady}, code {r.code} {r.stderr_tail[-300:]!r}"
        for r in results
        if r.crashed
    )


def test_a_game_saved_mid_trick_starts_with_the_pointer_over_the_hand(
    saves: dict[str, Save],
) -> None:
    """The report's case, solo and family: before the fix both exited with -11 (SIGSEGV)."""
    with XScreen() as screen:
        results = [
            start_once(screen, saves[name], "hand") for name in ("mid_trick", "family_mid_trick")
        ]
    assert not any(r.crashed for r in results), described(results)


def burners_needed() -> int:
    """One CPU-bound process beside the starts, unless other xdist workers run the suite
    beside this test (as on CI, where the bundle build and the random-input runs start with
    it): there the burner only slowed the suite, a core spun for the minute the test takes."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    return 0 if workers > 1 else 1


@pytest.mark.slow(seconds=60)  # every phase started on a real X server
def test_every_phase_starts_wherever_the_pointer_rests_on_a_busy_machine(
    saves: dict[str, Save],
) -> None:
    """Every save (deal to game over, solo and family) × pointer over the hand, over the
    trick and elsewhere: one X screen per pointer place, side by side, beside a busy core."""

    def start_all(pointer: str) -> list[StartResult]:
        with XScreen() as screen:
            return [start_once(screen, save, pointer) for save in saves.values()]

    with busy(burners_needed()), ThreadPoolExecutor(len(POINTERS)) as pool:
        results = [r for batch in pool.map(start_all, POINTERS) for r in batch]
    assert len(results) == len(saves) * len(POINTERS) == 36
    assert not any(r.crashed for r in results), described(results)


# The app as usual, but its restore dies as the reported crash did.
CRASHING_START = (
    "import os, signal, sys\n"
    "from kaiser_desktop.app.controller import GameController\n"
    "GameController.resume = lambda *args, **kwargs: os.kill(os.getpid(), signal.SIGSEGV)\n"
    "from kaiser_desktop.__main__ import main\n"
    "sys.exit(main())\n"
)


def test_after_a_start_that_crashed_one_key_carries_on_from_the_start_of_the_hand(
    saves: dict[str, Save],
) -> None:
    save = saves["mid_trick"]
    hand = save.state.hand
    assert hand is not None and hand.tricks
    with XScreen() as screen, tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        data = prepare_home(home, save)
        crashed = run_start(
            screen, home, data, save.name, "elsewhere", [sys.executable, "-c", CRASHING_START]
        )
        assert crashed.code == -11 and not crashed.steady
        assert (data / MARKER_NAME).exists()  # the dead start left its mark

        asked: list[bool] = []

        def answer(screen: XScreen) -> None:
            if not asked and screen.has_window("Your saved game"):
                asked.append(True)
                screen.press("Return")  # the default: carry on from the start of this hand

        again = run_start(screen, home, data, save.name, "hand", answer=answer)
        assert asked, "no question about the start that died"
        assert again.steady and again.code == 0, again.stderr_tail
        resumed = GameStore(data).load().state
        assert resumed is not None and resumed.hand is not None
        # The same hand, dealt again as it was, before anything was bid or played...
        assert resumed.hand.number == hand.number and resumed.hand.deal == hand.deal
        assert resumed.hand.tricks == () and resumed.phase in (Phase.BIDDING, Phase.REDEAL)
        # ...or moved on by the computers; and the game as it was is kept aside.
        assert [p.name for p in data.glob("autosave.corrupt-*.json")]
