"""The main window while it hosts a family table (issue 24).

A part owned by the window, made when the host opens a table from Play with family…. It
says on the table (and so to the screen reader) who sat down, whose connection was lost
and who came back, and what the others say; it adds the Say menu for the host's own quick
messages; and it keeps the people's names on the plates when the window renames the seats
(a new language, new names in Settings). The host's New game asks before ending the table.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMenuBar

from kaiser_desktop.family_play.family_session import HostSession
from kaiser_desktop.family_play.remote_controller import quick_sentence
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui.say_menu import SayMenu
from kaiser_desktop.ui.window_menus import WindowMenus

STATUS_MS = 8000


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
        parent: QObject,
    ) -> None:
        super().__init__(parent)
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
        self._away: set[Seat] = set()
        self.retranslate()

    @property
    def open(self) -> bool:
        return not self.session.table.closed

    def people(self) -> dict[Seat, str]:
        """The people at other computers, by seat, with the names they gave."""
        return self.session.table.remote_people()

    def retranslate(self) -> None:
        self.say.retranslate()

    def close(self, *, ending: bool) -> None:
        self.session.close(ending=ending)
        self.say.hide()

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
