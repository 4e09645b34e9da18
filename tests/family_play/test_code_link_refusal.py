"""A typed code's way to its table (`CodeLink`) and the sealed exchange: a host that was
reached but refused (a wrong code, a paused code) is said, not "no table found"."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from kaiser_desktop.net.protocol import Refused
from tests.family_play.test_code_link import Ways


def test_a_wrong_code_said_by_a_host_is_passed_on_when_no_way_answers(qtbot: QtBot) -> None:
    ways = Ways(relay=True)
    assert ways.relay is not None
    ways.relay.received.emit(Refused("wrong_code"))  # the host's answer to the exchange
    ways.relay.lost.emit("refused by the host (wrong_code)")
    assert ways.events == []  # the home network is still being looked at
    ways.lookup.end()
    assert ways.events[0] == ("received", Refused("wrong_code"))
    assert [e[0] for e in ways.events] == ["received", "failed", "lost"]


def test_a_refusal_is_not_said_when_another_way_answers(qtbot: QtBot) -> None:
    ways = Ways(relay=True)
    assert ways.relay is not None
    ways.lookup.hear(50123)
    ways.direct[0].received.emit(Refused("not_this_table"))  # a stranger's host nearby
    ways.direct[0].lost.emit("another host than the table's answered")
    ways.relay.connected.emit()
    assert ways.events == [("connected", None)]
