"""The action panel's messages: a refusal, a note or a hint said in the lines kept free for
them (shrunk a little, or cut to their first whole sentences, so the panel never grows), and
the hint pointing at its card or button.

A part of `ActionPanel` (it is mixed in), kept in its own module so the panel stays readable.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QPushButton,
)

from kaiser_desktop.rules import (
    AskRedeal,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Play,
    SeatAction,
)

if TYPE_CHECKING:
    from kaiser_desktop.ui.action_panel import ActionPanel

NOTICE_MS = 4500
HINT_MS = 30_000  # a hint stays up while the person thinks (it goes when they act)
HINT_COLOUR = "#B9F6CA"
HINTED_STYLE = "border: 3px solid #FFEB3B;"
LONGEST_MESSAGE_CHARS = 200


class PanelMessages:
    def show_error(self: ActionPanel, text: str) -> None:
        self._show_notice(text, "#FFD54F")

    def show_info(self: ActionPanel, text: str) -> None:
        self._show_notice(text, "#FFFFFF")

    def _show_notice(self: ActionPanel, text: str, colour: str, ms: int = NOTICE_MS) -> None:
        self._hinting = False
        self._notice_colour = colour
        self.notice.setStyleSheet(f"color: {colour};")
        self._notice_full = text
        self.notice.setText(text)
        self.notice.show()
        self._notice_timer.start(ms)
        self._update_visibility()

    def _clear_notice(self: ActionPanel) -> None:
        self._hinting = False
        self.notice.hide()
        self.notice.clear()
        self._notice_full = ""
        self._update_visibility()

    def show_hint(self: ActionPanel, text: str, action: SeatAction) -> None:
        """Say the hint and point at it: the suggested cards lift and glow, or the
        suggested button gets a yellow frame. Both go once anything is played."""
        self._show_notice(text, HINT_COLOUR, HINT_MS)
        self._hinting = True
        self._update_visibility()
        cards = []
        if isinstance(action, (Play, PassCard)):
            cards = [action.card]
        elif isinstance(action, Discard):
            cards = list(action.cards)
        for card in cards:
            if card in self.scene.south:
                self.scene.card_item(card).set_highlight(True)
        if len(cards) == 1:
            self.scene.focus_card(cards[0])  # so Enter plays the card the hint points at
        intent = intent_of(action)
        button = self.button(intent) if intent else None
        if button is not None:
            button.setStyleSheet(HINTED_STYLE)
            button.setProperty("hinted", True)
            button.setFocus()  # Enter takes the hint; nothing is focused before one is asked

    def hinted_intent(self: ActionPanel) -> str | None:
        """The button a hint points at now (for tests)."""
        for button in self.buttons.findChildren(QPushButton):
            if button.property("hinted"):
                return str(button.property("intent"))
        return None

    def _notice_height(self: ActionPanel) -> int:
        """The room a hint or a refusal always has: enough lines for a long hint at the
        panel's width (two when wide, up to four when narrow; longer text shrinks a little).
        From the panel's own text size, never from the message shown, so it is the same
        for every message."""
        base = QFont(self.notice.font())
        base.setPixelSize(self._px)
        metrics = QFontMetrics(base)
        chars_per_line = self._text_width() / max(1.0, metrics.averageCharWidth())
        lines = min(4, max(2, math.ceil(LONGEST_MESSAGE_CHARS / max(1.0, chars_per_line))))
        return lines * metrics.lineSpacing() + 4

    def _text_width(self: ActionPanel) -> int:
        margins = self.layout().contentsMargins()
        return max(1, self._panel_width - margins.left() - margins.right())

    def _fit_notice_text(self: ActionPanel) -> None:
        """Fit a message into its lines: shrink it a little (never below 75%), and if it is
        still too long, keep only its first whole sentences, so no line is ever cut off."""
        full = self._notice_full or self.notice.text()
        inside = self.notice.contentsRect()  # the label's own room, after its padding
        width = min(inside.width(), self._text_width())
        room = min(inside.height(), self._notice_height())
        font = self.notice.font()

        def fits(text: str, px: int) -> bool:
            font.setPixelSize(px)
            needed = (
                QFontMetrics(font)
                .boundingRect(0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap), text)
                .height()
            )
            return needed <= room

        floor = round(self._px * 0.75)
        px = self._px
        while px > floor and not fits(full, px):
            px -= 1
        text = full
        sentences = _sentences(full)
        while len(sentences) > 1 and not fits(text, px):
            sentences.pop()
            text = " ".join(sentences)
        # The panel's style sheet sets its labels' size, and a style sheet outranks setFont.
        self.notice.setStyleSheet(f"color: {self._notice_colour}; font-size: {px}px;")
        if text != self.notice.text():
            self.notice.setText(text)


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
