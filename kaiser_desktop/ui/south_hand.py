"""The table's part for the person's own cards: which may be played now, raising them, the
keyboard focus among them, and a click or Enter turned into an intent for the controller.

`SouthHand` is given the scene's dict of South's card items (which the table fills and
empties), their screen order and the QGraphicsScene whose views take the keyboard; it keeps
the discard choices and the focused card, and says through its signals what the table
should show (a refusal, a changed choice).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QGraphicsScene

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.rules import (
    FIVE_OF_HEARTS,
    THREE_OF_SPADES,
    Card,
    Discard,
    Phase,
    Play,
)
from kaiser_desktop.ui.cards.card_item import CardItem
from kaiser_desktop.ui.table_places import ME


class SouthHand(QObject):
    notice = Signal(str)  # a refusal the hand itself can explain (discard choice)
    selection_changed = Signal()
    playable_changed = Signal()  # the view shows the pointing hand over a playable card

    def __init__(
        self,
        controller: GameController,
        south: dict[Card, CardItem],
        south_order: Callable[[], list[Card]],
        scene: QGraphicsScene,
    ) -> None:
        super().__init__(scene)
        self.controller = controller
        self.south = south  # the table's own dict: it adds and removes the items
        self.south_order = south_order
        self._scene = scene
        self.selected: list[Card] = []  # discard choices (kitty variant)
        self.focus: Card | None = None  # keyboard focus among the playable cards

    def playable_cards(self) -> list[Card]:
        """South's cards that a click would act on right now, in screen order."""
        return [c for c in self.south_order() if self.south[c].is_playable()]

    def refresh_interaction(self) -> None:
        """Brighten what may be played, dim the rest, lift the legal cards when following."""
        view = self.controller.view(ME)
        waiting = self.controller.waiting_for_human() == ME
        legal: set[Card] = set()
        lift: set[Card] = set()
        if waiting and view.phase is Phase.PLAY:
            legal = {a.card for a in view.legal if isinstance(a, Play)}
            if len(legal) < len(view.hand):
                lift = legal
        elif waiting and view.phase is Phase.PASSING and view.passed is None:
            legal = set(view.hand)
        elif waiting and view.phase is Phase.DISCARD:
            legal = {c for a in view.legal if isinstance(a, Discard) for c in a.cards}
            lift = set(self.selected)
        if view.phase is Phase.PASSING and view.passed is not None:
            lift = {view.passed}
        playable_before = {card for card, item in self.south.items() if item.is_playable()}
        for card, item in self.south.items():
            item.set_playable(card in legal)
            item.set_dimmed(bool(legal) and card not in legal)
            item.set_lifted(card in lift)
            item.set_highlight(card in self.selected or card == view.passed)
        if self.focus not in legal:
            self.focus = None
        for card, item in self.south.items():
            item.set_focused(card == self.focus)
        if playable_before != legal & self.south.keys():
            self.playable_changed.emit()

    def on_card_clicked(self, item: CardItem, text: str) -> None:
        card = Card.from_text(text)
        if self.south.get(card) is item:  # a back or a card in the trick: nothing
            self.activate(card)

    def activate(self, card: Card) -> None:
        """What a click (or Enter) on one of South's cards means now."""
        if card not in self.south:
            return
        c = self.controller
        view = c.view(ME)
        if view.phase is Phase.PASSING:
            c.human_pass_card(card)
        elif view.phase is Phase.DISCARD and c.waiting_for_human() == ME:
            self._toggle_discard(card)
        else:
            c.human_play(card)

    def _toggle_discard(self, card: Card) -> None:
        if card in (FIVE_OF_HEARTS, THREE_OF_SPADES):
            self.notice.emit(self.tr("You may not discard the 5♥ or the 3♠."))
            return
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
            if len(self.selected) > 2:
                self.selected.pop(0)
        self.refresh_interaction()
        self.selection_changed.emit()

    def move_focus(self, step: int) -> None:
        cards = self.playable_cards()
        if not cards:
            return
        if self.focus in cards:
            index = (cards.index(self.focus) + step) % len(cards)
        else:
            index = 0 if step > 0 else len(cards) - 1
        self.focus = cards[index]
        for card, item in self.south.items():
            item.set_focused(card == self.focus)

    def focus_card(self, card: Card) -> None:
        """Put the keyboard focus on one of the playable cards (a hint's card)."""
        if card not in self.playable_cards():
            return
        self.focus = card
        for shown, item in self.south.items():
            item.set_focused(shown == card)
        for view in self._scene.views():
            view.setFocus()

    def activate_focus(self) -> bool:
        if self.focus is None or self.focus not in self.south:
            return False
        self.activate(self.focus)
        return True

    def clear(self) -> None:
        """The table is cleared: no choice and no focus are left."""
        self.selected.clear()
        self.focus = None
