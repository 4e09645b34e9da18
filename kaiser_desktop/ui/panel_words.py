"""The action panel's words that depend on the moment: whose turn, what they are doing,
who deals, who won the trick, what to pass, lead or follow. Whole sentences, one per case,
so each language can order its own (French says « à cœur », not one word dropped in).

Plain functions of the state they describe; their translation context is "PanelWords".
"""

from __future__ import annotations

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Phase, Play, PlayerView, Seat, Suit
from kaiser_desktop.ui.said_words import card_letters
from kaiser_desktop.ui.table_places import ME


def hint_button_words() -> tuple[str, str]:
    """The Hint button's (text, tool tip)."""
    return (
        translate("PanelWords", "Hint"),
        translate("PanelWords", "What would a good player do here, and why? (H)"),
    )


def take_back_button_words() -> tuple[str, str]:
    """The "Change my choice" button's (text, tool tip)."""
    return (
        translate("PanelWords", "Change my choice"),
        translate("PanelWords", "Take back the bid or trump you just chose (Backspace)"),
    )


def bot_doing(phase: Phase, name: str) -> str:
    """ "West is bidding…": a whole sentence for each phase."""
    sentences = {
        Phase.REDEAL: translate("PanelWords", "{name} is deciding whether to ask for a new deal…"),
        Phase.PASSING: translate("PanelWords", "{name} is choosing a card to pass…"),
        Phase.BIDDING: translate("PanelWords", "{name} is bidding…"),
        Phase.DISCARD: translate("PanelWords", "{name} is discarding two cards…"),
        Phase.TRUMP: translate("PanelWords", "{name} is naming trump…"),
        Phase.PLAY: translate("PanelWords", "{name} to play…"),
    }
    return sentences[phase].format(name=name)


def claim_played_out_text() -> str:
    """While an accepted claim's cards are played for everyone."""
    return translate("PanelWords", "The rest of the hand is played out…")


def trick_won_text(winner: Seat, seating: Seating) -> str:
    if winner == ME:
        return translate("PanelWords", "You win the trick.")
    return translate("PanelWords", "{name} wins the trick.").format(name=seating.name(winner))


def _follow_text(led: Suit) -> str:
    # A sentence per suit: French says "à cœur", "à pique", not one word put in.
    sentences = {
        Suit.S: translate("PanelWords", "Your turn: you must follow spades."),
        Suit.H: translate("PanelWords", "Your turn: you must follow hearts."),
        Suit.D: translate("PanelWords", "Your turn: you must follow diamonds."),
        Suit.C: translate("PanelWords", "Your turn: you must follow clubs."),
    }
    return sentences[led]


def _no_suit_text(led: Suit) -> str:
    sentences = {
        Suit.S: translate("PanelWords", "Your turn: you have no spades, so play any card."),
        Suit.H: translate("PanelWords", "Your turn: you have no hearts, so play any card."),
        Suit.D: translate("PanelWords", "Your turn: you have no diamonds, so play any card."),
        Suit.C: translate("PanelWords", "Your turn: you have no clubs, so play any card."),
    }
    return sentences[led]


def dealing_text(dealer: Seat, seating: Seating) -> str:
    if dealer == ME:
        return translate("PanelWords", "You are dealing…")
    return translate("PanelWords", "{name} is dealing…").format(name=seating.name(dealer))


def passing_prompt(view: PlayerView, seating: Seating) -> str:
    partner = seating.name(view.seat.partner)
    if view.passed is not None:
        text = translate("PanelWords", "You pass the {card} to {partner}.")
        return text.format(card=card_letters(view.passed), partner=partner)
    # Words for the mouse and the keys alike: not "click" (issue 38).
    text = translate("PanelWords", "Choose a card to pass face down to {partner}.")
    return text.format(partner=partner)


def play_prompt(view: PlayerView) -> str:
    legal = [a.card for a in view.legal if isinstance(a, Play)]
    current = view.current
    if current is None or not current.cards:
        return translate("PanelWords", "Your lead: play any card you like.")
    led = current.cards[0].suit
    # Holding the led suit, not the count of legal cards, decides: a hand of only
    # hearts must follow hearts though every card in it may be played.
    if any(card.suit == led for card in legal):
        return _follow_text(led)
    return _no_suit_text(led)
