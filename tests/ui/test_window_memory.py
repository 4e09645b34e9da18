"""Dialogs the window opens are freed once closed: nothing piles up under long use.

The random-input run (kaiser_desktop.chaos) opens the welcome, settings, statistics and
about boxes hundreds of times an hour. Each was the window's child and was only hidden when
answered, never deleted, so every one opened stayed in memory with its widgets, fonts and
card pictures: the window's memory climbed with every box (issue 29, point 2).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from tests.app.test_autosave import Table

CYCLES = 4


@pytest.fixture
def table(qtbot: QtBot, tmp_path: Path) -> Iterator[Table]:
    made = Table(qtbot, tmp_path)
    yield made
    made.close()


def settle() -> None:
    """Runs the deletions Qt postponed (deleteLater), as the event loop would."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QCoreApplication.processEvents()


def answer_next_box(accept: bool, seen: list[str]) -> None:
    """Answers the modal box about to open, as a person would (from inside its own loop)."""

    def answer() -> None:
        modal = QApplication.activeModalWidget()
        if modal is None:  # not up yet: look again
            QTimer.singleShot(10, answer)
            return
        seen.append(type(modal).__name__)
        if isinstance(modal, QDialog):
            modal.accept() if accept else modal.reject()
        else:
            modal.close()

    QTimer.singleShot(10, answer)


def live_dialogs(window: QWidget) -> list[str]:
    return sorted(type(d).__name__ for d in window.findChildren(QDialog))


@pytest.mark.parametrize(
    ("name", "box"),
    [
        ("settings_action", "SettingsDialog"),
        ("statistics_action", "StatisticsDialog"),
        ("welcome_action", "WelcomeDialog"),
        ("about_action", "QMessageBox"),
    ],
)
def test_a_modal_box_answered_again_and_again_leaves_nothing_behind(
    table: Table, name: str, box: str
) -> None:
    window = table.window
    action: QAction = getattr(window, name)
    settle()
    before = live_dialogs(window)
    seen: list[str] = []
    for cycle in range(CYCLES):
        answer_next_box(accept=cycle % 2 == 1, seen=seen)
        action.trigger()  # returns once the box is answered
    settle()
    assert seen == [box] * CYCLES  # each time, the box really was up
    assert live_dialogs(window) == before


def test_modeless_boxes_closed_are_freed(table: Table) -> None:
    window = table.window
    settle()
    for _ in range(CYCLES):
        window.rules_action.trigger()
    assert live_dialogs(window) == ["RulesDialog"] * CYCLES
    for dialog in window.open_dialogs():
        dialog.close()
    settle()
    assert live_dialogs(window) == []
