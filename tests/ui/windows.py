"""What tests do with a window, from outside it (no test hooks in the window itself)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QDialog, QWidget

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT, Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.rules import Phase, RuleSet, Seat
from kaiser_desktop.ui.main_window import MainWindow

if TYPE_CHECKING:  # not at run time: the scripts a test runs in a fresh process import this
    from pytestqt.qtbot import QtBot


class NewTable(Protocol):
    """What the `new_table` fixture (tests/ui/conftest.py) is: a game in its window."""

    def __call__(
        self,
        *,
        rules: RuleSet | None = None,
        seed: int = 4,
        pace: Pace = INSTANT,
        level: str | None = "basic",
        seating: Seating | None = None,
        size: tuple[int, int] | None = (1024, 700),
        settings: Settings | None = None,
        statistics: Statistics | None = None,
        claims: bool = False,
        shown: bool = True,
    ) -> tuple[GameController, MainWindow]: ...


def make_table(
    *,
    rules: RuleSet | None = None,
    seed: int = 4,
    pace: Pace = INSTANT,
    level: str | None = "basic",
    seating: Seating | None = None,
    size: tuple[int, int] | None = (1024, 700),
    settings: Settings | None = None,
    statistics: Statistics | None = None,
    claims: bool = False,
    shown: bool = True,
) -> tuple[GameController, MainWindow]:
    """A game in its window, as `new_table` makes it, for a script with no pytest (a check
    in a fresh process): the caller stops the controller and closes the window."""
    controller = GameController(
        rules,
        seed=seed,
        pace=pace,
        level=level,
        seating=seating,
        claims=claims,
        statistics=statistics,
    )
    window = MainWindow(controller, settings=settings, statistics=statistics)
    if size is not None:
        window.resize(*size)
    if shown:
        window.show()
    return controller, window


def open_dialogs(window: QWidget) -> list[QDialog]:
    """The window's modeless dialogs showing now."""
    return [d for d in window.findChildren(QDialog) if d.isVisible()]


def shown_window(
    qtbot: QtBot,
    controller: GameController,
    size: tuple[int, int] | None,
    settings: Settings | None = None,
) -> MainWindow:
    """The game's window for `controller`, at `size` (None: its own), on screen."""
    window = MainWindow(controller, settings=settings)
    qtbot.addWidget(window)
    if size is not None:
        window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def wait_for_south(qtbot: QtBot, controller: GameController, phase: Phase | None = None) -> None:
    def ready() -> None:
        assert controller.waiting_for_human() == Seat.S
        if phase is not None:
            assert controller.state.phase is phase

    qtbot.waitUntil(ready, timeout=10_000)
