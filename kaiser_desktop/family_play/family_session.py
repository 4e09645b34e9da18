"""Hosting a family table, or joining one: the parts put together for the Play with family
dialog.

`HostSession` gives the window's own controller a table: a fresh `TableTicket`, a
`WebSocketHost` listening on the home network (and registered with the relay when one is
set in Settings), the `FamilyTable` that seats people and checks their actions, and the
`TableAnnouncer` that lets the home network find it. `JoinSession` makes the joining
person's `RemoteController` on a `WebSocketClient`, straight to a table found on the home
network or through the relay by the table code, and says once whether a seat was given.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.family_play.family_table import FamilyTable, SeatInfo, saved_ticket
from kaiser_desktop.family_play.links import ClientLink
from kaiser_desktop.family_play.remote_controller import RemoteController
from kaiser_desktop.net.table_code import TableCode, TableCodeError, TableTicket
from kaiser_desktop.rules import Seat

# The network libraries (websockets, zeroconf, ssl, asyncio; family_play/net_links.py and
# family_play/discovery.py) are imported when a table is hosted or joined, not when the app starts:
# the first paint does not wait for them (tests/packaging/test_packaging_runtime.py checks).
if TYPE_CHECKING:
    from kaiser_desktop.family_play.discovery import TableAnnouncer
    from kaiser_desktop.family_play.net_links import WebSocketHost

log = logging.getLogger(__name__)

JOIN_WAIT_MS = 15_000  # how long a join waits for the host's answer before saying so


class HostSession(QObject):
    """A table hosted on this computer for `controller`'s game, until `close()`.

    One code for the table's life: a saved family game's sidecar (`saved`, the autosave's
    meta) gives back its code, expiry and relay claim while the code has not expired, so the
    people's apps find the table again by themselves. `new_code()` issues another (the host
    asked); `code_changed` then fires with it."""

    code_changed = Signal(str)

    def __init__(
        self,
        controller: GameController,
        *,
        host_name: str,
        relay: str = "",
        saved: dict[str, Any] | None = None,
        interface: str = "0.0.0.0",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        from kaiser_desktop.net.relay_wire import new_claim

        now = time.time()
        kept = saved_ticket(saved or {}, now)
        self.ticket, claim = kept if kept is not None else (TableTicket.issue(now), new_claim())
        self.reused_code = kept is not None
        self._relay = relay
        self._interface = interface
        self.link = self._new_link(claim)
        self.table = FamilyTable(
            controller, self.link, self.ticket, host_name=host_name, claim=claim, parent=self
        )
        self._host_name = host_name
        self._announcer: TableAnnouncer | None = None
        self.link.start()

    def _new_link(self, claim: str) -> WebSocketHost:
        from kaiser_desktop.family_play.net_links import WebSocketHost, relay_key

        key = relay_key(self.ticket.code) if self._relay else None
        link = WebSocketHost(
            self,
            relay=self._relay or None,
            table_key=key,
            claim=claim,
            interface=self._interface,
        )
        link.listening.connect(self._announce)
        return link

    @property
    def code(self) -> str:
        return self.ticket.code.text

    def new_code(self) -> str:
        """A new code for the table (the old one stops working): the people seated come
        back with it and their tokens. Returns the new code."""
        from kaiser_desktop.net.relay_wire import new_claim

        if self.table.closed:
            return self.code
        self._stop_announcing()
        self.ticket = TableTicket.issue(time.time())
        claim = new_claim()
        self.link = self._new_link(claim)
        self.table.use_ticket(self.ticket, claim, self.link)
        self.link.start()
        self.reused_code = False
        self.code_changed.emit(self.code)
        return self.code

    def seats(self) -> list[SeatInfo]:
        return self.table.seats()

    def on_seats_changed(self, slot: Callable[[], None]) -> None:
        self.table.seats_changed.connect(slot)

    def seat_levels(self) -> dict[Seat, str | None]:
        return self.table.seat_levels()

    def choose_seat(self, seat: Seat, level: str | None) -> bool:
        return self.table.choose_seat(seat, level)

    def draw_partners(self) -> None:
        self.table.draw_partners()

    def start_game(self) -> None:
        self.table.start_game()

    def close(self, *, ending: bool = False) -> None:
        """Close the table (the game, if started, goes on with computers in the seats)."""
        self._stop_announcing()
        self.table.close(ending=ending)

    def _stop_announcing(self) -> None:
        if self._announcer is not None:
            self._announcer.stop()
            self._announcer = None

    def _announce(self, port: int) -> None:
        if port == 0 or self.table.closed or self.sender() is not self.link:
            return  # the home network cannot reach this table (the log says why)
        from kaiser_desktop.family_play.discovery import TableAnnouncer

        self._announcer = TableAnnouncer(self._host_name, port)
        self._announcer.start()


def join_problem(code: str, address: str | None, relay: str) -> str | None:
    """Why a join cannot even start, in a sentence; None if it can."""
    if address is not None:
        return None
    try:
        TableCode.parse(code)
    except TableCodeError:
        return translate(
            "JoinSession",
            "That is not a table code. It is four words and a number, like "
            "maple-river-lantern-otter-427.",
        )
    if not relay:
        return translate(
            "JoinSession",
            "To join a table in another house, put the relay address in Settings first "
            "(Game → Settings → Players). On the same home network, pick the table in the list.",
        )
    return None


class JoinSession(QObject):
    """Joining a table as `name`: `result` fires once, with '' when a seat was given or the
    sentence why not; `waiting` says (a sentence) that the host is being asked, and the
    join then waits for the host's answer however long it takes."""

    result = Signal(str)
    waiting = Signal(str)

    def __init__(
        self,
        *,
        name: str,
        code: str,
        address: str | None,
        relay: str,
        pace: Pace,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._address = address
        self._relay = relay
        self._code = code
        self._done = False
        self.controller = RemoteController(
            self._new_link(),
            name=name,
            table_code=code if address is None else "",
            pace=pace,
            reconnect=self._new_link,
            parent=self,
        )
        self.controller.welcomed.connect(lambda _seat: self._finish(""))
        self.controller.refused.connect(self._finish)
        self.controller.table_closed.connect(self._finish)
        self.controller.asking.connect(self._asking)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._no_answer)
        self._timer.start(JOIN_WAIT_MS)
        self.controller.start()

    def _new_link(self) -> ClientLink:
        """A started link (its signals arrive queued, after the controller has attached)."""
        from kaiser_desktop.family_play.net_links import WebSocketClient, relay_key

        if self._address is not None:
            link = WebSocketClient(f"ws://{self._address}")
        else:
            link = WebSocketClient(relay=self._relay, table_key=relay_key(self._code))
        link.start()
        return link

    def _asking(self, sentence: str) -> None:
        if not self._done:
            self._timer.stop()  # the host answers when they answer
            self.waiting.emit(sentence)

    def _no_answer(self) -> None:
        self._finish(
            translate(
                "JoinSession",
                "The table did not answer. Check the code with the host, and that the host's "
                "Play with family window is still open.",
            )
        )

    def _finish(self, why_not: str) -> None:
        if self._done:
            return
        self._done = True
        self._timer.stop()
        if why_not:
            self.controller.stop()
        self.result.emit(why_not)

    def cancel(self) -> None:
        if not self._done:
            self._done = True
            self._timer.stop()
            self.controller.stop()
