"""The table's accessible layer (ui/table_access.py), headless: names of the hand and the
trick, keyboard focus on the card a screen reader speaks, Enter plays it, announcements,
and a picture that is the same pixel for pixel with or without the layer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.rules import Card, Phase, Play, Seat
from kaiser_desktop.ui.access_words import card_name
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.table_access import CardButton
from tests.ui.windows import NewTable


@pytest.fixture
def at_play(qtbot: QtBot, new_table: NewTable) -> Iterator[tuple[GameController, MainWindow]]:
    """A table at South's first card of the game (bids and trump answered by the test)."""
    # A little pace: with none at all a finished trick would not wait for Enter.
    controller, window = new_table(pace=Pace(0.05))
    controller.auto_play_single = False
    controller.wait_after_trick = True  # a finished trick stays until Enter: time to read it
    controller.start()
    for _ in range(40):
        qtbot.waitUntil(lambda: controller.waiting_for_human() == Seat.S, timeout=10_000)
        if controller.state.phase is Phase.PLAY:
            break
        controller.act(controller.view(Seat.S).legal[0])
    yield controller, window
    controller.stop()


def shown_cards(window: MainWindow) -> list[CardButton]:
    return [b for b in window.view.access.cards if b.isVisible()]


def test_each_card_of_the_hand_is_a_button_named_for_the_screen_reader(
    qtbot: QtBot, at_play: tuple[GameController, MainWindow]
) -> None:
    controller, window = at_play
    view = controller.view(Seat.S)
    legal = {a.card for a in view.legal if isinstance(a, Play)}
    names = [b.accessibleName() for b in shown_cards(window)]
    scene = window.view.table_scene
    assert len(names) == len(view.hand)
    for card, name in zip(scene.south_order(), names, strict=True):
        state = "playable" if card in legal else "cannot be played now"
        assert name == f"{card_name(card)}, {state}"

    # Where each card is drawn, so a magnifier or a touch of the screen finds it.
    def drawn(card: Card) -> QRect:
        return window.view.mapFromScene(scene.card_item(card).sceneBoundingRect()).boundingRect()

    qtbot.waitUntil(  # once every card has come to rest
        lambda: not any(scene.card_item(card).is_animating() for card in scene.south_order()),
        timeout=10_000,
    )
    for button, card in zip(shown_cards(window), scene.south_order(), strict=True):
        qtbot.waitUntil(lambda b=button, c=card: b.geometry() == drawn(c), timeout=5000)


def test_the_trick_the_turn_and_the_board_are_labels(
    at_play: tuple[GameController, MainWindow],
) -> None:
    controller, window = at_play
    access = window.view.access
    current = controller.view(Seat.S).current
    assert access.turn.text() == "It is your turn."
    cards = list(current.cards) if current is not None else []
    assert cards, "seed 4: South is not first to play"
    assert access.trick.text().startswith("On the table: ")
    assert access.trick.text().count("played by") == len(cards)
    shown = [label.text() for label in access.trick_cards if label.isVisible()]
    assert shown == [text.strip(" .") for text in access.trick.text()[14:].split(";")]
    texts = [label.text() for label in access.board if label.isVisible()]
    assert texts[0].startswith("Trump: ") and texts[1].startswith("Contract: ")
    assert sum(text.endswith("of 52") for text in texts) == 2


def test_a_card_is_played_by_keyboard_focus_alone(
    qtbot: QtBot, at_play: tuple[GameController, MainWindow]
) -> None:
    controller, window = at_play
    view, access = window.view, window.view.access
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), CardButton), timeout=2000)
    focused = QApplication.focusWidget()
    assert isinstance(focused, CardButton)
    card = focused.shown
    assert card is not None and card == view.table_scene.focus
    assert focused.accessibleName() == f"{card_name(card)}, playable"
    QTest.keyClick(focused, Qt.Key.Key_Return)  # the key reaches the focused card's button
    assert card not in controller.view(Seat.S).hand
    assert f"You play {card_name(card)}." in access.spoken

    def on_the_table() -> None:
        shown = [label.text() for label in access.trick_cards if label.isVisible()]
        assert f"{card_name(card)}, played by you" in shown, shown

    qtbot.waitUntil(on_the_table, timeout=2000)
    # The played card's button let go of the focus to the table, never to a bid button.
    assert QApplication.focusWidget() is view
    # The trick waits for Enter (this table's setting): the reader is told so.
    qtbot.waitUntil(lambda: controller.awaiting_click, timeout=10_000)
    qtbot.waitUntil(lambda: "press Enter to go on" in access.spoken[-1], timeout=2000)


def test_tab_from_a_card_goes_where_tab_from_the_table_goes(
    qtbot: QtBot, at_play: tuple[GameController, MainWindow]
) -> None:
    _controller, window = at_play
    view = window.view
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), CardButton), timeout=2000)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    after_card = QApplication.focusWidget()
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is after_card
    assert not isinstance(after_card, CardButton)


def test_every_move_is_announced(at_play: tuple[GameController, MainWindow]) -> None:
    _controller, window = at_play
    spoken = window.view.access.spoken
    assert any(text.endswith(("bids 6.", "passes.", "pass.")) for text in spoken), spoken
    assert any("names trump" in text for text in spoken), spoken
    assert spoken[-1].startswith("Your turn"), spoken  # the prompt, as a sighted player reads it
    assert window.view.access.latest.text() == f"Latest: {spoken[-1]}"


def test_the_layer_changes_no_pixel_of_the_table(
    qtbot: QtBot, at_play: tuple[GameController, MainWindow]
) -> None:
    _controller, window = at_play
    access = window.view.access
    scene = window.view.table_scene
    qtbot.waitUntil(  # the table stands still (no card on its way), its layer laid out
        lambda: not any(scene.card_item(c).is_animating() for c in scene.south_order()),
        timeout=10_000,
    )
    with_layer = window.view.grab().toImage()
    access.hide()  # grab() paints now: the hidden layer is simply left out
    without = window.view.grab().toImage()
    access.show()
    assert shown_cards(window), "the layer has its widgets"
    assert with_layer == without


def test_card_names_say_rank_and_suit(qapp: object) -> None:
    assert card_name(Card.from_text("AS")) == "Ace of spades"
    assert card_name(Card.from_text("5H")) == "Five of hearts"
    assert card_name(Card.from_text("TD")) == "Ten of diamonds"


def test_the_hand_s_summary_is_read_out_when_it_appears(
    qtbot: QtBot, at_play: tuple[GameController, MainWindow]
) -> None:
    controller, window = at_play
    controller.wait_after_trick = False
    for _ in range(40):  # South plays whatever is legal to the end of the hand
        qtbot.waitUntil(
            lambda: (
                controller.waiting_for_human() == Seat.S
                or controller.state.phase is Phase.HAND_SCORED
            ),
            timeout=10_000,
        )
        if controller.state.phase is Phase.HAND_SCORED:
            break
        controller.act(controller.view(Seat.S).legal[0])
    spoken = window.view.access.spoken
    qtbot.waitUntil(lambda: spoken[-1].startswith("Hand 1 is over"), timeout=5000)
    assert window.view.summary.title.text() in spoken[-1]
    assert "points" in spoken[-1] and "52" in spoken[-1], spoken[-1]  # the sums, in words
