"""The card bitmaps of a table: rendered once per look and size, kept while in use.

One `CardPictures` belongs to the window (as kpat's deck owns its pictures) and is handed to
the scene's card supply and to each card item; nothing else holds bitmaps. A card on the
table then costs one drawPixmap per paint.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

from kaiser_desktop.app.memory import give_back_free_memory
from kaiser_desktop.ui.cards.face_painter import CORNER_RADIUS, render_card_image
from kaiser_desktop.ui.cards.layout import CARD_ASPECT

DIM_OVERLAY = QColor(70, 70, 70, 125)
SHADOW_COLOUR = QColor(0, 0, 0, 70)
# Down-right on screen whatever way the card is turned, as a fraction of card width.
SHADOW_OFFSET = (0.025, 0.035)

# A full table is about 33 faces and a few backs per size and quarter turn; the cache keeps
# several sizes for window resizes. Bounded by bytes, since 4K cards are ten times larger.
LIMIT_BYTES = 160 * 1024 * 1024
# Resizing the window lays the table out at size after size, and each size's bitmaps were
# kept until the byte limit: RSS rose by the whole limit under resizes. Only the bitmaps
# shown at the last few layouts are kept (going back to a recent size costs nothing).
KEPT_TABLE_LAYOUTS = 3
GIVE_BACK_BYTES = 1024 * 1024  # bitmaps dropped at once that are worth giving back

# (face or "", width px, scale x100, four colour, jumbo, back style, dimmed, quarter turn)
_Key = tuple[str, int, int, bool, bool, str, bool, int]


def quarter_turn(rotation: float) -> int:
    """0-3: which quarter turn a rotation is nearest, for the direction of the shadow."""
    return round(rotation / 90.0) % 4


def _shadow_offset(width: float, quarter: int) -> tuple[float, float]:
    """Local offset that shows down-right on screen for an item turned quarter x 90°."""
    dx, dy = SHADOW_OFFSET[0] * width, SHADOW_OFFSET[1] * width
    return ((dx, dy), (dy, -dx), (-dx, -dy), (-dy, dx))[quarter]


def _pixmap_bytes(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * 4


class CardPictures:
    """The bitmaps of the cards in their looks and sizes, bounded by bytes and by layouts."""

    def __init__(self, limit_bytes: int = LIMIT_BYTES) -> None:
        self.limit_bytes = limit_bytes
        self._pixmaps: OrderedDict[_Key, tuple[QPixmap, float]] = OrderedDict()
        self._bytes = 0
        self._layouts = 0  # the table layouts so far
        self._last_shown: dict[_Key, int] = {}  # each bitmap's last layout shown at

    @property
    def bytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._pixmaps)

    def widths(self) -> set[int]:
        """The card widths (device pixels) that kept bitmaps are drawn at."""
        return {key[1] for key in self._pixmaps}

    def clear(self) -> None:
        self._pixmaps.clear()
        self._last_shown.clear()
        self._bytes = 0

    def new_layout(self) -> None:
        """The table was laid out afresh (a resize, a new text size): bitmaps not shown at
        any of the last `KEPT_TABLE_LAYOUTS` layouts are dropped."""
        self._layouts += 1
        oldest = self._layouts - KEPT_TABLE_LAYOUTS
        dropped = 0
        for key in [key for key, shown in self._last_shown.items() if shown < oldest]:
            del self._last_shown[key]
            pixmap, _ = self._pixmaps.pop(key)
            dropped += _pixmap_bytes(pixmap)
        self._bytes -= dropped
        if dropped >= GIVE_BACK_BYTES:
            give_back_free_memory()  # else the freed bitmaps leave holes in the heap (issue 29)

    def pixmap(
        self,
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
        """The card with its shadow (and dim veil) in one bitmap, and its margin round it.

        The bitmap has `scale` device pixels per unit, so drawing it at the card's top-left
        minus the margin shows the face painter's pixels exactly."""
        width_px = max(1, round(width * scale))
        key: _Key = (
            card or "",
            width_px,
            round(scale * 100),
            four_colour and card is not None,
            jumbo and card is not None,
            "" if card is not None else back_style,
            dimmed,
            quarter,
        )
        self._last_shown[key] = self._layouts
        hit = self._pixmaps.get(key)
        if hit is not None:
            self._pixmaps.move_to_end(key)
            return hit
        look = (four_colour, jumbo, back_style, dimmed, quarter)
        made = _render(card, width, width_px, scale, *look)
        self._pixmaps[key] = made
        self._bytes += _pixmap_bytes(made[0])
        while self._bytes > self.limit_bytes and len(self._pixmaps) > 1:
            old_key, (old, _) = self._pixmaps.popitem(last=False)
            del self._last_shown[old_key]
            self._bytes -= _pixmap_bytes(old)
        return made


def _render(
    card: str | None,
    width: float,
    width_px: int,
    scale: float,
    four_colour: bool,
    jumbo: bool,
    back_style: str,
    dimmed: bool,
    quarter: int,
) -> tuple[QPixmap, float]:
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
    return QPixmap.fromImage(image), margin
