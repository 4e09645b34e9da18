"""After a hand: what happened in plain words, the sums and the totals; then "Next hand".

A redeal or a thrown-in hand gets a short notice of its own (the next deal follows by
itself). At the end of the game the same panel celebrates (or consoles), shows the final
score and offers "Play again" and "Statistics".
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import SIGNAL, QEvent, QObject, QRect, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from kaiser_desktop.app.table_control import GameMenus, TableControl
from kaiser_desktop.rules import HandResult, Phase, Seat, Team
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.summary_wording import (
    cheer_text,
    final_score_html,
    games_won_text,
    hand_details_html,
    how_it_ended,
    result_headline,
    summary_html,
    winner_text,
)
from kaiser_desktop.ui.wording import deal_number_text

PREPARE_AFTER_MS = 300  # after the last trick is complete: its cards have landed by then
WIN_COLOUR = "#FFD54F"  # gold for a win; plain white for a loss (no red: it is only a game)


class SummaryPanel(QFrame):
    # Game over → "Statistics". The window shows its statistics dialog; if nothing is
    # connected the panel opens the dialog itself, so the button always does something.
    statistics_requested = Signal()
    review_requested = Signal(int)  # the hand's number: "Review this hand"

    def __init__(
        self, controller: TableControl, parent: QWidget, menus: GameMenus | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.controller = controller
        self.menus = menus  # a game that runs here: its deal numbers and statistics
        self.title = QLabel(self)
        self.title.setObjectName("prompt")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)
        self.body = QLabel(self)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setWordWrap(True)
        # The deal's number, so a family can note a memorable hand and play it again.
        self.deal_label = QLabel(self)
        self.deal_label.setObjectName("dealNumber")
        self.deal_label.setWordWrap(True)
        self.deal_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.next_button = QPushButton(self)
        self.next_button.setObjectName("primary")
        self.next_button.clicked.connect(self._next)
        self.again_button = QPushButton(self)
        self.again_button.setObjectName("primary")
        self.again_button.clicked.connect(self._again)
        # Outside a dialog Qt presses a focused button only on Space; people press Enter.
        for button in (self.next_button, self.again_button):
            button.setAutoDefault(True)
        self.statistics_button = QPushButton(self)
        self.statistics_button.clicked.connect(self._statistics)
        # What perfect play would have made (ui/review_dialog.py); the hand stays here.
        self.offers_review = True  # False where the hand's cards are not here (a family table)
        self.review_button = QPushButton(self)
        self.review_button.setAutoDefault(True)
        self.review_button.clicked.connect(self._review)
        self._review_number = 0
        self._retranslate_buttons()
        # What the panel shows now (a hand's result, or the game's winner and scores), to say
        # it again when the language changes.
        self._shown: HandResult | tuple[Team, tuple[int, int]] | None = None
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.next_button)
        row.addWidget(self.again_button)
        row.addWidget(self.statistics_button)
        row.addWidget(self.review_button)
        row.addStretch(1)
        box = self._box = QVBoxLayout(self)
        box.setContentsMargins(18, 14, 18, 14)
        box.addWidget(self.title)
        box.addWidget(self.body)
        box.addWidget(self.deal_label)
        box.addLayout(row)
        self._area = QRect(0, 0, 800, 600)
        self._px = 16
        # The body's words in full and in short: the short ones when a small window
        # could not show the full ones without cutting them off.
        self._texts = ("", "")
        self._deal_texts = ("", "")  # in full and in short, like the body
        self._watched: list[QWidget] = []
        self._title_colour: str | None = None  # set at game over: the title is then big
        # The hand's words are worked out while its last trick rests on the table, so the
        # moment the summary appears is only its showing (it was the longest on the GUI
        # thread: ~8 ms of words and layout, then the first paint).
        self._prepared: HandResult | None = None
        self._prepare_timer = QTimer(self)
        self._prepare_timer.setSingleShot(True)
        self._prepare_timer.setInterval(PREPARE_AFTER_MS)
        self._prepare_timer.timeout.connect(self._prepare)
        controller.trick_complete.connect(lambda winner, trick: self._prepare_timer.start())
        controller.hand_scored.connect(self._on_hand_scored)
        controller.game_over.connect(self._on_game_over)
        controller.dealt.connect(lambda number, dealer: self.hide())
        controller.game_started.connect(self.hide)
        self.hide()

    def _retranslate_buttons(self) -> None:
        self.next_button.setText(self.tr("Next hand"))
        self.again_button.setText(self.tr("Play again"))
        self.statistics_button.setText(self.tr("Statistics"))
        self.review_button.setText(self.tr("Review this hand"))

    def retranslate(self) -> None:
        """The buttons, and what is showing, in the language just installed."""
        self._retranslate_buttons()
        self._prepared = None  # its words are in the language before
        if not self.isVisible() or self._shown is None:
            return
        if isinstance(self._shown, HandResult):
            self._on_hand_scored(self._shown)
        else:
            team, scores = self._shown
            self._on_game_over(team, scores)

    def _prepare(self) -> None:
        state = self.controller.view()
        if self.isVisible() or state.phase is not Phase.HAND_SCORED or not state.results:
            return  # not the hand's last trick (or a game's: game over says other words)
        result = state.results[-1]
        if result.kind == "played":
            self._fill_hand(result)
            self._fit()
            self._prepared = result

    def _on_hand_scored(self, result: HandResult) -> None:
        self._shown = result
        self._prepare_timer.stop()
        prepared, self._prepared = self._prepared, None
        if prepared is not result:
            self._fill_hand(result)
        else:  # "Next hand" as things are now: auto-continue may have been switched meanwhile
            self.next_button.setVisible(not self.controller.auto_continue)
        self._show()

    def _fill_hand(self, result: HandResult) -> None:
        c = self.controller
        self._style_title(None)
        self.again_button.hide()
        self.statistics_button.hide()
        self._review_number = result.number if result.kind == "played" else 0
        self.review_button.setVisible(self.offers_review and bool(self._review_number))
        if result.kind != "played":
            # Said as what it is, not as a hand: the next deal follows without a click.
            self.title.setText(
                self.tr("A new deal") if result.kind == "redeal" else self.tr("Nobody bid")
            )
            notice = f"<p>{escape(result_headline(result, c.seating))}</p>"
            self._set_body(notice, notice)
            self._deal_texts = ("", "")
            self.next_button.hide()
            return
        self.title.setText(self.tr("Hand {number} is over").format(number=result.number))
        self._set_body(
            summary_html(result, c.seating, c.rules),
            summary_html(result, c.seating, c.rules, compact=True),
        )
        number = self.menus.current_deal_number() if self.menus is not None else None
        self._deal_texts = (deal_number_text(number), deal_number_text(number, short=True))
        self.next_button.setVisible(not c.auto_continue)

    def _on_game_over(self, team: Team, scores: tuple[int, int]) -> None:
        self._shown = (team, scores)
        self._prepared = None
        c = self.controller
        seating, rules = c.seating, c.rules
        won = seating.is_human(Seat.S) and team is Team.NS
        self._style_title(WIN_COLOUR if won else "white")
        self.title.setText(winner_text(team, scores, seating))
        centred = "<p align='center' style='font-size:large'>"
        parts = [f"{centred}<b>{escape(cheer_text(team, seating))}</b></p>"]
        ended = how_it_ended(team, scores, seating, rules)
        if ended:
            parts.append(f"<p align='center'>{escape(ended)}</p>")
        parts.append(final_score_html(team, scores, seating))
        statistics = self.menus.statistics if self.menus is not None else None
        if statistics is not None and seating.is_human(Seat.S):
            games = games_won_text(statistics.games_won, statistics.games_played)
            if games:
                parts.append(f"<p align='center'>{escape(games)}</p>")
        short = "".join(parts)
        results = c.view().results
        last = results[-1] if results else None
        if last is not None and last.kind == "played":
            # The hand that ended the game, briefly: its sums, not a second score table.
            heading = self.tr("The last hand:")
            headline = escape(result_headline(last, seating))
            parts.append(f"<p><b>{heading}</b> {headline}</p>")
            parts.append(hand_details_html(last, seating, rules, full=False))
        self._set_body("".join(parts), short)
        self._deal_texts = ("", "")
        self.next_button.hide()
        self.again_button.show()
        self.statistics_button.setVisible(statistics is not None)
        self._review_number = last.number if last is not None and last.kind == "played" else 0
        self.review_button.setVisible(self.offers_review and bool(self._review_number))
        self._show()
        self.again_button.setFocus()

    def _style_title(self, game_over_colour: str | None) -> None:
        """At game over the title is the biggest text on the panel, bigger than a headline."""
        self._title_colour = game_over_colour
        if game_over_colour is None:
            self.title.setStyleSheet("")
        else:
            size = round(self._px * 1.7)
            self.title.setStyleSheet(f"font-size: {size}px; color: {game_over_colour};")

    def _show(self) -> None:
        self.show()
        self._fit()
        self._watch_siblings()
        self.raise_()
        if self.next_button.isVisible():
            self.next_button.setFocus()

    def _watch_siblings(self) -> None:
        # Another panel that raises itself (the prompt panel does, on every re-layout)
        # must not cover the summary while it is up: re-raise after any sibling does.
        parent = self.parentWidget()
        if parent is None:
            return
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        for sibling in parent.findChildren(QWidget, options=direct):
            if sibling is not self and sibling not in self._watched:
                sibling.installEventFilter(self)
                self._watched.append(sibling)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.ZOrderChange, QEvent.Type.Show) and self.isVisible():
            self.raise_()
        return False

    def _next(self) -> None:
        self.hide()
        self.controller.next_hand()

    def _again(self) -> None:
        self.hide()
        self.controller.new_game()

    def _review(self) -> None:
        if self._review_number:
            self.review_requested.emit(self._review_number)

    def _statistics(self) -> None:
        if self.receivers(SIGNAL("statistics_requested()")) > 0:
            self.statistics_requested.emit()
            return
        statistics = self.menus.statistics if self.menus is not None else None
        if statistics is not None:
            from kaiser_desktop.ui.statistics_dialog import StatisticsDialog

            StatisticsDialog(statistics, self.window()).exec()

    def apply_scale(self, px: int) -> None:
        self._px = px
        # Opaque, unlike the other panels: the prompt panel beneath must not show through.
        self.setStyleSheet(
            theme.panel_style(px) + f"QFrame#panel {{ background: {theme.summary_fill_css()}; }}"
        )
        self._style_title(self._title_colour)
        self._fit()

    def place(self, area: QRect) -> None:
        self._area = QRect(area)
        self._fit()

    def _set_body(self, full: str, short: str) -> None:
        self._texts = (full, short)
        self.body.setText(full)

    def _needed_height(self, width: int) -> int:
        layout = self._box
        layout.activate()
        # Wrapped words are taller than sizeHint says: ask for the height at this width.
        if layout.hasHeightForWidth():
            return max(layout.totalHeightForWidth(width), layout.totalMinimumSize().height())
        return self.sizeHint().height()

    def _fit(self) -> None:
        area = self._area
        width = min(area.width() - 20, max(self._px * 30, int(area.width() * 0.6)))
        self.body.setFixedWidth(width - 40)
        full, short = self._texts
        room = area.height() - 10
        deal, deal_short = self._deal_texts
        self.body.setText(full)
        self.deal_label.setText(deal)
        self.deal_label.setVisible(bool(deal))
        needed = self._needed_height(width)
        if needed > room:
            # A small window: the short words, and the deal number without the how-to.
            self.body.setText(short)
            self.deal_label.setText(deal_short)
            needed = self._needed_height(width)
        height = min(room, needed)
        self.setGeometry(
            area.x() + (area.width() - width) // 2,
            area.y() + (area.height() - height) // 2,
            width,
            height,
        )
