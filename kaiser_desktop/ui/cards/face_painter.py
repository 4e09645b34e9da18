"""Card faces and backs drawn as vectors with QPainter: crisp at any size, no image files.

Suit pips are QPainterPath shapes, so only the rank text (and the +5/−3 badge) use the
bundled font, and even those are drawn as glyph outlines scaled to exact sizes.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)

from kaiser_desktop.app.settings import CARD_BACKS
from kaiser_desktop.ui.cards.fonts import card_font
from kaiser_desktop.ui.cards.layout import CARD_ASPECT, INDEX_FRACTION, JUMBO_INDEX_FRACTION

RANKS = "AKQJT98753"
SUITS = "SHDC"
COURT_RANKS = "KQJ"
BACK_STYLES: tuple[str, ...] = CARD_BACKS  # one list: the choices Settings offers

# The two cards that change a trick's score; a badge helps new players spot them.
SPECIAL_BADGES: dict[str, str] = {"5H": "+5", "3S": "\u22123"}

RED = QColor("#C8102E")
BLACK = QColor("#151515")
BLUE = QColor("#0B4DBE")
GREEN = QColor("#0A7A2C")
FACE_WHITE = QColor("#FFFFFF")
BORDER = QColor("#4A4A4A")
BADGE_FILL = QColor("#FFE9A3")
BADGE_EDGE = QColor("#B8860B")
BADGE_TEXT = QColor("#4A3600")

_BACK_COLOURS: dict[str, tuple[QColor, QColor]] = {
    # (ground, lattice/frame) — light lines on a deep colour read as a classic back.
    "blue": (QColor("#1C4690"), QColor("#A9C3F0")),
    "red": (QColor("#9E1526"), QColor("#F2B0B8")),
    "green": (QColor("#17603A"), QColor("#A8DDB9")),
}

CORNER_RADIUS = 0.07  # of card width
_GLYPH_FONT_PX = 200  # glyph outlines are built big once, then scaled down
_BOOLEAN_SCALE = 1000.0


def parse_card(card: str) -> tuple[str, str]:
    """Split "TH" into ("T", "H"), rejecting anything that is not a card."""
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ValueError(f"not a card: {card!r}")
    return card[0], card[1]


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def suit_colour(suit: str, four_colour: bool = False) -> QColor:
    if suit in "HD":
        return BLUE if four_colour and suit == "D" else RED
    return GREEN if four_colour and suit == "C" else BLACK


# --- suit shapes (unit box 0..1 x 0..1) -----------------------------------------------


def _heart_outline() -> QPainterPath:
    path = QPainterPath(QPointF(0.5, 0.24))
    path.cubicTo(0.47, 0.09, 0.37, 0.0, 0.25, 0.0)
    path.cubicTo(0.10, 0.0, 0.0, 0.12, 0.0, 0.28)
    path.cubicTo(0.0, 0.56, 0.30, 0.70, 0.5, 1.0)
    path.cubicTo(0.70, 0.70, 1.0, 0.56, 1.0, 0.28)
    path.cubicTo(1.0, 0.12, 0.90, 0.0, 0.75, 0.0)
    path.cubicTo(0.63, 0.0, 0.53, 0.09, 0.5, 0.24)
    path.closeSubpath()
    return path


def _stem() -> QPainterPath:
    """The flared foot shared by spades and clubs."""
    path = QPainterPath(QPointF(0.5, 0.55))
    path.cubicTo(0.51, 0.80, 0.58, 0.93, 0.72, 1.0)
    path.lineTo(0.28, 1.0)
    path.cubicTo(0.42, 0.93, 0.49, 0.80, 0.5, 0.55)
    path.closeSubpath()
    return path


def _union(*parts: QPainterPath) -> QPainterPath:
    """Merge shapes into one outline.

    Qt flattens curves to lines in absolute units when merging, so work at a large scale
    (a unit-square circle would come out an octagon), then scale back.
    """
    grow = QTransform.fromScale(_BOOLEAN_SCALE, _BOOLEAN_SCALE)
    shrink = QTransform.fromScale(1 / _BOOLEAN_SCALE, 1 / _BOOLEAN_SCALE)
    merged = QPainterPath()
    merged.setFillRule(Qt.FillRule.WindingFill)
    for part in parts:
        merged = merged.united(grow.map(part))
    return shrink.map(merged.simplified())


@cache
def suit_path(suit: str) -> QPainterPath:
    """The suit symbol as a filled outline filling the unit square."""
    if suit == "H":
        return _heart_outline()
    if suit == "D":
        path = QPainterPath(QPointF(0.5, 0.0))
        path.quadTo(0.66, 0.28, 0.90, 0.5)
        path.quadTo(0.66, 0.72, 0.5, 1.0)
        path.quadTo(0.34, 0.72, 0.10, 0.5)
        path.quadTo(0.34, 0.28, 0.5, 0.0)
        path.closeSubpath()
        return path
    if suit == "S":
        # An upside-down heart, squashed to leave room for the stem.
        flip = QTransform(1.0, 0.0, 0.0, -0.8, 0.0, 0.8)
        body = flip.map(_heart_outline())
        return _union(body, _stem())
    if suit == "C":
        lobes = []
        for cx, cy, radius in (
            (0.5, 0.235, 0.225),
            (0.235, 0.56, 0.225),
            (0.765, 0.56, 0.225),
            (0.5, 0.55, 0.16),  # fills the gap between the lobes
        ):
            lobe = QPainterPath()
            lobe.addEllipse(QPointF(cx, cy), radius, radius)
            lobes.append(lobe)
        return _union(*lobes, _stem())
    raise ValueError(f"not a suit: {suit!r}")


def _fit_path(path: QPainterPath, box: QRectF) -> QPainterPath:
    """Scale the path uniformly to fit the box, centred in it."""
    bounds = path.boundingRect()
    if bounds.width() <= 0 or bounds.height() <= 0:
        return QPainterPath()
    scale = min(box.width() / bounds.width(), box.height() / bounds.height())
    transform = QTransform()
    transform.translate(box.center().x(), box.center().y())
    transform.scale(scale, scale)
    transform.translate(-bounds.center().x(), -bounds.center().y())
    return transform.map(path)


def draw_pip(painter: QPainter, suit: str, box: QRectF, colour: QColor) -> None:
    painter.fillPath(_fit_path(suit_path(suit), box), colour)


# --- text as outlines ------------------------------------------------------------------


@cache
def _glyph_outline(text: str) -> tuple[QPainterPath, float]:
    """Text outline at the reference size with its baseline at y=0, and the cap height.

    "10" is set with its digits close together so it fits the narrow index strip.
    """
    font = card_font(_GLYPH_FONT_PX)
    cap_height = QFontMetricsF(font).capHeight()
    if text != "10":
        path = QPainterPath()
        path.addText(0.0, 0.0, font, text)
        return path, cap_height
    one, zero = QPainterPath(), QPainterPath()
    one.addText(0.0, 0.0, font, "1")
    zero.addText(0.0, 0.0, font, "0")
    one_bounds, zero_bounds = one.boundingRect(), zero.boundingRect()
    gap = 0.06 * cap_height
    zero.translate(one_bounds.right() + gap - zero_bounds.left(), 0.0)
    one.addPath(zero)
    return one, cap_height


def _text_path(
    text: str,
    cap_height: float,
    max_width: float,
    centre_x: float,
    top: float,
    *,
    condense: bool = True,
) -> QPainterPath:
    """Text outline with capitals cap_height tall, centred on centre_x, cap line at top.

    Too-wide text is narrowed (condense) or shrunk as a whole to fit max_width.
    """
    outline, reference_cap = _glyph_outline(text)
    bounds = outline.boundingRect()
    scale_y = cap_height / reference_cap
    scale_x = min(scale_y, max_width / bounds.width()) if bounds.width() > 0 else scale_y
    if not condense:
        scale_y = scale_x
    transform = QTransform()
    transform.translate(centre_x, top + cap_height)
    transform.scale(scale_x, scale_y)
    transform.translate(-bounds.center().x(), 0.0)
    return transform.map(outline)


def _court_cap(max_width: float, preferred_cap: float) -> float:
    """One cap height for K, Q and J, so all courts of a deck match, fitting the widest."""
    widest = max(
        _glyph_outline(letter)[0].boundingRect().width() / _glyph_outline(letter)[1]
        for letter in COURT_RANKS
    )
    return min(preferred_cap, max_width / widest)


# --- faces -----------------------------------------------------------------------------


def _card_outline(rect: QRectF) -> QPainterPath:
    radius = CORNER_RADIUS * rect.width()
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def _paint_blank(painter: QPainter, rect: QRectF, fill: QColor) -> float:
    """White (or given) rounded card with a thin border; returns the border width."""
    border = max(1.0, 0.011 * rect.width())
    inset = border / 2
    body = rect.adjusted(inset, inset, -inset, -inset)
    painter.setPen(QPen(BORDER, border))
    painter.setBrush(fill)
    painter.drawPath(_card_outline(body))
    return border


def _paint_index(
    painter: QPainter, rect: QRectF, rank: str, suit: str, colour: QColor, jumbo: bool
) -> None:
    """Rank, small pip and (for 5H/3S) the score badge in the top-left index strip."""
    w = rect.width()
    strip = (JUMBO_INDEX_FRACTION if jumbo else INDEX_FRACTION) * w
    cap = (0.255 if jumbo else 0.19) * w
    pip = (0.2 if jumbo else 0.15) * w
    centre_x = rect.left() + strip / 2 + 0.012 * w
    top = rect.top() + 0.075 * w
    max_text_w = strip - 0.05 * w

    rank_path = _text_path(rank_label(rank), cap, max_text_w, centre_x, top)
    painter.fillPath(rank_path, colour)
    # J and Q reach below the baseline; keep the pip clear of them.
    pip_top = max(top + cap, rank_path.boundingRect().bottom()) + 0.045 * w
    draw_pip(painter, suit, QRectF(centre_x - pip / 2, pip_top, pip, pip), colour)

    badge = SPECIAL_BADGES.get(rank + suit)
    if badge is None:
        return
    badge_w, badge_h = strip - 0.02 * w, (0.15 if jumbo else 0.125) * w
    badge_rect = QRectF(centre_x - badge_w / 2, pip_top + pip + 0.05 * w, badge_w, badge_h)
    painter.setPen(QPen(BADGE_EDGE, max(0.8, 0.008 * w)))
    painter.setBrush(BADGE_FILL)
    painter.drawRoundedRect(badge_rect, badge_h / 2, badge_h / 2)
    text_cap = badge_h * 0.6
    text_top = badge_rect.top() + (badge_h - text_cap) / 2
    painter.fillPath(
        _text_path(badge, text_cap, badge_w * 0.8, badge_rect.center().x(), text_top), BADGE_TEXT
    )


def paint_face(
    painter: QPainter,
    rect: QRectF,
    rank: str,
    suit: str,
    *,
    four_colour: bool = False,
    jumbo: bool = False,
) -> None:
    """Draw a card face filling rect (which should have the card's 1 : 1.4 shape)."""
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card: {rank!r}{suit!r}")
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    _paint_blank(painter, rect, FACE_WHITE)
    colour = suit_colour(suit, four_colour)
    painter.setPen(Qt.PenStyle.NoPen)

    _paint_index(painter, rect, rank, suit, colour, jumbo)
    # The bottom-right index is the same drawing turned half a turn about the centre.
    painter.save()
    painter.translate(rect.center())
    painter.rotate(180.0)
    painter.translate(-rect.center())
    _paint_index(painter, rect, rank, suit, colour, jumbo)
    painter.restore()

    _paint_centre(painter, rect, rank, suit, colour, jumbo)
    painter.restore()


def _paint_centre(
    painter: QPainter, rect: QRectF, rank: str, suit: str, colour: QColor, jumbo: bool
) -> None:
    w = rect.width()
    strip = (JUMBO_INDEX_FRACTION if jumbo else INDEX_FRACTION) * w
    free_w = w - 2 * strip - 0.06 * w  # between the two index strips
    centre = rect.center()
    if rank in COURT_RANKS:
        frame = QRectF(
            rect.left() + strip + 0.02 * w,
            rect.top() + 0.08 * w,
            w - 2 * strip - 0.04 * w,
            rect.height() - 0.16 * w,
        )
        tint = QColor(colour)
        tint.setAlphaF(0.07)
        edge = QColor(colour)
        edge.setAlphaF(0.55)
        painter.setPen(QPen(edge, max(1.0, 0.012 * w)))
        painter.setBrush(tint)
        painter.drawRoundedRect(frame, 0.04 * w, 0.04 * w)
        painter.setPen(Qt.PenStyle.NoPen)
        letter = _text_path(rank, _court_cap(frame.width() * 0.78, 0.34 * w), w, centre.x(), 0.0)
        letter_box = letter.boundingRect()
        pip = min(0.22 * w, frame.width() * 0.7)
        gap = 0.07 * w
        # Centre letter + pip as one block, measured by ink so J's hook doesn't skew it.
        top = centre.y() - (letter_box.height() + gap + pip) / 2
        letter.translate(0.0, top - letter_box.top())
        painter.fillPath(letter, colour)
        pip_top = top + letter_box.height() + gap
        draw_pip(painter, suit, QRectF(centre.x() - pip / 2, pip_top, pip, pip), colour)
        return
    # Aces get a bigger pip than number cards so they stand out in a spread hand.
    size = min(free_w + 0.04 * w, 0.46 * w) if rank == "A" else min(free_w, 0.36 * w)
    box = QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size)
    draw_pip(painter, suit, box, colour)


# --- backs -----------------------------------------------------------------------------


def paint_back(painter: QPainter, rect: QRectF, style: str = "blue") -> None:
    """Draw a card back: white rim, deep colour, light diagonal lattice and frame."""
    ground, line = _BACK_COLOURS.get(style, _BACK_COLOURS["blue"])
    w = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    border = _paint_blank(painter, rect, FACE_WHITE)

    rim = 0.06 * w + border
    panel = rect.adjusted(rim, rim, -rim, -rim)
    panel_path = QPainterPath()
    panel_path.addRoundedRect(panel, 0.035 * w, 0.035 * w)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.fillPath(panel_path, ground)

    painter.setClipPath(panel_path)
    lattice = QColor(line)
    lattice.setAlphaF(0.55)
    painter.setPen(QPen(lattice, max(0.8, 0.013 * w)))
    spacing = 0.1 * w
    span = panel.width() + panel.height()
    steps = int(span / spacing) + 2
    for i in range(-steps, steps + 1):
        offset = i * spacing
        start = QPointF(panel.left() + offset, panel.top())
        painter.drawLine(start, start + QPointF(span, span))
        painter.drawLine(start, start + QPointF(-span, span))
    painter.setClipping(False)

    frame_inset = 0.045 * w
    frame = panel.adjusted(frame_inset, frame_inset, -frame_inset, -frame_inset)
    painter.setPen(QPen(line, max(1.0, 0.016 * w)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(frame, 0.025 * w, 0.025 * w)

    # A solid medallion in the middle gives the back a focal point, like a printed deck.
    medallion = QPainterPath()
    c = panel.center()
    rx, ry = 0.2 * w, 0.24 * w
    medallion.moveTo(c.x(), c.y() - ry)
    medallion.lineTo(c.x() + rx, c.y())
    medallion.lineTo(c.x(), c.y() + ry)
    medallion.lineTo(c.x() - rx, c.y())
    medallion.closeSubpath()
    painter.setPen(QPen(line, max(1.0, 0.016 * w)))
    painter.setBrush(QBrush(ground))
    painter.drawPath(medallion)
    painter.restore()


# --- whole-card rendering ----------------------------------------------------------------


def render_card_image(
    card: str | None,
    width: float,
    *,
    four_colour: bool = False,
    jumbo: bool = False,
    back_style: str = "blue",
    device_pixel_ratio: float = 1.0,
) -> QImage:
    """A transparent image of one card, `width` logical pixels wide; card=None gives the back.

    The image holds width x dpr device pixels, so it stays sharp on high-DPI screens.
    """
    # Parse first: a QPainter left open on a QImage by an exception crashes Qt later.
    parsed = parse_card(card) if card is not None else None
    height = width * CARD_ASPECT
    image = QImage(
        max(1, round(width * device_pixel_ratio)),
        max(1, round(height * device_pixel_ratio)),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.setDevicePixelRatio(device_pixel_ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    rect = QRectF(0.0, 0.0, width, height)
    try:
        if parsed is None:
            paint_back(painter, rect, back_style)
        else:
            rank, suit = parsed
            paint_face(painter, rect, rank, suit, four_colour=four_colour, jumbo=jumbo)
    finally:
        painter.end()
    return image
