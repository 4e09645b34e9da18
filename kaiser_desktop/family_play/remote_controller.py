"""The joining person's stand-in for `GameController`: the table runs on the host's computer.

A `RemoteController` has the signals and the reads of the game controller, so the window,
the table, the summaries, the hints and the screen reader work unchanged on it. It holds no
`GameState`: only its seat's `PlayerView`, put together from the host's messages
(`net.seat_stream.ViewAssembler`) and turned so that this person's seat is South
(`net.rotation`). Each new view is compared with the last (`view_steps`) and the difference
is announced as the host's controller announces it (a bid, a card, a trick finished, a hand
scored); a table joined or rejoined mid-hand is rebuilt by replaying the hand so far.

The person's moves (`act(Play(card))`, `act(MakeBid(bid))`, ...) become `ActionMessage`s
answering the view's step; the host checks them and applies them, and a refusal comes back in words.
Seats are said with names from `SeatStatus` messages. When the connection is lost, it says
so once and tries again with the rejoin token (`reconnect` makes a new link), waiting a
little longer each time. What only the host may do (undo, take back, claims, a new game,
the rules, the computers' level) is not offered here.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from kaiser_desktop import __version__
from kaiser_desktop.app.action_events import Event
from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.pace import INSTANT, NORMAL, Pace
from kaiser_desktop.app.person_intents import wait_text
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.table_control import TableControl
from kaiser_desktop.family_play.links import ClientLink
from kaiser_desktop.family_play.view_steps import (
    is_new_deal,
    replay,
    same_hand,
    step_events,
    winner_of,
)
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
from kaiser_desktop.net.rotation import offset_for, rotate_game, rotate_seat, rotate_view
from kaiser_desktop.net.seat_stream import ViewAssembler
from kaiser_desktop.net.seat_view import Results, SeatView, ViewAction
from kaiser_desktop.net.view_check import (
    action_problem,
    clean_text,
    follow_problem,
    step_problem,
    view_problem,
)
from kaiser_desktop.net.wire import ProtocolError
from kaiser_desktop.rules import (
    GameState,
    IllegalActionError,
    Phase,
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    Trick,
    new_game,
    observe,
)

log = logging.getLogger(__name__)

ME = Seat.S  # the person's own seat, on their screen
KEPT_HAND_RECORDS = 64  # the hands a person can review (a long game is ~25)
# Waits before each try to rejoin, the last for ever: never more than 5 s after the host is
# back (issue 37). A try not answered within ANSWER_MS is given up and made again.
RETRY_MS = (500, 1000, 2000, 4000, 5000)
ANSWER_MS = 8000
QUICK_BURST = 3  # quick messages shown at once; then one each QUICK_EVERY_S
QUICK_EVERY_S = 4.0


def refusal_sentence(reason: str) -> str:
    """Why the host turned this app away (`net.protocol.REFUSALS`), in a sentence."""
    sentences = {
        "update_app": translate(
            "RemoteController",
            "The host's app is newer than yours. Please update Kaiser, then join again.",
        ),
        "host_update": translate(
            "RemoteController",
            "The host's app is older than yours. Ask the host to update Kaiser, then join again.",
        ),
        "unknown_table": translate(
            "RemoteController",
            "No table has that code. Check the code with the host and type it again.",
        ),
        "table_expired": translate(
            "RemoteController", "That table is closed. Ask the host for a new code."
        ),
        "table_full": translate("RemoteController", "That table is full: every seat is taken."),
        "seat_taken": translate(
            "RemoteController", "That seat is taken. Join again to take a free seat."
        ),
        "bad_token": translate(
            "RemoteController",
            "Your seat could not be given back. Ask the host, then join the table again.",
        ),
        "malformed": translate(
            "RemoteController", "The host did not understand this app. Please update Kaiser."
        ),
        "not_now": translate(
            "RemoteController",
            "The host did not let you sit at the table now. Ask the host, then join again.",
        ),
        "wrong_code": translate(
            "RemoteController",
            "That code is not right. Check the code with the host and type it again.",
        ),
        "code_paused": translate(
            "RemoteController",
            "Someone tried wrong codes at this table, so the host paused the code. "
            "Ask the host to let people join again.",
        ),
        "not_this_table": translate(
            "RemoteController",
            "This is not the table you sat at. Ask the host for the table's code and join again.",
        ),
    }
    return sentences.get(reason, sentences["malformed"])


def asking_sentence(host: str) -> str:
    """While the host is asked whether this person may sit."""
    return translate(
        "RemoteController", "{host} is being asked to let you sit at the table. Please wait."
    ).format(host=clean_text(host) or translate("RemoteController", "The host"))


def action_refusal_sentence(reason: str) -> str:
    """Why the host did not take the person's move (`net.protocol.ACTION_REFUSALS`)."""
    sentences = {
        "stale": translate(
            "RemoteController", "The table moved on before your move arrived. Look again."
        ),
        "not_your_turn": translate("RemoteController", "It is not your turn yet."),
        "game_over": translate("RemoteController", "The game is over."),
        "unknown_action": translate("RemoteController", "That move is not one the game knows."),
        "wrong_phase": translate("RemoteController", "That move does not fit this moment."),
        "not_held": translate("RemoteController", "You do not hold that card."),
        "must_follow": translate("RemoteController", "You must follow the suit that was led."),
        "discard_two": translate("RemoteController", "Choose two cards to discard."),
        "keep_honours": translate(
            "RemoteController", "You may not discard the five of hearts or the three of spades."
        ),
        "name_a_suit": translate("RemoteController", "Name a suit: no trump is not allowed."),
        "bid_too_low": translate("RemoteController", "Your bid must be higher than the last."),
        "bid_not_allowed": translate("RemoteController", "That bid is not allowed here."),
        "dealer_must_bid": translate(
            "RemoteController", "As the dealer, you must bid: the others all passed."
        ),
    }
    return sentences.get(reason, sentences["unknown_action"])


def quick_sentence(said: str) -> str:
    sentences = {
        "nice_hand": translate("RemoteController", "Nice hand!"),
        "one_moment": translate("RemoteController", "One moment please."),
        "thank_you_partner": translate("RemoteController", "Thank you, partner."),
    }
    return sentences.get(said, said)


def _placeholder_view() -> PlayerView:
    """What the table shows before the host's first view arrives: an empty table."""
    return observe(new_game(RuleSet(), Seat.N), ME)


class RemoteController(TableControl):
    """A seat at a family table whose game runs on the host's computer."""

    # GameController's signals, with the same meaning (seats as shown: the person at South).
    # A family table's own.
    welcomed = Signal(object)  # the seat given (the host's own name for it)
    refused = Signal(str)  # the host turned this app away: why, in a sentence
    asking = Signal(str)  # the host is asked whether this person may sit: a sentence
    quick_said = Signal(object, str)  # seat (as shown), quick message id
    seats_changed = Signal()  # a name or who plays a seat changed (`seating` is new)
    table_closed = Signal(str)  # the table is over for this app: why, in a sentence

    is_family_client = True  # what the window asks, rather than the controller's type

    def __init__(
        self,
        link: ClientLink,
        *,
        name: str,
        table_code: str,
        token: str | None = None,
        seat: Seat | None = None,
        reconnect: Callable[[], ClientLink] | None = None,
        pace: Pace = NORMAL,
        clock: Callable[[], float] = time.monotonic,
        retry_ms: tuple[int, ...] = RETRY_MS,
        answer_ms: int = ANSWER_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._clock = clock
        self.retry_ms = retry_ms
        self._answer_timer = QTimer(self)  # a rejoin that gets no answer is tried again
        self._answer_timer.setSingleShot(True)
        self._answer_timer.setInterval(answer_ms)
        self._answer_timer.timeout.connect(self._not_answered)
        self._quick_times: deque[float] = deque(maxlen=QUICK_BURST)
        self._host_view: PlayerView | None = None  # the host's last view, as the host sees it
        self.pace = pace
        self.name = name
        self.table_code = table_code
        self.token = token
        self.wanted_seat = seat
        self.reconnect = reconnect
        self.seat: Seat | None = None  # the host's name for this seat, once welcomed
        self.offset = 0
        self.seating = Seating.from_names({})
        self.rules = RuleSet()
        self.auto_play_single = False  # the host plays nobody's only card
        self.auto_continue = False
        self.wait_after_trick = False
        self.refusal_words: Callable[[IllegalActionError], str] = str  # set by the window
        self.serial = 0  # bumped with every view: a hint about an older one is dropped
        self.restoring = False
        self.step: int | None = None  # the host's step of the view shown
        self._view = _placeholder_view()
        self._hand_games: dict[int, GameState] = {}  # scored hands' records, by number
        self._assembler = ViewAssembler()
        self._statuses: dict[Seat, SeatStatus] = {}  # by the host's seats
        self._needs_rebuild = True  # the next view rebuilds the table (first, or rejoined)
        self._pending: list[tuple[int, Callable[[], None]]] = []  # steps after a pause
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._run_pending)
        self._announced: tuple[int, Seat] | None = None
        self._ended = False  # the table is over for this app: no rejoining
        self._back_to_say = False
        self._lost = False  # the connection is gone, said once
        self._tries = 0
        self._link: ClientLink | None = None
        self._attach(link)

    # --- what views may read (as GameController) -------------------------------------------

    def view(self, seat: Seat = ME) -> PlayerView:
        """This seat's view (as shown); any other seat's is unknown here and not asked."""
        return self._view

    def last_trick(self) -> tuple[Trick, Seat] | None:
        view = self._view
        if not view.tricks:
            return None
        trick = view.tricks[-1]
        return trick, trick.winner(view.trump)

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def waiting_for_human(self) -> Seat | None:
        view = self._view
        if view.to_act != ME or not view.legal or self.busy or not self.connected:
            return None  # while the host is not answering, no card is playable
        return ME

    def in_progress(self) -> bool:
        view = self._view
        return view.phase is not Phase.GAME_OVER and (
            view.phase is not Phase.DEAL or bool(view.results)
        )

    @property
    def connected(self) -> bool:
        return self._link is not None and not self._lost

    @property
    def table_note(self) -> str | None:
        """The host not answering, or what the table waits for before a hand."""
        host = self._host_name()
        if self._ended:
            return None
        if self._lost:
            return translate(
                "RemoteController",
                "{host}'s computer is not answering. Your seat is kept; "
                "the game goes on when {host} is back.",
            ).format(host=host)
        view = self._view
        if self.step is None or (view.phase is Phase.DEAL and not view.results):
            if Seat.S not in self._statuses:
                return translate("RemoteController", "Waiting for the host to start the game.")
            return translate("RemoteController", "Waiting for {host} to start the game.").format(
                host=host
            )
        return None

    # --- what only the host may do: nothing happens here -----------------------------------
    # (Undo, take-backs, claims and the pause after a trick are off at a family table: the
    # base's answers. The host keeps the game, its saves, its computers and their reasons.)

    def next_hand(self) -> None:
        """The host deals the next hand; here the summary simply waits for it."""

    def new_game(self) -> None:
        """Only the host starts a game: said, nothing more."""
        self.info.emit(
            translate("RemoteController", "{host} starts the next game.").format(
                host=self._host_name()
            )
        )

    # --- the person's intents ------------------------------------------------------------

    def act(self, action: SeatAction) -> bool:
        """Send the person's move to the host if it is theirs to make now; else say why not."""
        view = self._view
        why = self._not_now(view)
        if why is None and action not in view.legal:
            why = translate("RemoteController", "That move is not allowed now.")
        if why is not None:
            self.error.emit(why)
            return False
        assert self.step is not None and self._link is not None
        message = ActionMessage.of(self.step, action)
        self._link.send(message)
        return True

    def _not_now(self, view: PlayerView) -> str | None:
        if self._lost or self._link is None:
            return translate(
                "RemoteController", "The connection to the table is lost. Please wait."
            )
        if view.phase is Phase.GAME_OVER:
            return translate("RemoteController", "The game is over.")
        if view.to_act is None or self.step is None:
            return translate("RemoteController", "Wait for the next deal.")
        if view.to_act != ME or not view.legal:
            return wait_text(view.phase, self.seating.name(view.to_act))
        return None

    def send_quick(self, said: str) -> None:
        """Say one of the quick messages ("Nice hand!") to the whole table."""
        if self._link is not None and not self._lost:
            self._link.send(Quick(said))

    # --- the connection ------------------------------------------------------------------

    def _attach(self, link: ClientLink) -> None:
        self._link = link
        link.connected.connect(lambda: self._on_connected(link))
        link.received.connect(lambda message: self._on_received(link, message))
        link.lost.connect(lambda why: self._on_lost(link, why))

    def start(self) -> None:
        """Nothing to start: the host deals when the link is connected."""

    def stop(self) -> None:
        """Leave the table (the window closes, or the person chose to leave)."""
        self._ended = True
        self._answer_timer.stop()
        self._pending.clear()
        self._timer.stop()
        link, self._link = self._link, None
        if link is not None and not self._lost:
            link.send(Goodbye("leaving"))
            link.close()

    def _on_connected(self, link: ClientLink) -> None:
        if link is not self._link or self._link is None:
            return
        hello = Hello(__version__, self.name, self.wanted_seat, self.token)
        self._link.send(hello)

    def _on_lost(self, link: ClientLink, why: str) -> None:
        if link is not self._link:
            return  # an old link's last word
        log.info("the connection to the table was lost: %s", why)
        self._link = None
        self._answer_timer.stop()
        if self._ended:
            return
        self._host_lost()
        self._retry_later()

    def _host_lost(self) -> None:
        """Said once, and shown for as long as it lasts: no card is playable meanwhile."""
        if self._lost:
            return
        self._lost = True
        self._flush()
        self.info.emit(self.table_note or "")
        self.state_changed.emit()

    def _retry_later(self) -> None:
        if self.reconnect is None or self.token is None or self._ended:
            return
        wait = self.retry_ms[min(self._tries, len(self.retry_ms) - 1)]
        self._tries += 1
        QTimer.singleShot(wait, self, self._retry)

    def _not_answered(self) -> None:
        """A rejoin that got no answer: give that link up and try again."""
        link, self._link = self._link, None
        if link is None or self._ended:
            return
        log.info("the host did not answer a rejoin: trying again")
        link.close()
        self._retry_later()

    def _retry(self) -> None:
        if self._ended or self._link is not None or self.reconnect is None:
            return
        try:
            link = self.reconnect()
        except OSError as problem:
            log.info("could not join again: %s", problem)
            self._retry_later()
            return
        self._attach(link)
        self._answer_timer.start()

    def _on_received(self, link: ClientLink, message: Message) -> None:
        if link is not self._link or self._ended:
            return
        try:
            self._take(message)
        except ProtocolError as problem:
            self._distrust(str(problem))
        except Exception:  # a view that breaks the table: never a traceback for the person
            log.exception("a message from the host could not be shown")
            self._distrust("a message that could not be shown")

    def _distrust(self, problem: str) -> None:
        """The host sent something no real game could: leave the table, and say so."""
        log.warning("the host sent an impossible view (%s): leaving the table", problem)
        self._ended = True
        self._pending.clear()
        self._timer.stop()
        link, self._link = self._link, None
        if link is not None:
            link.close()
        self.table_closed.emit(
            translate(
                "RemoteController",
                "{host}'s computer sent something this app cannot show, "
                "so you have left the table.",
            ).format(host=self._host_name())
        )

    def _take(self, message: Message) -> None:
        if isinstance(message, Welcome):
            self._welcomed(message)
        elif isinstance(message, Refused):
            if self._lost and message.reason in ("unknown_table", "table_expired"):
                # The host's app is coming back (its table not yet open again): keep trying.
                self._answer_timer.stop()
                link, self._link = self._link, None
                if link is not None:
                    link.close()
                self._retry_later()
                return
            self._ended = True
            self._answer_timer.stop()
            self.refused.emit(refusal_sentence(message.reason))
        elif isinstance(message, Asking):
            sentence = asking_sentence(message.host)
            self.asking.emit(sentence)
            self.info.emit(sentence)
        elif isinstance(message, (Results, SeatView)):
            if self.seat is None:
                raise ProtocolError("a view before the seat was given")
            before_step = self._assembler.step
            view = self._assembler.receive(message)
            action = message.action if isinstance(message, SeatView) else None
            if view is not None:
                problem = (
                    step_problem(before_step, self._assembler.step or 0, view == self._host_view)
                    or (None if view.seat == self.seat else "a view of another seat")
                    or view_problem(view)
                    or (follow_problem(self._host_view, view) if self._host_view else None)
                )
                follows = (
                    before_step is not None
                    and self._assembler.step == before_step + 1
                    and self._host_view is not None
                    and same_hand(self._host_view, view)
                )
                if problem is None and follows and action is not None:
                    assert self._host_view is not None
                    problem = action_problem(self._host_view, action, view)
                if problem is not None:
                    raise ProtocolError(problem)
                self._host_view = view
                self.step = self._assembler.step
                self._show(rotate_view(view, self.offset), action if follows else None)

        elif isinstance(message, ActionRefused):
            self.error.emit(action_refusal_sentence(message.reason))
        elif isinstance(message, Quick):
            self._quick(message)
        elif isinstance(message, SeatStatus):
            self._seat_status(message)
        elif isinstance(message, Goodbye):
            self._goodbye(message)
        elif isinstance(message, HandRecord):
            # For the review: all four hands of a scored hand, turned like the table.
            self._hand_games[message.number] = rotate_game(message.game, self.offset)
            while len(self._hand_games) > KEPT_HAND_RECORDS:
                del self._hand_games[min(self._hand_games)]
        else:
            log.warning("the host sent a %s message: ignored", message.TYPE)

    def hand_game(self, number: int) -> GameState | None:
        """Hand `number` of the game as a one-hand game with this person at South, once the
        host has sent its record (after the hand was scored); None before."""
        return self._hand_games.get(number)

    def _welcomed(self, message: Welcome) -> None:
        self._answer_timer.stop()
        back = self._lost
        moved = self.seat is not None and message.seat != self.seat  # by the host, before play
        self.seat = message.seat
        self.offset = offset_for(message.seat)
        self.token = message.token
        self._assembler = ViewAssembler()  # the host sends everything again
        self._host_view = None
        self._needs_rebuild = True
        self._lost = False
        self._tries = 0
        self.seating = self._make_seating()
        self.seats_changed.emit()
        self.welcomed.emit(message.seat)
        if back:
            self._back_to_say = True  # once the table is put back (a turn would hide it)
            self.state_changed.emit()
        elif moved:
            self.info.emit(
                translate("RemoteController", "The host gave you another seat at the table.")
            )

    def _goodbye(self, message: Goodbye) -> None:
        if message.reason == "game_over":
            return  # the game over was shown with the last view
        self._ended = True
        host = self._host_name()
        if message.reason == "host_closing":
            text = translate(
                "RemoteController",
                "{host} closed the table. The game is saved on {host}'s computer; "
                "you can continue later.",
            ).format(host=host)
        elif message.reason == "ended":  # the host's New game
            text = translate("RemoteController", "{host} ended the family game.").format(host=host)
        elif message.reason == "replaced":
            text = translate(
                "RemoteController",
                "Your seat was taken back from another computer. This one has left the table.",
            )
        else:
            text = translate("RemoteController", "{host} ended the table.").format(host=host)
        self.table_closed.emit(text)

    # --- names ---------------------------------------------------------------------------

    def _host_name(self) -> str:
        status = self._statuses.get(Seat.S)  # the host always sits at its own South
        return status.name if status and status.name else translate("RemoteController", "The host")

    def _shown(self, seat: Seat) -> Seat:
        return rotate_seat(seat, self.offset)

    def _make_seating(self) -> Seating:
        names: dict[Seat, str] = {}
        for seat, status in self._statuses.items():
            if status.name and self._shown(seat) != ME:
                names[self._shown(seat)] = status.name
        base = Seating.from_names(names)
        labels, short = dict(base.labels), dict(base.short)
        for seat, status in self._statuses.items():
            shown = self._shown(seat)
            if shown == ME or not status.name:
                continue
            short[shown] = status.name
            if status.kind == "stand_in":
                labels[shown] = translate("RemoteController", "{name} (computer for now)").format(
                    name=status.name
                )
            elif shown != Seat.N:
                labels[shown] = status.name
        return Seating(humans=frozenset({ME}), labels=labels, short=short)

    def refresh_seating(self) -> None:
        """The names again, in the language just installed."""
        self.seating = self._make_seating()
        self.seats_changed.emit()

    def _seat_status(self, message: SeatStatus) -> None:
        message = SeatStatus(message.seat, message.kind, clean_text(message.name))
        before = self._statuses.get(message.seat)
        self._statuses[message.seat] = message
        self.seating = self._make_seating()
        self.seats_changed.emit()
        if self._shown(message.seat) == ME or before is None:
            return
        name = message.name or self.seating.name(self._shown(message.seat))
        if message.kind == "stand_in" and before.kind != "stand_in":
            self.info.emit(
                translate(
                    "RemoteController",
                    "{name}'s connection was lost: the computer plays for {name} "
                    "until {name} comes back.",
                ).format(name=name)
            )
        elif message.kind == "person" and before.kind == "stand_in":
            self.info.emit(
                translate("RemoteController", "{name} is back at the table.").format(name=name)
            )

    def _quick(self, message: Quick) -> None:
        now = self._clock()
        times = self._quick_times
        if len(times) == QUICK_BURST and now - times[0] < QUICK_EVERY_S * QUICK_BURST:
            log.info("a quick message dropped: too many at once")
            return
        times.append(now)
        seat = ME if message.seat is None else self._shown(message.seat)
        self.quick_said.emit(seat, message.id)
        text = translate("RemoteController", "{name}: {said}").format(
            name=self.seating.name(seat), said=quick_sentence(message.id)
        )
        self.info.emit(text)

    # --- showing the host's views --------------------------------------------------------

    def _show(self, new: PlayerView, action: ViewAction | None = None) -> None:
        """Show the host's next view; `action` made it from the one shown (None: a deal,
        a restore, or a view that does not follow on, and the hand is put back at once)."""
        before = self._view
        if new == before and not self._needs_rebuild:
            return  # the same view again (the host moved its count, not the game)
        self._flush()
        self.rules = new.rules
        self.serial += 1
        if self._needs_rebuild:
            self._needs_rebuild = False
            self._rebuild(new)
            return
        if same_hand(before, new) and action is not None:
            said = action.kind if action.action is None else action.action
            events = step_events(before, self._shown(action.seat), said, new)
            self._view = new
            self.state_changed.emit()
            self._play_events(events, new)
        elif is_new_deal(before, new):
            self._view = new
            self.dealt.emit(new.hand_number, new.dealer)
            self.state_changed.emit()
            self._later(self.pace.deal + self.pace.move, self._announce_turn)
        elif new.phase is Phase.DEAL and before.phase is Phase.DEAL:
            self._view = new
            self.state_changed.emit()
        else:
            self._rebuild(new)

    def _play_events(self, events: list[Event], view: PlayerView) -> None:
        """Emit the events; a finished trick rests, then is swept, as on the host's table."""
        for i, event in enumerate(events):
            if event.name == "trick_won":
                self._later(self.pace.trick_pause, partial(self._sweep, events[i:]))
                return
            self._emit(event)
        self._after_events(view)

    def _sweep(self, rest: list[Event]) -> None:
        self._emit(rest[0])
        remaining = rest[1:]
        self._later(self.pace.sweep, lambda: self._play_events(remaining, self._view))

    def _after_events(self, view: PlayerView) -> None:
        if view.phase in (Phase.HAND_SCORED, Phase.GAME_OVER):
            return
        self._announce_turn()

    def _announce_turn(self) -> None:
        view = self._view
        if view.to_act is None or self._announced == (self.serial, view.to_act):
            return
        self._announced = (self.serial, view.to_act)
        self.turn_changed.emit(view.to_act, view.phase)

    def _emit(self, event: Event) -> None:
        getattr(self, event.name).emit(*event.args)

    def _rebuild(self, new: PlayerView) -> None:
        """Put the hand so far on the table at once, as a resumed game does."""
        self._pending.clear()
        self._timer.stop()
        self.restoring_started.emit()
        pace, self.pace = self.pace, INSTANT
        self.restoring = True
        try:
            for view, event in replay(new):
                self._view = view
                self._emit(event)
        finally:
            self.pace = pace
            self.restoring = False
        self._view = new
        self.restored.emit()
        if new.phase in (Phase.HAND_SCORED, Phase.GAME_OVER) and new.results:
            self.hand_scored.emit(new.results[-1])
            winner = winner_of(new)
            if winner is not None:
                self.game_over.emit(winner, new.scores)
        else:
            self._announce_turn()
        if self._back_to_say:
            self._back_to_say = False
            self.info.emit(
                translate("RemoteController", "{host} is back: you are at the table again.").format(
                    host=self._host_name()
                )
            )

    # --- the steps that wait a moment (a trick resting, the deal landing) -------------------

    def _later(self, ms: int, step: Callable[[], None]) -> None:
        self._pending.append((ms, step))
        if len(self._pending) == 1:
            self._timer.start(ms)

    def _run_pending(self) -> None:
        if not self._pending:
            return
        _, step = self._pending.pop(0)
        step()
        if self._pending and not self._timer.isActive():
            self._timer.start(self._pending[0][0])

    def _flush(self) -> None:
        """Finish every waiting step now: a new view is about to be shown."""
        self._timer.stop()
        while self._pending:
            _, step = self._pending.pop(0)
            step()
        self._timer.stop()

    def meta(self) -> dict[str, Any]:
        return {}
