"""The engine's refusals, one template each, so the ui can say them in the player's language.

The engine raises `IllegalActionError(refusal(TEMPLATE, ...))`: the message is the English
sentence as before; `REFUSALS` lists every template, which lets the ui find the template
and the values of a message that reached it as plain text.
"""

from __future__ import annotations

from kaiser_desktop.rules.said import QT_TRANSLATE_NOOP, Said, SaidValue, plain_english, say

CONTEXT = "Refusals"

GAME_OVER = QT_TRANSLATE_NOOP("Refusals", "The game is over.")
ALREADY_DEALT = QT_TRANSLATE_NOOP("Refusals", "The cards are already dealt.")
NOT_DEALT = QT_TRANSLATE_NOOP("Refusals", "The cards have not been dealt yet.")
FIRST_REDEAL = QT_TRANSLATE_NOOP("Refusals", "First decide whether to ask for a redeal.")
FIRST_PASS = QT_TRANSLATE_NOOP("Refusals", "First pass a card to your partner.")
TIME_TO_BID = QT_TRANSLATE_NOOP("Refusals", "It is time to bid or pass.")
FIRST_DISCARD = QT_TRANSLATE_NOOP("Refusals", "First discard two cards.")
FIRST_TRUMP = QT_TRANSLATE_NOOP("Refusals", "First name trump.")
TIME_TO_PLAY = QT_TRANSLATE_NOOP("Refusals", "It is time to play a card.")
NOT_NOW = QT_TRANSLATE_NOOP("Refusals", "That is not possible now.")
EIGHT_EACH = QT_TRANSLATE_NOOP("Refusals", "Each seat must be dealt 8 cards.")
KITTY_SIZE = QT_TRANSLATE_NOOP("Refusals", "The kitty must hold {count} cards.")
DEALT_TWICE = QT_TRANSLATE_NOOP("Refusals", "{card} is dealt twice.")
NOT_IN_PACK = QT_TRANSLATE_NOOP("Refusals", "{card} is not in the pack.")
NOT_HELD = QT_TRANSLATE_NOOP("Refusals", "You do not hold the {card}.")
DISCARD_TWO = QT_TRANSLATE_NOOP("Refusals", "Discard two different cards.")
KEEP_HONOURS = QT_TRANSLATE_NOOP("Refusals", "You may not discard the 5♥ or the 3♠.")
NAME_A_SUIT = QT_TRANSLATE_NOOP("Refusals", "Name a trump suit: no trump must be said in the bid.")
FOLLOW = QT_TRANSLATE_NOOP("Refusals", "You must follow {suit}.")
DEALER_BIDS = QT_TRANSLATE_NOOP("Refusals", "The dealer must bid at least {level}.")
NO_KAISER = QT_TRANSLATE_NOOP("Refusals", "The Kaiser bid is not played under these rules.")
BID_RANGE = QT_TRANSLATE_NOOP("Refusals", "Bids go from {low} to {high}.")
NOT_EQUAL = QT_TRANSLATE_NOOP("Refusals", '"{bid}" does not equal or outrank "{standing}".')
NOT_HIGHER = QT_TRANSLATE_NOOP("Refusals", '"{bid}" does not outrank "{standing}".')

REFUSALS = (
    GAME_OVER, ALREADY_DEALT, NOT_DEALT, FIRST_REDEAL, FIRST_PASS, TIME_TO_BID, FIRST_DISCARD,
    FIRST_TRUMP, TIME_TO_PLAY, NOT_NOW, EIGHT_EACH, KITTY_SIZE, DEALT_TWICE, NOT_IN_PACK,
    NOT_HELD, DISCARD_TWO, KEEP_HONOURS, NAME_A_SUIT, FOLLOW, DEALER_BIDS, NO_KAISER, BID_RANGE,
    NOT_EQUAL, NOT_HIGHER,
)  # fmt: skip


def refusal(template: str, **values: SaidValue) -> Said:
    """The English refusal; cards as on the table ("10♦"), suits as "hearts"."""
    return say(CONTEXT, template, plain_english, values)
