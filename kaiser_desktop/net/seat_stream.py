"""The messages the host sends one seat as the game goes on, and the client putting them back
together.

The host keeps one `SeatStream` per remote seat. After each step of the game it asks the
stream for that seat's messages: the hands scored since the last time (`Results`, a few at
a time) and the seat's view now (`SeatView`). Every message is made from
`rules.observe(state, seat)` alone, never from the state itself, so nothing of another
seat's hand can be in it. On the client, a `ViewAssembler` gathers them into the same
`PlayerView` the host would hand a computer player at that seat.
"""

from __future__ import annotations

from kaiser_desktop.net.seat_view import RESULTS_PER_MESSAGE, Results, SeatView
from kaiser_desktop.net.wire import ProtocolError
from kaiser_desktop.rules.actions import SeatAction
from kaiser_desktop.rules.cards import Seat
from kaiser_desktop.rules.state import GameState, HandResult
from kaiser_desktop.rules.view import PlayerView, observe

SeatMessage = Results | SeatView


class SeatStream:
    """What one seat is sent. `restart()` when a person (re)joins: everything is sent again."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.results_sent = 0

    def restart(self) -> None:
        self.results_sent = 0

    def messages(
        self, state: GameState, step: int, action: tuple[Seat, SeatAction] | None = None
    ) -> list[SeatMessage]:
        """The seat's messages for `state`, the host's `step` (its count of states sent), and
        the seat and action that made it (None for a deal or a restore)."""
        view = observe(state, self.seat)
        return self.messages_for_view(view, step, action)

    def messages_for_view(
        self, view: PlayerView, step: int, action: tuple[Seat, SeatAction] | None = None
    ) -> list[SeatMessage]:
        if view.seat != self.seat:
            raise ValueError(f"a view of {view.seat.text} for the stream of {self.seat.text}")
        results = view.results
        self.results_sent = min(self.results_sent, len(results))  # the game went back
        out: list[SeatMessage] = []
        while self.results_sent < len(results):
            first = self.results_sent
            chunk = tuple(results[first : first + RESULTS_PER_MESSAGE])
            out.append(Results(first, chunk))
            self.results_sent += len(chunk)
        out.append(SeatView.of(view, step, action))
        return out


class ViewAssembler:
    """The client's side: results gathered, and each view made a whole `PlayerView` again."""

    def __init__(self) -> None:
        self.results: list[HandResult] = []
        self.step: int | None = None

    def receive(self, message: SeatMessage) -> PlayerView | None:
        """The seat's view after `message` (None after `Results`); ProtocolError if the host's
        messages do not fit together (a gap in the results)."""
        if isinstance(message, Results):
            if message.first > len(self.results):
                raise ProtocolError(f"results from {message.first} after {len(self.results)}")
            self.results[message.first :] = message.results
            return None
        if message.results_count > len(self.results):
            raise ProtocolError(
                f"a view after {message.results_count} hands, with {len(self.results)} known"
            )
        del self.results[message.results_count :]
        self.step = message.step
        return message.player_view(self.results)
