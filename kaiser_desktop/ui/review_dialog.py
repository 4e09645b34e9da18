"""Review this hand: the four hands as dealt, the play step by step, and what perfect
play with all cards open would have made.

Opened from the hand's summary or the score sheet (any finished hand of the game, or of
an opened record). The review is worked out off the GUI thread by `ReviewRunner`; a bar
shows the progress. Then ← → step card by card, ↑ ↓ (or Page Up / Page Down) trick by
trick, Home and End jump to the ends; the buttons do the same. The strip of the eight
tricks marks the ones where a card cost points, so the turning points are seen at once.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from kaiser_desktop.ai.review import GUESS, MISTAKE, CardReview, HandReview
from kaiser_desktop.app.review_runner import ReviewRunner, hand_of
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import SEATS, Card, GameState, Seat
from kaiser_desktop.ui.dialogs import (
    FONT_PX,
    fit_to_screen,
    one_at_a_time,
    scaled_font,
    scrolling,
    text_scale_for,
)
from kaiser_desktop.ui.review_wording import (
    bidding_lines,
    card_label,
    card_line,
    contract_line,
    honesty_text,
    progress_text,
    trick_won_text,
    verdict_text,
)

RED = "#C8102E"
COSTLY_STYLE = "QPushButton { border: 3px solid #C62828; background: #FFEBEE; }"
OTHERS_STYLE = "QPushButton { border: 3px solid #EF6C00; background: #FFF3E0; }"
GUESS_STYLE = "QPushButton { border: 3px solid #78909C; background: #ECEFF1; }"
CURRENT_STYLE = "QPushButton { border: 3px solid #1E88E5; font-weight: bold; }"
SEAT_ORDER = (Seat.N, Seat.W, Seat.E, Seat.S)  # across the table first, you last


class ReviewDialog(QDialog):
    def __init__(
        self,
        parent: QWidget,
        runner: ReviewRunner,
        state: GameState,
        number: int,
        seating: Seating,
        *,
        shown_number: int | None = None,  # the hand's number in the game, if `state` is part
    ) -> None:
        super().__init__(parent)
        one_at_a_time(self, "review")  # one hand's review at a time
        self.runner = runner
        self.number = number
        self.seating = seating
        self.review: HandReview | None = None
        self.step = 0  # cards played so far in the view (0..32)
        self.setWindowTitle(
            self.tr("Review of hand {number}").format(number=shown_number or number)
        )
        scale = text_scale_for(parent)
        self.setFont(scaled_font(FONT_PX, scale))
        self.verdict = self._label(bold=True)
        self.bidding = self._label()
        self.progress_label = self._label()
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setRange(0, 0)  # busy until the first step is reported
        self.hands: dict[Seat, QLabel] = {seat: self._label() for seat in SEATS}
        self.trick_line = self._label()
        self.step_line = self._label()
        self.turning = self._label()
        self.honesty = self._label()
        self.honesty.setText(honesty_text())
        self.strip = [QPushButton(str(t), self) for t in range(1, 9)]
        strip_width = self.fontMetrics().horizontalAdvance("88 !") + 24
        for t, button in enumerate(self.strip):
            button.setFixedWidth(strip_width)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, t=t: self.go_to_trick(t))
        self.everyone = QCheckBox(self.tr("Show everyone's costly cards"), self)
        self.everyone.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.everyone.toggled.connect(lambda _: self._show())
        self.first_button = self._button(self.tr("Start"), self.go_start)
        self.back_trick = self._button(self.tr("◀◀ Trick"), lambda: self.step_trick(-1))
        self.back_card = self._button(self.tr("◀ Card"), lambda: self.step_card(-1))
        self.position = self._label()
        self.next_card = self._button(self.tr("Card ▶"), lambda: self.step_card(1))
        self.next_trick = self._button(self.tr("Trick ▶▶"), lambda: self.step_trick(1))
        self.end_button = self._button(self.tr("End"), self.go_end)
        self.close_button = self._button(self.tr("Close"), self.accept)
        self._layout()
        keys = (
            (Qt.Key.Key_Right, lambda: self.step_card(1)),
            (Qt.Key.Key_Left, lambda: self.step_card(-1)),
            (Qt.Key.Key_Down, lambda: self.step_trick(1)),
            (Qt.Key.Key_Up, lambda: self.step_trick(-1)),
            (Qt.Key.Key_PageDown, lambda: self.step_trick(1)),
            (Qt.Key.Key_PageUp, lambda: self.step_trick(-1)),
            (Qt.Key.Key_Home, self.go_start),
            (Qt.Key.Key_End, self.go_end),
        )
        for key, slot in keys:
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.activated.connect(slot)
        runner.progress.connect(self._on_progress)
        runner.ready.connect(self._on_ready)
        runner.failed.connect(self._on_failed)
        self._set_waiting(True)
        self.progress_label.setText(progress_text(0, 1))
        self._show_dealt(state, number)  # the hands are known at once: shown while waiting
        fit_to_screen(self, QSize(round(900 * scale), round(720 * scale)))
        runner.request(state, number)

    # --- building ---------------------------------------------------------------------------

    def _label(self, *, bold: bool = False) -> QLabel:
        label = QLabel(self)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText if not bold else Qt.TextFormat.PlainText)
        if bold:
            font = label.font()
            font.setBold(True)
            label.setFont(font)
        return label

    def _button(self, text: str, slot: object) -> QPushButton:
        button = QPushButton(text, self)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the arrow keys stay with the dialog
        button.clicked.connect(slot)
        return button

    def _layout(self) -> None:
        body = QWidget()
        column = QVBoxLayout(body)
        column.addWidget(self.bidding)
        hands = QGridLayout()
        for row, seat in enumerate(SEAT_ORDER):
            hands.addWidget(self.hands[seat], row, 0)
        column.addLayout(hands)
        column.addWidget(self.position)
        column.addWidget(self.trick_line)
        column.addWidget(self.step_line)
        column.addWidget(self.turning)
        column.addWidget(self.everyone)
        column.addWidget(self.honesty)
        column.addStretch(1)
        # The eight tricks at the top, outside the scrolling part: the turning points
        # are seen at a glance, and a click goes to that trick.
        strip = QHBoxLayout()
        strip.addWidget(QLabel(self.tr("Tricks:"), self))
        for button in self.strip:
            strip.addWidget(button)
        strip.addStretch(1)
        waiting = QHBoxLayout()
        waiting.addWidget(self.progress_label, 1)
        waiting.addWidget(self.progress_bar, 1)
        steps = QHBoxLayout()
        for widget in (self.first_button, self.back_trick, self.back_card):
            steps.addWidget(widget)
        for widget in (self.next_card, self.next_trick, self.end_button):
            steps.addWidget(widget)
        steps.addStretch(1)
        steps.addWidget(self.close_button)
        area = scrolling(body)
        # Lines wrap at the window's width: only ever a vertical scroll bar.
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        box = QVBoxLayout(self)
        box.addWidget(self.verdict)
        box.addLayout(strip)
        box.addLayout(waiting)
        box.addWidget(area, 1)
        box.addLayout(steps)

    # --- the runner's answers ---------------------------------------------------------------

    def _set_waiting(self, waiting: bool) -> None:
        self.progress_bar.setVisible(waiting)
        self.progress_label.setVisible(waiting)
        for widget in (
            self.first_button, self.back_trick, self.back_card, self.next_card,
            self.next_trick, self.end_button, self.everyone, *self.strip,
        ):  # fmt: skip
            widget.setEnabled(not waiting)

    def _on_progress(self, number: int, done: int, total: int) -> None:
        if number != self.number or self.review is not None:
            return
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(done)
        self.progress_label.setText(progress_text(done, total))

    def _on_ready(self, number: int, review: HandReview) -> None:
        if number != self.number or self.review is not None:
            return
        self.review = review
        self._set_waiting(False)
        self.verdict.setText(verdict_text(review))
        lines = [contract_line(review, self.seating), *bidding_lines(review.bidding)]
        self.bidding.setText("<br>".join(escape(line) for line in lines))
        self.step = 0
        self._show()

    def _on_failed(self, number: int, message: str) -> None:
        if number != self.number:
            return
        self._set_waiting(False)
        self.verdict.setText(self.tr("This hand cannot be reviewed.") + " " + message)

    def _show_dealt(self, state: GameState, number: int) -> None:
        hand = hand_of(state, number)
        if hand is None:
            return
        held: dict[int, list[int]] = {
            s.value: [c.index for c in hand.hands[s.value]] for s in SEATS
        }
        tricks = [*hand.tricks, *([hand.current] if hand.current is not None else [])]
        for trick in tricks:
            for seat, card in trick.plays():
                held[seat.value].append(card.index)
        for seat in SEATS:
            self.hands[seat].setText(self._hand_html(seat, tuple(held[seat.value]), set()))

    # --- stepping ---------------------------------------------------------------------------

    @property
    def total(self) -> int:
        return len(self.review.cards) if self.review is not None else 0

    def step_card(self, delta: int) -> None:
        self._go(self.step + delta)

    def step_trick(self, delta: int) -> None:
        """To the end of the next trick, or back to the end of the one before."""
        review = self.review
        if review is None:
            return
        per = self.total // 8
        if delta > 0:
            self._go((self.step // per + 1) * per)
        else:
            self._go(max(0, (self.step - 1) // per * per))

    def go_to_trick(self, index: int) -> None:
        """Show trick `index` (0-based) complete."""
        if self.review is not None:
            self._go((index + 1) * (self.total // 8))

    def go_start(self) -> None:
        self._go(0)

    def go_end(self) -> None:
        self._go(self.total)

    def _go(self, step: int) -> None:
        if self.review is None:
            return
        self.step = max(0, min(self.total, step))
        self._show()

    # --- showing ----------------------------------------------------------------------------

    def _show(self) -> None:
        review = self.review
        if review is None:
            return
        played = {c.card for c in review.cards[: self.step]}
        for seat in SEATS:
            self.hands[seat].setText(self._hand_html(seat, review.hands[seat.value], played))
        per = self.total // 8
        current = review.cards[self.step - 1] if self.step else None
        trick_index = (self.step - 1) // per if self.step else -1
        if current is None:
            self.trick_line.setText(escape(self.tr("Before the first card.")))
            self.step_line.setText(
                escape(
                    self.tr("With all cards open your side could make {points} points.").format(
                        points=review.start_value
                    )
                )
            )
        else:
            trick = [c for c in review.cards if c.trick == current.trick][
                : self.step - trick_index * per
            ]
            parts = [
                f"{escape(self.seating.name(c.seat))} {self._card_html(c.card)}" for c in trick
            ]
            text = escape(self.tr("Trick {number}:").format(number=current.trick)) + " "
            text += ", ".join(parts)
            winner = trick[-1].trick_winner
            if winner is not None:
                text += " — " + escape(trick_won_text(winner, self.seating))
            self.trick_line.setText(text)
            self.step_line.setText(
                "<b>" + escape(card_line(current, review, self.seating)) + "</b>"
            )
        self.position.setText(
            self.tr("Card {step} of {total}").format(step=self.step, total=self.total)
        )
        self._mark_strip(review, trick_index)
        lines = [card_line(c, review, self.seating) for c in self._turning_points(review)]
        guesses = [card_line(c, review, self.seating) for c in review.guesses]
        parts = []
        if lines:
            parts.append(escape(self.tr("Where points were lost:")))
            parts.extend(escape(x) for x in lines)
        if guesses:  # shown apart: costly only with all cards open
            parts.append(
                escape(self.tr("Reasonable guesses (they cost points only with all cards open):"))
            )
            parts.extend(escape(x) for x in guesses)
        if not parts:
            parts.append(escape(self.tr("No card of your side cost a point.")))
        self.turning.setText("<br>".join(parts))

    def _turning_points(self, review: HandReview) -> list[CardReview]:
        everyone = self.everyone.isChecked()
        return [
            c for c in review.cards
            if c.costly and (everyone or (c.seat == review.viewer and c.kind == MISTAKE))
            and c.kind != GUESS
        ]  # fmt: skip

    def _mark_strip(self, review: HandReview, current: int) -> None:
        """ "3 !" where a card cost points (red: yours; orange: another's, on request);
        "3 ?" where your card cost points only with all cards open (a reasonable guess)."""
        everyone = self.everyone.isChecked()
        for t, button in enumerate(self.strip):
            cards = [c for c in review.cards if c.trick == t + 1]
            own = [c for c in cards if c.costly and c.seat == review.viewer and c.kind == MISTAKE]
            guesses = [c for c in cards if c.kind == GUESS]
            others = [
                c for c in cards if c.costly and everyone and c not in own and c not in guesses
            ]
            style = COSTLY_STYLE if own else OTHERS_STYLE if others else ""
            style = style or (GUESS_STYLE if guesses else "")
            if t == current:
                style += CURRENT_STYLE
            button.setStyleSheet(style)
            mark = " !" if own or others else " ?" if guesses else ""
            button.setText(f"{t + 1}{mark}")
            tip = [card_line(c, review, self.seating) for c in own + others + guesses]
            button.setToolTip("\n".join(tip) or self.tr("Trick {number}").format(number=t + 1))

    def _hand_html(self, seat: Seat, dealt: tuple[int, ...], played: set[int]) -> str:
        cards = sorted(dealt, key=lambda c: (c >> 4, -(c & 15)))
        out = [f"<b>{escape(self.seating.name(seat))}:</b>"]
        for suit in range(4):
            in_suit = [c for c in cards if c >> 4 == suit]
            if in_suit:
                out.append("&nbsp;".join(self._card_html(c, gone=c in played) for c in in_suit))
        return "&nbsp;&nbsp; ".join(out)

    def _card_html(self, card: int, *, gone: bool = False) -> str:
        label = escape(card_label(card))
        if gone:  # played already: still shown (the hands as dealt), but faint
            return f"<span style='color:#9E9E9E'><s>{label}</s></span>"
        suit = Card.from_index(card).suit.value
        if suit in (1, 2):
            return f"<span style='color:{RED}'>{label}</span>"
        return label
