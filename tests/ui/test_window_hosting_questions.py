"""The host's questions on the window: someone asks to sit (Not now by default, and the
question goes if they leave), and the away reminder (Wait by default; yes lets a computer
play that one turn). A family table on a loopback link, in one process."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.family_play.family_table import AWAY_SECONDS, FamilyTable
from kaiser_desktop.family_play.links import LoopbackHub
from kaiser_desktop.net.protocol import Hello, Message, Refused
from kaiser_desktop.net.table_code import TableTicket
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui.main_window import MainWindow
from tests.ui.windows import NewTable


class _Session:
    """What the window needs of a hosted table (family_session.py `HostSession`)."""

    def __init__(self, table: FamilyTable) -> None:
        self.table = table
        self.code = table.ticket.code.text

    def close(self, *, ending: bool = False) -> None:
        self.table.close(ending=ending)


def host_table(
    new_table: NewTable, settings: Settings | None = None
) -> tuple[GameController, MainWindow]:
    """The host's game (computers in every seat, no level of its own) in its window, off
    screen."""
    return new_table(
        seating=Seating.all_computers(),
        seed=3,
        level=None,
        size=None,
        settings=settings,
        shown=False,
    )


def test_the_hosts_questions_default_to_the_safe_answer(qtbot: QtBot, new_table: NewTable) -> None:
    now = [1000.0]
    c, window = host_table(new_table)
    hub = LoopbackHub(proven=False)
    table = FamilyTable(
        c, hub.host, TableTicket.issue(now[0]), host_name="Gran", clock=lambda: now[0]
    )
    window.host_table(_Session(table))  # type: ignore[arg-type]
    hosting = window.hosting
    assert hosting is not None
    heard: list[Message] = []

    def ask(name: str) -> int:
        link = hub.connect()
        link.connected.connect(lambda: link.send(Hello("test", name, Seat.N, None)))
        link.received.connect(heard.append)
        qtbot.waitUntil(lambda: name in table.asking().values(), timeout=3000)
        return link.conn

    # Enter on the question is Not now: the person is told so.
    first = ask("Robin")
    box = hosting.questions[("seat", first)]
    assert box.text() == "Robin asks to sit at the table. Let them in?"
    assert box.defaultButton().text() == "Not now" and box.escapeButton() is box.defaultButton()
    box.defaultButton().click()
    qtbot.waitUntil(lambda: any(isinstance(m, Refused) for m in heard), timeout=3000)
    assert [m.reason for m in heard if isinstance(m, Refused)] == ["not_now"]
    assert hosting.questions == {} and table.asking() == {}
    # Someone who leaves while the host is asked: the question goes by itself.
    second = ask("Kim")
    assert ("seat", second) in hosting.questions
    hub.drop(second)
    qtbot.waitUntil(lambda: hosting.questions == {}, timeout=3000)
    # Let in, then away on their turn: Wait is the default; yes lets the computer play once.
    third = ask("Lou")
    yes = next(b for b in hosting.questions[("seat", third)].buttons() if b.text() == "Let them in")
    yes.click()
    qtbot.waitUntil(lambda: table.remote_people() == {Seat.N: "Lou"}, timeout=3000)
    with qtbot.waitSignal(c.turn_changed, timeout=20_000, check_params_cb=lambda s, p: s is Seat.N):
        table.start_game()
    qtbot.waitUntil(lambda: c.state.to_act is Seat.N and not c.busy, timeout=20_000)
    now[0] += AWAY_SECONDS + 1
    table.check_away()
    box = hosting.questions[("away", Seat.N)]
    assert box.text() == "Let the computer play this turn for Lou?"
    assert box.defaultButton().text() == "Wait"
    moved: list[Seat] = []
    c.bot_decided.connect(lambda seat, action, reason: moved.append(seat))
    next(b for b in box.buttons() if b.text() == "Let the computer play").click()
    qtbot.waitUntil(lambda: moved[:1] == [Seat.N], timeout=10_000)
    assert c.remote_seats.plays(Seat.N) and hosting.questions == {}
    window.end_hosting()
    c.stop()


def test_the_hosts_plate_says_a_computer_plays_for_someone_away(
    qtbot: QtBot, new_table: NewTable, tmp_path: Path
) -> None:
    """Issue 37: the host's screen forgot after 2-3 s that a computer played a dropped
    seat; the name plate now says so for as long as it lasts."""
    c, window = host_table(new_table, Settings(tmp_path / "settings.ini"))
    hub = LoopbackHub()  # the person proved the code
    table = FamilyTable(
        c, hub.host, TableTicket.issue(1000.0), host_name="Gran", clock=lambda: 1000.0
    )
    window.host_table(_Session(table))  # type: ignore[arg-type]
    link = hub.connect()
    link.connected.connect(lambda: link.send(Hello("test", "Ann", Seat.N, None)))
    qtbot.waitUntil(lambda: table.remote_people() == {Seat.N: "Ann"}, timeout=3000)
    table.start_game()
    plate = window.view.table_scene.plates[Seat.N]
    qtbot.waitUntil(lambda: plate.text.startswith("Ann"), timeout=3000)
    assert "computer" not in plate.text
    hub.drop(link.conn)
    qtbot.waitUntil(lambda: plate.text == "Ann (computer for now)", timeout=3000)
    # Nothing more happens, and that is what is shown: longer than the old plate took to
    # forget (2-3 s), the game going on meanwhile, the plate still says it.
    qtbot.wait(3500)
    assert plate.text == "Ann (computer for now)"
    assert window.local is not None and window.local.seating.name(Seat.N) == "Ann"
