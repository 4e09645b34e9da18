"""Scripted remote people for the family table's tests: each is a client link of a
`LoopbackHub` with a `ViewAssembler`, acting at random from its own view only, and checking
each view it rebuilds against the host's view of its seat at the same step."""

from __future__ import annotations

import random
from collections.abc import Callable

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.family_play.family_table import FamilyTable
from kaiser_desktop.family_play.links import LoopbackHub
from kaiser_desktop.net.hand_record import HandRecord
from kaiser_desktop.net.protocol import (
    ActionMessage,
    ActionRefused,
    Asking,
    Goodbye,
    Hello,
    Message,
    Quick,
    Refused,
    SeatStatus,
    Welcome,
)
from kaiser_desktop.net.seat_stream import ViewAssembler
from kaiser_desktop.net.seat_view import Results, SeatView
from kaiser_desktop.net.table_code import TableTicket
from kaiser_desktop.rules import GameState, PlayerView, RuleSet, Seat, observe

NOW = 1_000_000.0


class HostRecord:
    """The host's state at each step the family table has sent (its `step` counter)."""

    def __init__(self, controller: GameController, table: FamilyTable) -> None:
        self.controller = controller
        self.table = table
        self.states: dict[int, GameState] = {table.step: controller.state}
        # Connected after the table's own slot, so the table's step is already counted.
        controller.state_changed.connect(self._on_state_changed)

    def _on_state_changed(self) -> None:
        if not self.controller.restoring:
            self.states[self.table.step] = self.controller.state


class Person:
    """A remote person's app, scripted."""

    def __init__(
        self,
        hub: LoopbackHub,
        record: HostRecord,
        name: str,
        *,
        table: str,
        seat: Seat | None = None,
        token: str | None = None,
        rng: random.Random | None = None,
        acting: bool = True,
    ) -> None:
        self.hub = hub
        self.record = record
        self.name = name
        self.table = table
        self.wanted = seat
        self.token = token
        self.rng = rng or random.Random(name)
        self.acting = acting
        self.seat: Seat | None = None
        self.view: PlayerView | None = None
        self.step: int | None = None
        self.compared = 0
        self.diverged: list[int] = []
        self.refused: Refused | None = None
        self.asked: Asking | None = None  # the host is being asked about this person
        self.action_refusals: list[ActionRefused] = []
        self.statuses: dict[Seat, SeatStatus] = {}
        self.status_log: list[SeatStatus] = []
        self.quick: list[Quick] = []
        self.goodbye: Goodbye | None = None
        self.lost: str | None = None
        self.actions_sent = 0
        self.records: list[HandRecord] = []
        self.early_records: list[int] = []  # a record before the view of its hand scored
        # Called with each view before acting on it; True: do not act on it.
        self.before_acting: Callable[[Person, PlayerView, int], bool] | None = None
        self.connect()

    def connect(self) -> None:
        self.link = self.hub.connect(code=self.table)
        self.assembler = ViewAssembler()
        self.lost = None
        self.refused = None
        self.link.connected.connect(self._hello)
        self.link.received.connect(self._on_message)
        self.link.lost.connect(self._on_lost)

    @property
    def conn(self) -> int:
        return self.link.conn

    def rejoin(self) -> None:
        """Back after a drop: a new connection, the token given at the first welcome."""
        self.link.received.disconnect(self._on_message)
        self.connect()

    def drop(self) -> None:
        self.hub.drop(self.conn)

    def _hello(self) -> None:
        self.link.send(Hello("test", self.name, self.wanted, self.token))

    def _on_lost(self, why: str) -> None:
        self.lost = why

    def _on_message(self, message: Message) -> None:
        if isinstance(message, Welcome):
            self.seat, self.token = message.seat, message.token
        elif isinstance(message, Refused):
            self.refused = message
        elif isinstance(message, Asking):
            self.asked = message
        elif isinstance(message, ActionRefused):
            self.action_refusals.append(message)
        elif isinstance(message, SeatStatus):
            self.statuses[message.seat] = message
            self.status_log.append(message)
        elif isinstance(message, Quick):
            self.quick.append(message)
        elif isinstance(message, Goodbye):
            self.goodbye = message
        elif isinstance(message, HandRecord):
            self.records.append(message)
            if self.view is None or len(self.view.results) < message.number:
                self.early_records.append(message.number)
        elif isinstance(message, (Results, SeatView)):
            view = self.assembler.receive(message)
            if view is not None:
                assert isinstance(message, SeatView)
                self._on_view(view, message.step)

    def _on_view(self, view: PlayerView, step: int) -> None:
        assert self.seat is not None and view.seat == self.seat
        self.view, self.step = view, step
        host = self.record.states[step]
        self.compared += 1
        if view != observe(host, self.seat):
            self.diverged.append(step)
        if self.before_acting is not None and self.before_acting(self, view, step):
            return
        if self.acting and view.my_turn:
            self.send_action(ActionMessage.of(step, self.rng.choice(view.legal)))

    def send_action(self, message: ActionMessage) -> None:
        self.actions_sent += 1
        self.link.send(message)


def family_game(
    hub: LoopbackHub,
    *,
    seed: int,
    rules: RuleSet | None = None,
    clock: Callable[[], float] = lambda: NOW,
) -> tuple[GameController, FamilyTable, HostRecord, TableTicket]:
    """A host whose South is a computer too (so whole games run by themselves)."""
    controller = GameController(
        rules or RuleSet(lose_at_minus_52=True),
        seating=Seating.all_computers(),
        seed=seed,
        pace=INSTANT,
        level="random",
    )
    ticket = TableTicket.issue(NOW)
    hub.code = ticket.code  # the hub plays the sealed exchange with this code
    table = FamilyTable(controller, hub.host, ticket, host_name="Grandma", clock=clock)
    return controller, table, HostRecord(controller, table), ticket
