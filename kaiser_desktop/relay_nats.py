"""Several relay processes sharing their tables through NATS (`--nats URL`).

Each process stays stateless: a table lives with its host's connection, on the process that
connection reached; a client that reaches another process is paired with it through NATS.
A process has a random node name; its subjects (KEY is the table key, 64 hex digits):

- `kr.t.KEY.q`        request: "is this table's host connected?" (answered by its process)
- `kr.t.KEY.join`     request "NODE CID" from a client's process -> "ok CONN NODE" or
                      "no REASON" (a relay refusal: no_table, table_full)
- `kr.t.KEY.up.CONN`  a client's frame for the host, unchanged
- `kr.t.KEY.bye.CONN` that client left
- `kr.c.NODE.CID`     a host's frame for a client on NODE, unchanged; empty: close it
- `kr.alive`          every process's name, every `alive_seconds`; a process not heard for
                      three of them is gone: the clients of its tables elsewhere are let go
                      (their apps join again and find the table where its host came back)
                      and its clients leave the tables held here.

The claims live in a JetStream key-value bucket (`kaiser_relay_claims`, key: the table key,
value: the hash of the host's claim) whose entries expire `claim_seconds` after their last
write: written when a table opens, every hour while it is open, and when it closes. So a
process that restarts mid-hand loses no table: its host reconnects to any process, which
finds the table free (no one answers `q`) and the claim its own, and its clients join again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import Mapping
from typing import Any, Protocol

import nats
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from nats.js.errors import KeyNotFoundError
from nats.js.kv import KeyValue

from kaiser_desktop.net.relay_wire import Remote


class Relay(Protocol):
    """What the cluster asks of the relay process it serves (kaiser_desktop.relay.Relay)."""

    @property
    def claims(self) -> Mapping[str, tuple[str, float | None]]: ...
    @property
    def tables(self) -> Mapping[str, object]: ...
    @property
    def claim_seconds(self) -> float: ...
    @property
    def lines(self) -> Any: ...
    def remote_join(self, key: str, remote: Remote) -> int | str: ...
    async def remote_frame(self, key: str, conn: int, data: bytes) -> None: ...
    async def remote_left(self, key: str, conn: int) -> None: ...
    async def replace(self, key: str) -> None: ...
    async def to_remote_client(self, cid: int, data: bytes) -> None: ...
    async def node_gone(self, node: str) -> None: ...


log = logging.getLogger("kaiser_desktop.relay")

BUCKET = "kaiser_relay_claims"
_NODE = re.compile(r"[0-9a-f]{12}")  # a process's name (secrets.token_hex(6))
ASK_SECONDS = 2.0  # a request to another process
ALIVE_SECONDS = 1.0
CONNECT_SECONDS = 5.0  # for the first connection to NATS


class Cluster:
    """One relay process's part in the cluster."""

    def __init__(self, nc: Client, kv: KeyValue, relay: Relay, alive_seconds: float) -> None:
        self.nc = nc
        self.kv = kv
        self.relay = relay
        self.node = secrets.token_hex(6)
        self.alive_seconds = alive_seconds
        self.seen: dict[str, float] = {}
        self._held: dict[str, Any] = {}  # table key -> its subscription
        self._listening: dict[int, Any] = {}  # client number -> its subscription
        self._tasks: list[asyncio.Task[None]] = []

    @classmethod
    async def connect(
        cls, url: str, relay: Relay, *, alive_seconds: float = ALIVE_SECONDS
    ) -> Cluster:
        async def said(error: Exception) -> None:  # the client's errors: one line a minute
            relay.lines.note(f"NATS: {type(error).__name__}")

        try:
            nc = await asyncio.wait_for(
                nats.connect(
                    url,
                    name="kaiser-relay",
                    max_reconnect_attempts=-1,  # once connected, always try again
                    reconnect_time_wait=0.5,
                    error_cb=said,
                ),
                CONNECT_SECONDS,
            )
        except TimeoutError:
            raise OSError(f"no NATS server answered within {CONNECT_SECONDS:.0f} s") from None
        js = nc.jetstream()
        try:
            kv = await js.key_value(BUCKET)
        except Exception:  # not made yet: the first process makes it
            kv = await js.create_key_value(bucket=BUCKET, ttl=relay.claim_seconds, history=1)
        cluster = cls(nc, kv, relay, alive_seconds)
        await nc.subscribe("kr.alive", cb=cluster._alive)
        loop = asyncio.get_running_loop()
        cluster._tasks = [loop.create_task(cluster._beat()), loop.create_task(cluster._refresh())]
        log.info("relay process %s joined the cluster at %s", cluster.node, url)
        return cluster

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await self.nc.drain()

    # -- liveness -----------------------------------------------------------------------

    async def _alive(self, msg: Msg) -> None:
        node = msg.data.decode("ascii", "replace")
        if node != self.node:
            self.seen[node] = asyncio.get_running_loop().time()

    async def _beat(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            with contextlib.suppress(Exception):
                await self.nc.publish("kr.alive", self.node.encode())
            await asyncio.sleep(self.alive_seconds)
            now = loop.time()
            for node, last in list(self.seen.items()):
                if now - last > 3 * self.alive_seconds:
                    del self.seen[node]
                    log.info("relay process %s went away", node)
                    await self.relay.node_gone(node)

    async def _refresh(self) -> None:
        while True:
            await asyncio.sleep(min(3600.0, self.relay.claim_seconds / 4))
            for key in list(self._held):
                held = self.relay.claims.get(key)
                if held is not None:
                    with contextlib.suppress(Exception):
                        await self.kv.put(key, held[0].encode())

    # -- a table's host, here -----------------------------------------------------------

    async def register(self, key: str, digest: str) -> str | None:
        """Whether a host may register `key` here: None, or the reason it may not."""
        try:
            reply = await self.nc.request(f"kr.t.{key}.q", digest.encode(), timeout=2 + ASK_SECONDS)
            if reply.data != b"released":
                return "table_taken"  # its host is connected to another process
        except NoRespondersError:
            pass
        except NatsTimeout:
            return "table_taken"  # a process holds it and is slow: better refuse than split
        try:
            entry = await self.kv.get(key)
        except KeyNotFoundError:
            entry = None
        if entry is not None and entry.value is not None and entry.value.decode() != digest:
            return "table_taken"
        await self.kv.put(key, digest.encode())
        return None

    async def hold(self, key: str) -> None:
        relay = self.relay

        async def on(msg: Msg) -> None:
            parts = msg.subject.split(".")
            kind = parts[3] if len(parts) > 3 else ""
            if kind == "q":  # another process asks; the same claim takes the table over
                if self.relay.claims.get(key, ("", None))[0].encode() == msg.data:
                    # in a task of its own: ending the table ends this subscription
                    asyncio.get_running_loop().create_task(self._give_up(relay, key, msg))
                else:
                    await msg.respond(b"held")
            elif kind == "join":
                await self._join_here(relay, key, msg)
            elif kind == "up" and len(parts) == 5 and parts[4].isdigit():
                await relay.remote_frame(key, int(parts[4]), msg.data)
            elif kind == "bye" and len(parts) == 5 and parts[4].isdigit():
                await relay.remote_left(key, int(parts[4]))

        self._held[key] = await self.nc.subscribe(f"kr.t.{key}.>", cb=on)
        # The server has the subscription before the host hears "ready" (else a client that
        # the host's app lets in at once could reach another process first: "no_table").
        await self.nc.flush(timeout=5)

    async def _give_up(self, relay: Relay, key: str, msg: Msg) -> None:
        await relay.replace(key)
        await msg.respond(b"held" if key in relay.tables else b"released")

    async def _join_here(self, relay: Relay, key: str, msg: Msg) -> None:
        try:
            node, cid = msg.data.decode("ascii").split()
            remote = Remote(node, int(cid))
        except ValueError:
            return
        if not _NODE.fullmatch(node):
            return
        self.seen.setdefault(node, asyncio.get_running_loop().time())
        answer = relay.remote_join(key, remote)
        reply = f"no {answer}" if isinstance(answer, str) else f"ok {answer} {self.node}"
        await msg.respond(reply.encode())

    async def release(self, key: str, clients: list[Remote]) -> None:
        sub = self._held.pop(key, None)
        if sub is not None:
            with contextlib.suppress(Exception):
                await sub.unsubscribe()
        with contextlib.suppress(Exception):
            held = self.relay.claims.get(key)
            if held is not None:
                await self.kv.put(key, held[0].encode())  # expires claim_seconds from now
        for client in clients:
            await self.close_client(client)

    async def to_client(self, client: Remote, data: bytes) -> None:
        await self.nc.publish(f"kr.c.{client.node}.{client.cid}", data)

    async def close_client(self, client: Remote) -> None:
        await self.nc.publish(f"kr.c.{client.node}.{client.cid}", b"")

    # -- a client here, its table's host elsewhere --------------------------------------

    async def join(self, key: str, cid: int) -> tuple[int, str] | str:
        """Ask the process holding `key` to seat client `cid`: (its number, that process), or
        the reason it may not."""
        try:
            reply = await self.nc.request(
                f"kr.t.{key}.join", f"{self.node} {cid}".encode(), timeout=ASK_SECONDS
            )
        except (NoRespondersError, NatsTimeout):
            return "no_table"
        words = reply.data.decode("ascii", "replace").split()
        if (
            len(words) == 3
            and words[0] == "ok"
            and words[1].isdigit()
            and _NODE.fullmatch(words[2])
        ):
            self.seen.setdefault(words[2], asyncio.get_running_loop().time())
            return int(words[1]), words[2]
        if len(words) == 2 and words[0] == "no" and words[1] in ("no_table", "table_full"):
            return words[1]
        return "no_table"

    async def listen(self, relay: Relay, cid: int) -> None:
        async def on(msg: Msg) -> None:
            if not msg.data:
                self.unlisten(cid)
            await relay.to_remote_client(cid, msg.data)

        self._listening[cid] = await self.nc.subscribe(f"kr.c.{self.node}.{cid}", cb=on)

    def unlisten(self, cid: int) -> None:
        sub = self._listening.pop(cid, None)
        if sub is not None:
            asyncio.get_running_loop().create_task(sub.unsubscribe())

    async def to_host(self, key: str, conn: int, data: bytes) -> None:
        await self.nc.publish(f"kr.t.{key}.up.{conn}", data)

    async def left(self, key: str, conn: int, cid: int, node: str) -> None:
        self.unlisten(cid)
        with contextlib.suppress(Exception):
            await self.nc.publish(f"kr.t.{key}.bye.{conn}", b"")
