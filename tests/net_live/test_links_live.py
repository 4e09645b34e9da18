"""The WebSocket links on loopback: messages both ways, directly and through a relay; bad
input closing only the connection that sent it; the relay's limits, restart and tables kept
apart; silent connections; shutdown leaving no thread behind."""

from __future__ import annotations

import base64
import gc
import json
import os
import shutil
import socket
import ssl
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest
from live_helpers import (
    WAIT_MS,
    RelayRunner,
    direct_host,
    hello,
    join,
    record_host,
    scripted_peer,
)
from pytestqt.qtbot import QtBot
from websockets.asyncio.client import ClientConnection

from kaiser_desktop import relay as relay_module
from kaiser_desktop.family_play.net_links import (
    WebSocketClient,
    WebSocketHost,
    is_home_address,
    relay_key,
)
from kaiser_desktop.net.protocol import Goodbye, Refused, Welcome, decode
from kaiser_desktop.net.seal import MAX_FRAME
from kaiser_desktop.net.wire import MAX_MESSAGE_BYTES
from kaiser_desktop.rules import Seat

CODE = "maple-river-lantern-otter-427"
OTHER_CODE = "maple-river-lantern-otter-428"
WELCOME = Welcome(Seat.from_text("N"), "t" * 20)


def relay_host(
    qtbot: QtBot, made: list[Any], runner: RelayRunner, code: str = CODE, **options: Any
) -> tuple[WebSocketHost, Any]:
    host = WebSocketHost(relay=runner.url, code=code, direct=False, retry_first=0.05, **options)
    made.append(host)
    recorder = record_host(host)
    with qtbot.waitSignal(host.relay_state, timeout=WAIT_MS, check_params_cb=lambda ok, _: ok):
        host.start()
    return host, recorder


def exchange(
    qtbot: QtBot,
    host: WebSocketHost,
    host_rec: Any,
    conn: int,
    client: Any,
    client_rec: Any,
    name: str,
) -> None:
    """A Hello from the client reaches the host, and a Welcome goes back."""
    before = len(host_rec.of("received"))
    client.send(hello(name))
    qtbot.waitUntil(lambda: len(host_rec.of("received")) > before, timeout=WAIT_MS)
    assert host_rec.of("received")[-1] == (conn, hello(name))
    got = len(client_rec.of("received"))
    host.send(conn, WELCOME)
    qtbot.waitUntil(lambda: len(client_rec.of("received")) > got, timeout=WAIT_MS)
    assert client_rec.of("received")[-1] == (WELCOME,)


def test_direct_messages_both_ways_and_home(qtbot: QtBot, links: list[Any]) -> None:
    host, host_rec = direct_host(qtbot, links)
    client, client_rec, conn = join(qtbot, links, host, host_rec)
    exchange(qtbot, host, host_rec, conn, client, client_rec, "Pat")
    assert host.is_home(conn)
    # The host puts the client out after a goodbye: both sides hear of it, the goodbye first.
    host.send(conn, Goodbye("game_over"))
    host.close(conn)
    qtbot.waitUntil(lambda: client_rec.of("lost") != [], timeout=WAIT_MS)
    assert client_rec.of("received")[-1] == (Goodbye("game_over"),)
    qtbot.waitUntil(lambda: host_rec.of("closed") == [(conn,)], timeout=WAIT_MS)


def test_relay_messages_both_ways_not_home(
    qtbot: QtBot, links: list[Any], relay_runner: RelayRunner
) -> None:
    host, host_rec = relay_host(qtbot, links, relay_runner)
    client, client_rec, conn = join(
        qtbot, links, host, host_rec, relay=relay_runner.url, code=CODE.upper()
    )
    exchange(qtbot, host, host_rec, conn, client, client_rec, "Pat")
    assert not host.is_home(conn)
    client.close()
    qtbot.waitUntil(lambda: host_rec.of("closed") == [(conn,)], timeout=WAIT_MS)
    assert client_rec.of("lost") == []  # closing on purpose is no loss


def test_home_addresses() -> None:
    assert is_home_address(("127.0.0.1", 5000))
    assert is_home_address(("192.168.1.20", 5000))
    assert is_home_address(("::ffff:10.0.0.2", 5000, 0, 0))
    assert is_home_address(("fe80::1%eth0", 5000, 0, 2))
    assert not is_home_address(("8.8.8.8", 5000))
    assert not is_home_address(None)


def test_relay_key_hides_the_code() -> None:
    key = relay_key(CODE)
    assert key == relay_key(" Maple River, Lantern Otter 427 ")
    assert key != relay_key(OTHER_CODE)
    assert len(key) == 64 and set(key) <= set("0123456789abcdef")
    assert "maple" not in key and "427" not in key


def test_the_relay_keeps_the_games_size_limit() -> None:
    assert relay_module.MAX_MESSAGE_BYTES == MAX_FRAME == MAX_MESSAGE_BYTES + 16


OVERSIZED = b'{"v":1,"type":"hello","app":"' + b"x" * MAX_MESSAGE_BYTES + b'"}'
BAD_INPUT = {
    "oversized": [OVERSIZED],
    "malformed": [b'{"v":1,"type":"hello","app":"0.1"'],
    "not_utf8": [b'{"v":1,"type":"hello","app":"\xff\xfe"}'],
    "flood": [json.dumps({"v": 1, "type": "goodbye", "reason": "leaving"}).encode()] * 400,
    "unsealed": [json.dumps({"v": 1, "type": "goodbye", "reason": "leaving"}).encode()],
}


def send_bad(client: WebSocketClient, kind: str) -> None:
    for data in BAD_INPUT[kind]:
        client.send_bytes(data, sealed=kind != "unsealed")


def check_only_bad_one_closed(
    qtbot: QtBot, host: WebSocketHost, host_rec: Any, kind: str, bad: Any, good: Any
) -> None:
    (bad_client, bad_rec, bad_conn), (good_client, good_rec, good_conn) = bad, good
    send_bad(bad_client, kind)
    qtbot.waitUntil(lambda: (bad_conn,) in host_rec.of("closed"), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: bad_rec.of("lost") != [], timeout=WAIT_MS)
    if kind == "flood":  # some got through before the limit closed it, not all
        assert len(host_rec.of("received")) < len(BAD_INPUT["flood"])
    else:
        assert host_rec.of("received") == []
    exchange(qtbot, host, host_rec, good_conn, good_client, good_rec, "Sam")
    assert (good_conn,) not in host_rec.of("closed") and good_rec.of("lost") == []


@pytest.mark.parametrize("kind", sorted(BAD_INPUT))
def test_bad_input_direct_closes_only_that_connection(
    qtbot: QtBot, links: list[Any], kind: str
) -> None:
    host, host_rec = direct_host(qtbot, links, rate=20, burst=40)
    bad = join(qtbot, links, host, host_rec)
    good = join(qtbot, links, host, host_rec)
    check_only_bad_one_closed(qtbot, host, host_rec, kind, bad, good)


@pytest.mark.parametrize("kind", sorted(BAD_INPUT))
def test_bad_input_through_the_relay_closes_only_that_connection(
    qtbot: QtBot, links: list[Any], relay_runner: RelayRunner, kind: str
) -> None:
    relay_runner.relay.rate, relay_runner.relay.burst = 20, 40
    host, host_rec = relay_host(qtbot, links, relay_runner)
    where = {"relay": relay_runner.url, "code": CODE}
    bad = join(qtbot, links, host, host_rec, **where)
    good = join(qtbot, links, host, host_rec, **where)
    check_only_bad_one_closed(qtbot, host, host_rec, kind, bad, good)


def test_a_malformed_message_is_answered_before_closing(qtbot: QtBot, links: list[Any]) -> None:
    host, host_rec = direct_host(qtbot, links)
    client, client_rec, _ = join(qtbot, links, host, host_rec)
    client.send_bytes(b"not json", sealed=True)
    qtbot.waitUntil(lambda: client_rec.of("lost") != [], timeout=WAIT_MS)
    assert client_rec.of("received") == [(Refused("malformed"),)]


def test_a_newer_app_is_told_to_wait_for_the_host_update(qtbot: QtBot, links: list[Any]) -> None:
    host, host_rec = direct_host(qtbot, links)
    answers = scripted_peer(host.port, [{"v": 99, "type": "pake", "future": True}])
    assert [decode(a) for a in answers] == [Refused("host_update")]
    assert host_rec.of("opened") == [] and host_rec.of("received") == []


def test_relay_restart(qtbot: QtBot, links: list[Any], relay_runner: RelayRunner) -> None:
    host, host_rec = relay_host(qtbot, links, relay_runner)
    where = {"relay": relay_runner.url, "code": CODE}
    _client, client_rec, conn = join(qtbot, links, host, host_rec, **where)
    relay_runner.stop()
    qtbot.waitUntil(lambda: client_rec.of("lost") != [], timeout=WAIT_MS)
    qtbot.waitUntil(lambda: (conn,) in host_rec.of("closed"), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: host_rec.of("relay")[-1][0] is False, timeout=WAIT_MS)
    connected_before = host_rec.of("relay").count((True, "connected"))
    relay_runner.start()  # the same port
    qtbot.waitUntil(
        lambda: host_rec.of("relay").count((True, "connected")) > connected_before,
        timeout=WAIT_MS,
    )
    again, again_rec, new_conn = join(qtbot, links, host, host_rec, **where)
    assert new_conn != conn
    exchange(qtbot, host, host_rec, new_conn, again, again_rec, "Pat")


def test_the_relay_keeps_tables_apart(
    qtbot: QtBot, links: list[Any], relay_runner: RelayRunner
) -> None:
    host_a, rec_a = relay_host(qtbot, links, relay_runner, CODE)
    host_b, rec_b = relay_host(qtbot, links, relay_runner, OTHER_CODE)
    client_a, _, conn_a = join(qtbot, links, host_a, rec_a, relay=relay_runner.url, code=CODE)
    client_b, _, conn_b = join(qtbot, links, host_b, rec_b, relay=relay_runner.url, code=OTHER_CODE)
    client_a.send(hello("Ann"))
    qtbot.waitUntil(lambda: rec_a.of("received") != [], timeout=WAIT_MS)
    client_b.send(hello("Bob"))
    qtbot.waitUntil(lambda: rec_b.of("received") != [], timeout=WAIT_MS)
    assert rec_a.of("received") == [(conn_a, hello("Ann"))]
    assert rec_b.of("received") == [(conn_b, hello("Bob"))]
    assert len(relay_runner.relay.tables) == 2


def test_relay_refuses_a_fifth_client_and_an_unknown_table(
    qtbot: QtBot, links: list[Any], relay_runner: RelayRunner
) -> None:
    host, host_rec = relay_host(qtbot, links, relay_runner)
    where = {"relay": relay_runner.url, "code": CODE}
    for _ in range(relay_module.MAX_CLIENTS):
        join(qtbot, links, host, host_rec, **where)
    for key, reason in ((CODE, "table_full"), (OTHER_CODE, "no_table")):
        client = WebSocketClient(relay=relay_runner.url, code=key)
        links.append(client)
        with qtbot.waitSignal(client.lost, timeout=WAIT_MS) as lost:
            client.start()
        assert reason in lost.args[0]
    assert len(host_rec.of("opened")) == relay_module.MAX_CLIENTS
    assert host_rec.of("closed") == []


def test_relay_refuses_a_second_host_and_a_bad_hello(
    qtbot: QtBot, links: list[Any], relay_runner: RelayRunner
) -> None:
    relay_host(qtbot, links, relay_runner)
    second = WebSocketHost(relay=relay_runner.url, code=CODE, direct=False, retry_first=5)
    links.append(second)
    with qtbot.waitSignal(second.relay_state, timeout=WAIT_MS) as state:
        second.start()
    assert state.args == [False, "refused by the relay (table_taken)"]
    raw = RawSocket(relay_runner.port)
    raw.send_text(b'{"relay": "join", "v": 2, "key": "not a key"}')
    assert b'"reason": "bad_hello"' in raw.read_until(b"bad_hello")


class RawSocket:
    """A WebSocket client by hand, that answers nothing (not even pings)."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += self.sock.recv(4096)
        assert answer.startswith(b"HTTP/1.1 101")

    def send_text(self, payload: bytes) -> None:
        assert len(payload) < 126
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)

    def read_until(self, wanted: bytes) -> bytes:
        """What comes, until `wanted` has come or the other side closes."""
        data = b""
        while wanted not in data and (chunk := self.sock.recv(4096)):
            data += chunk
        self.sock.close()
        return data


def test_a_silent_connection_is_closed_by_ping(qtbot: QtBot, links: list[Any]) -> None:
    host, host_rec = direct_host(qtbot, links, ping_seconds=0.2)
    client, _client_rec, conn = join(qtbot, links, host, host_rec)
    client._thread.loop.call_soon_threadsafe(_stop_answering, client)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: host_rec.of("closed") == [(conn,)], timeout=WAIT_MS)


def _stop_answering(client: WebSocketClient) -> None:
    """The client's socket stops reading: its pongs stop (as a frozen computer's would)."""
    loop = client._thread.loop  # type: ignore[union-attr]
    for obj in gc.get_objects():
        if type(obj) is ClientConnection and obj.loop is loop:
            obj.transport.pause_reading()


def test_a_connection_that_says_nothing_is_closed_after_a_few_seconds(
    qtbot: QtBot, links: list[Any]
) -> None:
    host, host_rec = direct_host(qtbot, links, handshake_seconds=0.3)
    raw = RawSocket(host.port)  # opens the WebSocket, then never sends the exchange
    raw.sock.settimeout(WAIT_MS / 1000)
    assert raw.sock.recv(4096)[:1] == b"\x88"  # the host's closing frame
    raw.sock.close()
    assert host_rec.of("opened") == []


def link_threads() -> list[threading.Thread]:
    # The links' own threads (others' threads, e.g. a game's autosave, are not theirs).
    return [t for t in threading.enumerate() if t.name.endswith("-link")]


def test_host_shutdown_ends_its_thread(
    qtbot: QtBot, links: list[Any], relay_runner: RelayRunner
) -> None:
    assert link_threads() == []
    host = WebSocketHost(interface="127.0.0.1", relay=relay_runner.url, code=CODE)
    host_rec = record_host(host)
    with qtbot.waitSignal(host.relay_state, timeout=WAIT_MS):
        host.start()
    qtbot.waitUntil(lambda: host.port > 0, timeout=WAIT_MS)
    client, client_rec, conn = join(qtbot, links, host, host_rec)
    assert [t.name for t in link_threads()] == ["kaiser-host-link", "kaiser-client-link"]
    host.shutdown()
    assert host_rec.of("closed") == [(conn,)]
    assert "kaiser-host-link" not in [t.name for t in link_threads()]
    qtbot.waitUntil(lambda: client_rec.of("lost") != [], timeout=WAIT_MS)
    assert client.wait(5)
    assert link_threads() == []
    assert relay_runner.relay.tables == {}
    host.shutdown()  # twice is harmless


def test_a_port_in_use_and_a_host_not_there_are_said(qtbot: QtBot, links: list[Any]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        host = WebSocketHost(interface="127.0.0.1", port=port)
        links.append(host)
        with qtbot.waitSignal(host.listening, timeout=WAIT_MS) as said:
            host.start()
        assert said.args == [0] and host.port == 0
    client = WebSocketClient(f"ws://127.0.0.1:{port}")  # nobody listens there now
    links.append(client)
    with qtbot.waitSignal(client.lost, timeout=WAIT_MS) as lost:
        client.start()
    assert lost.args[0].startswith("cannot connect")
    assert client.wait(5)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a certificate")
def test_through_a_relay_over_tls(
    qtbot: QtBot, links: list[Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(cert, key)
    runner = RelayRunner(tls=tls)
    runner.start()
    try:
        assert runner.url.startswith("wss://")
        # The links use the system's certificates: this one is trusted for this test only.
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))
        host, host_rec = relay_host(qtbot, links, runner)
        client, client_rec, conn = join(qtbot, links, host, host_rec, relay=runner.url, code=CODE)
        exchange(qtbot, host, host_rec, conn, client, client_rec, "Pat")
        monkeypatch.delenv("SSL_CERT_FILE")
        stranger = WebSocketClient(relay=runner.url, code=CODE)  # trusts no such relay
        links.append(stranger)
        with qtbot.waitSignal(stranger.lost, timeout=WAIT_MS) as lost:
            stranger.start()
        assert "certificate" in lost.args[0].lower()
    finally:
        for link in links:
            if isinstance(link, WebSocketHost):
                link.shutdown()
        runner.stop()


def test_shutdown_with_a_silent_connection_still_ends_the_thread(
    qtbot: QtBot, links: list[Any]
) -> None:
    host, _host_rec = direct_host(qtbot, links)
    raw = RawSocket(host.port)  # never answers the closing handshake
    host.shutdown()  # the closing waits for the silent peer; the thread ends all the same
    assert "kaiser-host-link" not in [t.name for t in link_threads()]
    raw.sock.close()


def test_when_the_host_leaves_the_relay_lets_its_clients_go(
    qtbot: QtBot, links: list[Any], relay_runner: RelayRunner
) -> None:
    host, host_rec = relay_host(qtbot, links, relay_runner)
    where = {"relay": relay_runner.url, "code": CODE}
    _, first_rec, _ = join(qtbot, links, host, host_rec, **where)
    _, second_rec, _ = join(qtbot, links, host, host_rec, **where)
    host.shutdown()
    qtbot.waitUntil(lambda: first_rec.of("lost") != [] and second_rec.of("lost") != [])
    assert "1001" in first_rec.of("lost")[0][0]  # "going away", as the relay closes them
    assert relay_runner.relay.tables == {}
    late = WebSocketClient(**where)
    links.append(late)
    with qtbot.waitSignal(late.lost, timeout=WAIT_MS) as lost:
        late.start()
    assert "no_table" in lost.args[0]


def test_nothing_is_passed_on_after_the_client_closes(qtbot: QtBot, links: list[Any]) -> None:
    host, host_rec = direct_host(qtbot, links)
    client, client_rec, conn = join(qtbot, links, host, host_rec)
    client.received.connect(lambda _message: client.close())  # close on the first message
    for _ in range(20):
        host.send(conn, WELCOME)
    qtbot.waitUntil(lambda: (conn,) in host_rec.of("closed"), timeout=WAIT_MS)
    assert client.wait(5)
    qtbot.wait(50)  # let any message already queued for the client come through, if it would
    assert client_rec.of("received") == [(WELCOME,)]
    assert client_rec.of("lost") == []
