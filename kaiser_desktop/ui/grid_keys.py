"""The arrow keys in a grid of buttons (the bids), by row and column (issue 38).

Qt moves between push buttons by geometry, to the nearest one it can focus: Up from
"No trump 12" went to "Bid 11" when "Bid 12" was asleep. Here Up and Down keep the column
(a sleeping button above: the focus stays), Left and Right keep the row and step over the
sleeping ones; the arrows never leave the grid.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QWidget

STEPS = {
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
}


class GridKeys(QObject):
    """`GridKeys(grid, owner)`: the arrows among the grid's focusable widgets; it lives as
    long as `owner` (one of the grid's own widgets, so it goes with them)."""

    def __init__(self, grid: QGridLayout, owner: QWidget) -> None:
        super().__init__(owner)
        self.places: dict[tuple[int, int], QWidget] = {}
        for index in range(grid.count()):
            item = grid.itemAt(index)
            widget = item.widget() if item is not None else None
            if widget is not None and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
                position = cast(tuple[int, int, int, int], grid.getItemPosition(index))
                self.places[(position[0], position[1])] = widget
                widget.installEventFilter(self)
        self.columns = max((column for _, column in self.places), default=0)

    def target(self, start: tuple[int, int], key: int) -> QWidget | None:
        """Where the arrow `key` goes from the widget at `start`, or None to stay."""
        if key not in STEPS:
            return None
        row_step, column_step = STEPS[Qt.Key(key)]
        row, column = start
        if row_step:
            widget = self.places.get((row + row_step, column))
            return widget if widget is not None and widget.isEnabled() else None
        column += column_step
        while 0 <= column <= self.columns:
            widget = self.places.get((row, column))
            if widget is not None and widget.isEnabled():
                return widget
            column += column_step
        return None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.key() not in STEPS or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        start = next((place for place, w in self.places.items() if w is watched), None)
        if start is None:
            return False
        target = self.target(start, event.key())
        if target is not None:
            target.setFocus(Qt.FocusReason.TabFocusReason)
        return True
