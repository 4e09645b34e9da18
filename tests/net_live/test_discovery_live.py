"""Finding a table on the home network, over loopback multicast: the finder lists the
announced table (name, address, port, the key of the code's public part; never the code's
words) and forgets it when it stops; with no usable network both ends say nothing worse
than an empty list. A typed code joins a table on the home network with no relay set, and
with a relay set joins whichever answers."""

from __future__ import annotations

import contextlib
import logging
import socket
import struct

import pytest
from live_helpers import WAIT_MS, RelayRunner
from pytestqt.qtbot import QtBot
from zeroconf import IPVersion, ServiceInfo, Zeroconf

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.family_play import discovery
from kaiser_desktop.family_play.discovery import (
    LOOKUP_MS,
    FoundTable,
    HomeNetwork,
    TableAnnouncer,
    TableFinder,
)
from kaiser_desktop.family_play.family_session import (
    CodeLink,
    HostSession,
    JoinSession,
    join_problem,
)
from kaiser_desktop.family_play.net_links import WebSocketClient
from kaiser_desktop.net import relay_wire
from kaiser_desktop.net.protocol import VERSION
from kaiser_desktop.net.table_code import TableCode
from kaiser_desktop.rules import RuleSet

LOOPBACK = ["127.0.0.1"]

# A table announced by another test (a host window in tests/ui/test_family_play.py) would be
# heard here: never beside one another on two xdist workers.
pytestmark = pytest.mark.usefixtures("home_network")


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
        # Other tests' tables may be heard on the same loopback at the same time.
        qtbot.waitUntil(lambda: expected not in lists[-1], timeout=WAIT_MS)
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


# --- a typed code, on the home network --------------------------------------------------


@pytest.fixture
def home_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both ends announce and listen on loopback only (the finder's and the host's)."""
    unavailable = multicast_on_loopback()
    if unavailable is not None:
        pytest.skip(unavailable)
    monkeypatch.setattr(discovery, "HOME", HomeNetwork(LOOPBACK, LOOPBACK))


def join(code: str, *, relay: str = "") -> JoinSession:
    return JoinSession(name="Tom", code=code, address=None, relay=relay, pace=INSTANT)


def hosted(qtbot: QtBot, *, relay: str = "") -> tuple[HostSession, GameController]:
    controller = GameController(RuleSet(), seed=11, pace=INSTANT, level="basic")
    session = HostSession(controller, host_name="Gran", relay=relay)
    qtbot.waitUntil(lambda: session.link.port != 0, timeout=WAIT_MS)
    return session, controller


def test_a_typed_code_joins_on_the_home_network_without_a_relay(
    qtbot: QtBot, home_on_loopback: None
) -> None:
    session, controller = hosted(qtbot)
    joining: JoinSession | None = None
    try:
        announcer = session._announcer
        assert announcer is not None
        assert announcer.registered.wait(WAIT_MS / 1000)
        # Typed as a person reads it: capitals and spaces, in French.
        typed = TableCode.parse(session.code).spoken("fr").replace("-", " ").upper()
        assert join_problem(typed, None, relay="") is None  # no relay needed
        joining = join(typed)
        with qtbot.waitSignal(joining.result, timeout=WAIT_MS) as answer:
            pass
        assert answer.args == [""]
        assert [s.name for s in session.seats() if s.kind == "person"] == ["Gran", "Tom"]
        way = joining.controller._link
        assert isinstance(way, CodeLink) and isinstance(way.chosen, WebSocketClient)
        assert way.chosen._url == f"ws://127.0.0.1:{session.link.port}"
    finally:
        if joining is not None:
            joining.cancel()
        session.close()
        controller.stop()


def test_the_announcement_names_the_table_by_its_key_never_its_words(
    qtbot: QtBot, home_on_loopback: None
) -> None:
    session, controller = hosted(qtbot)
    finder = TableFinder()
    try:
        code = TableCode.parse(session.code)
        finder.start()

        def mine() -> list[FoundTable]:  # other tests' tables may be heard beside it
            return [t for t in finder.tables() if t.port == session.link.port]

        qtbot.waitUntil(lambda: len(mine()) == 1, timeout=WAIT_MS)
        heard = mine()[0]
        assert heard.key == relay_wire.table_key(code.nameplate)
        assert (heard.name, heard.port) == ("Gran", session.link.port)
        announcer = session._announcer
        assert announcer is not None
        info = announcer.info(LOOPBACK)
        said = b" ".join([info.text, info.name.encode(), (info.server or "").encode()]).lower()
        for word in {*code.words, *code.spoken("fr").split("-")[:-1]}:
            assert word.encode() not in said, word
        assert str(code.number).encode() not in info.text
    finally:
        finder.stop()
        session.close()
        controller.stop()


def test_a_code_not_on_the_home_network_is_said_at_once_without_a_relay(
    qtbot: QtBot, home_on_loopback: None
) -> None:
    joining = join(TableCode.new().text)
    with qtbot.waitSignal(joining.result, timeout=LOOKUP_MS + 2000) as answer:
        pass
    assert "No table with that code was found on this home network" in answer.args[0]
    joining.cancel()


def test_with_a_relay_a_typed_code_joins_whichever_answers(
    qtbot: QtBot, home_on_loopback: None, relay_runner: RelayRunner
) -> None:
    # The host announces nowhere the joiner listens: only the relay answers.
    discovery.HOME = HomeNetwork(["203.0.113.77"], ["203.0.113.77"])
    session, controller = hosted(qtbot, relay=relay_runner.url)
    joining: JoinSession | None = None
    try:
        qtbot.waitUntil(lambda: len(relay_runner.relay.tables) == 1, timeout=WAIT_MS)
        discovery.HOME = HomeNetwork(LOOPBACK, LOOPBACK)
        joining = join(session.code, relay=relay_runner.url)
        with qtbot.waitSignal(joining.result, timeout=WAIT_MS) as answer:
            pass
        assert answer.args == [""]
        way = joining.controller._link
        assert isinstance(way, CodeLink) and isinstance(way.chosen, WebSocketClient)
        assert way.chosen._url == relay_runner.url
    finally:
        if joining is not None:
            joining.cancel()
        session.close()
        controller.stop()


def test_false_announcements_of_the_key_do_not_keep_a_code_from_its_table(
    qtbot: QtBot, home_on_loopback: None
) -> None:
    """Anyone on the home network may announce anything: the table's key at a dead
    address, a key that is no key, a version that is no number. The join still reaches
    the table (each address heard is tried; a dead one fails, the table answers)."""
    session, controller = hosted(qtbot)
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    dead_port = closed.getsockname()[1]
    closed.close()  # nothing listens there now
    key = relay_wire.table_key(TableCode.parse(session.code).nameplate)
    stale = TableAnnouncer("Gran", dead_port, key=key)
    joining: JoinSession | None = None
    try:
        stale.start()  # announcing takes a second or two: all three at once
        zc = Zeroconf(interfaces=LOOPBACK, ip_version=IPVersion.V4Only)
        garbled = ServiceInfo(
            discovery.SERVICE,
            f"Mallory.{discovery.SERVICE}",
            addresses=[socket.inet_aton("127.0.0.1")],
            port=dead_port,
            properties={"v": "9" * 200, "name": "\x07" * 40, "key": "Z" * 64},
            server="mallory.local.",
        )
        zc.register_service(garbled, allow_name_change=True)
        announcer = session._announcer
        assert announcer is not None and announcer.registered.wait(WAIT_MS / 1000)
        assert stale.registered.wait(WAIT_MS / 1000)
        finder = TableFinder()
        finder.start()
        ports = {session.link.port, dead_port}  # other tests' tables may be heard too

        def these() -> list[FoundTable]:
            return [t for t in finder.tables() if t.port in ports]

        qtbot.waitUntil(lambda: len(these()) == 3, timeout=WAIT_MS)
        assert sorted(t.key for t in these()) == ["", key, key]  # no key: none
        assert {t.version for t in these()} == {VERSION, 0}
        finder.stop()
        joining = join(session.code)
        with qtbot.waitSignal(joining.result, timeout=WAIT_MS) as answer:
            pass
        assert answer.args == [""]
        way = joining.controller._link
        assert isinstance(way, CodeLink) and isinstance(way.chosen, WebSocketClient)
        assert way.chosen._url == f"ws://127.0.0.1:{session.link.port}"
    finally:
        if joining is not None:
            joining.cancel()
        stale.stop()
        with contextlib.suppress(NameError):
            zc.close()
        session.close()
        controller.stop()
