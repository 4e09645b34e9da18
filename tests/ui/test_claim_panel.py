"""The claim on the table: offered over the action panel in plain words; one click plays
the rest out; an opponent's claim shows its cards and takes the focus (Enter accepts)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.rules import Phase, Seat, Team, sort_hand
from kaiser_desktop.ui.main_window import MainWindow
from tests.app.test_claims_play import claim_for, find_state, tricks_left


def window_at(qtbot: QtBot, seats: tuple[Seat, ...], seed: int) -> MainWindow:
    state = find_state(claim_for(seats, certain=True), seed)
    controller = GameController(level="basic", seed=5, pace=INSTANT, claims=True)
    window = MainWindow(controller)
    qtbot.addWidget(window)
    window.resize(1000, 720)
    window.show()
    qtbot.waitExposed(window)
    controller.open_record(state)
    qtbot.waitUntil(window.view.claim_panel.isVisible, timeout=20_000)
    return window


def test_the_persons_claim_is_one_click(qtbot: QtBot) -> None:
    window = window_at(qtbot, (Seat.S,), 2)
    c = window.controller
    panel = window.view.claim_panel
    left = tricks_left(c.state)
    words = "The last trick is yours" if left == 1 else f"The last {left} tricks are yours"
    assert words in panel.text.text()
    assert "finish the hand?" in panel.text.text()
    assert panel.accept_button.text() == "&Finish the hand"
    # It sits over the action panel, not over the trick in the middle of the table.
    action = window.view.action_panel.geometry()
    assert panel.geometry().bottom() == action.bottom()
    assert QApplication.focusWidget() is not panel.accept_button  # they may just play on
    ns_before = sum(
        1
        for t in c.state.hand.tricks
        if t.winner(c.state.hand.trump).team is Team.NS  # type: ignore[union-attr]
    )
    panel.accept_button.click()
    assert not panel.isVisible()
    qtbot.waitUntil(lambda: c.state.phase is not Phase.PLAY, timeout=20_000)
    assert c.state.results[-1].tricks_won[Team.NS.value] == ns_before + left
    c.stop()


def test_an_opponents_claim_shows_its_cards(qtbot: QtBot) -> None:
    window = window_at(qtbot, (Seat.W, Seat.E), 7)
    c = window.controller
    panel = window.view.claim_panel
    offer = c.offered_claim
    assert offer is not None
    seat = offer[0]
    hand = c.state.hand
    assert hand is not None
    text = panel.text.text()
    assert f"{c.seating.name(seat)} claims the last" in text
    for card in sort_hand(hand.hand_of(seat)):
        assert card.label in text
    assert QApplication.focusWidget() is panel.accept_button  # Enter accepts
    panel.refuse_button.click()  # play it out: the table carries on
    assert not panel.isVisible()
    qtbot.waitUntil(lambda: c.state.phase is not Phase.PLAY or c.waiting_for_human() == Seat.S,
                    timeout=20_000)  # fmt: skip
    assert c.offered_claim is None
    c.stop()
