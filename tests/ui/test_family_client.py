"""The main window on a RemoteController: a person who joined a family table from another
computer plays a whole hand by clicking the table, sitting East at the host's table and
shown at South on their own screen, with everyone's names where they sit."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.family_play.links import LoopbackHub
from kaiser_desktop.family_play.remote_controller import RemoteController
from kaiser_desktop.net.rotation import rotate_result, rotate_view
from kaiser_desktop.rules import (
    Card,
    HandResult,
    MakeBid,
    Phase,
    Play,
    RuleSet,
    Seat,
    observe,
    sort_hand,
)
from kaiser_desktop.rules.state import evolve
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.scripted_player import ScriptedPlayer
from tests.family_play.family_host_fake import CODE, FakeHost

HAND_TIMEOUT_MS = 60_000


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[tuple[FakeHost, RemoteController, MainWindow]]:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet(), seed=7)
    client = RemoteController(hub.connect(), name="Robin", table_code=CODE, seat=Seat.E)
    client.pace = INSTANT
    window = MainWindow(client)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: client.step is not None, timeout=5000)
    yield host, client, window
    client.stop()


def test_a_whole_hand_through_the_clients_table(
    qtbot: QtBot, table: tuple[FakeHost, RemoteController, MainWindow]
) -> None:
    host, client, window = table
    scene = window.view.table_scene
    # Robin sits East: the host Gran (South) shows at West, Pat (North) at East, and Sam
    # (West), Robin's partner, at North.
    assert scene.plates[Seat.S].text == "You"
    assert "Gran" in scene.plates[Seat.W].text
    assert "Pat" in scene.plates[Seat.E].text
    assert "Sam" in scene.plates[Seat.N].text
    # The host's alone: hidden; New game leaves the table.
    assert not window.menus.undo_action.isVisible() and not window.menus.replay_action.isVisible()
    assert window.menus.new_action.text() == "&Leave the table…"

    checks = {"cards": 0}

    def table_matches_view(seat: Seat, card: Card) -> None:
        view = client.view()
        assert scene.shown_south() == list(sort_hand(view.hand))
        counts = scene.shown_counts()
        for other in (Seat.N, Seat.E, Seat.W):
            assert counts[other] == view.hand_sizes[other.value], other
        checks["cards"] += 1

    client.card_played.connect(table_matches_view)
    player = ScriptedPlayer(window)
    scored: list[HandResult] = []
    client.hand_scored.connect(scored.append)
    # The summary's Next hand is pressed below, by this test, not by the scripted player.
    client.hand_scored.connect(lambda result: setattr(player, "enabled", False))
    # The fake host plays its computers (and Gran) a moment after each step.
    ticker = QTimer()
    ticker.timeout.connect(lambda: not host.state.results and host.play_computers())
    ticker.start(5)
    try:
        qtbot.waitUntil(lambda: bool(host.state.results), timeout=HAND_TIMEOUT_MS)
    finally:
        ticker.stop()
    qtbot.waitUntil(lambda: client.step == host.step, timeout=5000)
    assert host.refusals == []
    assert any(isinstance(a, Play) for a in player.actions)
    assert any(isinstance(a, MakeBid) for a in player.actions)
    assert checks["cards"] == 32
    # The screen reader hears the other people's moves as it hears the computers'.
    spoken = window.view.access.spoken
    for name in ("Gran", "Pat", "Sam"):
        assert any(text.startswith(f"{name} plays ") for text in spoken), (name, spoken[-8:])
    shown = rotate_view(observe(host.state, Seat.E), 1)
    assert client.view() == evolve(shown, results=tuple(shown.results))
    assert client.view().phase in (Phase.HAND_SCORED, Phase.GAME_OVER)
    qtbot.waitUntil(lambda: bool(scored), timeout=5000)  # after the last trick's sweep
    assert scored == [rotate_result(host.state.results[0], 1)]
    summary = window.view.summary
    assert scored[0].kind == "played"  # this seed's hand is bid and played out
    qtbot.waitUntil(summary.isVisible, timeout=5000)
    # Review is offered; this fake host sends no hand's record, so it says to wait.
    assert summary.review_button.isVisible()
    said: list[str] = []
    window.inform = lambda title, text: said.append(text)
    assert window.review.open_review(1) is None
    assert said and "not sent this hand" in said[-1]
    # Next hand closes the summary; the host deals when the host is ready.
    player.click_button(summary.next_button)
    assert not summary.isVisible()
    step = host.step
    qtbot.wait(50)  # nothing more happens: the next deal waits for the host
    assert host.step == step
    with qtbot.waitSignal(client.dealt, timeout=5000):
        host.deal()
    assert client.view().hand_number == 2
    assert scene.shown_south() == list(sort_hand(client.view().hand))


def test_leaving_the_table_is_asked_first(
    qtbot: QtBot, table: tuple[FakeHost, RemoteController, MainWindow]
) -> None:
    host, client, window = table
    left: list[bool] = []
    window.left_table.connect(lambda: left.append(True))
    window.confirm = lambda title, text: False
    window.menus.new_action.trigger()
    assert left == [] and client.connected
    window.confirm = lambda title, text: True
    window.menus.new_action.trigger()
    assert left == [True] and not client.connected
    qtbot.waitUntil(lambda: not host.seats, timeout=3000)


def test_quick_messages_are_said_and_shown(
    qtbot: QtBot, table: tuple[FakeHost, RemoteController, MainWindow]
) -> None:
    host, _client, window = table
    assert window.family is not None
    said = window.family.quick_actions["one_moment"]
    assert said.text() == "One moment please."
    said.trigger()
    qtbot.waitUntil(
        lambda: "One moment please." in window.statusBar().currentMessage(), timeout=3000
    )
    assert window.statusBar().currentMessage() == "You: One moment please."
    assert window.view.action_panel.notice.text() == "You: One moment please."
    assert "You: One moment please." in window.view.access.spoken
    assert any(type(m).__name__ == "Quick" for _, m in host.received)


def test_a_hint_comes_from_the_clients_own_view(
    qtbot: QtBot, table: tuple[FakeHost, RemoteController, MainWindow]
) -> None:
    host, client, window = table
    host.deal()
    while host.state.to_act is not Seat.E:
        host.play_computers()
    qtbot.waitUntil(lambda: client.waiting_for_human() is Seat.S, timeout=5000)
    assert window.menus.hint_action.isEnabled()
    window.show_hint()
    qtbot.waitUntil(lambda: window.last_hint is not None, timeout=60_000)
    assert window.last_hint is not None
    assert window.last_hint.action in client.view().legal


def test_settings_change_the_look_and_language_not_the_family_table(
    qtbot: QtBot, tmp_path: Path
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet(), seed=7)
    settings = Settings(tmp_path / "settings.ini")
    client = RemoteController(hub.connect(), name="Robin", table_code=CODE, seat=Seat.E)
    window = MainWindow(client, settings=settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    try:
        qtbot.waitUntil(lambda: client.step is not None, timeout=5000)
        assert window.preferences is not None and window.menus.settings_action.isVisible()
        scale = window.view.table_scene.text_scale
        settings.text_size = "extra_large"
        assert window.view.table_scene.text_scale > scale
        # Names, rules and level in Settings are this person's own games': the family
        # table keeps the host's names and says no "next game" note.
        settings.set_name(Seat.N, "Bobby")
        settings.computer_level = "basic"
        assert client.seating.name(Seat.N) == "Sam"
        assert window.preferences.next_game_note() == ""
        settings.language = "fr"
        assert window.menus.new_action.text() == "Quitter la &table…"
        assert client.seating.name(Seat.S) == "Vous"
        assert "Gran" in window.view.table_scene.plates[Seat.W].text
    finally:
        settings.language = "en"
        client.stop()
    assert host.step == 0


GONE = "Gran's computer is not answering. Your seat is kept; the game goes on when Gran is back."


def test_the_joiner_always_knows_what_the_table_waits_for(
    qtbot: QtBot, table: tuple[FakeHost, RemoteController, MainWindow]
) -> None:
    """Before the deal, who is awaited and for what; the host's computer gone, said for as
    long as it lasts, and never "Your lead" meanwhile."""
    host, client, window = table
    panel = window.view.action_panel
    qtbot.waitUntil(lambda: panel.prompt.text() == "Waiting for Gran to start the game.")
    assert panel.prompt.isVisible()
    host.deal()
    while host.state.to_act is not Seat.E:
        host.play_computers()
    qtbot.waitUntil(lambda: client.waiting_for_human() is Seat.S, timeout=3000)
    qtbot.waitUntil(lambda: panel._mode.startswith("me:"), timeout=3000)
    assert panel.prompt.text().endswith("bid or pass.")
    assert "Press P to pass" in window.status_label.text()
    host.hub.drop(client._link.conn)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: panel.prompt.text() == GONE, timeout=3000)
    # Issue 38: the status bar said "Press P to pass" while no one could act.
    assert "Press P" not in window.status_label.text(), window.status_label.text()
    # Said at once, whole, as the prompt, for as long as it lasts (not a passing notice).
    assert not panel.notice.isVisible()
    assert panel.prompt.isVisible() and not panel.hint_button.isVisible()
    assert not any(b.isVisible() for b in panel.buttons.findChildren(QPushButton))
    assert client.waiting_for_human() is None
    qtbot.wait(50)  # nothing more happens: the words stay
    assert panel.prompt.text() == GONE
