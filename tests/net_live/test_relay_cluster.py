"""Relay processes sharing tables through NATS (`--nats`): a table whose host and clients sit
on different processes plays a hand, and a process killed mid-hand loses no table (its host
and clients come back through the other process, the claim still keeps strangers out)."""

from __future__ import annotations

import asyncio
import inspect
import secrets
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_helpers import WAIT_MS, hello, join, record_host
from pytestqt.qtbot import QtBot

from kaiser_desktop.family_play.net_links import WebSocketHost, relay_key
from kaiser_desktop.net import relay_wire
from kaiser_desktop.net.protocol import Welcome
from kaiser_desktop.rules import Seat
from kaiser_lab import relay_attacks as attacks
from kaiser_lab import relay_procs

pytestmark = pytest.mark.skipif(
    relay_procs.nats_server_path() is None, reason="nats-server is not installed"
)
BITS = 4  # the relays' proof of work here: cheap, to stay fast
FAST = ("--alive-seconds", "0.2", "--work-bits", str(BITS))
TRICKS = 13  # a hand: thirteen rounds of one frame each way with each client


@pytest.fixture
def nats_url(tmp_path: Path) -> Iterator[str]:
    server, url = relay_procs.start_nats(tmp_path / "js")
    yield url
    relay_procs.stop(server)


@pytest.fixture
def relays(nats_url: str) -> Iterator[list[tuple[subprocess.Popen[str], str]]]:
    made = [relay_procs.start_relay(nats_url, 0, *FAST) for _ in range(2)]
    yield made
    for process, _ in made:
        relay_procs.stop(process)


class Table:
    """A table's raw host link and its clients' links, by the host's connection number."""

    def __init__(self, key: str, claim: str) -> None:
        self.key, self.claim = key, claim
        self.host: Any = None
        self.clients: dict[str, tuple[Any, int]] = {}  # name -> (link, number at the host)

    async def open(self, url: str, source: str = attacks.FAMILY_HOST) -> str:
        self.host, said = await attacks.host(
            attacks.Target(url, BITS), source, self.key, self.claim
        )
        return said

    async def seat(self, name: str, url: str) -> None:
        link, said = await attacks.joiner(attacks.Target(url), attacks.FAMILY, self.key)
        assert said == "ready", (name, said)
        while True:  # the host is told of it (a "close" of an old link may come first)
            value = relay_wire.read_frame(await asyncio.wait_for(self.host.recv(), 5))
            assert value is not None
            if value["relay"] == "open":
                conn = relay_wire.read_conn(value)
                assert conn is not None
                self.clients[name] = (link, conn)
                return

    async def trick(self, n: int) -> None:
        """One frame from the host to each client and one back, each checked unchanged."""
        for name, (link, conn) in self.clients.items():
            down = f"trick {n} for {name}".encode() + b"\xff"
            await self.host.send(relay_wire.CONN.pack(conn) + down)
            assert await asyncio.wait_for(link.recv(), 5) == down
            up = f"{name} plays in trick {n}".encode() + b"\xfe"
            await link.send(up)
            got = await asyncio.wait_for(self.host.recv(), 5)
            while isinstance(got, str):  # a control frame of an old link
                got = await asyncio.wait_for(self.host.recv(), 5)
            assert got == relay_wire.CONN.pack(conn) + up


async def until_ready(table: Table, url: str, seconds: float = 10) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while (said := await table.open(url)) != "ready":
        assert loop.time() < deadline, said
        await asyncio.sleep(0.1)


def test_host_and_clients_on_different_processes_play_a_hand(
    relays: list[tuple[subprocess.Popen[str], str]],
) -> None:
    (_, a), (_, b) = relays

    async def scenario() -> None:
        table = Table(secrets.token_hex(32), relay_wire.new_claim())
        assert await table.open(a) == "ready"
        await table.seat("west", a)
        await table.seat("north", b)
        await table.seat("east", b)
        for n in range(TRICKS):
            await table.trick(n)
        stranger = Table(table.key, relay_wire.new_claim())
        assert await stranger.open(b) == "table_taken"  # held on the other process
        extra = [await attacks.joiner(attacks.Target(b), attacks.FAMILY, table.key)]
        assert extra[0][1] == "ready"  # a fourth link (a rejoin racing its old one)
        fifth = await attacks.joiner(attacks.Target(b), attacks.FAMILY, table.key)
        assert fifth[1] == "table_full"
        await attacks.close_all([table.host])
        link, _ = table.clients["north"]
        await asyncio.wait_for(link.wait_closed(), 5)  # the host left: its clients let go
        assert link.close_code == 1000
        await attacks.close_all([c for c, _ in table.clients.values()] + [extra[0][0]])

    asyncio.run(scenario())


def test_a_relay_process_killed_mid_hand_loses_no_table(
    nats_url: str, relays: list[tuple[subprocess.Popen[str], str]]
) -> None:
    (process_a, a), (_, b) = relays

    async def scenario() -> None:
        table = Table(secrets.token_hex(32), relay_wire.new_claim())
        assert await table.open(a) == "ready"
        await table.seat("west", a)
        await table.seat("north", b)
        await table.seat("east", b)
        for n in range(5):
            await table.trick(n)
        relay_procs.stop(process_a, kill=True)  # mid-hand, without a word
        old = [link for link, _ in table.clients.values()] + [table.host]
        await until_ready(table, b)  # the host's link comes back, through the other process
        stranger = Table(table.key, relay_wire.new_claim())
        assert await stranger.open(b) == "table_taken"  # the claim outlived the process
        for link in old[1:3]:  # the clients on b: let go once a is heard no more
            await asyncio.wait_for(link.wait_closed(), 5)
        table.clients.clear()
        await table.seat("north", b)
        await table.seat("east", b)
        process_c, c = relay_procs.start_relay(nats_url, 0, *FAST)  # a restarted process
        try:
            await table.seat("west", c)  # the host on b, this client on the new one
            for n in range(5, TRICKS):
                await table.trick(n)
        finally:
            await attacks.close_all([*old, table.host] + [x for x, _ in table.clients.values()])
            relay_procs.stop(process_c)

    asyncio.run(scenario())


def test_the_apps_links_play_across_two_processes(
    qtbot: QtBot, links: list[Any], relays: list[tuple[subprocess.Popen[str], str]]
) -> None:
    (_, a), (_, b) = relays
    code = "maple-river-lantern-otter-427"
    # The sealed links (protocol v2's seal) take the table's code; the links before, not.
    sealed = {"code": code} if "code" in inspect.signature(WebSocketHost).parameters else {}
    host = WebSocketHost(
        relay=a, table_key=relay_key(code), direct=False, retry_first=0.05, **sealed
    )
    links.append(host)
    host_rec = record_host(host)
    with qtbot.waitSignal(host.relay_state, timeout=WAIT_MS, check_params_cb=lambda ok, _: ok):
        host.start()
    client, client_rec, conn = join(qtbot, links, host, host_rec, relay=b, table_key=code)
    client.send(hello("Pat"))
    qtbot.waitUntil(lambda: host_rec.of("received") == [(conn, hello("Pat"))], timeout=WAIT_MS)
    welcome = Welcome(Seat.from_text("N"), "t" * 20)
    host.send(conn, welcome)
    qtbot.waitUntil(lambda: client_rec.of("received") == [(welcome,)], timeout=WAIT_MS)
    client.close()
    qtbot.waitUntil(lambda: host_rec.of("closed") == [(conn,)], timeout=WAIT_MS)


def test_the_same_host_on_another_process_takes_its_table_over(
    relays: list[tuple[subprocess.Popen[str], str]],
) -> None:
    (_, a), (_, b) = relays

    async def scenario() -> None:
        table = Table(secrets.token_hex(32), relay_wire.new_claim())
        assert await table.open(a) == "ready"
        old = table.host
        await table.seat("north", b)
        assert await Table(table.key, relay_wire.new_claim()).open(b) == "table_taken"
        assert await table.open(b) == "ready"  # its old link on a still looks alive
        await asyncio.wait_for(old.wait_closed(), 5)
        link, _ = table.clients.pop("north")
        await asyncio.wait_for(link.wait_closed(), 5)
        await table.seat("north", a)  # the client on a, the host now on b
        await table.seat("east", b)
        for n in range(3):
            await table.trick(n)
        await attacks.close_all([table.host] + [x for x, _ in table.clients.values()])

    asyncio.run(scenario())


def test_a_client_joining_at_once_on_another_process_finds_the_table(
    relays: list[tuple[subprocess.Popen[str], str]],
) -> None:
    """The process holding a table has told NATS before its host hears "ready": a client
    the host lets in at that very moment, on another process, never hears "no_table"."""
    (_, a), (_, b) = relays

    async def scenario() -> list[str]:
        async def one(n: int) -> str:
            key = secrets.token_hex(32)
            host, said = await attacks.host(attacks.Target(a, BITS), f"127.0.2.{n + 1}", key)
            assert said == "ready"
            link, said = await attacks.joiner(attacks.Target(b), f"127.0.3.{n + 1}", key)
            await attacks.close_all([host, link])
            return said

        return await asyncio.gather(*(one(n) for n in range(30)))

    assert set(asyncio.run(scenario())) == {"ready"}
