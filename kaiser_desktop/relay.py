"""The relay: family play across houses, for apps that cannot reach each other directly.

    python -m kaiser_desktop.relay --port 8765
    kaiser-desktop --relay --port 8765
    python -m kaiser_desktop.relay --port 8765 --nats nats://127.0.0.1:4222   # a cluster

A WebSocket server that pairs connections by table key and forwards their frames between
the host of a table and its clients. It never reads a game message (they pass as opaque
binary frames, unchanged, both ways), keeps nothing on disk, and logs counts and refusals
(at most one line a minute for each kind), never contents. Its wire, shared with the apps'
links, is `kaiser_desktop.net.relay_wire` (protocol v2: the table key is a hash of the
code's public part, a host's claim and its proof of work).

Anyone on the internet can reach a relay, so every peer is a stranger until its hello:

- an address may hold `per_address` connections, of which `pending_per_address` may not
  have sent their hello yet (and `pending_total` in all); a hello must come within
  `hello_seconds` of the TCP connection, or the connection is cut;
- an address may hold `tables_per_address` tables, and try `join_rate` joins a second
  (a burst of `join_burst`): guessing codes through the relay is slow;
- `max_connections` in all, so a flood from many addresses cannot take the file
  descriptors a real family needs;
- a table's key stays its host's (its claim) while it is open and `claim_seconds` after
  it closed, and the relay remembers at most `max_claims` of them.

With `--nats URL` several relay processes share their tables through NATS
(`kaiser_desktop.relay_nats`): a table's host and its clients may sit on different ones.

Only the standard library and `websockets` (and `nats-py` with `--nats`): no Qt, nothing of
the game.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import importlib
import json
import logging
import signal
import ssl
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from kaiser_desktop.net.relay_wire import (
    BURST,
    CONN,
    ENVELOPE_MAX,
    MAX_MESSAGE_BYTES,
    RATE,
    REFUSALS,
    REFUSED_CODE,
    WORK_BITS,
    RateLimit,
    RelayHello,
    Remote,
    claim_digest,
    control,
    read_conn,
    read_frame,
    read_hello,
    refusal,
    work_done,
)

if TYPE_CHECKING:
    from kaiser_desktop.relay_nats import Cluster

log = logging.getLogger("kaiser_desktop.relay")

MAX_CLIENTS = 4  # a table has three remote seats; one more for a rejoin racing its old link
MAX_TABLES = 2000
MAX_CONNECTIONS = 10_000  # in all; a relay's file descriptor limit must be above it
PER_ADDRESS = 16  # connections from one address (a house's NAT: a few families at most)
PENDING_PER_ADDRESS = 4  # connections from one address that have not sent their hello
PENDING_TOTAL = 256  # connections that have not sent their hello, in all
TABLES_PER_ADDRESS = 4
JOIN_RATE = 2.0  # joins a second from one address, on average
JOIN_BURST = 8.0
JOIN_ADDRESSES = 100_000  # addresses whose joins are remembered (about 10 MB at most)
HELLO_SECONDS = 3.0  # from the TCP connection to the relay hello
CLAIM_SECONDS = 6 * 3600.0  # a closed table's key stays its host's this long
MAX_CLAIMS = 20_000
SEND_SECONDS = 5.0  # a connection that takes longer to take a message is closed
PING_SECONDS = 20.0
LOG_SECONDS = 60.0  # one summary line a minute for each kind of refusal
READY = json.dumps({"relay": "ready"})


class LogLimit:
    """Log lines at a bounded rate: the first of a kind at once, then one summary line a
    `window` for each kind that happened again (a flood of refusals is a few lines a minute)."""

    def __init__(self, window: float = LOG_SECONDS, clock: Callable[[], float] = time.monotonic):
        self.window = window
        self._clock = clock
        self._since: dict[str, float] = {}  # kind -> when its line was last written
        self._more: collections.Counter[str] = collections.Counter()

    def note(self, kind: str) -> None:
        now = self._clock()
        since = self._since.get(kind)
        if since is None or now - since >= self.window:
            self._since[kind] = now
            more = self._more.pop(kind, 0)
            log.info("%s%s", kind, f" (and {more} more in the last minute)" if more else "")
        else:
            self._more[kind] += 1

    def flush(self) -> None:
        """Write the summaries that are due (the relay calls this every few seconds)."""
        now = self._clock()
        for kind in list(self._more):
            if now - self._since.get(kind, now) >= self.window:
                self._since[kind] = now
                log.info("%s: %d times in the last minute", kind, self._more.pop(kind))
        for kind in [k for k, t in self._since.items() if now - t >= 2 * self.window]:
            del self._since[kind]  # a kind not seen for a while writes its next line at once


class _LibraryLog(logging.Filter):
    """The websockets library's own lines (a failed handshake, with its traceback) counted
    into the relay's limited log instead of written, one line each."""

    def __init__(self, lines: LogLimit) -> None:
        super().__init__()
        self.lines = lines

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.WARNING:
            self.lines.note(f"websockets: {record.msg}")
        return False


@dataclass
class _Address:
    """What one address holds at this relay."""

    connections: int = 0
    pending: int = 0
    tables: int = 0


@dataclass
class _Table:
    key: str
    host: ServerConnection
    address: str
    clients: dict[int, ServerConnection | Remote] = field(default_factory=dict)
    next_conn: int = 1
    ended: asyncio.Event = field(default_factory=asyncio.Event)


async def _send(ws: ServerConnection, data: str | bytes) -> bool:
    """Send, or close a connection too slow to take it; False if it is gone."""
    try:
        await asyncio.wait_for(ws.send(data), SEND_SECONDS)
    except ConnectionClosed:
        return False
    except TimeoutError:
        await ws.close(1008, "too slow")
        return False
    return True


async def close_draining(ws: ServerConnection | ClientConnection, code: int, reason: str) -> None:
    """Close from the connection's reader, reading (and dropping) what is still coming:
    a flood's unread frames would otherwise hold back the other side's closing frame."""
    closing = asyncio.get_running_loop().create_task(ws.close(code, reason))
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass
    await closing


def _address(ws: ServerConnection) -> str:
    try:
        peer = ws.transport.get_extra_info("peername")
    except AttributeError:
        return "?"
    return str(peer[0]) if isinstance(peer, tuple) and peer else "?"


class Relay:
    """The tables open at this relay, and the handler of its connections."""

    def __init__(
        self,
        *,
        max_tables: int = MAX_TABLES,
        max_clients: int = MAX_CLIENTS,
        max_connections: int = MAX_CONNECTIONS,
        per_address: int = PER_ADDRESS,
        pending_per_address: int = PENDING_PER_ADDRESS,
        pending_total: int = PENDING_TOTAL,
        tables_per_address: int = TABLES_PER_ADDRESS,
        join_rate: float = JOIN_RATE,
        join_burst: float = JOIN_BURST,
        rate: float = RATE,
        burst: float = BURST,
        hello_seconds: float = HELLO_SECONDS,
        claim_seconds: float = CLAIM_SECONDS,
        max_claims: int = MAX_CLAIMS,
        work_bits: int = WORK_BITS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_tables = max_tables
        self.max_clients = max_clients
        self.max_connections = max_connections
        self.per_address = per_address
        self.pending_per_address = pending_per_address
        self.pending_total = pending_total
        self.tables_per_address = tables_per_address
        self.join_rate = join_rate
        self.join_burst = join_burst
        self.rate = rate
        self.burst = burst
        self.hello_seconds = hello_seconds
        self.claim_seconds = claim_seconds
        self.max_claims = max_claims
        self.work_bits = work_bits
        self.clock = clock
        self.tables: dict[str, _Table] = {}
        # A table's key stays its host's (by the hash of the host's claim) while it is open
        # and `claim_seconds` after, so that no one else can register it while the host is
        # away: key -> (digest, when the table closed, or None while it is open). Oldest
        # closed first; at most `max_claims`.
        self.claims: collections.OrderedDict[str, tuple[str, float | None]] = (
            collections.OrderedDict()
        )
        self.addresses: dict[str, _Address] = {}
        # Each address's joins, kept after its connections close (bounded: the oldest go).
        self.join_limits: collections.OrderedDict[str, RateLimit] = collections.OrderedDict()
        self.connections = 0
        self.pending = 0
        self.lines = LogLimit()
        self.cluster: Cluster | None = None
        # Clients of tables whose host sits on another process, by their number here.
        self.remote_clients: dict[int, ServerConnection] = {}
        self._next_cid = 1

    def counts(self) -> str:
        people = sum(len(t.clients) for t in self.tables.values())
        return f"{len(self.tables)} tables, {people} clients"

    # -- connections, before their hello ----------------------------------------------

    def connection_made(self, ws: ServerConnection) -> bool:
        """A TCP connection arrived: whether it may stay (else it is cut at once)."""
        address = _address(ws)
        held = self.addresses.get(address)
        if held is None:
            held = self.addresses[address] = _Address()
        if (
            self.connections >= self.max_connections
            or held.connections >= self.per_address
            or held.pending >= self.pending_per_address
            or self.pending >= self.pending_total
        ):
            self.lines.note("a connection was cut: too many from its address or in all")
            if held.connections == 0:
                del self.addresses[address]
            return False
        held.connections += 1
        held.pending += 1
        self.connections += 1
        self.pending += 1
        ws.kaiser_pending = True  # type: ignore[attr-defined]
        ws.kaiser_address = address  # type: ignore[attr-defined]
        asyncio.get_running_loop().call_later(self.hello_seconds, self._hello_due, ws)
        return True

    def _hello_due(self, ws: ServerConnection) -> None:
        if getattr(ws, "kaiser_pending", False):
            self.lines.note("a connection was cut: no hello in time")
            ws.transport.abort()

    def _hello_seen(self, ws: ServerConnection) -> None:
        if getattr(ws, "kaiser_pending", False):
            ws.kaiser_pending = False  # type: ignore[attr-defined]
            self.pending -= 1
            self.addresses[ws.kaiser_address].pending -= 1  # type: ignore[attr-defined]

    def _held(self, ws: ServerConnection) -> _Address:
        """What the connection's address holds (a stray record if it is already gone)."""
        return self.addresses.get(getattr(ws, "kaiser_address", None) or "", _Address())

    def connection_lost(self, ws: ServerConnection) -> None:
        address = getattr(ws, "kaiser_address", None)
        if address is None:
            return
        self._hello_seen(ws)
        ws.kaiser_address = None  # type: ignore[attr-defined]
        self.connections -= 1
        held = self.addresses[address]
        held.connections -= 1
        if held.connections == 0 and held.tables == 0:
            del self.addresses[address]

    async def _refuse(self, ws: ServerConnection, reason: str) -> None:
        self.lines.note(f"a connection was refused: {REFUSALS[reason]}")
        with contextlib.suppress(ConnectionClosed):
            await ws.send(refusal(reason))
        await ws.close(REFUSED_CODE, reason)

    async def handle(self, ws: ServerConnection) -> None:
        try:
            first = await asyncio.wait_for(ws.recv(), self.hello_seconds)
        except (TimeoutError, ConnectionClosed):
            return
        self._hello_seen(ws)
        answer = read_hello(first)
        if isinstance(answer, str):
            await self._refuse(ws, answer)
            return
        if answer.role == "host":
            await self._host(ws, answer)
        else:
            await self._client(ws, answer.key)

    # -- hosts ----------------------------------------------------------------------

    def _forget_claims(self) -> None:
        now = self.clock()
        while self.claims:
            key, (_, closed) = next(iter(self.claims.items()))
            if closed is None or now - closed < self.claim_seconds:
                break
            del self.claims[key]
        while len(self.claims) >= self.max_claims:
            key, (_, closed) = next(iter(self.claims.items()))
            if closed is None:  # cannot happen while max_claims > max_tables
                break
            del self.claims[key]

    def _claim_open(self, key: str, digest: str) -> None:
        self.claims.pop(key, None)
        self.claims[key] = (digest, None)
        self.claims.move_to_end(key, last=False)  # open claims first, never forgotten

    def _claim_closed(self, key: str) -> None:
        held = self.claims.pop(key, None)
        if held is not None:
            self.claims[key] = (held[0], self.clock())

    async def _host(self, ws: ServerConnection, hello: RelayHello) -> None:
        key = hello.key
        address = self._held(ws)
        if not work_done(key, hello.work, self.work_bits):
            await self._refuse(ws, "no_work")
            return
        if address.tables >= self.tables_per_address:
            await self._refuse(ws, "busy")
            return
        self._forget_claims()
        digest = claim_digest(hello.claim)
        held = self.claims.get(key)
        if held is not None and held[0] != digest:
            await self._refuse(ws, "table_taken")
            return
        if key in self.tables:  # the same host again (its claim): its old link is stale
            await self.replace(key)
            if key in self.tables:
                await self._refuse(ws, "table_taken")
                return
        if len(self.tables) >= self.max_tables:
            await self._refuse(ws, "too_many_tables")
            return
        if self.cluster is not None:
            address.tables += 1  # counted while the cluster is asked, so none slips past
            try:
                reason = await self.cluster.register(key, digest)
            finally:
                address.tables -= 1
            if reason is None and key in self.tables:
                reason = "table_taken"
            if reason is not None:
                await self._refuse(ws, reason)
                return
        self._claim_open(key, digest)
        table = self.tables[key] = _Table(key, ws, ws.kaiser_address)  # type: ignore[attr-defined]
        address.tables += 1
        log.info("a table opened (%s)", self.counts())
        limit = RateLimit(self.rate * self.max_clients, self.burst * self.max_clients)
        try:
            if self.cluster is not None:
                await self.cluster.hold(key)
            if await _send(ws, READY):
                async for frame in ws:
                    if not limit.allow():
                        self.lines.note("a host sent too many messages: closed")
                        await close_draining(ws, 1008, "too many messages")
                        break
                    await self._from_host(table, frame)
        except ConnectionClosed:
            pass
        finally:
            if self.tables.get(key) is table:
                del self.tables[key]
            self._claim_closed(key)
            address.tables -= 1
            self.connection_lost(ws)  # its address's count now, not when the socket ends
            where = table.address
            if self.addresses.get(where) is address and address.connections == address.tables == 0:
                del self.addresses[where]  # its socket ended while the cluster was asked
            clients = list(table.clients.values())
            table.clients.clear()
            if self.cluster is not None:
                await self.cluster.release(key, [c for c in clients if isinstance(c, Remote)])
            await asyncio.gather(
                *(c.close(1001, "the host left") for c in clients if not isinstance(c, Remote))
            )
            table.ended.set()
            log.info("a table closed, %d clients let go (%s)", len(clients), self.counts())

    async def replace(self, key: str) -> None:
        """End the table's old host link: the same host (by its claim) came back on a new
        one, before the old one was seen to break (a network change, a relay restart)."""
        table = self.tables.get(key)
        if table is None:
            return
        self.lines.note("a host came back on a new connection: its old one was closed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.host.close(1001, "the host came back"), 1)
        if not table.ended.is_set():
            table.host.transport.abort()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.ended.wait(), 2)

    async def _from_host(self, table: _Table, frame: str | bytes) -> None:
        if isinstance(frame, bytes):
            if len(frame) <= CONN.size:
                return
            (conn,) = CONN.unpack_from(frame)
            client = table.clients.get(conn)
            if isinstance(client, Remote):
                if self.cluster is not None:
                    await self.cluster.to_client(client, frame[CONN.size :])
            elif client is not None:
                await _send(client, frame[CONN.size :])  # binary, unchanged
            return
        value = read_frame(frame)
        conn = read_conn(value) if value is not None and value["relay"] == "close" else None
        if conn is not None:
            client = table.clients.pop(conn, None)
            if isinstance(client, Remote):
                if self.cluster is not None:
                    await self.cluster.close_client(client)
            elif client is not None:
                await client.close(1000, "closed by the host")

    # -- the host's end of a client on another process (called by the cluster) -----------

    def remote_join(self, key: str, remote: Remote) -> int | str:
        """A client on another process asks to join a table held here: its number, or why not."""
        table = self.tables.get(key)
        if table is None:
            return "no_table"
        if len(table.clients) >= self.max_clients:
            return "table_full"
        conn = table.next_conn
        table.next_conn += 1
        table.clients[conn] = remote
        asyncio.get_running_loop().create_task(_send(table.host, control("open", conn)))
        return conn

    async def remote_frame(self, key: str, conn: int, data: bytes) -> None:
        table = self.tables.get(key)
        if table is not None and isinstance(table.clients.get(conn), Remote):
            await _send(table.host, CONN.pack(conn) + data)

    async def remote_left(self, key: str, conn: int) -> None:
        table = self.tables.get(key)
        if table is not None and isinstance(table.clients.get(conn), Remote):
            del table.clients[conn]
            await _send(table.host, control("close", conn))

    # -- clients --------------------------------------------------------------------

    def _join_allowed(self, ws: ServerConnection) -> bool:
        address = getattr(ws, "kaiser_address", None) or "?"
        limit = self.join_limits.pop(address, None)
        if limit is None:
            limit = RateLimit(self.join_rate, self.join_burst, self.clock)
        self.join_limits[address] = limit  # the most recent last
        while len(self.join_limits) > JOIN_ADDRESSES:
            self.join_limits.popitem(last=False)
        return limit.allow()

    async def _client(self, ws: ServerConnection, key: str) -> None:
        if not self._join_allowed(ws):
            await self._refuse(ws, "busy")
            return
        table = self.tables.get(key)
        if table is None and self.cluster is not None:
            await self._remote_client(ws, key)
            return
        if table is None:
            await self._refuse(ws, "no_table")
            return
        if len(table.clients) >= self.max_clients:
            await self._refuse(ws, "table_full")
            return
        conn = table.next_conn
        table.next_conn += 1
        table.clients[conn] = ws
        log.info("a client joined a table (%s)", self.counts())
        limit = RateLimit(self.rate, self.burst)
        try:
            if not await _send(ws, READY):
                return
            if not await _send(table.host, control("open", conn)):
                return
            async for frame in ws:
                data = self._checked(frame, limit)
                if data is None:
                    await close_draining(ws, 1008, "too many messages or too big")
                    break
                if not await _send(table.host, CONN.pack(conn) + data):
                    break
        except ConnectionClosed:
            pass
        finally:
            if table.clients.get(conn) is ws:
                del table.clients[conn]
                await _send(table.host, control("close", conn))
                log.info("a client left a table (%s)", self.counts())

    def _checked(self, frame: str | bytes, limit: RateLimit) -> bytes | None:
        """A client's frame as bytes, or None if it must be closed for it."""
        data = frame.encode("utf-8") if isinstance(frame, str) else frame
        if len(data) > MAX_MESSAGE_BYTES:
            self.lines.note("a client sent a message too big: closed")
            return None
        if not limit.allow():
            self.lines.note("a client sent too many messages: closed")
            return None
        return data

    async def _remote_client(self, ws: ServerConnection, key: str) -> None:
        """A client whose table's host may sit on another process of the cluster."""
        assert self.cluster is not None
        cid = self._next_cid
        self._next_cid += 1
        self.remote_clients[cid] = ws
        ready = ws.kaiser_ready = asyncio.Event()  # type: ignore[attr-defined]
        await self.cluster.listen(self, cid)  # before joining: the host may answer at once
        answer = await self.cluster.join(key, cid)
        if isinstance(answer, str):
            self.remote_clients.pop(cid, None)
            self.cluster.unlisten(cid)
            await self._refuse(ws, answer)
            return
        conn, node = answer
        ws.kaiser_host_node = node  # type: ignore[attr-defined]
        limit = RateLimit(self.rate, self.burst)
        try:
            if not await _send(ws, READY):
                return
            ready.set()
            async for frame in ws:
                data = self._checked(frame, limit)
                if data is None:
                    await close_draining(ws, 1008, "too many messages or too big")
                    break
                await self.cluster.to_host(key, conn, data)
        except ConnectionClosed:
            pass
        finally:
            if self.remote_clients.pop(cid, None) is not None:
                await self.cluster.left(key, conn, cid, node)

    async def to_remote_client(self, cid: int, data: bytes) -> None:
        """A frame from a host on another process for a client here (empty: close it)."""
        ws = self.remote_clients.get(cid)
        if ws is None:
            return
        with contextlib.suppress(TimeoutError):  # its "ready" goes first
            await asyncio.wait_for(ws.kaiser_ready.wait(), SEND_SECONDS)  # type: ignore[attr-defined]
        if data:
            await _send(ws, data)
        else:
            del self.remote_clients[cid]
            await ws.close(1000, "closed by the host")

    async def node_gone(self, node: str) -> None:
        """A relay process stopped answering: its hosts' clients here are let go (they join
        again, and find the table where its host came back), its clients leave the tables."""
        gone = [
            (cid, ws)
            for cid, ws in self.remote_clients.items()
            if getattr(ws, "kaiser_host_node", None) == node
        ]
        for cid, ws in gone:
            del self.remote_clients[cid]
            await ws.close(1001, "the host's relay went away")
        for table in list(self.tables.values()):
            for conn, client in list(table.clients.items()):
                if isinstance(client, Remote) and client.node == node:
                    await self.remote_left(table.key, conn)


def _guarded(relay: Relay) -> type[ServerConnection]:
    """The connection class that counts connections by address from their TCP start."""

    class Guarded(ServerConnection):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            if not relay.connection_made(self):
                self.transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            relay.connection_lost(self)
            super().connection_lost(exc)

    return Guarded


async def start(
    relay: Relay,
    host: str | None,
    port: int,
    *,
    tls: ssl.SSLContext | None = None,
    ping_seconds: float = PING_SECONDS,
) -> Server:
    """The relay's server, listening (port 0: any free port; see `server.sockets`)."""
    library = logging.getLogger("kaiser_desktop.relay.websockets")
    library.addFilter(_LibraryLog(relay.lines))
    server = await serve(
        relay.handle,
        host,
        port,
        ssl=tls,
        max_size=ENVELOPE_MAX,
        ping_interval=ping_seconds,
        ping_timeout=ping_seconds,
        open_timeout=relay.hello_seconds,
        compression=None,
        close_timeout=2,
        create_connection=_guarded(relay),
        logger=library,
    )

    loop = asyncio.get_running_loop()

    def flush() -> None:  # a timer, not a task: nothing is left pending when the loop ends
        relay.lines.flush()
        if server.is_serving():
            loop.call_later(5, flush)

    loop.call_later(5, flush)
    return server


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kaiser-desktop --relay",
        description="Run a Kaiser Desktop relay: it passes messages between the computers of "
        "a family table that cannot reach each other directly (different houses). It keeps "
        "no game and writes nothing to disk. Players type this computer's address in "
        "Settings, as ws://address:port (or wss:// with a certificate). docs/RELAY.md says "
        "how to run it behind TLS, several processes with NATS, and what its limits mean.",
    )
    parser.add_argument("--port", type=int, default=8765, help="port to listen on (8765)")
    parser.add_argument(
        "--host", default=None, help="address to listen on (default: every address)"
    )
    parser.add_argument("--cert", type=Path, help="TLS certificate file (PEM), for wss://")
    parser.add_argument("--key", type=Path, help="the certificate's private key file (PEM)")
    parser.add_argument(
        "--nats",
        metavar="URL",
        help="share tables with other relay processes through this NATS server "
        "(nats://host:4222, with JetStream on); default: this process alone",
    )
    parser.add_argument(  # how often the processes say they are alive (tests: faster)
        "--alive-seconds", type=float, default=1.0, help=argparse.SUPPRESS
    )
    parser.add_argument(  # the proof of work asked of hosts (the load command: less)
        "--work-bits", type=int, default=WORK_BITS, help=argparse.SUPPRESS
    )
    parser.add_argument(
        "--max-tables", type=int, default=MAX_TABLES, help=f"tables at once ({MAX_TABLES})"
    )
    parser.add_argument(
        "--max-connections",
        type=int,
        default=MAX_CONNECTIONS,
        help=f"connections at once, in all ({MAX_CONNECTIONS})",
    )
    parser.add_argument(
        "--per-address",
        type=int,
        default=PER_ADDRESS,
        help=f"connections from one address ({PER_ADDRESS})",
    )
    parser.add_argument(
        "--tables-per-address",
        type=int,
        default=TABLES_PER_ADDRESS,
        help=f"tables one address may open ({TABLES_PER_ADDRESS})",
    )
    return parser


async def serve_until_stopped(
    relay: Relay,
    host: str | None,
    port: int,
    tls: ssl.SSLContext | None = None,
    nats_url: str | None = None,
    stop: asyncio.Future[Any] | None = None,
    alive_seconds: float = 1.0,
) -> None:
    """Run a relay (joined to a NATS cluster if `nats_url`) until SIGINT/SIGTERM or `stop`."""
    if nats_url is not None:  # imported by name: the app's installers carry no NATS client
        cluster = importlib.import_module("kaiser_desktop.relay_nats").Cluster
        try:
            relay.cluster = await cluster.connect(nats_url, relay, alive_seconds=alive_seconds)
        except Exception as error:  # the client's own errors: no server, no JetStream...
            raise OSError(f"{nats_url}: {error or type(error).__name__}") from error
    server = await start(relay, host, port, tls=tls)
    ports = sorted({s.getsockname()[1] for s in server.sockets})
    scheme = "wss" if tls else "ws"
    alone = "" if nats_url is None else f", with the cluster at {nats_url}"
    log.info("relay listening on port %s (%s://)%s", ", ".join(map(str, ports)), scheme, alone)
    if stop is None:
        stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows
            asyncio.get_running_loop().add_signal_handler(sig, stop.set_result, None)
    try:
        await stop
    finally:
        server.close()
        await server.wait_closed()
        if relay.cluster is not None:
            await relay.cluster.close()
        log.info("relay stopped")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    tls = None
    if args.cert or args.key:
        if not (args.cert and args.key):
            print("kaiser-desktop --relay: --cert and --key go together", file=sys.stderr)
            return 2
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(args.cert, args.key)
    relay = Relay(
        max_tables=args.max_tables,
        max_connections=args.max_connections,
        per_address=args.per_address,
        tables_per_address=args.tables_per_address,
        work_bits=args.work_bits,
    )
    try:
        asyncio.run(
            serve_until_stopped(
                relay, args.host, args.port, tls, args.nats, alive_seconds=args.alive_seconds
            )
        )
    except KeyboardInterrupt:
        pass
    except OSError as error:
        print(f"kaiser-desktop --relay: cannot listen or reach NATS: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    # Run the module by its name, not as __main__, so that the cluster's module (which
    # imports kaiser_desktop.relay) sees the same classes.
    sys.exit(importlib.import_module("kaiser_desktop.relay").main())
