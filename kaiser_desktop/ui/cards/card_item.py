"""One card on the table: draws itself from a pixmap cache, animates, and reports clicks.

The item knows nothing about the game. It shows a card, moves where it is told and says
"I was clicked"; the table scene decides what that means.

Coordinates: the item's origin is the card's centre, so pos() is where the centre sits and
rotation turns the card about its centre. The card's top edge is local -y; a lifted card
moves that way, which the layout turns towards the table centre for every seat.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import (
    Property,
    QAbstractAnimation,
    QEasingCurve,
    QParallelAnimationGroup,
    QPauseAnimation,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from kaiser_desktop.app.memory import give_back_free_memory
from kaiser_desktop.ui.cards.face_painter import (
    BACK_STYLES,
    CORNER_RADIUS,
    parse_card,
    render_card_image,
)
from kaiser_desktop.ui.cards.layout import CARD_ASPECT, LIFT_FRACTION

DEFAULT_CARD_WIDTH = 100.0
LIFT_DURATION_MS = 120

DIM_OVERLAY = QColor(70, 70, 70, 125)
HIGHLIGHT_COLOUR = QColor("#FFC107")
FOCUS_COLOUR = QColor("#1E88E5")
HOVER_COLOUR = QColor(255, 255, 255, 210)
SHADOW_COLOUR = QColor(0, 0, 0, 70)

# Down-right on screen whatever way the card is turned, as a fraction of card width.
SHADOW_OFFSET = (0.025, 0.035)

# (face or "", width px, scale x100, four colour, jumbo, back style, dimmed, quarter turn)
_CacheKey = tuple[str, int, int, bool, bool, str, bool, int]
_PIXMAP_CACHE: OrderedDict[_CacheKey, tuple[QPixmap, float]] = OrderedDict()
# A full table is about 33 faces and a few backs per size and quarter turn; the cache keeps
# several sizes for window resizes. Bounded by bytes, since 4K cards are ten times larger.
_PIXMAP_CACHE_LIMIT_BYTES = 160 * 1024 * 1024
_pixmap_cache_bytes = 0
# Resizing the window lays the table out at size after size, and each size's bitmaps were
# kept until the byte limit: RSS rose by the whole limit under resizes. Only the bitmaps
# shown at the last few layouts are kept (going back to a recent size costs nothing).
KEPT_TABLE_LAYOUTS = 3
_layouts = 0  # the table layouts so far; each bitmap notes the last layout it was shown at
_last_shown: dict[_CacheKey, int] = {}
GIVE_BACK_BYTES = 1024 * 1024  # bitmaps dropped at once that are worth giving back


def clear_pixmap_cache() -> None:
    global _pixmap_cache_bytes
    _PIXMAP_CACHE.clear()
    _last_shown.clear()
    _pixmap_cache_bytes = 0


def new_table_layout() -> None:
    """The table was laid out afresh (a resize, a new text size): bitmaps not shown at any of
    the last `KEPT_TABLE_LAYOUTS` layouts are dropped."""
    global _layouts, _pixmap_cache_bytes
    _layouts += 1
    oldest = _layouts - KEPT_TABLE_LAYOUTS
    dropped = 0
    for key in [key for key, shown in _last_shown.items() if shown < oldest]:
        del _last_shown[key]
        pixmap, _ = _PIXMAP_CACHE.pop(key)
        dropped += _pixmap_bytes(pixmap)
    _pixmap_cache_bytes -= dropped
    if dropped >= GIVE_BACK_BYTES:
        give_back_free_memory()  # else the freed bitmaps leave holes in the heap (issue 29)


def pixmap_cache_bytes() -> int:
    return _pixmap_cache_bytes


def pixmap_cache_widths() -> set[int]:
    """The card widths (device pixels) that cached bitmaps are drawn at."""
    return {key[1] for key in _PIXMAP_CACHE}


def pixmap_cache_size() -> int:
    return len(_PIXMAP_CACHE)


def _pixmap_bytes(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * 4


def quarter_turn(rotation: float) -> int:
    """0-3: which quarter turn a rotation is nearest, for the direction of the shadow."""
    return round(rotation / 90.0) % 4


def _shadow_offset(width: float, quarter: int) -> tuple[float, float]:
    """Local offset that shows down-right on screen for an item turned quarter x 90°."""
    dx, dy = SHADOW_OFFSET[0] * width, SHADOW_OFFSET[1] * width
    return ((dx, dy), (dy, -dx), (-dx, -dy), (-dy, dx))[quarter]


def card_pixmap(
    card: str | None,
    width: float,
    scale: float,
    *,
    four_colour: bool = False,
    jumbo: bool = False,
    back_style: str = "blue",
    dimmed: bool = False,
    quarter: int = 0,
) -> tuple[QPixmap, float]:
    """The card with its shadow (and dim veil) in one bitmap, and its margin round the card.

    The bitmap has `scale` device pixels per unit, so drawing it at the card's top-left
    minus the margin shows the face painter's pixels exactly. Cached: a card on the table
    costs one drawPixmap per paint, and rendering happens once per look and size.
    """
    global _pixmap_cache_bytes
    width_px = max(1, round(width * scale))
    face = card or ""
    key: _CacheKey = (
        face,
        width_px,
        round(scale * 100),
        four_colour and card is not None,
        jumbo and card is not None,
        "" if card is not None else back_style,
        dimmed,
        quarter,
    )
    hit = _PIXMAP_CACHE.get(key)
    _last_shown[key] = _layouts
    if hit is not None:
        _PIXMAP_CACHE.move_to_end(key)
        return hit
    face_image = render_card_image(
        card,
        width_px / scale,
        four_colour=four_colour,
        jumbo=jumbo,
        back_style=back_style,
        device_pixel_ratio=scale,
    )
    # A whole number of device pixels of margin keeps the face on the pixel grid.
    margin_px = math.ceil(max(SHADOW_OFFSET) * width * scale) + 1
    image = QImage(
        face_image.width() + 2 * margin_px,
        face_image.height() + 2 * margin_px,
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.setDevicePixelRatio(scale)
    image.fill(Qt.GlobalColor.transparent)
    margin = margin_px / scale
    rect = QRectF(margin, margin, width, width * CARD_ASPECT)
    radius = CORNER_RADIUS * width
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(SHADOW_COLOUR)
    painter.drawRoundedRect(rect.translated(*_shadow_offset(width, quarter)), radius, radius)
    painter.drawImage(QPointF(margin, margin), face_image)
    if dimmed:
        painter.setBrush(DIM_OVERLAY)
        painter.drawRoundedRect(rect, radius, radius)
    painter.end()
    pixmap = QPixmap.fromImage(image)
    _PIXMAP_CACHE[key] = (pixmap, margin)
    _pixmap_cache_bytes += _pixmap_bytes(pixmap)
    while _pixmap_cache_bytes > _PIXMAP_CACHE_LIMIT_BYTES and len(_PIXMAP_CACHE) > 1:
        old_key, (old, _) = _PIXMAP_CACHE.popitem(last=False)
        del _last_shown[old_key]
        _pixmap_cache_bytes -= _pixmap_bytes(old)
    return pixmap, margin


def _shortest_rotation(start: float, target: float) -> float:
    """The angle equivalent to target that is nearest to start, so cards never spin round."""
    return start + ((target - start + 180.0) % 360.0 - 180.0)


class CardItem(QGraphicsObject):
    """A card that can be face up or down, lifted, dimmed, highlighted and animated."""

    clicked = Signal(str)
    animation_started = Signal()
    animation_finished = Signal()

    def __init__(
        self,
        card: str,
        *,
        face_up: bool = False,
        width: float = DEFAULT_CARD_WIDTH,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        parse_card(card)  # reject typos early, not at first paint
        self._card = card
        self._face_up = face_up  # the face shown right now
        self._width = float(width)
        self._four_colour = False
        self._jumbo = False
        self._back_style = "blue"

        self._playable = False
        self._dimmed = False
        self._focused = False
        self._highlighted = False
        self._hovered = False
        self._lifted = False
        self._lift_progress = 0.0

        # Flip: phase runs 0 -> 1; width shrinks to nothing at 0.5, where the face swaps.
        self._flip_phase = 0.0
        self._flip_from = face_up
        self._flip_to = face_up

        # Ownership: the item makes its animations once, as its own Qt children, and keeps
        # them for life; they are reconfigured, never deleted on their own. Their signals go
        # to bound methods, never to lambdas holding the item, so no Qt connection keeps the
        # item alive (deleting such an animation freed its own parent mid-destructor: the
        # "New game" crash).
        self._motion = QParallelAnimationGroup(self)
        self._moving_to = QPropertyAnimation(self, b"pos", self._motion)
        self._turning = QPropertyAnimation(self, b"rotation", self._motion)
        self._flipping = QPropertyAnimation(self, b"flipPhase", self._motion)
        for animation in (self._moving_to, self._turning):
            animation.setEasingCurve(QEasingCurve.Type.InOutCubic)
            self._motion.addAnimation(animation)
        self._motion.addAnimation(self._flipping)
        self._motion.finished.connect(self._on_motion_finished)
        # A card dealt later in the deal waits at the dealer before it sets off.
        self._waiting = QPauseAnimation(self)
        self._waiting.finished.connect(self._on_wait_over)
        self._moving = False  # a motion is under way (its finished signal is awaited)
        self._lift_animation = QPropertyAnimation(self, b"liftProgress", self)
        self._lift_animation.setDuration(LIFT_DURATION_MS)
        self._lift_animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._lift_animation.finished.connect(self._on_lift_finished)
        self._lifting = False
        self._target_pos = QPointF()
        self._target_rotation = 0.0
        self._target_face_up = face_up
        self._hide_when_still = False
        self._bounds = QRectF()
        self._update_bounds()

        # Device caching would rescale a stale bitmap (blurry); our own cache is exact.
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)

    # --- identity and looks ------------------------------------------------------------

    @property
    def card(self) -> str:
        return self._card

    def set_card(self, card: str) -> None:
        """Show another card (the table reuses its items rather than making new ones)."""
        parse_card(card)
        if card != self._card:
            self._card = card
            self.update()

    def reuse(self, card: str) -> None:
        """Become a fresh, still, face-down `card`, as if just made."""
        self.stop_all()
        self.set_card(card)
        self.set_playable(False)
        self.set_dimmed(False)
        self.set_focused(False)
        self.set_highlight(False)
        self.set_lifted(False, animate=False)
        self.set_face_up(False)
        self._hide_when_still = False
        self.setVisible(True)

    def is_face_up(self) -> bool:
        """The face currently shown (mid-flip: the side currently visible)."""
        return self._face_up

    def set_face_up(self, face_up: bool) -> None:
        """Turn the card at once, without animation."""
        changed = self._face_up != face_up or self._flip_phase != 0.0
        self._face_up = face_up
        self._flip_from = self._flip_to = face_up
        self._target_face_up = face_up
        self._flip_phase = 0.0
        if changed:
            self.update()

    def card_width(self) -> float:
        return self._width

    def card_height(self) -> float:
        return self._width * CARD_ASPECT

    def set_card_size(self, width: float) -> None:
        """Card width in scene units; the height follows at 1.4 times the width."""
        if width <= 0:
            raise ValueError("card width must be positive")
        if width == self._width:
            return
        self.prepareGeometryChange()
        self._width = float(width)
        self._update_bounds()
        self.update()

    def set_style(
        self,
        *,
        four_colour: bool | None = None,
        jumbo: bool | None = None,
        back_style: str | None = None,
    ) -> None:
        if back_style is not None and back_style not in BACK_STYLES:
            raise ValueError(f"unknown back style {back_style!r}")
        before = (self._four_colour, self._jumbo, self._back_style)
        if four_colour is not None:
            self._four_colour = four_colour
        if jumbo is not None:
            self._jumbo = jumbo
        if back_style is not None:
            self._back_style = back_style
        if (self._four_colour, self._jumbo, self._back_style) != before:
            self.update()

    def style(self) -> tuple[bool, bool, str]:
        """(four colour, jumbo, back style)."""
        return self._four_colour, self._jumbo, self._back_style

    # --- visual states -----------------------------------------------------------------

    def is_playable(self) -> bool:
        return self._playable

    def set_playable(self, playable: bool) -> None:
        """A playable card shows at full brightness (even if dimmed).

        The pointing hand over it is the view's to show (TableView.show_pointer), never the
        item's: QGraphicsItem.unsetCursor under a resting pointer crashes Qt 6.11 in a view
        that has had no mouse move yet (docs/ARCHITECTURE.md, "Who owns a Qt object")."""
        # Every setter is a no-op when nothing changes: the table refreshes all cards after
        # each move, and a needless update() repaints the whole hand.
        if playable == self._playable:
            return
        self._playable = playable
        self.update()

    def is_dimmed(self) -> bool:
        return self._dimmed

    def set_dimmed(self, dimmed: bool) -> None:
        if dimmed == self._dimmed:
            return
        self._dimmed = dimmed
        self.update()

    def is_focused(self) -> bool:
        return self._focused

    def set_focused(self, focused: bool) -> None:
        if focused == self._focused:
            return
        self._focused = focused
        self.update()

    def is_highlighted(self) -> bool:
        return self._highlighted

    def set_highlight(self, highlighted: bool) -> None:
        if highlighted == self._highlighted:
            return
        self._highlighted = highlighted
        self.update()

    def is_lifted(self) -> bool:
        return self._lifted

    def lift_offset(self) -> float:
        """How far the card is drawn raised right now, in scene units."""
        return self._lift_progress * LIFT_FRACTION * self._width

    def set_lifted(self, lifted: bool, *, animate: bool = True) -> None:
        """Raise the card a little towards the table centre (local -y)."""
        end = 1.0 if lifted else 0.0
        if lifted == self._lifted and animate and (self._lifting or self._lift_progress == end):
            return  # already there or on its way: don't restart the animation
        self._lifted = lifted
        self._stop_lift()
        if not animate or self._lift_progress == end:
            self._set_lift_progress(end)
            return
        self._lift_animation.setStartValue(self._lift_progress)
        self._lift_animation.setEndValue(end)
        self._lifting = True
        self._lift_animation.start()

    def _stop_lift(self) -> None:
        # Only a running animation is stopped: each call into Qt costs, and a new deal
        # stops every card's animations.
        if self._lifting:
            self._lifting = False
            self._lift_animation.stop()

    def _on_lift_finished(self) -> None:
        self._lifting = False

    def _get_lift_progress(self) -> float:
        return self._lift_progress

    def _set_lift_progress(self, value: float) -> None:
        if float(value) == self._lift_progress:
            return
        self._lift_progress = float(value)
        self.update()

    liftProgress = Property(float, _get_lift_progress, _set_lift_progress)

    # --- animation -----------------------------------------------------------------------

    def _get_flip_phase(self) -> float:
        return self._flip_phase

    def _set_flip_phase(self, value: float) -> None:
        if float(value) == self._flip_phase:
            return
        self._flip_phase = float(value)
        self._face_up = self._flip_to if self._flip_phase >= 0.5 else self._flip_from
        self.update()

    flipPhase = Property(float, _get_flip_phase, _set_flip_phase)

    def flip_scale(self) -> float:
        """Horizontal squeeze of the flip: 1 normally, 0 edge-on at the middle of a flip."""
        return abs(1.0 - 2.0 * self._flip_phase)

    def is_animating(self) -> bool:
        return self._moving

    def animate_to(
        self,
        pos: QPointF,
        rotation: float = 0.0,
        face_up: bool | None = None,
        duration_ms: int = 250,
        z: float | None = None,
        delay_ms: int = 0,
        hidden_while_waiting: bool = False,
    ) -> None:
        """Move (and turn, and flip if face_up changes) the card over duration_ms.

        A new call replaces a running animation, which then never reports finished; the
        new one starts from wherever the card is. duration_ms <= 0 jumps there at once,
        still emitting animation_started and animation_finished. With delay_ms the card
        stays still that long first (it counts as animating meanwhile), out of sight if
        hidden_while_waiting (a card deep in the dealer's pile: nobody sees it, so it need
        not be drawn).
        """
        self._stop_motion()
        target_face = self._target_face_up if face_up is None else face_up
        self._target_pos = QPointF(pos)
        self._target_rotation = float(rotation)
        self._target_face_up = target_face
        if z is not None:
            self.setZValue(z)  # at the start, so a moving card travels above the others
        self.animation_started.emit()
        if duration_ms <= 0:
            self._complete_motion()
            return

        self._moving_to.setStartValue(self.pos())
        self._moving_to.setEndValue(self._target_pos)
        self._turning.setStartValue(self.rotation())
        self._turning.setEndValue(_shortest_rotation(self.rotation(), self._target_rotation))
        flip_end = self._plan_flip(target_face)
        self._flipping.setStartValue(self._flip_phase)
        self._flipping.setEndValue(self._flip_phase if flip_end is None else flip_end)
        for animation in (self._moving_to, self._turning, self._flipping):
            animation.setDuration(duration_ms)
        self._moving = True
        if delay_ms > 0:
            if hidden_while_waiting:
                self.setVisible(False)
            self._waiting.setDuration(delay_ms)
            self._waiting.start()
        else:
            self._motion.start()

    def _on_wait_over(self) -> None:
        if self._moving:  # not stopped or replaced while waiting
            self.setVisible(True)
            self._motion.start()

    def _plan_flip(self, target_face: bool) -> float | None:
        """Set up the flip towards target_face; the phase to animate to, or None if no flip."""
        if self._flip_phase > 0.0:  # a flip was interrupted half-way
            return 1.0 if target_face == self._flip_to else 0.0
        if target_face == self._face_up:
            return None
        self._flip_from, self._flip_to = self._face_up, target_face
        return 1.0

    def finish_animation(self) -> None:
        """Jump a running animation (and lift) to its end now; emits animation_finished."""
        if self._lifting:
            self._stop_lift()
            self._set_lift_progress(1.0 if self._lifted else 0.0)
        if not self._moving:
            return
        self._stop_motion()
        self._complete_motion()

    def stop_all(self) -> None:
        """Stop every animation where it is, without finishing it (a card leaving use)."""
        self._stop_lift()
        self._stop_motion()

    def _stop_motion(self) -> None:
        # Cleared first: stopping is never reported as the motion's end.
        if self._moving:
            self._moving = False
            if self._waiting.state() is QAbstractAnimation.State.Running:
                self._waiting.stop()
                self.setVisible(not self._hide_when_still)  # never left hidden mid-wait
            self._motion.stop()

    def _on_motion_finished(self) -> None:
        if not self._moving:  # superseded or already finished by hand
            return
        self._moving = False
        self._complete_motion()

    def hide_when_still(self) -> None:
        """Hide the card when its current (or next) motion ends, e.g. a card leaving play.

        A flag rather than a lambda on animation_finished: such a lambda would hold the
        item alive from its own signal, and nothing would ever free it.
        """
        self._hide_when_still = True
        if not self._moving and not self._lifting:
            self.setVisible(False)

    def _complete_motion(self) -> None:
        self.setPos(self._target_pos)
        self.setRotation(self._target_rotation)
        self.set_face_up(self._target_face_up)
        # A card that arrives shows, even one hidden in the dealer's pile whose wait was cut
        # short (a resize lays the table out at once): only a card leaving play hides.
        self.setVisible(not self._hide_when_still)
        self.animation_finished.emit()

    # --- input ---------------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        # Accepting the press is what makes Qt send us the matching release.
        if event.button() == Qt.MouseButton.LeftButton:
            event.accept()
        else:
            event.ignore()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.shape().contains(event.pos()):
            self.clicked.emit(self._card)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hovered = True
        self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hovered = False
        self.update()

    # --- geometry and painting ------------------------------------------------------------

    def card_rect(self) -> QRectF:
        """The card's own rectangle in item coordinates, ignoring lift."""
        w, h = self._width, self.card_height()
        return QRectF(-w / 2, -h / 2, w, h)

    def _update_bounds(self) -> None:
        # Room for the outlines and shadow around the card, and for a full lift above it;
        # the focus ring reaches out twice its pen width (at least 3 px).
        pad = max(0.08 * self._width, 2.0 * max(3.0, 0.035 * self._width) + 1.0)
        lift = LIFT_FRACTION * self._width
        self._bounds = self.card_rect().adjusted(-pad, -pad - lift, pad, pad)

    def boundingRect(self) -> QRectF:
        # Qt asks for this many times a frame; it only changes with the card size.
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        radius = CORNER_RADIUS * self._width
        path.addRoundedRect(self.card_rect().translated(0.0, -self.lift_offset()), radius, radius)
        return path

    def pixmap_for(self, scale: float) -> tuple[QPixmap, float]:
        """The cached bitmap this card shows now at `scale` device pixels per unit."""
        return card_pixmap(
            self._card if self._face_up else None,
            self._width,
            scale,
            four_colour=self._four_colour,
            jumbo=self._jumbo,
            back_style=self._back_style,
            dimmed=self._dimmed and not self._playable,
            quarter=quarter_turn(self.rotation()),
        )

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        # One drawPixmap from the cache (shadow and dimming are in the bitmap); outlines,
        # which few cards have at a time, are the only vector drawing.
        squeeze = self.flip_scale()
        if squeeze <= 0.001:
            return  # edge-on in the middle of a flip
        transform = painter.worldTransform()
        m11, m12 = transform.m11(), transform.m12()
        zoom = max(math.hypot(m11, m12), math.hypot(transform.m21(), transform.m22()))
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        scale = _round_scale(zoom * ratio)
        pixmap, margin = self.pixmap_for(scale)
        half_w, half_h = self._width / 2, self._width * CARD_ASPECT / 2
        lift = self._lift_progress * LIFT_FRACTION * self._width
        axis_aligned = abs(m12) < 1e-9 or abs(m11) < 1e-9
        # Smoothing only helps a card that rests turned or is flipping; upright cards stay
        # pixel-exact, and a card in flight is a blur to the eye anyway, while smoothing
        # every card of a deal in flight costs the table whole frames.
        painter.setRenderHint(
            QPainter.RenderHint.SmoothPixmapTransform,
            (not axis_aligned and not self._moving) or squeeze != 1.0,
        )
        outlined = self._highlighted or self._focused or (self._hovered and self._playable)
        if squeeze != 1.0:
            painter.save()
            painter.scale(squeeze, 1.0)
        painter.drawPixmap(QPointF(-half_w - margin, -half_h - margin - lift), pixmap)
        if outlined:
            rect = QRectF(-half_w, -half_h - lift, 2 * half_w, 2 * half_h)
            self._paint_outlines(painter, rect, CORNER_RADIUS * self._width)
        if squeeze != 1.0:
            painter.restore()

    def _paint_outlines(self, painter: QPainter, rect: QRectF, radius: float) -> None:
        w = self._width
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self._hovered and self._playable and not self._focused:
            pen_w = max(2.0, 0.025 * w)
            painter.setPen(QPen(HOVER_COLOUR, pen_w))
            grow = pen_w / 2
            painter.drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), radius, radius)
        if self._highlighted:
            pen_w = max(3.0, 0.04 * w)
            painter.setPen(QPen(HIGHLIGHT_COLOUR, pen_w))
            grow = pen_w / 2
            painter.drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), radius, radius)
        if self._focused:
            # A dark ring inside a bright one stays visible on white cards and green felt.
            pen_w = max(3.0, 0.035 * w)
            grow = pen_w * 1.5
            painter.setPen(QPen(FOCUS_COLOUR, pen_w))
            painter.drawRoundedRect(
                rect.adjusted(-grow, -grow, grow, grow), radius + grow, radius + grow
            )
            painter.setPen(QPen(QColor("white"), max(1.0, pen_w / 3)))
            inner = grow - pen_w / 2 - max(1.0, pen_w / 3) / 2
            painter.drawRoundedRect(
                rect.adjusted(-inner, -inner, inner, inner), radius + inner, radius + inner
            )


def _round_scale(scale: float) -> float:
    # Rounded so tiny float noise doesn't fill the cache with near-identical bitmaps.
    return max(0.25, round(scale, 2))


def _device_scale(painter: QPainter) -> float:
    """Device pixels per item unit: screen pixel ratio times any view zoom."""
    transform = painter.worldTransform()
    zoom = max(
        math.hypot(transform.m11(), transform.m12()),
        math.hypot(transform.m21(), transform.m22()),
    )
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    return _round_scale(zoom * ratio)
