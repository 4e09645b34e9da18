"""Family play's composition: what Game → Play with family… does in the running app.

The launcher gives every local window `play_with_family(window)`. It opens the dialog
(ui/family_dialog.py) with the real parts behind its buttons: hosting gives the window's
own game a table (family_play/family_session.py `HostSession`); joining makes a `RemoteController`
and, once the host has given a seat, opens a second window on it while the person's own
window waits hidden; leaving the table (or the host closing it) brings their own window
back. `reopen_saved_table` offers to open the table again when the saved game was a
family game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMessageBox

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.seating import ENGLISH_YOU
from kaiser_desktop.app.settings import SavedSeat, Settings
from kaiser_desktop.app.storage import LoadResult
from kaiser_desktop.family_play.family_session import HostSession, JoinSession, join_problem
from kaiser_desktop.family_play.family_table import (
    SeatInfo,
    family_seating,
    saved_host_name,
    saved_ticket,
)
from kaiser_desktop.net.rotation import rotate_seat
from kaiser_desktop.net.table_code import TableCode
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui.family_dialog import (
    FamilyDialog,
    FamilyStarts,
    FoundTable,
    HostedTable,
    PendingJoin,
)
from kaiser_desktop.ui.language import current_language
from kaiser_desktop.ui.main_window import MainWindow

if TYPE_CHECKING:  # zeroconf is imported when the family dialog looks for tables
    from kaiser_desktop.family_play.discovery import FoundTable as HeardTable


class _Hosted:
    """The dialog's face of a table hosted from `window`."""

    def __init__(self, window: MainWindow, session: HostSession) -> None:
        self.window = window
        self.session = session

    @property
    def code(self) -> str:
        return shown_code(self.session.code)

    def seats(self) -> Sequence[SeatInfo]:
        return self.session.seats()

    def on_seats_changed(self, slot: Callable[[], None]) -> None:
        self.session.on_seats_changed(slot)

    def on_relay_state(self, slot: Callable[[bool], None]) -> None:
        self.session.link.relay_state.connect(lambda up, _why: slot(bool(up)))

    def seat_levels(self) -> Mapping[Seat, str | None]:
        return self.session.seat_levels()

    def choose_seat(self, seat: Seat, level: str | None) -> bool:
        return self.session.choose_seat(seat, level)

    def draw_partners(self) -> None:
        self.session.draw_partners()

    def start_game(self) -> None:
        self.session.start_game()

    def close(self) -> None:
        self.window.end_hosting()


class _Joining:
    """The dialog's face of a join under way."""

    def __init__(self, session: JoinSession) -> None:
        self.session = session

    def on_result(self, slot: Callable[[str | None], None]) -> None:
        self.session.result.connect(lambda why_not: slot(why_not or None))

    def on_waiting(self, slot: Callable[[str], None]) -> None:
        self.session.waiting.connect(slot)

    def cancel(self) -> None:
        self.session.cancel()


class _ShowOnClose(QObject):
    """Shows the person's own window again as the family table's window closes (before it
    has closed, so the app does not take it for its last window and quit)."""

    def __init__(self, home: MainWindow, parent: QObject) -> None:
        super().__init__(parent)
        self.home = home

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            self.home.show()
            self.home.raise_()
        return False


def shown_code(code: str) -> str:
    """A table's code as this person reads it: in French words when the app speaks French
    ("érable-rivière-…-427"); either reads back as the same code."""
    return TableCode.parse(code).spoken(current_language())


def _found(tables: list[HeardTable]) -> list[FoundTable]:
    return [FoundTable(t.name, f"{t.address}:{t.port}") for t in tables]


def person_name(settings: Settings) -> str:
    """The name the person gave in Settings ('' while it is still "You")."""
    name = settings.name(Seat.S)
    return "" if name == ENGLISH_YOU else name


def family_starts(window: MainWindow, settings: Settings) -> FamilyStarts:
    local = window.local

    def host(name: str) -> HostedTable | str:
        if local is None:
            return translate("FamilyPlay", "A table can be hosted only from your own game.")
        if local.in_progress() and not window.confirm(
            translate("FamilyPlay", "Play with family"),
            translate(
                "FamilyPlay",
                "Your game in progress ends when the family game starts. Host a table?",
            ),
        ):
            return translate("FamilyPlay", "Your game goes on; no table was opened.")
        session = HostSession(local, host_name=name, relay=settings.relay_address, parent=window)
        watch_wrong_codes(window, session)
        window.host_table(session)
        return _Hosted(window, session)

    def join(name: str, code: str, address: str | None) -> PendingJoin | str:
        problem = join_problem(code, address, settings.relay_address)
        if problem is not None:
            return problem
        pace = local.pace if local is not None else window.controller.pace
        session = JoinSession(
            name=name, code=code, address=address, relay=settings.relay_address, pace=pace,
            parent=window,
        )  # fmt: skip
        session.result.connect(
            lambda why_not: open_joined_window(window, session, settings) if not why_not else None
        )
        return _Joining(session)

    def find(slot: Callable[[list[FoundTable]], None]) -> Callable[[], None]:
        from kaiser_desktop.family_play.discovery import TableFinder

        finder = TableFinder(window)
        finder.found.connect(lambda tables: slot(_found(tables)))
        finder.start()

        def stop() -> None:
            finder.stop()
            finder.deleteLater()

        return stop

    return FamilyStarts(host=host, join=join, find=find, relay_set=bool(settings.relay_address))


def watch_wrong_codes(window: MainWindow, session: HostSession) -> None:
    """When strangers tried wrong codes, the host is asked whether to let the code work
    again (the safe answer, Not now, is the default)."""
    session.code_paused.connect(lambda may_allow: _code_paused(window, session, may_allow))


def _code_paused(window: MainWindow, session: HostSession, may_allow: bool) -> None:
    box = QMessageBox(window)
    box.setIcon(QMessageBox.Icon.Question if may_allow else QMessageBox.Icon.Information)
    box.setWindowTitle(translate("FamilyPlay", "Play with family"))
    if not may_allow:
        box.setText(
            translate(
                "FamilyPlay",
                "Someone tried a wrong table code many times. Nobody new can join with this "
                "code any more. The people at the table play on. To let someone new in, close "
                "the table and host it again: it gets a new code.",
            )
        )
        box.addButton(QMessageBox.StandardButton.Ok)
        window.run_dialog(box)
        return
    box.setText(
        translate(
            "FamilyPlay",
            "Someone tried a wrong table code 4 times. Nobody new can join with this code for now.",
        )
    )
    again = box.addButton(
        translate("FamilyPlay", "Let them try again"), QMessageBox.ButtonRole.AcceptRole
    )
    later = box.addButton(translate("FamilyPlay", "Not now"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(later)
    box.setEscapeButton(later)
    window.run_dialog(box)
    if box.clickedButton() is again:
        session.allow_code_again()


def seat_to_keep(session: JoinSession) -> SavedSeat | None:
    """What to keep of the seat `session` was given, for going back after a restart."""
    controller = session.controller
    if controller.seat is None or not controller.token:
        return None
    host = controller.seating.name(rotate_seat(Seat.S, controller.offset))  # the host's South
    key = getattr(session, "host_key", None)  # the host's pinned identity (sealed links)
    if isinstance(key, (bytes, bytearray)):
        key = bytes(key).hex()
    return SavedSeat(
        host=host,
        name=controller.name,
        token=controller.token,
        seat=controller.seat.text,
        code=session.code,
        relay=session.relay if session.address is None else "",
        address=session.address or "",
        host_key=key if isinstance(key, str) else "",
    )


def keep_seat(session: JoinSession, settings: Settings) -> None:
    """Keep the seat while the person sits there; forget it when it is no longer theirs."""

    def save() -> None:
        seat = seat_to_keep(session)
        if seat is not None and seat != settings.saved_seat:
            settings.saved_seat = seat

    def forget() -> None:
        settings.saved_seat = None

    controller = session.controller
    save()
    controller.welcomed.connect(lambda _seat: save())
    controller.seats_changed.connect(save)  # the host's name, once the host has said it
    controller.game_over.connect(lambda _team, _scores: forget())
    controller.refused.connect(lambda _why: forget())
    controller.table_closed.connect(lambda _why: forget())


def open_joined_window(home: MainWindow, session: JoinSession, settings: Settings) -> MainWindow:
    """The family table's window, in place of the person's own until they leave it."""
    joined = MainWindow(session.controller, settings=settings, pictures=home.pictures)
    joined.installEventFilter(_ShowOnClose(home, joined))
    joined.left_table.connect(joined.close)
    keep_seat(session, settings)
    if joined.family is not None:
        joined.family.gone.connect(lambda: setattr(settings, "saved_seat", None))
    joined.destroyed.connect(session.deleteLater)
    joined.setGeometry(home.geometry())
    joined.show()
    home.hide()
    return joined


def opener(settings: Settings) -> Callable[[MainWindow], None]:
    """Game → Play with family… for the launcher's windows."""

    def play_with_family(window: MainWindow) -> None:
        dialog = FamilyDialog(
            family_starts(window, settings), name=person_name(settings), parent=window
        )
        window.run_dialog(dialog)

    return play_with_family


def start_or_reopen(
    window: MainWindow,
    settings: Settings,
    loaded: LoadResult | None,
    table_up: Callable[[], None] = lambda: None,
) -> None:
    """At start-up: the saved game carries on; a saved family game may open its table
    again (the same code while it has not expired; the people's apps seat them again by
    their tokens). `table_up` is told once the table is restored, before any question about
    the family table."""
    window.start_or_resume(loaded)
    table_up()
    if loaded is not None and reopen_saved_table(window, settings, loaded):
        return
    offer_to_go_back(window, settings)


def offer_to_go_back(window: MainWindow, settings: Settings) -> JoinSession | None:
    """At start-up, when this app's person was seated at a family table: "Go back to
    ‹host›'s table?" (Go back, the default, or Not now). Going back joins with the kept
    token, and the table's window opens once the host has given the seat back; the join
    under way is returned."""
    kept = settings.saved_seat
    if kept is None:
        return None
    host = kept.host or translate("FamilyPlay", "the host")
    if not window.offer(
        translate("FamilyPlay", "Your family table"),
        translate(
            "FamilyPlay", "You were playing at {host}'s table. Go back to {host}'s table?"
        ).format(host=host),
        translate("FamilyPlay", "Go back"),
        translate("FamilyPlay", "Not now"),
    ):
        settings.saved_seat = None
        return None
    pace = window.local.pace if window.local is not None else window.controller.pace
    address = kept.address or None
    relay = settings.relay_address if address is None and not kept.relay else kept.relay
    problem = join_problem(kept.code, address, relay)
    if problem is not None:
        window.say(translate("FamilyPlay", "Your family table"), problem)
        return None
    session = JoinSession(
        name=kept.name, code=kept.code, address=address, relay=relay, pace=pace,
        token=kept.token, seat=Seat.from_text(kept.seat), parent=window,
        host_key=bytes.fromhex(kept.host_key) if kept.host_key else None,  # pinned
    )  # fmt: skip
    window.statusBar().showMessage(
        translate("FamilyPlay", "Going back to {host}'s table…").format(host=host)
    )

    def answered(why_not: str) -> None:
        window.statusBar().clearMessage()
        if why_not:
            window.say(translate("FamilyPlay", "Your family table"), why_not)
        else:
            open_joined_window(window, session, settings)

    session.result.connect(answered)
    return session


def reopen_saved_table(window: MainWindow, settings: Settings, loaded: LoadResult) -> bool:
    """Offer to open a saved family game's table again; True when it was reopened."""
    local = window.local
    state = loaded.state
    if local is None or state is None or state.is_over or not family_seating(loaded.meta):
        return False
    same_code = saved_ticket(loaded.meta, time.time()) is not None
    if not window.offer(
        translate("FamilyPlay", "Your family game"),
        translate(
            "FamilyPlay",
            "Your saved game is a family game. Open the table again so the others can join? "
            "It keeps the same code. If not, the computer plays their seats.",
        )
        if same_code
        else translate(
            "FamilyPlay",
            "Your saved game is a family game. Open the table again so the others can join? "
            "It gets a new code to read to them. If not, the computer plays their seats.",
        ),
        translate("FamilyPlay", "Open the table"),
        translate("FamilyPlay", "Not now"),
    ):
        return False
    session = HostSession(
        local,
        host_name=saved_host_name(loaded.meta)
        or person_name(settings)
        or local.seating.name(Seat.S),
        relay=settings.relay_address, saved=loaded.meta, parent=window,
    )  # fmt: skip
    watch_wrong_codes(window, session)
    window.host_table(session)
    session.table.resume_game(state, loaded.meta)
    if window.hosting is not None:
        window.hosting.show_code(
            translate(
                "FamilyPlay",
                "The table is open again, with the same code. Your family's apps find it by "
                "themselves. The computer plays their seats until they are back.",
            )
            if session.reused_code
            else translate(
                "FamilyPlay",
                "The table is open again, with a new code. Read it to your family: they "
                "choose Game → Play with family… → Join a table. The computer plays their "
                "seats until they are back.",
            )
        )
    return True
