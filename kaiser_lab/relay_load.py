"""Load on a relay cluster on loopback: NATS, two relay processes, N tables of four links.

    python -m kaiser_lab.relay_load --tables 2000 --seconds 30

Each table has its host on one relay process and its three clients spread over both (so
most frames cross NATS); every table sends 2 messages a second (a client's frame to the
host and the host's answer, in turn). It prints the p50/p95/p99 latency of a frame from
sender to receiver, and the CPU and memory of NATS and of the relays, per 1,000 tables.
Everything (the load generator too) runs on this machine: on a small one the generator
competes with the relays for the same cores, which this prints as well. Nothing leaves
loopback; the run ends by itself after --seconds. The relays are run with lower limits
turned off (every link comes from 127.x addresses: one address per table).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

from kaiser_desktop.net import relay_wire
from kaiser_lab import relay_attacks as peers
from kaiser_lab import relay_procs

STAMP = struct.Struct(">d")  # a frame carries the time it was sent


def source(n: int) -> str:
    """A loopback address of its own for table n (the relays' per-address limits hold)."""
    return f"127.1.{n // 250}.{n % 250 + 1}"


class LoadTable:
    def __init__(self, n: int, urls: list[str], bits: int) -> None:
        self.n = n
        self.urls = urls
        self.bits = bits
        self.key = secrets.token_hex(32)
        self.host: Any = None
        self.clients: list[tuple[Any, int]] = []

    async def open(self) -> None:
        target = peers.Target(self.urls[self.n % 2], self.bits)
        self.host, said = await peers.host(target, source(self.n), self.key)
        if said != "ready":
            raise RuntimeError(f"table {self.n}: {said}")
        for i in range(3):
            url = self.urls[(self.n + i + 1) % 2]
            link, said = await peers.joiner(peers.Target(url), source(self.n), self.key)
            if said != "ready":
                raise RuntimeError(f"table {self.n} client {i}: {said}")
            opened = relay_wire.read_frame(await asyncio.wait_for(self.host.recv(), 10))
            conn = relay_wire.read_conn(opened) if opened else None
            assert conn is not None
            self.clients.append((link, conn))

    async def play(self, until: float, delays: list[float]) -> None:
        """2 messages a second: a client's frame up, then the host's answer down."""
        turn = 0
        loop = asyncio.get_running_loop()
        await asyncio.sleep(secrets.randbelow(1000) / 1000)  # spread the tables' beats
        while loop.time() < until:
            link, conn = self.clients[turn % 3]
            turn += 1
            await link.send(STAMP.pack(time.time()) + b"x" * 120)
            frame = await asyncio.wait_for(self.host.recv(), 10)
            while isinstance(frame, str):
                frame = await asyncio.wait_for(self.host.recv(), 10)
            delays.append(time.time() - STAMP.unpack_from(frame, relay_wire.CONN.size)[0])
            await asyncio.sleep(0.5)
            await self.host.send(relay_wire.CONN.pack(conn) + STAMP.pack(time.time()) + b"y" * 200)
            frame = await asyncio.wait_for(link.recv(), 10)
            delays.append(time.time() - STAMP.unpack_from(frame)[0])
            await asyncio.sleep(0.5)

    async def close(self) -> None:
        await peers.close_all([self.host, *(link for link, _ in self.clients)])


def usage(processes: list[psutil.Process]) -> tuple[float, float]:
    """CPU seconds used so far and resident memory (MB) of these processes."""
    cpu = sum(sum(p.cpu_times()[:2]) for p in processes)
    rss = sum(p.memory_info().rss for p in processes) / 1e6
    return cpu, rss


async def load(urls: list[str], tables: int, seconds: float, bits: int, watched: Any) -> None:
    made = [LoadTable(n, urls, bits) for n in range(tables)]
    relays, nats = watched
    base = usage(relays)[1], usage(nats)[1]  # memory with no table
    start = time.monotonic()
    for batch in range(0, tables, 50):
        await asyncio.gather(*(t.open() for t in made[batch : batch + 50]))
    print(f"{tables} tables of 4 links opened in {time.monotonic() - start:.1f} s", flush=True)
    cpu0 = usage(relays)[0], usage(nats)[0], time.process_time()
    delays: list[float] = []
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds
    wall = time.monotonic()
    await asyncio.gather(*(t.play(until, delays) for t in made))
    wall = time.monotonic() - wall
    relay_cpu, relay_rss = usage(relays)
    nats_cpu, nats_rss = usage(nats)
    own_cpu = time.process_time() - cpu0[2]
    ms = sorted(d * 1000 for d in delays)
    per = 1000 / tables
    print(
        f"{len(ms)} frames in {wall:.0f} s ({len(ms) / wall:.0f} a second; the tables asked "
        f"{2 * tables} a second: fewer means the machine could not keep up)"
    )
    print(
        f"latency: p50 {statistics.median(ms):.1f} ms, p95 {ms[int(len(ms) * 0.95)]:.1f} ms, "
        f"p99 {ms[int(len(ms) * 0.99)]:.1f} ms, max {ms[-1]:.1f} ms"
    )
    print(
        f"relays (2 processes): {(relay_cpu - cpu0[0]) / wall * 100:.0f}% of a core, "
        f"{relay_rss:.0f} MB ({base[0]:.0f} MB with no table); per 1,000 tables: "
        f"{(relay_cpu - cpu0[0]) / wall * 100 * per:.0f}% of a core, "
        f"{(relay_rss - base[0]) * per:.0f} MB"
    )
    print(
        f"NATS: {(nats_cpu - cpu0[1]) / wall * 100:.0f}% of a core, {nats_rss:.0f} MB "
        f"({base[1]:.0f} MB with no table); per 1,000 tables: "
        f"{(nats_cpu - cpu0[1]) / wall * 100 * per:.0f}% of a core, "
        f"{(nats_rss - base[1]) * per:.0f} MB"
    )
    cost = (relay_cpu - cpu0[0]) / len(ms) * 1000
    print(
        f"relay CPU per frame: {cost:.2f} ms, so {2 * tables} frames a second need "
        f"{cost * 2 * tables / 10:.0f}% of a core given to the relays"
    )
    print(f"the load generator itself: {own_cpu / wall * 100:.0f}% of a core (same machine)")
    print(f"cores on this machine: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")
    for t in made:
        await t.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--work-bits", type=int, default=8, help="the relays' proof of work")
    args = parser.parse_args(argv)
    limits = ["--max-tables", str(args.tables + 10), "--alive-seconds", "1"]
    limits += ["--max-connections", str(args.tables * 8 + 100)]
    with tempfile.TemporaryDirectory() as store:
        nats, url = relay_procs.start_nats(Path(store))
        relays = []
        try:
            for _ in range(2):
                extra = [*limits, "--work-bits", str(args.work_bits)]
                relays.append(relay_procs.start_relay(url, 0, *extra))
            watched = ([psutil.Process(p.pid) for p, _ in relays], [psutil.Process(nats.pid)])
            asyncio.run(
                load([u for _, u in relays], args.tables, args.seconds, args.work_bits, watched)
            )
        finally:
            for process, _ in relays:
                relay_procs.stop(process)
            relay_procs.stop(nats)
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
