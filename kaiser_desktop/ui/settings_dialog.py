"""Settings: the rules for new games, the players, and the look of the table.

`SettingsDialog(settings, game_in_progress=...)`; `exec()`; on OK it writes `settings`
(Cancel writes nothing). Every rule variant of RULES.md is one plain-language control.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSlider,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.settings import (
    CARD_BACKS,
    DEFAULT_NAMES,
    LEVELS,
    MAX_NAME_LENGTH,
    PRESETS,
    RULES_PRESETS,
    SPEEDS,
    TABLE_COLOURS,
    TEXT_SIZES,
    Settings,
    clean_relay,
)
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui.cards.face_painter import render_card_image
from kaiser_desktop.ui.check_row import row_of, wrapping_check_box
from kaiser_desktop.ui.dialogs import fit_to_screen, scaled_font, scrolling
from kaiser_desktop.ui.language import LANGUAGE_NAMES, current_language
from kaiser_desktop.ui.radio_keys import RadioKeys
from kaiser_desktop.ui.rules_editor import RulesEditor
from kaiser_desktop.ui.settings_words import (
    colour_text,
    level_text,
    preset_text,
    seat_text,
    speed_text,
    text_size_text,
)

FONT_PX: Final = 15


def _swatch(colour: str) -> QIcon:
    """A small square of the colour, so the list shows the colour as well as its name."""
    pixmap = QPixmap(20, 20)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class SettingsDialog(QDialog):
    """Rules / Players / Table tabs with OK and Cancel."""

    def __init__(
        self, settings: Settings, game_in_progress: bool = False, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)  # freed once answered
        self.settings = settings
        self.setWindowTitle(self.tr("Settings"))
        self.setFont(scaled_font(FONT_PX, settings.text_scale()))
        self.tabs = QTabWidget()
        # Every tab scrolls, so the dialog fits a small screen with OK and Cancel in view.
        self.tabs.addTab(scrolling(self._rules_tab(game_in_progress)), self.tr("Rules"))
        self.tabs.addTab(scrolling(self._players_tab()), self.tr("Players"))
        self.tabs.addTab(scrolling(self._table_tab()), self.tr("Table"))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self._load()
        for group in (self.preset_group, self.level_group, self.speed_group, self.text_size_group):
            RadioKeys(group)  # Tab stops on the chosen one; the arrows choose
        scale = settings.text_scale()
        fit_to_screen(self, QSize(round(760 * scale), round(720 * scale)))

    # --- building -------------------------------------------------------------------------

    @staticmethod
    def _choice(title: str, description: str) -> tuple[QRadioButton, QWidget]:
        """A bold radio button with its one-line description beside it, in one row."""
        button = QRadioButton(title)
        bold = button.font()
        bold.setBold(True)
        button.setFont(bold)
        button.setMinimumWidth(150)  # line the descriptions up in a column
        label = QLabel(description)
        label.setWordWrap(True)
        label.setBuddy(button)
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.addWidget(button)
        layout.addWidget(label, 1)
        return button, row

    def _rules_tab(self, game_in_progress: bool) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.in_progress_note = QLabel(
            self.tr(
                "Rule changes apply from the next new game; the game in progress keeps its rules."
            )
        )
        self.in_progress_note.setWordWrap(True)
        self.in_progress_note.setStyleSheet(
            "background: #FFF3C4; color: #1A1A1A; border: 1px solid #E0B000;"
            " border-radius: 4px; padding: 8px;"
        )
        self.in_progress_note.setVisible(game_in_progress)
        layout.addWidget(self.in_progress_note)
        self.preset_group = QButtonGroup(self)
        self.preset_buttons: dict[str, QRadioButton] = {}
        presets = preset_text()
        for key in RULES_PRESETS:
            button, row = self._choice(*presets[key])
            button.setObjectName(f"preset_{key}")
            self.preset_group.addButton(button)
            self.preset_buttons[key] = button
            layout.addWidget(row)
            button.toggled.connect(self._preset_toggled)
        self.custom_box = QGroupBox(self.tr("The rules"))
        self.rules_editor = RulesEditor()
        box_layout = QVBoxLayout(self.custom_box)
        box_layout.addWidget(self.rules_editor)
        layout.addWidget(self.custom_box)
        layout.addStretch(1)
        return page

    def _players_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        levels = QGroupBox(self.tr("How well the computer plays"))
        level_layout = QVBoxLayout(levels)
        self.level_group = QButtonGroup(self)
        self.level_buttons: dict[str, QRadioButton] = {}
        level_words = level_text()
        for key in LEVELS:
            button, row = self._choice(*level_words[key])
            button.setObjectName(f"level_{key}")
            self.level_group.addButton(button)
            self.level_buttons[key] = button
            level_layout.addWidget(row)
        layout.addWidget(levels)
        names = QGroupBox(self.tr("Names at the table"))
        seats = seat_text()
        form = QFormLayout(names)
        self.name_edits: dict[Seat, QLineEdit] = {}
        for seat in (Seat.S, Seat.N, Seat.W, Seat.E):
            edit = QLineEdit()
            edit.setMaxLength(MAX_NAME_LENGTH)
            edit.setPlaceholderText(
                translate("Seating", "You") if seat is Seat.S else DEFAULT_NAMES[seat]
            )
            edit.setObjectName(f"name_{seat.text}")
            self.name_edits[seat] = edit
            form.addRow(self.tr("{seat}:").format(seat=seats[seat]), edit)
        layout.addWidget(names)
        family = QGroupBox(self.tr("Family in other houses"))
        family_layout = QVBoxLayout(family)
        explain = QLabel(
            self.tr(
                "Family in other houses meet at a relay. When this app came with one, "
                "nothing is needed here; otherwise everyone puts the same relay address "
                "here once (it starts with ws:// or wss://). On one home network no "
                "address is needed."
            )
        )
        explain.setWordWrap(True)
        family_layout.addWidget(explain)
        self.relay_edit = QLineEdit()
        self.relay_edit.setObjectName("relay_address")
        self.relay_edit.setPlaceholderText("wss://relay.example.org")
        self.relay_edit.setAccessibleName(self.tr("Relay address"))
        family_layout.addWidget(self.relay_edit)
        self.relay_problem = QLabel()
        self.relay_problem.setWordWrap(True)
        family_layout.addWidget(self.relay_problem)
        self.relay_in_use = QLabel()  # the relay this app came with, while none is typed
        self.relay_in_use.setWordWrap(True)
        self.relay_in_use.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        family_layout.addWidget(self.relay_in_use)
        self.relay_edit.textChanged.connect(self._show_relay_in_use)
        layout.addWidget(family)
        layout.addStretch(1)
        return page

    def _table_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # long French labels
        # Each language by its own name; the change shows at once when OK is pressed.
        self.language = QComboBox()
        self.language.setObjectName("language")
        for code, name in LANGUAGE_NAMES.items():
            self.language.addItem(name, code)
        form.addRow(self.tr("Language / Langue:"), self.language)
        speed_row = QHBoxLayout()
        self.speed_group = QButtonGroup(self)
        self.speed_buttons: dict[str, QRadioButton] = {}
        speeds = speed_text()
        for key in SPEEDS:
            button = QRadioButton(speeds[key])
            button.setObjectName(f"speed_{key}")
            self.speed_group.addButton(button)
            self.speed_buttons[key] = button
            speed_row.addWidget(button)
        speed_row.addStretch(1)
        form.addRow(self.tr("Card movement:"), speed_row)
        size_row = QHBoxLayout()
        self.text_size_group = QButtonGroup(self)
        self.text_size_buttons: dict[str, QRadioButton] = {}
        sizes = text_size_text()
        for key in TEXT_SIZES:
            button = QRadioButton(sizes[key])
            button.setObjectName(f"text_size_{key}")
            self.text_size_group.addButton(button)
            self.text_size_buttons[key] = button
            size_row.addWidget(button)
        size_row.addStretch(1)
        form.addRow(self.tr("Text and card size:"), size_row)
        self.table_colour = QComboBox()
        colours = colour_text()
        for key, colour in TABLE_COLOURS.items():
            self.table_colour.addItem(_swatch(colour), colours.get(key, key.capitalize()), key)
        form.addRow(self.tr("Table colour:"), self.table_colour)
        self.card_back = QComboBox()
        for key in CARD_BACKS:
            # The real back, drawn small, rather than a second table of its colours.
            back = QIcon(QPixmap.fromImage(render_card_image(None, 14, back_style=key)))
            self.card_back.addItem(back, colours.get(key, key.capitalize()), key)
        form.addRow(self.tr("Back of the cards:"), self.card_back)
        layout.addLayout(form)
        self.auto_play = wrapping_check_box(
            self.tr("When only one card can be played, play it for me"), page
        )
        self.wait_after_trick = wrapping_check_box(
            self.tr("Wait for my click after each trick"), page
        )
        self.jumbo_cards = wrapping_check_box(
            self.tr("Jumbo cards (bigger letters, easier to read)"), page
        )
        self.four_colour = wrapping_check_box(
            self.tr("Four-colour deck: every suit its own colour (♦ blue, ♣ green)"), page
        )
        self.high_contrast = wrapping_check_box(
            self.tr("High-contrast table (black and white, the clearest text)"), page
        )
        for box in (
            self.auto_play, self.wait_after_trick, self.jumbo_cards, self.four_colour,
            self.high_contrast,
        ):  # fmt: skip
            layout.addWidget(row_of(box))
        layout.addWidget(self._sound_box())
        layout.addStretch(1)
        return page

    def _sound_box(self) -> QGroupBox:
        box = QGroupBox(self.tr("Sounds"))
        form = QFormLayout(box)
        self.sound_on = wrapping_check_box(
            self.tr("Play sounds (cards, tricks, the end of each hand)"), box
        )
        form.addRow(row_of(self.sound_on))
        self.volume = QSlider(Qt.Orientation.Horizontal)
        self.volume.setRange(0, 100)
        self.volume.setPageStep(10)
        self.volume.setMinimumWidth(240)
        self.volume.setAccessibleName(self.tr("Volume"))
        # Quiet and loud at the ends, in words, rather than a number to read.
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Quiet")))
        row.addWidget(self.volume, 1)
        row.addWidget(QLabel(self.tr("Loud")))
        form.addRow(self.tr("Volume:"), row)
        self.sound_on.toggled.connect(self.volume.setEnabled)
        return box

    # --- values ---------------------------------------------------------------------------

    def _load(self) -> None:
        s = self.settings
        self._custom_rules = s.custom_rules
        self.rules_editor.set_rules(self._custom_rules)  # what the first toggle keeps
        self.preset_buttons[s.rules_preset].setChecked(True)
        self.relay_edit.setText(s.relay_chosen)
        self._show_relay_in_use()
        self._preset_toggled()
        self.level_buttons[s.computer_level].setChecked(True)
        for seat, edit in self.name_edits.items():
            name = s.name(seat)
            # South's unchosen name is "You" in every language: the box shows it greyed.
            edit.setText("" if seat is Seat.S and name == DEFAULT_NAMES[seat] else name)
        self.language.setCurrentIndex(self.language.findData(s.language or current_language()))
        self.speed_buttons[s.animation_speed].setChecked(True)
        self.text_size_buttons[s.text_size].setChecked(True)
        self.wait_after_trick.setChecked(s.wait_after_trick)
        self.table_colour.setCurrentIndex(self.table_colour.findData(s.table_colour))
        self.card_back.setCurrentIndex(self.card_back.findData(s.card_back))
        self.auto_play.setChecked(s.auto_play_single)
        self.jumbo_cards.setChecked(s.jumbo_cards)
        self.four_colour.setChecked(s.four_colour_deck)
        self.high_contrast.setChecked(s.high_contrast)
        self.sound_on.setChecked(s.sound_on)
        self.volume.setValue(s.sound_volume)
        self.volume.setEnabled(s.sound_on)

    def selected_preset(self) -> str:
        for key, button in self.preset_buttons.items():
            if button.isChecked():
                return key
        return "standard"

    def _preset_toggled(self, checked: bool = True) -> None:
        """A preset shows its rules, read-only; Custom makes them editable."""
        if not checked or not hasattr(self, "rules_editor"):
            return  # the button being unchecked; its partner's toggle does the work
        preset = self.selected_preset()
        custom = preset == "custom"
        if self.rules_editor.editable and not custom:
            self._custom_rules = self.rules_editor.rules()  # keep the player's edits
        self.rules_editor.set_rules(self._custom_rules if custom else PRESETS[preset])
        self.rules_editor.set_editable(custom)
        title = (
            self.tr("Your rules")
            if custom
            else self.tr("The rules of “{preset}”").format(preset=preset_text()[preset][0])
        )
        self.custom_box.setTitle(title)

    def _show_relay_in_use(self) -> None:
        """Which relay family play uses: the one typed, or the one this app came with."""
        default = self.settings.default_relay
        if self.relay_edit.text().strip() or not default:
            self.relay_in_use.setText("")
            self.relay_in_use.hide()
            return
        text = self.tr("Using the relay chosen for this app: {address}").format(address=default)
        self.relay_in_use.setText(text)
        self.relay_in_use.setAccessibleName(text)
        self.relay_in_use.show()

    def accept(self) -> None:
        if clean_relay(self.relay_edit.text()) is None:
            self.tabs.setCurrentIndex(1)
            self.relay_problem.setText(
                self.tr(
                    "That is not a relay address. A relay address starts with ws:// or "
                    "wss://, like wss://relay.example.org or ws://192.168.1.20:8765. Ask "
                    "whoever runs the relay for it."
                )
            )
            self.relay_edit.setFocus()
            return
        self.apply()
        super().accept()

    def apply(self) -> None:
        """Write what the dialog shows into the settings."""
        s = self.settings
        preset = self.selected_preset()
        if self.rules_editor.editable:
            s.custom_rules = self.rules_editor.rules()
        else:
            s.custom_rules = self._custom_rules
        s.rules_preset = preset
        for key, button in self.level_buttons.items():
            if button.isChecked():
                s.computer_level = key
        for seat, edit in self.name_edits.items():
            s.set_name(seat, edit.text())
        relay = clean_relay(self.relay_edit.text())
        if relay is not None:
            s.relay_address = relay
        for key, button in self.speed_buttons.items():
            if button.isChecked():
                s.animation_speed = key
        s.table_colour = self.table_colour.currentData()
        s.card_back = self.card_back.currentData()
        for key, button in self.text_size_buttons.items():
            if button.isChecked():
                s.text_size = key
        s.wait_after_trick = self.wait_after_trick.isChecked()
        s.auto_play_single = self.auto_play.isChecked()
        s.jumbo_cards = self.jumbo_cards.isChecked()
        s.four_colour_deck = self.four_colour.isChecked()
        s.high_contrast = self.high_contrast.isChecked()
        s.sound_on = self.sound_on.isChecked()
        s.sound_volume = self.volume.value()
        # Last: a new language re-words the window, which reads the other settings.
        language = str(self.language.currentData())
        if language != (s.language or current_language()):
            s.language = language
        s.sync()
