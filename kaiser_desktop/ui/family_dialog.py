"""Game → Play with family…: host a table for people at other computers, or join one.

Two pages behind two large buttons. *Host a table* shows the table code to read over the
phone and the seats as people sit down; before the start the host chooses for each seat
"someone from the family" or a computer at a level, and may draw the partners; the host
starts when ready and computers take the seats no one took. *Join a table* asks for a
name and the code, or lists the tables found on this home network; joining hands the
person's window over to the host's game.

The dialog does no networking itself: it is given a `FamilyStarts` of callables that the
window's composition provides (`kaiser_desktop.family`), so it can be tested with fakes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui.code_panel import CodeLabel, copy_text, how_to_join_label
from kaiser_desktop.ui.dialogs import fit_to_screen, scaled_font, scrolling, text_scale_for
from kaiser_desktop.ui.settings_words import level_text

FONT_PX = 18
CODE_PX = 26
LOOK_MS = 3000  # how long the list says "Looking…" before "No table found…"


class SeatShown(Protocol):
    """One seat as the host's table tells it (family_play/family_table.py `seats()`)."""

    @property
    def seat(self) -> Seat: ...
    @property
    def kind(self) -> str: ...  # person, computer, stand_in, open
    @property
    def name(self) -> str: ...


class HostedTable(Protocol):
    """What the dialog needs of a hosted table (family_play/family_session.py `HostSession`)."""

    @property
    def code(self) -> str: ...
    def seats(self) -> Sequence[SeatShown]: ...
    def on_seats_changed(self, slot: Callable[[], None]) -> None: ...
    def on_relay_state(self, slot: Callable[[bool], None]) -> None: ...  # relay up or down
    def seat_levels(self) -> Mapping[Seat, str | None]: ...  # None: open to people
    def choose_seat(self, seat: Seat, level: str | None) -> bool: ...  # False: refused
    def draw_partners(self) -> None: ...
    def start_game(self) -> None: ...
    def close(self) -> None: ...


class PendingJoin(Protocol):
    """A join under way (family_play/family_session.py `JoinSession`): `on_result(slot)`
    calls `slot` once, with None when the host gave a seat or with the sentence why not."""

    def on_result(self, slot: Callable[[str | None], None]) -> None: ...
    def on_waiting(self, slot: Callable[[str], None]) -> None: ...  # the host is asked
    def cancel(self) -> None: ...


@dataclass(frozen=True)
class FoundTable:
    """A table found on the home network, as the list shows it."""

    name: str
    address: str  # "host:port"


@dataclass(frozen=True)
class FamilyStarts:
    """What the dialog's buttons do; the window's composition fills these in.

    `host(name)` opens a table and returns it (or a sentence why it could not);
    `join(name, code, address)` starts joining (address is a found table's "host:port", or
    None to reach the host through the relay), returning the join under way or a sentence
    why it could not start;
    `find(slot)` starts looking on the home network, calling `slot` with the tables found,
    and returns a callable that stops looking."""

    host: Callable[[str], HostedTable | str]
    join: Callable[[str, str, str | None], PendingJoin | str]
    find: Callable[[Callable[[list[FoundTable]], None]], Callable[[], None]]
    relay_set: bool  # whether a relay address is set in Settings (for tables across houses)


def seat_place(seat: Seat) -> str:
    """Where a seat is, from the host's chair."""
    return {
        Seat.N: translate("FamilyDialog", "Across from you (your partner)"),
        Seat.W: translate("FamilyDialog", "On your left"),
        Seat.E: translate("FamilyDialog", "On your right"),
        Seat.S: translate("FamilyDialog", "You"),
    }[seat]


CHOSEN_SEATS = (Seat.N, Seat.W, Seat.E)  # as the host's page lists them
SEAT_LEVELS = ("basic", "standard", "expert")  # the computers the host may choose


def seat_choices() -> list[tuple[str, str | None]]:
    """Who may play a seat, as the host's combo boxes say it: a person or a computer."""
    words = level_text()
    return [(translate("FamilyDialog", "Someone from the family"), None)] + [
        (translate("FamilyDialog", "Computer: {level}").format(level=words[level][0]), level)
        for level in SEAT_LEVELS
    ]


def seat_state(kind: str, name: str) -> str:
    if kind == "person":
        return translate("FamilyDialog", "{name} has sat down").format(name=name)
    if kind == "stand_in":
        return translate("FamilyDialog", "{name}: connection lost, a computer plays").format(
            name=name
        )
    if kind == "computer":
        return translate("FamilyDialog", "A computer plays")
    return translate("FamilyDialog", "Waiting for someone to join…")


class FamilyDialog(QDialog):
    def __init__(self, starts: FamilyStarts, *, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._starts = starts
        self._table: HostedTable | None = None
        self._stop_finding: Callable[[], None] | None = None
        self._found: list[FoundTable] = []
        self._joining: PendingJoin | None = None
        self._name = name
        scale = text_scale_for(parent)
        self.setFont(scaled_font(FONT_PX, scale))
        self.setWindowTitle(self.tr("Play with family"))
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self._choice_page())
        self.pages.addWidget(self._host_page(scale))
        self.pages.addWidget(self._join_page())
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        fit_to_screen(self, QSize(round(620 * scale), round(520 * scale)))

    # --- the first page: host or join -----------------------------------------------

    def _choice_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        intro = QLabel(
            self.tr(
                "Play with family and friends at their own computers. One person hosts the "
                "table; the others join it with the table code. Computers play the seats "
                "no one takes."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addWidget(QLabel(self.tr("Your name, as the others will see it:")))
        self.name_edit = QLineEdit(self._name)
        self.name_edit.setMaxLength(40)
        self.name_edit.setAccessibleName(self.tr("Your name"))
        layout.addWidget(self.name_edit)
        self.choice_status = QLabel()
        self.choice_status.setWordWrap(True)
        layout.addWidget(self.choice_status)
        self.host_button = QPushButton(self.tr("Host a table (the others join you)"))
        self.join_button = QPushButton(self.tr("Join a table"))
        for button in (self.host_button, self.join_button):
            button.setMinimumHeight(56)
            layout.addWidget(button)
        self.host_button.clicked.connect(self._host)
        self.join_button.clicked.connect(self._show_join)
        layout.addStretch(1)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(close)
        layout.addLayout(row)
        return page

    # --- hosting ----------------------------------------------------------------------

    def _host_page(self, scale: float) -> QWidget:
        page = QWidget()
        outer = QVBoxLayout(page)
        outer.setContentsMargins(0, 0, 0, 0)
        content = QWidget()  # scrolls on a small screen; the buttons below stay in sight
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scrolling(content), 1)
        layout.addWidget(QLabel(self.tr("Your table code:")))
        self.code_label = CodeLabel(CODE_PX * scale, FONT_PX * scale)  # one line, never split
        layout.addWidget(self.code_label)
        copy = QPushButton(self.tr("Copy the code"))
        copy.clicked.connect(self._copy_code)
        row = QHBoxLayout()
        row.addWidget(copy)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(how_to_join_label())
        self.reach_label = QLabel()
        self.reach_label.setWordWrap(True)
        layout.addWidget(self.reach_label)
        layout.addWidget(QLabel(self.tr("The seats:")))
        # One row a seat: who sits there (as people sit down), and who the host chooses.
        grid = QGridLayout()
        self.seat_labels: dict[Seat, QLabel] = {}
        self.seat_boxes: dict[Seat, QComboBox] = {}
        for line, seat in enumerate(CHOSEN_SEATS):
            label = QLabel(seat_place(seat))
            label.setWordWrap(True)
            box = QComboBox()
            for text, level in seat_choices():
                box.addItem(text, level)
            label.setBuddy(box)
            box.activated.connect(lambda index, seat=seat: self._choose(seat, index))
            grid.addWidget(label, line, 0)
            grid.addWidget(box, line, 1)
            self.seat_labels[seat] = label
            self.seat_boxes[seat] = box
        grid.setColumnStretch(0, 1)  # the seat's words wrap; its choice is read whole
        layout.addLayout(grid)
        self.draw_button = QPushButton(self.tr("Draw partners"))
        self.draw_button.setToolTip(
            self.tr("The people at the table are given seats at random, so partners are drawn.")
        )
        self.draw_button.clicked.connect(self._draw)
        self.seat_note = QLabel()
        self.seat_note.setWordWrap(True)
        draw_row = QHBoxLayout()
        draw_row.addWidget(self.draw_button)
        draw_row.addWidget(self.seat_note, 1)
        layout.addLayout(draw_row)
        layout.addStretch(1)
        self.start_button = QPushButton(self.tr("Start the game"))
        self.start_button.setMinimumHeight(48)
        self.start_button.clicked.connect(self._start)
        self.stop_button = QPushButton(self.tr("Close the table"))
        self.stop_button.clicked.connect(self._close_table)
        buttons = QHBoxLayout()
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        buttons.addWidget(self.start_button)
        outer.addLayout(buttons)
        return page

    def _chosen_name(self) -> str | None:
        name = self.name_edit.text().strip()
        if not name:
            self.choice_status.setText(
                self.tr("Type your name first, so the others know who you are.")
            )
            self.name_edit.setFocus()
            return None
        self.choice_status.setText("")
        return name

    def _host(self) -> None:
        name = self._chosen_name()
        if name is None:
            return
        opened = self._starts.host(name)
        if isinstance(opened, str):
            self.choice_status.setText(opened)
            return
        self._table = opened
        self.code_label.setText(opened.code)
        self.code_label.setAccessibleName(
            self.tr("Your table code: {code}").format(code=opened.code)
        )
        self._show_reach(None)
        opened.on_relay_state(self._show_reach)
        opened.on_seats_changed(self._show_seats)
        self._show_seats()
        self.pages.setCurrentIndex(1)
        self.start_button.setFocus()

    def _show_reach(self, relay_up: bool | None) -> None:
        """Who can join right now: the relay's state as the table's link last said it
        (None: not said yet)."""
        if not self._starts.relay_set:
            text = self.tr(
                "Only computers on this home network can join. For family in other "
                "houses, put a relay address in Settings first."
            )
        elif relay_up is None:
            text = self.tr(
                "Reaching the relay… Until it answers, only computers on this home network "
                "can join."
            )
        elif relay_up:
            text = self.tr("Family in other houses and on this home network can join.")
        else:
            text = self.tr(
                "Right now only computers on this home network can join: the relay is not "
                "answering. The app keeps trying; family in other houses can join as soon "
                "as it answers."
            )
        self.reach_label.setText(text)
        self.reach_label.setAccessibleName(text)

    def _show_seats(self) -> None:
        table = self._table
        if table is None:
            return
        people = 0
        for shown in table.seats():
            if shown.seat not in self.seat_labels:
                continue
            people += shown.kind == "person"
            text = f"{seat_place(shown.seat)}: {seat_state(shown.kind, shown.name)}"
            self.seat_labels[shown.seat].setText(text)
            self.seat_boxes[shown.seat].setAccessibleName(text)
        levels = table.seat_levels()
        for seat, box in self.seat_boxes.items():
            chosen = box.findData(levels.get(seat))
            box.setCurrentIndex(max(chosen, 0))  # a level not offered here: the list's first
        self.draw_button.setEnabled(people > 0)

    def _choose(self, seat: Seat, index: int) -> None:
        table = self._table
        if table is None:
            return
        level = self.seat_boxes[seat].itemData(index)
        if table.choose_seat(seat, level):
            self.seat_note.setText("")
        else:
            self.seat_note.setText(
                self.tr(
                    "Someone sits there and no other seat is free for them, so the seat "
                    "stays theirs."
                )
            )
        self._show_seats()

    def _draw(self) -> None:
        if self._table is not None:
            self._table.draw_partners()
            self.seat_note.setText(self.tr("The partners were drawn."))
            self._show_seats()

    def _copy_code(self) -> None:
        if self._table is not None:
            copy_text(self._table.code)

    def _start(self) -> None:
        if self._table is not None:
            self._table.start_game()
            self._table = None  # the game has it now; closing the dialog keeps the table
        self.accept()

    def _close_table(self) -> None:
        if self._table is not None:
            self._table.close()
            self._table = None
        self.pages.setCurrentIndex(0)

    # --- joining ----------------------------------------------------------------------

    def _join_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel(self.tr("The table code (the host reads it to you):")))
        self.code_edit = QLineEdit()
        # An example code, in the person's words (French ones read back the same).
        self.code_edit.setPlaceholderText(self.tr("maple-river-lantern-otter-427"))
        self.code_edit.setAccessibleName(self.tr("The table code"))
        self.code_edit.returnPressed.connect(self._join_by_code)
        layout.addWidget(self.code_edit)
        layout.addWidget(QLabel(self.tr("Or a table on this home network:")))
        layout.addWidget(self._found_box(), 1)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        layout.addWidget(self.status_label)
        back = QPushButton(self.tr("Back"))
        back.clicked.connect(self._back)
        self.join_now = QPushButton(self.tr("Join"))
        self.join_now.setMinimumHeight(48)
        self.join_now.setDefault(True)
        self.join_now.clicked.connect(self._join_clicked)
        buttons = QHBoxLayout()
        buttons.addWidget(back)
        buttons.addStretch(1)
        buttons.addWidget(self.join_now)
        layout.addLayout(buttons)
        return page

    def _found_box(self) -> QWidget:
        """The tables found on this home network; while there are none, words that say
        so, in the body's size: "Looking…", then "No table found on this home network."."""
        self.found_box = QStackedWidget()
        self.found_note = QLabel()  # in a box like the list's, so it reads as its content
        self.found_note.setWordWrap(True)
        self.found_note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.found_note.setFrameShape(QFrame.Shape.StyledPanel)
        self.found_note.setBackgroundRole(QPalette.ColorRole.Base)
        self.found_note.setAutoFillBackground(True)
        self.found_note.setMargin(8)
        self.found_list = QListWidget()
        self.found_list.setAccessibleName(self.tr("Tables on this home network"))
        self.found_list.itemActivated.connect(self._join_found)
        self.found_box.addWidget(self.found_note)
        self.found_box.addWidget(self.found_list)
        self._look_timer = QTimer(self)
        self._look_timer.setSingleShot(True)
        self._look_timer.timeout.connect(lambda: self._show_found(self._found))
        return self.found_box

    def _show_join(self) -> None:
        if self._chosen_name() is None:
            return
        self.pages.setCurrentIndex(2)
        self.status("")
        self._found = []
        if self._stop_finding is None:
            self._look_timer.start(LOOK_MS)
            self._stop_finding = self._starts.find(self._show_found)
        self._show_found(self._found)
        self.code_edit.setFocus()

    def _show_found(self, tables: list[FoundTable]) -> None:
        self._found = list(tables)
        self.found_list.clear()
        for table in self._found:
            self.found_list.addItem(self.tr("{name}'s table").format(name=table.name))
        if self._found:
            self.found_box.setCurrentWidget(self.found_list)
            return
        if self._look_timer.isActive():
            note = self.tr("Looking…")
        else:
            note = self.tr("No table found on this home network.")
        self.found_note.setText(note)
        self.found_note.setAccessibleName(note)
        self.found_box.setCurrentWidget(self.found_note)

    def _back(self) -> None:
        self._stop_looking()
        self._cancel_join()
        self.pages.setCurrentIndex(0)

    def _join_clicked(self) -> None:
        row = self.found_list.currentRow()
        if not self.code_edit.text().strip() and 0 <= row < len(self._found):
            self._join(self._found[row].address)
        else:
            self._join_by_code()

    def _join_found(self, item: QListWidgetItem) -> None:
        row = self.found_list.row(item)
        if 0 <= row < len(self._found):
            self._join(self._found[row].address)

    def _join_by_code(self) -> None:
        if not self.code_edit.text().strip():
            self.status(self.tr("Type the table code the host reads to you."))
            self.code_edit.setFocus()
            return
        self._join(None)

    def _join(self, address: str | None) -> None:
        if self._joining is not None:
            return  # one join at a time
        name = self.name_edit.text().strip()
        self.status(self.tr("Joining…"))
        joining = self._starts.join(name, self.code_edit.text().strip(), address)
        if isinstance(joining, str):
            self.status(joining)
            return
        self._joining = joining
        self.join_now.setEnabled(False)
        joining.on_result(self._joined)
        joining.on_waiting(self.status)

    def _joined(self, why_not: str | None) -> None:
        self._joining = None
        self.join_now.setEnabled(True)
        if why_not is not None:
            self.status(why_not)
            return
        self._stop_looking()
        self.accept()

    def status(self, text: str) -> None:
        self.status_label.setText(text)
        self.status_label.setAccessibleName(text)

    def _stop_looking(self) -> None:
        self._look_timer.stop()
        if self._stop_finding is not None:
            self._stop_finding()
            self._stop_finding = None

    def _cancel_join(self) -> None:
        if self._joining is not None:
            self._joining.cancel()
            self._joining = None
            self.join_now.setEnabled(True)

    def done(self, result: int) -> None:
        self._stop_looking()
        if result != QDialog.DialogCode.Accepted:
            self._cancel_join()
        if self._table is not None:  # the dialog closed before the game started
            self._table.close()
            self._table = None
        super().done(result)
