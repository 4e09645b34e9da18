"""The window fixtures the ui tests share: `new_table` makes a game in its window (the
tests' one way to build a MainWindow around a GameController), `table` is its default."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT, Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import RuleSet
from kaiser_desktop.ui.main_window import MainWindow
from tests.ui.windows import NewTable, shown_window


@pytest.fixture
def settings_file(tmp_path: Path) -> Settings:
    """Settings of their own (a file in the test's folder), the welcome already seen."""
    settings = Settings(tmp_path / "settings.ini")
    settings.welcome_done = True
    return settings


@pytest.fixture
def new_table(qtbot: QtBot) -> NewTable:
    """Makes a game of the standard rules (computers at `level`, no animation waits unless
    `pace` says) in its window, on screen at `size` (None: the window's own size), not yet
    dealt. Every controller is stopped after the test (tests/conftest.py)."""

    def make(
        *,
        rules: RuleSet | None = None,
        seed: int = 4,
        pace: Pace = INSTANT,
        level: str | None = "basic",
        seating: Seating | None = None,
        size: tuple[int, int] | None = (1024, 700),
        settings: Settings | None = None,
    ) -> tuple[GameController, MainWindow]:
        controller = GameController(rules, seed=seed, pace=pace, level=level, seating=seating)
        return controller, shown_window(qtbot, controller, size, settings)

    return make


@pytest.fixture
def table(new_table: NewTable) -> Iterator[tuple[GameController, MainWindow]]:
    """A game of the standard rules (seed 4, computers at Basic, no animation waits) in
    its window at 1024x700, on screen, not yet dealt."""
    controller, window = new_table()
    yield controller, window
    controller.stop()
