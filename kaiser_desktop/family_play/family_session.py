"""Hosting a family table, or joining one: the parts put together for the Play with family
dialog.

`HostSession` gives the window's own controller a table: a fresh `TableTicket`, a
`WebSocketHost` listening on the home network (and registered with the relay when one is
set in Settings), the `FamilyTable` that seats people and checks their actions, and the
`TableAnnouncer` that lets the home network find it (by the key of its code's public
part). `JoinSession` makes the joining person's `RemoteController` on a `WebSocketClient`,
straight to a table picked in the home network's list, or, for a typed code, on a
`CodeLink`: the table looked for on the home network and at the relay (if one is set) at
once, and whichever answers first joined, so a typed code works in the same house without
a relay. It says once whether a seat was given.

Every connection is sealed by the table code (net/seal.py). The host proves this install's
identity key (family_play/host_identity.py); a join pins the key its first connection
proved and hands it to every new link of the same join (`JoinSession.host_key`), so a rejoin
goes only to the table the person sat at.
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
from kaiser_desktop.app.settings import clean_relay
from kaiser_desktop.family_play.family_table import FamilyTable, SeatInfo, saved_ticket
from kaiser_desktop.family_play.links import ClientLink
from kaiser_desktop.family_play.remote_controller import RemoteController
from kaiser_desktop.net.protocol import Message, Refused
from kaiser_desktop.net.table_code import TableCode, TableCodeError, TableTicket
from kaiser_desktop.rules import Seat

# The network libraries (websockets, zeroconf, ssl, asyncio; family_play/net_links.py and
# family_play/discovery.py) are imported when a table is hosted or joined, not when the app starts:
# the first paint does not wait for them (tests/packaging/test_packaging_runtime.py checks).
if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from kaiser_desktop.family_play.discovery import FoundTable, TableAnnouncer, TableLookup
    from kaiser_desktop.family_play.net_links import WebSocketClient, WebSocketHost

log = logging.getLogger(__name__)

RELAY_GRACE_MS = 500  # a table on the home network is usually heard of well within this
JOIN_WAIT_MS = 15_000  # how long a join waits for the host's answer before saying so


class HostSession(QObject):
    """A table hosted on this computer for `controller`'s game, until `close()`.

    One code for the table's life: a saved family game's sidecar (`saved`, the autosave's
    meta) gives back its code, expiry and relay claim while the code has not expired, so the
    people's apps find the table again by themselves. `new_code()` issues another (the host
    asked); `code_changed` then fires with it.

    `code_paused` fires when strangers tried wrong codes `net_links.GUESSES` times: nobody
    new can join until `allow_code_again()` (True if allowed; False once it has been allowed
    `net_links.ALLOWANCES` times). Its argument says whether it may still be allowed."""

    code_changed = Signal(str)
    code_paused = Signal(bool)

    def __init__(
        self,
        controller: GameController,
        *,
        host_name: str,
        relay: str = "",
        saved: dict[str, Any] | None = None,
        interface: str = "0.0.0.0",
        identity: Ed25519PrivateKey | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        from kaiser_desktop.family_play.host_identity import load_or_make
        from kaiser_desktop.net.relay_wire import new_claim

        now = time.time()
        kept = saved_ticket(saved or {}, now)
        self.ticket, claim = kept if kept is not None else (TableTicket.issue(now), new_claim())
        self.reused_code = kept is not None
        self._relay = relay
        self._interface = interface
        self._identity = identity or load_or_make()
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
            code=self.ticket.code,
            identity=self._identity,
            relay=self._relay or None,
            table_key=key,
            claim=claim,
            interface=self._interface,
        )
        link.listening.connect(self._announce)
        link.code_paused.connect(self.code_paused)
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
        from kaiser_desktop.family_play.net_links import relay_key

        self._announcer = TableAnnouncer(self._host_name, port, key=relay_key(self.ticket.code))
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
    if relay and clean_relay(relay) is None:
        return translate(
            "JoinSession",
            "The relay address {address} is not one that works. A relay address starts "
            "with ws:// or wss://, like wss://relay.example.org. Check it in Settings "
            "(Game → Settings → Players).",
        ).format(address=relay)
    return None  # without a relay, the table is looked for on the home network only


class CodeLink(ClientLink):
    """A typed code's way to its table: looked for on the home network (`lookup`: a short
    browse for the code's key; each address heard is tried with `direct(url)`) and at the
    relay (`relayed()`, when a relay is set) at once. Both give started links (whose
    signals arrive queued). The first connection to answer is
    the link; the others are closed. `lost` fires once: when that connection ends, or when
    every way has failed before any answered (`failed` says so first, with each way's why).

    The address is all this chooses: the table's code is proven on whichever connection
    answers (an announcement on the home network is anyone's word).

    One guess a typed code: every way runs the sealed exchange, and the host counts each
    failed one as a wrong guess (four pause the code), so two ways at once would count a
    mistyped code twice. The relay is tried `relay_grace_ms` after the look starts (at once
    when the look ends with nothing heard), and not while an address heard on the home
    network is being tried, and no way is started after a refusal on one."""

    failed = Signal(list)  # every way failed before one answered: each one's why, for the log

    def __init__(
        self,
        lookup: TableLookup,
        direct: Callable[[str], ClientLink],
        relayed: Callable[[], ClientLink] | None = None,
        parent: QObject | None = None,
        *,
        relay_grace_ms: int = RELAY_GRACE_MS,
    ) -> None:
        super().__init__(parent)
        self._lookup = lookup
        self._direct = direct
        self._relayed = relayed
        self._relay_link: ClientLink | None = None
        self._grace = QTimer(self)
        self._grace.setSingleShot(True)
        self._grace.setInterval(relay_grace_ms)
        self._grace.timeout.connect(self._relay_unless_home)
        self._trying: list[ClientLink] = []
        self._chosen: ClientLink | None = None
        self._whys: list[str] = []
        self._refusal: Refused | None = None
        self._over = False  # closed, or lost said

    @property
    def chosen(self) -> ClientLink | None:
        """The connection that answered first (None before)."""
        return self._chosen

    def start(self) -> None:
        self._lookup.heard.connect(self._heard)
        self._lookup.finished.connect(self._looked)
        if self._relayed is not None:
            if self._grace.interval() <= 0:
                self._try_relay()
            else:
                self._grace.start()
        self._lookup.start()

    def _try_relay(self) -> None:
        if self._relayed is not None and self._relay_link is None and not self._over:
            self._relay_link = self._relayed()
            self._try(self._relay_link)

    def _relay_unless_home(self) -> None:
        """After the grace: the relay, unless an address on the home network is being tried
        (it is tried if that fails)."""
        if not any(link is not self._relay_link for link in self._trying):
            self._try_relay()

    def send(self, message: Message) -> None:
        if self._chosen is not None and not self._over:
            self._chosen.send(message)

    def close(self) -> None:
        if self._over:
            return
        self._over = True
        self._grace.stop()
        self._lookup.stop()
        for link in [*self._trying, *([self._chosen] if self._chosen else [])]:
            link.close()
        self._trying = []

    def _heard(self, table: FoundTable) -> None:
        if self._chosen is None and not self._over and self._refusal is None:
            log.info("the table was heard of on the home network at %s", table.url)
            self._try(self._direct(table.url))

    def _looked(self) -> None:
        if self._chosen is None and not self._over:
            self._whys.append("not heard of on the home network")
            if self._relay_link is None and self._relayed is not None:
                self._grace.stop()
                self._try_relay()
            self._give_up_if_done()

    def _try(self, link: ClientLink) -> None:
        self._trying.append(link)
        link.connected.connect(lambda: self._answered(link))
        link.received.connect(lambda message: self._received(link, message))
        link.lost.connect(lambda why: self._lost(link, why))

    def _answered(self, link: ClientLink) -> None:
        if self._over or self._chosen is not None or link not in self._trying:
            return
        self._chosen = link
        self._grace.stop()
        self._trying.remove(link)
        others, self._trying = self._trying, []
        for other in others:
            other.close()
        self._lookup.stop()
        self.connected.emit()

    def _received(self, link: ClientLink, message: Message) -> None:
        if link is self._chosen and not self._over:
            self.received.emit(message)
        elif link in self._trying and isinstance(message, Refused):
            # A refusal (a wrong code, a full table): said if no way answers. No other way
            # is started after it, so a mistyped code is one guess at the host. (A refusal
            # is plain text, anyone's word: the ways already trying go on.)
            self._refusal = message
            self._grace.stop()
            if self._relay_link is None:
                self._relayed = None

    def _lost(self, link: ClientLink, why: str) -> None:
        if self._over:
            return
        if link is self._chosen:
            self._over = True
            self.lost.emit(why)
        elif link in self._trying:
            self._trying.remove(link)
            self._whys.append(why)
            if self._relay_link is None and not self._grace.isActive():
                self._try_relay()  # the home network's address failed: now the relay
            self._give_up_if_done()

    def _give_up_if_done(self) -> None:
        if self._chosen is None and not self._trying and not self._lookup.looking:
            self._over = True
            if self._refusal is not None:  # a host was reached and said why not
                self.received.emit(self._refusal)
            self.failed.emit(list(self._whys))
            self.lost.emit("; ".join(self._whys) or "no way to the table")


class JoinSession(QObject):
    """Joining a table as `name`: `result` fires once, with '' when a seat was given or the
    sentence why not; `waiting` says (a sentence) that the host is being asked, and the
    join then waits for the host's answer however long it takes. `host_key`: the host's
    identity this join is pinned to, the key its first connection proved (give the one kept
    from before to rejoin after a restart)."""

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
        host_key: bytes | None = None,
        token: str | None = None,
        seat: Seat | None = None,
        parent: QObject | None = None,
    ) -> None:
        """`token` and `seat`: going back to a seat this app had (after a restart)."""
        super().__init__(parent)
        self.address = address
        self.relay = relay
        self._address = address
        self._relay = relay
        self._code = TableCode.parse(code).text if address is None else ""  # as the host reads it
        self.host_key = host_key  # the host's identity, pinned at the first link if None
        self.code = self._code
        self._done = False
        self.controller = RemoteController(
            self._new_link(),
            name=name,
            table_code=self._code,
            pace=pace,
            token=token,
            seat=seat,
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
        from kaiser_desktop.family_play.discovery import TableLookup
        from kaiser_desktop.family_play.net_links import WebSocketClient, relay_key

        # `self._code` is the normalized code ("" for a table picked from the list, which is
        # joined without one: the host asks about it).
        code = self._code or None
        if self._address is not None:
            link = WebSocketClient(f"ws://{self._address}", code=code, host_key=self.host_key)
            link.lost.connect(self._link_lost)
            return self._started(link)
        key = relay_key(self._code)
        relay = self._relay

        def direct(url: str) -> ClientLink:
            return self._started(WebSocketClient(url, code=code, host_key=self.host_key))

        def relayed() -> ClientLink:
            return self._started(
                WebSocketClient(relay=relay, code=code, table_key=key, host_key=self.host_key)
            )

        way = CodeLink(TableLookup(key), direct, relayed if relay else None, parent=self)
        way.failed.connect(self._not_found)
        way.lost.connect(self._link_lost)  # the way found ended before a seat was given
        way.start()
        return way

    def _started(self, link: WebSocketClient) -> WebSocketClient:
        """`link` started, its host's key pinned by this join if none is yet: the first link
        to finish the sealed exchange is the one a `CodeLink` chooses, too."""
        link.connected.connect(lambda: self._pin(link))
        link.start()
        return link

    def _not_found(self, whys: list[str]) -> None:
        """Every way to the table failed before one answered (a first join: said at once)."""
        log.info("the table was not found: %s", "; ".join(whys))
        if self._relay:
            from kaiser_desktop.family_play.join_words import failure_sentence

            sentence = failure_sentence("; ".join(whys), relay=self._relay)
            if sentence is not None:
                self._finish(sentence)
            else:
                self._no_answer()
        else:
            self._finish(
                translate(
                    "JoinSession",
                    "No table with that code was found on this home network. Check the code "
                    "with the host. If the host is in another house, put the relay address "
                    "in Settings first (Game → Settings → Players).",
                )
            )

    def _asking(self, sentence: str) -> None:
        if not self._done:
            self._timer.stop()  # the host answers when they answer
            self.waiting.emit(sentence)

    def _pin(self, link: WebSocketClient) -> None:
        if self.host_key is None:
            self.host_key = link.host_key

    def _link_lost(self, why: str) -> None:
        """The link ended before a seat was given: said at once, in its own sentence (a
        refusal from the host itself comes first, as the controller's `refused`)."""
        if self._done:
            return
        from kaiser_desktop.family_play.join_words import failure_sentence

        sentence = failure_sentence(why, relay=self._relay if self._address is None else None)
        log.info("joining failed: %s", why)
        if sentence is not None:
            self._finish(sentence)

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
