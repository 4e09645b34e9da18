"""A check box whose words wrap: a QCheckBox's own text never does, and a long option
("Four-colour deck: every suit its own colour…", longer still in French) would make its
whole dialog wider than a small screen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QSizePolicy, QWidget


class _Words(QLabel):
    """The option's words, wrapping; a click on them ticks the box, as on its own text."""

    def __init__(self, text: str, box: QCheckBox) -> None:
        super().__init__(text)
        self.box = box
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setBuddy(box)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.box.isEnabled() and event.button() == Qt.MouseButton.LeftButton:
            self.box.toggle()
            self.box.setFocus()


class CheckRow(QWidget):
    """`CheckRow(text)`: `.box` is the QCheckBox (its name for screen readers is `text`)."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QCheckBox()
        self.box.setAccessibleName(text)
        self.words = _Words(text, self.box)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.box, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.words, 1)


def wrapping_check_box(text: str, parent: QWidget) -> QCheckBox:
    """A check box in its `CheckRow` (owned by `parent` at once, so it lives as long);
    lay out `row_of(box)`, read and set the box."""
    return CheckRow(text, parent).box


def row_of(box: QCheckBox) -> QWidget:
    """The `CheckRow` a `wrapping_check_box` lives in: what a layout holds."""
    row = box.parentWidget()
    assert isinstance(row, CheckRow), "not a wrapping_check_box"
    return row
