"""The main window while it hosts a family table (issue 24).

A part owned by the window, made when the host opens a table from Play with family…. It
says on the table (and so to the screen reader) who sat down, whose connection was lost
and who came back, and what the others say; it adds the Say menu for the host's own quick
messages; and it keeps the people's names on the plates when the window renames the seats
(a new language, new names in Settings). The host's New game asks before ending the table.

The host decides who sits: someone without a rejoin token is asked about ("‹name› asks to
sit at the table. Let them in?"), and a person who has not played for two minutes on their
turn brings "Let the computer play this turn for ‹name›?". Each question waits on the table
without stopping it; its safe answer (Not now, Wait) is the default, and a question whose
moment has passed (the person left, or played) goes away by itself.

The table code stays in sight on a strip above the table, and under Game → Table code…,
with a Copy button (ui/code_panel.py).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, SignalInstance
from PySide6.QtWidgets import QDialog, QMainWindow, QMenuBar, QMessageBox, QWidget

from kaiser_desktop.family_play.family_session import HostSession
from kaiser_desktop.family_play.remote_controller import quick_sentence
from kaiser_desktop.net.table_code import TableCode
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui.code_panel import CodeBar, TableCodeDialog
from kaiser_desktop.ui.dialogs import text_scale_for
from kaiser_desktop.ui.language import current_language
from kaiser_desktop.ui.say_menu import SayMenu
from kaiser_desktop.ui.window_menus import WindowMenus

STATUS_MS = 8000
TABLE_PX = 350  # the table's least height at normal text size, with the code strip above it


class WindowHosting(QObject):
    def __init__(
        self,
        session: HostSession,
        menus: WindowMenus,
        bar: QMenuBar,
        *,
        tell: Callable[[str], None],
        show_status: Callable[[str, int], None],
        names_changed: Callable[[], None],
        run_dialog: Callable[[QDialog], object] = lambda dialog: dialog.exec(),
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._window = parent
        self.session = session
        self._tell = tell
        self._show_status = show_status
        self._names_changed = names_changed
        self.say = SayMenu(bar, menus.help_menu.menuAction(), self._say, self)
        self.quick_actions = self.say.actions
        table = session.table
        table.person_joined.connect(self._on_joined)
        table.person_left.connect(self._on_left)
        table.quick_said.connect(self._on_quick)
        table.seats_changed.connect(names_changed)
        table.seat_requested.connect(self._on_seat_requested)
        table.request_withdrawn.connect(lambda conn: self._drop_question(("seat", conn)))
        table.away_reminder.connect(self._on_away)
        table.away_withdrawn.connect(lambda seat: self._drop_question(("away", seat)))
        self._away: set[Seat] = set()
        self.questions: dict[tuple[str, object], QMessageBox] = {}  # open, by what they ask
        self._menus = menus
        self._closed = False
        self._run_dialog = run_dialog
        self._main = parent if isinstance(parent, QMainWindow) else None
        self.code_bar = CodeBar(self.code, self._main)
        if self._main is not None:
            self._main.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.code_bar)
            self.code_bar.show()  # a bar added to a window already shown starts hidden
            self._main.installEventFilter(self)
            self._fit_bar()
        menus.table_code_action.setVisible(True)
        menus.table_code_action.setEnabled(True)
        menus.table_code_action.triggered.connect(self.show_code)
        table.seats_changed.connect(self.code_bar.refresh)
        code_changed = getattr(session, "code_changed", None)  # a code renewed, if it can be
        if isinstance(code_changed, SignalInstance):
            code_changed.connect(self.code_bar.refresh)
        self.retranslate()

    @property
    def open(self) -> bool:
        return not self.session.table.closed

    def people(self) -> dict[Seat, str]:
        """The names of the remote seats: the people's as they gave them, and once the
        family game is on the computers' too (names everywhere, never "East & Grandma")."""
        return self.session.table.seat_names()

    def standing_in(self) -> set[Seat]:
        """The seats a computer plays for a person whose connection dropped, now."""
        return {info.seat for info in self.session.table.seats() if info.kind == "stand_in"}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._main and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self._fit_bar()
        return False

    def _fit_bar(self) -> None:
        """The strip shows where the table keeps the room it needs below it (at 800×600
        with Extra large text it does not: the code is then under Game → Table code…)."""
        window = self._main
        central = window.centralWidget() if window is not None else None
        if window is None or central is None or self._closed:
            return
        scale = text_scale_for(window)
        bar = self.code_bar.sizeHint().height() if self.code_bar.isVisible() else 0
        room = central.height() + bar  # the table's height without the strip
        self.code_bar.setVisible(room - self.code_bar.sizeHint().height() >= TABLE_PX * scale)

    def code(self) -> str:
        """The table's code as this person reads it (French words in French)."""
        return TableCode.parse(self.session.code).spoken(current_language())

    def retranslate(self) -> None:
        self.say.retranslate()
        self.code_bar.retranslate()

    def show_code(self, note: str = "") -> None:
        """Game → Table code…: the code in large type, with Copy."""
        self._run_dialog(TableCodeDialog(self.code, note=note, parent=self._main))

    def close(self, *, ending: bool) -> None:
        self._closed = True
        if self._main is not None:
            self._main.removeEventFilter(self)
        self.session.close(ending=ending)
        for key in list(self.questions):
            self._drop_question(key)
        self.say.hide()
        self._menus.table_code_action.triggered.disconnect(self.show_code)
        self._menus.table_code_action.setVisible(False)
        if self._main is not None:
            self._main.removeToolBar(self.code_bar)
        self.code_bar.deleteLater()

    def _say(self, said: str) -> None:
        self.session.table.say_quick(said)
        self._show_status(self.tr("You: {said}").format(said=quick_sentence(said)), STATUS_MS)

    def _on_joined(self, seat: Seat, name: str) -> None:
        if seat in self._away:
            self._away.discard(seat)
            self._tell(self.tr("{name} is back at the table.").format(name=name))
        else:
            self._tell(self.tr("{name} has sat down at the table.").format(name=name))
        self._names_changed()

    def _on_left(self, seat: Seat, name: str) -> None:
        self._away.add(seat)
        self._tell(
            self.tr(
                "{name}'s connection was lost: the computer plays for {name} until "
                "{name} comes back."
            ).format(name=name)
        )

    def _on_quick(self, seat: Seat, said: str) -> None:
        name = self.session.table.remote_people().get(seat, "")
        text = self.tr("{name}: {said}").format(name=name, said=quick_sentence(said))
        self._tell(text)
        self._show_status(text, STATUS_MS)

    # --- the host's questions ------------------------------------------------------------

    def _on_seat_requested(self, conn: int, name: str) -> None:
        table = self.session.table
        self._ask(
            ("seat", conn),
            self.tr("{name} asks to sit at the table. Let them in?").format(name=name),
            self.tr("Let them in"),
            self.tr("Not now"),
            yes=lambda: table.let_in(conn),
            no=lambda: table.turn_away(conn),
        )

    def _on_away(self, seat: Seat, name: str) -> None:
        table = self.session.table
        self._ask(
            ("away", seat),
            self.tr("Let the computer play this turn for {name}?").format(name=name),
            self.tr("Let the computer play"),
            self.tr("Wait"),
            yes=lambda: table.let_computer_play(seat),
            no=lambda: None,
        )

    def _ask(
        self,
        key: tuple[str, object],
        text: str,
        yes_text: str,
        no_text: str,
        *,
        yes: Callable[[], object],
        no: Callable[[], object],
    ) -> None:
        """A question on the host's window that does not stop the table; the safe answer
        (`no_text`) is the default and Escape's."""
        self._drop_question(key)
        box = QMessageBox(self._window)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Play with family"))
        box.setText(text)
        box.setAccessibleName(text)
        yes_button = box.addButton(yes_text, QMessageBox.ButtonRole.AcceptRole)
        no_button = box.addButton(no_text, QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(no_button)
        box.setEscapeButton(no_button)

        def answered() -> None:
            if self.questions.get(key) is not box:
                return  # withdrawn
            del self.questions[key]
            if box.clickedButton() is yes_button:
                yes()
            else:
                no()
            box.deleteLater()

        box.finished.connect(answered)
        self.questions[key] = box
        box.open()
        self._tell(text)

    def _drop_question(self, key: tuple[str, object]) -> None:
        """The question's moment has passed: it goes, unanswered (the safe answer)."""
        box = self.questions.pop(key, None)
        if box is not None:
            box.done(0)
            box.deleteLater()
