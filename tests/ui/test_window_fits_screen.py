"""The window on an 800×600 screen (issue 27, point 2): at every text size it never asks
for more than the screen's available area, at start or when the score sheet opens or
closes; the sheet takes its room from the table, and gives it back when it closes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.settings import TEXT_SIZES, Settings
from kaiser_desktop.ui import main_window
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.text_size import apply_application_font
from tests.ui.windows import NewTable

SCREEN = QRect(0, 0, 800, 600)  # what availableGeometry() says on an 800×600 screen
TITLE_BAR_AND_PANEL = 40


@pytest.fixture
def small_screen(monkeypatch: pytest.MonkeyPatch) -> QRect:
    # The offscreen platform's screen is larger: the window is told it is on 800×600.
    def area(widget: QWidget) -> QRect:
        return SCREEN

    monkeypatch.setattr(main_window, "available_area", area, raising=False)
    return SCREEN


@pytest.fixture
def window(
    small_screen: QRect, tmp_path: Path, new_table: NewTable, request: pytest.FixtureRequest
) -> Iterator[MainWindow]:
    settings = Settings(tmp_path / "settings.ini")
    settings.text_size = request.param
    controller, made = new_table(seed=5, level=None, size=None, settings=settings)
    yield made
    controller.stop()
    apply_application_font(1.0)


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def room() -> QSize:
    return SCREEN.size() - QSize(0, TITLE_BAR_AND_PANEL)


def fits(window: MainWindow) -> bool:
    try:
        assert_fits(window, "")
    except AssertionError:
        return False
    return True


def assert_fits(window: MainWindow, when: str) -> None:
    hint, size, least = window.minimumSizeHint(), window.size(), window.minimumSize()
    for what, got in (("minimum size hint", hint), ("size", size), ("minimum size", least)):
        assert got.height() <= room().height(), f"{when}: {what} {got} taller than {room()}"
        assert got.width() <= room().width(), f"{when}: {what} {got} wider than {room()}"


@pytest.mark.parametrize("window", list(TEXT_SIZES), indirect=True)
def test_the_window_fits_an_800x600_screen_with_and_without_the_sheet(
    window: MainWindow,
) -> None:
    settle()
    assert_fits(window, "at start")
    table_alone = window.view.height()
    window.menus.score_sheet_action.trigger()  # View → Score sheet (Ctrl+T)
    settle()
    assert window.score_sheet.isVisible()
    assert_fits(window, "with the score sheet")
    assert window.settings is not None
    if window.settings.text_size == "extra_large":
        # Docked, the sheet would leave the table too short for its words: it floats over
        # the table's lower part, and the table keeps its height (tests/ui/test_cards_in_sight).
        assert window.score_sheet.isFloating()
        assert window.view.height() == table_alone
    else:  # the sheet's room came from the table
        assert not window.score_sheet.isFloating()
        assert window.view.height() < table_alone
    # It shows rows, not its header alone.
    sheet = window.score_sheet.view
    assert sheet.viewport().height() >= 2 * sheet.verticalHeader().defaultSectionSize()
    window.menus.score_sheet_action.trigger()
    settle()
    assert not window.score_sheet.isVisible()
    assert_fits(window, "after closing the score sheet")
    assert window.view.height() == table_alone  # the table has its room back


@pytest.mark.parametrize("window", ["extra_large"], indirect=True)
def test_a_window_saved_taller_than_the_screen_opens_inside_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.resize(800, 700)  # as saved on a larger screen
    assert window.settings is not None
    window.settings.window_geometry = bytes(window.saveGeometry().data())
    again = MainWindow(window.controller, settings=window.settings)
    qtbot.addWidget(again)
    again.show()
    again.score_sheet.show()
    settle()
    assert_fits(again, "opened with a geometry taller than the screen")


@pytest.mark.parametrize("window", ["normal"], indirect=True)
def test_a_larger_text_size_chosen_while_playing_still_fits(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.score_sheet.show()
    settle()
    assert window.settings is not None
    window.settings.text_size = "extra_large"  # Settings → Table → Extra large
    # The fonts, then the rows, then the sheet's place (docked or floating) settle over a
    # few passes of the event loop, more on a loaded machine.
    qtbot.waitUntil(lambda: window.menuBar().sizeHint().height() > 23)  # the menus grew
    qtbot.waitUntil(lambda: fits(window), timeout=5000)
    assert_fits(window, "after choosing Extra large with the sheet open")
    window.score_sheet.hide()
    window.score_sheet.show()
    settle()
    assert_fits(window, "with the sheet opened again at Extra large")


def test_where_docked_the_sheet_leaves_the_table_too_short_it_floats_and_stays(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, new_table: NewTable
) -> None:
    """At Large on a screen a little shorter than 800x600, docking the sheet left the table
    under its least height, so the sheet floated; floating, the room docking would leave
    was guessed too large, so it docked again, and so on, while the person watched."""
    shorter = QRect(0, 0, 800, 595)

    def area(widget: QWidget) -> QRect:
        return shorter

    monkeypatch.setattr(main_window, "available_area", area, raising=False)
    settings = Settings(tmp_path / "settings.ini")
    settings.text_size = "large"
    controller, window = new_table(seed=5, level=None, size=None, settings=settings)
    try:
        settle()
        table_alone = window.view.height()
        window.menus.score_sheet_action.trigger()
        for _ in range(3):
            settle()
        sheet = window.score_sheet
        assert sheet.isFloating()
        assert window.view.height() == table_alone
        moves: list[bool] = []
        sheet.topLevelChanged.connect(moves.append)
        for _ in range(3):
            settle()
        assert moves == []  # it stays where it is
    finally:
        controller.stop()
        apply_application_font(1.0)
