"""The action panel's messages: how long a refusal, a note or a hint stays, how much room it
always has, and how it is fitted into that room (cut to its first whole sentences, never drawn
smaller, so the panel never grows); and which panel button a hinted action is.

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
    panel's width (two when wide, up to four when narrow; longer text is cut to its first
    sentences).
    From the panel's own text size, never from the message shown, so it is the same
    for every message."""
    base = QFont(font)
    base.setPixelSize(px)
    metrics = QFontMetrics(base)
    chars_per_line = text_width / max(1.0, metrics.averageCharWidth())
    lines = min(4, max(2, math.ceil(LONGEST_MESSAGE_CHARS / max(1.0, chars_per_line))))
    return lines * metrics.lineSpacing() + 4


def fit_message(full: str, font: QFont, px: int, width: int, room: int) -> tuple[str, int]:
    """Fit a message into its lines at the panel's text size, never smaller: no word on the
    table is drawn below the body text (a long French hint had shrunk to 12 px at Large).
    Too long for its lines, it keeps its first whole sentences; a first sentence still too
    long keeps its first words and "…" (the pointer resting on it shows it all, and a
    screen reader says it all). Returns (the text to show, its pixel size, always `px`);
    `font` is the label's (it is changed)."""
    font.setPixelSize(px)
    metrics = QFontMetrics(font)

    def fits(text: str) -> bool:
        flags = int(Qt.TextFlag.TextWordWrap)
        return metrics.boundingRect(0, 0, width, 10_000, flags, text).height() <= room

    text = full
    sentences = _sentences(full)
    while len(sentences) > 1 and not fits(text):
        sentences.pop()
        text = " ".join(sentences)
    if not fits(text):
        # One sentence too long ("Hint: Bid 7, not 6: West and East still speak…"): it
        # keeps its first clauses, up to a colon or a semicolon, as a whole sentence
        # ("Hint: Bid 7, not 6."), never a clause cut off mid-way (issue 38).
        for clause in _clauses(text):
            if fits(clause):
                text = clause
                break
    words = text.split()
    while len(words) > 1 and not fits(text):
        words.pop()
        text = " ".join(words).rstrip(",;:") + "…"
    return text, px


def _clauses(sentence: str) -> list[str]:
    """`sentence`'s beginnings that end at a colon or a semicolon (in French, with the space
    before it), longest first, each ended with a full stop; never the first clause alone
    (it is "Hint:", the message's name, with nothing said)."""
    cuts = [m.start() for m in re.finditer(r"\s?[:;]\s", sentence)]
    return [sentence[:cut].rstrip(" ,") + "." for cut in reversed(cuts[1:])]


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
