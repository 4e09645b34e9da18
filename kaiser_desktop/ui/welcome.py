"""The welcome at first start: names, computer level, rules and text size on one friendly
screen, with "How to play". Also under Help → Welcome and how to play….

`WelcomeDialog(settings, game_in_progress=..., parent=...)`; OK (or "Start playing") writes
the choices into `settings`; either way `welcome_done` is set, so it does not come back.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from kaiser_desktop.app.settings import (
    DEFAULT_NAMES,
    LEVELS,
    MAX_NAME_LENGTH,
    TEXT_SIZES,
    Settings,
)
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui.dialogs import fit_to_screen, scaled_font, scrolling
from kaiser_desktop.ui.help_dialog import HowToPlayDialog
from kaiser_desktop.ui.settings_dialog import LEVEL_TEXT, PRESET_TEXT, TEXT_SIZE_TEXT

FONT_PX: Final = 18
INTRO: Final = (
    "Kaiser is played by four people in two teams. You play with a partner, sitting "
    "opposite you, against the two others; the computer plays the other three seats. "
    "Choose below, then start. You can change all of this later under Game → Settings."
)
IN_PROGRESS_NOTE: Final = (
    "Your game in progress carries on. New rules and a new computer level apply from your "
    "next new game."
)
PRESETS_OFFERED: Final = ("standard", "tournament", "bidout47")


class WelcomeDialog(QDialog):
    def __init__(
        self, settings: Settings, game_in_progress: bool = False, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.tour: HowToPlayDialog | None = None
        self.setWindowTitle("Welcome to Kaiser")
        body = QWidget()
        layout = QVBoxLayout(body)
        self.heading = QLabel("Welcome to Kaiser")
        layout.addWidget(self.heading)
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.note = QLabel(IN_PROGRESS_NOTE)
        self.note.setWordWrap(True)
        self.note.setStyleSheet(
            "background: #FFF3C4; color: #1A1A1A; border: 1px solid #E0B000; padding: 8px;"
        )
        self.note.setVisible(game_in_progress)
        layout.addWidget(self.note)

        self.titles: list[QLabel] = []
        self.name_edits: dict[Seat, QLineEdit] = {}
        for seat, question in ((Seat.S, "Your name"), (Seat.N, "Your partner")):
            layout.addWidget(self._title(question))
            edit = QLineEdit()
            edit.setMaxLength(MAX_NAME_LENGTH)
            edit.setPlaceholderText(DEFAULT_NAMES[seat])
            edit.setObjectName(f"welcome_name_{seat.text}")
            edit.installEventFilter(self)  # Enter moves on to the next question
            self.name_edits[seat] = edit
            layout.addWidget(edit)

        layout.addWidget(self._title("How strong should the computer players be?"))
        self.level_buttons = self._choices(
            layout, {key: f"{LEVEL_TEXT[key][0]} — {LEVEL_TEXT[key][1]}" for key in LEVELS}
        )
        layout.addWidget(self._title("Which rules does your table play?"))
        offered = list(PRESETS_OFFERED)
        if settings.rules_preset == "custom":  # keep the player's own rules on offer
            offered.append("custom")
        self.preset_buttons = self._choices(
            layout, {key: f"{PRESET_TEXT[key][0]} — {PRESET_TEXT[key][1]}" for key in offered}
        )
        layout.addWidget(self._title("Text and card size"))
        self.size_buttons = self._choices(layout, dict(TEXT_SIZE_TEXT))
        for key, button in self.size_buttons.items():
            # The welcome itself grows at once, to show what the size looks like.
            button.toggled.connect(lambda on, key=key: on and self._restyle(TEXT_SIZES[key]))
        layout.addStretch(1)

        self.tour_button = QPushButton("How to play…")
        self.tour_button.setAutoDefault(False)  # Enter never opens it by surprise
        self.tour_button.clicked.connect(self.show_tour)
        self.start_button = QPushButton("OK" if game_in_progress else "Start playing")
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.accept)
        self.cancel_button: QPushButton | None = None
        row = QHBoxLayout()
        row.addWidget(self.tour_button)
        row.addStretch(1)
        if game_in_progress:
            self.cancel_button = QPushButton("Cancel")
            self.cancel_button.setAutoDefault(False)
            self.cancel_button.clicked.connect(self.reject)
        row.addWidget(self.start_button)
        if self.cancel_button is not None:
            row.addWidget(self.cancel_button)
        outer = QVBoxLayout(self)
        outer.addWidget(scrolling(body), 1)  # the questions scroll; the buttons stay in view
        outer.addLayout(row)
        self._load()
        self._restyle(settings.text_scale())
        self.name_edits[Seat.S].setFocus()

    # --- building -------------------------------------------------------------------------

    def _title(self, text: str) -> QLabel:
        label = QLabel(text)
        label.setWordWrap(True)
        self.titles.append(label)
        return label

    def _choices(self, layout: QVBoxLayout, texts: dict[str, str]) -> dict[str, QRadioButton]:
        group = QButtonGroup(self)
        buttons: dict[str, QRadioButton] = {}
        for key, text in texts.items():
            button = QRadioButton(text)
            button.setObjectName(f"welcome_{key}")
            group.addButton(button)
            buttons[key] = button
            layout.addWidget(button)
        return buttons

    def _restyle(self, scale: float) -> None:
        self.scale = scale
        self.setFont(scaled_font(FONT_PX, scale))
        self.heading.setFont(scaled_font(FONT_PX * 1.6, scale, bold=True))
        for title in self.titles:
            title.setFont(scaled_font(FONT_PX * 1.1, scale, bold=True))
        fit_to_screen(self, QSize(round(680 * scale), round(720 * scale)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched in self.name_edits.values()
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self.focusNextChild()  # after typing a name, Enter goes on, it does not start
            return True
        return super().eventFilter(watched, event)

    # --- values ---------------------------------------------------------------------------

    def _load(self) -> None:
        s = self.settings
        for seat, edit in self.name_edits.items():
            edit.setText(s.name(seat))
        self.level_buttons[s.computer_level].setChecked(True)
        self.preset_buttons[s.rules_preset].setChecked(True)
        self.size_buttons[s.text_size].setChecked(True)

    @staticmethod
    def _checked(buttons: dict[str, QRadioButton]) -> str:
        return next(key for key, button in buttons.items() if button.isChecked())

    def apply(self) -> None:
        """Write the choices into the settings."""
        s = self.settings
        for seat, edit in self.name_edits.items():
            s.set_name(seat, edit.text())
        s.computer_level = self._checked(self.level_buttons)
        s.rules_preset = self._checked(self.preset_buttons)
        s.text_size = self._checked(self.size_buttons)

    def accept(self) -> None:
        self.apply()
        self.settings.welcome_done = True
        self.settings.sync()
        super().accept()

    def reject(self) -> None:
        # Closing the welcome skips it: it stays reachable from Help, but is not forced again.
        self.settings.welcome_done = True
        self.settings.sync()
        super().reject()

    def show_tour(self) -> HowToPlayDialog:
        """The tour opens over the welcome, modal to it but without blocking the caller."""
        self.tour = HowToPlayDialog(self, scale=self.scale)
        self.tour.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.tour.destroyed.connect(lambda: setattr(self, "tour", None))
        self.tour.open()
        return self.tour
