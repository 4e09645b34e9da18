"""The main window's settings: the Settings dialog and what each change does at once (names,
pace, text size, the table's look), and the score sheet's first showing.

A part of `MainWindow` (it is mixed in), kept in its own module so the window stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from kaiser_desktop.app.pace import Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.language import install_language, system_language
from kaiser_desktop.ui.settings_dialog import SettingsDialog
from kaiser_desktop.ui.text_size import apply_application_font

if TYPE_CHECKING:
    from kaiser_desktop.ui.main_window import MainWindow

SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5}
SHEET_HEIGHT = 150
TABLE_HEIGHT_BESIDE_SHEET = 700  # below this the score sheet would shrink the cards


class WindowSettings:
    def open_settings(self: MainWindow) -> None:
        if self.settings is None:
            return
        dialog = SettingsDialog(self.settings, self.controller.in_progress(), self)
        self.run_dialog(dialog)

    def _on_setting_changed(self: MainWindow, key: str) -> None:
        s = self.settings
        c = self.controller
        assert s is not None
        next_game_note = self.tr("The new rules and computer level apply from your next new game.")
        if key.startswith("rules/"):
            c.next_rules = s.rules()
            if c.in_progress():
                self.statusBar().showMessage(next_game_note, 10000)
        elif key == "players/level":
            c.set_level(s.computer_level)
            if c.in_progress():
                self.statusBar().showMessage(next_game_note, 10000)
        elif key == "general/language":
            self.apply_language()
        elif key.startswith("players/name_"):
            self.apply_names()
        elif key == "table/speed":
            c.pace = Pace(SPEED_FACTORS[s.animation_speed])
        elif key == "table/auto_play_single":
            self.auto_play_action.setChecked(s.auto_play_single)
        elif key == "table/text_size":
            self._apply_text_size()
        elif key == "table/wait_after_trick":
            c.wait_after_trick = s.wait_after_trick
        elif key.startswith("table/"):
            self._apply_appearance()

    def apply_language(self: MainWindow) -> None:
        """The language chosen in Settings, at once: the translators change, and every
        word on screen is said again (no restart)."""
        if self.settings is None:
            return
        problem = install_language(self.settings.language or system_language())
        self.retranslate()
        if problem:
            self.statusBar().showMessage(problem, 15000)

    def apply_names(self: MainWindow) -> None:
        """New names show at once: on the plates, in sentences, on the score sheet."""
        if self.settings is None:
            return
        c = self.controller
        seating = Seating.from_names(self.settings.names(), watch=not c.seating.humans)
        c.seating = seating
        scene = self.view.table_scene
        scene.seating = seating
        self.view.action_panel.seating = seating
        for seat, plate in scene.plates.items():
            plate.text = seating.label(seat)
            plate.update()
        self._refresh_names()
        c.state_changed.emit()  # every view re-reads the board (team names, prompts)

    def _apply_appearance(self: MainWindow) -> None:
        s = self.settings
        if s is None:
            return
        theme.use(theme.HIGH_CONTRAST if s.high_contrast else theme.STANDARD)
        self.view.restyle()
        self.view.table_scene.set_appearance(
            four_colour=s.four_colour_deck,
            jumbo=s.jumbo_cards,
            back_style=s.card_back,
            felt_colour=s.table_colour_hex(),
        )
        self.appearance = (s.four_colour_deck, s.jumbo_cards, s.card_back, s.table_colour_hex())

    def _apply_text_size(self: MainWindow) -> None:
        if self.settings is None:
            return
        scale = self.settings.text_scale()
        apply_application_font(scale)
        self.view.table_scene.set_text_scale(scale)

    def _show_sheet_first_time(self: MainWindow) -> None:
        # Only where the table keeps room for large cards; the View menu always has it.
        room = self.view.height() - SHEET_HEIGHT >= TABLE_HEIGHT_BESIDE_SHEET
        if not self._sheet_chosen and self.controller.state.results and room:
            self.score_sheet.show()
            self.resizeDocks([self.score_sheet], [SHEET_HEIGHT], Qt.Orientation.Vertical)

    def _set_auto_play(self: MainWindow, on: bool) -> None:
        self.controller.auto_play_single = on
        if self.settings is not None:
            self.settings.auto_play_single = on
