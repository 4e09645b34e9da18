"""The sealed links on loopback against hostile peers, scripted: a wrong code, guessing,
silent sockets, a stranger posing as the host, the relay's view of a whole join, and older
apps on either side."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from live_helpers import (
    CODE,
    WAIT_MS,
    RelayRunner,
    direct_host,
    hello,
    join,
    record_client,
    scripted_peer,
)
from pytestqt.qtbot import QtBot
from websockets.asyncio.server import ServerConnection, serve

from kaiser_desktop import relay as relay_module
from kaiser_desktop.family_play import net_links
from kaiser_desktop.family_play.net_links import WebSocketClient, WebSocketHost
from kaiser_desktop.family_play.remote_controller import refusal_sentence
from kaiser_desktop.net.protocol import ActionMessage, Refused, Welcome, decode, encode
from kaiser_desktop.net.seal import JoinerHandshake
from kaiser_desktop.rules import Seat
from kaiser_desktop.rules.actions import Play
from kaiser_desktop.rules.cards import Card

WRONG = "maple-river-lantern-otter-428"


def refused(qtbot: QtBot, made: list[Any], **where: Any) -> Any:
    """A client that is turned away: its recorder, once it is lost."""
    client = WebSocketClient(**where)
    made.append(client)
    rec = record_client(client)
    with qtbot.waitSignal(client.lost, timeout=WAIT_MS):
        client.start()
    # Nothing more happens: nothing is passed on after `lost` (what came before it came first:
    # one queue, in order, net_links.WebSocketClient._on_event).
    qtbot.wait(20)
    return rec


def url(host: WebSocketHost) -> str:
    return f"ws://127.0.0.1:{host.port}"


def test_a_wrong_code_is_refused_at_once_in_a_sentence(qtbot: QtBot, links: list[Any]) -> None:
    host, host_rec = direct_host(qtbot, links)
    start = time.monotonic()
    rec = refused(qtbot, links, url=url(host), code=WRONG)
    assert time.monotonic() - start < 2
    assert rec.of("received") == [(Refused("wrong_code"),)] and rec.of("connected") == []
    assert refusal_sentence("wrong_code").startswith("That code is not right.")
    assert host_rec.of("opened") == [] and host.wrong_codes == 1


def test_four_wrong_codes_pause_the_code_until_the_host_allows_it(
    qtbot: QtBot, links: list[Any]
) -> None:
    host, host_rec = direct_host(qtbot, links)
    paused: list[bool] = []
    host.code_paused.connect(paused.append)
    for _ in range(net_links.GUESSES):
        assert refused(qtbot, links, url=url(host), code=WRONG).of("received") == [
            (Refused("wrong_code"),)
        ]
    qtbot.waitUntil(lambda: paused == [True], timeout=WAIT_MS)
    # The fifth, with the right code, is refused before any exchange.
    rec = refused(qtbot, links, url=url(host), code=CODE)
    assert rec.of("received") == [(Refused("code_paused"),)]
    assert host_rec.of("opened") == []
    assert host.allow_code_again()
    join(qtbot, links, host, host_rec)  # the right code works again
    # Three times allowed in all: 16 wrong codes, then only a new code would let anyone in.
    for round_ in range(net_links.ALLOWANCES):
        for _ in range(net_links.GUESSES):
            refused(qtbot, links, url=url(host), code=WRONG)
        qtbot.waitUntil(partial(lambda n: len(paused) == n, round_ + 2), timeout=WAIT_MS)
        if round_ < net_links.ALLOWANCES - 1:
            assert host.allow_code_again()
    assert paused[-1] is False and not host.allow_code_again()
    assert host.wrong_codes == net_links.GUESSES * (1 + net_links.ALLOWANCES) == 16
    rec = refused(qtbot, links, url=url(host), code=CODE)
    assert rec.of("received") == [(Refused("code_paused"),)]


def test_a_guesser_who_leaves_after_the_hosts_answer_counts_and_cannot_guess_in_parallel(
    qtbot: QtBot, links: list[Any]
) -> None:
    host, _ = direct_host(qtbot, links, pending_per_address=16)  # the gate aside

    async def guess(leave: asyncio.Event) -> Any:
        from websockets.asyncio.client import connect

        async with connect(url(host)) as ws:
            await ws.send(JoinerHandshake(WRONG).first())
            answer = decode_or_pake(await ws.recv())
            await leave.wait()  # an attacker holds the exchange open, then just goes
            return answer

    async def many() -> Any:
        leave = asyncio.Event()
        tasks = [asyncio.create_task(guess(leave)) for _ in range(net_links.GUESSES + 2)]
        await asyncio.sleep(1.0)
        leave.set()
        return await asyncio.gather(*tasks)

    answers = asyncio.run(many())
    # Only GUESSES exchanges ran at once; the others were told the code is paused.
    assert sorted(map(str, answers)) == sorted(
        ["pake"] * net_links.GUESSES + [str(Refused("code_paused"))] * 2
    )
    qtbot.waitUntil(lambda: host.wrong_codes == net_links.GUESSES, timeout=WAIT_MS)


def decode_or_pake(frame: str | bytes) -> Any:
    body = json.loads(frame)
    return "pake" if body.get("type") == "pake" else decode(frame)


def test_an_old_app_is_told_to_update_and_an_old_host_is_said(
    qtbot: QtBot, links: list[Any]
) -> None:
    host, host_rec = direct_host(qtbot, links)
    old_hello = {"v": 1, "type": "hello", "app": "0.9", "table": CODE, "name": "Sam",
                 "seat": None, "token": None}  # fmt: skip
    (answer,) = scripted_peer(host.port, [old_hello])
    assert json.loads(answer)["v"] == 1 and decode(answer) == Refused("update_app")
    assert host_rec.of("opened") == []
    # A host of version 1 answers this app's pake message as version 1 did any newer one.
    port, stop = old_host()
    try:
        rec = refused(qtbot, links, url=f"ws://127.0.0.1:{port}", code=CODE)
        assert rec.of("received") == [(Refused("host_update", speaks=1),)]
    finally:
        stop()


def old_host() -> tuple[int, Any]:
    """A version 1 host: any message of a newer version gets its frozen "host_update"."""

    async def handler(ws: ServerConnection) -> None:
        async for frame in ws:
            if json.loads(frame).get("v", 1) > 1:
                await ws.send(json.dumps({"v": 1, "type": "refused", "reason": "host_update",
                                          "speaks": 1}))  # fmt: skip
                await ws.close()

    return scripted_host(handler)


def test_a_stranger_with_the_code_posing_as_the_host_gets_no_hello_and_no_token(
    qtbot: QtBot, links: list[Any]
) -> None:
    host, host_rec = direct_host(qtbot, links)
    client, _client_rec, _conn = join(qtbot, links, host, host_rec)
    pinned = client.host_key
    assert pinned is not None and len(pinned) == 32
    client.send(hello("Ann"))
    qtbot.waitUntil(lambda: host_rec.of("received") != [], timeout=WAIT_MS)
    # The person's app rejoins (same pinned key); a stranger's host answers, same code.
    fake, fake_rec = direct_host(qtbot, links)
    rec = refused(qtbot, links, url=url(fake), code=CODE, host_key=pinned)
    assert rec.of("received") == [(Refused("not_this_table"),)] and rec.of("connected") == []
    qtbot.wait(100)  # nothing more happens: no Hello reaches the stranger's host
    assert fake_rec.of("received") == []  # no Hello, so no name and no token
    assert refusal_sentence("not_this_table").startswith("This is not the table you sat at")
    # The real host, rejoined with the same pin, is fine.
    again = WebSocketClient(url(host), code=CODE, host_key=pinned)
    links.append(again)
    with qtbot.waitSignal(again.connected, timeout=WAIT_MS):
        again.start()
    assert again.host_key == pinned


@pytest.fixture
def relay_frames(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str | bytes]]:
    """Every frame the relay forwards (its one way of sending)."""
    seen: list[str | bytes] = []
    send = relay_module._send

    async def recording(ws: ServerConnection, data: str | bytes) -> bool:
        seen.append(data)
        return await send(ws, data)

    monkeypatch.setattr(relay_module, "_send", recording)
    yield seen


def test_the_relay_sees_no_code_no_name_and_no_card(
    qtbot: QtBot,
    links: list[Any],
    relay_runner: RelayRunner,
    relay_frames: list[str | bytes],
) -> None:
    host = WebSocketHost(relay=relay_runner.url, code=CODE, direct=False, retry_first=0.05)
    links.append(host)
    from live_helpers import record_host

    host_rec = record_host(host)
    with qtbot.waitSignal(host.relay_state, timeout=WAIT_MS, check_params_cb=lambda ok, _: ok):
        host.start()
    client, client_rec, conn = join(qtbot, links, host, host_rec, relay=relay_runner.url)
    client.send(hello("Grand-maman Hélène"))
    qtbot.waitUntil(lambda: host_rec.of("received") != [], timeout=WAIT_MS)
    welcome = Welcome(Seat.N, "secret-token-" + "t" * 12)
    host.send(conn, welcome)
    play = ActionMessage.of(3, Play(Card.from_text("5H")))
    client.send(play)
    qtbot.waitUntil(lambda: client_rec.of("received") == [(welcome,)], timeout=WAIT_MS)
    qtbot.waitUntil(lambda: len(host_rec.of("received")) == 2, timeout=WAIT_MS)
    assert host_rec.of("received")[1] == (conn, play)
    seen = b"".join(f.encode() if isinstance(f, str) else f for f in relay_frames).lower()
    assert len(relay_frames) >= 6  # ready, open, both pake messages, confirm, proof, ...
    for secret in ("river", "lantern", "otter", "hélène", "grand-maman", "secret-token"):
        assert secret.encode() not in seen, secret
    assert encode(play)[12:].lower() not in seen and b'"value":"5h"' not in seen
    assert b'"kind":"play"' not in seen and b'"type":"hello"' not in seen


def silent_sockets(port: int, count: int, source: str = "127.0.0.2") -> list[socket.socket]:
    """TCP connections that never say a word, all from one address."""
    made = []
    for _ in range(count):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        made.append(sock)
    return made


def test_silent_sockets_from_one_address_leave_room_for_a_real_joiner(
    qtbot: QtBot, links: list[Any], caplog: pytest.LogCaptureFixture
) -> None:
    host, host_rec = direct_host(qtbot, links, handshake_seconds=2.0)
    caplog.set_level(logging.INFO, logger="kaiser_desktop.family_play.net_links")
    socks = silent_sockets(host.port, 200)
    try:
        # All but PENDING_PER_ADDRESS are cut at once (well before the 2 s deadline): the
        # host holds 4 of them, not 200.
        def cut() -> int:
            count = 0
            for sock in socks:
                sock.setblocking(False)
                try:
                    count += sock.recv(1) == b""
                except BlockingIOError:
                    pass
                except ConnectionResetError:
                    count += 1
            return count

        start = time.monotonic()
        qtbot.waitUntil(lambda: cut() == 200 - net_links.PENDING_PER_ADDRESS, timeout=1000)
        client, client_rec, conn = join(qtbot, links, host, host_rec)  # from 127.0.0.1
        client.send(hello("Ann"))
        qtbot.waitUntil(lambda: host_rec.of("received") == [(conn, hello("Ann"))])
        assert time.monotonic() - start < 2.0  # while the four silent ones were still held
        # The four held are let go after the few seconds an opening may take.
        qtbot.waitUntil(lambda: cut() == 200, timeout=WAIT_MS)
        assert client_rec.of("lost") == []
    finally:
        for sock in socks:
            sock.close()
    lines = [r for r in caplog.records if r.name.endswith("net_links")]
    assert len(lines) <= net_links.LOG_LINES + 5  # not one or more lines per socket


def test_a_join_pins_the_host_of_its_first_connection_for_every_rejoin(
    qtbot: QtBot, links: list[Any]
) -> None:
    from kaiser_desktop.app.pace import INSTANT
    from kaiser_desktop.family_play.family_session import JoinSession

    host, host_rec = direct_host(qtbot, links)
    # A table picked in the home network's list: joined without its code (not proven).
    session = JoinSession(
        name="Ann", code="", address=f"127.0.0.1:{host.port}", relay="", pace=INSTANT
    )
    try:
        qtbot.waitUntil(lambda: host_rec.of("received") != [], timeout=WAIT_MS)
        (conn, said) = host_rec.of("received")[0]
        assert said.name == "Ann" and said.token is None and not host.proven(conn)
        assert session.host_key is not None and len(session.host_key) == 32
        rejoin = session._new_link()  # what a rejoin uses: pinned to the same host
        links.append(rejoin)
        assert isinstance(rejoin, WebSocketClient) and rejoin._pinned == session.host_key
    finally:
        session.cancel()
    # After a restart, the key kept with the seat's token pins the new join from the start.
    fake, fake_rec = direct_host(qtbot, links)
    kept = session.host_key
    again = JoinSession(
        name="Ann", code="", address=f"127.0.0.1:{fake.port}", relay="", pace=INSTANT,
        host_key=kept,
    )  # fmt: skip
    results: list[str] = []
    again.result.connect(results.append)
    try:
        qtbot.waitUntil(lambda: results != [], timeout=WAIT_MS)
        assert results == [refusal_sentence("not_this_table")]
        assert fake_rec.of("received") == []
    finally:
        again.cancel()


def scripted_host(script: Any) -> tuple[int, Any]:
    """A host by hand on loopback: `script(ws)` runs for each connection (asyncio)."""
    ready, box = threading.Event(), dict[str, Any]()
    loop = asyncio.new_event_loop()

    async def begin() -> None:
        box["server"] = await serve(script, "127.0.0.1", 0)
        box["port"] = box["server"].sockets[0].getsockname()[1]
        ready.set()

    thread = threading.Thread(
        target=lambda: (loop.run_until_complete(begin()), loop.run_forever()), daemon=True
    )
    thread.start()
    assert ready.wait(10)

    def stop() -> None:
        async def end() -> None:
            box["server"].close()
            await box["server"].wait_closed()

        asyncio.run_coroutine_threadsafe(end(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)

    return box["port"], stop


def test_a_lying_host_replaying_a_sealed_frame_is_left(qtbot: QtBot, links: list[Any]) -> None:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from kaiser_desktop.net.seal import HostHandshake, read_pake

    welcome = Welcome(Seat.N, "t" * 20)

    async def replaying(ws: ServerConnection) -> None:
        hand = HostHandshake(CODE, Ed25519PrivateKey.generate())
        pake = read_pake(await ws.recv(), from_joiner=True)
        assert pake is not None
        await ws.send(hand.answer(pake).decode())
        channel, proof = hand.confirm(await ws.recv())
        await ws.send(proof)
        frame = channel.seal(encode(welcome))
        await ws.send(frame)
        await ws.send(frame)  # the same frame again: a replay
        with contextlib.suppress(Exception):
            await ws.wait_closed()

    port, stop = scripted_host(replaying)
    try:
        rec = refused(qtbot, links, url=f"ws://127.0.0.1:{port}", code=CODE)
        assert rec.of("connected") == [()] and rec.of("received") == [(welcome,)]
        assert "did not open" in rec.of("lost")[0][0]
    finally:
        stop()
