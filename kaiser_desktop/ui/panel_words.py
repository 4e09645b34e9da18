"""The action panel's words that depend on the moment: whose turn, what they are doing,
who deals, who won the trick, what to pass, lead or follow. Whole sentences, one per case,
so each language can order its own (French says « à cœur », not one word dropped in).

A part of `ActionPanel` (it is mixed in), kept in its own module so the panel stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaiser_desktop.rules import Phase, Play, PlayerView, Seat, Suit
from kaiser_desktop.ui.table_places import ME

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGridLayout

    from kaiser_desktop.ui.action_panel import ActionPanel


class PanelWords:
    def retranslate_buttons(self: ActionPanel) -> None:
        self.hint_button.setText(self.tr("Hint"))
        self.hint_button.setToolTip(self.tr("What would a good player do here, and why? (H)"))
        self.take_back_button.setText(self.tr("Change my choice"))
        self.take_back_button.setToolTip(
            self.tr("Take back the bid or trump you just chose (Backspace)")
        )

    def _bot_doing(self: ActionPanel, phase: Phase, name: str) -> str:
        """ "West is bidding…": a whole sentence for each phase."""
        sentences = {
            Phase.REDEAL: self.tr("{name} is deciding whether to ask for a new deal…"),
            Phase.PASSING: self.tr("{name} is choosing a card to pass…"),
            Phase.BIDDING: self.tr("{name} is bidding…"),
            Phase.DISCARD: self.tr("{name} is discarding two cards…"),
            Phase.TRUMP: self.tr("{name} is naming trump…"),
            Phase.PLAY: self.tr("{name} to play…"),
        }
        return sentences[phase].format(name=name)

    def _trick_won_text(self: ActionPanel, winner: Seat) -> str:
        if winner == ME:
            return self.tr("You win the trick.")
        return self.tr("{name} wins the trick.").format(name=self.seating.name(winner))

    def _follow_text(self: ActionPanel, led: Suit) -> str:
        # A sentence per suit: French says "à cœur", "à pique", not one word put in.
        sentences = {
            Suit.S: self.tr("Your turn: you must follow spades."),
            Suit.H: self.tr("Your turn: you must follow hearts."),
            Suit.D: self.tr("Your turn: you must follow diamonds."),
            Suit.C: self.tr("Your turn: you must follow clubs."),
        }
        return sentences[led]

    def _no_suit_text(self: ActionPanel, led: Suit) -> str:
        sentences = {
            Suit.S: self.tr("Your turn: you have no spades, so play any card."),
            Suit.H: self.tr("Your turn: you have no hearts, so play any card."),
            Suit.D: self.tr("Your turn: you have no diamonds, so play any card."),
            Suit.C: self.tr("Your turn: you have no clubs, so play any card."),
        }
        return sentences[led]

    def _dealing_text(self: ActionPanel, dealer: Seat) -> str:
        if dealer == ME:
            return self.tr("You are dealing…")
        return self.tr("{name} is dealing…").format(name=self.seating.name(dealer))

    def _passing(self: ActionPanel, view: PlayerView) -> tuple[str, QGridLayout | None]:
        partner = self.seating.name(view.seat.partner)
        if view.passed is not None:
            text = self.tr("You pass the {card} to {partner}.")
            return text.format(card=view.passed.label, partner=partner), None
        return self.tr("Click a card to pass face down to {partner}.").format(partner=partner), None

    def _play(self: ActionPanel, view: PlayerView) -> tuple[str, QGridLayout | None]:
        legal = [a.card for a in view.legal if isinstance(a, Play)]
        current = view.current
        if current is None or not current.cards:
            return self.tr("Your lead: click any card to play it."), None
        led = current.cards[0].suit
        # Holding the led suit, not the count of legal cards, decides: a hand of only
        # hearts must follow hearts though every card in it may be played.
        if any(card.suit == led for card in legal):
            return self._follow_text(led), None
        return self._no_suit_text(led), None
