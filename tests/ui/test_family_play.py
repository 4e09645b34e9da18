"""Game → Play with family… as the app wires it (kaiser_desktop/family.py): a host window
opens a table on the real WebSocket link (loopback), a second app's window joins it as
the dialog does, both tables are clicked by scripted people through a whole hand, and the
person who joined leaves the table and gets their own window back."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop import family
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.net.table_code import FRENCH_WORDS, TableCode
from kaiser_desktop.rules import RuleSet, Seat, record
from kaiser_desktop.ui.family_dialog import FamilyDialog
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.scripted_player import ScriptedPlayer

HAND_MS = 90_000

# A hosted table is announced on the home network, where tests/net_live/test_discovery_live.py
# listens: never beside one another on two xdist workers.
pytestmark = pytest.mark.usefixtures("home_network")


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's identity key (family_play/host_identity.py) goes to a scratch folder."""
    monkeypatch.setenv("KAISER_DESKTOP_DATA_DIR", str(tmp_path / "data"))


def window_for(qtbot: QtBot, controller: GameController, settings: Settings) -> MainWindow:
    window = MainWindow(controller, settings=settings, play_with_family=family.opener(settings))
    qtbot.addWidget(window)
    window.confirm = lambda title, text: True
    window.inform = lambda title, text: None
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_game_menu_offers_family_play_only_where_the_app_wires_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    settings = Settings(tmp_path / "s.ini")
    plain = MainWindow(GameController(RuleSet(), seed=1), settings=settings)
    qtbot.addWidget(plain)
    assert not plain.menus.family_action.isVisible()
    wired = window_for(qtbot, GameController(RuleSet(), seed=1), settings)
    ran: list[object] = []
    wired.run_dialog = lambda dialog: ran.append(dialog) or 0
    assert wired.menus.family_action.isVisible()
    assert wired.menus.family_action.text() == "Play with &family…"
    wired.menus.family_action.trigger()
    assert len(ran) == 1 and isinstance(ran[0], FamilyDialog)


def test_host_join_play_a_hand_and_leave(qtbot: QtBot, tmp_path: Path) -> None:
    host_settings = Settings(tmp_path / "host.ini")
    host_controller = GameController(RuleSet(), seed=11, pace=INSTANT, level="basic")
    host = window_for(qtbot, host_controller, host_settings)
    hosted = family.family_starts(host, host_settings).host("Gran")
    assert not isinstance(hosted, str)
    assert host.hosting is not None
    session = host.hosting.session
    qtbot.waitUntil(lambda: session.link.port != 0, timeout=10_000)

    join_settings = Settings(tmp_path / "join.ini")
    home = window_for(qtbot, GameController(RuleSet(), seed=2, pace=INSTANT), join_settings)
    joining = family.family_starts(home, join_settings).join(
        "Tom", "", f"127.0.0.1:{session.link.port}"
    )
    assert not isinstance(joining, str)
    answers: list[str | None] = []
    waiting: list[str] = []
    joining.on_result(answers.append)
    joining.on_waiting(waiting.append)
    # Picked from the home network's list, without the code: the host is asked, and the
    # safe answer (Not now) is the default.
    hosting = host.hosting
    assert hosting is not None
    qtbot.waitUntil(lambda: ("seat", 1) in hosting.questions, timeout=15_000)
    question = hosting.questions[("seat", 1)]
    assert question.text() == "Tom asks to sit at the table. Let them in?"
    assert question.defaultButton().text() == "Not now"
    qtbot.waitUntil(lambda: bool(waiting), timeout=5000)
    assert waiting == ["Gran is being asked to let you sit at the table. Please wait."]
    let_in = next(b for b in question.buttons() if b.text() == "Let them in")
    let_in.click()
    qtbot.waitUntil(lambda: answers == [None], timeout=15_000)
    assert hosting.questions == {}
    # The joined window is a top-level window of its own, shown in place of the home one.
    windows = [w for w in qtbot_windows() if w not in (host, home)]
    assert len(windows) == 1
    joined = windows[0]
    joined.confirm = lambda title, text: True  # "Leave the family table?" below: yes
    joined.inform = lambda title, text: None
    qtbot.waitUntil(lambda: not home.isVisible(), timeout=5000)
    assert [s.kind for s in session.seats()] == ["person", "person", "open", "open"]
    assert session.seats()[1].name == "Tom"
    # The host keeps East for an Expert computer (the Host page's choice for that seat).
    assert hosted.choose_seat(Seat.E, "expert")
    assert [s.kind for s in session.seats()] == ["person", "person", "computer", "open"]
    assert hosted.seat_levels() == {Seat.N: None, Seat.E: "expert", Seat.W: None}
    assert host_controller.bots.level_of(Seat.E) == "expert"
    assert host_controller.bots.level_of(Seat.W) == "basic"

    hosted.start_game()
    ScriptedPlayer(host)
    ScriptedPlayer(joined)
    remote = joined.controller
    scored: list[object] = []
    remote.hand_scored.connect(scored.append)
    qtbot.waitUntil(lambda: len(scored) >= 1, timeout=HAND_MS)
    # The host's names on the joining person's table, turned so that Tom is South.
    assert joined.view.table_scene.plates[Seat.N].text == "Gran (partner)"
    assert host.view.table_scene.plates[Seat.N].text == "Tom (partner)"

    # The review of the hand: the host sent its record once it was scored; the joining
    # person sees all four hands, turned so that they are South.
    number = remote.view().results[0].number
    qtbot.waitUntil(lambda: remote.hand_game(number) is not None, timeout=5000)
    dialog = joined.review.open_review(number)
    assert dialog is not None
    assert dialog.windowTitle() == f"Review of hand {number}"
    game = remote.hand_game(number)
    assert game is not None
    theirs = record.to_json(game)["hands"][0]
    hosts = record.to_json(host_controller.state)["hands"][number - 1]
    assert theirs["deal"]["S"] == hosts["deal"]["N"]  # Tom sits North at the host's table
    assert theirs["deal"]["N"] == hosts["deal"]["S"]  # and Gran is his partner
    assert theirs["tricks"] == hosts["tricks"]
    dialog.close()

    # The host's Say menu reaches the joining person's screen, said as Gran's words.
    heard: list[tuple[Seat, str]] = []
    remote.quick_said.connect(lambda seat, said: heard.append((seat, said)))
    assert host.hosting is not None
    host.hosting.quick_actions["nice_hand"].trigger()
    qtbot.waitUntil(lambda: heard == [(Seat.N, "nice_hand")], timeout=5000)

    left: list[tuple[Seat, str]] = []
    session.table.person_left.connect(lambda seat, name: left.append((seat, name)))
    joined.menus.new_action.trigger()  # at a joined table: Leave the table… (asked: yes)
    qtbot.waitUntil(lambda: home.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: left == [(Seat.N, "Tom")], timeout=10_000)
    host.end_hosting()
    host_controller.stop()


def qtbot_windows() -> list[MainWindow]:
    from PySide6.QtWidgets import QApplication

    return [
        w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
    ]


def test_the_host_reads_the_code_in_the_apps_language(qtbot: QtBot, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "host.ini")
    host = window_for(qtbot, GameController(RuleSet(), seed=3, pace=INSTANT), settings)
    assert install_language("fr") is None
    try:
        hosted = family.family_starts(host, settings).host("Gran")
        assert not isinstance(hosted, str) and host.hosting is not None
        code = TableCode.parse(host.hosting.session.code)
        assert hosted.code == code.spoken("fr")  # shown, copied: "érable-…-427"
        assert set(code.words_in("fr")) <= set(FRENCH_WORDS)
        assert TableCode.parse(hosted.code) == code  # read back, the same table
    finally:
        install_language("en")
        host.end_hosting()
