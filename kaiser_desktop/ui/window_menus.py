"""The main window's menus: every action a player can take, and their words, said again
when the language changes (`retranslate`).

A part owned by the window: it is given the menu bar to fill, what each entry does
(`MenuActions`) and what the menus show at first; it keeps the actions, which the window
enables and disables as the game goes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar

Slot = Callable[[], object]


@dataclass(frozen=True)
class MenuActions:
    """What each menu entry does."""

    new_game: Slot
    replay_deal: Slot
    open_record: Slot
    export_record: Slot
    open_settings: Slot
    show_statistics: Slot
    quit: Slot
    undo: Slot
    set_auto_play: Callable[[bool], object]
    show_last_trick: Slot
    show_rules: Slot
    show_welcome: Slot
    show_hint: Slot
    show_why: Slot
    show_about: Slot
    play_with_family: Slot | None = None  # family play across computers, where offered


class WindowMenus(QObject):
    """The menu bar's menus and actions; their words come from `retranslate`.

    `score_sheet_action` is the score sheet's own show/hide action (View menu);
    `has_settings` and `has_statistics` say whether those two entries can be used, and
    `auto_play` whether "Play my only card automatically" starts ticked.
    """

    def __init__(
        self,
        bar: QMenuBar,
        actions: MenuActions,
        score_sheet_action: QAction,
        *,
        has_settings: bool,
        has_statistics: bool,
        auto_play: bool,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        do = actions
        self.game_menu = game = bar.addMenu("")
        self.new_action = self._action(QKeySequence.StandardKey.New, do.new_game)
        game.addAction(self.new_action)
        self.replay_action = self._action("Ctrl+R", do.replay_deal)
        game.addAction(self.replay_action)
        self.family_action = self._action(None, do.play_with_family or (lambda: None))
        self.family_action.setVisible(do.play_with_family is not None)
        game.addAction(self.family_action)
        # While a family table is hosted from here (window_hosting.py shows and connects it).
        self.table_code_action = QAction(self)
        self.table_code_action.setVisible(False)
        game.addAction(self.table_code_action)
        game.addSeparator()
        self.open_action = self._action(QKeySequence.StandardKey.Open, do.open_record)
        game.addAction(self.open_action)
        self.export_action = self._action("Ctrl+E", do.export_record)
        game.addAction(self.export_action)
        game.addSeparator()
        self.settings_action = self._action("Ctrl+,", do.open_settings)
        self.settings_action.setEnabled(has_settings)
        game.addAction(self.settings_action)
        self.statistics_action = self._action(None, do.show_statistics)
        self.statistics_action.setEnabled(has_statistics)
        game.addAction(self.statistics_action)
        game.addSeparator()
        self.quit_action = self._action(QKeySequence.StandardKey.Quit, do.quit)
        game.addAction(self.quit_action)

        self.edit_menu = edit = bar.addMenu("")
        self.undo_action = self._action(QKeySequence.StandardKey.Undo, do.undo)
        edit.addAction(self.undo_action)
        edit.addSeparator()
        self.auto_play_action = QAction(self)
        self.auto_play_action.setCheckable(True)
        self.auto_play_action.setChecked(auto_play)
        self.auto_play_action.toggled.connect(do.set_auto_play)
        edit.addAction(self.auto_play_action)

        self.view_menu = view = bar.addMenu("")
        self.score_sheet_action = score_sheet_action
        self.score_sheet_action.setShortcut(QKeySequence("Ctrl+T"))
        view.addAction(self.score_sheet_action)
        self.last_trick_action = self._action("Ctrl+L", do.show_last_trick)
        view.addAction(self.last_trick_action)

        self.help_menu = help_menu = bar.addMenu("")
        self.rules_action = self._action(QKeySequence.StandardKey.HelpContents, do.show_rules)
        help_menu.addAction(self.rules_action)
        self.welcome_action = self._action(None, do.show_welcome)
        self.welcome_action.setEnabled(has_settings)
        help_menu.addAction(self.welcome_action)
        self.hint_action = self._action("H", do.show_hint)
        help_menu.addAction(self.hint_action)
        self.why_action = self._action("W", do.show_why)
        help_menu.addAction(self.why_action)
        help_menu.addSeparator()
        self.about_action = self._action(None, do.show_about)
        help_menu.addAction(self.about_action)
        self.retranslate()

    def retranslate(self) -> None:
        """The menus' words in the language of the moment."""
        texts: list[tuple[QMenu | QAction, str]] = [
            (self.game_menu, self.tr("&Game")),
            (self.new_action, self.tr("&New game")),
            (self.replay_action, self.tr("&Replay a deal by number…")),
            (self.family_action, self.tr("Play with &family…")),
            (self.table_code_action, self.tr("Table &code…")),
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

    def _action(self, shortcut: object, slot: Slot) -> QAction:
        action = QAction(self)
        if isinstance(shortcut, (str, QKeySequence.StandardKey)):
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda checked=False: slot())
        return action
