"""Table colours and the style sheet of the panels that float over the table."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

FELT = QColor("#1d5e33")
FELT_DARK = QColor("#154827")
LABEL_FILL = QColor(0, 0, 0, 120)
LABEL_TEXT = QColor("#FFFFFF")
TURN_FILL = QColor("#FFC107")  # the seat whose turn it is: bright, unmissable
TURN_TEXT = QColor("#1A1A1A")
DEALER_FILL = QColor("#FFFFFF")
DEALER_TEXT = QColor("#1A1A1A")
BUBBLE_FILL = QColor("#FFFDF5")
BUBBLE_EDGE = QColor("#5A5A5A")
BUBBLE_TEXT = QColor("#1A1A1A")
PANEL_FILL = QColor(0, 0, 0, 110)
PANEL_TEXT = QColor("#FFFFFF")
RED_SUIT = QColor("#E53935")
RED_SUIT_ON_LIGHT = QColor("#C8102E")


def ui_font(pixel_size: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(9, round(pixel_size)))
    font.setBold(bold)
    return font


def panel_style(px: int) -> str:
    """Style sheet for the floating panels; sizes in pixels follow the card size.

    Every button state has the same 3 px border, only its colour changes: a focused or
    hinted button must not grow by a pixel under the pointer.
    """
    pad = max(4, px // 3)
    return f"""
    QFrame#panel {{
        background: rgb(12, 46, 24);  /* opaque: nothing half-seen shows through */
        border: 2px solid rgba(255, 255, 255, 90);
        border-radius: {pad + 4}px;
    }}
    QLabel {{ color: white; font-size: {px}px; background: transparent; }}
    QWidget#buttons {{ background: transparent; }}
    QLabel#prompt {{ font-weight: bold; }}
    QLabel#error {{ color: #FFD54F; font-weight: bold; }}
    QPushButton {{
        font-size: {px}px; font-weight: bold; color: #1A1A1A;
        background: #F5F5F5; border: 3px solid #9E9E9E; border-radius: {pad}px;
        padding: {pad // 2}px {pad}px; min-width: {round(px * 1.8)}px;
        min-height: {round(px * 1.5)}px;
    }}
    QPushButton:hover {{ background: #FFF3C4; border-color: #FFC107; }}
    QPushButton:focus {{ border: 3px solid #1E88E5; }}
    QPushButton:disabled {{ color: #8A8A8A; background: #D0D0D0; }}
    QPushButton#primary {{ background: #FFC107; border-color: #B28704; }}
    QPushButton#primary:hover {{ background: #FFD54F; }}
    QPushButton#primary:disabled {{ color: #8A8A8A; background: #D0D0D0; border-color: #9E9E9E; }}
    QPushButton[suit="red"] {{ color: #C8102E; }}
    """
