"""The live links' helpers and fixtures (conftest.py makes the fixtures seen): a relay in
its own thread on a free loopback port, a host link listening on loopback, and a recorder of
Qt signals."""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as sync_connect

from kaiser_desktop import relay as relay_module
from kaiser_desktop.family_play.net_links import WebSocketClient, WebSocketHost
from kaiser_desktop.net.protocol import Hello

CODE = "maple-river-lantern-otter-427"
WAIT_MS = 10_000  # the most any step may take; a step takes milliseconds when it works


def scripted_peer(port: int, frames: list[dict[str, Any] | bytes]) -> list[str | bytes]:
    """A hostile or old app by hand: it connects to a host on loopback, sends `frames`
    (a dict as JSON text, bytes as a binary frame), and returns every frame that came back
    until the host closed the connection."""
    got: list[str | bytes] = []
    with sync_connect(f"ws://127.0.0.1:{port}", open_timeout=WAIT_MS / 1000) as ws:
        for frame in frames:
            ws.send(json.dumps(frame) if isinstance(frame, dict) else frame)
        with contextlib.suppress(ConnectionClosed):
            while True:
                got.append(ws.recv(timeout=WAIT_MS / 1000))
    return got


def hello(name: str = "Pat") -> Hello:
    return Hello(app="0.1.0", name=name)


class RelayRunner:
    """A relay on loopback in a thread of its own; `stop` and `start` again on the same port."""

    def __init__(self, tls: ssl.SSLContext | None = None, **limits: Any) -> None:
        self.relay = relay_module.Relay(**limits)
        self.tls = tls
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: Any = None

    @property
    def url(self) -> str:
        return f"{'wss' if self.tls else 'ws'}://127.0.0.1:{self.port}"

    def start(self) -> None:
        ready = threading.Event()
        loop = asyncio.new_event_loop()

        def run() -> None:
            asyncio.set_event_loop(loop)

            async def begin() -> None:
                self._server = await relay_module.start(
                    self.relay, "127.0.0.1", self.port, tls=self.tls
                )
                self.port = self._server.sockets[0].getsockname()[1]
                ready.set()

            loop.run_until_complete(begin())
            loop.run_forever()
            loop.close()

        self._loop, self._thread = loop, threading.Thread(target=run, name="test-relay")
        self._thread.start()
        assert ready.wait(10)

    def stop(self) -> None:
        assert self._loop is not None and self._thread is not None

        async def end() -> None:
            self._server.close()
            await self._server.wait_closed()

        asyncio.run_coroutine_threadsafe(end(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        assert not self._thread.is_alive()
        self._thread = None


@pytest.fixture
def relay_runner() -> Iterator[RelayRunner]:
    runner = RelayRunner()
    runner.start()
    yield runner
    if runner._thread is not None:
        runner.stop()


class Recorder:
    """Every emission of the signals given, in order, as (name, *args)."""

    def __init__(self, **signals: Any) -> None:
        self.events: list[tuple[Any, ...]] = []
        for name, signal in signals.items():
            signal.connect(lambda *args, _name=name: self.events.append((_name, *args)))

    def of(self, name: str) -> list[tuple[Any, ...]]:
        return [e[1:] for e in self.events if e[0] == name]


def record_host(host: WebSocketHost) -> Recorder:
    return Recorder(
        opened=host.opened,
        received=host.received,
        closed=host.closed,
        relay=host.relay_state,
    )


def record_client(client: WebSocketClient) -> Recorder:
    return Recorder(connected=client.connected, received=client.received, lost=client.lost)


@pytest.fixture
def links(qtbot: QtBot) -> Iterator[list[WebSocketHost | WebSocketClient]]:
    """Links to end after the test: hosts are shut down, clients closed."""
    made: list[WebSocketHost | WebSocketClient] = []
    yield made
    for link in made:
        if isinstance(link, WebSocketHost):
            link.shutdown()
        else:
            link.close()
            assert link.wait(5)


def direct_host(qtbot: QtBot, made: list[Any], **options: Any) -> tuple[WebSocketHost, Recorder]:
    host = WebSocketHost(interface="127.0.0.1", **{"code": CODE, **options})
    made.append(host)
    recorder = record_host(host)
    with qtbot.waitSignal(host.listening, timeout=WAIT_MS):
        host.start()
    assert host.port > 0
    return host, recorder


def join(
    qtbot: QtBot,
    made: list[Any],
    host: WebSocketHost | None,
    recorder: Recorder | None,
    **where: Any,
) -> tuple[WebSocketClient, Recorder, int]:
    """A client connected to `host` (directly unless `where` names a relay) and its number
    at the host (0 if no host is watched)."""
    if "relay" not in where and host is not None:
        where = {"url": f"ws://127.0.0.1:{host.port}", **where}
    client = WebSocketClient(**{"code": CODE, **where})
    made.append(client)
    seen = recorder.of("opened") if recorder else []
    client_rec = record_client(client)
    with qtbot.waitSignal(client.connected, timeout=WAIT_MS):
        client.start()
    if recorder is None:
        return client, client_rec, 0
    qtbot.waitUntil(lambda: len(recorder.of("opened")) > len(seen), timeout=WAIT_MS)
    return client, client_rec, recorder.of("opened")[-1][0]
