"""A joining app that restarts while seated asks "Go back to ‹host›'s table?" and goes back
in one click (issue 37.3); the seat is kept while seated and forgotten when the person
leaves. A real host window and table on loopback, as tests/ui/test_family_play.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop import family
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.settings import SavedSeat, Settings
from kaiser_desktop.family_play.remote_controller import RemoteController
from kaiser_desktop.rules import RuleSet, Seat
from kaiser_desktop.ui.main_window import MainWindow

pytestmark = pytest.mark.usefixtures("home_network")  # a hosted table is announced


def window_for(qtbot: QtBot, controller: GameController, settings: Settings) -> MainWindow:
    window = MainWindow(controller, settings=settings, play_with_family=family.opener(settings))
    qtbot.addWidget(window)
    window.confirm = lambda title, text: True
    window.inform = lambda title, text: None
    window.run_dialog = lambda dialog: 0  # no welcome or other dialog waits for a click
    settings.welcome_done = True
    window.show()
    return window


def joined_windows(*besides: MainWindow) -> list[MainWindow]:
    from PySide6.QtWidgets import QApplication

    return [
        w
        for w in QApplication.topLevelWidgets()
        if isinstance(w, MainWindow) and w.isVisible() and w not in besides
    ]


def test_a_restarted_joiner_goes_back_to_the_table_in_one_click(
    qtbot: QtBot, tmp_path: Path
) -> None:
    host_settings = Settings(tmp_path / "host.ini")
    host_controller = GameController(RuleSet(), seed=11, pace=INSTANT, level="basic")
    host = window_for(qtbot, host_controller, host_settings)
    hosted = family.family_starts(host, host_settings).host("Gran")
    assert not isinstance(hosted, str) and host.hosting is not None
    session = host.hosting.session
    qtbot.waitUntil(lambda: session.link.port != 0, timeout=10_000)
    address = f"127.0.0.1:{session.link.port}"

    ini = tmp_path / "join.ini"
    settings = Settings(ini)
    home = window_for(qtbot, GameController(RuleSet(), seed=2, pace=INSTANT), settings)
    joining = family.family_starts(home, settings).join("Tom", "", address)
    assert not isinstance(joining, str)
    answers: list[str | None] = []
    joining.on_result(answers.append)
    # Picked on the home network without the code: the host lets Tom in (seats36's question).
    hosting = host.hosting
    qtbot.waitUntil(lambda: ("seat", 1) in hosting.questions, timeout=15_000)
    question = hosting.questions[("seat", 1)]
    next(b for b in question.buttons() if b.text() == "Let them in").click()
    qtbot.waitUntil(lambda: answers == [None], timeout=15_000)
    (joined,) = joined_windows(host, home)
    hosted.start_game()
    qtbot.waitUntil(lambda: settings.saved_seat is not None, timeout=5000)
    qtbot.waitUntil(lambda: (settings.saved_seat or SavedSeat("", "", "", "")).host == "Gran")
    kept = settings.saved_seat
    assert kept is not None and kept.seat == "N" and kept.address == address
    remote = joined.controller
    assert isinstance(remote, RemoteController)
    assert kept.name == "Tom" and kept.token == remote.token

    # The app dies (no goodbye, nothing forgotten): the host's computer plays Tom's seat.
    remote._ended = True  # as a killed app: its link simply goes
    link = remote._link
    assert link is not None
    link.close()
    qtbot.waitUntil(lambda: session.seats()[1].kind == "stand_in", timeout=10_000)
    joined.hide()

    # The next start, with the same settings file.
    again = Settings(ini)
    restarted = window_for(qtbot, GameController(RuleSet(), seed=3, pace=INSTANT), again)
    questions: list[tuple[str, str, str]] = []

    def offer(title: str, text: str, yes: str, no: str) -> bool:
        questions.append((text, yes, no))
        return True  # one click: Go back

    restarted.offer = offer
    family.start_or_reopen(restarted, again, None)
    assert questions == [
        ("You were playing at Gran's table. Go back to Gran's table?", "Go back", "Not now")
    ]
    qtbot.waitUntil(lambda: len(joined_windows(host, home, joined, restarted)) == 1, timeout=15_000)
    (back,) = joined_windows(host, home, joined, restarted)
    assert isinstance(back.controller, RemoteController)
    assert back.controller.seat == Seat.N  # the same seat, given back by the token
    qtbot.waitUntil(lambda: session.seats()[1].kind == "person", timeout=10_000)

    # Leaving the table forgets it: the next start asks nothing.
    back.confirm = lambda title, text: True
    back.menus.new_action.trigger()
    qtbot.waitUntil(lambda: Settings(ini).saved_seat is None, timeout=5000)

    def never(title: str, text: str, yes: str, no: str) -> bool:
        pytest.fail("asked again")

    restarted.offer = never
    family.start_or_reopen(restarted, Settings(ini), None)
    host.end_hosting()
    host_controller.stop()


def test_not_now_forgets_the_seat(qtbot: QtBot, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "s.ini")
    settings.saved_seat = SavedSeat("Gran", "Tom", "t" * 20, "N", address="127.0.0.1:9")
    window = window_for(qtbot, GameController(RuleSet(), seed=2, pace=INSTANT), settings)
    window.offer = lambda title, text, yes, no: False
    assert family.offer_to_go_back(window, settings) is None
    assert settings.saved_seat is None


def test_a_saved_seat_round_trips_and_a_bad_one_reads_as_none(tmp_path: Path) -> None:
    settings = Settings(tmp_path / "s.ini")
    seat = SavedSeat(
        "Gran", "Tom", "t" * 20, "E", code="maple-river-lantern-otter-427",
        relay="wss://relay.example.org", host_key="ab" * 32,
    )  # fmt: skip
    settings.saved_seat = seat
    assert Settings(tmp_path / "s.ini").saved_seat == seat
    for bad in (
        "not json", "[]", json.dumps({**seat.to_json(), "token": ""}),
        json.dumps({**seat.to_json(), "seat": "X"}),
        json.dumps({**seat.to_json(), "code": "", "address": ""}),
        json.dumps({**seat.to_json(), "relay": "127.0.0.1:1"}),
        json.dumps({**seat.to_json(), "host_key": "not hex"}),
        json.dumps({**seat.to_json(), "host": 5}),
    ):  # fmt: skip
        settings._qs.setValue("family/seat", bad)
        assert settings.saved_seat is None, bad
