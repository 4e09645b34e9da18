"""The main window's hand reviews: opened from the hand's summary, the score sheet (a
double-click or the row's menu) or View → Review the last hand, for any finished hand of
the game in play or of an opened record. One `ReviewRunner` keeps the session's reviews.

A part of `MainWindow` (it is mixed in), kept in its own module so the window stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence

from kaiser_desktop.app.review_runner import ReviewRunner
from kaiser_desktop.ui.review_dialog import ReviewDialog

if TYPE_CHECKING:
    from kaiser_desktop.ui.main_window import MainWindow


class WindowReview:
    def _build_review(self: MainWindow) -> None:
        self.reviews = ReviewRunner(self)
        self.view.summary.review_requested.connect(self.open_review)
        self.score_sheet.review_requested.connect(self.open_review)
        self.review_action = QAction(self)
        self.retranslate_review()
        self.review_action.setShortcut(QKeySequence("Ctrl+Shift+R"))
        self.review_action.triggered.connect(self.review_last_hand)
        self.view_menu.addAction(self.review_action)

    def retranslate_review(self: MainWindow) -> None:
        """The menu's words in the language of the moment (the window's `retranslate`)."""
        self.review_action.setText(
            QCoreApplication.translate("WindowReview", "&Review the last hand…")
        )

    def reviewable(self: MainWindow) -> list[int]:
        """The numbers of the game's hands that were bid and played to the end."""
        return [r.number for r in self.controller.state.results if r.kind == "played"]

    def review_last_hand(self: MainWindow) -> None:
        numbers = self.reviewable()
        if not numbers:
            self.say(
                QCoreApplication.translate("WindowReview", "Review"),
                QCoreApplication.translate(
                    "WindowReview", "No hand has been played to the end yet."
                ),
            )
            return
        self.open_review(numbers[-1])

    def open_review(self: MainWindow, number: int) -> ReviewDialog | None:
        if number not in self.reviewable():
            self.say(
                QCoreApplication.translate("WindowReview", "Review"),
                QCoreApplication.translate(
                    "WindowReview", "Only a hand that was bid and played can be reviewed."
                ),
            )
            return None
        c = self.controller
        dialog = ReviewDialog(self, self.reviews, c.state, number, c.seating)
        self._keep(dialog)
        dialog.show()
        return dialog
