"""Every Tab stop in the window's dialogs shows that it has the focus (issue 27, point 8:
"some Tab stops have no visible focus"). Tab is pressed through each dialog as a keyboard
player would; at each stop the widget's own area is drawn focused and then not focused: the
two pictures must differ. Before the focus ring (ui/focus_ring.py) the dialogs' scroll areas
and their default buttons (OK, Close, Next, Start playing) looked the same either way."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.settings import Settings
from tests.ui.dialog_fit_probe import dialogs
from tests.ui.windows import NewTable

NAMES = [
    "welcome", "welcome_in_game", "tour_page_1", "tour_page_6", "settings_tab_1",
    "settings_tab_2", "settings_tab_3", "statistics", "rules", "last_trick", "about",
]  # fmt: skip


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def stops_without_visible_focus(top: QWidget, most: int = 80) -> tuple[int, list[str]]:
    """Tab round `top` once: how many stops, and those that look the same unfocused."""
    top.show()
    top.activateWindow()
    settle()
    seen: list[QWidget] = []
    unseen: list[str] = []
    for _ in range(most):
        QTest.keyClick(QApplication.focusWidget() or top, Qt.Key.Key_Tab)
        settle()
        focused = QApplication.focusWidget()
        if focused is None or focused in seen:
            break
        seen.append(focused)
        area = QRect(focused.mapTo(top, focused.rect().topLeft()), focused.size())
        area = area.adjusted(-3, -3, 3, 3)  # a frame drawn just outside counts too
        with_focus = top.grab(area).toImage()
        focused.clearFocus()
        settle()
        without = top.grab(area).toImage()
        focused.setFocus(Qt.FocusReason.TabFocusReason)  # Tab goes on from here
        settle()
        if with_focus == without:
            text = str(getattr(focused, "text", lambda: "")())
            unseen.append(f"{type(focused).__name__} {focused.objectName()!r} {text!r}")
    return len(seen), unseen


@pytest.fixture
def made(
    tmp_path: Path, settings_file: Settings, new_table: NewTable
) -> Iterator[dict[str, Callable[[], QWidget]]]:
    controller, window = new_table(seed=1, size=None, settings=settings_file)
    settle()
    yield dict(dialogs(window, tmp_path))
    controller.stop()


@pytest.mark.parametrize("name", NAMES)
def test_every_tab_stop_shows_its_focus(
    made: dict[str, Callable[[], QWidget]], name: str, qtbot: QtBot
) -> None:
    dialog = made[name]()
    qtbot.addWidget(dialog)
    count, unseen = stops_without_visible_focus(dialog)
    assert count >= 1, f"{name}: Tab found nowhere to stop"
    assert not unseen, f"{name}: no visible focus on {unseen}"
