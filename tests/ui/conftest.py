"""The window fixtures the ui tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.rules import RuleSet
from kaiser_desktop.ui.main_window import MainWindow
from tests.ui.windows import shown_window


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[tuple[GameController, MainWindow]]:
    """A game of the standard rules (seed 4, computers at Basic, no animation waits) in
    its window at 1024x700, on screen, not yet dealt."""
    controller = GameController(RuleSet(), seed=4, pace=INSTANT, level="basic")
    yield controller, shown_window(qtbot, controller, (1024, 700))
    controller.stop()
