"""The Say menu of a family table: the few quick messages ("Nice hand!", "One moment
please", "Thank you, partner"), on the host's window and on a joining person's alike."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar

from kaiser_desktop.family_play.remote_controller import quick_sentence
from kaiser_desktop.net.protocol import QUICK_MESSAGES


class SayMenu(QObject):
    """A menu put before `before` in `bar`; choosing a message calls `send(message id)`."""

    def __init__(
        self, bar: QMenuBar, before: QAction, send: Callable[[str], None], parent: QObject
    ) -> None:
        super().__init__(parent)
        self.menu = QMenu(bar)
        bar.insertMenu(before, self.menu)
        self.actions: dict[str, QAction] = {}
        for said in QUICK_MESSAGES:
            action = QAction(self)
            action.triggered.connect(lambda checked=False, said=said: send(said))
            self.menu.addAction(action)
            self.actions[said] = action
        self.retranslate()

    def retranslate(self) -> None:
        self.menu.setTitle(self.tr("&Say"))
        for said, action in self.actions.items():
            action.setText(quick_sentence(said))

    def hide(self) -> None:
        self.menu.menuAction().setVisible(False)
