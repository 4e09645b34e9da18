"""The question after a start that died: one plain sentence and three ways on (issue 34).

Whatever killed the last start, the player is one click from playing: carry on from the
start of the hand (the usual way round a crash in the middle of it), a new game (the old
one kept aside), or the saved game exactly as it was. The three answers are stacked, each
as wide as the question, so none is cut at 800×600 with Extra large text in French.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.start_guard import StartChoice


class StartTroubleDialog(QDialog):
    """Enter carries on (the safe way); Escape or the window's × tries again."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("StartTrouble", "Your saved game"))
        self.choice = StartChoice.TRY_AGAIN
        layout = QVBoxLayout(self)
        self.question = QLabel(
            translate(
                "StartTrouble",
                "Kaiser closed by accident the last time it opened your game. What would you "
                "like to do?",
            )
        )
        self.question.setWordWrap(True)
        layout.addWidget(self.question)
        self.buttons: dict[StartChoice, QPushButton] = {}
        words = {
            StartChoice.CARRY_ON: translate("StartTrouble", "Carry on from the start of this hand"),
            StartChoice.NEW_GAME: translate("StartTrouble", "Start a new game"),
            StartChoice.TRY_AGAIN: translate("StartTrouble", "Try again"),
        }
        for choice, text in words.items():
            button = QPushButton(text)
            button.setAutoDefault(False)
            button.clicked.connect(lambda _checked=False, c=choice: self._choose(c))
            layout.addWidget(button)
            self.buttons[choice] = button
        self.buttons[StartChoice.CARRY_ON].setDefault(True)
        self.buttons[StartChoice.CARRY_ON].setFocus(Qt.FocusReason.OtherFocusReason)

    def _choose(self, choice: StartChoice) -> None:
        self.choice = choice
        self.accept()


def ask_after_failed_start(
    parent: QWidget | None, run_dialog: Callable[[QDialog], int]
) -> StartChoice:
    dialog = StartTroubleDialog(parent)
    run_dialog(dialog)
    choice = dialog.choice
    dialog.deleteLater()
    return choice
