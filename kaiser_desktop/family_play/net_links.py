"""The WebSocket links: `HostLink` and `ClientLink` over the home network or a relay.

Each link runs the `websockets` library's asyncio in one thread of its own. What happens
there reaches the link's object through one queued Qt signal, so the public signals
(`opened`, `received`, `closed`; `connected`, `received`, `lost`) fire on the thread the
link lives on (the GUI thread). `send`/`close` hand their work to the link's thread.

The host listens on every IPv4 address (port 0: any free port) and, given a relay, also
connects to it as the host of a table key (`relay_key`: a hash of the code's public part
only), reconnecting with a growing pause if the relay goes away. Its connections, direct or
relayed, are numbered together.

Every connection is sealed by the table code (net/seal.py): the joining app and the host
run the exchange first, and only then is the connection `opened` to the GUI side, so nothing
unproven reaches the family table; every frame after it is sealed, and one that does not
open closes the connection. The host bounds what strangers can do before that: a few
unfinished connections per address and in all (finished ones never count), a few seconds to
finish, and `GUESSES` wrong codes before it stops taking the code (`code_paused`) until
the host lets it (`allow_code_again`, at most `ALLOWANCES` times). A malformed frame, an
oversized one (refused by the library), a flood, or a connection that answers no ping
closes that connection only; the log says so, at most `LOG_LINES` lines a minute.
The relay's envelope is in `net/relay_wire.py` and docs/NETWORK.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, cast

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from PySide6.QtCore import QObject, Qt, Signal
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed, WebSocketException

from kaiser_desktop.family_play.links import ClientLink, HostLink
from kaiser_desktop.net import relay_wire
from kaiser_desktop.net.protocol import Message, Refused, decode, encode, refusal_for
from kaiser_desktop.net.seal import (
    MAX_FRAME,
    MAX_PLAIN_FRAME,
    Channel,
    HostHandshake,
    JoinerHandshake,
    SealError,
    WrongHost,
    read_pake,
)
from kaiser_desktop.net.table_code import TableCode
from kaiser_desktop.net.wire import ProtocolError, UnsupportedVersion
from kaiser_desktop.relay import close_draining

log = logging.getLogger(__name__)

PING_SECONDS = 10.0  # a connection silent to pings is closed after about twice this
STOP_SECONDS = 2.0  # the longest shutdown() waits for the link's thread
OPEN_SECONDS = 10.0
RETRY_FIRST = 1.0  # the pause before reconnecting to a relay, doubled up to RETRY_MOST
RETRY_MOST = 30.0
HANDSHAKE_SECONDS = 5.0  # a connection must finish the sealed exchange within this
PENDING_PER_ADDRESS = 4  # unfinished connections from one address (the relay is one)
PENDING_IN_ALL = 16  # unfinished connections in all; finished ones never count
GUESSES = 4  # wrong codes before the host stops taking its code
ALLOWANCES = 3  # times the host may let the code work again: GUESSES * (1 + 3) = 16 in all
LOG_LINES = 30  # a minute, about connections; the rest are counted in one line
_CLOSE = b""  # in a connection's outbox: close it once what came before is sent
_HEX64 = frozenset("0123456789abcdef")


def relay_key(code: TableCode | str) -> str:
    """The key a table is known by at the relay: a hash of its code's public part only."""
    parsed = code if isinstance(code, TableCode) else TableCode.parse(code)
    return relay_wire.table_key(parsed.nameplate)


def _as_key(table_key: str) -> str:
    """A relay key as given, or the key of a table code (TableCodeError if neither)."""
    if len(table_key) == 64 and set(table_key) <= _HEX64:
        return table_key
    return relay_key(table_key)


def is_home_address(address: object) -> bool:
    """Whether a peer's (host, port, ...) is on this computer or its home network."""
    if not isinstance(address, tuple) or not address:
        return False
    try:
        ip = ipaddress.ip_address(str(address[0]).split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_link_local or ip.is_private


class _LogBudget:
    """At most `lines` log lines a minute; the lines left out are counted in one line."""

    def __init__(self, lines: int = LOG_LINES, clock: Callable[[], float] = time.monotonic):
        self.lines = lines
        self._clock = clock
        self._start = clock()
        self._count = 0
        self.left_out = 0

    def __call__(self, level: int, text: str, *args: object) -> None:
        now = self._clock()
        if now - self._start >= 60.0:
            self.flush()
            self._start, self._count = now, 0
        if self._count < self.lines:
            self._count += 1
            log.log(level, text, *args)
        else:
            self.left_out += 1

    def flush(self) -> None:
        if self.left_out:
            log.warning("%d more lines about connections were left out of the log", self.left_out)
            self.left_out = 0


class _Gate:
    """The host's unfinished connections, by address: whether one more may start."""

    def __init__(self, per_address: int, in_all: int) -> None:
        self.per_address = per_address
        self.in_all = in_all
        self._by_address: dict[str, int] = {}
        self._held: dict[object, str] = {}

    def enter(self, who: object, address: str) -> bool:
        if len(self._held) >= self.in_all or self._by_address.get(address, 0) >= self.per_address:
            return False
        self._held[who] = address
        self._by_address[address] = self._by_address.get(address, 0) + 1
        return True

    def leave(self, who: object) -> None:
        address = self._held.pop(who, None)
        if address is not None:
            left = self._by_address[address] - 1
            if left:
                self._by_address[address] = left
            else:
                del self._by_address[address]

    def __len__(self) -> int:
        return len(self._held)


def _why(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text[:200]


class _LoopThread:
    """An asyncio event loop running in one daemon thread until `stop`."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:
            tasks = asyncio.all_tasks(self.loop)
            for task in tasks:
                task.cancel()
            if tasks:
                self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    def call(self, function: Callable[..., object], *args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: nothing to do
            self.loop.call_soon_threadsafe(function, *args)

    def run(self, coroutine: Coroutine[Any, Any, object]) -> None:
        try:
            asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        except RuntimeError:
            coroutine.close()

    def stop(self, closing: Coroutine[Any, Any, object] | None, timeout: float) -> bool:
        """Run `closing`, end the loop and join the thread, all within `timeout` seconds
        (most of it for closing; a little kept for ending); True if the thread ended."""
        deadline = time.monotonic() + timeout
        if self.thread.is_alive() and closing is not None:
            try:
                future = asyncio.run_coroutine_threadsafe(closing, self.loop)
                future.result(timeout * 0.75)
            except Exception as error:  # a timeout or a failure while closing: stop anyway
                log.warning("closing the connections did not finish: %s", _why(error))
        elif closing is not None:
            closing.close()
        self.call(self.loop.stop)
        if self.thread.is_alive():
            self.thread.join(max(0.0, deadline - time.monotonic()))
        return not self.thread.is_alive()


@dataclass(eq=False)
class _Peer:
    """One of the host's connections, on the link's thread."""

    conn: int
    home: bool
    limit: relay_wire.RateLimit
    hand: HostHandshake
    ws: ServerConnection | None = None  # a direct connection
    relay_conn: int = 0  # or its number at the relay
    outbox: asyncio.Queue[bytes] = field(default_factory=asyncio.Queue)
    writer: asyncio.Task[None] | None = None
    deadline: asyncio.Task[None] | None = None
    stage: str = "new"  # "new" → "pake" (the host's pake message sent) → "open" (confirmed)
    guessing: bool = False  # an exchange with the code under way (counted until confirmed)
    channel: Channel | None = None


class WebSocketHost(HostLink):
    """The host's end: a WebSocket server on the home network, and/or a relay's table.

    `code` is the table's code (the password of the sealed exchange); `identity` the host's
    Ed25519 key that joining apps pin (family_play/host_identity.py; a fresh one if None)."""

    listening = Signal(int)  # the port listened on; 0: it cannot listen (the log says why)
    relay_state = Signal(bool, str)  # connected to the relay or not, and why (for the log)
    code_paused = Signal(bool)  # GUESSES wrong codes: the code is paused; may it be allowed?
    _event = Signal(object)  # from the link's thread to its object

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        code: TableCode | str | None = None,
        identity: Ed25519PrivateKey | None = None,
        port: int = 0,
        relay: str | None = None,
        table_key: str | None = None,
        claim: str | None = None,
        interface: str = "0.0.0.0",
        direct: bool = True,
        ping_seconds: float = PING_SECONDS,
        rate: float = relay_wire.RATE,
        burst: float = relay_wire.BURST,
        retry_first: float = RETRY_FIRST,
        retry_most: float = RETRY_MOST,
        handshake_seconds: float = HANDSHAKE_SECONDS,
        pending_per_address: int = PENDING_PER_ADDRESS,
        pending_in_all: int = PENDING_IN_ALL,
    ) -> None:
        super().__init__(parent)
        self._code = TableCode.parse(code) if isinstance(code, str) else code
        if table_key is None and relay is not None and self._code is not None:
            table_key = relay_key(self._code)
        if relay is not None and not table_key:
            raise ValueError("a relay needs the table's key")
        self._identity = identity or Ed25519PrivateKey.generate()
        self._wanted_port = port
        self._relay_url = relay
        self._key = _as_key(table_key) if table_key else ""
        self._claim = claim or relay_wire.new_claim()  # keeps the table's key at the relay
        self._work: int | None = None  # the key's proof of work, found once
        self._interface = interface
        self._direct = direct
        self._ping = ping_seconds
        self._rate = (rate, burst)
        self._retry = (retry_first, retry_most)
        self._handshake_seconds = handshake_seconds
        self._port = 0
        self._thread: _LoopThread | None = None
        self._ended = False
        self._open: dict[int, tuple[bool, bool]] = {}  # GUI side: open ones, (home, proven)
        self._allowances = ALLOWANCES  # GUI side: times the code may be allowed again
        self._event.connect(self._on_event, Qt.ConnectionType.QueuedConnection)
        # The link's thread only:
        self._peers: dict[int, _Peer] = {}
        self._relayed: dict[int, _Peer] = {}  # by the relay's connection number
        self._next = 1
        self._server: Server | None = None
        self._relay_ws: ClientConnection | None = None
        self._sockets: set[ServerConnection] = set()  # direct connections until they end
        self._stopping = False
        self._gate = _Gate(pending_per_address, pending_in_all)
        self._log = _LogBudget()
        self._wrong = 0  # wrong codes since the code was (last) allowed
        self._wrong_in_all = 0
        self._guessing = 0  # exchanges with the code under way
        self._paused = False

    @property
    def port(self) -> int:
        """The port listened on (0 until `listening`)."""
        return self._port

    @property
    def wrong_codes(self) -> int:
        """Wrong codes tried in all (read on the link's thread, or when it is quiet)."""
        return self._wrong_in_all

    def start(self) -> None:
        if self._thread is not None or self._ended:
            return
        self._thread = _LoopThread("kaiser-host-link")
        self._thread.start()
        self._thread.run(self._begin())

    # --- the GUI side -------------------------------------------------------------------

    def send(self, conn: int, message: Message) -> None:
        try:
            data = encode(message)
        except ProtocolError as error:
            log.error("a message to connection %d was not sent: %s", conn, error.reason)
            return
        self._post(conn, data)

    def close(self, conn: int) -> None:
        self._post(conn, _CLOSE)

    def connections(self) -> list[int]:
        """The connections open now (a test or a drill may close one)."""
        return sorted(self._open)

    def is_home(self, conn: int) -> bool:
        return self._open.get(conn, (False, False))[0]

    def proven(self, conn: int) -> bool:
        return self._open.get(conn, (False, False))[1]

    def allow_code_again(self) -> bool:
        """Let the paused code work again (the host said so); False if it has been allowed
        `ALLOWANCES` times already: then only a new code lets anyone new in."""
        if self._allowances <= 0 or self._thread is None:
            return False
        self._allowances -= 1
        self._thread.call(self._unpause)
        return True

    def shutdown(self) -> None:
        if self._ended:
            return
        self._ended = True
        for conn in sorted(self._open):
            del self._open[conn]
            self.closed.emit(conn)
        thread, self._thread = self._thread, None
        if thread is not None and not thread.stop(self._close_all(), STOP_SECONDS):
            log.warning("the host link's thread did not end in %.0f s", STOP_SECONDS)

    def _post(self, conn: int, data: bytes) -> None:
        if self._thread is not None and conn in self._open:
            self._thread.call(self._queue, conn, data)

    def _on_event(self, event: tuple[Any, ...]) -> None:
        if self._ended:
            return
        kind = event[0]
        if kind == "opened":
            self._open[event[1]] = (event[2], event[3])
            self.opened.emit(event[1])
        elif kind == "received":
            if event[1] in self._open:
                self.received.emit(event[1], event[2])
        elif kind == "closed":
            if self._open.pop(event[1], None) is not None:
                self.closed.emit(event[1])
        elif kind == "listening":
            self._port = event[1]
            self.listening.emit(event[1])
        elif kind == "relay":
            self.relay_state.emit(event[1], event[2])
        elif kind == "paused":
            self.code_paused.emit(self._allowances > 0)

    # --- the link's thread --------------------------------------------------------------

    def _emit(self, *event: object) -> None:
        with contextlib.suppress(RuntimeError):  # the object is gone: nobody to tell
            self._event.emit(event)

    async def _begin(self) -> None:
        if self._direct:
            try:
                self._server = await serve(
                    self._handle,
                    self._interface,
                    self._wanted_port,
                    max_size=MAX_FRAME,
                    ping_interval=self._ping,
                    ping_timeout=self._ping,
                    open_timeout=self._handshake_seconds,
                    compression=None,
                    close_timeout=2,
                    create_connection=self._gated_connection(),
                )
            except OSError as error:
                log.warning("cannot listen on port %d: %s", self._wanted_port, _why(error))
                self._emit("listening", 0)
            else:
                port = self._server.sockets[0].getsockname()[1]
                log.info("listening for family play on port %d", port)
                self._emit("listening", port)
        if self._relay_url is not None:
            asyncio.get_running_loop().create_task(self._relay_loop(self._relay_url))

    def _gated_connection(self) -> type[ServerConnection]:
        """Direct connections, counted from their first byte until the exchange is done: one
        over the gate's limits is cut at once (before the library reads anything of it)."""
        gate, budget = self._gate, self._log

        class Gated(ServerConnection):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                peer = transport.get_extra_info("peername")
                address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
                if not gate.enter(self, address):
                    budget(logging.WARNING, "a connection from %s was cut: too many", address)
                    cast(asyncio.Transport, transport).abort()

            def connection_lost(self, exc: Exception | None) -> None:
                gate.leave(self)
                super().connection_lost(exc)

        return Gated

    def _add(self, home: bool, ws: ServerConnection | None = None, relay_conn: int = 0) -> _Peer:
        conn, self._next = self._next, self._next + 1
        limit = relay_wire.RateLimit(*self._rate)
        peer = _Peer(conn, home, limit, HostHandshake(self._code, self._identity), ws, relay_conn)
        self._peers[conn] = peer
        if relay_conn:
            self._relayed[relay_conn] = peer
        loop = asyncio.get_running_loop()
        peer.writer = loop.create_task(self._write(peer))
        peer.deadline = loop.create_task(self._expire(peer))
        how = "directly" if ws is not None else "through the relay"
        self._log(logging.INFO, "connection %d came %s", conn, how)
        return peer

    async def _expire(self, peer: _Peer) -> None:
        await asyncio.sleep(self._handshake_seconds)
        if peer.stage != "open" and peer.conn in self._peers:
            await self._close(peer, 1008, "the exchange took too long")

    def _drop(self, peer: _Peer, why: str) -> None:
        if self._peers.pop(peer.conn, None) is None:
            return
        if peer.relay_conn:
            self._relayed.pop(peer.relay_conn, None)
            self._gate.leave(peer)
        for task in (peer.writer, peer.deadline):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        if peer.guessing:  # it left after the host's pake message, without a confirm
            self._wrong_code(peer)
        if peer.stage == "open":
            log.info("connection %d closed: %s", peer.conn, why)
            self._emit("closed", peer.conn)
        else:
            self._log(logging.INFO, "connection %d closed before the exchange: %s", peer.conn, why)

    def _wrong_code(self, peer: _Peer) -> None:
        peer.guessing = False
        self._guessing -= 1
        if self._stopping:
            return
        self._wrong += 1
        self._wrong_in_all += 1
        self._log(logging.WARNING, "connection %d: a wrong table code", peer.conn)
        if self._wrong >= GUESSES and not self._paused:
            self._paused = True
            log.warning("%d wrong table codes: the code is paused", self._wrong_in_all)
            self._emit("paused")

    def _unpause(self) -> None:
        self._wrong = 0
        self._paused = False
        log.info("the host lets the table code work again")

    def _queue(self, conn: int, data: bytes) -> None:
        peer = self._peers.get(conn)
        if peer is not None:
            peer.outbox.put_nowait(data)

    async def _write(self, peer: _Peer) -> None:
        while True:
            data = await peer.outbox.get()
            if data == _CLOSE:
                await self._close(peer, 1000, "closed by the host")
                return
            if peer.channel is None:
                continue  # nothing sealed before the exchange is done (not reached)
            try:
                await self._send(peer, peer.channel.seal(data), sealed=True)
            except ConnectionClosed:
                return

    async def _send(self, peer: _Peer, data: bytes, *, sealed: bool = False) -> None:
        """Send a frame: plain (text) or sealed (binary)."""
        if peer.ws is not None:
            await peer.ws.send(data, text=not sealed)
        elif self._relay_ws is not None:
            await self._relay_ws.send(relay_wire.CONN.pack(peer.relay_conn) + data)

    async def _refuse(self, peer: _Peer, reason: str, code: int = 1000) -> bool:
        """Answer plain `Refused(reason)` and close; False (for `_take`)."""
        with contextlib.suppress(ConnectionClosed):
            await self._send(peer, encode(Refused(reason)))
        await self._close(peer, code, reason, reader=True)
        return False

    async def _close(self, peer: _Peer, code: int, why: str, *, reader: bool = False) -> None:
        """Close one connection; `reader`: called by its reader, which stops reading."""
        self._drop(peer, why)
        with contextlib.suppress(ConnectionClosed):
            if peer.ws is not None and reader:
                await close_draining(peer.ws, code, why)
            elif peer.ws is not None:
                await peer.ws.close(code, why)
            elif self._relay_ws is not None:
                await self._relay_ws.send(relay_wire.control("close", peer.relay_conn))

    async def _take(self, peer: _Peer, frame: str | bytes) -> bool:
        """Take one frame: the exchange's, or a sealed message passed on; False if it closed
        the connection."""
        if not peer.limit.allow():
            self._log(logging.WARNING, "connection %d sent too many messages: closed", peer.conn)
            await self._close(peer, 1008, "too many messages", reader=True)
            return False
        if peer.stage == "new":
            return await self._first(peer, frame)
        if peer.stage == "pake":
            return await self._confirm(peer, frame)
        assert peer.channel is not None
        try:
            message = decode(peer.channel.open(frame))
        except SealError as error:
            log.warning("connection %d: %s: closed", peer.conn, error.reason)
            await self._close(peer, 1008, "a frame did not open", reader=True)
            return False
        except ProtocolError as error:
            log.warning("connection %d sent a malformed message (%s): closed", peer.conn, error)
            with contextlib.suppress(ConnectionClosed):
                await self._send(peer, peer.channel.seal(encode(Refused("malformed"))), sealed=True)
            await self._close(peer, 1008, "malformed message", reader=True)
            return False
        self._emit("received", peer.conn, message)
        return True

    async def _first(self, peer: _Peer, frame: str | bytes) -> bool:
        """The joiner's pake message (or an older app's Hello: "please update")."""
        try:
            pake = read_pake(frame, from_joiner=True)
        except SealError as error:
            self._log(logging.WARNING, "connection %d: a bad pake (%s)", peer.conn, error.reason)
            return await self._refuse(peer, "malformed", 1008)
        if pake is None:
            try:
                decode(frame)
            except UnsupportedVersion as error:
                self._log(logging.INFO, "connection %d: %s", peer.conn, error.reason)
                return await self._refuse(peer, refusal_for(error).reason)
            except ProtocolError:
                pass
            self._log(logging.WARNING, "connection %d did not start the exchange", peer.conn)
            return await self._refuse(peer, "malformed", 1008)
        if pake.code:
            if self._code is None:
                return await self._refuse(peer, "wrong_code")
            if self._paused or self._wrong + self._guessing >= GUESSES:
                self._log(logging.INFO, "connection %d: the code is paused", peer.conn)
                return await self._refuse(peer, "code_paused")
            peer.guessing = True
            self._guessing += 1
        try:
            answer = peer.hand.answer(pake)
        except SealError as error:
            if peer.guessing:  # no guess was tested: the exchange never started
                peer.guessing = False
                self._guessing -= 1
            self._log(logging.WARNING, "connection %d: %s", peer.conn, error.reason)
            return await self._refuse(peer, "malformed", 1008)
        peer.stage = "pake"
        try:
            await self._send(peer, answer)
        except ConnectionClosed:
            return False
        return True

    async def _confirm(self, peer: _Peer, frame: str | bytes) -> bool:
        """The joiner's sealed confirm: the connection is opened; else a wrong code."""
        try:
            channel, proof = peer.hand.confirm(frame)
        except SealError:
            if peer.guessing:
                self._wrong_code(peer)
            return await self._refuse(peer, "wrong_code")
        if peer.guessing:
            peer.guessing = False
            self._guessing -= 1
        peer.channel, peer.stage = channel, "open"
        self._gate.leave(peer.ws if peer.ws is not None else peer)
        if peer.deadline is not None:
            peer.deadline.cancel()
        try:
            await self._send(peer, proof, sealed=True)
        except ConnectionClosed:
            return False
        proven = peer.hand.proven
        how = "directly" if peer.ws is not None else "through the relay"
        log.info("connection %d opened %s%s", peer.conn, how, "" if proven else " (no code)")
        self._emit("opened", peer.conn, peer.home, proven)
        return True

    async def _handle(self, ws: ServerConnection) -> None:
        peer = self._add(is_home_address(ws.remote_address), ws=ws)
        why = "closed by the other side"
        self._sockets.add(ws)
        try:
            async for frame in ws:
                if not await self._take(peer, frame):
                    return
        except ConnectionClosed as error:
            why = _why(error)
        finally:
            self._sockets.discard(ws)
            self._drop(peer, why)

    async def _relay_loop(self, url: str) -> None:
        pause = self._retry[0]
        while not self._stopping:
            why = await self._relay_once(url)
            if self._stopping:
                return
            if why == "":  # it was connected: start the pauses again
                pause, why = self._retry[0], "the relay connection was lost"
            self._emit("relay", False, why)
            log.info("relay: %s; trying again in %.1f s", why, pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, self._retry[1])

    async def _relay_once(self, url: str) -> str:
        """One connection to the relay: "" after it was ready, else why it was not."""
        ready = False
        if self._work is None:  # once, before connecting: the relay wants the hello at once
            self._work = await asyncio.get_running_loop().run_in_executor(
                None, relay_wire.do_work, self._key
            )
        try:
            async with connect(
                url,
                max_size=relay_wire.ENVELOPE_MAX,
                ping_interval=self._ping,
                ping_timeout=self._ping,
                open_timeout=OPEN_SECONDS,
                close_timeout=2,
                compression=None,
                proxy=None,
            ) as ws:
                await ws.send(relay_wire.host_hello(self._key, self._claim, self._work))
                answer = relay_wire.read_frame(await asyncio.wait_for(ws.recv(), OPEN_SECONDS))
                if answer is None or answer["relay"] != "ready":
                    reason = answer.get("reason") if answer else None
                    return f"refused by the relay ({reason or 'no answer'})"
                ready = True
                self._relay_ws = ws
                self._emit("relay", True, "connected")
                log.info("relay: connected as a table's host")
                try:
                    async for frame in ws:
                        await self._from_relay(frame)
                finally:
                    self._relay_ws = None
                    for peer in list(self._relayed.values()):
                        self._drop(peer, "the relay connection was lost")
        except ConnectionClosed as error:
            if not ready:
                return f"the relay closed the connection ({_why(error)})"
        except (OSError, WebSocketException, TimeoutError) as error:
            if not ready:
                return f"cannot reach the relay ({_why(error)})"
        return ""

    async def _from_relay(self, frame: str | bytes) -> None:
        if isinstance(frame, bytes):
            if len(frame) > relay_wire.CONN.size:
                (number,) = relay_wire.CONN.unpack_from(frame)
                peer = self._relayed.get(number)
                if peer is not None:
                    await self._take(peer, frame[relay_wire.CONN.size :])
            return
        value = relay_wire.read_frame(frame)
        number = relay_wire.read_conn(value) if value is not None else None
        if value is None or number is None:
            return
        if value["relay"] == "open" and number not in self._relayed:
            peer = self._add(False, relay_conn=number)
            if not self._gate.enter(peer, "(the relay)"):
                self._log(logging.WARNING, "connection %d through the relay: too many", peer.conn)
                await self._close(peer, 1013, "too many unfinished connections")
        elif value["relay"] == "close" and number in self._relayed:
            self._drop(self._relayed[number], "closed by the other side (relay)")

    async def _close_all(self) -> None:
        """Close everything, politely for a second, then by cutting what did not answer."""
        self._stopping = True
        self._log.flush()
        for peer in list(self._peers.values()):
            self._drop(peer, "the host is closing")
        polite = STOP_SECONDS / 2
        if self._relay_ws is not None:
            relay_ws = self._relay_ws
            try:
                await asyncio.wait_for(relay_ws.close(1001, "the host is closing"), polite)
            except TimeoutError:
                relay_ws.transport.abort()
        if self._server is not None:
            self._server.close()
            try:
                await asyncio.wait_for(self._server.wait_closed(), polite)
            except TimeoutError:
                for ws in list(self._sockets):  # those that did not answer the close
                    ws.transport.abort()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._server.wait_closed(), STOP_SECONDS / 4)


class WebSocketClient(ClientLink):
    """A joining app's one connection: straight to the host's `url`, or through a relay.

    It runs the sealed exchange with `code` (None: a join from the home network's list,
    without a code) before `connected`; then `host_key` is the key the host proved. Given
    `host_key` (the key of the join's first connection), a host proving any other key is
    refused: the link passes on `Refused("not_this_table")` and nothing is sent to it.
    The link does not reconnect; whoever holds it makes a new one (with the rejoin token).
    `lost` fires once when the connection fails or ends, unless `close()` ended it."""

    _event = Signal(object)

    def __init__(
        self,
        url: str | None = None,
        *,
        relay: str | None = None,
        code: TableCode | str | None = None,
        host_key: bytes | None = None,
        table_key: str | None = None,
        parent: QObject | None = None,
        ping_seconds: float = PING_SECONDS,
        open_seconds: float = OPEN_SECONDS,
    ) -> None:
        super().__init__(parent)
        if (url is None) == (relay is None):
            raise ValueError("a client link needs a host's address or a relay, not both")
        self._code = TableCode.parse(code) if isinstance(code, str) else code
        if relay is not None and table_key is None and self._code is not None:
            table_key = relay_key(self._code)
        if relay is not None and not table_key:
            raise ValueError("a relay needs the table's key")
        self._url = url or relay or ""
        self._key = _as_key(table_key) if relay is not None and table_key else ""
        self._pinned = host_key
        self.host_key: bytes | None = None  # the key the host proved, once `connected`
        self._ping = ping_seconds
        self._open_seconds = open_seconds
        self._thread: _LoopThread | None = None
        self._closing = False
        self._ended = False
        self._event.connect(self._on_event, Qt.ConnectionType.QueuedConnection)
        self._outbox: asyncio.Queue[tuple[bytes, bool]] | None = None  # the link's thread only

    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = _LoopThread("kaiser-client-link")
        self._thread.start()
        self._thread.run(self._run())

    def send(self, message: Message) -> None:
        try:
            data = encode(message)
        except ProtocolError as error:
            log.error("a message to the host was not sent: %s", error.reason)
            return
        self._post(data, True)

    def send_bytes(self, data: bytes, *, sealed: bool = False) -> None:
        """Raw bytes, as a hostile or broken app might send them (tests): in a frame of their
        own (`sealed=False`), or sealed like a message."""
        self._post(data, sealed)

    def _post(self, data: bytes, sealed: bool) -> None:
        if self._thread is not None and data and not self._closing:
            self._thread.call(self._queue, (data, sealed))

    def close(self) -> None:
        if self._thread is not None and not self._closing:
            self._closing = True
            self._thread.call(self._queue, (_CLOSE, True))

    def wait(self, timeout: float) -> bool:
        """Wait for the link's thread to end (after `close` or `lost`); True if it has."""
        if self._thread is None:
            return True
        self._thread.thread.join(timeout)
        return not self._thread.thread.is_alive()

    def _on_event(self, event: tuple[Any, ...]) -> None:
        if self._ended:
            return
        if event[0] == "connected":
            self.host_key = event[1]
            self.connected.emit()
        elif event[0] == "received":
            if not self._closing:  # after close() nothing more is passed on
                self.received.emit(event[1])
        elif event[0] == "lost":
            self._ended = True
            if not self._closing:
                self.lost.emit(event[1])

    def _emit(self, *event: object) -> None:
        with contextlib.suppress(RuntimeError):
            self._event.emit(event)

    def _queue(self, item: tuple[bytes, bool]) -> None:
        if self._outbox is not None:
            self._outbox.put_nowait(item)

    async def _run(self) -> None:
        why = "closed"
        try:
            why = await self._connection()
        finally:
            self._emit("lost", why)
            asyncio.get_running_loop().call_soon(asyncio.get_running_loop().stop)

    async def _connection(self) -> str:
        try:
            async with connect(
                self._url,
                max_size=relay_wire.ENVELOPE_MAX if self._key else MAX_FRAME,
                ping_interval=self._ping,
                ping_timeout=self._ping,
                open_timeout=self._open_seconds,
                close_timeout=2,
                compression=None,
                proxy=None,
            ) as ws:
                if self._key:
                    await ws.send(relay_wire.join_hello(self._key))
                    raw = await asyncio.wait_for(ws.recv(), self._open_seconds)
                    answer = relay_wire.read_frame(raw)
                    if answer is None or answer["relay"] != "ready":
                        reason = answer.get("reason") if answer else None
                        return f"refused by the relay ({reason or 'no answer'})"
                self._outbox = asyncio.Queue()  # before `connected`: what is sent then waits
                channel = await asyncio.wait_for(self._exchange(ws), self._open_seconds)
                if isinstance(channel, str):
                    return channel
                writer = asyncio.get_running_loop().create_task(
                    self._write(ws, self._outbox, channel)
                )
                try:
                    return await self._read(ws, channel)
                finally:
                    writer.cancel()
        except ConnectionClosed as error:
            return f"connection lost ({_why(error)})"
        except (OSError, WebSocketException, TimeoutError) as error:
            return f"cannot connect ({_why(error)})"

    async def _exchange(self, ws: ClientConnection) -> Channel | str:
        """The sealed exchange: the channel, or why there is none (a refusal from the host,
        or the link's own `not_this_table`, is passed on first)."""
        hand = JoinerHandshake(self._code, self._pinned)
        await ws.send(hand.first())
        frame = await ws.recv()
        try:
            pake = read_pake(frame, from_joiner=False)
            if pake is None:
                return await self._plain_refusal(ws, frame)
            await ws.send(hand.answer(pake))
            frame = await ws.recv()
            channel = hand.check(frame)
        except WrongHost:
            log.warning("another host than the table's answered: nothing was sent to it")
            self._emit("received", Refused("not_this_table"))
            await ws.close(1008, "not the table's host")
            return "another host than the table's answered"
        except SealError as error:
            if len(frame) < MAX_PLAIN_FRAME:  # perhaps the host's plain "wrong code"
                with contextlib.suppress(SealError):
                    return await self._plain_refusal(ws, frame)
            await ws.close(1008, "the exchange failed")
            return f"the exchange with the host failed ({error.reason})"
        self._emit("connected", hand.host_key)
        return channel

    async def _plain_refusal(self, ws: ClientConnection, frame: str | bytes) -> str:
        """A plain Refused from the host (a wrong code, an older host): passed on; SealError
        if the frame is not one."""
        try:
            message = decode(frame)
        except ProtocolError as error:
            raise SealError(f"the host sent no pake message ({error.reason})") from error
        if not isinstance(message, Refused):
            raise SealError(f"the host sent a plain {message.TYPE}")
        self._emit("received", message)
        return f"refused by the host ({message.reason})"

    async def _read(self, ws: ClientConnection, channel: Channel) -> str:
        async for frame in ws:
            try:
                message = decode(channel.open(frame))
            except SealError as error:
                log.warning("a frame from the host did not open (%s): closed", error.reason)
                await ws.close(1008, "a frame did not open")
                return f"a frame from the host did not open ({error.reason})"
            except ProtocolError as error:
                log.warning("the host sent a malformed message (%s): closed", error)
                await ws.close(1008, "malformed message")
                return f"the host sent a malformed message ({error.reason})"
            self._emit("received", message)
        return f"closed by the other side ({ws.close_code} {ws.close_reason or ''})".strip()

    async def _write(
        self, ws: ClientConnection, outbox: asyncio.Queue[tuple[bytes, bool]], channel: Channel
    ) -> None:
        while True:
            data, sealed = await outbox.get()
            if data == _CLOSE:
                await ws.close(1000, "leaving")
                return
            try:
                if sealed:
                    await ws.send(channel.seal(data), text=False)
                else:
                    await ws.send(data, text=False)
            except ConnectionClosed:
                return
