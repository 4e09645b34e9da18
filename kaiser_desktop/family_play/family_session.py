"""Hosting a family table, or joining one: the parts put together for the Play with family
dialog.

`HostSession` gives the window's own controller a table: a fresh `TableTicket`, a
`WebSocketHost` listening on the home network (and registered with the relay when one is
set in Settings), the `FamilyTable` that seats people and checks their actions, and the
`TableAnnouncer` that lets the home network find it. `JoinSession` makes the joining
person's `RemoteController` on a `WebSocketClient`, straight to a table found on the home
network or through the relay by the table code, and says once whether a seat was given.

Every connection is sealed by the table code (net/seal.py). The host proves this install's
identity key (family_play/host_identity.py); a join pins the key its first connection
proved and hands it to every new link of the same join (`JoinSession.host_key`), so a rejoin
goes only to the table the person sat at.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.family_play.family_table import FamilyTable, SeatInfo
from kaiser_desktop.family_play.links import ClientLink
from kaiser_desktop.family_play.remote_controller import RemoteController
from kaiser_desktop.net.table_code import TableCode, TableCodeError, TableTicket
from kaiser_desktop.rules import Seat

# The network libraries (websockets, zeroconf, ssl, asyncio; family_play/net_links.py and
# family_play/discovery.py) are imported when a table is hosted or joined, not when the app starts:
# the first paint does not wait for them (tests/packaging/test_packaging_runtime.py checks).
if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from kaiser_desktop.family_play.discovery import TableAnnouncer
    from kaiser_desktop.family_play.net_links import WebSocketClient

log = logging.getLogger(__name__)

JOIN_WAIT_MS = 15_000  # how long a join waits for the host's answer before saying so


class HostSession(QObject):
    """A table hosted on this computer for `controller`'s game, until `close()`.

    `code_paused` fires when strangers tried wrong codes `net_links.GUESSES` times: nobody
    new can join until `allow_code_again()` (True if allowed; False once it has been allowed
    `net_links.ALLOWANCES` times). Its argument says whether it may still be allowed."""

    code_paused = Signal(bool)

    def __init__(
        self,
        controller: GameController,
        *,
        host_name: str,
        relay: str = "",
        identity: Ed25519PrivateKey | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        from kaiser_desktop.family_play.host_identity import load_or_make
        from kaiser_desktop.family_play.net_links import WebSocketHost

        self.ticket = TableTicket.issue(time.time())
        self.link = WebSocketHost(
            self,
            code=self.ticket.code,
            identity=identity or load_or_make(),
            relay=relay or None,
        )
        self.link.code_paused.connect(self.code_paused)
        self.table = FamilyTable(
            controller, self.link, self.ticket, host_name=host_name, parent=self
        )
        self._host_name = host_name
        self._announcer: TableAnnouncer | None = None
        self.link.listening.connect(self._announce)
        self.link.start()

    @property
    def code(self) -> str:
        return self.ticket.code.text

    def allow_code_again(self) -> bool:
        """Let the paused code work again; False if it cannot be any more (a new table)."""
        return self.link.allow_code_again()

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
        if self._announcer is not None:
            self._announcer.stop()
            self._announcer = None
        self.table.close(ending=ending)

    def _announce(self, port: int) -> None:
        if port == 0 or self.table.closed:
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
    sentence why not."""

    result = Signal(str)

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
        self.host_key: bytes | None = None  # the host's identity, pinned at the first link
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
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._no_answer)
        self._timer.start(JOIN_WAIT_MS)
        self.controller.start()

    def _new_link(self) -> ClientLink:
        """A started link (its signals arrive queued, after the controller has attached)."""
        from kaiser_desktop.family_play.net_links import WebSocketClient

        try:
            code: TableCode | None = TableCode.parse(self._code) if self._code else None
        except TableCodeError:
            code = None  # a table picked from the home network's list, without a code
        if self._address is not None:
            link = WebSocketClient(f"ws://{self._address}", code=code, host_key=self.host_key)
        else:
            link = WebSocketClient(relay=self._relay, code=code, host_key=self.host_key)
        link.connected.connect(lambda: self._pin(link))
        link.start()
        return link

    def _pin(self, link: WebSocketClient) -> None:
        if self.host_key is None:
            self.host_key = link.host_key

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
