"""Clicks and key presses made in code, for the scripted player and the random-input runs.

The same events a person's mouse and keyboard produce, sent through QApplication; no
QtTest, which the frozen app does not ship.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget


def click(widget: QWidget, pos: QPoint | None = None) -> None:
    """A left click at `pos` in `widget` (its centre by default)."""
    local = QPointF(pos if pos is not None else widget.rect().center())
    scene_pos = QPointF(widget.mapToGlobal(local.toPoint()))
    for kind, buttons in (
        (QEvent.Type.MouseButtonPress, Qt.MouseButton.LeftButton),
        (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton),
    ):
        event = QMouseEvent(kind, local, scene_pos, Qt.MouseButton.LeftButton, buttons,
                            Qt.KeyboardModifier.NoModifier)  # fmt: skip
        QApplication.sendEvent(widget, event)


def press_key(widget: QWidget, key: Qt.Key, text: str = "") -> None:
    """One key pressed and released while `widget` has the keyboard."""
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, text))
