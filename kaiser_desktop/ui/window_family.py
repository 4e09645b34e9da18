"""The main window at a family table joined from another computer (issue 24).

A part owned by the window, made only when the window runs on a `RemoteController`: the
game is the host's, so what only the host may do is hidden (a new game, replaying or
opening a record, undo; the rules, level and names set in Settings are kept for this
person's own games and change nothing at the family table), and New game becomes
"Leave the table…", asked first. It adds the Say menu with the few quick messages, shows
what the others say in the status bar (the table's own info line says it too, and the
screen reader hears it there), and tells the person in a message when the host turned this
app away or closed the table.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMenuBar

from kaiser_desktop.family_play.remote_controller import RemoteController, quick_sentence
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui.say_menu import SayMenu
from kaiser_desktop.ui.window_menus import WindowMenus

STATUS_MS = 8000


class WindowFamily(QObject):
    left = Signal()  # the person left the table (or it closed): the window may close
    gone = Signal()  # the seat is no longer this person's (left, refused, the table ended)

    def __init__(
        self,
        controller: RemoteController,
        menus: WindowMenus,
        bar: QMenuBar,
        *,
        say: Callable[[str, str], None],
        confirm: Callable[[str, str], bool],
        show_status: Callable[[str, int], None],
        names_changed: Callable[[], None],
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.menus = menus
        self._say = say
        self._confirm = confirm
        self._show_status = show_status
        self._over = False  # the person left, or the table is over for this app
        # The host's alone: hidden, so nothing on screen promises what cannot be done here.
        for action in (
            menus.replay_action, menus.open_action, menus.export_action,
            menus.statistics_action, menus.undo_action,
            menus.auto_play_action, menus.welcome_action,
        ):  # fmt: skip
            action.setVisible(False)
            action.setEnabled(False)
        self.say = SayMenu(bar, menus.help_menu.menuAction(), controller.send_quick, self)
        self.quick_actions = self.say.actions
        controller.seats_changed.connect(names_changed)  # who sits where, and their names
        controller.quick_said.connect(self._on_quick)
        controller.refused.connect(self._on_refused)
        controller.table_closed.connect(self._on_closed)
        self.retranslate()

    def retranslate(self) -> None:
        self.controller.refresh_seating()  # "You", "(partner)" in the new language
        self.menus.new_action.setText(self.tr("&Leave the table…"))
        self.say.retranslate()

    def leave(self, *, closing: bool = False) -> bool:
        """Leave the family table, asked first. True when the person left. `closing`: the
        window is closing anyway (its ×), so `left` is not said."""
        if self._over:
            return True
        if not self._confirm(
            self.tr("Leave the table"),
            self.tr("Leave the family table? A computer will play your seat."),
        ):
            return False
        self._over = True
        self.controller.stop()
        self.gone.emit()
        if not closing:
            self.left.emit()
        return True

    def may_close(self) -> bool:
        """The window's ×: asked as Leave the table… is; True when it may close."""
        return self.leave(closing=True)

    def _on_quick(self, seat: Seat, said: str) -> None:
        name = self.controller.seating.name(seat)
        self._show_status(
            self.tr("{name}: {said}").format(name=name, said=quick_sentence(said)), STATUS_MS
        )

    def _on_refused(self, text: str) -> None:
        self._over = True
        self.gone.emit()
        self._say(self.tr("Family table"), text)
        self.left.emit()

    def _on_closed(self, text: str) -> None:
        self._over = True
        self.gone.emit()
        self._say(self.tr("Family table"), text)
        self.left.emit()
