"""The one bundled card font, loaded once so card text never depends on system fonts."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFont, QFontDatabase

from kaiser_desktop.paths import resource

CARD_FONT_FILE = ("fonts", "DejaVuSans-Bold.ttf")
# Qt maps this generic name to whatever sans-serif face the system has.
FALLBACK_FAMILY = "Sans Serif"

_loaded_family: str | None = None


def load_font_file(path: Path) -> str | None:
    """Register a font file with Qt; its family name, or None if it can't be used."""
    if not path.is_file():
        return None
    font_id = QFontDatabase.addApplicationFont(str(path))
    if font_id < 0:
        return None
    families = QFontDatabase.applicationFontFamilies(font_id)
    return families[0] if families else None


def ensure_card_font() -> str:
    """The card font's family name, loading the bundled file on first use.

    Needs a QGuiApplication. A missing or broken file gives the generic sans family;
    that result is not remembered, so a later call can still pick the file up.
    """
    global _loaded_family
    if _loaded_family is None:
        _loaded_family = load_font_file(resource(*CARD_FONT_FILE))
        if _loaded_family is None:
            return FALLBACK_FAMILY
    return _loaded_family


def card_font(pixel_size: int) -> QFont:
    """The bold card font at a pixel size (pixels, so it scales with the card, not the DPI)."""
    font = QFont(ensure_card_font())
    font.setPixelSize(max(1, pixel_size))
    font.setWeight(QFont.Weight.Bold)
    return font
