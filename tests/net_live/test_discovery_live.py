"""Finding a table on the home network, over loopback multicast: the finder lists the
announced table (name, address, port; never the code) and forgets it when it stops; with no
usable network both ends say nothing worse than an empty list."""

from __future__ import annotations

import contextlib
import logging
import socket
import struct

import pytest
from live_helpers import WAIT_MS
from pytestqt.qtbot import QtBot

from kaiser_desktop.family_play.discovery import FoundTable, TableAnnouncer, TableFinder
from kaiser_desktop.net.protocol import VERSION

LOOPBACK = ["127.0.0.1"]

# A table announced by another test (a host window in tests/ui/test_family_play.py) would be
# heard here: never beside one another on two xdist workers.
pytestmark = pytest.mark.xdist_group("home_network")


def multicast_on_loopback() -> str | None:
    """None if a multicast datagram sent on loopback comes back; else why it does not."""
    group = "239.255.77.77"
    with contextlib.ExitStack() as stack:
        try:
            receiver = stack.enter_context(socket.socket(socket.AF_INET, socket.SOCK_DGRAM))
            receiver.bind(("", 0))
            port = receiver.getsockname()[1]
            member = struct.pack("4s4s", socket.inet_aton(group), socket.inet_aton("127.0.0.1"))
            receiver.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, member)
            receiver.settimeout(1.0)
            sender = stack.enter_context(socket.socket(socket.AF_INET, socket.SOCK_DGRAM))
            loopback = socket.inet_aton("127.0.0.1")
            sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, loopback)
            sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
            sender.sendto(b"kaiser-probe", (group, port))
            data = receiver.recv(64)
        except OSError as error:
            return f"multicast on loopback is unavailable here ({error})"
    return None if data == b"kaiser-probe" else "the multicast probe came back changed"


def test_a_table_is_found_and_forgotten(qtbot: QtBot) -> None:
    unavailable = multicast_on_loopback()
    if unavailable is not None:
        pytest.skip(unavailable)
    announcer = TableAnnouncer("Grandma Jo.", 45678, interfaces=LOOPBACK, addresses=LOOPBACK)
    finder = TableFinder(interfaces=LOOPBACK)
    lists: list[list[FoundTable]] = []
    finder.found.connect(lists.append)
    try:
        announcer.start()
        finder.start()
        expected = FoundTable("Grandma Jo", "127.0.0.1", 45678, VERSION)
        qtbot.waitUntil(lambda: expected in finder.tables(), timeout=WAIT_MS)
        qtbot.waitUntil(lambda: lists != [] and expected in lists[-1], timeout=WAIT_MS)
        assert expected.url == "ws://127.0.0.1:45678"
        announcer.stop()
        qtbot.waitUntil(lambda: lists[-1] == [], timeout=WAIT_MS)
    finally:
        announcer.stop()
        finder.stop()


def test_the_announcement_holds_no_code() -> None:
    info = TableAnnouncer("Jo", 4000).info(["192.168.1.5"])
    assert set(info.properties) == {b"v", b"name"}
    assert info.properties[b"name"] == b"Jo"
    assert info.port == 4000 and info.parsed_addresses() == ["192.168.1.5"]


def test_no_network_is_an_empty_list(qtbot: QtBot, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "kaiser_desktop.family_play.discovery")
    nowhere = ["203.0.113.77"]  # an address this computer does not have
    finder = TableFinder(interfaces=nowhere)
    with qtbot.waitSignal(finder.found, timeout=WAIT_MS) as said:
        finder.start()
    assert said.args == [[]]
    finder.stop()
    assert "cannot look for tables" in caplog.text
    announcer = TableAnnouncer("Jo", 4000, interfaces=nowhere, addresses=nowhere)
    announcer.start()
    assert announcer.wait(WAIT_MS / 1000)
    announcer.stop()
    assert not announcer.registered.is_set()
    assert "cannot be announced" in caplog.text
    unconnected = TableAnnouncer("Jo", 4000, addresses=[])
    unconnected.start()
    assert unconnected.wait(WAIT_MS / 1000)
    unconnected.stop()
    assert not unconnected.registered.is_set()
    assert "the table is not announced" in caplog.text
