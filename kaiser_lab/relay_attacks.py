"""Hostile peers against a real relay on loopback: each attack prints held or failed.

    python -m kaiser_lab.relay_attacks            # starts `python -m kaiser_desktop.relay`
    python -m kaiser_lab.relay_attacks --url ws://127.0.0.1:8765   # a relay already running

The attacker sits at 127.0.0.1; the family it must not keep out at 127.0.0.2 (the host)
and 127.0.0.3 (its three joining apps): Linux answers every 127.x address on loopback.
Nothing leaves the machine. The tests (tests/net_live/test_relay_limits.py) run the same
attacks against a relay in their own process, with small limits, to stay fast.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import secrets
import socket
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from kaiser_desktop.net import relay_wire
from kaiser_lab import relay_procs

ATTACKER = "127.0.0.1"
FAMILY_HOST = "127.0.0.2"
FAMILY = "127.0.0.3"


@dataclass(frozen=True)
class Target:
    """Where the relay listens, and the proof of work it asks (bits)."""

    url: str
    work_bits: int = relay_wire.WORK_BITS

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])


async def open_ws(target: Target, source: str) -> ClientConnection | None:
    """A WebSocket from `source` to the relay, or None if it was cut or refused."""
    try:
        return await connect(
            target.url,
            local_addr=(source, 0),
            open_timeout=2,
            close_timeout=1,
            compression=None,
            max_size=relay_wire.ENVELOPE_MAX,
            proxy=None,
        )
    except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed):
        return None


async def answer(ws: ClientConnection, seconds: float = 2.0) -> str:
    """The relay's answer to a hello: "ready", a refusal's reason, or "closed"."""
    try:
        value = relay_wire.read_frame(await asyncio.wait_for(ws.recv(), seconds))
    except (ConnectionClosed, TimeoutError):
        return "closed"
    if value is None:
        return "not a relay answer"
    return "ready" if value["relay"] == "ready" else str(value.get("reason"))


async def host(
    target: Target, source: str, key: str | None = None, claim: str | None = None
) -> tuple[ClientConnection | None, str]:
    """A table's host registering `key` (a random one if None): its link and the answer."""
    key = key or secrets.token_hex(32)
    work = await asyncio.get_running_loop().run_in_executor(
        None, relay_wire.do_work, key, target.work_bits
    )
    ws = await open_ws(target, source)
    if ws is None:
        return None, "cut"
    await ws.send(relay_wire.host_hello(key, claim or relay_wire.new_claim(), work))
    return ws, await answer(ws)


async def joiner(target: Target, source: str, key: str) -> tuple[ClientConnection | None, str]:
    ws = await open_ws(target, source)
    if ws is None:
        return None, "cut"
    await ws.send(relay_wire.join_hello(key))
    return ws, await answer(ws)


async def silent_tcp(target: Target, source: str, count: int) -> list[socket.socket]:
    """`count` TCP connections that never say a word."""
    made = []
    for _ in range(count):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.bind((source, 0))
        with contextlib.suppress(BlockingIOError):
            sock.connect((target.url.split("//")[1].rsplit(":", 1)[0], target.port))
        made.append(sock)
    await asyncio.sleep(0.2)
    return made


def still_open(socks: list[socket.socket]) -> int:
    """How many of these sockets the relay has not closed (a read gives b"" or an error)."""
    alive = 0
    for sock in socks:
        try:
            data = sock.recv(1, socket.MSG_PEEK)
        except BlockingIOError:
            alive += 1
            continue
        except OSError:
            continue
        alive += 1 if data else 0
    return alive


async def close_all(links: list[Any]) -> None:
    for link in links:
        if isinstance(link, socket.socket):
            link.close()
        elif link is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(link.close(), 1)


# -- the attacks: each returns (held, what was seen) --------------------------------------


async def squat_tables(target: Target, tables: int = 12, most: int = 4) -> tuple[bool, str]:
    """Register many tables with random keys from one address."""
    links, answers = [], []
    for _ in range(tables):
        ws, said = await host(target, ATTACKER)
        links.append(ws)
        answers.append(said)
    await close_all(links)
    ready = answers.count("ready")
    return ready <= most, f"{ready} of {tables} registrations held ({set(answers)})"


async def many_connections(target: Target, count: int = 60, most: int = 16) -> tuple[bool, str]:
    """Open many WebSockets from one address and keep them (each sends a join hello)."""
    links = [await open_ws(target, ATTACKER) for _ in range(count)]
    opened = [ws for ws in links if ws is not None]
    await asyncio.sleep(0.1)
    alive = sum(1 for ws in opened if ws.state.name == "OPEN")
    await close_all(opened)
    return alive <= most, f"{alive} of {count} connections from one address stayed open"


async def silent_sockets(
    target: Target, count: int = 40, within: float = 3.5, most: int = 4
) -> tuple[bool, str]:
    """Open TCP connections that never send anything: cut at once past a few, and all cut
    within `within` seconds."""
    socks = await silent_tcp(target, ATTACKER, count)
    first = still_open(socks)
    start = time.monotonic()
    while still_open(socks) and time.monotonic() - start < within + 2:
        await asyncio.sleep(0.1)
    took = time.monotonic() - start
    left = still_open(socks)
    await close_all(list(socks))
    held = first <= most and left == 0 and took <= within
    return held, f"{first} of {count} held at first, all cut after {took:.1f} s ({left} left)"


async def guess_codes(target: Target, tries: int = 200, most: int = 20) -> tuple[bool, str]:
    """Join random table keys as fast as one address can: how many got an answer."""
    start = time.monotonic()
    told = 0
    for _ in range(tries):
        ws, said = await joiner(target, ATTACKER, secrets.token_hex(32))
        told += said == "no_table"
        await close_all([ws])
    took = time.monotonic() - start
    rate = told / took
    return told <= most, f"{told} of {tries} guesses answered in {took:.1f} s ({rate:.0f}/s)"


async def family_through_a_flood(target: Target, silent: int = 40) -> tuple[bool, str]:
    """While one address squats tables and holds silent sockets, a family from other
    addresses opens its table and passes messages both ways."""
    flood: list[Any] = list(await silent_tcp(target, ATTACKER, silent))
    for _ in range(8):
        ws, _said = await host(target, ATTACKER)
        flood.append(ws)
    flood += [await open_ws(target, ATTACKER) for _ in range(20)]
    key = secrets.token_hex(32)
    family: list[Any] = []
    try:
        table, said = await host(target, FAMILY_HOST, key)
        family.append(table)
        if table is None or said != "ready":
            return False, f"the family's host was refused ({said})"
        for n in range(3):
            ws, said = await joiner(target, FAMILY, key)
            family.append(ws)
            if ws is None or said != "ready":
                return False, f"joining app {n + 1} was refused ({said})"
            opened = relay_wire.read_frame(await asyncio.wait_for(table.recv(), 2))
            conn = relay_wire.read_conn(opened) if opened else None
            if conn is None:
                return False, "the host was not told of its client"
            await ws.send(b"\x01sealed")
            got = await asyncio.wait_for(table.recv(), 2)
            if got != relay_wire.CONN.pack(conn) + b"\x01sealed":
                return False, "a client's frame did not reach the host unchanged"
            await table.send(relay_wire.CONN.pack(conn) + b"\x02sealed")
            if await asyncio.wait_for(ws.recv(), 2) != b"\x02sealed":
                return False, "the host's frame did not reach its client unchanged"
        return True, f"a family of four played through {len(flood)} hostile connections"
    finally:
        await close_all(family + flood)


ATTACKS: dict[str, Callable[[Target], Awaitable[tuple[bool, str]]]] = {
    "squat tables": squat_tables,
    "many connections from one address": many_connections,
    "silent sockets": silent_sockets,
    "code guesses": guess_codes,
    "a family through a flood": family_through_a_flood,
}


async def run(target: Target, only: list[str]) -> int:
    failed = 0
    for name, attack in ATTACKS.items():
        if only and name not in only:
            continue
        try:
            held, seen = await attack(target)
        except Exception as error:  # an attack that breaks the relay counts as failed
            held, seen = False, f"{type(error).__name__}: {error}"
        failed += not held
        print(f"{'held  ' if held else 'FAILED'}  {name}: {seen}", flush=True)
        await asyncio.sleep(1.2)  # the join budget refills between attacks
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="a relay already running on loopback (default: start one)")
    parser.add_argument("--only", action="append", default=[], help="run only this attack")
    args = parser.parse_args(argv)
    relay = None
    url = args.url
    if url is None:
        relay, url = relay_procs.start_relay()
    try:
        failed = asyncio.run(run(Target(url), args.only))
    finally:
        if relay is not None:
            relay_procs.stop(relay)
            time.sleep(0.2)
            lines = len(relay.said)  # type: ignore[attr-defined]
            print(f"{'held  ' if lines <= 40 else 'FAILED'}  the relay's log: {lines} lines")
            failed += lines > 40
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
