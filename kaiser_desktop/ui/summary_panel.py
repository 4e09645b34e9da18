"""After a hand: what happened in plain words, the points and the totals; then "Next hand".

At the end of the game the same panel names the winner and offers "Play again".
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.rules import HandResult, Team
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.wording import deal_number_text, summary_html, winner_text


class SummaryPanel(QFrame):
    def __init__(self, controller: GameController, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.controller = controller
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
        self.next_button = QPushButton("Next hand", self)
        self.next_button.setObjectName("primary")
        self.next_button.clicked.connect(self._next)
        self.again_button = QPushButton("Play again", self)
        self.again_button.setObjectName("primary")
        self.again_button.clicked.connect(self._again)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.next_button)
        row.addWidget(self.again_button)
        row.addStretch(1)
        box = QVBoxLayout(self)
        box.setContentsMargins(18, 14, 18, 14)
        box.addWidget(self.title)
        box.addWidget(self.body)
        box.addWidget(self.deal_label)
        box.addLayout(row)
        self._area = QRect(0, 0, 800, 600)
        self._px = 16
        controller.hand_scored.connect(self._on_hand_scored)
        controller.game_over.connect(self._on_game_over)
        controller.dealt.connect(lambda number, dealer: self.hide())
        controller.game_started.connect(self.hide)
        self.hide()

    def _on_hand_scored(self, result: HandResult) -> None:
        if result.kind != "played":
            return  # a redeal or thrown-in hand is announced in the action panel
        c = self.controller
        self.title.setText(f"Hand {result.number} is over")
        self.body.setText(summary_html(result, c.seating, c.rules))
        self.deal_label.setText(deal_number_text(c.current_deal_number()))
        self.deal_label.setVisible(bool(self.deal_label.text()))
        self.next_button.setVisible(not c.auto_continue)
        self.again_button.hide()
        self._show()

    def _on_game_over(self, team: Team, scores: tuple[int, int]) -> None:
        self.title.setText(winner_text(team, scores, self.controller.seating))
        self.next_button.hide()
        self.again_button.show()
        self._show()
        self.again_button.setFocus()

    def _show(self) -> None:
        self.show()
        self._fit()
        self.raise_()
        if self.next_button.isVisible():
            self.next_button.setFocus()

    def _next(self) -> None:
        self.hide()
        self.controller.next_hand()

    def _again(self) -> None:
        self.hide()
        self.controller.new_game()

    def apply_scale(self, px: int) -> None:
        self._px = px
        # Opaque, unlike the other panels: the prompt panel beneath must not show through.
        self.setStyleSheet(
            theme.panel_style(px) + "QFrame#panel { background: rgb(10, 40, 20); }"
        )
        self._fit()

    def place(self, area: QRect) -> None:
        self._area = QRect(area)
        self._fit()

    def _fit(self) -> None:
        area = self._area
        width = min(area.width() - 20, max(self._px * 30, int(area.width() * 0.6)))
        self.body.setFixedWidth(width - 40)
        self.layout().activate()
        height = min(area.height() - 10, self.sizeHint().height())
        self.setGeometry(
            area.x() + (area.width() - width) // 2,
            area.y() + (area.height() - height) // 2,
            width,
            height,
        )
