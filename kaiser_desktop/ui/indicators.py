"""Radio buttons and check boxes as large as the text beside them (issue 38).

The platform style draws their indicators at a fixed ~13 px, beside 27 px words at Extra
large. A proxy over the platform style sizes them from the widget's own font instead:
the same 13 px at the normal 15 px text, and growing with it. (A style sheet could size
them too, but any application style sheet stops a dialog's font from reaching its buttons:
see focus_ring.py.) Fusion and the Windows styles draw an indicator to fill the rectangle
they are given, so a larger one is drawn whole, its tick or dot scaled with it.
"""

from __future__ import annotations

from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget

SCALED = (
    QStyle.PixelMetric.PM_IndicatorWidth,
    QStyle.PixelMetric.PM_IndicatorHeight,
    QStyle.PixelMetric.PM_ExclusiveIndicatorWidth,
    QStyle.PixelMetric.PM_ExclusiveIndicatorHeight,
)
# An indicator's side for each pixel of its text: 13 px at the normal 15 px text.
PER_TEXT_PIXEL = 13 / 15


def indicator_size(text_px: int, platform_size: int) -> int:
    """The indicator's side beside text of `text_px`: never below the platform's own."""
    return max(platform_size, round(text_px * PER_TEXT_PIXEL))


class ScaledIndicators(QProxyStyle):
    def pixelMetric(
        self,
        metric: QStyle.PixelMetric,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> int:
        size = super().pixelMetric(metric, option, widget)
        if metric in SCALED and widget is not None:
            return indicator_size(QFontInfo(widget.font()).pixelSize(), size)
        return size


def scale_indicators() -> None:
    """From now on, every indicator follows its text's size (once per application)."""
    app = QApplication.instance()
    if isinstance(app, QApplication) and not isinstance(app.style(), ScaledIndicators):
        app.setStyle(ScaledIndicators(app.style().name()))
