"""The relay's limits against hostile peers on loopback (the attacker at 127.0.0.1, a family
at 127.0.0.2 and 127.0.0.3): squatted tables, floods of connections, silent sockets, code
guesses, a bounded memory of claims, a bounded log; and frames passed as binary, unchanged.

Each runs a relay in the test's own event loop (small proofs of work, to stay fast) and the
same attacks as `python -m kaiser_lab.relay_attacks`."""

from __future__ import annotations

import asyncio
import inspect
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from live_helpers import WAIT_MS, RelayRunner
from pytestqt.qtbot import QtBot

from kaiser_desktop import relay as relay_module
from kaiser_desktop.family_play.net_links import WebSocketHost, relay_key
from kaiser_desktop.net import relay_wire
from kaiser_lab import relay_attacks as attacks

BITS = 4


def run(
    scenario: Callable[[attacks.Target, relay_module.Relay], Awaitable[Any]], **limits: Any
) -> Any:
    async def main() -> Any:
        relay = relay_module.Relay(work_bits=BITS, **limits)
        server = await relay_module.start(relay, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            return await scenario(attacks.Target(f"ws://127.0.0.1:{port}", BITS), relay)
        finally:
            server.close()
            await server.wait_closed()

    return asyncio.run(main())


def test_one_address_cannot_squat_the_tables() -> None:
    held, seen = run(lambda t, _: attacks.squat_tables(t, tables=8, most=4))
    assert held, seen


def test_one_address_holds_a_bounded_number_of_connections() -> None:
    async def scenario(target: attacks.Target, relay: relay_module.Relay) -> None:
        held, seen = await attacks.many_connections(target, count=30, most=16)
        assert held, seen
        assert relay.connections <= 16

    run(scenario, pending_per_address=100, pending_total=100)


def test_silent_sockets_are_few_and_cut_within_the_hello_time() -> None:
    held, seen = run(
        lambda t, _: attacks.silent_sockets(t, count=20, within=1.2, most=4), hello_seconds=0.6
    )
    assert held, seen


def test_a_silent_websocket_is_cut_within_the_hello_time() -> None:
    async def scenario(target: attacks.Target, _: relay_module.Relay) -> float:
        ws = await attacks.open_ws(target, attacks.ATTACKER)
        assert ws is not None
        loop = asyncio.get_running_loop()
        start = loop.time()
        await asyncio.wait_for(ws.wait_closed(), 5)
        return loop.time() - start

    assert run(scenario, hello_seconds=0.5) < 0.9
    assert relay_module.HELLO_SECONDS <= 3


def test_code_guesses_from_one_address_are_slowed() -> None:
    async def scenario(target: attacks.Target, relay: relay_module.Relay) -> None:
        held, seen = await attacks.guess_codes(target, tries=40, most=12)
        assert held, seen

    run(scenario, join_rate=2, join_burst=8)


def test_a_flood_from_one_address_still_lets_a_family_from_another_play() -> None:
    held, seen = run(
        lambda t, _: attacks.family_through_a_flood(t, silent=30),
        max_tables=6,
        max_connections=40,
        pending_total=12,
    )
    assert held, seen


def test_a_table_closed_long_ago_lets_its_key_go_and_claims_are_bounded() -> None:
    now = [0.0]

    async def scenario(target: attacks.Target, relay: relay_module.Relay) -> None:
        key = secrets.token_hex(32)
        ws, said = await attacks.host(target, attacks.FAMILY_HOST, key)
        assert said == "ready" and ws is not None
        await ws.close()
        await asyncio.sleep(0.1)
        other, said = await attacks.host(target, attacks.FAMILY, key)  # another claim
        assert said == "table_taken"
        now[0] += relay.claim_seconds + 1
        other, said = await attacks.host(target, attacks.FAMILY, key)
        assert said == "ready"  # forgotten some hours after the table closed
        assert other is not None
        await other.close()
        for n in range(12):
            ws, said = await attacks.host(target, f"127.0.1.{n + 1}")
            assert said == "ready" and ws is not None
            await ws.close()
        await asyncio.sleep(0.1)
        assert len(relay.claims) <= relay.max_claims

    run(scenario, clock=lambda: now[0], max_claims=5, max_tables=3)


def test_refusals_write_a_bounded_log(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario(target: attacks.Target, _: relay_module.Relay) -> None:
        for _ in range(30):
            ws, said = await attacks.joiner(target, attacks.ATTACKER, secrets.token_hex(32))
            assert said == "no_table"
            await attacks.close_all([ws])

    with caplog.at_level(logging.INFO, logger="kaiser_desktop.relay"):
        run(scenario, join_burst=100)
    refused = [r for r in caplog.records if "refused" in r.getMessage()]
    assert 1 <= len(refused) <= 2, [r.getMessage() for r in refused]
    assert all("Traceback" not in r.getMessage() for r in caplog.records)


def test_log_limit_writes_a_summary_a_minute() -> None:
    now = [0.0]
    lines = relay_module.LogLimit(60, clock=lambda: now[0])
    seen: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: seen.append(record.getMessage())  # type: ignore[method-assign]
    logger = logging.getLogger("kaiser_desktop.relay")
    logger.addHandler(handler)
    old = logger.level
    logger.setLevel(logging.INFO)
    try:
        for _ in range(1000):
            lines.note("a connection was refused: x")
        now[0] = 61
        lines.flush()
        lines.flush()
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)
    assert seen == [
        "a connection was refused: x",
        "a connection was refused: x: 999 times in the last minute",
    ]


def test_frames_pass_as_binary_unchanged_both_ways() -> None:
    async def scenario(target: attacks.Target, _: relay_module.Relay) -> None:
        key = secrets.token_hex(32)
        host, said = await attacks.host(target, attacks.FAMILY_HOST, key)
        assert host is not None and said == "ready"
        client, said = await attacks.joiner(target, attacks.FAMILY, key)
        assert client is not None and said == "ready"
        opened = relay_wire.read_frame(await host.recv())
        assert opened is not None
        conn = relay_wire.read_conn(opened)
        assert conn is not None
        text_like = b'{"v": 2, "type": "hello"}'  # valid UTF-8: still binary, unchanged
        sealed = bytes(range(256))
        for payload in (text_like, sealed):
            await host.send(relay_wire.CONN.pack(conn) + payload)
            got = await client.recv()
            assert isinstance(got, bytes) and got == payload
            await client.send(payload)
            assert await host.recv() == relay_wire.CONN.pack(conn) + payload
        await attacks.close_all([host, client])

    run(scenario)


def test_the_same_host_on_a_new_link_takes_its_table_over_and_a_stranger_cannot() -> None:
    async def scenario(target: attacks.Target, relay: relay_module.Relay) -> None:
        key, claim = secrets.token_hex(32), relay_wire.new_claim()
        old, said = await attacks.host(target, attacks.FAMILY_HOST, key, claim)
        assert old is not None and said == "ready"
        client, said = await attacks.joiner(target, attacks.FAMILY, key)
        assert client is not None and said == "ready"
        stranger, said = await attacks.host(target, attacks.ATTACKER, key)
        assert said == "table_taken"
        new, said = await attacks.host(target, attacks.FAMILY, key, claim)  # a new network
        assert new is not None and said == "ready"
        await asyncio.wait_for(old.wait_closed(), 2)
        await asyncio.wait_for(client.wait_closed(), 2)  # joins again, on the new link
        again, said = await attacks.joiner(target, attacks.FAMILY, key)
        assert again is not None and said == "ready"
        assert relay_wire.read_frame(await new.recv()) == {"relay": "open", "conn": 1}
        await attacks.close_all([new, again, stranger])

    run(scenario)


def test_the_host_link_says_its_hello_within_a_short_deadline(
    qtbot: QtBot, links: list[Any]
) -> None:
    """The app's host link finds its proof of work before connecting (it takes from a
    fraction of a second to a few on a slow computer), so the relay's hello deadline, counted
    from the connection, never cuts a real host."""
    runner = RelayRunner(hello_seconds=0.1)
    runner.start()
    try:
        code = "maple-river-lantern-otter-428"  # its work: 353,847 hashes, a third of a second
        sealed = {"code": code} if "code" in inspect.signature(WebSocketHost).parameters else {}
        host = WebSocketHost(relay=runner.url, table_key=relay_key(code), direct=False, **sealed)
        links.append(host)
        with qtbot.waitSignal(host.relay_state, timeout=WAIT_MS, check_params_cb=lambda ok, _: ok):
            host.start()
        assert len(runner.relay.tables) == 1
    finally:
        runner.stop()
