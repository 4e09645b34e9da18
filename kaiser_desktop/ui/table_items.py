"""The table's non-card pieces: name plates, bid bubbles, the info panel and pile counts.

Each item is told its rectangle in scene units (from `compute_layout`) and scales its text
with it, so a resize only moves and resizes items. No text is ever smaller than the body
text of the chosen text size (`min_px`): words too long for their box at that size wrap,
and the box grows around them, rather than the font shrinking.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.cards.layout import board_text_size
from kaiser_desktop.ui.text_size import BASE_PIXEL_SIZE

_WRAP = Qt.TextFlag.TextWordWrap


def body_px(text_scale: float) -> int:
    """The body text's pixel size at a text size (the application font's)."""
    return round(BASE_PIXEL_SIZE * text_scale)


class _RectItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
        self.min_px = BASE_PIXEL_SIZE  # the body text size: no word drawn smaller
        self.drawn_px: list[float] = []  # every text size the last paint used (tests)
        # Drawn once into a bitmap and blitted while cards pass over: their text is the
        # dearest thing on the table to draw, and it changes only when update() says so.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(rect)
        self.update()

    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:
        return self.shown_rect().adjusted(-4, -4, 4, 4)

    def shown_rect(self) -> QRectF:
        """The box as drawn: its rectangle, or larger for its words (see `_text_box`)."""
        return QRectF(self._rect)

    def set_min_px(self, px: int) -> None:
        if px != self.min_px:
            self.prepareGeometryChange()
            self.min_px = px
            self.update()

    def _font(self, size: float, bold: bool) -> QFont:
        font = theme.ui_font(size, bold)
        self.drawn_px.append(font.pixelSize())
        return font


_FITTED: dict[tuple[str, float, float, bool, float], float] = {}


def _fitted_font(
    text: str, rect: QRectF, size: float, bold: bool = True, floor: float = 9
) -> tuple[float, bool]:
    """The largest pixel size from `floor` up to `size` at which one line of text fits the
    rectangle (`floor` if none does: the caller wraps it).

    Remembered, since the items repaint whenever a card passes over them.
    """
    size = max(size, floor)
    key = (text, rect.width(), size, bold, floor)
    fitted = _FITTED.get(key)
    if fitted is None:
        if len(_FITTED) > 2000:
            _FITTED.clear()
        fitted = _FITTED[key] = _fit(text, rect.width(), size, bold, floor)
    return fitted, bold


def _fit(text: str, width: float, size: float, bold: bool, floor: float) -> float:
    while size > floor:
        metrics = QFontMetricsF(theme.ui_font(size, bold))
        if metrics.horizontalAdvance(text) <= width * 0.92:
            break
        size -= 1
    return max(size, floor)


def _text_box(text: str, rect: QRectF, size: float, bold: bool, grow_up: bool = False) -> QRectF:
    """`rect`, or taller if the text wraps at `size`: grown down (or up) by what the extra
    lines need, so they sit inside the box."""
    metrics = QFontMetricsF(theme.ui_font(size, bold))
    if metrics.horizontalAdvance(text) <= rect.width() * 0.92:
        return QRectF(rect)
    inner = QRectF(0, 0, rect.width() * 0.92, 10_000)
    needed = metrics.boundingRect(inner, int(_WRAP), text).height() + 0.3 * size
    extra = max(0.0, needed - rect.height())
    return rect.adjusted(0, -extra, 0, 0) if grow_up else rect.adjusted(0, 0, 0, extra)


class NamePlate(_RectItem):
    """A player's name; bright yellow while it is their turn; a "D" disc marks the dealer."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self.turn = False
        self.dealer = False
        self.out = False  # sits out a Kaiser hand
        self.text_grows_up = False  # wrapped words grow the plate up (South's, at the edge)
        self.text_grows_left = False  # a long word widens it to the left (East's, South's)
        self.setZValue(50)

    def shown_text(self) -> str:
        if self.out:
            return translate("NamePlate", "{name} (sits out)").format(name=self.text)
        return self.text

    def boundingRect(self) -> QRectF:
        h = self._rect.height()
        return self.shown_rect().adjusted(-h * 0.5, -h * 0.5, h * 0.5, h * 0.5)

    def set_state(self, *, turn: bool, dealer: bool, out: bool = False) -> None:
        if (turn, dealer, out) != (self.turn, self.dealer, self.out):
            self.prepareGeometryChange()
            self.turn, self.dealer, self.out = turn, dealer, out
            self.update()

    def _parts(self) -> tuple[QRectF, QRectF, float, bool, float]:
        """(plate, text box, text size, bold, dealer disc) as drawn."""
        r = self._rect
        radius = r.height() / 2
        text = self.shown_text()
        # The dealer's disc: its "D" at least as large as the body text.
        disc = min(r.height(), max(r.height() * 0.78, self.min_px / 0.62)) if self.dealer else 0.0
        text_rect = r.adjusted(radius * 0.6, 0, -(disc + radius * 0.4), 0)
        size, bold = _fitted_font(text, text_rect, r.height() * 0.52, floor=self.min_px)
        # A word longer than the plate at the body size widens it, away from the hand.
        metrics = QFontMetricsF(theme.ui_font(size, bold))
        longest = max((metrics.horizontalAdvance(word) for word in text.split()), default=0.0)
        wider = max(0.0, longest / 0.92 - text_rect.width())
        if wider:
            dx = (-wider, 0.0) if self.text_grows_left else (0.0, wider)
            r = r.adjusted(dx[0], 0, dx[1], 0)
            text_rect = text_rect.adjusted(dx[0], 0, dx[1], 0)
        box = _text_box(text, text_rect, size, bold, grow_up=self.text_grows_up)
        r = r.adjusted(0, box.top() - text_rect.top(), 0, box.bottom() - text_rect.bottom())
        return r, box, size, bold, disc

    def shown_rect(self) -> QRectF:
        if self._rect.isEmpty():
            return QRectF(self._rect)
        return self._parts()[0]

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.drawn_px = []
        if self._rect.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = self._rect.height() / 2
        text = self.shown_text()
        r, text_rect, size, bold, disc = self._parts()
        if self.turn:
            glow = QColor(theme.TURN_FILL)
            glow.setAlpha(90)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(glow)
            grow = r.height() * 0.18
            painter.drawRoundedRect(
                r.adjusted(-grow, -grow, grow, grow), radius + grow, radius + grow
            )
        painter.setBrush(theme.TURN_FILL if self.turn else theme.LABEL_FILL)
        painter.setPen(QPen(theme.PLATE_EDGE, 1.5))
        painter.drawRoundedRect(r, radius, radius)
        painter.setFont(self._font(size, bold))
        painter.setPen(theme.TURN_TEXT if self.turn else theme.LABEL_TEXT)
        inner = text_rect.adjusted(text_rect.width() * 0.04, 0, -text_rect.width() * 0.04, 0)
        painter.drawText(inner, int(Qt.AlignmentFlag.AlignCenter) | int(_WRAP), text)
        if self.dealer:
            centre = QPointF(r.right() - radius * 0.25 - disc / 2, r.center().y())
            painter.setBrush(theme.DEALER_FILL)
            painter.setPen(QPen(theme.DEALER_TEXT, 1.2))
            painter.drawEllipse(centre, disc / 2, disc / 2)
            painter.setFont(self._font(max(disc * 0.62, self.min_px), True))
            painter.setPen(theme.DEALER_TEXT)
            box = QRectF(centre.x() - disc / 2, centre.y() - disc / 2, disc, disc)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "D")


class BidBubble(_RectItem):
    """What a player said in the auction ("Pass", "8", "8 no trump"), in a speech bubble."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.words: Callable[[], str] | None = None  # what makes `text`, in any language
        self.red = False
        self.strong = False  # the contract: drawn with a gold edge
        self.text_grows_up = False  # wrapped words grow the bubble up (South's)
        self.setZValue(55)
        self.setVisible(False)

    def shown_rect(self) -> QRectF:
        r = self._rect
        if r.isEmpty() or not self.text:
            return QRectF(r)
        size, bold = _fitted_font(self.text, r, r.height() * 0.5, floor=self.min_px)
        return _text_box(self.text, r, size, bold, grow_up=self.text_grows_up)

    def show_text(self, text: str, *, red: bool = False, strong: bool = False) -> None:
        self.words = None
        self._show(text, red, strong)

    def say(self, words: Callable[[], str], *, red: bool = False, strong: bool = False) -> None:
        """Show what `words()` says now, and again in a new language (`resay`)."""
        self._show(words(), red, strong)
        self.words = words

    def resay(self) -> None:
        if self.words is not None:
            self._show(self.words(), self.red, self.strong)

    def _show(self, text: str, red: bool, strong: bool) -> None:
        self.prepareGeometryChange()
        self.text, self.red, self.strong = text, red, strong
        self.setVisible(bool(text))
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.drawn_px = []
        r = self._rect
        if r.isEmpty() or not self.text:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = r.height() * 0.35
        size, bold = _fitted_font(self.text, r, r.height() * 0.5, floor=self.min_px)
        r = self.shown_rect()
        path = QPainterPath()
        path.addRoundedRect(r, radius, radius)
        edge = theme.CONTRACT_EDGE if self.strong else theme.BUBBLE_EDGE
        painter.setPen(QPen(edge, max(1.5, r.height() * (0.08 if self.strong else 0.04))))
        painter.setBrush(theme.BUBBLE_FILL)
        painter.drawPath(path)
        painter.setFont(self._font(size, bold))
        painter.setPen(theme.RED_SUIT_ON_LIGHT if self.red else theme.BUBBLE_TEXT)
        inner = r.adjusted(r.width() * 0.04, 0, -r.width() * 0.04, 0)
        painter.drawText(inner, int(Qt.AlignmentFlag.AlignCenter) | int(_WRAP), self.text)


class InfoPanel(_RectItem):
    """Top-left board: trump, contract, dealer and the score, always in view.

    Its text is never smaller than the body text: a value too long for its row at that
    size ("6 no trump by East" at extra large) wraps, and the board grows down for it."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[tuple[str, str, bool]] = []  # (label, value, value in red)
        self.text_scale = 1.0  # the text size setting (the scene sets it)
        self.max_right = 0.0  # how far right it may widen for its words (the scene sets it)
        self.setZValue(40)

    def set_max_right(self, right: float) -> None:
        self.prepareGeometryChange()
        self.max_right = right
        self.update()

    def set_lines(self, lines: list[tuple[str, str, bool]]) -> None:
        if lines != self.lines:
            self.prepareGeometryChange()
            self.lines = lines
            self.update()

    def boundingRect(self) -> QRectF:
        return self.shown_rect().adjusted(-4, -4, 4, 4)

    def _rows(self) -> tuple[float, float, float, list[float]]:
        """(text size, label column width, board width, each row's height): the board
        widens first, as far as `max_right`, so each value keeps to one line; only a value
        still too long then wraps, and its row grows."""
        r = self._rect
        size = max(
            float(self.min_px),
            board_text_size(r.width(), r.height(), len(self.lines), self.text_scale),
        )
        metrics = QFontMetricsF(theme.ui_font(size))
        bold = QFontMetricsF(theme.ui_font(size, True))
        label_w = max((metrics.horizontalAdvance(label + "  ") for label, _, _ in self.lines),
                      default=0.0)  # fmt: skip
        pad = r.height() * 0.06
        line_h = (r.height() - 2 * pad) / max(1, len(self.lines))
        longest = max((bold.horizontalAdvance(value) for _, value, _ in self.lines), default=0.0)
        wanted = label_w + longest + 2.8 * pad + 2
        width = max(r.width(), min(wanted, self.max_right - r.x()))
        value_w = max(1.0, width - 2.8 * pad - label_w)
        rows = []
        for _, value, _ in self.lines:
            wrapped = bold.boundingRect(QRectF(0, 0, value_w, 10_000), int(_WRAP), value)
            rows.append(max(line_h, wrapped.height() + 0.2 * size))
        return size, label_w, width, rows

    def shown_rect(self) -> QRectF:
        """The board as drawn: its rectangle, wider or taller for its words."""
        r = self._rect
        if r.isEmpty() or not self.lines:
            return QRectF(r)
        _, _, width, rows = self._rows()
        pad = r.height() * 0.06
        return QRectF(r.x(), r.y(), width, max(r.height(), sum(rows) + 2 * pad))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.drawn_px = []
        if self._rect.isEmpty() or not self.lines:
            return
        r = self.shown_rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(theme.PANEL_EDGE, 1.5))
        painter.setBrush(theme.PANEL_FILL)
        radius = min(12.0, r.height() * 0.08)
        painter.drawRoundedRect(r, radius, radius)
        pad = self._rect.height() * 0.06
        size, label_w, _, rows = self._rows()
        y = r.y() + pad
        left = r.x() + pad * 1.4
        width = r.width() - 2.8 * pad
        for (label, value, red), row_h in zip(self.lines, rows, strict=True):
            row = QRectF(left, y, width, row_h)
            painter.setFont(self._font(size, False))
            painter.setPen(theme.BOARD_LABEL)
            painter.drawText(row, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, label)
            value_rect = row.adjusted(label_w, 0, 0, 0)
            painter.setFont(self._font(size, True))
            painter.setPen(theme.RED_SUIT if red else theme.PANEL_TEXT)
            flags = int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft) | int(_WRAP)
            painter.drawText(value_rect, flags, value)
            y += row_h


class PileCount(_RectItem):
    """ "3 tricks" on a team's pile of won tricks."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.setZValue(500)

    def shown_rect(self) -> QRectF:
        """As tall as its text: a body-sized line in a box grown around its middle, and
        kept inside the table if widened at its edge."""
        r = QRectF(self._rect)
        if r.isEmpty() or not self.text:
            return r
        size, _ = _fitted_font(self.text, r, r.height() * 0.6, floor=self.min_px)
        metrics = QFontMetricsF(theme.ui_font(size, True))
        grow = max(0.0, (metrics.height() * 1.15 - r.height()) / 2)
        wide = max(0.0, (metrics.horizontalAdvance(self.text) / 0.9 - r.width()) / 2)
        r = r.adjusted(-wide, -grow, wide, grow)
        scene = self.scene()
        if scene is not None:
            edge = scene.sceneRect()
            r.translate(min(0.0, edge.right() - 2 - r.right()), 0)
            r.translate(max(0.0, edge.left() + 2 - r.left()), 0)
        return r

    def set_text(self, text: str) -> None:
        self.prepareGeometryChange()
        self.text = text
        self.setVisible(bool(text))
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.drawn_px = []
        r = self._rect
        if r.isEmpty() or not self.text:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        size, _ = _fitted_font(self.text, r, r.height() * 0.6, floor=self.min_px)
        r = self.shown_rect()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.PILE_FILL)
        painter.drawRoundedRect(r, r.height() / 2, r.height() / 2)
        painter.setFont(self._font(size, True))
        painter.setPen(theme.PILE_TEXT)
        painter.drawText(r, Qt.AlignmentFlag.AlignCenter, self.text)
