"""Card graphics: vector card faces, the animated card item and the table layout.

This layer draws and moves cards and reports clicks; it knows no game rules.

Names are loaded on first use, so `kaiser_desktop.ui.cards.layout` (pure geometry) can be
imported without pulling in Qt.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kaiser_desktop.ui.cards.card_item import CardItem
    from kaiser_desktop.ui.cards.face_painter import paint_back, paint_face, render_card_image
    from kaiser_desktop.ui.cards.fonts import ensure_card_font
    from kaiser_desktop.ui.cards.layout import (
        CardSpot,
        Rect,
        TableLayout,
        compute_layout,
        hand_positions,
    )

_HOMES = {
    "CardItem": "card_item",
    "paint_back": "face_painter",
    "paint_face": "face_painter",
    "render_card_image": "face_painter",
    "ensure_card_font": "fonts",
    "CardSpot": "layout",
    "Rect": "layout",
    "TableLayout": "layout",
    "compute_layout": "layout",
    "hand_positions": "layout",
}

__all__ = [
    "CardItem",
    "CardSpot",
    "Rect",
    "TableLayout",
    "compute_layout",
    "ensure_card_font",
    "hand_positions",
    "paint_back",
    "paint_face",
    "render_card_image",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
