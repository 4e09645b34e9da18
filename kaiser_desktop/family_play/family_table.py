"""The host's side of family play: people at other computers at North, East or West.

`FamilyTable` sits beside the host's `GameController` (it is given it, and a `HostLink`):
it seats people (the host decides who), sends each remote seat only what that seat may see
(`net.seat_stream`), checks each remote action (`net.referee_gate`) and hands the accepted
ones to the controller's part for remote seats (`controller.remote_seats`, app/remote_seats.py),
so the controller stays the one caller of `rules.apply` (the same commit path and pacing as
every action). The table never writes the controller's own attributes.

- **Who sits.** A rejoin is by its token only. Before the start, a person whose connection
  proved the table's code (`link.proven`) and who has no token is seated (the code is the
  invitation). Anyone else without a token — a relative whose app lost it, a latecomer
  after the start, a join from the home network's list without the code — is asked about
  on the host's screen (`seat_requested(conn, name)`; `let_in(conn)` / `turn_away(conn)`),
  never seated by name or by address; they are sent `Asking` meanwhile, and `not_now` if
  the host says no, or `MAX_ASKING` others are already waiting. A request whose person
  leaves is answered "Not now" (`request_withdrawn`). Let in after the start, a person
  takes the seat of someone away by the same name (with a new token), else a computer's
  seat: it is theirs from the next turn.
- **Away.** When a person has not played for `AWAY_SECONDS` on their turn, the host is
  asked once for that turn (`away_reminder(seat, name)`): `let_computer_play(seat)` has a
  computer play that one turn for them; they keep the seat. Nothing is automatic.

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
- **Save.** The seating (names, remote seats, tokens), the table's code, its expiry and
  its relay claim go in the autosave's sidecar (`family` key); `resume_game` reopens the
  table from it, with the same code while it has not expired (family_session.py).

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

from PySide6.QtCore import QObject, QTimer, Signal

from kaiser_desktop.ai import level_names
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.family_play.links import HostLink
from kaiser_desktop.net.hand_record import HandRecord, hand_records
from kaiser_desktop.net.protocol import (
    MAX_NAME,
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
from kaiser_desktop.net.referee_gate import Refusal, check_action
from kaiser_desktop.net.seat_stream import SeatStream
from kaiser_desktop.net.table_code import TableCode, TableCodeError, TableTicket
from kaiser_desktop.net.view_check import clean_text
from kaiser_desktop.rules import GameState, Phase, Seat

log = logging.getLogger(__name__)

REMOTE_SEATS = (Seat.N, Seat.E, Seat.W)  # the host is always South
QUICK_INTERVAL = 2.0  # seconds: one quick message per seat at most this often
META_KEY = "family"
MAX_ASKING = 3  # people waiting for the host's answer at once (more are told "not now")
AWAY_SECONDS = 120.0  # a person's turn this long: the host is offered a computer's move


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


@dataclass(frozen=True, slots=True)
class _Asking:
    """A connection waiting for the host's answer."""

    name: str
    wanted: Seat | None


class FamilyTable(QObject):
    seats_changed = Signal()
    person_joined = Signal(object, str)  # seat, name
    person_left = Signal(object, str)  # seat, name (their connection closed or dropped)
    quick_said = Signal(object, str)  # seat, quick message id (net.protocol.QUICK_MESSAGES)
    seat_requested = Signal(int, str)  # conn, name: the host is asked to let them in
    request_withdrawn = Signal(int)  # conn: the request is gone (they left, or answered)
    away_reminder = Signal(object, str)  # seat, name: let a computer play this turn?
    away_withdrawn = Signal(object)  # seat: the turn is over (the question is moot)

    def __init__(
        self,
        controller: GameController,
        link: HostLink,
        ticket: TableTicket,
        *,
        host_name: str,
        claim: str = "",
        clock: Callable[[], float] = time.time,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.link = link
        self.ticket = ticket
        self.claim = claim  # the relay claim, saved with the code (family_session.py)
        self.host_name = host_name[:MAX_NAME]
        self._clock = clock
        self._seats = controller.remote_seats
        self._open: set[Seat] = set(REMOTE_SEATS)  # seats a person may take
        self._levels: dict[Seat, str] = {}  # the host's level for a computer's seat
        self._people: dict[Seat, _Person] = {}
        self._conns: dict[int, Seat | None] = {}  # None: no Hello yet
        self._asking: dict[int, _Asking] = {}  # waiting for the host's answer
        self._computer_names: dict[Seat, str] = {}  # the computers' names at the start
        self._turn: tuple[int, Seat] | None = None  # (step, seat) of a person's turn
        self._turn_since = 0.0
        self._reminded: tuple[int, Seat] | None = None  # the turn the host was asked about
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
        controller.turn_changed.connect(self._on_turn_changed)

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

    def seat_names(self) -> dict[Seat, str]:
        """What the host's screen calls each remote seat: the people by their names and,
        once the family game is on, the computers by theirs too ("Alex & Grandma", "Alex
        wins the trick"), never a side of the table beside a person's name."""
        names = self.remote_people()
        if self.started:
            for seat, name in self._computer_names.items():
                names.setdefault(seat, name)
        return names

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
                self.link.send(conn, Goodbye("ended" if ending else "host_closing"))
        for conn in list(self._asking):
            self.link.send(conn, Refused("not_now"))
            self._withdraw(conn)
        self._conns.clear()
        self.link.shutdown()
        for seat in list(self._people):
            self._seats.drop(seat)
        self._withdraw_reminder()
        self.controller.state_changed.disconnect(self._on_state_changed)
        self.controller.turn_changed.disconnect(self._on_turn_changed)
        if ending or not self.started:  # the host's own game: every computer at its level
            self.controller.set_seat_levels({})
        if ending and self.started:
            self._seats.end()

    def meta(self) -> dict[str, Any]:
        """The sidecar's part: who sits where, with the tokens that seat them again, and the
        table's code, its expiry and relay claim (the same code when the table reopens)."""
        seats = {
            seat.text: {"name": person.name, "token": person.token}
            for seat, person in self._people.items()
        }
        levels = {seat.text: level for seat, level in self._levels.items()}
        table = {
            "code": self.ticket.code.text,
            "expires": self.ticket.expires_at,
            "claim": self.claim,
            "host": self.host_name,  # the name the family knows the host by
        }
        return {META_KEY: {"seats": seats, "levels": levels, "table": table}}

    def use_ticket(self, ticket: TableTicket, claim: str, link: HostLink) -> None:
        """A new code (the host asked for one): the table listens on `link` from now; every
        connection of the old link is gone (the people are away until they come back with
        the new code and their tokens)."""
        if self.closed:
            return
        old = self.link
        for conn in list(self._conns):
            self._forget(conn)
        for conn in list(self._asking):
            self._withdraw(conn)
        self._conns.clear()
        old.opened.disconnect(self._on_opened)
        old.received.disconnect(self._on_received)
        old.closed.disconnect(self._on_closed)
        old.shutdown()
        self.link, self.ticket, self.claim = link, ticket, claim
        link.opened.connect(self._on_opened)
        link.received.connect(self._on_received)
        link.closed.connect(self._on_closed)
        if self.started:
            self._seats.meta_changed()

    # --- who may sit: the host decides ------------------------------------------------------

    def asking(self) -> dict[int, str]:
        """The people waiting for the host's answer, by connection."""
        return {conn: asking.name for conn, asking in self._asking.items()}

    def let_in(self, conn: int) -> bool:
        """The host says yes: the person waiting on `conn` sits (at the seat of someone away
        by the same name, else a free seat; after the start, a computer's seat). False if
        they are no longer waiting, or there is no seat for them now (they are told)."""
        asking = self._asking.pop(conn, None)
        if asking is None or self.closed:
            return False
        self.request_withdrawn.emit(conn)
        seat = self._seat_for_newcomer(asking.name, asking.wanted)
        if seat is None:
            self._turn_down(conn, "table_full", asking.name)
            return False
        log.info("the host let %s in", asking.name)
        self._sit(conn, seat, asking.name, secrets.token_urlsafe(18), "asked")
        return True

    def turn_away(self, conn: int) -> bool:
        """The host says not now: the person waiting on `conn` is told so, and goes."""
        asking = self._asking.pop(conn, None)
        if asking is None:
            return False
        self.request_withdrawn.emit(conn)
        self._turn_down(conn, "not_now", asking.name)
        return True

    def _ask_host(self, conn: int, hello: Hello, name: str) -> None:
        if len(self._asking) >= MAX_ASKING:
            self._refuse(conn, "not_now", hello)
            return
        self._asking[conn] = _Asking(name, hello.seat)
        self.link.send(conn, Asking(self.host_name))
        log.info("connection %d (%r, app %s): the host is asked", conn, name, hello.app)
        self.seat_requested.emit(conn, name)

    def _withdraw(self, conn: int) -> None:
        """The request on `conn` is gone unanswered: "not now"."""
        if self._asking.pop(conn, None) is not None:
            self.request_withdrawn.emit(conn)

    def _turn_down(self, conn: int, reason: str, name: str) -> None:
        log.info("connection %d (%r) refused: %s", conn, name, reason)
        self.link.send(conn, Refused(reason))
        self.link.close(conn)
        self._conns.pop(conn, None)

    def _seat_for_newcomer(self, name: str, wanted: Seat | None) -> Seat | None:
        """Where a person the host let in sits: the seat of someone away by that name (a
        relative whose app lost its token), else a free seat (before the start) or a
        computer's seat (after it); None if there is none."""
        back = self._away_named(name)
        if back is not None:
            return back
        if not self.started:
            return self._free_seat(wanted)
        computers = [s for s in REMOTE_SEATS if s not in self._people]
        if wanted in computers:
            return wanted
        return computers[0] if computers else None

    # --- connections ------------------------------------------------------------------

    def _on_opened(self, conn: int) -> None:
        if not self.closed:
            self._conns[conn] = None

    def _on_closed(self, conn: int) -> None:
        if not self.closed:
            self._withdraw(conn)
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
        self._seats.drop(seat)
        log.info("%s (%s) left or dropped: a computer plays for them", person.name, seat.text)
        self._watch_turn()
        self._tell_seats()
        self.person_left.emit(seat, person.name)

    def _on_received(self, conn: int, message: Message) -> None:
        if self.closed or conn not in self._conns:
            return
        seat = self._conns[conn]
        if conn in self._asking:
            if isinstance(message, Goodbye):
                self._withdraw(conn)
                self.link.close(conn)
            else:
                self._withdraw(conn)
                self._malformed(conn, f"a {message.TYPE} while the host is asked")
        elif seat is None:
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
        if self.ticket.expired(self._clock()):
            self._refuse(conn, "table_expired", hello)
            return
        if not self.link.proven(conn) and not self.link.is_home(conn):
            # A join without the code can come only from the home network's list of tables;
            # through the relay no app makes one. (A proven code is never taken on trust of
            # an address: those without the code from the home network are asked about.)
            self._refuse(conn, "unknown_table", hello)
            return
        if hello.token is not None:  # a rejoin: by its token only
            seat = self._seat_of_token(hello.token)
            if seat is None:
                self._refuse(conn, "bad_token", hello)
                return
            person = self._people[seat]
            self._sit(conn, seat, person.name, person.token, hello.app)
            return
        name = clean_text(hello.name)
        # No token: a seat only if there is one to give, and never by name or address.
        if self._seat_for_newcomer(name, hello.seat) is None:
            self._refuse(conn, "table_full", hello)
            return
        invited = self.link.proven(conn) and not self.started
        if not invited or self._away_named(name) is not None:
            self._ask_host(conn, hello, name)
            return
        seat = self._free_seat(hello.seat)
        assert seat is not None  # _seat_for_newcomer found one
        self._sit(conn, seat, name, secrets.token_urlsafe(18), hello.app)

    def _sit(self, conn: int, seat: Seat, name: str, token: str, app: str) -> None:
        """The person on `conn` sits at `seat` (theirs again, or new to them)."""
        person = self._people.get(seat)
        if person is None:
            person = self._people[seat] = _Person(
                name or self.controller.seating.given_name(seat), token
            )
            self._open.add(seat)
        elif person.token != token:  # someone away, let in again by the host: a new token
            person.token = token
        if person.conn is not None:  # the same person on a new connection: the old one goes
            old = person.conn
            self._conns.pop(old, None)
            self.link.send(old, Goodbye("replaced"))
            self.link.close(old)
        person.conn = conn
        self._conns[conn] = seat
        self.link.send(conn, Welcome(seat, person.token))
        log.info("%s (app %s) sits at %s", person.name, app, seat.text)
        if self.started:
            self._seat_in_game(seat, conn)
        self._tell_seats()
        if self.started:
            self._send_game(seat, conn)
        self.person_joined.emit(seat, person.name)

    def _seat_in_game(self, seat: Seat, conn: int) -> None:
        """The person at `seat` plays the game from now (the controller waits for them)."""
        self._seats.join(seat)
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
        """The seat of a person away from the table by this name, if there is one (the host
        is asked before anyone without a token takes it)."""
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
        reason = self._seats.act(seat, verdict.action)
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
        self._computer_names = {
            seat: self.controller.seating.given_name(seat) for seat in REMOTE_SEATS
        }
        self._seats.begin(self.meta)
        for seat, person in self._people.items():
            if person.conn is not None:
                self._seat_in_game(seat, person.conn)
        self._rename()
        self._tell_seats()

    def _rename(self) -> None:
        self.controller.seating = self.controller.seating.with_people(self.seat_names())
        self._seats.meta_changed()

    # --- a person away from their turn --------------------------------------------------

    def check_away(self) -> None:
        """If a person's turn has lasted `AWAY_SECONDS`, offer the host (once for that turn)
        to let a computer play it for them."""
        self._watch_turn()
        turn = self._turn
        if turn is None or turn == self._reminded or self.closed:
            return
        left = AWAY_SECONDS - (self._clock() - self._turn_since)
        if left > 0:
            QTimer.singleShot(round(left * 1000) + 500, self, self.check_away)
            return
        self._reminded = turn
        seat = turn[1]
        log.info("%s has not played for %.0f s: the host is asked", seat.text, AWAY_SECONDS)
        self.away_reminder.emit(seat, self._people[seat].name)

    def let_computer_play(self, seat: Seat) -> bool:
        """The host said yes to the reminder: a computer plays this one turn for the person
        at `seat`, who keeps the seat. False if the turn is over (nothing is done)."""
        self._watch_turn()
        if self._turn is None or self._turn != self._reminded or self._turn[1] != seat:
            return False
        log.info("the host lets a computer play %s's turn", seat.text)
        return self._seats.play_once(seat)

    def _on_turn_changed(self, seat: Seat, phase: Phase) -> None:
        self._watch_turn()

    def _watch_turn(self) -> None:
        """Note when the turn of a person here (connected) began, by the table's step."""
        if not self.started or self.closed:
            return
        seat = self.controller.state.to_act
        person = self._people.get(seat) if seat is not None else None
        here = person is not None and person.conn is not None
        turn = (self.step, seat) if seat is not None and here and self._seats.plays(seat) else None
        if turn == self._turn:
            return
        self._turn = turn
        self._turn_since = self._clock()
        self._withdraw_reminder()
        if turn is not None:  # looked at again once the turn may have lasted long enough
            QTimer.singleShot(round(AWAY_SECONDS * 1000) + 500, self, self.check_away)

    def _withdraw_reminder(self) -> None:
        reminded, self._reminded = self._reminded, None
        if reminded is not None:
            self.away_withdrawn.emit(reminded[1])

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
        self._watch_turn()

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


def saved_host_name(meta: dict[str, Any]) -> str:
    """The name the host gave the table, as a saved family game's sidecar holds it ('' if
    none): a reopened table is the same person's on everyone's screen."""
    family = meta.get(META_KEY)
    table = family.get("table") if isinstance(family, dict) else None
    name = table.get("host") if isinstance(table, dict) else None
    return clean_text(name) if isinstance(name, str) else ""


def saved_ticket(meta: dict[str, Any], now: float) -> tuple[TableTicket, str] | None:
    """The code (with its expiry) and relay claim a saved family game's sidecar holds, if
    they read as such and the code has not expired: the table reopens with the same code."""
    family = meta.get(META_KEY)
    table = family.get("table") if isinstance(family, dict) else None
    if not isinstance(table, dict):
        return None
    text, expires, claim = table.get("code"), table.get("expires"), table.get("claim")
    if not isinstance(text, str) or not isinstance(claim, str):
        return None
    if isinstance(expires, bool) or not isinstance(expires, (int, float)):
        return None
    try:
        code = TableCode.parse(text)
    except TableCodeError:
        return None
    ticket = TableTicket(code, float(expires))
    return None if ticket.expired(now) else (ticket, claim)
