"""The host sees the table code at any time (issue 37.2): on a strip above the table and
under Game → Table code…, in large type, on one line, with Copy."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics, QGuiApplication
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from kaiser_desktop import family
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import RuleSet
from kaiser_desktop.ui.code_panel import CodeBar, CodeLabel, TableCodeDialog
from kaiser_desktop.ui.main_window import MainWindow

pytestmark = pytest.mark.usefixtures("home_network")  # a hosted table is announced

CODE = "maple-river-lantern-otter-427"


def test_a_code_is_never_split_and_shrinks_to_fit_down_to_the_body_size(qtbot: QtBot) -> None:
    label = CodeLabel(45, 27)
    qtbot.addWidget(label)
    label.setText(CODE)
    label.show()
    assert not label.wordWrap()
    label.resize(label.sizeHint())
    assert label.font().pixelSize() == 45
    label.resize(label.minimumSizeHint().width() + 40, 60)
    size = label.font().pixelSize()
    assert 27 <= size < 45
    assert QFontMetrics(label.font()).horizontalAdvance(CODE) <= label.width()
    assert QFontMetrics(label.font()).boundingRect(CODE).height() < 2 * size  # one line
    label.resize(100, 60)
    assert label.font().pixelSize() == 27  # never below the body's size


def test_the_hosts_window_shows_the_code_and_game_table_code_opens_it_with_copy(
    qtbot: QtBot, tmp_path: Path
) -> None:
    settings = Settings(tmp_path / "s.ini")
    settings.text_size = "large"
    window = MainWindow(
        GameController(RuleSet(), seed=3, pace=INSTANT),
        settings=settings,
        play_with_family=family.opener(settings),
    )
    qtbot.addWidget(window)
    window.confirm = lambda title, text: True
    window.resize(800, 600)
    window.show()
    assert not window.menus.table_code_action.isVisible()
    hosted = family.family_starts(window, settings).host("Gran")
    assert not isinstance(hosted, str) and window.hosting is not None
    code = window.hosting.session.code
    bars = window.findChildren(CodeBar)
    assert len(bars) == 1 and bars[0].isVisible()
    assert bars[0].code_label.text() == code
    assert bars[0].code_label.font().pixelSize() >= 22  # large: at least the body size
    assert window.menus.table_code_action.isVisible()
    assert window.menus.table_code_action.text() == "Table &code…"
    shown: list[QDialog] = []

    def run(dialog: QDialog) -> int:
        shown.append(dialog)
        return 0

    window.run_dialog = run
    window.menus.table_code_action.trigger()
    assert len(shown) == 1 and isinstance(shown[0], TableCodeDialog)
    dialog = shown[0]
    qtbot.addWidget(dialog)
    assert dialog.code_label.text() == code and not dialog.code_label.wordWrap()
    QGuiApplication.clipboard().setText("")
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == code
    QGuiApplication.clipboard().setText("")
    bars[0].copy_button.click()
    assert QGuiApplication.clipboard().text() == code
    window.end_hosting()  # the table ends: the code goes with it
    assert not window.menus.table_code_action.isVisible()
    assert all(not bar.isVisible() for bar in window.findChildren(CodeBar))


def test_at_800_by_600_with_extra_large_text_the_table_keeps_its_room(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """There the strip would push the bidding panel over the name plates: the code is then
    under Game → Table code… only, and the strip comes back when the window is taller."""
    settings = Settings(tmp_path / "s.ini")
    settings.text_size = "extra_large"
    window = MainWindow(
        GameController(RuleSet(), seed=3, pace=INSTANT),
        settings=settings,
        play_with_family=family.opener(settings),
    )
    qtbot.addWidget(window)
    window.resize(800, 600)
    window.show()
    assert not isinstance(family.family_starts(window, settings).host("Gran"), str)
    (bar,) = window.findChildren(CodeBar)
    assert not bar.isVisible() and window.menus.table_code_action.isVisible()
    window.resize(1000, 900)
    qtbot.waitUntil(bar.isVisible, timeout=2000)
    window.end_hosting()
