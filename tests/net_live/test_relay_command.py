"""The relay as a command: `python -m kaiser_desktop.relay` and `kaiser-desktop --relay`
start it without Qt, it says its port, carries a table's messages, and stops on SIGTERM."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from typing import Any

from live_helpers import WAIT_MS, hello, join, record_host
from pytestqt.qtbot import QtBot

from kaiser_desktop.family_play.net_links import WebSocketHost

CODE = "maple-river-lantern-otter-427"


def test_the_relay_imports_no_qt() -> None:
    code = "import sys, kaiser_desktop.relay; print(sorted(m for m in sys.modules if 'Qt' in m))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_help_in_plain_words() -> None:
    for command in (["-m", "kaiser_desktop.relay"], ["-m", "kaiser_desktop", "--relay"]):
        done = subprocess.run(
            [sys.executable, *command, "--help"], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        assert "writes nothing to disk" in done.stdout and "--port" in done.stdout
    game = subprocess.run(
        [sys.executable, "-m", "kaiser_desktop", "--help"], capture_output=True, text=True
    )
    assert "--relay" in game.stdout


def test_the_relay_command_carries_a_table(qtbot: QtBot, links: list[Any]) -> None:
    relay = subprocess.Popen(
        [sys.executable, "-m", "kaiser_desktop", "--relay", "--host", "127.0.0.1", "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert relay.stderr is not None
        said = ""
        while not (port := re.search(r"relay listening on port (\d+)", said)):
            line = relay.stderr.readline()
            assert line, said  # the relay ended before saying its port
            said += line
        url = f"ws://127.0.0.1:{port.group(1)}"
        host = WebSocketHost(relay=url, code=CODE, direct=False)
        links.append(host)
        host_rec = record_host(host)
        with qtbot.waitSignal(host.relay_state, timeout=WAIT_MS, check_params_cb=lambda ok, _: ok):
            host.start()
        client, _, conn = join(qtbot, links, host, host_rec, relay=url, code=CODE)
        client.send(hello("Pat"))
        qtbot.waitUntil(lambda: host_rec.of("received") == [(conn, hello("Pat"))], timeout=WAIT_MS)
        relay.send_signal(signal.SIGTERM)
        assert relay.wait(WAIT_MS / 1000) == 0
        log = relay.stderr.read()
        assert "a client joined a table (1 tables, 1 clients)" in log
        assert "Pat" not in log and "hello" not in log  # connections and counts, no contents
    finally:
        relay.kill()
        relay.wait()
