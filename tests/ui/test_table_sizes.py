"""The real table at a small window and at 4K: after a full deal everything is in view, and
South's cards (even lifted) stay clear of every panel, plate and bubble."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect, QRectF
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.rules import RuleSet, Seat
from kaiser_desktop.ui.cards.card_item import CardItem
from kaiser_desktop.ui.cards.layout import LIFT_FRACTION
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.table_items import BidBubble, InfoPanel, NamePlate, PileCount
from kaiser_desktop.ui.table_scene import TableScene
from tests.ui.windows import NewTable

SIZES = [(3840, 2160), (800, 600)]


@pytest.fixture
def cleanup() -> Iterator[list[GameController]]:
    made: list[GameController] = []
    yield made
    for controller in made:
        controller.stop()


def dealt_table(
    qtbot: QtBot,
    new_table: NewTable,
    cleanup: list[GameController],
    size: tuple[int, int],
    rules: RuleSet,
) -> MainWindow:
    controller, window = new_table(rules=rules, seed=21, level=None, size=size)
    cleanup.append(controller)
    # South is a person: the table waits at South's first turn with every hand full.
    with qtbot.waitSignal(
        controller.turn_changed,
        timeout=10_000,
        check_params_cb=lambda seat, phase: seat == Seat.S,
    ):
        controller.start()
    return window


def lifted_card_rect(item: CardItem) -> QRectF:
    """Where South's card is drawn, from resting to fully lifted."""
    rect = item.mapRectToScene(item.card_rect())
    return rect.adjusted(0, -LIFT_FRACTION * item.card_width(), 0, 0)


def to_rectf(rect: QRect) -> QRectF:
    return QRectF(rect)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(
    ("variant", "rules", "jumbo"),
    [
        ("standard", RuleSet(), False),
        ("kitty-jumbo", RuleSet(kitty=True), True),  # ten cards in hand, wide indices
    ],
)
def test_everything_in_view_and_south_clear_of_panels(
    qtbot: QtBot,
    new_table: NewTable,
    cleanup: list[GameController],
    size: tuple[int, int],
    variant: str,
    rules: RuleSet,
    jumbo: bool,
) -> None:
    window = dealt_table(qtbot, new_table, cleanup, size, rules)
    view = window.view
    scene: TableScene = view.table_scene
    if jumbo:
        scene.set_appearance(
            four_colour=False, jumbo=True, back_style="blue", felt_colour="#1e5a32"
        )
    viewport = QRectF(view.viewport().rect())
    # The window really is this big (the offscreen screen does not shrink it).
    assert viewport.width() >= size[0] * 0.9 and viewport.height() >= size[1] * 0.8
    assert len(scene.south) >= 8

    # Every card, plate, bubble and panel lies inside the view.
    for item in scene.items():
        if not item.isVisible():
            continue
        if isinstance(item, CardItem):
            rect = item.mapRectToScene(item.card_rect())
        elif isinstance(item, (NamePlate, BidBubble, InfoPanel, PileCount)):
            rect = item.mapRectToScene(item.rect())
        else:
            continue
        shown = view.mapFromScene(rect).boundingRect()
        assert viewport.contains(QRectF(shown)), (variant, item, shown)
    floating = [view.action_panel, view.last_trick_button]
    for widget in floating:
        if widget.isVisible():
            assert viewport.contains(to_rectf(widget.geometry())), (widget, widget.geometry())

    # South's cards, lifted or not, overlap no panel, plate, bubble or pile count.
    obstacles: list[tuple[object, QRectF]] = [
        (widget, to_rectf(widget.geometry())) for widget in floating if widget.isVisible()
    ]
    obstacles += [(plate, plate.mapRectToScene(plate.rect())) for plate in scene.plates.values()]
    obstacles += [(b, b.mapRectToScene(b.rect())) for b in scene.bubbles.values()]
    obstacles.append((scene.info, scene.info.mapRectToScene(scene.info.rect())))
    obstacles += [(c, c.mapRectToScene(c.rect())) for c in scene.pile_counts.values()]
    assert view.action_panel.isVisible()  # South is asked to bid: the panel is up
    for card, item in scene.south.items():
        drawn = lifted_card_rect(item)
        for obstacle, rect in obstacles:
            assert not drawn.intersects(rect), (variant, card, obstacle, drawn, rect)
