"""The game controller's announcements: the signals for one applied action (a live one or
one replayed onto the table), and the statistics counted as soon as a hand is scored.

A part of `GameController` (it is mixed in), kept in its own module so the controller's
flow stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaiser_desktop.rules import (
    Action,
    AskRedeal,
    Discard,
    GameState,
    MakeBid,
    NameTrump,
    PassCard,
    Phase,
    Play,
    Seat,
    Trick,
)

if TYPE_CHECKING:
    from kaiser_desktop.app.controller import GameController


class Announcements:
    def _announce_action(
        self, seat: Seat, action: Action, before: GameState, after: GameState
    ) -> tuple[Seat, Trick] | None:
        """Emit the signals for one applied action; the finished trick (winner, trick) if
        this card completed one (it is still on the table)."""
        if isinstance(action, AskRedeal):
            self.redeal_decided.emit(seat, action.ask)
        elif isinstance(action, PassCard):
            self.card_passed.emit(seat)
            if after.phase is not Phase.PASSING:
                self.cards_exchanged.emit()
        elif isinstance(action, MakeBid):
            self.bid_made.emit(seat, action.bid)
            hand = after.hand
            if hand is not None and hand.declarer is not None and hand.contract is not None:
                self.contract_won.emit(hand.declarer, hand.contract)
        elif isinstance(action, Discard):
            self.discarded.emit(seat)
        elif isinstance(action, NameTrump):
            self.trump_named.emit(seat, action.suit)
        elif isinstance(action, Play):
            self.card_played.emit(seat, action.card)
            finished = self._finished_trick(before, after)
            if finished is not None:
                trick, winner = finished
                self.trick_complete.emit(winner, trick)
                return winner, trick
        return None

    def _record_statistics(self: GameController, before: GameState, after: GameState) -> None:
        """Count a hand as soon as it is scored (not after the animation), and the game
        as soon as it is won: a kill during the last sweep must not lose either."""
        stats = self.statistics
        if stats is None or len(after.results) <= len(before.results):
            return
        stats.record_hand(after.results[-1])
        if after.is_over:
            stats.record_game(after, self.used_undo)

    @staticmethod
    def _finished_trick(before: GameState, after: GameState) -> tuple[Trick, Seat] | None:
        old, new = before.hand, after.hand
        if old is None or new is None or len(new.tricks) == len(old.tricks):
            return None
        trick = new.tricks[-1]
        return trick, trick.winner(new.trump)
