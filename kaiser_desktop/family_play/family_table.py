"""The host's side of family play: people at other computers at North, East or West.

`FamilyTable` sits beside the host's `GameController` (it is given it, and a `HostLink`):
it seats whoever says `Hello` with the table's code, sends each remote seat only what that
seat may see (`net.seat_stream`), checks each remote action (`net.referee_gate`) and hands
the accepted ones to the controller, which stays the one caller of `rules.apply`
(`remote_action`, through the same commit path and pacing as every action).

- **Seats.** The host is South. A person gets the seat they ask for if it is free, else the
  first free of North, East, West; the host may keep seats for the computers
  (`seat_people`), each at its own level (`choose_seat`). Until `start_game()` (or
  `resume_game`) the people wait with their seats (`SeatStatus`) and are sent nothing of the
  host's own game, and the host may move them (`move_person`, `draw_partners`: each moved
  person is sent a new `Welcome` with the same token); then the computers take the seats
  still open, and the seats and levels stay.
- **Drops.** A person's connection closing makes their seat `stand_in` at once: the
  controller asks a computer (from the seat's view, as every bot) and every screen is told.
  The person's rejoin token (`Hello.token`) seats them again, and their stream restarts,
  so the hand in progress comes back with their cards.
- **Step.** Each view says the `step` it is of: this table's count of the states it has
  sent (one per applied action, deal or restore). An action for another step is `stale`.
- **Review.** Once a hand is scored, its record (`net.hand_record`) goes to every person.
- **Save.** The seating (names, remote seats, tokens) goes in the autosave's sidecar
  (`family` key); `resume_game` reopens the table from it with a new code.

The link answers a message of another protocol version with the "please update" itself
(links.py); everything else that is not a `Hello` first, or a client's message after it,
is refused as `malformed` and that connection alone is closed.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from kaiser_desktop.ai import level_names
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.family_play.links import HostLink
from kaiser_desktop.net.hand_record import HandRecord, hand_records
from kaiser_desktop.net.protocol import (
    MAX_NAME,
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
from kaiser_desktop.net.referee_gate import Refusal, check_action
from kaiser_desktop.net.seat_stream import SeatStream
from kaiser_desktop.net.table_code import TableTicket
from kaiser_desktop.rules import GameState, Phase, Seat

log = logging.getLogger(__name__)

REMOTE_SEATS = (Seat.N, Seat.E, Seat.W)  # the host is always South
QUICK_INTERVAL = 2.0  # seconds: one quick message per seat at most this often
META_KEY = "family"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits at `seat`, for the host's dialog and the `SeatStatus` messages."""

    seat: Seat
    kind: str  # person, computer, stand_in or open (net.protocol.SEAT_KINDS)
    name: str


@dataclass(slots=True)
class _Person:
    name: str
    token: str
    conn: int | None = None  # None while away: a computer stands in


class FamilyTable(QObject):
    seats_changed = Signal()
    person_joined = Signal(object, str)  # seat, name
    person_left = Signal(object, str)  # seat, name (their connection closed or dropped)
    quick_said = Signal(object, str)  # seat, quick message id (net.protocol.QUICK_MESSAGES)

    def __init__(
        self,
        controller: GameController,
        link: HostLink,
        ticket: TableTicket,
        *,
        host_name: str,
        clock: Callable[[], float] = time.time,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.link = link
        self.ticket = ticket
        self.host_name = host_name[:MAX_NAME]
        self._clock = clock
        self._open: set[Seat] = set(REMOTE_SEATS)  # seats a person may take
        self._levels: dict[Seat, str] = {}  # the host's level for a computer's seat
        self._people: dict[Seat, _Person] = {}
        self._conns: dict[int, Seat | None] = {}  # None: no Hello yet
        self._streams: dict[Seat, SeatStream] = {}
        self._last_quick: dict[Seat, float] = {}
        self.started = False
        self.closed = False
        self.step = 0
        self._sent_state: GameState | None = None
        self._records_sent = 0  # the scored hands whose records (for the review) went out
        self.refused_actions = 0  # for the log and the soak
        link.opened.connect(self._on_opened)
        link.received.connect(self._on_received)
        link.closed.connect(self._on_closed)
        controller.state_changed.connect(self._on_state_changed)

    # --- the host's side -------------------------------------------------------------

    def seat_people(self, seats: Iterable[Seat]) -> None:
        """The seats open to people; the others are kept for the computers. A seat where
        someone already sits stays theirs."""
        wanted = {s for s in seats if s in REMOTE_SEATS}
        self._open = wanted | set(self._people)
        self._levels = {s: level for s, level in self._levels.items() if s not in self._open}
        self.controller.set_seat_levels(self._levels)
        self._tell_seats()

    def seat_levels(self) -> dict[Seat, str | None]:
        """Each remote seat's choice: None if open to people, else its computer's level
        (the game's level for a seat kept for the computers without one of its own)."""
        return {
            seat: None if seat in self._open else self._levels.get(seat, self.controller.level)
            for seat in REMOTE_SEATS
        }

    def choose_seat(self, seat: Seat, level: str | None) -> bool:
        """Before the start: `seat` is open to people (`level` None), or a computer plays it
        at `level`. A person sitting there moves to another open seat; False (nothing
        changed) if the game has started, or there is no other open seat for them. Raises
        ValueError for an unknown level."""
        if level is not None and level not in level_names():
            raise ValueError(f"There is no computer level called {level!r}.")
        if self.started or seat not in REMOTE_SEATS:
            return False
        if level is None:
            self._open.add(seat)
            self._levels.pop(seat, None)
        else:
            if seat in self._people:
                free = self._free_seats(but=seat)
                if not free:
                    return False
                self._move({seat: free[0]})
            self._levels[seat] = level
            self._open.discard(seat)
        self.controller.set_seat_levels(self._levels)
        self._tell_seats()
        return True

    def move_person(self, seat: Seat, to: Seat) -> bool:
        """Before the start: the person at `seat` moves to `to`, an open seat no one has
        taken; False (nothing changed) if not."""
        if self.started or seat not in self._people or to not in self._free_seats(but=seat):
            return False
        self._move({seat: to})
        self._tell_seats()
        return True

    def draw_partners(self, rng: random.Random | None = None) -> None:
        """Before the start: the people are shuffled over the seats open to people (so who
        partners whom is drawn)."""
        if self.started or not self._people:
            return
        seats = [s for s in REMOTE_SEATS if s in self._open]
        drawn = (rng or random.SystemRandom()).sample(seats, len(self._people))
        self._move(dict(zip(list(self._people), drawn, strict=True)))
        self._tell_seats()

    def _free_seats(self, *, but: Seat | None = None) -> list[Seat]:
        """The seats open to people where no one sits (less `but`)."""
        return [s for s in REMOTE_SEATS if s in self._open and s not in self._people and s != but]

    def _move(self, moves: dict[Seat, Seat]) -> None:
        """People change seats (before the start): each moved person is welcomed again at
        the new seat, with the same token."""
        moving = {to: self._people[seat] for seat, to in moves.items() if seat != to}
        for seat in moves:
            if seat != moves[seat]:
                del self._people[seat]
        self._people.update(moving)
        for to, person in moving.items():
            log.info("%s moves to %s", person.name, to.text)
            if person.conn is not None:
                self._conns[person.conn] = to
                self.link.send(person.conn, Welcome(to, person.token))

    def seats(self) -> list[SeatInfo]:
        """Who sits where, South first."""
        return [self._info(seat) for seat in (Seat.S, *REMOTE_SEATS)]

    def remote_people(self) -> dict[Seat, str]:
        return {seat: person.name for seat, person in self._people.items()}

    def start_game(self) -> None:
        """Begin: the computers take the seats still open."""
        self._begin()
        self.controller.start()

    def resume_game(self, state: GameState, meta: dict[str, Any]) -> None:
        """Carry on a saved family game: its people (from the sidecar) are seated again by
        their tokens as they come back; a computer plays for each until then."""
        for seat, name, token in family_seating(meta):
            self._people[seat] = _Person(name, token)
        self._open = set(self._people)
        self._levels = family_levels(meta, set(REMOTE_SEATS) - self._open)
        self.controller.set_seat_levels(self._levels)
        self._records_sent = len(state.results)  # the hands before are not sent again
        self._rename()
        self._begin()
        self.controller.resume(state, meta)

    def say_quick(self, said: str) -> None:
        """The host's own quick message, to every screen."""
        self._broadcast(Quick(said, Seat.S))

    def close(self, *, ending: bool = False) -> None:
        """Tell everyone the table is closing, and stop; the computers play on here. The
        seating stays in the save, so that resuming the game reopens the table; with `ending`
        (the host's New game ends the table) it is no longer a family game."""
        if self.closed:
            return
        self.closed = True
        for conn, seat in list(self._conns.items()):
            if seat is not None:
                self.link.send(conn, Goodbye("host_closing"))
        self._conns.clear()
        self.link.shutdown()
        for seat in list(self._people):
            self.controller.seat_dropped(seat)
        self.controller.state_changed.disconnect(self._on_state_changed)
        if ending or not self.started:  # the host's own game: every computer at its level
            self.controller.set_seat_levels({})
        if ending and self.started:
            self.controller.extra_meta = None
            self.controller.take_backs_allowed = True
            self.controller.note_meta_changed()

    def meta(self) -> dict[str, Any]:
        """The sidecar's part: who sits where, with the tokens that seat them again."""
        seats = {
            seat.text: {"name": person.name, "token": person.token}
            for seat, person in self._people.items()
        }
        levels = {seat.text: level for seat, level in self._levels.items()}
        return {META_KEY: {"seats": seats, "levels": levels}}

    # --- connections ------------------------------------------------------------------

    def _on_opened(self, conn: int) -> None:
        if not self.closed:
            self._conns[conn] = None

    def _on_closed(self, conn: int) -> None:
        if not self.closed:
            self._forget(conn)

    def _forget(self, conn: int) -> None:
        """The connection is gone, or no longer listened to: its person, if any, is away."""
        seat = self._conns.pop(conn, None)
        if seat is None:
            return
        person = self._people[seat]
        if person.conn != conn:
            return  # an older connection of a person who has come back since
        person.conn = None
        self.controller.seat_dropped(seat)
        log.info("%s (%s) left or dropped: a computer plays for them", person.name, seat.text)
        self._tell_seats()
        self.person_left.emit(seat, person.name)

    def _on_received(self, conn: int, message: Message) -> None:
        if self.closed or conn not in self._conns:
            return
        seat = self._conns[conn]
        if seat is None:
            if isinstance(message, Hello):
                self._on_hello(conn, message)
            else:
                self._malformed(conn, f"a {message.TYPE} before hello")
        elif isinstance(message, ActionMessage):
            self._on_action(conn, seat, message)
        elif isinstance(message, Quick):
            self._on_quick(seat, message.id)
        elif isinstance(message, Goodbye):
            self.link.close(conn)
        else:
            self._malformed(conn, f"a {message.TYPE} from a seated client")

    def _malformed(self, conn: int, why: str) -> None:
        log.warning("connection %d sent %s: closed", conn, why)
        self.link.send(conn, Refused("malformed"))
        self.link.close(conn)
        self._forget(conn)  # nothing more is read from it

    def _refuse(self, conn: int, reason: str, hello: Hello) -> None:
        log.info("connection %d (%r, app %s) refused: %s", conn, hello.name, hello.app, reason)
        self.link.send(conn, Refused(reason))
        self.link.close(conn)
        self._conns.pop(conn, None)  # nothing more is read from it

    def _on_hello(self, conn: int, hello: Hello) -> None:
        now = self._clock()
        if self.ticket.expired(now):
            self._refuse(conn, "table_expired", hello)
            return
        home_without_code = self.link.is_home(conn) and hello.table == ""
        if not home_without_code and not self.ticket.admits(hello.table, now):
            self._refuse(conn, "unknown_table", hello)
            return
        if hello.token is not None:
            seat = self._seat_of_token(hello.token)
            if seat is None:
                self._refuse(conn, "bad_token", hello)
                return
        elif (back := self._away_named(hello.name)) is not None:
            seat = back  # came back without the token (their app restarted, or the host's)
        else:
            found = self._free_seat(hello.seat)
            if found is None:
                self._refuse(conn, "table_full", hello)
                return
            seat = found
            name = hello.name.strip() or self.controller.seating.given_name(seat)
            self._people[seat] = _Person(name, secrets.token_urlsafe(18))
        person = self._people[seat]
        if person.conn is not None:  # the same person on a new connection: the old one goes
            old = person.conn
            self._conns.pop(old, None)
            self.link.send(old, Goodbye("replaced"))
            self.link.close(old)
        person.conn = conn
        self._conns[conn] = seat
        self.link.send(conn, Welcome(seat, person.token))
        log.info("%s (app %s) sits at %s", person.name, hello.app, seat.text)
        if self.started:
            self._seat_in_game(seat, conn)
        self._tell_seats()
        if self.started:
            self._send_game(seat, conn)
        self.person_joined.emit(seat, person.name)

    def _seat_in_game(self, seat: Seat, conn: int) -> None:
        """The person at `seat` plays the game from now (the controller waits for them)."""
        self.controller.seat_joined(seat)
        self._rename()
        self._streams[seat] = SeatStream(seat)  # everything is sent again

    def _send_game(self, seat: Seat, conn: int) -> None:
        state = self.controller.state
        self._send_stream(seat, conn, state)
        if state.phase in (Phase.HAND_SCORED, Phase.GAME_OVER) and state.results:
            self.link.send(conn, HandRecord.of(state, len(state.results)))  # the hand just over

    def _seat_of_token(self, token: str) -> Seat | None:
        found = None
        for seat, person in self._people.items():
            if secrets.compare_digest(person.token.encode(), token.encode()):
                found = seat
        return found

    def _away_named(self, name: str) -> Seat | None:
        """The seat of a person away from the table by this name, if there is one: the code
        was checked (or the home network vouches), and a family's names tell them apart."""
        wanted = " ".join(name.split()).casefold()
        for seat, person in self._people.items():
            if person.conn is None and wanted and person.name.casefold() == wanted:
                return seat
        return None

    def _free_seat(self, wanted: Seat | None) -> Seat | None:
        if self.started:
            return None  # once the game is on, only the people seated come back
        free = [s for s in REMOTE_SEATS if s in self._open and s not in self._people]
        if wanted in free:
            return wanted
        return free[0] if free else None

    def _on_action(self, conn: int, seat: Seat, message: ActionMessage) -> None:
        if not self.started:
            self._refuse_action(conn, seat, message, Refusal("not_your_turn"))
            return
        verdict = check_action(self.controller.state, seat, message, self.step)
        if isinstance(verdict, Refusal):
            self._refuse_action(conn, seat, message, verdict)
            return
        reason = self.controller.remote_action(seat, verdict.action)
        if reason is not None:
            self._refuse_action(conn, seat, message, Refusal(reason))

    def _refuse_action(self, conn: int, seat: Seat, message: ActionMessage, no: Refusal) -> None:
        self.refused_actions += 1
        what = f"{message.kind} {message.value}"
        log.info(
            "%s's %s at step %d refused: %s %s", seat.text, what, message.step, no.reason, no.said
        )
        self.link.send(conn, ActionRefused(message.step, no.reason))

    def _on_quick(self, seat: Seat, said: str) -> None:
        now = time.monotonic()
        last = self._last_quick.get(seat)
        if last is not None and now - last < QUICK_INTERVAL:
            log.info("%s's quick message %s dropped: too soon", seat.text, said)
            return
        self._last_quick[seat] = now
        self._broadcast(Quick(said, seat))
        self.quick_said.emit(seat, said)

    # --- what every screen is sent --------------------------------------------------------

    def _begin(self) -> None:
        """The family game begins (or resumes): until now the controller's game was the
        host's own, and nobody was sent any of it."""
        self.started = True
        controller = self.controller
        controller.claims_enabled = False
        controller.take_backs_allowed = False
        controller.extra_meta = self.meta
        for seat, person in self._people.items():
            if person.conn is not None:
                self._seat_in_game(seat, person.conn)
        self._rename()
        self._tell_seats()

    def _rename(self) -> None:
        self.controller.seating = self.controller.seating.with_people(self.remote_people())
        self.controller.note_meta_changed()

    def _info(self, seat: Seat) -> SeatInfo:
        if seat is Seat.S:
            return SeatInfo(seat, "person", self.host_name)
        person = self._people.get(seat)
        if person is not None:
            return SeatInfo(seat, "person" if person.conn is not None else "stand_in", person.name)
        if seat in self._open and not self.started:
            return SeatInfo(seat, "open", "")
        return SeatInfo(seat, "computer", self.controller.seating.given_name(seat)[:MAX_NAME])

    def _tell_seats(self) -> None:
        for info in self.seats():
            self._broadcast(SeatStatus(info.seat, info.kind, info.name))
        self.seats_changed.emit()

    def _broadcast(self, message: Message) -> None:
        for conn, seat in self._conns.items():
            if seat is not None:
                self.link.send(conn, message)

    def _on_state_changed(self) -> None:
        controller = self.controller
        if not self.started or controller.restoring or controller.state is self._sent_state:
            return  # a restored hand is being replayed: its last state is sent
        state = controller.state
        self._sent_state = state
        self.step += 1
        for seat, person in self._people.items():
            if person.conn is not None:
                self._send_stream(seat, person.conn, state)
        # The review after a hand: its record goes out once it is scored, never before.
        self._records_sent = min(self._records_sent, len(state.results))
        for hand in hand_records(state, self._records_sent):
            self._broadcast(hand)
        self._records_sent = len(state.results)

    def _send_stream(self, seat: Seat, conn: int, state: GameState) -> None:
        action = self.controller.action_that_made(state)
        for message in self._streams[seat].messages(state, self.step, action):
            self.link.send(conn, message)


def family_seating(meta: dict[str, Any]) -> list[tuple[Seat, str, str]]:
    """The remote seats a saved game's sidecar holds (seat, name, token); [] for a game
    without them, or a sidecar that does not read as one."""
    family = meta.get(META_KEY)
    seats = family.get("seats") if isinstance(family, dict) else None
    if not isinstance(seats, dict):
        return []
    found: list[tuple[Seat, str, str]] = []
    for text, entry in seats.items():
        seat = next((s for s in REMOTE_SEATS if s.text == text), None)
        if seat is None or not isinstance(entry, dict):
            continue
        name, token = entry.get("name"), entry.get("token")
        if isinstance(name, str) and isinstance(token, str) and token:
            found.append((seat, name[:MAX_NAME], token))
    return found


def family_levels(meta: dict[str, Any], seats: set[Seat]) -> dict[Seat, str]:
    """The computer levels a saved game's sidecar holds for these seats ({} for none, or for
    what does not read as a level of this version)."""
    family = meta.get(META_KEY)
    levels = family.get("levels") if isinstance(family, dict) else None
    if not isinstance(levels, dict):
        return {}
    known = set(level_names())
    return {
        seat: level
        for seat in seats
        if isinstance(level := levels.get(seat.text), str) and level in known
    }
