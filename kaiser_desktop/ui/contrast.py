"""WCAG 2 contrast: relative luminance, the ratio of two colours, and a translucent
colour laid over an opaque one (the table's plates and panels are see-through)."""

from __future__ import annotations

from PySide6.QtGui import QColor

AA_TEXT = 4.5  # WCAG 2.1 AA, normal text
AA_LARGE_TEXT = 3.0  # AA for large text (the plates' and board's bold text at most sizes)


def _channel(value: float) -> float:
    c = value / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    return (
        0.2126 * _channel(colour.red())
        + 0.7152 * _channel(colour.green())
        + 0.0722 * _channel(colour.blue())
    )


def over(top: QColor, below: QColor) -> QColor:
    """`top` (maybe translucent) painted over the opaque `below`: the colour one sees."""
    alpha = top.alpha() / 255.0

    def mix(a: int, b: int) -> int:
        return round(a * alpha + b * (1.0 - alpha))

    return QColor(
        mix(top.red(), below.red()), mix(top.green(), below.green()), mix(top.blue(), below.blue())
    )


def ratio(text: QColor, background: QColor) -> float:
    """The contrast ratio, 1 to 21, of opaque text on an opaque background."""
    a, b = luminance(text), luminance(background)
    light, dark = max(a, b), min(a, b)
    return (light + 0.05) / (dark + 0.05)
