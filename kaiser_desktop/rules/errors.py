"""Typed errors of the rules package; each message is a sentence a player can read."""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the rules package raises on bad input."""


class IllegalActionError(RulesError):
    """An action the rules do not allow in this state ("You must follow hearts.")."""


class NotationError(RulesError):
    """Text that is not a card, bid, seat or rule value ("'5X' is not a card.")."""


class RecordError(RulesError):
    """A game record that is malformed or breaks the rules.

    `hand` is 1-based (None for document-level problems); `where` names the action.
    """

    def __init__(self, message: str, hand: int | None = None, where: str | None = None) -> None:
        self.reason = message
        self.hand = hand
        self.where = where
        parts = []
        if hand is not None:
            parts.append(f"hand {hand}")
        if where:
            parts.append(where)
        prefix = ", ".join(parts)
        super().__init__(f"{prefix}: {message}" if prefix else message)
