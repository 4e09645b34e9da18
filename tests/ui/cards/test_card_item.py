"""CardItem: animation, flipping, clicks, visual states and the pixmap cache."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsView
from pytestqt.qtbot import QtBot

from kaiser_desktop.ui.cards import card_item as card_item_module
from kaiser_desktop.ui.cards.card_item import HIGHLIGHT_COLOUR, CardItem
from kaiser_desktop.ui.cards.card_pictures import CardPictures
from kaiser_desktop.ui.cards.face_painter import render_card_image
from kaiser_desktop.ui.cards.layout import LIFT_FRACTION

WIDTH = 100.0
FELT = QColor("#1d5e33")


@pytest.fixture
def scene(qtbot: QtBot) -> Iterator[QGraphicsScene]:
    scene = QGraphicsScene(0, 0, 400, 300)
    scene.setBackgroundBrush(FELT)
    yield scene
    scene.clear()


PICTURES = CardPictures()  # the window's, in the app; one for these tests


def add_card(scene: QGraphicsScene, card: str = "5H", *, face_up: bool = True) -> CardItem:
    item = CardItem(card, pictures=PICTURES, face_up=face_up, width=WIDTH)
    item.setPos(200, 150)
    scene.addItem(item)
    return item


def render(scene: QGraphicsScene, dpr: float = 1.0) -> QImage:
    rect = scene.sceneRect()
    image = QImage(
        round(rect.width() * dpr), round(rect.height() * dpr), QImage.Format.Format_ARGB32
    )
    image.setDevicePixelRatio(dpr)
    image.fill(Qt.GlobalColor.black)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
    painter.end()
    return image


# --- animation ----------------------------------------------------------------------------


def test_animate_to_ends_exactly_at_the_target(qtbot: QtBot, scene: QGraphicsScene) -> None:
    item = add_card(scene)
    with qtbot.waitSignal(item.animation_started, timeout=500):
        item.animate_to(QPointF(60, 40), rotation=90.0, duration_ms=60, z=7)
    assert item.is_animating()
    assert item.zValue() == 7  # raised at the start so it travels above other cards
    assert item.pos() != QPointF(60, 40)
    with qtbot.waitSignal(item.animation_finished, timeout=2000):
        pass
    assert item.pos() == QPointF(60, 40)
    assert item.rotation() == 90.0
    assert not item.is_animating()


def test_rotation_takes_the_short_way_round(qtbot: QtBot, scene: QGraphicsScene) -> None:
    item = add_card(scene)
    item.setRotation(170.0)
    seen: list[float] = []
    item.rotationChanged.connect(lambda: seen.append(item.rotation()))
    with qtbot.waitSignal(item.animation_finished, timeout=2000):
        item.animate_to(QPointF(0, 0), rotation=-170.0, duration_ms=60)
    assert item.rotation() == -170.0
    # Through 180, never back through 0.
    assert all(abs(angle) >= 169.0 for angle in seen)


def test_finish_animation_jumps_to_the_end(qtbot: QtBot, scene: QGraphicsScene) -> None:
    item = add_card(scene, face_up=False)
    finished: list[bool] = []
    item.animation_finished.connect(lambda: finished.append(True))
    item.animate_to(QPointF(10, 20), rotation=-90.0, face_up=True, duration_ms=10_000)
    item.finish_animation()
    assert item.pos() == QPointF(10, 20)
    assert item.rotation() == -90.0
    assert item.is_face_up()
    assert item.flip_scale() == 1.0
    assert finished == [True]
    qtbot.wait(30)  # time passes: a stopped animation's timer would have fired by now
    assert finished == [True]  # the stopped animation doesn't report again
    item.finish_animation()  # nothing running: no extra signal
    assert finished == [True]


def test_zero_duration_moves_at_once_and_still_reports(scene: QGraphicsScene) -> None:
    item = add_card(scene, face_up=False)
    events: list[str] = []
    item.animation_started.connect(lambda: events.append("started"))
    item.animation_finished.connect(lambda: events.append("finished"))
    item.animate_to(QPointF(5, 6), rotation=180.0, face_up=True, duration_ms=0)
    assert events == ["started", "finished"]
    assert (item.pos(), item.rotation(), item.is_face_up()) == (QPointF(5, 6), 180.0, True)
    assert not item.is_animating()


def test_a_new_animation_replaces_the_running_one(qtbot: QtBot, scene: QGraphicsScene) -> None:
    item = add_card(scene)
    finished: list[bool] = []
    item.animation_finished.connect(lambda: finished.append(True))
    item.animate_to(QPointF(0, 0), duration_ms=10_000)
    with qtbot.waitSignal(item.animation_finished, timeout=2000):
        item.animate_to(QPointF(300, 200), duration_ms=40)
    assert item.pos() == QPointF(300, 200)
    qtbot.wait(30)  # time passes: the replaced animation must not report too
    assert finished == [True]


def test_flip_swaps_the_face_half_way(qtbot: QtBot, scene: QGraphicsScene) -> None:
    item = add_card(scene, "QS", face_up=False)
    back = render(scene)
    item.animate_to(item.pos(), face_up=True, duration_ms=300)
    assert not item.is_face_up()
    # The face turns over while the card is still moving, and edge-on-ish at that moment.
    qtbot.waitUntil(item.is_face_up, timeout=2000)
    assert item.is_animating()
    assert item.flip_scale() < 1.0
    with qtbot.waitSignal(item.animation_finished, timeout=2000):
        pass
    assert item.is_face_up()
    assert item.flip_scale() == 1.0
    face = render(scene)
    assert face != back


def test_reversing_a_flip_half_way_ends_on_the_old_face(
    qtbot: QtBot, scene: QGraphicsScene
) -> None:
    item = add_card(scene, face_up=False)
    item.animate_to(item.pos(), face_up=True, duration_ms=2000)
    # Part way into the flip (where exactly does not matter; a long flip, so that a loaded
    # machine still finds it under way).
    qtbot.waitUntil(lambda: item.flip_scale() < 1.0, timeout=2000)
    with qtbot.waitSignal(item.animation_finished, timeout=2000):
        item.animate_to(item.pos(), face_up=False, duration_ms=60)
    assert not item.is_face_up()
    assert item.flip_scale() == 1.0


def test_animate_without_face_up_keeps_the_face(qtbot: QtBot, scene: QGraphicsScene) -> None:
    item = add_card(scene, face_up=True)
    with qtbot.waitSignal(item.animation_finished, timeout=2000):
        item.animate_to(QPointF(1, 1), duration_ms=30)
    assert item.is_face_up()


# --- input --------------------------------------------------------------------------------


@pytest.fixture
def view(qtbot: QtBot, scene: QGraphicsScene) -> QGraphicsView:
    view = QGraphicsView(scene)
    view.setFixedSize(440, 340)
    view.setSceneRect(scene.sceneRect())
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    return view


def at(view: QGraphicsView, x: float, y: float) -> QPoint:
    return view.mapFromScene(QPointF(x, y))


@pytest.mark.parametrize("face_up", [True, False])
def test_left_click_emits_the_card_whatever_its_state(
    qtbot: QtBot, scene: QGraphicsScene, view: QGraphicsView, face_up: bool
) -> None:
    item = add_card(scene, "3S", face_up=face_up)
    item.set_dimmed(True)  # no rules here: even an unplayable-looking card reports clicks
    with qtbot.waitSignal(item.clicked, timeout=1000) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 210, 160))
    assert blocker.args == ["3S"]


def test_no_click_outside_the_card_or_with_other_buttons(
    qtbot: QtBot, scene: QGraphicsScene, view: QGraphicsView
) -> None:
    item = add_card(scene)
    clicks: list[str] = []
    item.clicked.connect(clicks.append)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 20, 20))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=at(view, 200, 150))
    # Pressing on the card and letting go off it is a change of mind, not a click.
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 200, 150))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 380, 20))
    assert clicks == []


def test_a_lifted_card_is_clickable_where_it_is_drawn(
    qtbot: QtBot, scene: QGraphicsScene, view: QGraphicsView
) -> None:
    item = add_card(scene)
    item.set_lifted(True, animate=False)
    lift = LIFT_FRACTION * WIDTH
    top = 150 - item.card_height() / 2
    with qtbot.waitSignal(item.clicked, timeout=1000):
        qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 200, top - lift / 2)
        )


# --- visual states ------------------------------------------------------------------------


def test_card_size_sets_width_and_height(scene: QGraphicsScene) -> None:
    item = add_card(scene)
    item.set_card_size(80)
    assert item.card_rect() == QRectF(-40, -56, 80, 112)
    assert item.boundingRect().contains(item.card_rect())
    with pytest.raises(ValueError):
        item.set_card_size(0)


def test_lift_moves_the_card_towards_its_top_edge(qtbot: QtBot, scene: QGraphicsScene) -> None:
    south = add_card(scene)
    west = add_card(scene)
    west.setRotation(90.0)  # West's cards face the centre to their right
    for item in (south, west):
        item.set_lifted(True, animate=False)
        assert item.lift_offset() == pytest.approx(LIFT_FRACTION * WIDTH)
    south_centre = south.mapToScene(south.shape().boundingRect().center())
    west_centre = west.mapToScene(west.shape().boundingRect().center())
    assert south_centre.y() == pytest.approx(150 - LIFT_FRACTION * WIDTH)
    assert west_centre.x() == pytest.approx(200 + LIFT_FRACTION * WIDTH)
    south.set_lifted(False)  # animated back down
    qtbot.waitUntil(lambda: south.lift_offset() == 0.0, timeout=1000)


def test_a_lifted_card_is_drawn_raised(scene: QGraphicsScene) -> None:
    item = add_card(scene)
    top = 150 - item.card_height() / 2
    above = (200, round(top - LIFT_FRACTION * WIDTH / 2))
    below = (200, round(150 + item.card_height() / 2 - LIFT_FRACTION * WIDTH / 2))
    resting = render(scene)
    assert resting.pixelColor(*above) == FELT
    item.set_lifted(True, animate=False)
    lifted = render(scene)
    assert lifted.pixelColor(*above).lightness() > 240  # the white face rose into view
    assert lifted.pixelColor(*below).lightness() < resting.pixelColor(*below).lightness()


def test_dimmed_greys_the_card_unless_it_is_playable(scene: QGraphicsScene) -> None:
    item = add_card(scene)
    plain = render(scene)
    item.set_dimmed(True)
    dimmed = render(scene)
    assert dimmed != plain
    centre_plain = plain.pixelColor(175, 110)  # white face beside the pip
    centre_dimmed = dimmed.pixelColor(175, 110)
    assert centre_dimmed.lightness() < centre_plain.lightness() - 40
    item.set_playable(True)
    assert render(scene) == plain


def test_a_playable_card_holds_no_cursor_of_its_own(scene: QGraphicsScene) -> None:
    """The pointing hand is the view's (tests/ui/test_pointer_shape.py): an item's cursor
    crashes Qt 6.11 when unset under a resting pointer (issue 34)."""
    item = add_card(scene)
    item.set_playable(True)
    assert item.is_playable() and not item.hasCursor()
    item.set_playable(False)
    assert not item.is_playable() and not item.hasCursor()


def count_colour_near(image: QImage, colour: QColor, rect: QRectF) -> int:
    hits = 0
    for y in range(int(rect.top()), int(rect.bottom())):
        for x in range(int(rect.left()), int(rect.right())):
            c = image.pixelColor(x, y)
            if (
                abs(c.red() - colour.red()) < 30
                and abs(c.green() - colour.green()) < 30
                and abs(c.blue() - colour.blue()) < 30
            ):
                hits += 1
    return hits


def test_highlight_and_focus_draw_outlines_outside_the_card(scene: QGraphicsScene) -> None:
    item = add_card(scene)
    # A thin band just left of the card's left edge (x = 150).
    band = QRectF(143, 100, 7, 100)
    plain = render(scene)
    item.set_highlight(True)
    highlighted = render(scene)
    assert count_colour_near(plain, HIGHLIGHT_COLOUR, band) == 0
    assert count_colour_near(highlighted, HIGHLIGHT_COLOUR, band) > 100
    item.set_highlight(False)
    item.set_focused(True)
    focused = render(scene)
    assert focused not in (plain, highlighted)
    assert count_colour_near(focused, card_item_module.FOCUS_COLOUR, band) > 100


def test_item_avoids_blurry_caching_and_takes_hover(scene: QGraphicsScene) -> None:
    item = add_card(scene)
    assert item.cacheMode() == QGraphicsItem.CacheMode.NoCache
    assert item.acceptHoverEvents()


def test_unknown_card_or_back_style_is_rejected() -> None:
    with pytest.raises(ValueError):
        CardItem("1X", pictures=PICTURES)
    with pytest.raises(ValueError):
        CardItem("AS", pictures=PICTURES).set_style(back_style="purple")


# --- pixmap cache -------------------------------------------------------------------------


def test_repaints_reuse_the_cached_pixmap(scene: QGraphicsScene) -> None:
    PICTURES.clear()
    item = add_card(scene, "KD")
    first = render(scene)
    assert len(PICTURES) == 1
    assert render(scene) == first
    assert len(PICTURES) == 1
    # Another card with the same looks shares nothing; the same card elsewhere shares all.
    twin = CardItem("KD", pictures=PICTURES, face_up=True, width=WIDTH)
    twin.setPos(60, 80)
    scene.addItem(twin)
    render(scene)
    assert len(PICTURES) == 1
    item.set_style(four_colour=True)
    render(scene)
    assert len(PICTURES) == 2


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_cards_are_drawn_pixel_exact_at_any_pixel_ratio(scene: QGraphicsScene, dpr: float) -> None:
    PICTURES.clear()
    add_card(scene, "TS")
    on_table = render(scene, dpr)
    ((pixmap, margin),) = PICTURES._pixmaps.values()
    # Drawn at device resolution (not scaled up), with a whole-pixel margin for the shadow.
    margin_px = round(margin * dpr)
    assert margin * dpr == pytest.approx(margin_px)
    assert pixmap.width() == round(WIDTH * dpr) + 2 * margin_px
    # Inside the card, the table shows exactly the pixels the face painter made.
    direct = render_card_image("TS", WIDTH, device_pixel_ratio=dpr)
    left, top = round(150 * dpr), round(80 * dpr)
    mismatches = 0
    for y in range(round(8 * dpr), round(132 * dpr), 3):
        for x in range(round(8 * dpr), round(92 * dpr), 3):
            if on_table.pixelColor(left + x, top + y) != direct.pixelColor(x, y):
                mismatches += 1
    assert mismatches == 0


@pytest.mark.parametrize("rotation", [0.0, 90.0, 180.0, -90.0])
def test_the_shadow_falls_down_right_on_screen_however_the_card_is_turned(
    scene: QGraphicsScene, rotation: float
) -> None:
    item = add_card(scene)
    item.setRotation(rotation)
    image = render(scene)
    box = item.sceneBoundingRect()
    card = item.mapRectToScene(item.card_rect())  # the card's own screen rectangle
    cx, cy = round(card.center().x()), round(card.center().y())
    right, bottom = int(card.right()) + 1, int(card.bottom()) + 1
    left, top = int(card.left()) - 2, int(card.top()) - 2
    assert box.contains(QPointF(right, cy)) and box.contains(QPointF(cx, bottom))
    felt = FELT.lightness()
    assert image.pixelColor(right, cy).lightness() < felt - 5  # shadow right of the card
    assert image.pixelColor(cx, bottom).lightness() < felt - 5  # and below it
    assert image.pixelColor(left, cy) == FELT  # none on the left
    assert image.pixelColor(cx, top) == FELT  # nor above


def test_state_setters_repaint_only_on_change(scene: QGraphicsScene) -> None:
    item = add_card(scene)
    item.set_playable(True)
    item.set_dimmed(True)
    calls: list[int] = []
    original = item.update
    item.update = lambda *args: (calls.append(1), original(*args))  # type: ignore[method-assign]
    item.set_playable(True)
    item.set_dimmed(True)
    item.set_focused(False)
    item.set_highlight(False)
    item.set_lifted(False)
    item.set_style(four_colour=False, jumbo=False, back_style="blue")
    assert calls == []
    item.set_highlight(True)
    assert calls == [1]


def test_a_delayed_card_waits_still_then_moves(qtbot: QtBot, scene: QGraphicsScene) -> None:
    item = add_card(scene)
    start = item.pos()
    # The delay far longer than the wait: a loaded machine may wait a good deal longer.
    item.animate_to(QPointF(60, 40), duration_ms=40, delay_ms=1000)
    assert item.is_animating()  # waiting counts: nothing may treat the card as settled
    qtbot.wait(60)  # time passes, far less than the delay
    assert item.pos() == start  # still at the dealer while it waits its turn
    with qtbot.waitSignal(item.animation_finished, timeout=2000):
        pass
    assert item.pos() == QPointF(60, 40) and not item.is_animating()


def test_a_card_stopped_while_waiting_never_sets_off(qtbot: QtBot, scene: QGraphicsScene) -> None:
    item = add_card(scene)
    start = item.pos()
    item.animate_to(QPointF(60, 40), duration_ms=40, delay_ms=60)
    item.stop_all()
    qtbot.wait(200)  # time passes: well past the delay and the move it would have made
    assert item.pos() == start and not item.is_animating()


def test_a_card_deep_in_the_pile_is_hidden_until_it_sets_off(
    qtbot: QtBot, scene: QGraphicsScene
) -> None:
    item = add_card(scene)
    item.animate_to(QPointF(60, 40), duration_ms=40, delay_ms=120, hidden_while_waiting=True)
    assert not item.isVisible()  # not drawn while nobody could see it
    qtbot.waitUntil(lambda: item.isVisible() and item.pos() != QPointF(200, 150), timeout=2000)
    with qtbot.waitSignal(item.animation_finished, timeout=2000):
        pass
    assert item.isVisible() and item.pos() == QPointF(60, 40)


def test_a_hidden_waiting_card_stopped_shows_again(qtbot: QtBot, scene: QGraphicsScene) -> None:
    item = add_card(scene)
    item.animate_to(QPointF(60, 40), duration_ms=40, delay_ms=500, hidden_while_waiting=True)
    item.finish_animation()
    assert item.isVisible() and item.pos() == QPointF(60, 40)
