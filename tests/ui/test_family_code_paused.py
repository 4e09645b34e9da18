"""When strangers tried wrong table codes, the host's window asks, in plain words, whether to
let the code work again; the safe answer (Not now) is the default."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from kaiser_desktop import family
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.family_play.family_session import HostSession
from kaiser_desktop.rules import RuleSet
from kaiser_desktop.ui.main_window import MainWindow


class PausedTable(QObject):
    """A hosted table's face as `watch_wrong_codes` sees it."""

    code_paused = Signal(bool)

    def __init__(self) -> None:
        super().__init__()
        self.allowed = 0

    def allow_code_again(self) -> bool:
        self.allowed += 1
        return True


def window_and_table(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, PausedTable]:
    window = MainWindow(GameController(RuleSet(), seed=1), settings=Settings(tmp_path / "s.ini"))
    qtbot.addWidget(window)
    table = PausedTable()
    family.watch_wrong_codes(window, cast(HostSession, table))
    return window, table


def answering(press: str | None, seen: list[QMessageBox]) -> Any:
    """A run_dialog that looks at the box and presses `press` (None: Enter)."""

    def run(box: QDialog) -> int:
        assert isinstance(box, QMessageBox)
        seen.append(box)
        box.show()
        if press is None:
            cast(QPushButton, box.defaultButton() or box.buttons()[0]).click()
        else:
            button = next(b for b in box.buttons() if b.text() == press)
            cast(QPushButton, button).click()
        return 0

    return run


def test_enter_keeps_the_code_paused_and_the_button_lets_them_try(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, table = window_and_table(qtbot, tmp_path)
    seen: list[QMessageBox] = []
    window.run_dialog = answering(None, seen)
    table.code_paused.emit(True)
    (box,) = seen
    assert box.text() == (
        "Someone tried a wrong table code 4 times. Nobody new can join with this code for now."
    )
    assert [b.text() for b in box.buttons()] == ["Let them try again", "Not now"]
    assert box.defaultButton().text() == "Not now" == box.escapeButton().text()
    assert table.allowed == 0
    window.run_dialog = answering("Let them try again", seen)
    table.code_paused.emit(True)
    assert table.allowed == 1


def test_once_it_cannot_be_allowed_the_host_is_told_how_to_go_on(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, table = window_and_table(qtbot, tmp_path)
    seen: list[QMessageBox] = []
    window.run_dialog = answering(None, seen)
    table.code_paused.emit(False)
    (box,) = seen
    assert "host it again" in box.text() and table.allowed == 0
    assert [b.text() for b in box.buttons()] == ["OK"]
    assert box.textFormat() in (Qt.TextFormat.AutoText, Qt.TextFormat.PlainText)
