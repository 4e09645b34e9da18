"""The record of one scored hand, for the review after it: all four hands as dealt, and
every action, in the record's own notation (docs/kaiser-record.md).

Sent only once the hand is scored (`hand_records` gives none for a hand in progress, and
reading refuses a record that is not a whole, scored hand), so nothing of a hand being played
travels this way. The client reviews it as a game of that one hand: `HandRecord.game` is the
state the record replays to (hand 1 of a one-hand game, scored).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from kaiser_desktop.net.seat_view import MAX_HANDS
from kaiser_desktop.net.wire import Fields, ProtocolError
from kaiser_desktop.rules import record
from kaiser_desktop.rules.errors import RulesError
from kaiser_desktop.rules.state import GameState


@dataclass(frozen=True, slots=True)
class HandRecord:
    """Hand `number` of the game (1 = the first), scored; `game` replays just that hand."""

    TYPE: ClassVar[str] = "hand_record"
    number: int
    game: GameState

    @classmethod
    def of(cls, state: GameState, number: int) -> HandRecord:
        """Hand `number` of the game in `state`; ValueError unless it has been scored."""
        if not 1 <= number <= len(state.results):
            raise ValueError(f"hand {number} is not scored ({len(state.results)} are)")
        data = record.to_json(state)
        one = {**data, "hands": [data["hands"][number - 1]]}
        return cls(number, record.from_json(one))

    def to_json(self) -> dict[str, Any]:
        data = record.to_json(self.game)
        return {"number": self.number, "rules": data["rules"], "hand": data["hands"][0]}

    @classmethod
    def from_json(cls, data: object) -> HandRecord:
        f = Fields(data, "hand_record")
        number = f.integer("number", 1, MAX_HANDS)
        rules, hand = f.raw("rules"), f.raw("hand")
        f.done()
        try:
            game = record.from_json({"format": record.FORMAT, "rules": rules, "hands": [hand]})
        except RulesError as exc:
            raise ProtocolError(f"hand_record: {str(exc)[:80]}") from None
        if len(game.results) != 1:
            raise ProtocolError("hand_record must be a scored hand")
        return cls(number, game)


def hand_records(state: GameState, first: int) -> list[HandRecord]:
    """The records of the hands scored after the first `first` (none of a hand in play)."""
    return [HandRecord.of(state, n) for n in range(first + 1, len(state.results) + 1)]
