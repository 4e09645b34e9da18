"""A typed code's way to its table (family_play/family_session.py `CodeLink`): looked for on
the home network and at the relay at once, whichever connection answers first is the link
and the others are closed; every way failing is said once. Scripted links, no network."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from pytestqt.qtbot import QtBot

from kaiser_desktop.family_play.discovery import FoundTable
from kaiser_desktop.family_play.family_session import CodeLink
from kaiser_desktop.family_play.links import ClientLink
from kaiser_desktop.net.protocol import Goodbye, Message, Quick, Refused

KEY = "ab" * 32


class Lookup(QObject):
    """A scripted home network look: `hear` a table, `end` the look."""

    heard = Signal(object)
    finished = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.looking = False
        self.stopped = False

    def start(self) -> None:
        self.looking = True

    def stop(self) -> None:
        self.stopped = True
        self.end()

    def end(self) -> None:
        if self.looking:
            self.looking = False
            self.finished.emit()

    def hear(self, port: int) -> None:
        self.heard.emit(FoundTable("Gran", "192.168.1.20", port, key=KEY))


class Link(ClientLink):
    """A scripted connection: `answer`, `say`, `lose`; records what it was sent."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.sent: list[Message] = []
        self.closed = False

    def send(self, message: Message) -> None:
        self.sent.append(message)

    def close(self) -> None:
        self.closed = True


class Ways:
    """A CodeLink over a scripted lookup, the direct links it made, and a relay link."""

    def __init__(self, *, relay: bool, grace_ms: int = 0) -> None:
        self.lookup = Lookup()
        self.direct: list[Link] = []
        self.relay = Link("wss://relay") if relay else None
        self.relay_asked = 0
        self.link = CodeLink(
            self.lookup,  # type: ignore[arg-type]
            self._direct,
            self._relayed if relay else None,
            relay_grace_ms=grace_ms,
        )
        self.events: list[tuple[str, object]] = []
        self.link.connected.connect(lambda: self.events.append(("connected", None)))
        self.link.received.connect(lambda m: self.events.append(("received", m)))
        self.link.lost.connect(lambda why: self.events.append(("lost", why)))
        self.link.failed.connect(lambda whys: self.events.append(("failed", whys)))
        self.link.start()

    def _direct(self, url: str) -> ClientLink:
        self.direct.append(Link(url))
        return self.direct[-1]

    def _relayed(self) -> ClientLink:
        assert self.relay is not None
        self.relay_asked += 1
        return self.relay


def test_the_home_network_answering_first_is_the_link(qtbot: QtBot) -> None:
    ways = Ways(relay=True)
    ways.lookup.hear(50123)
    assert [d.url for d in ways.direct] == ["ws://192.168.1.20:50123"]
    ways.direct[0].connected.emit()
    assert ways.link.chosen is ways.direct[0]
    assert ways.relay is not None and ways.relay.closed  # the other way is closed
    assert ways.lookup.stopped and not ways.direct[0].closed
    ways.relay.connected.emit()  # a late answer changes nothing
    ways.relay.received.emit(Quick("nice_hand"))
    ways.direct[0].received.emit(Goodbye("leaving"))
    assert ways.events == [("connected", None), ("received", Goodbye("leaving"))]
    ways.link.send(Quick("thanks"))
    assert ways.direct[0].sent == [Quick("thanks")] and ways.relay.sent == []
    ways.direct[0].lost.emit("host gone")
    assert ways.events[-1] == ("lost", "host gone")


def test_the_relay_answering_first_is_the_link(qtbot: QtBot) -> None:
    ways = Ways(relay=True)
    ways.lookup.hear(50123)
    assert ways.relay is not None
    ways.relay.connected.emit()
    assert ways.link.chosen is ways.relay
    assert ways.direct[0].closed and ways.lookup.stopped
    ways.lookup.hear(50124)  # heard after the choice: not tried
    assert len(ways.direct) == 1
    ways.link.close()
    assert ways.relay.closed
    ways.relay.lost.emit("closed")  # after close() nothing more is said
    assert ways.events == [("connected", None)]


def test_a_stale_address_fails_and_the_next_one_answers(qtbot: QtBot) -> None:
    ways = Ways(relay=False)
    ways.lookup.hear(50123)
    ways.lookup.hear(50124)
    ways.direct[0].lost.emit("connection refused")
    assert ways.events == []  # another way is still trying
    ways.direct[1].connected.emit()
    assert ways.link.chosen is ways.direct[1]
    assert ways.events == [("connected", None)]


def test_every_way_failing_is_said_once(qtbot: QtBot) -> None:
    ways = Ways(relay=True)
    assert ways.relay is not None
    ways.relay.lost.emit("refused by the relay (no_table)")
    assert ways.events == []  # the home network is still being looked at
    ways.lookup.end()
    whys = ["refused by the relay (no_table)", "not heard of on the home network"]
    assert ways.events == [("failed", whys), ("lost", "; ".join(whys))]
    ways.lookup.hear(50123)
    assert ways.direct == [] and len(ways.events) == 2


def test_with_no_relay_nothing_heard_is_said_when_the_look_ends(qtbot: QtBot) -> None:
    ways = Ways(relay=False)
    ways.lookup.end()
    assert ways.events == [
        ("failed", ["not heard of on the home network"]),
        ("lost", "not heard of on the home network"),
    ]


def test_a_table_heard_at_home_is_tried_alone_so_a_typed_code_is_one_guess(
    qtbot: QtBot,
) -> None:
    """Each way runs the sealed exchange, and the host counts each failed one as a wrong
    guess: the relay waits while the home network's address is tried."""
    ways = Ways(relay=True, grace_ms=200)
    ways.lookup.hear(50123)
    qtbot.wait(400)  # past the grace: the address heard at home is still being tried
    assert ways.relay_asked == 0 and len(ways.direct) == 1
    ways.direct[0].lost.emit("connection refused")  # that address failed: now the relay
    assert ways.relay_asked == 1
    assert ways.relay is not None
    ways.relay.connected.emit()
    assert ways.link.chosen is ways.relay and ways.events == [("connected", None)]


def test_nothing_heard_at_home_the_relay_is_tried_after_the_grace(qtbot: QtBot) -> None:
    ways = Ways(relay=True, grace_ms=100)
    assert ways.relay_asked == 0
    qtbot.waitUntil(lambda: ways.relay_asked == 1, timeout=2000)
    ways.lookup.hear(50123)  # a late answer at home is tried too; the first to answer wins
    assert ways.relay is not None
    ways.relay.connected.emit()
    assert ways.link.chosen is ways.relay and ways.direct[0].closed


def test_the_look_ending_empty_tries_the_relay_at_once(qtbot: QtBot) -> None:
    ways = Ways(relay=True, grace_ms=60_000)
    ways.lookup.end()
    assert ways.relay_asked == 1


def test_after_a_refusal_no_other_way_spends_a_guess(qtbot: QtBot) -> None:
    ways = Ways(relay=True, grace_ms=200)
    ways.lookup.hear(50123)
    ways.direct[0].received.emit(Refused("wrong_code"))
    ways.direct[0].lost.emit("refused by the host (wrong_code)")
    qtbot.wait(400)  # past the grace
    ways.lookup.hear(50124)
    assert ways.relay_asked == 0 and len(ways.direct) == 1  # one guess at the host
    ways.lookup.end()
    assert ways.events[0] == ("received", Refused("wrong_code"))
    assert [kind for kind, _ in ways.events] == ["received", "failed", "lost"]
