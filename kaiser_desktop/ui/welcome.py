"""The welcome at first start: names, computer level, rules and text size on one friendly
screen, with "How to play". Also under Help → Welcome and how to play….

`WelcomeDialog(settings, game_in_progress=..., parent=...)`; OK (or "Start playing") writes
the choices into `settings`; either way `welcome_done` is set, so it does not come back by
itself. At the first start there is no Cancel: Escape or closing the window keeps what was
chosen (a typed name, Extra large) as "Start playing" would. From Help (a game in progress)
Escape is the Cancel button beside OK. Enter on a focused button presses that button
("How to play…" opens the tour; it never starts the game). `show_welcome_again` is the
entry point for Help → Welcome.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QGridLayout,
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
from kaiser_desktop.ui.language import LANGUAGE_NAMES, current_language, install_language
from kaiser_desktop.ui.radio_keys import RadioKeys
from kaiser_desktop.ui.settings_words import level_text, preset_text, text_size_text

FONT_PX: Final = 18
PRESETS_OFFERED: Final = ("standard", "tournament", "bidout47", "open_table")


class _Words(QLabel):
    """A choice's description, wrapping; a click on the words picks the choice too."""

    def __init__(self, text: str, button: QRadioButton) -> None:
        super().__init__(text)
        self.setWordWrap(True)
        self.button = button

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.button.setChecked(True)
        self.button.setFocus()


class WelcomeDialog(QDialog):
    def __init__(
        self, settings: Settings, game_in_progress: bool = False, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        # Freed once answered (exec() deletes it as it returns): each one opened and kept
        # hidden by the window made its memory climb under long use (issue 29).
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.settings = settings
        self.tour: HowToPlayDialog | None = None
        self.game_in_progress = game_in_progress
        body = QWidget()
        layout = QVBoxLayout(body)
        # First of all, each language by its own name: picking one re-words the welcome.
        self.language_buttons = self._language_row(layout)
        self.heading = QLabel()
        layout.addWidget(self.heading)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet(
            "background: #FFF3C4; color: #1A1A1A; border: 1px solid #E0B000; padding: 8px;"
        )
        self.note.setVisible(game_in_progress)
        layout.addWidget(self.note)

        self.titles: list[QLabel] = []
        self.choice_titles: list[QRadioButton] = []
        self.descriptions: dict[int, QLabel] = {}  # by id() of its radio button
        self.name_edits: dict[Seat, QLineEdit] = {}
        for seat in (Seat.S, Seat.N):
            layout.addWidget(self._title())
            edit = QLineEdit()
            edit.setMaxLength(MAX_NAME_LENGTH)
            edit.setObjectName(f"welcome_name_{seat.text}")
            edit.setMinimumWidth(120)  # so the dialog can shrink on a small screen
            edit.installEventFilter(self)  # Enter moves on to the next question
            self.name_edits[seat] = edit
            layout.addWidget(edit)

        layout.addWidget(self._title())
        self.level_buttons = self._choices(layout, list(LEVELS))
        layout.addWidget(self._title())
        offered = list(PRESETS_OFFERED)
        if settings.rules_preset == "custom":  # keep the player's own rules on offer
            offered.append("custom")
        self.preset_buttons = self._choices(layout, offered)
        layout.addWidget(self._title())
        self.size_buttons = self._choices(layout, list(TEXT_SIZES), across=True)
        for key, button in self.size_buttons.items():
            # The welcome itself grows at once, to show what the size looks like.
            button.toggled.connect(
                lambda on, key=key: self._restyle(TEXT_SIZES[key]) if on else None
            )
        layout.addStretch(1)

        self.tour_button = QPushButton()
        self.tour_button.setAutoDefault(False)  # Enter never opens it by surprise
        self.tour_button.clicked.connect(self.show_tour)
        self.start_button = QPushButton()
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.accept)
        self.cancel_button: QPushButton | None = None
        row = QHBoxLayout()
        row.addWidget(self.tour_button)
        row.addStretch(1)
        if game_in_progress:
            self.cancel_button = QPushButton()
            self.cancel_button.setAutoDefault(False)
            self.cancel_button.clicked.connect(self.reject)
        row.addWidget(self.start_button)
        if self.cancel_button is not None:
            row.addWidget(self.cancel_button)
        outer = QVBoxLayout(self)
        area = scrolling(body)  # the questions scroll; the buttons stay in view
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # all wraps
        self.area = area
        outer.addWidget(area, 1)
        outer.addLayout(row)
        self._load()
        for buttons in (
            self.language_buttons,
            self.level_buttons,
            self.preset_buttons,
            self.size_buttons,
        ):
            group = next(iter(buttons.values())).group()
            if group is not None:
                RadioKeys(group)  # Tab stops on the chosen one; the arrows choose
        self._say_words()
        self._restyle(settings.text_scale())
        if game_in_progress:
            # Reopened from Help: the first question, at the top, so it opens at its top.
            # Focused, the name field (below the note only a game in progress has) was
            # scrolled into view at 800x600 with Extra large text in French, the heading
            # cut by the top edge and the language row out of sight (issue 38).
            chosen = [b for b in self.language_buttons.values() if b.isChecked()]
            (chosen or list(self.language_buttons.values()))[0].setFocus()
        else:
            self.name_edits[Seat.S].setFocus()

    def _say_words(self) -> None:
        """Every word of the welcome, in the language of the moment."""
        self.setWindowTitle(self.tr("Welcome to Kaiser"))
        self.heading.setText(self.tr("Welcome to Kaiser"))
        self.intro.setText(
            self.tr(
                "Kaiser is played by four people in two teams. You play with a partner, "
                "sitting opposite you, against the two others; the computer plays the other "
                "three seats. Choose below, then start. You can change all of this later "
                "under Game → Settings."
            )
        )
        self.note.setText(
            self.tr(
                "Your game in progress carries on. New rules and a new computer level apply "
                "from your next new game."
            )
        )
        questions = (
            self.tr("Your name"),
            self.tr("Your partner"),
            self.tr("How strong should the computer players be?"),
            self.tr("Which rules does your table play?"),
            self.tr("Text and card size"),
        )
        for label, question in zip(self.titles, questions, strict=True):
            label.setText(question)
        self.name_edits[Seat.S].setPlaceholderText(self.tr("Type your name"))
        self.name_edits[Seat.N].setPlaceholderText(DEFAULT_NAMES[Seat.N])
        sizes = {key: (text, "") for key, text in text_size_text().items()}
        for buttons, words in (
            (self.level_buttons, level_text()),
            (self.preset_buttons, preset_text()),
            (self.size_buttons, sizes),
        ):
            for key, button in buttons.items():
                title, description = words[key]
                button.setText(title)
                if id(button) in self.descriptions:
                    self.descriptions[id(button)].setText(description)
        self.tour_button.setText(self.tr("How to play…"))
        self.start_button.setText(
            self.tr("OK") if self.game_in_progress else self.tr("Start playing")
        )
        if self.cancel_button is not None:
            self.cancel_button.setText(self.tr("Cancel"))

    # --- building -------------------------------------------------------------------------

    def _language_row(self, layout: QVBoxLayout) -> dict[str, QRadioButton]:
        row = QHBoxLayout()
        row.addWidget(QLabel("Language / Langue\u00a0:"))  # both languages: never translated
        group = QButtonGroup(self)
        buttons: dict[str, QRadioButton] = {}
        for code, name in LANGUAGE_NAMES.items():
            button = QRadioButton(name)
            button.setObjectName(f"welcome_language_{code}")
            button.setChecked(code == current_language())
            group.addButton(button)
            buttons[code] = button
            row.addWidget(button)
            button.toggled.connect(
                lambda on, code=code: self._choose_language(code) if on else None
            )
        row.addStretch(1)
        layout.addLayout(row)
        return buttons

    def _choose_language(self, code: str) -> None:
        """The language at once: the window behind (through the setting) and the welcome."""
        self.settings.language = code
        if current_language() != code:  # no window listening (a test): switch it here
            install_language(code)
        self._say_words()

    def _title(self) -> QLabel:
        label = QLabel()
        label.setWordWrap(True)
        self.titles.append(label)
        return label

    def _choices(
        self, layout: QVBoxLayout, keys: list[str], across: bool = False
    ) -> dict[str, QRadioButton]:
        """Radio buttons, a bold title each; the descriptions line up in a column beside."""
        group = QButtonGroup(self)
        grid = QGridLayout()
        buttons: dict[str, QRadioButton] = {}
        for row, key in enumerate(keys):
            button = QRadioButton()
            button.setObjectName(f"welcome_{key}")
            group.addButton(button)
            buttons[key] = button
            self.choice_titles.append(button)
            if across:
                grid.addWidget(button, 0, row)
            else:
                grid.addWidget(button, row, 0)
                words = _Words("", button)
                self.descriptions[id(button)] = words
                grid.addWidget(words, row, 1)
        grid.setColumnStretch(len(keys) if across else 1, 1)
        layout.addLayout(grid)
        return buttons

    def _restyle(self, scale: float) -> None:
        # Sized once, when it opens: picking a size shows the new text at once, but the
        # window keeps its place, so "Start playing" does not move from under the pointer.
        first = not hasattr(self, "scale")
        self.scale = scale
        self.setFont(scaled_font(FONT_PX, scale))
        self.heading.setFont(scaled_font(FONT_PX * 1.6, scale, bold=True))
        for title in self.titles:
            title.setFont(scaled_font(FONT_PX * 1.1, scale, bold=True))
        for button in self.choice_titles:
            button.setFont(scaled_font(FONT_PX, scale, bold=True))
        if first:
            fit_to_screen(self, QSize(round(680 * scale), round(720 * scale)))
        elif self.isVisible():  # (not while it is made: it opens at its top)
            # The questions above grew: the one just answered (Extra large, at the bottom)
            # is brought back into view once the page is laid out again.
            QTimer.singleShot(0, self, self._show_focus)

    def _show_focus(self) -> None:
        """The focused question brought into view, if it is not in view whole already: a
        field in sight does not scroll the page (reopened at 800x600, Extra large, in
        French, the heading went off the top for a margin below the name field)."""
        focused, page = self.focusWidget(), self.area.widget()
        if focused is None or page is None or not page.isAncestorOf(focused):
            return
        viewport = self.area.viewport()
        place = QRect(focused.mapTo(viewport, QPoint(0, 0)), focused.size())
        if not viewport.rect().contains(place):
            self.area.ensureWidgetVisible(focused)

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
            name = s.name(seat)
            # "You" is what South is called until they say; the box then waits, empty.
            edit.setText("" if seat is Seat.S and name == DEFAULT_NAMES[seat] else name)
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
        """Escape or the window's close box. At the first start (no Cancel button) the
        choices on screen are kept, as "Start playing" keeps them: a newcomer who typed a name
        and chose Extra large and then pressed Escape must not lose them. From Help, Escape is
        the Cancel beside OK and writes nothing. Either way the welcome is not forced again;
        it stays under Help."""
        if self.cancel_button is None:
            self.accept()
            return
        self.settings.welcome_done = True
        self.settings.sync()
        super().reject()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Enter on a focused button presses that button. QDialog would press the default
        # one ("Start playing") for a button that is not auto-default, so Enter on
        # "How to play…" started the game.
        focused = self.focusWidget()
        if (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and isinstance(focused, QPushButton)
            and focused.isEnabled()
            and focused.isVisible()
        ):
            focused.click()
            event.accept()
            return
        super().keyPressEvent(event)

    def show_tour(self) -> HowToPlayDialog:
        """The tour opens over the welcome, modal to it but without blocking the caller."""
        self.tour = HowToPlayDialog(self, scale=self.scale)
        self.tour.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.tour.destroyed.connect(lambda: setattr(self, "tour", None))
        self.tour.open()
        return self.tour


def show_welcome_again(
    parent: QWidget | None,
    settings: Settings,
    game_in_progress: bool,
    run: Callable[[QDialog], int] | None = None,
) -> bool:
    """Help → Welcome and how to play…: the welcome again, with the choices as they are now.

    `run` shows the dialog and returns its result (the window's `run_dialog`; by default
    `exec()`). True when the choices were written into `settings` (OK, or at a first start
    also Escape); the caller then applies the names and the text size at once, and the rules
    and level from the next game, as after Settings."""
    dialog = WelcomeDialog(settings, game_in_progress, parent)
    code = run(dialog) if run is not None else dialog.exec()
    return code == QDialog.DialogCode.Accepted.value
