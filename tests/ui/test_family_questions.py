"""The family table's questions (issue 37.7): the window's × asks as Leave the table…
does; the safe answer is the default; the host's New game asks once and the others read
that the family game ended."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.family_play.family_table import FamilyTable
from kaiser_desktop.family_play.links import LoopbackHub
from kaiser_desktop.family_play.remote_controller import RemoteController
from kaiser_desktop.net.table_code import TableTicket
from kaiser_desktop.rules import RuleSet, Seat
from kaiser_desktop.ui.main_window import MainWindow
from tests.family_play.family_host_fake import CODE, FakeHost


class WindowsClose(QCloseEvent):
    """A close as the window manager's × sends it (spontaneous, unlike close())."""

    def spontaneous(self) -> bool:
        return True


@pytest.fixture
def joined(qtbot: QtBot) -> Iterator[tuple[FakeHost, RemoteController, MainWindow]]:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet(), seed=7)
    client = RemoteController(hub.connect(), name="Robin", table_code=CODE, seat=Seat.E)
    client.pace = INSTANT
    window = MainWindow(client)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: client.step is not None, timeout=5000)
    yield host, client, window
    client.stop()


def test_the_windows_close_box_asks_as_leave_the_table_does(
    qtbot: QtBot, joined: tuple[FakeHost, RemoteController, MainWindow]
) -> None:
    host, client, window = joined
    asked: list[str] = []

    def no(title: str, text: str) -> bool:
        asked.append(text)
        return False

    window.confirm = no
    event = WindowsClose()
    window.closeEvent(event)
    assert asked == ["Leave the family table? A computer will play your seat."]
    assert not event.isAccepted() and client.connected  # "No": still at the table
    window.confirm = lambda title, text: True
    event = WindowsClose()
    window.closeEvent(event)
    assert event.isAccepted() and not client.connected
    qtbot.waitUntil(lambda: not host.seats, timeout=3000)


def test_a_close_that_is_not_the_close_box_does_not_ask(
    qtbot: QtBot, joined: tuple[FakeHost, RemoteController, MainWindow]
) -> None:
    """Quit, or a signal: the seat is kept for the next start, nothing is asked."""
    _host, _client, window = joined

    def never(title: str, text: str) -> bool:
        pytest.fail("asked")

    window.confirm = never
    event = QCloseEvent()
    window.closeEvent(event)
    assert event.isAccepted()


def test_enter_answers_the_safe_yes_of_an_offer(qtbot: QtBot) -> None:
    window = MainWindow(GameController(RuleSet(), seed=1, pace=INSTANT))
    qtbot.addWidget(window)
    window.show()

    def press(key: Qt.Key) -> None:
        box = QApplication.activeModalWidget()
        assert box is not None
        QTest.keyClick(box, key)

    QTimer.singleShot(50, lambda: press(Qt.Key.Key_Return))
    assert window.offer("Your family table", "Go back to Gran's table?", "Go back", "Not now")
    QTimer.singleShot(50, lambda: press(Qt.Key.Key_Escape))
    assert not window.offer("Your family table", "Go back?", "Go back", "Not now")


def test_the_hosts_new_game_asks_once_and_the_others_read_it_ended(qtbot: QtBot) -> None:
    hub = LoopbackHub()
    controller = GameController(RuleSet(), seed=4, pace=INSTANT, level="basic")
    window = MainWindow(controller)
    qtbot.addWidget(window)
    asked: list[str] = []

    def yes(title: str, text: str) -> bool:
        asked.append(text)
        return True

    window.confirm = yes
    ticket = TableTicket.issue(time.time())

    class Session:  # what the window's hosting part reads of a HostSession
        def __init__(self) -> None:
            self.table = FamilyTable(controller, hub.host, ticket, host_name="Gran")
            self.code = ticket.code.text

        def close(self, *, ending: bool = False) -> None:
            self.table.close(ending=ending)

    session = Session()
    window.host_table(session)  # type: ignore[arg-type]
    person = RemoteController(hub.connect(), name="Tom", table_code=ticket.code.text)
    person.pace = INSTANT
    ended: list[str] = []
    person.table_closed.connect(ended.append)
    qtbot.waitUntil(lambda: person.seat is not None, timeout=3000)
    session.table.start_game()
    qtbot.waitUntil(lambda: controller.in_progress(), timeout=3000)
    window.menus.new_action.trigger()
    assert len(asked) == 1 and asked[0].startswith("End the family game")
    qtbot.waitUntil(lambda: ended == ["Gran ended the family game."], timeout=3000)
    assert window.hosting is None
    controller.stop()
