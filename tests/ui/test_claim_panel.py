"""The claim on the table: offered over the action panel in plain words; one click plays
the rest out; an opponent's claim shows its cards and takes the focus (Enter accepts)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import Phase, Seat, Team, sort_hand
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.main_window import MainWindow
from tests.app.test_claims_play import claim_for, find_state, tricks_left
from tests.ui.windows import NewTable


def window_at(
    qtbot: QtBot,
    new_table: NewTable,
    seats: tuple[Seat, ...],
    seed: int,
    size: tuple[int, int] = (1000, 720),
    settings: Settings | None = None,
) -> tuple[GameController, MainWindow]:
    """The game and its window at a hand where `seats` can claim the rest (found from
    `seed`), the claim on the table."""
    state = find_state(claim_for(seats, certain=True), seed)
    controller, window = new_table(seed=5, claims=True, size=size, settings=settings)
    controller.open_record(state)
    qtbot.waitUntil(window.view.claim_panel.isVisible, timeout=20_000)
    return controller, window


def test_the_persons_claim_is_one_click(qtbot: QtBot, new_table: NewTable) -> None:
    c, window = window_at(qtbot, new_table, (Seat.S,), 2)
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
    hand = c.state.hand
    assert hand is not None
    ns_before = sum(1 for t in hand.tricks if t.winner(hand.trump).team is Team.NS)
    panel.accept_button.click()
    assert not panel.isVisible()
    qtbot.waitUntil(lambda: c.state.phase is not Phase.PLAY, timeout=20_000)
    assert c.state.results[-1].tricks_won[Team.NS.value] == ns_before + left
    c.stop()


def test_an_opponents_claim_shows_its_cards(qtbot: QtBot, new_table: NewTable) -> None:
    c, window = window_at(qtbot, new_table, (Seat.W, Seat.E), 7)
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


def test_after_accepting_a_claim_the_panel_never_says_your_turn(
    qtbot: QtBot, new_table: NewTable
) -> None:
    """Issue 38: "Your turn…" flashed up while an accepted claim's cards were played out."""
    c, window = window_at(qtbot, new_table, (Seat.W, Seat.E), 7)
    action = window.view.action_panel
    said: list[str] = []

    def look(*_: object) -> None:  # after the panel's own refresh (connected before)
        if action.isVisible() and action.prompt.isVisible():
            said.append(action.prompt.text())

    c.turn_changed.connect(look)
    c.state_changed.connect(look)
    window.view.claim_panel.accept_button.click()
    qtbot.waitUntil(lambda: c.state.phase is not Phase.PLAY, timeout=20_000)
    assert said, "the panel said nothing while the claim was played out"
    assert not any(text.startswith("Your") for text in said), [t for t in said if "Your" in t]
    assert all(text == "The rest of the hand is played out…" for text in said), said[:40]
    c.stop()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_claim_at_800x600_extra_large_leaves_the_trick_in_sight(
    qtbot: QtBot, new_table: NewTable, settings_file: Settings, language: str
) -> None:
    """Issue 38: there the action panel's band crosses the trick, and the claim, growing up
    from it, half-covered a card of the trick. It now goes where it covers the least."""
    assert install_language(language) is None
    try:
        settings_file.text_size = "extra_large"
        controller, window = window_at(
            qtbot, new_table, (Seat.W, Seat.E), 7, (800, 600), settings_file
        )
        panel = window.view.claim_panel
        view = window.view
        cards = [
            view.mapFromScene(item.sceneBoundingRect()).boundingRect()
            for _, item in view.table_scene.trick
        ]
        assert len(cards) >= 2
        place = panel.geometry()
        for card in cards:
            part = place.intersected(card)
            covered = 0 if part.isEmpty() else part.width() * part.height()
            # Before: 37 % (English) and 27 % (French) of the third card under the claim.
            assert covered <= card.width() * card.height() / 10, (place, card)
        assert window.view.viewport().rect().contains(place)  # whole, in the window
        action = view.action_panel
        if action.isVisible():  # no strip of the old panel left in sight beside the claim
            assert place.contains(action.geometry()), (place, action.geometry())
        controller.stop()
    finally:
        install_language("en")
