"""A scripted person for tests and demos: plays South by clicking the real table.

It clicks the same buttons and card items a person would (mouse events on the view), so a
game it plays exercises the whole path from a click to `rules.apply` and back to the screen.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, QPointF, QTimer
from PySide6.QtWidgets import QPushButton

from kaiser_desktop.rules import (
    AskRedeal,
    Card,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Phase,
    Play,
    PlayerView,
    Seat,
    SeatAction,
)
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.synthetic_input import click

Chooser = Callable[[PlayerView], SeatAction]


def first_legal(view: PlayerView) -> SeatAction:
    return view.legal[0]


class ScriptedPlayer(QObject):
    """Acts for South whenever the table waits for South; presses "Next hand" after a hand."""

    def __init__(self, window: MainWindow, choose: Chooser = first_legal, delay_ms: int = 0):
        super().__init__(window)
        self.window = window
        self.controller = window.controller
        self.choose = choose
        self.delay_ms = delay_ms
        self.actions: list[SeatAction] = []
        self.before_action: Callable[[PlayerView, SeatAction], None] | None = None
        self.enabled = True
        # An opponent's claim: "refuse" plays it out card by card (the game goes exactly as
        # it would have without claims), "accept" takes it.
        self.opponent_claims = "refuse"
        self.claims_seen: list[tuple[Seat, int]] = []
        c = self.controller
        c.turn_changed.connect(self._on_turn)
        c.hand_scored.connect(self._on_hand_scored)
        c.claim_offered.connect(self._on_claim)

    def _on_turn(self, seat: Seat, phase: Phase) -> None:
        if seat == Seat.S and self.enabled:
            QTimer.singleShot(self.delay_ms, self.act)

    def _on_claim(self, seat: Seat, tricks: int) -> None:
        self.claims_seen.append((seat, tricks))
        if seat != Seat.S and self.enabled:
            QTimer.singleShot(self.delay_ms, self._answer_claim)

    def _answer_claim(self) -> None:
        panel = self.window.view.claim_panel
        if not panel.isVisible() or not self.enabled:
            return
        accept = self.opponent_claims == "accept"
        self.click_button(panel.accept_button if accept else panel.refuse_button)

    def _on_hand_scored(self, result: object) -> None:
        if self.enabled:
            QTimer.singleShot(self.delay_ms, self._next_hand)

    def _next_hand(self) -> None:
        button = self.window.view.summary.next_button
        if button.isVisible() and self.enabled:
            self.click_button(button)

    def act(self) -> None:
        c = self.controller
        if not self.enabled or c.waiting_for_human() != Seat.S:
            return  # the table moved on (e.g. the only card was played for us)
        view = c.view(Seat.S)
        action = self.choose(view)
        if self.before_action is not None:
            self.before_action(view, action)
        self.actions.append(action)
        self.perform(action)

    # --- the clicks -------------------------------------------------------------------------

    def perform(self, action: SeatAction) -> None:
        if isinstance(action, AskRedeal):
            self.click_intent("redeal:yes" if action.ask else "redeal:no")
        elif isinstance(action, MakeBid):
            self.click_intent(f"bid:{action.bid.text}")
        elif isinstance(action, NameTrump):
            self.click_intent(f"trump:{action.suit.text if action.suit else 'NT'}")
        elif isinstance(action, (Play, PassCard)):
            self.click_card(action.card)
        elif isinstance(action, Discard):
            for card in action.cards:
                self.click_card(card)
            self.click_intent("discard")

    def click_intent(self, intent: str) -> None:
        button = self.window.view.action_panel.button(intent)
        if button is None:
            shown = self.window.view.action_panel.shown_intents()
            raise AssertionError(f"no button for {intent!r}; the panel shows {shown}")
        self.click_button(button)

    def click_button(self, button: QPushButton) -> None:
        click(button)

    def card_point(self, card: Card) -> QPoint:
        """A point on the visible part of South's card, in viewport coordinates."""
        scene = self.window.view.table_scene
        item = scene.card_item(card)
        item.finish_animation()
        order = scene.south_order()
        width = item.card_width()
        visible = width if order[-1] == card else min(width, scene.table.south_step)
        local = QPointF(-width / 2 + visible / 2, -item.lift_offset())
        return self.window.view.mapFromScene(item.mapToScene(local))

    def click_card(self, card: Card) -> None:
        click(self.window.view.viewport(), self.card_point(card))
