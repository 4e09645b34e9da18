"""The main window: the table, the menus, and the few dialogs around it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QWidget

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.paths import resource
from kaiser_desktop.rules import Phase
from kaiser_desktop.ui.cards.fonts import ensure_card_font
from kaiser_desktop.ui.dialogs import last_trick_dialog, show_about, show_rules
from kaiser_desktop.ui.table_view import TableView


class MainWindow(QMainWindow):
    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        ensure_card_font()
        self.controller = controller
        self.setWindowTitle("Kaiser")
        icon = resource("icons", "kaiser-256.png")
        if icon.is_file():
            self.setWindowIcon(QIcon(str(icon)))
        self.view = TableView(controller, self)
        self.setCentralWidget(self.view)
        self._dialogs: list[QWidget] = []  # keep modeless dialogs alive
        self._build_menus()
        self.view.last_trick_button.clicked.connect(self.show_last_trick)
        controller.state_changed.connect(self._update_actions)
        controller.trick_won.connect(lambda seat, cards: self._update_actions())
        self.resize(1280, 800)
        self._update_actions()

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self.new_action = self._action("&New game", QKeySequence.StandardKey.New, self._new_game)
        game.addAction(self.new_action)
        self.last_trick_action = self._action("&Last trick", "Ctrl+L", self.show_last_trick)
        game.addAction(self.last_trick_action)
        game.addSeparator()
        self.auto_play_action = QAction("&Play my only card automatically", self)
        self.auto_play_action.setCheckable(True)
        self.auto_play_action.setChecked(self.controller.auto_play_single)
        self.auto_play_action.toggled.connect(self._set_auto_play)
        game.addAction(self.auto_play_action)
        game.addSeparator()
        game.addAction(self._action("&Quit", QKeySequence.StandardKey.Quit, self.close))
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self._action("&Rules", QKeySequence.StandardKey.HelpContents,
                                         self.show_rules))
        help_menu.addAction(self._action("&About Kaiser", None, lambda: show_about(self)))

    def _action(self, text: str, shortcut: object, slot: object) -> QAction:
        action = QAction(text, self)
        if isinstance(shortcut, (str, QKeySequence.StandardKey)):
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda checked=False: slot())  # type: ignore[operator]
        return action

    def _set_auto_play(self, on: bool) -> None:
        self.controller.auto_play_single = on

    def _new_game(self) -> None:
        self.controller.new_game()

    def _update_actions(self) -> None:
        has_trick = self.controller.last_trick() is not None
        self.last_trick_action.setEnabled(has_trick)
        self.view.last_trick_button.setVisible(
            has_trick and self.controller.state.phase is Phase.PLAY
        )

    def show_last_trick(self) -> None:
        last = self.controller.last_trick()
        if last is None:
            return
        trick, winner = last
        hand = self.controller.state.hand
        trump = hand.trump if hand is not None else None
        self._keep(last_trick_dialog(self, trick, winner, trump, self.controller.seating))

    def show_rules(self) -> None:
        self._keep(show_rules(self, self.controller.rules))

    def _keep(self, dialog: QWidget) -> None:
        self._dialogs = [d for d in self._dialogs if d.isVisible()] + [dialog]
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.controller.stop()
        super().closeEvent(event)
