"""The table's part for the person's own cards: which may be played now, raising them, the
keyboard focus among them, and a click or Enter turned into an intent for the controller.

A part of `TableScene` (it is mixed in), kept in its own module so the scene stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaiser_desktop.rules import (
    FIVE_OF_HEARTS,
    THREE_OF_SPADES,
    Card,
    Discard,
    Phase,
    Play,
)
from kaiser_desktop.ui.table_places import ME

# Pre-rendering card bitmaps in idle moments: at most this long per timer tick.

if TYPE_CHECKING:
    from kaiser_desktop.ui.table_scene import TableScene


class SouthHand:
    def playable_cards(self: TableScene) -> list[Card]:
        """South's cards that a click would act on right now, in screen order."""
        return [c for c in self.south_order() if self.south[c].is_playable()]

    def refresh_interaction(self: TableScene) -> None:
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
        for card, item in self.south.items():
            item.set_playable(card in legal)
            item.set_dimmed(bool(legal) and card not in legal)
            item.set_lifted(card in lift)
            item.set_highlight(card in self.selected or card == view.passed)
        if self.focus not in legal:
            self.focus = None
        for card, item in self.south.items():
            item.set_focused(card == self.focus)

    def _on_card_item_clicked(self: TableScene, text: str) -> None:
        card = Card.from_text(text)
        if self.south.get(card) is self.sender():  # a back or a card in the trick: nothing
            self.activate(card)

    def activate(self: TableScene, card: Card) -> None:
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

    def _toggle_discard(self: TableScene, card: Card) -> None:
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

    def move_focus(self: TableScene, step: int) -> None:
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

    def focus_card(self: TableScene, card: Card) -> None:
        """Put the keyboard focus on one of the playable cards (a hint's card)."""
        if card not in self.playable_cards():
            return
        self.focus = card
        for shown, item in self.south.items():
            item.set_focused(shown == card)
        for view in self.views():
            view.setFocus()

    def activate_focus(self: TableScene) -> bool:
        if self.focus is None or self.focus not in self.south:
            return False
        self.activate(self.focus)
        return True
