"""Closing the window waits for every search it started: the computer players, the claims,
and the hints and reviews too (a search left running as Python shuts down fails inside Qt's
thread: "Error calling Python override of QRunnable::run()")."""

from __future__ import annotations

import threading
import time

import pytest
from pytestqt.qtbot import QtBot

import kaiser_desktop.app.hint_runner as hint_runner
from kaiser_desktop.ai import Decision
from kaiser_desktop.rules import PlayerView, Seat
from tests.ui.windows import NewTable, wait_for_south


def test_closing_the_window_waits_for_a_hint_search(
    qtbot: QtBot, new_table: NewTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = threading.Event()
    finished: list[float] = []

    def slow_hint(view: PlayerView, level: str = "expert") -> Decision:
        started.set()
        time.sleep(0.6)  # the search's own length, not a wait for something
        finished.append(time.monotonic())
        return Decision(view.legal[0], "a slow hint")

    monkeypatch.setattr(hint_runner, "hint", slow_hint)
    controller, window = new_table(size=None)
    controller.start()
    wait_for_south(qtbot, controller)
    window.hints.request(controller.view(Seat.S), "expert", controller.serial)
    window.hints.request(controller.view(Seat.S), "expert", controller.serial)  # queued
    assert started.wait(5)
    window.close()
    # The running search has ended and the queued one will never begin.
    assert len(finished) == 1
    time.sleep(0.8)  # nothing more happens: longer than a search takes, none finishes
    assert len(finished) == 1
