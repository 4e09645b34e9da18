"""The window fixtures the ui tests share: `new_table` makes a game in its window (the
tests' one way to build a MainWindow around a GameController), `table` is its default."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.ui.main_window import MainWindow
from tests.ui.windows import NewTable, make_table


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
    dealt. `statistics` go to the game and the window, as in the app; `claims` lets the
    controller offer claims; `shown=False` leaves the window off screen. Every controller
    is stopped after the test (tests/conftest.py)."""

    def make(**options: Any) -> tuple[GameController, MainWindow]:
        controller, window = make_table(**options)
        qtbot.addWidget(window)
        if options.get("shown", True):
            qtbot.waitExposed(window)
        return controller, window

    return cast(NewTable, make)  # make_table's keywords, as NewTable spells them


@pytest.fixture
def app_table(
    new_table: NewTable, settings_file: Settings, tmp_path: Path
) -> tuple[GameController, MainWindow]:
    """A game in its window with a settings file and statistics, as the app has them (every
    menu's box there: Settings, Statistics, Welcome), seed 3, at 1000x720, not yet dealt."""
    return new_table(
        seed=3, size=(1000, 720), settings=settings_file, statistics=Statistics.beside(tmp_path)
    )


@pytest.fixture
def table(new_table: NewTable) -> Iterator[tuple[GameController, MainWindow]]:
    """A game of the standard rules (seed 4, computers at Basic, no animation waits) in
    its window at 1024x700, on screen, not yet dealt."""
    controller, window = new_table()
    yield controller, window
    controller.stop()
