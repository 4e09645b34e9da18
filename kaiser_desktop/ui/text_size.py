"""The one "text and card size" setting, applied to everything a person reads.

The application font (menus, dialogs, the score sheet, message boxes) and the table
(name plates, bid bubbles, the info and action panels, which the cards make room for)
grow by the same factor.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QGuiApplication, QScreen
from PySide6.QtWidgets import QApplication

# The application font at "normal": a little larger than most desktops' 13 px default,
# since many players read without their glasses.
BASE_PIXEL_SIZE = 15
PER_CLASS_FONTS = ("QMenuBar", "QMenu", "QMessageBox", "QTipLabel", "QHeaderView",
                   "QStatusBar", "QDockWidget", "QAbstractItemView", "QLabel",
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


def apply_application_font(scale: float) -> None:
    """Every widget that has not set its own font follows, open dialogs included."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        font = application_font(scale)
        app.setFont(font)
        # Platform themes give some classes fonts of their own, which the call above
        # leaves alone: menus and message boxes would stay small.
        for widget_class in PER_CLASS_FONTS:
            app.setFont(font, widget_class)
