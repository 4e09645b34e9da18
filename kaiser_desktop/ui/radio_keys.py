"""Keys in a group of radio buttons, as a keyboard player expects them (issue 38).

Qt's own: Tab into a group stopped on its first button, not on the chosen one, and Space
there chose it (Extra large became Normal by accident); the arrows moved the focus without
choosing. Here a group is one stop for Tab, on its chosen button; Up/Left and Down/Right
choose the one before or after (and move the focus there), never leaving the group; Space
on the chosen button changes nothing. A click still chooses any button.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QButtonGroup

BACK = (Qt.Key.Key_Up, Qt.Key.Key_Left)
ON = (Qt.Key.Key_Down, Qt.Key.Key_Right)


class RadioKeys(QObject):
    """Owned by the group it serves: `RadioKeys(group)` and nothing more to keep."""

    def __init__(self, group: QButtonGroup) -> None:
        super().__init__(group)
        self.group = group
        for button in group.buttons():
            button.installEventFilter(self)
        group.buttonToggled.connect(lambda *_: self.refresh())
        self.refresh()

    def _usable(self) -> list[QAbstractButton]:
        return [b for b in self.group.buttons() if b.isEnabled() and not b.isHidden()]

    def refresh(self) -> None:
        """Only the chosen button (or, none chosen, the first) takes the focus from Tab."""
        usable = self._usable()
        chosen = self.group.checkedButton()
        stop = chosen if chosen in usable else (usable[0] if usable else None)
        for button in self.group.buttons():
            wanted = Qt.FocusPolicy.StrongFocus if button is stop else Qt.FocusPolicy.ClickFocus
            if button.focusPolicy() != wanted:
                button.setFocusPolicy(wanted)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.EnabledChange or event.type() == QEvent.Type.ShowToParent:
            self.refresh()
            return False
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        key = event.key()
        if key not in BACK and key not in ON:
            return False
        usable = self._usable()
        if watched not in usable:
            return False
        at = usable.index(watched)
        step = -1 if key in BACK else 1
        if 0 <= at + step < len(usable):
            target = usable[at + step]
            target.setChecked(True)
            target.setFocus(Qt.FocusReason.OtherFocusReason)
        return True  # at an end: stay; the arrows never wander out of the group
