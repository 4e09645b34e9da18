"""The main window's hand reviews: opened from the hand's summary, the score sheet (a
double-click or the row's menu) or View → Review the last hand, for any finished hand of
the game in play or of an opened record. One `ReviewRunner` keeps the session's reviews.

A part owned by the window: it is given the controller (the game whose hands it reviews),
the menu its action goes in, the widget its dialogs belong to, how to keep a modeless
dialog, and how to tell the player something.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from kaiser_desktop.app.review_runner import ReviewRunner
from kaiser_desktop.app.table_control import TableControl
from kaiser_desktop.rules import GameState
from kaiser_desktop.ui.review_dialog import ReviewDialog


class WindowReview(QObject):
    def __init__(
        self,
        controller: TableControl,
        menu: QMenu,
        dialog_parent: QWidget,
        keep: Callable[[QWidget], None],
        say: Callable[[str, str], None],
        *,
        hand_state: Callable[[int], tuple[GameState, int] | None],
    ) -> None:
        super().__init__(dialog_parent)
        self.controller = controller
        # Every seat's cards, which a review shows, and the hand's number there: the local
        # game's state; at a family table joined from here, the record the host sent of
        # that hand once it was scored (a one-hand game), or None before it came.
        self.hand_state = hand_state
        self.dialog_parent = dialog_parent
        self._keep = keep
        self._say = say
        self.reviews = ReviewRunner(self)
        self.review_action = QAction(self)
        self.retranslate()
        self.review_action.setShortcut(QKeySequence("Ctrl+Shift+R"))
        self.review_action.triggered.connect(self.review_last_hand)
        menu.addAction(self.review_action)

    def retranslate(self) -> None:
        """The menu's words in the language of the moment (the window's `retranslate`)."""
        self.review_action.setText(
            QCoreApplication.translate("WindowReview", "&Review the last hand…")
        )

    def reviewable(self) -> list[int]:
        """The numbers of the game's hands that were bid and played to the end."""
        return [r.number for r in self.controller.view().results if r.kind == "played"]

    def review_last_hand(self) -> None:
        numbers = self.reviewable()
        if not numbers:
            self._say(
                QCoreApplication.translate("WindowReview", "Review"),
                QCoreApplication.translate(
                    "WindowReview", "No hand has been played to the end yet."
                ),
            )
            return
        self.open_review(numbers[-1])

    def open_review(self, number: int) -> ReviewDialog | None:
        if number not in self.reviewable():
            self._say(
                QCoreApplication.translate("WindowReview", "Review"),
                QCoreApplication.translate(
                    "WindowReview", "Only a hand that was bid and played can be reviewed."
                ),
            )
            return None
        c = self.controller
        found = self.hand_state(number)
        if found is None:
            self._say(
                QCoreApplication.translate("WindowReview", "Review"),
                QCoreApplication.translate(
                    "WindowReview",
                    "The host's computer has not sent this hand's cards yet. Try again in a "
                    "moment.",
                ),
            )
            return None
        state, number_there = found
        dialog = ReviewDialog(
            self.dialog_parent, self.reviews, state, number_there, c.seating,
            shown_number=number,
        )  # fmt: skip
        self._keep(dialog)
        dialog.show()
        return dialog
