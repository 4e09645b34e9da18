"""The main window's menus: every action a player can take, and their words, said again
when the language changes (`retranslate_menus`).

A part of `MainWindow` (it is mixed in), kept in its own module so the window stays readable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from kaiser_desktop.ui.dialogs import show_about

if TYPE_CHECKING:
    from kaiser_desktop.ui.main_window import MainWindow


class WindowMenus:
    def _build_menus(self: MainWindow) -> None:
        """The menus and their actions; their words come from `retranslate_menus`."""
        bar = self.menuBar()
        self.game_menu = game = bar.addMenu("")
        self.new_action = self._action(QKeySequence.StandardKey.New, self.new_game)
        game.addAction(self.new_action)
        self.replay_action = self._action("Ctrl+R", self.replay_deal)
        game.addAction(self.replay_action)
        game.addSeparator()
        self.open_action = self._action(QKeySequence.StandardKey.Open, self.open_record)
        game.addAction(self.open_action)
        self.export_action = self._action("Ctrl+E", self.export_record)
        game.addAction(self.export_action)
        game.addSeparator()
        self.settings_action = self._action("Ctrl+,", self.open_settings)
        self.settings_action.setEnabled(self.settings is not None)
        game.addAction(self.settings_action)
        self.statistics_action = self._action(None, self.show_statistics)
        self.statistics_action.setEnabled(self.statistics is not None)
        game.addAction(self.statistics_action)
        game.addSeparator()
        self.quit_action = self._action(QKeySequence.StandardKey.Quit, self.close)
        game.addAction(self.quit_action)

        self.edit_menu = edit = bar.addMenu("")
        self.undo_action = self._action(QKeySequence.StandardKey.Undo, self.undo)
        edit.addAction(self.undo_action)
        edit.addSeparator()
        self.auto_play_action = QAction(self)
        self.auto_play_action.setCheckable(True)
        self.auto_play_action.setChecked(self.controller.auto_play_single)
        self.auto_play_action.toggled.connect(self._set_auto_play)
        edit.addAction(self.auto_play_action)

        self.view_menu = view = bar.addMenu("")
        self.score_sheet_action = self.score_sheet.toggleViewAction()
        self.score_sheet_action.setShortcut(QKeySequence("Ctrl+T"))
        view.addAction(self.score_sheet_action)
        self.last_trick_action = self._action("Ctrl+L", self.show_last_trick)
        view.addAction(self.last_trick_action)

        self.help_menu = help_menu = bar.addMenu("")
        self.rules_action = self._action(QKeySequence.StandardKey.HelpContents, self.show_rules)
        help_menu.addAction(self.rules_action)
        self.welcome_action = self._action(None, self.show_welcome)
        self.welcome_action.setEnabled(self.settings is not None)
        help_menu.addAction(self.welcome_action)
        self.hint_action = self._action("H", self.show_hint)
        help_menu.addAction(self.hint_action)
        self.why_action = self._action("W", self.show_why)
        help_menu.addAction(self.why_action)
        help_menu.addSeparator()
        self.about_action = self._action(None, lambda: show_about(self))
        help_menu.addAction(self.about_action)
        self.retranslate_menus()

    def retranslate_menus(self: MainWindow) -> None:
        texts: list[tuple[QMenu | QAction, str]] = [
            (self.game_menu, self.tr("&Game")),
            (self.new_action, self.tr("&New game")),
            (self.replay_action, self.tr("&Replay a deal by number…")),
            (self.open_action, self.tr("&Open game record…")),
            (self.export_action, self.tr("&Export game record…")),
            (self.settings_action, self.tr("&Settings…")),
            (self.statistics_action, self.tr("S&tatistics…")),
            (self.quit_action, self.tr("&Quit")),
            (self.edit_menu, self.tr("&Edit")),
            (self.undo_action, self.tr("&Undo my last move")),
            (self.auto_play_action, self.tr("&Play my only card automatically")),
            (self.view_menu, self.tr("&View")),
            (self.score_sheet_action, self.tr("&Score sheet")),
            (self.last_trick_action, self.tr("&Last trick")),
            (self.help_menu, self.tr("&Help")),
            (self.rules_action, self.tr("&Rules")),
            (self.welcome_action, self.tr("W&elcome and how to play…")),
            (self.hint_action, self.tr("&Hint")),
            (self.why_action, self.tr("&Why did they do that?")),
            (self.about_action, self.tr("&About Kaiser")),
        ]
        for target, text in texts:
            if isinstance(target, QMenu):
                target.setTitle(text)
            else:
                target.setText(text)

    def _action(self: MainWindow, shortcut: object, slot: Callable[[], object]) -> QAction:
        action = QAction(self)
        if isinstance(shortcut, (str, QKeySequence.StandardKey)):
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda checked=False: slot())
        return action
