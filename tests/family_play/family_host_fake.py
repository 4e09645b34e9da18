"""A small stand-in for the host of a family table, for the client's tests: it holds a
`GameState`, checks each remote action with the referee gate, applies it with `rules.apply`
and sends every remote seat its `SeatStream`'s messages (the real host, family_play/family_table.py,
is built beside this). Everything goes through `LoopbackHub`, so through the wire's
encode/decode."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from kaiser_desktop.family_play.links import LoopbackHub
from kaiser_desktop.net.protocol import (
    ActionMessage,
    ActionRefused,
    Goodbye,
    Hello,
    Message,
    Quick,
    Refused,
    SeatStatus,
    Welcome,
)
from kaiser_desktop.net.referee_gate import Accepted, check_action
from kaiser_desktop.net.seat_stream import SeatStream
from kaiser_desktop.rules import (
    SEATS,
    Deal,
    GameState,
    RuleSet,
    Seat,
    SeatAction,
    apply,
    legal_actions,
    new_game,
)
from kaiser_desktop.rules.simulate import modest_choice

CODE = "maple-river-lantern-otter-427"
NAMES = {Seat.S: "Gran", Seat.N: "Pat", Seat.E: "Robin", Seat.W: "Sam"}


@dataclass
class FakeHost:
    hub: LoopbackHub
    state: GameState
    seed: int = 1
    step: int = 0
    seats: dict[int, Seat] = field(default_factory=dict)  # connection -> seat
    streams: dict[Seat, SeatStream] = field(default_factory=dict)
    tokens: dict[Seat, str] = field(default_factory=dict)
    kinds: dict[Seat, str] = field(default_factory=dict)
    received: list[tuple[int, Message]] = field(default_factory=list)
    refusals: list[ActionRefused] = field(default_factory=list)

    @classmethod
    def make(cls, hub: LoopbackHub, rules: RuleSet | None = None, seed: int = 1) -> FakeHost:
        host = cls(hub, new_game(rules or RuleSet(), Seat.W), seed)
        host.rng = random.Random(seed)
        host.kinds = {seat: "computer" for seat in SEATS} | {Seat.S: "person"}
        hub.host.received.connect(host.on_received)
        hub.host.closed.connect(host.on_closed)
        return host

    rng: random.Random = field(default_factory=random.Random)

    # --- connections ---------------------------------------------------------------------

    def on_received(self, conn: int, message: Message) -> None:
        self.received.append((conn, message))
        if isinstance(message, Hello):
            self.hello(conn, message)
        elif isinstance(message, ActionMessage):
            seat = self.seats.get(conn)
            if seat is None:
                return
            verdict = check_action(self.state, seat, message, self.step)
            if isinstance(verdict, Accepted):
                self.apply(verdict.action)
            else:
                refusal = ActionRefused(message.step, verdict.reason)
                self.refusals.append(refusal)
                self.hub.host.send(conn, refusal)
        elif isinstance(message, Quick):
            seat = self.seats.get(conn)
            for other in self.seats:
                self.hub.host.send(other, Quick(message.id, seat))

    def hello(self, conn: int, hello: Hello) -> None:
        if not self.hub.host.proven(conn):
            self.hub.host.send(conn, Refused("unknown_table"))
            self.hub.host.close(conn)
            return
        if hello.token is not None:
            seat = next((s for s, t in self.tokens.items() if t == hello.token), None)
            if seat is None:
                self.hub.host.send(conn, Refused("bad_token"))
                self.hub.host.close(conn)
                return
        else:
            seat = hello.seat or Seat.E
            self.tokens[seat] = f"rejoin-token-{seat.text}-{conn:04d}"
        self.seats = {c: s for c, s in self.seats.items() if s != seat}
        self.seats[conn] = seat
        self.kinds[seat] = "person"
        self.hub.host.send(conn, Welcome(seat, self.tokens[seat]))
        self.streams.setdefault(seat, SeatStream(seat)).restart()
        for other in SEATS:
            name = hello.name if other == seat else NAMES[other]
            for c in self.seats:
                self.hub.host.send(c, SeatStatus(other, self.kinds[other], name))
        self.send_views()

    def on_closed(self, conn: int) -> None:
        seat = self.seats.pop(conn, None)
        if seat is not None:
            self.kinds[seat] = "stand_in"
            for c in self.seats:
                self.hub.host.send(c, SeatStatus(seat, "stand_in", NAMES[seat]))

    def close_table(self, reason: str = "host_closing") -> None:
        for conn in list(self.seats):
            self.hub.host.send(conn, Goodbye(reason))

    # --- the game ------------------------------------------------------------------------

    def send_views(self, action: tuple[Seat, SeatAction] | None = None) -> None:
        for conn, seat in self.seats.items():
            for message in self.streams[seat].messages(self.state, self.step, action):
                self.hub.host.send(conn, message)

    def apply(self, action: Deal | SeatAction) -> None:
        seat = self.state.to_act
        self.state = apply(self.state, action)
        self.step += 1
        made = None if isinstance(action, Deal) or seat is None else (seat, action)
        self.send_views(made)

    def deal(self) -> None:
        self.apply(Deal.shuffled(self.state.rules, self.rng, self.state.dealer))

    def remote_seats(self) -> set[Seat]:
        return set(self.seats.values())

    def play_computers(self) -> bool:
        """One computer's (or the host person's) move, if it is theirs; True if one was made."""
        state = self.state
        if state.awaiting_deal and not state.is_over:
            self.deal()
            return True
        seat = state.to_act
        if seat is None or seat in self.remote_seats():
            return False
        self.apply(modest_choice(self.rng, legal_actions(state)))
        return True
