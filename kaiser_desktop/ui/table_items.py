"""The table's non-card pieces: name plates, bid bubbles, the info panel and pile counts.

Each item is told its rectangle in scene units (from `compute_layout`) and scales its text
with it, so a resize only moves and resizes items.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.cards.layout import board_text_size


class _RectItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
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
        return self._rect.adjusted(-4, -4, 4, 4)


_FITTED: dict[tuple[str, float, float, bool], float] = {}


def _fitted_font(text: str, rect: QRectF, size: float, bold: bool = True) -> tuple[float, bool]:
    """The largest pixel size up to `size` at which one line of text fits the rectangle.

    Remembered, since the items repaint whenever a card passes over them.
    """
    key = (text, rect.width(), size, bold)
    fitted = _FITTED.get(key)
    if fitted is None:
        if len(_FITTED) > 2000:
            _FITTED.clear()
        fitted = _FITTED[key] = _fit(text, rect.width(), size, bold)
    return fitted, bold


def _fit(text: str, width: float, size: float, bold: bool) -> float:
    while size > 9:
        metrics = QFontMetricsF(theme.ui_font(size, bold))
        if metrics.horizontalAdvance(text) <= width * 0.92:
            break
        size -= 1
    return size


class NamePlate(_RectItem):
    """A player's name; bright yellow while it is their turn; a "D" disc marks the dealer."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self.turn = False
        self.dealer = False
        self.out = False  # sits out a Kaiser hand
        self.setZValue(50)

    def shown_text(self) -> str:
        if self.out:
            return translate("NamePlate", "{name} (sits out)").format(name=self.text)
        return self.text

    def set_state(self, *, turn: bool, dealer: bool, out: bool = False) -> None:
        if (turn, dealer, out) != (self.turn, self.dealer, self.out):
            self.turn, self.dealer, self.out = turn, dealer, out
            self.update()

    def boundingRect(self) -> QRectF:
        h = self._rect.height()
        return self._rect.adjusted(-h * 0.5, -h * 0.5, h * 0.5, h * 0.5)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self._rect
        if r.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = r.height() / 2
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
        text = self.shown_text()
        disc = r.height() * 0.78 if self.dealer else 0.0
        text_rect = r.adjusted(radius * 0.6, 0, -(disc + radius * 0.4), 0)
        size, bold = _fitted_font(text, text_rect, r.height() * 0.52)
        painter.setFont(theme.ui_font(size, bold))
        painter.setPen(theme.TURN_TEXT if self.turn else theme.LABEL_TEXT)
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, text)
        if self.dealer:
            centre = QPointF(r.right() - radius * 0.25 - disc / 2, r.center().y())
            painter.setBrush(theme.DEALER_FILL)
            painter.setPen(QPen(theme.DEALER_TEXT, 1.2))
            painter.drawEllipse(centre, disc / 2, disc / 2)
            painter.setFont(theme.ui_font(disc * 0.62, True))
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
        self.setZValue(55)
        self.setVisible(False)

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
        self.text, self.red, self.strong = text, red, strong
        self.setVisible(bool(text))
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self._rect
        if r.isEmpty() or not self.text:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = r.height() * 0.35
        path = QPainterPath()
        path.addRoundedRect(r, radius, radius)
        edge = theme.CONTRACT_EDGE if self.strong else theme.BUBBLE_EDGE
        painter.setPen(QPen(edge, max(1.5, r.height() * (0.08 if self.strong else 0.04))))
        painter.setBrush(theme.BUBBLE_FILL)
        painter.drawPath(path)
        size, bold = _fitted_font(self.text, r, r.height() * 0.5)
        painter.setFont(theme.ui_font(size, bold))
        painter.setPen(theme.RED_SUIT_ON_LIGHT if self.red else theme.BUBBLE_TEXT)
        painter.drawText(r, Qt.AlignmentFlag.AlignCenter, self.text)


class InfoPanel(_RectItem):
    """Top-left board: trump, contract, dealer and the score, always in view."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[tuple[str, str, bool]] = []  # (label, value, value in red)
        self.text_scale = 1.0  # the text size setting (the scene sets it)
        self.setZValue(40)

    def set_lines(self, lines: list[tuple[str, str, bool]]) -> None:
        if lines != self.lines:
            self.lines = lines
            self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self._rect
        if r.isEmpty() or not self.lines:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(theme.PANEL_EDGE, 1.5))
        painter.setBrush(theme.PANEL_FILL)
        radius = min(12.0, r.height() * 0.08)
        painter.drawRoundedRect(r, radius, radius)
        pad = r.height() * 0.06
        inner = r.adjusted(pad * 1.4, pad, -pad * 1.4, -pad)
        line_h = inner.height() / max(1, len(self.lines))
        size = board_text_size(r.width(), r.height(), len(self.lines), self.text_scale)
        label_w = max(
            QFontMetricsF(theme.ui_font(size)).horizontalAdvance(label + "  ")
            for label, _, _ in self.lines
        )
        for i, (label, value, red) in enumerate(self.lines):
            row = QRectF(inner.x(), inner.y() + i * line_h, inner.width(), line_h)
            painter.setFont(theme.ui_font(size))
            painter.setPen(theme.BOARD_LABEL)
            painter.drawText(row, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, label)
            value_rect = row.adjusted(label_w, 0, 0, 0)
            fitted, _ = _fitted_font(value, value_rect, size)
            painter.setFont(theme.ui_font(fitted, True))
            painter.setPen(theme.RED_SUIT if red else theme.PANEL_TEXT)
            painter.drawText(
                value_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, value
            )


class PileCount(_RectItem):
    """ "3 tricks" on a team's pile of won tricks."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.setZValue(500)

    def set_text(self, text: str) -> None:
        self.text = text
        self.setVisible(bool(text))
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self._rect
        if r.isEmpty() or not self.text:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.PILE_FILL)
        painter.drawRoundedRect(r, r.height() / 2, r.height() / 2)
        size, _ = _fitted_font(self.text, r, r.height() * 0.6)
        painter.setFont(theme.ui_font(size, True))
        painter.setPen(theme.PILE_TEXT)
        painter.drawText(r, Qt.AlignmentFlag.AlignCenter, self.text)
