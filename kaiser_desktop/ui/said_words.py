"""Cards, suits, bids and counts in the player's language, and the bots' reasons and the
engine's refusals said in it (their templates and values come from rules/said.py).

Everything is translated when it is asked for, so a language switch shows at the next
sentence. With no translation installed every function gives the English the game has
always shown.
"""

from __future__ import annotations

import re
from functools import cache

from PySide6.QtCore import QCoreApplication, QObject

from kaiser_desktop.app.seating import ENGLISH_YOU
from kaiser_desktop.rules import SUITS, Bid, Card, Rank, Seat, Suit, make_pack
from kaiser_desktop.rules.refusals import CONTEXT as REFUSALS_CONTEXT
from kaiser_desktop.rules.refusals import REFUSALS
from kaiser_desktop.rules.said import QT_TRANSLATE_NOOP, Amount, Listing, Said, SaidValue

SEATING_CONTEXT = "Seating"  # where "You" is translated (the window's catalogue)


def translate(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


# The suit as a player names it in a sentence ("the king of hearts", "follow hearts").
SUIT_WORDS = {
    Suit.S: QT_TRANSLATE_NOOP("Suits", "spades"),
    Suit.H: QT_TRANSLATE_NOOP("Suits", "hearts"),
    Suit.D: QT_TRANSLATE_NOOP("Suits", "diamonds"),
    Suit.C: QT_TRANSLATE_NOOP("Suits", "clubs"),
}
# A card's whole name, article included: French says « l'as », « la dame », « le roi ».
CARD_NAMES = {
    Rank.ACE: QT_TRANSLATE_NOOP("Cards", "the ace of {suit}"),
    Rank.KING: QT_TRANSLATE_NOOP("Cards", "the king of {suit}"),
    Rank.QUEEN: QT_TRANSLATE_NOOP("Cards", "the queen of {suit}"),
    Rank.JACK: QT_TRANSLATE_NOOP("Cards", "the jack of {suit}"),
}
NUMBER_CARD = QT_TRANSLATE_NOOP("Cards", "the {rank} of {suit}")
# A card's short label inside a sentence, "J♥" (French « V♥ »: valet, dame, roi, as); the
# suit's symbol is a value, so no message is a bare letter.
RANK_LETTERS = {
    Rank.ACE: QT_TRANSLATE_NOOP("Cards", "A{suit}"),
    Rank.KING: QT_TRANSLATE_NOOP("Cards", "K{suit}"),
    Rank.QUEEN: QT_TRANSLATE_NOOP("Cards", "Q{suit}"),
    Rank.JACK: QT_TRANSLATE_NOOP("Cards", "J{suit}"),
}
FIVE_OF_HEARTS = QT_TRANSLATE_NOOP("Cards", "the 5♥")
THREE_OF_SPADES = QT_TRANSLATE_NOOP("Cards", "the 3♠")
COMPASS = {
    Seat.N: QT_TRANSLATE_NOOP("Seats", "North"),
    Seat.E: QT_TRANSLATE_NOOP("Seats", "East"),
    Seat.S: QT_TRANSLATE_NOOP("Seats", "South"),
    Seat.W: QT_TRANSLATE_NOOP("Seats", "West"),
}


class Counts(QObject):
    """Words that change with a number. pyside6-lupdate marks a message as having plural
    forms only when it is a `self.tr(text, "", n)` in a class, hence this class."""

    def points(self, value: float, amount: str) -> str:
        return self.tr("{amount} point(s)", "", plural_count(value)).format(amount=amount)

    def tricks(self, value: float, amount: str) -> str:
        return self.tr("{amount} trick(s)", "", plural_count(value)).format(amount=amount)

    def games_won(self, won: int, played: int) -> str:
        return self.tr("You have won {won} of your %n game(s).", "", played).format(won=won)

    def of_the_tricks(self, taken: int, total: int) -> str:
        return self.tr("%n of the {total} tricks", "", taken).format(total=total)


def plural_count(value: float) -> int:
    """The count that picks a number's plural form in both languages. A fraction below 2
    is 0: plural in English ("1.5 points"), singular in French (« 1,5 point »); as 1 it
    would say "1.5 point"."""
    size = abs(value)
    return int(size) if size == int(size) or size >= 2 else 0


@cache
def counts() -> Counts:
    return Counts()


def untranslated(text: str) -> bool:
    """A plural message with no translation comes back with its "(s)"."""
    return "(s)" in text


def suit_word(suit: Suit) -> str:
    """ "hearts" (French « cœur »)."""
    return translate("Suits", SUIT_WORDS[suit])


def card_name(card: Card, *, ten: str = "10") -> str:
    """ "the king of hearts", "the 10 of diamonds", "the 5♥" (French « le roi de cœur »,
    « la dame de pique », « le 5 de cœur »). `ten`: the bots say "the ten of …"."""
    if card.label == "5♥":
        return translate("Cards", FIVE_OF_HEARTS)
    if card.label == "3♠":
        return translate("Cards", THREE_OF_SPADES)
    suit = suit_word(card.suit)
    if card.rank in CARD_NAMES:
        return translate("Cards", CARD_NAMES[card.rank]).format(suit=suit)
    rank = ten if card.rank is Rank.TEN else card.rank.label
    return translate("Cards", NUMBER_CARD).format(rank=rank, suit=suit)


def card_letters(card: Card) -> str:
    """ "J♥", "10♦" (French « V♥ », « 10♦ »): a card's short label, in the player's letters."""
    letter = RANK_LETTERS.get(card.rank)
    if letter is None:
        return card.label
    return translate("Cards", letter).format(suit=card.suit.symbol)


def fill(template: str, **values: object) -> str:
    """`template.format(**values)`, with "You" (South's name in sentences, « Vous ») and "You
    and Pat" said "you", « vous » where the translation puts them inside the sentence:
    "5♥ (+5) taken by you and Pat", « Contrat réussi par vous et Pat », never « par Vous »."""
    you = QCoreApplication.translate(SEATING_CONTEXT, ENGLISH_YOU)  # app/seating.py's word
    start = template.lstrip()
    said = {}
    for key, value in values.items():
        text = str(value)
        if you and text.startswith(you) and not start.startswith("{" + key + "}"):
            text = text[:1].lower() + text[1:]
        said[key] = text
    return template.format(**said)


def bid_text(bid: Bid) -> str:
    """How a player says a bid: "Pass", "8", "8 no trump", "Kaiser"."""
    if bid.is_pass:
        return translate("Bids", "Pass")
    if bid.is_kaiser:
        return translate("Bids", "Kaiser")
    if bid.no_trump:
        return translate("Bids", "{level} no trump").format(level=bid.level)
    return str(bid.level)


def listing_text(items: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(items) <= 1:
        return "".join(items)
    first = ", ".join(items[:-1])
    return translate("Wording", "{first} and {last}").format(first=first, last=items[-1])


def said_text(text: str) -> str:
    """A bot's reason or an engine refusal in the player's language (English unchanged)."""
    if not isinstance(text, Said) or not text.template:
        return str(text)
    template = translate(text.context, text.template)
    if template == text.template:
        return str(text)  # English, or no translation: the sentence as it was made
    return template.format(**{key: _value_text(value) for key, value in text.values.items()})


def _value_text(value: SaidValue) -> str:
    if isinstance(value, Said):
        return said_text(value)
    if isinstance(value, Card):
        return card_name(value)
    if isinstance(value, Suit):
        return suit_word(value)
    if isinstance(value, Seat):
        return translate("Seats", COMPASS[value])
    if isinstance(value, Bid):
        return bid_text(value)
    if isinstance(value, Amount):
        return _amount_text(value)
    if isinstance(value, Listing):
        return listing_text([_value_text(item) for item in value.items])
    return str(value)


def _amount_text(amount: Amount) -> str:
    number = amount.number.replace(".", translate("Wording", "."))  # French: « 1,5 point »
    if amount.unit == "tricks":
        said = counts().tricks(amount.value, number)
    else:
        said = counts().points(amount.value, number)
    return str(amount) if untranslated(said) else said


# --- refusals that reach the ui as plain text ---------------------------------------------


@cache
def _refusal_patterns() -> list[tuple[str, re.Pattern[str]]]:
    patterns = []
    for template in REFUSALS:
        parts = re.split(r"\{(\w+)\}", template)
        regex = "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
        )
        patterns.append((template, re.compile(f"^{regex}$")))
    return patterns


def _refusal_value(key: str, text: str) -> str:
    if key == "suit":
        suit = next((s for s in SUITS if s.plural == text), None)
        return suit_word(suit) if suit is not None else text
    if key == "card":  # "A♠" → « l'as de pique »
        card = next((c for c in make_pack(True) if c.label == text), None)
        return card_name(card) if card is not None else text
    if key in ("bid", "standing"):
        try:
            return bid_text(Bid.from_text(text))
        except ValueError:
            return text
    return text


def error_text(message: str) -> str:
    """An engine refusal ("You must follow hearts.") in the player's language; any other
    message is returned as it is."""
    if isinstance(message, Said):
        return said_text(message)
    for template, pattern in _refusal_patterns():
        found = pattern.match(message)
        if found is None:
            continue
        translated = translate(REFUSALS_CONTEXT, template)
        if translated == template:
            return message
        values = {key: _refusal_value(key, text) for key, text in found.groupdict().items()}
        return translated.format(**values)
    return message


def refusal_text(error: BaseException) -> str:
    """The sentence of an IllegalActionError (or any rules error) in the player's language."""
    said = error.args[0] if error.args else None
    return error_text(said if isinstance(said, Said) else str(error))
