"""The two ends of family play's connections, as the rest of the app sees them.

A `HostLink` is the host's side: every remote person's connection, each numbered, whether
it came straight over the home network or through a relay. A `ClientLink` is a joining
app's one connection to its host. Both carry decoded messages (`net.protocol.Message`):
the link encodes what it sends and decodes what it receives, and a connection that sends
something malformed is logged and closed by the link (`closed`/`lost`), never passed on;
a message of a protocol version this app does not speak (`UnsupportedVersion`) is answered
by the host's link with `refusal_for(error)` (the "please update") before it closes.
Their signals are delivered on the GUI thread, so the controller, the views and the bots'
answers stay there.

`LoopbackHub` joins the two ends inside one process, through the same encode/decode as
the wire and with queued delivery: the host's remote seats and the client's controller are
tested on it without a network. Given the table's `code`, it plays the sealed exchange's
part as the WebSocket links do: a client that typed another code is refused `wrong_code`
before the host hears of it, one that typed none is not `proven`. The WebSocket links
(home network and relay) implement the same two classes.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QTimer, Signal

from kaiser_desktop.net.protocol import Message, Refused, decode, encode, refusal_for
from kaiser_desktop.net.table_code import TableCode, TableCodeError
from kaiser_desktop.net.wire import ProtocolError, UnsupportedVersion

log = logging.getLogger(__name__)


class HostLink(QObject):
    """The host's connections. Each connection has a number, never reused by one link."""

    opened = Signal(int)  # a new connection; its first message should be a Hello
    received = Signal(int, object)  # connection number, a decoded Message
    closed = Signal(int)  # the connection is gone: dropped, closed by either side, or malformed

    def send(self, conn: int, message: Message) -> None:
        raise NotImplementedError

    def close(self, conn: int) -> None:
        """Close one connection (after sending it a Goodbye or Refused, if any)."""
        raise NotImplementedError

    def is_home(self, conn: int) -> bool:
        """Whether the connection came straight from this home network (not a relay)."""
        raise NotImplementedError

    def proven(self, conn: int) -> bool:
        """Whether the connection proved the table's code in the sealed exchange (False: a
        join from the home network's list of tables, without the code: the host is asked)."""
        raise NotImplementedError

    def shutdown(self) -> None:
        """Close every connection and stop listening."""
        raise NotImplementedError


class ClientLink(QObject):
    """A joining app's connection to the host."""

    connected = Signal()
    received = Signal(object)  # a decoded Message
    lost = Signal(str)  # the connection is gone; why, for the log

    def send(self, message: Message) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class LoopbackHub:
    """A host link and any number of client links in one process, for tests."""

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        home: bool = True,
        proven: bool = True,
        code: TableCode | None = None,
    ) -> None:
        self.host = _LoopbackHost(self, home, parent)
        self.proven = proven  # whether the clients proved the code (see HostLink.proven)
        self.code = code  # the table's code, if the hub plays the sealed exchange's part
        self._typed: dict[int, str | None] = {}  # the code each client typed
        self._clients: dict[int, _LoopbackClient] = {}
        self._next = 1
        self.sent_bytes: list[tuple[int, bytes]] = []  # (conn, bytes) the host sent, in order

    def connect(self, parent: QObject | None = None, *, code: str | None = None) -> _LoopbackClient:
        """A new client link, already connected (its `connected` fires on the event loop);
        `code`: the table code typed (None or "": none)."""
        conn, self._next = self._next, self._next + 1
        client = _LoopbackClient(self, conn, parent)
        self._clients[conn] = client
        self._typed[conn] = code or None
        QTimer.singleShot(0, client, lambda: self._open(conn))
        return client

    def proven_conn(self, conn: int) -> bool:
        """Whether `conn` proved the code (the hub's `proven` if it plays no exchange)."""
        if self.code is None:
            return self.proven
        return self._typed.get(conn) is not None

    def _open(self, conn: int) -> None:
        client = self._clients.get(conn)
        if client is None:
            return
        typed = self._typed.get(conn)
        if self.code is not None and typed is not None:
            try:
                right = TableCode.parse(typed) == self.code
            except TableCodeError:
                right = False
            if not right:  # the exchange fails: the client hears why, the host nothing
                self._clients.pop(conn)
                client.received.emit(Refused("wrong_code"))
                client.lost.emit("refused by the host (wrong_code)")
                return
        client.connected.emit()
        self.host.opened.emit(conn)

    def drop(self, conn: int) -> None:
        """The connection breaks (a cable pulled): both sides hear of it."""
        client = self._clients.pop(conn, None)
        if client is None:
            return
        client.lost.emit("dropped")
        self.host.closed.emit(conn)

    def to_host(self, conn: int, data: bytes) -> None:
        if conn not in self._clients:
            return
        try:
            message = decode(data)
        except UnsupportedVersion as error:
            # Another version's app: it is told "please update" (a message every version
            # reads), then closed. The WebSocket host link does the same.
            log.warning("connection %d speaks protocol %d: refused", conn, error.version)
            self.host.send(conn, refusal_for(error))
            self.host.close(conn)
            return
        except ProtocolError as error:
            log.warning("connection %d sent a malformed message (%s): closed", conn, error)
            self.drop(conn)
            return
        self.host.received.emit(conn, message)

    def to_client(self, conn: int, data: bytes) -> None:
        client = self._clients.get(conn)
        if client is None:
            return
        try:
            message = decode(data)
        except ProtocolError as error:
            log.warning("the host sent a malformed message (%s): closed", error)
            self.drop(conn)
            return
        client.received.emit(message)

    def client_closes(self, conn: int) -> None:
        client = self._clients.pop(conn, None)
        if client is not None:
            self.host.closed.emit(conn)

    def host_closes(self, conn: int) -> None:
        client = self._clients.pop(conn, None)
        if client is not None:
            client.lost.emit("closed by the host")
            self.host.closed.emit(conn)

    def connections(self) -> list[int]:
        return sorted(self._clients)


class _LoopbackHost(HostLink):
    def __init__(self, hub: LoopbackHub, home: bool, parent: QObject | None) -> None:
        super().__init__(parent)
        self._hub = hub
        self._home = home

    def send(self, conn: int, message: Message) -> None:
        data = encode(message)
        self._hub.sent_bytes.append((conn, data))
        QTimer.singleShot(0, self, lambda: self._hub.to_client(conn, data))

    def close(self, conn: int) -> None:
        QTimer.singleShot(0, self, lambda: self._hub.host_closes(conn))

    def is_home(self, conn: int) -> bool:
        return self._home

    def proven(self, conn: int) -> bool:
        return self._hub.proven_conn(conn)

    def shutdown(self) -> None:
        # After what was sent before it (a Goodbye), as a socket's closing handshake is.
        def close_all() -> None:
            for conn in self._hub.connections():
                self._hub.host_closes(conn)

        QTimer.singleShot(0, self, close_all)


class _LoopbackClient(ClientLink):
    def __init__(self, hub: LoopbackHub, conn: int, parent: QObject | None) -> None:
        super().__init__(parent)
        self._hub = hub
        self.conn = conn

    def send(self, message: Message) -> None:
        self.send_bytes(encode(message))

    def send_bytes(self, data: bytes) -> None:
        """Raw bytes, as a hostile or broken app might send them."""
        conn = self.conn
        QTimer.singleShot(0, self, lambda: self._hub.to_host(conn, data))

    def close(self) -> None:
        conn = self.conn
        QTimer.singleShot(0, self, lambda: self._hub.client_closes(conn))
