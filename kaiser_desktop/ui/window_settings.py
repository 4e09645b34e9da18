"""The main window's settings: the Settings dialog and what each change does at once (names,
pace, text size, the table's look, the language).

A part owned by the window, made only when there are settings: it is given the settings,
the controller, the table view it restyles and renames, the widget its dialog belongs to,
and the window's callbacks for what is the window's own (run a modal dialog, a note on the
status bar, say every word again, show the names on the score sheet, tick the auto-play
menu entry, keep the window inside the screen after a new text size).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QWidget

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.settings import LANGUAGE_KEY, Settings
from kaiser_desktop.app.table_control import TableControl
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.language import install_language, system_language
from kaiser_desktop.ui.settings_dialog import SettingsDialog
from kaiser_desktop.ui.table_view import TableView
from kaiser_desktop.ui.text_size import apply_application_font

SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5}
NOTE_MS = 10000  # how long the status bar says what waits for the next game


class WindowSettings(QObject):
    def __init__(
        self,
        settings: Settings,
        controller: TableControl,
        view: TableView,
        dialog_parent: QWidget,
        *,
        local: GameController | None,
        run_dialog: Callable[[QDialog], int],
        show_status: Callable[[str, int], None],
        retranslate: Callable[[], None],
        names_changed: Callable[[], None],
        show_auto_play: Callable[[bool], None],
        text_size_changed: Callable[[], None] = lambda: None,
        people: Callable[[], dict[Seat, str]] = dict,
        standing_in: Callable[[], set[Seat]] = set,
    ) -> None:
        super().__init__(dialog_parent)
        self._people = people  # a hosted family table's people keep their names
        self._standing_in = standing_in  # and say while a computer plays for them
        self.settings = settings
        self.controller = controller
        # The game's rules, computer level and names are the local game's to change; at a
        # family table joined from here they are the host's (the settings keep them for
        # this person's own games), and only how the table looks and speaks applies.
        self.local = local
        self.view = view
        self.dialog_parent = dialog_parent
        self._run_dialog = run_dialog
        self._show_status = show_status
        self._retranslate = retranslate
        self._names_changed = names_changed
        self._show_auto_play = show_auto_play
        self._text_size_changed = text_size_changed
        self.appearance: tuple[bool, bool, str, str] | None = None  # the table's look, last set
        self._noted = False  # the status bar says what waits for the next game
        settings.changed.connect(self._on_setting_changed)
        self._apply_appearance()
        self._apply_text_size()

    def open_settings(self) -> None:
        dialog = SettingsDialog(self.settings, self.controller.in_progress(), self.dialog_parent)
        self._run_dialog(dialog)

    def _on_setting_changed(self, key: str) -> None:
        s = self.settings
        c = self.controller
        local = self.local
        if key.startswith("rules/"):
            if local is not None:
                local.next_rules = s.rules()
                self.say_next_game_note()
        elif key == "players/level":
            if local is not None:
                local.set_level(s.computer_level)
                self.say_next_game_note()
        elif key == LANGUAGE_KEY:
            self.apply_language()
        elif key.startswith("players/name_"):
            self.apply_names()
        elif key == "table/speed":
            c.pace = Pace(SPEED_FACTORS[s.animation_speed])
        elif key == "table/auto_play_single":
            self._show_auto_play(s.auto_play_single)
        elif key == "table/text_size":
            self._apply_text_size()
            self._text_size_changed()
        elif key == "table/wait_after_trick":
            if local is not None:
                local.wait_after_trick = s.wait_after_trick
        elif key.startswith("table/"):
            self._apply_appearance()

    def next_game_note(self) -> str:
        """What waits for the next game, said only when it differs from the game in
        progress: the settings dialog writes every setting on OK (and the language, the
        text size, the contrast apply at once: nothing to say of them)."""
        c = self.local
        if c is None or not c.in_progress():
            return ""
        rules = self.settings.rules() != c.rules
        level = self.settings.computer_level != c.bots.level
        if rules and level:
            return self.tr("The new rules and computer level apply from your next new game.")
        if rules:
            return self.tr("The new rules apply from your next new game.")
        if level:
            return self.tr("The new computer level applies from your next new game.")
        return ""

    def say_next_game_note(self) -> None:
        """The note on the status bar; or, when a change was undone, the older note gone."""
        note = self.next_game_note()
        if note or self._noted:
            self._show_status(note, NOTE_MS)
        self._noted = bool(note)

    def apply_language(self) -> None:
        """The language chosen in Settings, at once: the translators change, and every
        word on screen is said again (no restart); the status bar's note too, and a note
        in the old language is never left there."""
        problem = install_language(self.settings.language or system_language())
        self._retranslate()  # clears the status bar's passing message
        if problem:
            self._show_status(problem, 15000)
        elif self.next_game_note():
            self.say_next_game_note()

    def apply_names(self) -> None:
        """New names show at once: on the plates, in sentences, on the score sheet."""
        c = self.local
        if c is None:
            return  # a family table's names are the host's (the window says them again)
        seating = Seating.from_names(self.settings.names(), watch=not c.seating.humans)
        seating = seating.with_people(self._people(), self._standing_in())
        c.seating = seating
        scene = self.view.table_scene
        scene.seating = seating
        self.view.action_panel.seating = seating
        for seat, plate in scene.plates.items():
            plate.text = seating.label(seat)
            plate.update()
        self._names_changed()
        c.state_changed.emit()  # every view re-reads the board (team names, prompts)

    def _apply_appearance(self) -> None:
        s = self.settings
        theme.use(theme.HIGH_CONTRAST if s.high_contrast else theme.STANDARD)
        self.view.restyle()
        self.view.table_scene.set_appearance(
            four_colour=s.four_colour_deck,
            jumbo=s.jumbo_cards,
            back_style=s.card_back,
            felt_colour=s.table_colour_hex(),
        )
        self.appearance = (s.four_colour_deck, s.jumbo_cards, s.card_back, s.table_colour_hex())

    def _apply_text_size(self) -> None:
        scale = self.settings.text_scale()
        apply_application_font(scale)
        self.view.table_scene.set_text_scale(scale)
