"""The action panel's messages: how long a refusal, a note or a hint stays, how much room it
always has, and how it is fitted into that room (shrunk a little, or cut to its first whole
sentences, so the panel never grows); and which panel button a hinted action is.

Plain functions of the text, the font and the room; the panel shows the result.
"""

from __future__ import annotations

import math
import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics

from kaiser_desktop.rules import (
    AskRedeal,
    MakeBid,
    NameTrump,
    SeatAction,
)

NOTICE_MS = 4500
HINT_MS = 30_000  # a hint stays up while the person thinks (it goes when they act)
HINT_COLOUR = "#B9F6CA"
HINTED_STYLE = "border: 3px solid #FFEB3B;"
LONGEST_MESSAGE_CHARS = 200


def notice_height(font: QFont, px: int, text_width: int) -> int:
    """The room a hint or a refusal always has: enough lines for a long hint at the
    panel's width (two when wide, up to four when narrow; longer text shrinks a little).
    From the panel's own text size, never from the message shown, so it is the same
    for every message."""
    base = QFont(font)
    base.setPixelSize(px)
    metrics = QFontMetrics(base)
    chars_per_line = text_width / max(1.0, metrics.averageCharWidth())
    lines = min(4, max(2, math.ceil(LONGEST_MESSAGE_CHARS / max(1.0, chars_per_line))))
    return lines * metrics.lineSpacing() + 4


def fit_message(full: str, font: QFont, px: int, width: int, room: int) -> tuple[str, int]:
    """Fit a message into its lines: shrink it a little (never below 75%), and if it is
    still too long, keep only its first whole sentences, so no line is ever cut off.
    Returns (the text to show, its pixel size); `font` is the label's (it is changed)."""

    def fits(text: str, size: int) -> bool:
        font.setPixelSize(size)
        needed = (
            QFontMetrics(font)
            .boundingRect(0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap), text)
            .height()
        )
        return needed <= room

    floor = round(px * 0.75)
    text = full
    sentences = _sentences(full)
    while len(sentences) > 1 and not fits(text, floor):
        sentences.pop()
        text = " ".join(sentences)
    # What is kept is shown as large as its room allows: a long hint cut to its first
    # sentence is not left at the size the whole would have needed.
    size = px
    while size > floor and not fits(text, size):
        size -= 1
    return text, size


def _sentences(text: str) -> list[str]:
    """The text's sentences, each with its own full stop ("5.5" or "A.M." do not occur)."""
    return [part for part in re.split(r"(?<=[.!?])\s+", text.strip()) if part]


def intent_of(action: SeatAction) -> str | None:
    """The panel button that performs `action`, if it is done with a button."""
    if isinstance(action, MakeBid):
        return f"bid:{action.bid.text}"
    if isinstance(action, NameTrump):
        return f"trump:{action.suit.text if action.suit else 'NT'}"
    if isinstance(action, AskRedeal):
        return "redeal:yes" if action.ask else "redeal:no"
    return None
