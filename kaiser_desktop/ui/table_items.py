"""The table's non-card pieces: name plates, bid bubbles, the info panel and pile counts.

Each item is told its rectangle in scene units (from `compute_layout`) and scales its text
with it, so a resize only moves and resizes items. No word is drawn smaller than the body
text of the chosen text size (`min_px`): the layout makes each box large enough for its
words at that size (the scene measures them), rather than the font shrinking to fit.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.ui import theme


class _RectItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
        self.min_px = 15.0  # the body text size: no word is drawn smaller (the scene sets it)
        self.drawn_px: list[float] = []  # every text size the last paint used (tests)
        self.overflow: list[str] = []  # words the last paint found wider than their room
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

    def set_min_px(self, px: float) -> None:
        if px != self.min_px:
            self.prepareGeometryChange()
            self.min_px = px
            self.update()

    def _text(self, painter: QPainter, rect: QRectF, flags: Qt.AlignmentFlag, text: str) -> None:
        """Draw one line in the painter's font, noting its size and whether it fits."""
        font = painter.font()
        self.drawn_px.append(font.pixelSize())
        if QFontMetricsF(font).horizontalAdvance(text) > rect.width() + 0.5:
            self.overflow.append(text)
        painter.drawText(rect, flags, text)


_FITTED: dict[tuple[str, float, float, bool, float], float] = {}


def _fitted_font(
    text: str, rect: QRectF, size: float, bold: bool = True, floor: float = 9.0
) -> tuple[float, bool]:
    """The largest pixel size from `floor` up to `size` at which one line of text fits
    the rectangle; `floor` (the body text size) even if it does not.

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
        self.drawn_px, self.overflow = [], []
        r = self._rect
        if r.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = r.height() / 2
        if self.turn:
            glow = QColor(theme.current().turn_fill)
            glow.setAlpha(90)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(glow)
            grow = r.height() * 0.18
            painter.drawRoundedRect(
                r.adjusted(-grow, -grow, grow, grow), radius + grow, radius + grow
            )
        painter.setBrush(theme.current().turn_fill if self.turn else theme.current().label_fill)
        painter.setPen(QPen(theme.current().plate_edge, 1.5))
        painter.drawRoundedRect(r, radius, radius)
        text = self.shown_text()
        disc = r.height() * 0.78 if self.dealer else 0.0
        text_rect = r.adjusted(radius * 0.6, 0, -(disc + radius * 0.4), 0)
        size, bold = _fitted_font(text, text_rect, r.height() * 0.52, floor=self.min_px)
        painter.setFont(theme.ui_font(size, bold))
        painter.setPen(theme.current().turn_text if self.turn else theme.current().label_text)
        self._text(painter, text_rect, Qt.AlignmentFlag.AlignCenter, text)
        if self.dealer:
            centre = QPointF(r.right() - radius * 0.25 - disc / 2, r.center().y())
            painter.setBrush(theme.current().dealer_fill)
            painter.setPen(QPen(theme.current().dealer_text, 1.2))
            painter.drawEllipse(centre, disc / 2, disc / 2)
            painter.setFont(theme.ui_font(max(disc * 0.62, self.min_px), True))
            painter.setPen(theme.current().dealer_text)
            box = QRectF(centre.x() - disc / 2, centre.y() - disc / 2, disc, disc)
            self._text(painter, box, Qt.AlignmentFlag.AlignCenter, "D")


class BidBubble(_RectItem):
    """What a player said in the auction ("Pass", "8", "8 no trump"), in a speech bubble."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.words: Callable[[], str] | None = None  # what makes `text`, in any language
        self.red = False
        self.strong = False  # the contract: drawn with a gold edge
        self.grow_left = False  # words too long for the box widen it leftwards (East's)
        self.setZValue(55)
        self.setVisible(False)

    def shown_rect(self) -> QRectF:
        """The box as drawn: the layout's, widened towards the table for words longer than
        any bid at the body text size (the first jack's "Jack! Deals first")."""
        r = QRectF(self._rect)
        if not self.text or r.isEmpty():
            return r
        metrics = QFontMetricsF(theme.ui_font(self.min_px, True))
        need = metrics.horizontalAdvance(self.text) + 0.2 * r.height() + 4
        if need <= r.width():
            return r
        extra = need - r.width()
        return r.adjusted(-extra, 0, 0, 0) if self.grow_left else r.adjusted(0, 0, extra, 0)

    def boundingRect(self) -> QRectF:
        return self.shown_rect().adjusted(-4, -4, 4, 4)

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
        self.prepareGeometryChange()  # longer words may widen it
        self.text, self.red, self.strong = text, red, strong
        self.setVisible(bool(text))
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.drawn_px, self.overflow = [], []
        r = self.shown_rect()
        if r.isEmpty() or not self.text:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = r.height() * 0.35
        path = QPainterPath()
        path.addRoundedRect(r, radius, radius)
        edge = theme.current().contract_edge if self.strong else theme.current().bubble_edge
        painter.setPen(QPen(edge, max(1.5, r.height() * (0.08 if self.strong else 0.04))))
        painter.setBrush(theme.current().bubble_fill)
        painter.drawPath(path)
        size, bold = _fitted_font(self.text, r, r.height() * 0.5, floor=self.min_px)
        painter.setFont(theme.ui_font(size, bold))
        painter.setPen(
            theme.current().red_suit_on_light if self.red else theme.current().bubble_text
        )
        self._text(painter, r, Qt.AlignmentFlag.AlignCenter, self.text)


Row = tuple[str, str, bool]  # a board row: label, value, value in red


def board_metrics(px: float) -> tuple[float, float, float]:
    """(line height, padding, gap after the labels) of the board at text size `px`."""
    return px * 1.3, px * 0.45, px * 0.7


def board_size(rows: list[tuple[str, list[str]]], px: float, stacked: int) -> tuple[float, float]:
    """The board's size for rows of (label, every value it may show) at `px`; its first
    `stacked` rows show their value on a line under the label."""
    line_h, pad, gap = board_metrics(px)
    label_m = QFontMetricsF(theme.ui_font(px))
    value_m = QFontMetricsF(theme.ui_font(px, True))
    widest = [
        max((value_m.horizontalAdvance(v) for v in values), default=0.0) for _, values in rows
    ]
    labels = [label_m.horizontalAdvance(label) for label, _ in rows]
    side = rows[stacked:]
    label_col = max(labels[stacked:], default=0.0) + gap
    width = max([label_col + w for w in widest[stacked:]] if side else [0.0])
    for i in range(min(stacked, len(rows))):
        width = max(width, labels[i], gap + widest[i])
    lines = len(rows) + min(stacked, len(rows))
    return width + 2.8 * pad, lines * line_h + 2 * pad


class InfoPanel(_RectItem):
    """Top-left board: trump, contract, dealer and the score, always in view; where the
    corner is small, its short form: the contract (trump in it) over two lines, "Contract"
    then "6 no trump by East", and the scores (the dealer has the D on their plate, the
    hand's number is in the status bar)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[Row] = []  # the rows shown now
        self._long: list[Row] = []
        self._short: list[Row] = []
        self.compact = False  # the short form (the layout says)
        self.px = 15.0  # its text size, at least min_px (the layout says)
        self.text_scale = 1.0  # the text size setting (the scene sets it)
        self.setZValue(40)

    def set_lines(self, lines: list[Row], short: list[Row] | None = None) -> None:
        self._long, self._short = lines, (short if short is not None else lines)
        self._choose()

    def set_compact(self, compact: bool, px: float | None = None) -> None:
        self.compact = compact
        if px is not None and px != self.px:
            self.px = px
            self.update()
        self._choose()

    def _choose(self) -> None:
        lines = self._short if self.compact else self._long
        if lines != self.lines:
            self.lines = lines
            self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.drawn_px, self.overflow = [], []
        r = self._rect
        if r.isEmpty() or not self.lines:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(theme.current().panel_edge, 1.5))
        painter.setBrush(theme.current().panel_fill)
        radius = min(12.0, r.height() * 0.08)
        painter.drawRoundedRect(r, radius, radius)
        size = max(self.px, self.min_px)
        line_h, pad, gap = board_metrics(size)
        inner = r.adjusted(pad * 1.4, pad, -pad * 1.4, -pad)
        stacked = 1 if self.compact else 0
        label_w = gap + max(
            (QFontMetricsF(theme.ui_font(size)).horizontalAdvance(label) for label, _, _ in
             self.lines[stacked:]),
            default=0.0,
        )  # fmt: skip
        left = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        y = inner.y()
        for i, (label, value, red) in enumerate(self.lines):
            row = QRectF(inner.x(), y, inner.width(), line_h)
            painter.setFont(theme.ui_font(size))
            painter.setPen(theme.current().board_label)
            self._text(painter, row, left, label)
            if i < stacked:  # the value on a line of its own, under its label
                y += line_h
                value_rect = QRectF(inner.x() + gap, y, inner.width() - gap, line_h)
            else:
                value_rect = row.adjusted(label_w, 0, 0, 0)
            painter.setFont(theme.ui_font(size, True))
            painter.setPen(theme.current().red_suit if red else theme.current().panel_text)
            self._text(painter, value_rect, left, value)
            y += line_h


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
        self.drawn_px, self.overflow = [], []
        r = self._rect
        if r.isEmpty() or not self.text:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.current().pile_fill)
        painter.drawRoundedRect(r, r.height() / 2, r.height() / 2)
        size, _ = _fitted_font(self.text, r, r.height() * 0.6, floor=self.min_px)
        painter.setFont(theme.ui_font(size, True))
        painter.setPen(theme.current().pile_text)
        self._text(painter, r, Qt.AlignmentFlag.AlignCenter, self.text)
