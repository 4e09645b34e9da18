"""The relay: family play across houses, for apps that cannot reach each other directly.

    python -m kaiser_desktop.relay --port 8765
    kaiser-desktop --relay --port 8765

A WebSocket server that pairs connections by table key and forwards their messages between
the host of a table and its clients. It never reads a game message (they pass as opaque
text), keeps nothing on disk, and logs connections and counts, never contents. The table
key is a hash of the table code (`family_play.net_links.relay_key`), so the relay never sees a code.

Its own small protocol (docs/NETWORK.md, "The relay"): every connection's first frame is
a JSON hello, `{"relay": "host", "v": 1, "key": K}` or `{"relay": "join", "v": 1,
"key": K}`, answered `{"relay": "ready"}` or `{"relay": "refused", "reason": R}` (then the
connection is closed with code 4000). After that a client's frames are game messages, both
ways. The host's connection carries its clients' messages as binary frames of a 4-byte
big-endian connection number followed by the message, and text control frames
`{"relay": "open", "conn": n}` / `{"relay": "close", "conn": n}` (the host may send
`close` to put a client out).

Only the standard library and `websockets`: no Qt, nothing of the game.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import signal
import ssl
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

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
    claim_digest,
    control,
    read_conn,
    read_frame,
    read_hello,
    refusal,
    work_done,
)

log = logging.getLogger("kaiser_desktop.relay")

MAX_CLIENTS = 4  # a table has three remote seats; one more for a rejoin racing its old link
MAX_TABLES = 500
HELLO_SECONDS = 10.0  # the first frame must come within this
SEND_SECONDS = 5.0  # a connection that takes longer to take a message is closed
PING_SECONDS = 20.0
READY = json.dumps({"relay": "ready"})


@dataclass
class _Table:
    host: ServerConnection
    clients: dict[int, ServerConnection] = field(default_factory=dict)
    next_conn: int = 1


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


async def _refuse(ws: ServerConnection, reason: str) -> None:
    log.info("a connection was refused: %s", REFUSALS[reason])
    with contextlib.suppress(ConnectionClosed):
        await ws.send(refusal(reason))
    await ws.close(REFUSED_CODE, reason)


class Relay:
    """The tables open at this relay, and the handler of its connections."""

    def __init__(
        self,
        *,
        max_tables: int = MAX_TABLES,
        max_clients: int = MAX_CLIENTS,
        rate: float = RATE,
        burst: float = BURST,
        hello_seconds: float = HELLO_SECONDS,
        work_bits: int = WORK_BITS,
    ) -> None:
        self.max_tables = max_tables
        self.max_clients = max_clients
        self.rate = rate
        self.burst = burst
        self.hello_seconds = hello_seconds
        self.work_bits = work_bits
        self.tables: dict[str, _Table] = {}
        # A table's key stays its host's (by the hash of the host's claim) while the relay
        # runs, so that no one else can register it while the host is away.
        self.claims: dict[str, str] = {}

    def counts(self) -> str:
        people = sum(len(t.clients) for t in self.tables.values())
        return f"{len(self.tables)} tables, {people} clients"

    async def handle(self, ws: ServerConnection) -> None:
        try:
            first = await asyncio.wait_for(ws.recv(), self.hello_seconds)
        except (TimeoutError, ConnectionClosed):
            return
        answer = read_hello(first)
        if isinstance(answer, str):
            await _refuse(ws, answer)
            return
        if answer.role == "host":
            await self._host(ws, answer)
        else:
            await self._client(ws, answer.key)

    async def _host(self, ws: ServerConnection, hello: RelayHello) -> None:
        key = hello.key
        if not work_done(key, hello.work, self.work_bits):
            await _refuse(ws, "no_work")
            return
        held = self.claims.get(key)
        if key in self.tables or (held is not None and held != claim_digest(hello.claim)):
            await _refuse(ws, "table_taken")
            return
        if len(self.tables) >= self.max_tables:
            await _refuse(ws, "too_many_tables")
            return
        self.claims[key] = claim_digest(hello.claim)
        table = self.tables[key] = _Table(ws)
        log.info("a table opened (%s)", self.counts())
        limit = RateLimit(self.rate * self.max_clients, self.burst * self.max_clients)
        try:
            if await _send(ws, READY):
                async for frame in ws:
                    if not limit.allow():
                        log.warning("a host sent too many messages: closed")
                        await close_draining(ws, 1008, "too many messages")
                        break
                    await self._from_host(table, frame)
        except ConnectionClosed:
            pass
        finally:
            if self.tables.get(key) is table:
                del self.tables[key]
            clients = list(table.clients.values())
            table.clients.clear()
            await asyncio.gather(*(c.close(1001, "the host left") for c in clients))
            log.info("a table closed, %d clients let go (%s)", len(clients), self.counts())

    async def _from_host(self, table: _Table, frame: str | bytes) -> None:
        if isinstance(frame, bytes):
            if len(frame) <= CONN.size:
                return
            (conn,) = CONN.unpack_from(frame)
            client = table.clients.get(conn)
            if client is not None:
                payload = frame[CONN.size :]
                try:
                    await _send(client, payload.decode("utf-8"))
                except UnicodeDecodeError:
                    await _send(client, payload)
            return
        value = read_frame(frame)
        conn = read_conn(value) if value is not None and value["relay"] == "close" else None
        if conn is not None:
            client = table.clients.pop(conn, None)
            if client is not None:
                await client.close(1000, "closed by the host")

    async def _client(self, ws: ServerConnection, key: str) -> None:
        table = self.tables.get(key)
        if table is None:
            await _refuse(ws, "no_table")
            return
        if len(table.clients) >= self.max_clients:
            await _refuse(ws, "table_full")
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
                data = frame.encode("utf-8") if isinstance(frame, str) else frame
                if len(data) > MAX_MESSAGE_BYTES:
                    log.warning("a client sent %d bytes: closed", len(data))
                    await close_draining(ws, 1009, "message too big")
                    break
                if not limit.allow():
                    log.warning("a client sent too many messages: closed")
                    await close_draining(ws, 1008, "too many messages")
                    break
                if not await _send(table.host, CONN.pack(conn) + data):
                    break
        except ConnectionClosed:
            pass
        finally:
            if table.clients.pop(conn, None) is not None:
                await _send(table.host, control("close", conn))
                log.info("a client left a table (%s)", self.counts())


async def start(
    relay: Relay,
    host: str | None,
    port: int,
    *,
    tls: ssl.SSLContext | None = None,
    ping_seconds: float = PING_SECONDS,
) -> Server:
    """The relay's server, listening (port 0: any free port; see `server.sockets`)."""
    return await serve(
        relay.handle,
        host,
        port,
        ssl=tls,
        max_size=ENVELOPE_MAX,
        ping_interval=ping_seconds,
        ping_timeout=ping_seconds,
        compression=None,
        close_timeout=5,
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kaiser-desktop --relay",
        description="Run a Kaiser Desktop relay: it passes messages between the computers of "
        "a family table that cannot reach each other directly (different houses). It keeps "
        "no game and writes nothing to disk. Players type this computer's address in "
        "Settings, as ws://address:port (or wss:// with a certificate).",
    )
    parser.add_argument("--port", type=int, default=8765, help="port to listen on (8765)")
    parser.add_argument(
        "--host", default=None, help="address to listen on (default: every address)"
    )
    parser.add_argument("--cert", type=Path, help="TLS certificate file (PEM), for wss://")
    parser.add_argument("--key", type=Path, help="the certificate's private key file (PEM)")
    parser.add_argument(
        "--max-tables", type=int, default=MAX_TABLES, help=f"tables at once ({MAX_TABLES})"
    )
    return parser


async def _serve_until_stopped(args: argparse.Namespace, tls: ssl.SSLContext | None) -> None:
    server = await start(Relay(max_tables=args.max_tables), args.host, args.port, tls=tls)
    ports = sorted({s.getsockname()[1] for s in server.sockets})
    scheme = "wss" if tls else "ws"
    log.info("relay listening on port %s (%s://)", ", ".join(map(str, ports)), scheme)
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows
            asyncio.get_running_loop().add_signal_handler(sig, stop.set_result, None)
    try:
        await stop
    finally:
        server.close()
        await server.wait_closed()
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
    try:
        asyncio.run(_serve_until_stopped(args, tls))
    except KeyboardInterrupt:
        pass
    except OSError as error:
        print(f"kaiser-desktop --relay: cannot listen: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
