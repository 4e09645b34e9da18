"""The question after a start that died: one plain sentence and three ways on (issue 34).

Whatever killed the last start, the player is one click from playing: carry on from the
start of the hand (the usual way round a crash in the middle of it), a new game (the old
one kept aside), or the saved game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QAbstractButton, QDialog, QMessageBox, QWidget

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.start_guard import StartChoice

Choices = dict[QAbstractButton, StartChoice]


def start_trouble_box(parent: QWidget | None) -> tuple[QMessageBox, Choices]:
    """The question and which button means which choice; Enter carries on (the safe way)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(translate("StartTrouble", "Your saved game"))
    box.setText(
        translate(
            "StartTrouble",
            "Kaiser closed by accident the last time it opened your game. What would you "
            "like to do?",
        )
    )
    Role = QMessageBox.ButtonRole
    choices: Choices = {}
    carry_on = box.addButton(
        translate("StartTrouble", "Carry on from the start of this hand"), Role.AcceptRole
    )
    choices[carry_on] = StartChoice.CARRY_ON
    new_game = box.addButton(translate("StartTrouble", "Start a new game"), Role.DestructiveRole)
    choices[new_game] = StartChoice.NEW_GAME
    try_again = box.addButton(translate("StartTrouble", "Try again"), Role.RejectRole)
    choices[try_again] = StartChoice.TRY_AGAIN
    box.setDefaultButton(carry_on)
    box.setEscapeButton(try_again)
    return box, choices


def ask_after_failed_start(
    parent: QWidget | None, run_dialog: Callable[[QDialog], int]
) -> StartChoice:
    box, choices = start_trouble_box(parent)
    run_dialog(box)
    clicked = box.clickedButton()
    box.deleteLater()
    return choices.get(clicked, StartChoice.CARRY_ON) if clicked else StartChoice.CARRY_ON
