"""The claim on the table: "The last 3 tricks are yours — finish the hand?", or an
opponent's claim with its cards shown, to accept or to play out.

It sits over the action panel while a claim is on offer (`claim_offered`), and
goes when it is accepted, refused, or the game moves on. The person's own offer takes no
focus (they may simply play a card; Alt+F finishes the hand); an opponent's claim does,
since nothing else can happen until the person answers.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QHideEvent, QTextDocumentFragment
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from kaiser_desktop.app.table_control import TableControl
from kaiser_desktop.rules import Seat, sort_hand
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.said_words import card_letters

RED = "#FF8A80"  # red suits, readable on the dark panel


class ClaimPanel(QFrame):
    def __init__(
        self, controller: TableControl, parent: QWidget, anchor: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.anchor = anchor  # the action panel: the claim sits over it
        if anchor is not None:
            # The action panel raises itself at each re-layout: the claim must stay on top.
            anchor.installEventFilter(self)
        self.setObjectName("panel")
        self.controller = controller
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.accept_button = QPushButton(self)
        self.accept_button.setObjectName("primary")
        self.accept_button.setAutoDefault(True)
        self.accept_button.clicked.connect(controller.accept_claim)
        self.refuse_button = QPushButton(self)
        self.refuse_button.setAutoDefault(True)
        self.refuse_button.clicked.connect(controller.refuse_claim)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.accept_button)
        row.addWidget(self.refuse_button)
        row.addStretch(1)
        box = QVBoxLayout(self)
        box.setContentsMargins(14, 10, 14, 10)
        box.addWidget(self.text)
        box.addLayout(row)
        self._px = 16
        # Its words, and fewer of them for a narrow room ("West claims the last 2 tricks.")
        self._texts: list[str] = [""]
        self._bottom = QRect(0, 0, 800, 600)  # the action panel's band: we sit above it
        # Where the cards of the trick on the table are (the table view says): the claim
        # is read beside them, never over them (issue 38).
        self.avoid: Callable[[], list[QRect]] = list
        # Where South's cards rest (the table view says), and how to lower them by so many
        # pixels while the claim is shown, where the room above them is too short for it.
        self.hand: Callable[[], list[QRect]] = list
        self.make_room: Callable[[int], None] = lambda px: None
        # Where the name plates and bid bubbles shown are, each with its seat ("W", "E"…;
        # the table view says): the claim is as wide as the room between West's and East's
        # where it would lie over one, and covers none of them then.
        self.names: Callable[[], list[tuple[str, QRect]]] = list
        controller.claim_offered.connect(self._on_offered)
        controller.claim_withdrawn.connect(self.hide)
        controller.state_changed.connect(self._on_state_changed)
        self.hide()

    def _on_offered(self, seat: Seat, tricks: int) -> None:
        c = self.controller
        if c.seating.is_human(seat):
            if tricks == 1:
                line = self.tr("The last trick is yours — finish the hand?")
            else:
                line = self.tr("The last %n tricks are yours — finish the hand?", "", tricks)
            self._texts = [f"<b>{escape(line)}</b>"]
            self.text.setText(self._texts[0])
            self.accept_button.setText(self.tr("&Finish the hand"))
            self.refuse_button.setText(self.tr("Play &on"))
            self._show(focus=False)
            return
        name = c.seating.name(seat)
        if tricks == 1:
            line = self.tr("{name} claims the last trick: it is certain, whatever is played.")
        else:
            line = self.tr(
                "{name} claims the last %n tricks: they are certain, whatever is played.",
                "",
                tricks,
            )
        line = line.format(name=name)
        shows = self.tr("{name} shows:").format(name=name)
        cards = sort_hand(c.claimed_hand(seat))
        shown = " ".join(
            f"<span style='color:{RED}'>{escape(card_letters(x))}</span>"
            if x.suit.is_red
            else escape(card_letters(x))
            for x in cards
        )
        self._texts = [
            f"<b>{escape(said)}</b><br>{escape(shows)} {shown}"
            for said in (line, _first_clause(line))
        ]
        self.text.setText(self._texts[0])
        self.accept_button.setText(self.tr("&Accept"))
        self.refuse_button.setText(self.tr("&Play it out"))
        self._show(focus=True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kinds = (QEvent.Type.ZOrderChange, QEvent.Type.Show, QEvent.Type.Move, QEvent.Type.Resize)
        if watched is self.anchor and event.type() in kinds and self.isVisible():
            self._fit()
            self.raise_()
        return False

    def _on_state_changed(self) -> None:
        if self.isVisible() and self.controller.offered_claim is None:
            self.hide()

    def _show(self, *, focus: bool) -> None:
        self.show()
        self._fit()
        self.raise_()
        if focus:
            self.accept_button.setFocus()

    def apply_scale(self, px: int) -> None:
        self._px = px
        self.setStyleSheet(theme.panel_style(px))
        self._fit()

    def place(self, action_band: QRect) -> None:
        """Sit over `action_band` (the action panel's place), without an anchor."""
        self._bottom = QRect(action_band)
        self._fit()

    def _height_for(self, width: int) -> int:
        self.text.setFixedWidth(width - 30)
        box = self.layout()
        assert box is not None  # made in __init__
        box.activate()
        height = self.heightForWidth(width) if self.hasHeightForWidth() else 0
        return max(height, self.sizeHint().height())

    def _fit(self) -> None:
        band = self.anchor.geometry() if self.anchor is not None else self._bottom
        parent = self.parentWidget()
        room = parent.width() if parent is not None else band.width()
        width = min(room - 20, max(self._px * 24, band.width()))
        if self.text.text() != self._texts[0]:
            self.text.setText(self._texts[0])  # all its words, unless the room is short
            self._say_all(False)
        height = self._height_for(width)
        # Centred on the band (the action panel may sit off the window's centre): a claim
        # as wide as the band then hides all of it, no edge of the old panel beside it.
        x = min(max(10, band.x() + (band.width() - width) // 2), max(10, room - width - 10))
        # Over the action panel, on its bottom edge, growing up, and covering all of it (a
        # strip of the old panel showed above a shorter claim): the claim is the question of
        # the moment, and the trick in the middle of the table stays in sight.
        height = max(height, band.height()) if band.height() < 4 * height else height
        y = max(0, band.bottom() - height + 1)
        cards = self.avoid()
        if cards and _covered(QRect(x, y, width, height), cards):
            # At a small window with large text the panel's band crosses the trick: the
            # claim goes where it covers the fewest of its cards, the nearest such place.
            bottom = parent.height() if parent is not None else band.bottom() + 1

            hand = self.hand()

            def cost(top: int) -> tuple[int, int, int]:
                place = QRect(x, top, width, height)
                return _covered(place, cards), _covered(place, hand), abs(top - y)

            best = min(range(0, max(1, bottom - height + 1), 4), key=cost)
            # Over all of the action panel (no strip of the old panel beside the claim)
            # where that covers no more than a sliver more: a tenth of a card at most.
            over_panel = range(max(0, band.bottom() - height + 1), band.top() + 1)
            if self.anchor is not None and self.anchor.isVisible() and len(over_panel):
                over = min(over_panel, key=cost)
                sliver = min(card.width() * card.height() for card in cards) // 10
                best = over if cost(over)[0] <= cost(best)[0] + sliver else best
            y = best
        x, y, width, height = self._between_names(QRect(x, y, width, height))
        self.setGeometry(x, y, width, height)
        self.make_room(self._drop(QRect(x, y, width, height)))

    def _between_names(self, place: QRect) -> tuple[int, int, int, int]:
        """`place`'s (x, y, width, height), narrowed to the room between West's and East's
        plates and bubbles it would lie over (issue 38: at 800x600 a claim covered the left
        of East's bid, "6 ♦"), its words on more lines: taller, down (South's hand makes
        room) or else up, where it then covers no name, bid or card of the trick; else as
        it was."""
        keep = place.x(), place.y(), place.width(), place.height()
        names = [rect for _, rect in self.names()]
        centre = place.center().x()
        over = [r for r in names if r.intersects(place)]  # West's, East's, South's
        left = max([r.right() + 6 for r in over if r.center().x() < centre], default=place.x())
        right = min([r.left() - 6 for r in over if r.center().x() >= centre], default=place.right())
        if self.anchor is not None and self.anchor.isVisible():
            # Over all of the action panel still: no strip of the old panel beside it.
            left = min(left, self.anchor.geometry().left())
            right = max(right, self.anchor.geometry().right())
        width = right - left + 1
        if not over or width < self._px * 14:
            return keep
        cards = self.avoid()
        already = _covered(place, cards)  # (a sliver of a trick card, where nothing is clear)
        # Its words on more lines; else fewer words, its first clause only (the pointer
        # resting on it, and the screen reader, have them all).
        for words in self._texts:
            self.text.setText(words)
            height = self._height_for(width)
            for top in (place.y(), place.bottom() + 1 - height):
                narrowed = QRect(left, max(0, top), width, height)
                clear = not any(narrowed.intersects(r) for r in names)
                clear = clear and self._corners_shown(narrowed)
                if clear and _covered(narrowed, cards) <= already:
                    self._say_all(words != self._texts[0])
                    return left, narrowed.y(), width, height
        self.text.setText(self._texts[0])
        self._say_all(False)
        self._height_for(place.width())  # its words back at its own width
        return keep

    def _corners_shown(self, place: QRect) -> bool:
        """Whether South's hand, lowered as far as it may go, leaves `place` clear of its
        cards (their rank and suit in sight)."""
        hand = self.hand()
        parent = self.parentWidget()
        if not hand or parent is None:
            return True
        top = min(card.top() for card in hand)
        need = place.bottom() + 3 - top
        return need <= self._drop(place) or not any(place.intersects(c) for c in hand)

    def _say_all(self, shortened: bool) -> None:
        """Fewer words shown: the pointer resting on them and the screen reader have all."""
        full = QTextDocumentFragment.fromHtml(self._texts[0]).toPlainText()
        self.text.setToolTip(self._texts[0] if shortened else "")
        self.text.setAccessibleName(full if shortened else "")

    def _drop(self, place: QRect) -> int:
        """How far South's hand must go down for `place` to cover none of it: as far as
        its cards' corners (rank and suit) stay in the window, at most."""
        hand = self.hand()
        parent = self.parentWidget()
        if not hand or parent is None:
            return 0
        top = min(card.top() for card in hand)
        if not any(place.intersects(card) for card in hand):
            return 0
        least_shown = max(card.height() for card in hand) * 2 // 5
        return max(0, min(place.bottom() + 3 - top, parent.height() - least_shown - top))

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.make_room(0)  # South's hand back in its place


def _first_clause(line: str) -> str:
    """ "West claims the last 2 tricks." of "West claims the last 2 tricks: they are
    certain, whatever is played." (French: « … levées : elles sont … »)."""
    head, colon, _ = line.partition(":")
    return head.rstrip() + "." if colon else line


def _covered(place: QRect, cards: list[QRect]) -> int:
    """How much of the cards `place` covers (in square pixels)."""
    total = 0
    for card in cards:
        part = place.intersected(card)
        if not part.isEmpty():
            total += part.width() * part.height()
    return total
