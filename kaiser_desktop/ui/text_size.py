"""The one "text and card size" setting, applied to everything a person reads.

The application font (menus, dialogs, the score sheet, message boxes) and the table
(name plates, bid bubbles, the info and action panels, which the cards make room for)
grow by the same factor.
"""

from __future__ import annotations

import math

from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication, QScreen
from PySide6.QtWidgets import QApplication

from kaiser_desktop.ui.cards.fonts import ensure_card_font
from kaiser_desktop.ui.indicators import scale_indicators

# The application font at "normal": a little larger than most desktops' 13 px default,
# since many players read without their glasses.
BASE_PIXEL_SIZE = 15
PER_CLASS_FONTS = ("QMenuBar", "QMenu", "QMessageBox", "QTipLabel", "QHeaderView",
                   "QStatusBar", "QDockWidget", "QDockWidgetTitle", "QAbstractItemView", "QLabel",
                   "QPushButton", "QComboBox", "QCheckBox", "QRadioButton", "QLineEdit",
                   "QGroupBox", "QSpinBox", "QSlider", "QTabBar")  # fmt: skip
LARGE_SCREEN_HEIGHT = 1350  # logical pixels: on such a screen "large" is the first choice


def default_text_size(screen: QScreen | None) -> str:
    """The first choice, before the player has picked one: what suits the screen."""
    if screen is not None and screen.availableGeometry().height() >= LARGE_SCREEN_HEIGHT:
        return "large"
    return "normal"


def application_font(scale: float) -> QFont:
    font = QFont(QGuiApplication.font())
    font.setPixelSize(round(BASE_PIXEL_SIZE * scale))
    return font


def chrome_growth(smaller: float, scale: float) -> float:
    """How much taller the table is at the `smaller` text size than at `scale` in the same
    window: the window's menu bar and status bar are a line of the application font each
    (rounded up, and a pixel more for their frames' rounding)."""
    lines = [QFontMetricsF(application_font(s)).lineSpacing() for s in (smaller, scale)]
    return math.ceil(2 * max(0.0, lines[1] - lines[0])) + 1.0


# Fonts held for the app's whole run, one for each face its text is set in (issue 29).
_FACES_KEPT: list[QFont] = []


def keep_faces_open() -> None:
    """Hold open the faces the app's text is set in: the application font's regular,
    bold, italic and bold italic, and the card font's bold.

    With FreeType (Linux), when the last use of one face ends (the rules' italic, a while
    after the rules close), Qt 6 sets aside every other face still in use and opens it
    afresh at its next use: the same font file mapped once more, ~0.7 MiB each time, for as
    long as any text laid out before holds the old copy. In the random-input run the font
    files went from 2 to 9-17 mappings. While each face the app uses is held here, none of
    them is ever last used, and each file stays mapped once. Faces from system fallback (a
    glyph missing from these) are not held. Elsewhere this only holds five fonts.
    """
    if _FACES_KEPT:
        return
    family = QGuiApplication.font().family()
    faces = [(family, bold, italic) for bold in (False, True) for italic in (False, True)]
    for name, bold, italic in [*faces, (ensure_card_font(), True, False)]:
        font = QFont(name)
        font.setBold(bold)
        font.setItalic(italic)
        QFontMetricsF(font).horizontalAdvance("Ag")  # a face is opened at its first use
        _FACES_KEPT.append(font)


def apply_application_font(scale: float) -> None:
    """Every widget that has not set its own font follows, open dialogs included."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        keep_faces_open()
        scale_indicators()  # radio buttons and check boxes grow with their words
        font = application_font(scale)
        app.setFont(font)
        # Platform themes give some classes fonts of their own, which the call above
        # leaves alone: menus and message boxes would stay small.
        for widget_class in PER_CLASS_FONTS:
            # PySide6's stub says bytes for the class name; the binding takes only str.
            app.setFont(font, widget_class)  # type: ignore[arg-type]
