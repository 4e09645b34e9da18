"""TableScene.set_appearance: card style, felt colour and jumbo layout, now and for new cards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Phase, Seat
from kaiser_desktop.ui.cards.card_item import CardItem
from kaiser_desktop.ui.cards.layout import compute_layout, hand_positions
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.table_scene import TableScene
from tests.ui.windows import NewTable

NEW_FELT = "#5a1e2a"


@pytest.fixture
def table(qtbot: QtBot, new_table: NewTable) -> Iterator[tuple[GameController, MainWindow]]:
    controller, window = new_table(
        seed=11, level=None, seating=Seating.all_computers(), size=(1000, 700)
    )
    controller.auto_play_single = False
    # Deal, then hold the bots so the table stands still while we look at it.
    with qtbot.waitSignal(controller.turn_changed, timeout=5000):
        controller.start()
    controller.stop()
    yield controller, window
    controller.stop()


def scene_of(window: MainWindow) -> TableScene:
    return window.view.table_scene


def grab(window: MainWindow) -> QImage:
    return window.view.viewport().grab().toImage()


def cards_of(scene: TableScene) -> list[CardItem]:
    return [item for item in scene.items() if isinstance(item, CardItem) and item.isVisible()]


def felt_spot(scene: TableScene) -> tuple[int, int]:
    """A point of bare felt: between the trick cross and West's hand, level with the top."""
    t = scene.table
    return round(t.margin / 2), round(t.height / 2)


def back_centre(scene: TableScene) -> tuple[int, int]:
    north = scene.backs[Seat.N]
    top = max(north, key=lambda item: item.zValue())  # the card nobody covers
    pos = top.pos()
    return round(pos.x()), round(pos.y())


def is_reddish(colour: QColor) -> bool:
    return colour.red() > colour.blue() + 40 and colour.red() > colour.green() + 40


def is_bluish(colour: QColor) -> bool:
    return colour.blue() > colour.red() + 40


def test_set_appearance_restyles_every_card_and_the_felt(
    qtbot: QtBot, table: tuple[GameController, MainWindow]
) -> None:
    controller, window = table
    scene = scene_of(window)
    assert controller.state.phase is not Phase.DEAL
    before = grab(window)
    x, y = back_centre(scene)
    assert is_bluish(before.pixelColor(x, y))  # the default back is blue
    fx, fy = felt_spot(scene)
    assert before.pixelColor(fx, fy) != QColor(NEW_FELT)

    scene.set_appearance(four_colour=True, jumbo=False, back_style="red", felt_colour=NEW_FELT)
    cards = cards_of(scene)
    assert cards
    for item in cards:
        assert item.style() == (True, False, "red")
    after = grab(window)
    assert is_reddish(after.pixelColor(x, y))  # the backs were drawn again, in red
    assert after.pixelColor(fx, fy) == QColor(NEW_FELT)
    assert scene.backgroundBrush().color() == QColor(NEW_FELT)
    assert window.view.backgroundBrush().color() == QColor(NEW_FELT)
    # South's faces were drawn again in four colours: their bitmaps are new ones.
    window.pictures.clear()
    south = scene.south[scene.south_order()[0]]
    four, _ = south.pixmap_for(1.0)
    south.set_style(four_colour=False)
    two, _ = south.pixmap_for(1.0)
    assert len(window.pictures) == 2 and four is not two


def test_jumbo_lays_the_table_out_again(
    qtbot: QtBot, table: tuple[GameController, MainWindow]
) -> None:
    _, window = table
    scene = scene_of(window)
    rect = scene.sceneRect()
    placed: list[object] = []
    scene.layout_changed.connect(lambda: placed.append(True))
    scene.set_appearance(four_colour=False, jumbo=True, back_style="blue", felt_colour="#1e5a32")
    assert placed  # the view re-places its floating panels
    words = scene.measure_words()  # the room of its words, as the scene measures them
    expected = compute_layout(rect.width(), rect.height(), jumbo=True, words=words)
    assert scene.table == expected
    assert scene.table != compute_layout(rect.width(), rect.height(), jumbo=False, words=words)
    spots = hand_positions(expected, "S", len(scene.south))
    for card, spot in zip(scene.south_order(), spots, strict=True):
        item = scene.south[card]
        assert (item.pos().x(), item.pos().y()) == pytest.approx((spot.x, spot.y))
        assert item.style() == (False, True, "blue")
        assert item.card_width() == pytest.approx(expected.card_width)


def test_cards_made_later_take_the_new_style(
    qtbot: QtBot, table: tuple[GameController, MainWindow]
) -> None:
    controller, window = table
    scene = scene_of(window)
    scene.set_appearance(four_colour=True, jumbo=True, back_style="green", felt_colour=NEW_FELT)
    with qtbot.waitSignal(controller.dealt, timeout=10_000):
        controller.new_game()
    controller.stop()
    new_cards = cards_of(scene)
    assert new_cards
    for item in new_cards:
        assert item.style() == (True, True, "green")


def test_unknown_back_style_or_colour_is_refused(
    table: tuple[GameController, MainWindow],
) -> None:
    scene = scene_of(table[1])
    with pytest.raises(ValueError):
        scene.set_appearance(four_colour=False, jumbo=False, back_style="pink", felt_colour="#000")
    with pytest.raises(ValueError):
        scene.set_appearance(four_colour=False, jumbo=False, back_style="red", felt_colour="nope")
