"""English sentences the ui can say in another language, without Qt in the rules or the bots.

`QT_TRANSLATE_NOOP` only marks a template for pyside6-lupdate (the scanner looks for that
name). A `Said` is the English sentence itself, a `str`, so everything that shows, stores or
compares it works as before; it also keeps the template and the values it was made from,
so the ui can translate the whole template and put the values in, in the other language's
own words (a card, a suit or a count is a value, never a piece of English).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Union

from kaiser_desktop.rules.bids import Bid
from kaiser_desktop.rules.cards import Card, Seat, Suit


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks `text` for the translation catalogue under `context`; returns it unchanged."""
    return text


@dataclass(frozen=True, slots=True)
class Amount:
    """A number with its noun, "7 points": the English is said as it always was; another
    language picks its own singular or plural."""

    value: float
    unit: str  # "points" or "tricks"
    decimals: int = 0

    @property
    def number(self) -> str:
        return f"{self.value:.{self.decimals}f}"

    def __str__(self) -> str:
        return f"{self.number} {self.unit}"


@dataclass(frozen=True, slots=True)
class Listing:
    """Things said together, "the ace and the king of hearts", "East and West"."""

    items: tuple[SaidValue, ...]


SaidValue = Union["Said", Card, Suit, Seat, Bid, Amount, Listing, int, str]
English = Callable[[SaidValue], str]


class Said(str):
    """English text that remembers its template and values (see the module's docstring)."""

    context: str
    template: str
    values: Mapping[str, SaidValue]

    def __new__(
        cls, english: str, context: str, template: str, values: Mapping[str, SaidValue]
    ) -> Said:
        made = super().__new__(cls, english)
        made.context, made.template, made.values = context, template, dict(values)
        return made

    def __reduce__(self) -> tuple[type[Said], tuple[str, str, str, dict[str, SaidValue]]]:
        # Bots run in another process: the template and values travel with the text.
        return (Said, (str(self), self.context, self.template, dict(self.values)))


def say(context: str, template: str, english: English, values: Mapping[str, SaidValue]) -> Said:
    """The English sentence of `template` with `values`, each said by `english`."""
    text = template.format(**{key: english(value) for key, value in values.items()})
    return Said(text, context, template, values)


def plain_english(value: SaidValue) -> str:
    """How the rules name a value in their own sentences ("hearts", "10♦", "8 no trump")."""
    if isinstance(value, Card):
        return value.label
    if isinstance(value, Suit):
        return value.plural
    if isinstance(value, Seat):
        return ("North", "East", "South", "West")[value.value]
    if isinstance(value, Bid):
        return value.label
    if isinstance(value, Listing):
        return " and ".join(plain_english(item) for item in value.items)
    return str(value)
