"""The bots' reasons as `Said` sentences: English as the players always read it, and the
template and values the ui needs to say it in French (rules/said.py).

Every template is a whole sentence or a whole clause marked with QT_TRANSLATE_NOOP under
the context "Reasons"; cards, suits, seats, bids and counts stay values.
"""

from __future__ import annotations

from kaiser_desktop.ai.common import name
from kaiser_desktop.rules import Bid, Card, Seat, Suit
from kaiser_desktop.rules.said import (
    QT_TRANSLATE_NOOP,
    Amount,
    Listing,
    Said,
    SaidValue,
    say,
)

__all__ = ["QT_TRANSLATE_NOOP", "Amount", "Listing", "Said", "card", "reason", "suit"]

CONTEXT = "Reasons"
SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def card(index: int) -> Card:
    return Card.from_index(index)


def suit(index: int) -> Suit:
    return Suit(index)


def _english(value: SaidValue) -> str:
    """A value as the bots have always said it: "the king of hearts", "hearts", "North"."""
    if isinstance(value, Card):
        return name(value.index)
    if isinstance(value, Suit):
        return value.plural
    if isinstance(value, Seat):
        return SEAT_NAMES[value]
    if isinstance(value, Bid):
        return value.label
    if isinstance(value, Listing):
        return " and ".join(_english(item) for item in value.items)
    return str(value)


def reason(template: str, **values: SaidValue) -> Said:
    """A reason from a template marked QT_TRANSLATE_NOOP("Reasons", ...)."""
    return say(CONTEXT, template, _english, values)
