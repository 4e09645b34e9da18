"""The game controller: the one place the rules are applied, and the table's clock.

Views send the person's moves through `act` (the `TableControl` seam); the controller
checks whose turn it is, applies the action through `rules.apply` and announces what
happened with signals. Computer players are asked through the `BotRunner` (off the GUI
thread) with only their own view.

Everything that happens later (a bot's next move, the pause on a finished trick, the next
deal) is a single pending step. A new game bumps `serial`, so a late bot answer or timer from
an old state is ignored.

Never lose a game: with a `GameStore`, the state goes to the disk right after every `apply`
(`SavedGame`, written by a worker within milliseconds and long before its card has landed),
so a crash or a kill resumes there. A resumed, undone or imported state is shown by
replaying its current hand at instant pace (`_restore`), so the table is rebuilt by the same
signals a live game sends.

`GameController` is one object, composed of parts it owns, each with one job and narrow
inputs. No part imports this module or is handed the controller (a Qt part is given it only
as its Qt parent, and `ComputerTurns` the two methods the bots' answers go to); only the
controller applies an action:
- `PendingStep` (pending_step.py): the one next step and its kind;
- `DealNumbering` (deal_numbering.py): the deal numbers and the game's two seeds;
- `TakeBacks` (take_backs.py): the undo history, the states to go back to;
- `SavedGame` (saved_game.py): the autosave and its sidecar, given each state to save;
- `ComputerTurns` (computer_turns.py): the level, the bots, their faults and last reasons;
- `Claiming` (claiming.py): the claim on offer and the one being played out;
- `RemoteSeats` (remote_seats.py): the seats people at other computers play (family play),
  and whether a family game is on; the family table drives it as `remote_seats`;
- person_intents.py: the sentences and checks for the person's intents (plain functions).
The flow that ties them (an intent or a bot's answer applied, its signals, the pause after
it, a claim checked and offered, undo, a saved game put back on the table) is here.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from kaiser_desktop.ai import Decision
from kaiser_desktop.ai.claims import Claim
from kaiser_desktop.app.action_events import action_events, facts_of_state
from kaiser_desktop.app.bot_runner import BotRunner
from kaiser_desktop.app.claiming import CLAIM_CARD_MS, Claiming, lowest_card
from kaiser_desktop.app.computer_turns import ComputerTurns
from kaiser_desktop.app.deal_numbering import DealNumbering
from kaiser_desktop.app.deal_numbers import deal_for_number, hands_dealt
from kaiser_desktop.app.first_jack import first_dealer, show_ms
from kaiser_desktop.app.pace import INSTANT, NORMAL, Pace
from kaiser_desktop.app.pending_step import MANUAL, PendingStep
from kaiser_desktop.app.person_intents import (
    held_for_grace,
    not_their_turn,
    only_card,
    only_card_words,
)
from kaiser_desktop.app.remote_seats import RemoteSeats
from kaiser_desktop.app.review_runner import ClaimRunner
from kaiser_desktop.app.saved_game import META_VERSION, SavedGame
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.app.table_control import TableControl
from kaiser_desktop.app.take_backs import TakeBacks
from kaiser_desktop.rules import (
    Action,
    Card,
    Deal,
    GameState,
    IllegalActionError,
    Phase,
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    Trick,
    apply,
    new_game,
    observe,
    record,
)


class GameController(TableControl):
    """Runs a game of Kaiser for one table. The only caller of `rules.apply`."""

    # The last action announced, with the state it made (`action_that_made`).
    _last_action: tuple[Seat, SeatAction, GameState] | None = None

    def __init__(
        self,
        rules: RuleSet | None = None,
        *,
        seating: Seating | None = None,
        level: str | None = None,
        seed: int | None = None,
        pace: Pace = NORMAL,
        auto_continue: bool | None = None,
        bot_mode: str = "thread",
        store: GameStore | None = None,
        statistics: Statistics | None = None,
        claims: bool = False,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.rules = rules or RuleSet()
        self.seating = seating or Seating()
        self.pace = pace
        # A seeded run (tests, --seed) repeats exactly. Otherwise the deals and the computer
        # players each draw from the operating system, so a bot's seed says nothing of the deal.
        self.seed = seed
        self._rng: random.Random = (
            random.Random(seed) if seed is not None else random.SystemRandom()
        )
        self._bot_rng: random.Random = (
            random.Random(f"bots:{seed}") if seed is not None else random.SystemRandom()
        )
        # What the record does not carry (kept in the store's meta sidecar): the seeds, the
        # deal numbers.
        self._numbers = DealNumbering(self._rng, self._bot_rng)
        # A table without people moves on from a hand's summary by itself.
        self.auto_continue = auto_continue if auto_continue is not None else not self.seating.humans
        self.auto_play_single = True
        self._own_card_until = 0.0  # monotonic time the person's automatic card rests till
        self.wait_after_trick = False  # a finished trick stays until the person goes on
        # How a refused move is said (the window sets the words of the player's language).
        self.refusal_words: Callable[[IllegalActionError], str] = str
        self._granting_grace = False
        self._computers = ComputerTurns(
            level or "",
            self._numbers.bot_seed,
            mode=bot_mode,
            parent=self,
            decided=self._on_bot_decided,
            failed=self._on_bot_failed,
        )
        self.serial = 0
        self.store = store
        self._saved = SavedGame(store, self)
        self._saved.failed.connect(self.save_failed)
        self.statistics = statistics
        self.restoring = False  # True while a restored hand is replayed onto the table
        self.used_undo = False  # the game is practice (statistics)
        self._take_backs = TakeBacks()
        self.next_rules: RuleSet | None = None  # rules chosen mid-game, for the next game
        # A placeholder until start(): the first dealer is drawn when the game begins.
        self._state = new_game(self.rules, Seat.N)
        self._next = PendingStep(self)
        self._next.ended.connect(self._on_step_ended)
        self._thinking = False  # a bot decision is outstanding
        self._turn_started = 0.0
        self._announced: tuple[int, Seat] | None = None  # (serial, seat) told it's their turn
        # Claims are the app's: a bare controller (a test driving a game by intents) never
        # stops for an opponent's claim.
        self._claims = Claiming(claims, ClaimRunner(self))
        self._claims.runner.ready.connect(self._on_claim_checked)
        # Family play (family_play/family_table.py): the seats people at other computers
        # play, and whether a family game is on; it is handed only the steps it needs.
        self._remote_seats = RemoteSeats(
            person_turn=self._person_turn,
            computer_turn=self._computer_turn,
            apply=self._apply_remote,
            meta_changed=self._note_meta_changed,
        )

    # --- what views may read ----------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The full state: for tests and records. Views show `view()`, never other hands."""
        return self._state

    def view(self, seat: Seat = Seat.S) -> PlayerView:
        return observe(self._state, seat)

    def claimed_hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards a claiming seat lays face up for the table to see."""
        hand = self._state.hand
        return hand.hand_of(seat) if hand is not None else ()

    @property
    def busy(self) -> bool:
        """True while the table is moving on by itself (a pause, a bot thinking)."""
        return self._next.waiting or self._thinking

    def last_trick(self) -> tuple[Trick, Seat] | None:
        """The most recently finished trick of this hand and its winner."""
        hand = self._state.hand
        if hand is None or not hand.tricks:
            return None
        trick = hand.tricks[-1]
        return trick, trick.winner(hand.trump)

    def waiting_for_human(self) -> Seat | None:
        """The person's seat if the table is waiting for them now."""
        seat = self._state.to_act
        if seat is None or not self.seating.is_human(seat) or self.busy:
            return None
        return seat

    @property
    def game_seed(self) -> int:
        """The deals' secret: never given to a bot."""
        return self._numbers.game_seed

    @property
    def bot_seed(self) -> int:
        return self._numbers.bot_seed

    @property
    def first_deal(self) -> int | None:
        """The number of the game's first deal, when one was asked for."""
        return self._numbers.first_deal

    @property
    def deal_numbers(self) -> list[int | None]:
        """One per hand dealt, redeals included (None: an imported hand's)."""
        return self._numbers.deal_numbers

    def current_deal_number(self) -> int | None:
        """The number of the deal on the table (None for an imported hand)."""
        return self._numbers.current(self._state)

    def finished_deal_number(self) -> int | None:
        """The deal's number once its hand is over; None while it is played, as the number
        names every hand's cards."""
        return self._numbers.finished(self._state)

    @property
    def bots(self) -> BotRunner:
        return self._computers.bots

    @property
    def level(self) -> str:
        return self._computers.level

    @property
    def faults(self) -> list[str]:
        """Bot failures (the self-test reports them)."""
        return self._computers.faults

    @property
    def last_decisions(self) -> dict[Seat, tuple[SeatAction, str]]:
        """For "Why?": each computer seat's last public move of this hand, and its reason."""
        return self._computers.last_decisions

    @property
    def last_bot(self) -> Seat | None:
        return self._computers.last_bot

    @property
    def save_error(self) -> str | None:
        """The autosave's last failure, until a save succeeds again."""
        return self._saved.error

    # --- game flow ----------------------------------------------------------------------

    def start(self) -> None:
        """Deal the first hand of a new game."""
        self.new_game()

    def new_game(self, rules: RuleSet | None = None, *, deal_number: int | None = None) -> None:
        """Start a new game; with `deal_number`, its first deal is that numbered deal."""
        if rules is None:
            rules = self.next_rules
        if rules is not None:
            self.rules = rules
        self._cancel()
        self._abandon_unfinished()
        self._apply_next_level()
        self._numbers.new_game(deal_number)
        self.bots.reseed(self._numbers.bot_seed)
        self.used_undo = False
        self._computers.forget_decisions()
        self._saved.meta_changed = True
        self._take_backs.clear()
        self.undo_changed.emit(self.can_undo)
        draw = first_dealer(self.rules, self._rng, deal_number)
        self._state = new_game(self.rules, draw.dealer)
        self.game_started.emit()
        self.state_changed.emit()
        if draw.shown:  # the first jack deals: the table shows the cards, then the deal
            self.first_dealer_drawn.emit(draw)
            self._next.schedule(show_ms(self.pace, draw), self._deal)
        else:
            self._deal()

    def in_progress(self) -> bool:
        """A game has been dealt and is not over (so starting another would end it)."""
        state = self._state
        return not state.is_over and (state.hand is not None or bool(state.past_hands))

    def _abandon_unfinished(self) -> None:
        if self.statistics is not None and self.in_progress():
            self.statistics.abandon_game(self.used_undo)

    def next_hand(self) -> None:
        """Deal the next hand (the summary's "Next hand")."""
        if self._state.phase is Phase.HAND_SCORED and not self._next.waiting:
            self._deal()

    def stop(self) -> None:
        """Stop the clock and let a thinking bot finish (before the window closes)."""
        self._cancel()
        self.bots.shutdown()
        self.claims.wait()
        self._saved.flush()

    # --- a finished trick waiting for the person's click ----------------------------------

    @property
    def awaiting_click(self) -> bool:
        return self._next.kind == "trick"

    def go_on(self) -> bool:
        """The person has seen the finished trick: sweep it and carry on."""
        if not self.awaiting_click:
            return False
        self._next.run_now()
        return True

    # --- applying actions -------------------------------------------------------------

    def _commit(
        self, seat: Seat, action: SeatAction, after: GameState, *, grace: bool = False
    ) -> None:
        before = self._state
        self._state = after
        self.serial += 1
        self._announced = None
        # Saved before anything is shown: a kill during the animation still has this move.
        self._autosave()
        self._record_statistics(before, after)
        self._last_action = (seat, action, after)  # what a family table's views say
        self.state_changed.emit()
        finished = self._announce_action(seat, action, before, after)
        if finished is not None:
            winner, trick = finished
            if self._claims.playing_out:  # a claim played out: each trick only a moment
                self._next.schedule(self.pace.sweep, lambda: self._sweep(winner, trick))
            elif self.wait_after_trick and self.seating.humans and self.pace.factor > 0:
                self._next.schedule(MANUAL, lambda: self._sweep(winner, trick), kind="trick")
                self.waiting_for_click.emit(True)
            else:
                pause = max(self.pace.trick_pause, self._own_card_left())
                self._next.schedule(pause, lambda: self._sweep(winner, trick))
            return
        if grace:
            self._next.schedule(self.pace.grace, self._after_action, kind="grace")
            self.take_back_changed.emit(True)
            return
        self._after_action()

    def _record_statistics(self, before: GameState, after: GameState) -> None:
        """Count a hand as soon as it is scored (not after the animation), and the game
        as soon as it is won: a kill during the last sweep must not lose either."""
        stats = self.statistics
        if stats is None or len(after.results) <= len(before.results):
            return
        stats.record_hand(after.results[-1])
        if after.is_over:
            stats.record_game(after, self.used_undo)

    def _announce_action(
        self, seat: Seat, action: Action, before: GameState, after: GameState
    ) -> tuple[Seat, Trick] | None:
        """Emit the signals for one applied action (a live one or one replayed onto the
        table), as a joining app says them too (`action_events`); the finished trick
        (winner, trick) if this card completed one (it is still on the table)."""
        if isinstance(action, Deal):
            return None
        finished: tuple[Seat, Trick] | None = None
        for event in action_events(seat, action, facts_of_state(before), facts_of_state(after)):
            getattr(self, event.name).emit(*event.args)
            if event.name == "trick_complete":
                winner, trick = event.args
                assert isinstance(winner, Seat) and isinstance(trick, Trick)
                finished = winner, trick
        return finished

    def action_that_made(self, state: GameState) -> tuple[Seat, SeatAction] | None:
        """The seat and action that made `state` (the last applied), or None when a deal,
        a restore or anything else made it: what a family table's views say."""
        made = self._last_action
        if made is None or made[2] is not state:
            return None
        return made[0], made[1]

    def _sweep(self, winner: Seat, trick: Trick) -> None:
        self.trick_won.emit(winner, trick.cards)
        self._next.schedule(self.pace.sweep, self._after_action)

    def _after_action(self) -> None:
        """The hand is over (summary), or someone is to act next."""
        state = self._state
        if state.phase in (Phase.HAND_SCORED, Phase.GAME_OVER):
            result = state.results[-1]
            self.hand_scored.emit(result)
            if state.phase is Phase.GAME_OVER:
                assert state.winner is not None
                self.game_over.emit(state.winner, state.scores)
            elif result.kind != "played" or self.auto_continue:
                # A redeal or thrown-in hand is announced, then dealt again without a click.
                wait = self.pace.notice if result.kind != "played" else self.pace.summary
                self._next.schedule(wait, self._deal)
            return
        self._announce_turn()

    def _deal(self) -> None:
        self._cancel()
        state = self._state
        index = hands_dealt(state)
        number = self._numbers.number_for(state, index, state.dealer)
        deal = deal_for_number(state.rules, number)
        self._state = apply(state, deal)
        self._numbers.dealt(index, number)
        self._saved.meta_changed = True
        self._computers.forget_decisions()  # "Why?" is about this hand
        self.serial += 1
        self._announced = None
        self._autosave()
        self._announce_deal()
        # The first turn (and its panel) once the cards have landed, not while they fly.
        self._next.schedule(self.pace.deal + self.pace.move, self._announce_turn)

    def _announce_deal(self) -> None:
        hand = self._state.hand
        assert hand is not None
        # The deal first: the panel then says "… is dealing" at once, instead of building
        # "… is bidding" for state_changed only to replace it (a second layout, ~3 ms).
        self.dealt.emit(hand.number, hand.dealer)
        self.state_changed.emit()

    def _announce_turn(self) -> None:
        state = self._state
        seat = state.to_act
        if seat is None:
            return
        if self._announced == (self.serial, seat):
            return
        self._announced = (self.serial, seat)
        self.turn_changed.emit(seat, state.phase)
        self._turn_started = time.monotonic()
        if self._remote_seats.plays(seat):
            return  # a person at another computer plays this seat: the table waits for them
        if self._claim_turn(seat):
            return
        if self.seating.is_human(seat):
            self._maybe_play_only_card(seat)
            return
        self._ask_bot(seat)

    # --- people at other computers (family play: remote_seats.py) ------------------------

    @property
    def remote_seats(self) -> RemoteSeats:
        """The family table's way in: the seats people at other computers play."""
        return self._remote_seats

    @property
    def take_backs_allowed(self) -> bool:
        """Undo and "Change my choice": not at a family table."""
        return not self._remote_seats.family

    def _person_turn(self, seat: Seat) -> None:
        """A person at another computer plays `seat` from now: at its turn the table waits
        for them. A computer's answer for the seat not yet applied is dropped."""
        if self._state.to_act != seat:
            return
        if self._next.kind == "bot":
            self._next.drop()
        elif not self._thinking:
            return
        self._thinking = False
        self.serial += 1  # the computer's answer is about a turn that is now the person's
        self._announced = (self.serial, seat)

    def _computer_turn(self, seat: Seat) -> bool:
        """A computer plays `seat`'s turn now, if it is its turn and the table is waiting
        for it (announced, nothing pending); True if one was asked."""
        if self._announced != (self.serial, seat) or self.busy:
            return False
        self._turn_started = time.monotonic()
        self._ask_bot(seat)
        return True

    def _apply_remote(self, seat: Seat, action: SeatAction) -> str | None:
        """Apply the action of the person at `seat` (already checked, net.referee_gate) as a
        person's intent is applied; a refusal code (net.protocol.ACTION_REFUSALS) if not."""
        if self._state.to_act != seat:
            return "not_your_turn"
        self._next.flush()  # a person faster than the table: finish the pause now
        if self._state.to_act != seat:
            return "stale"
        try:
            after = apply(self._state, action)
        except IllegalActionError:
            return "wrong_phase"
        self._commit(seat, action, after)
        return None

    def _note_meta_changed(self) -> None:
        self._saved.meta_changed = True

    # --- the person's intents -----------------------------------------------------------

    def act(self, action: SeatAction) -> bool:
        """Apply a person's action if it is their turn; otherwise say why not."""
        not_now = not_their_turn(self._state, self.seating)
        if not_now is not None:
            self.error.emit(not_now)
            return False
        seat = self._state.to_act
        assert seat is not None  # a person is to act
        autoplay_waiting = self._next.kind == "autoplay"
        if autoplay_waiting:
            self._next.drop()
        else:
            # A person faster than the table: finish the pause (e.g. the trick sweep) now.
            self._next.flush()
        before = self._state
        try:
            after = apply(before, action)
        except IllegalActionError as refusal:
            self.error.emit(self.refusal_words(refusal))
            if autoplay_waiting:
                self._maybe_play_only_card(seat)
            return False
        self._take_backs.remember(before)
        self.undo_changed.emit(self.can_undo)
        grace = held_for_grace(action, before, after) and self.pace.grace > 0
        grace = grace and self.take_backs_allowed
        self._granting_grace = grace
        try:
            self._commit(seat, action, after, grace=grace)
        finally:
            self._granting_grace = False
        return True

    def _maybe_play_only_card(self, seat: Seat) -> None:
        action = only_card(observe(self._state, seat))
        if not self.auto_play_single or action is None:
            return
        self.info.emit(only_card_words(action))
        serial = self.serial

        def play() -> None:
            if self.serial == serial:
                # In sight as long as a chosen card would be: the next card or the sweep
                # waits for it (_own_card_left).
                self._own_card_until = time.monotonic() + self.pace.own_card / 1000
                self._commit(seat, action, apply(self._state, action))
                self.undo_changed.emit(self.can_undo)

        self._next.schedule(self.pace.bot, play, kind="autoplay")

    # --- the computer players -------------------------------------------------------------

    def set_level(self, level: str, *, now: bool = False) -> None:
        """Use `level` from the next game (or at once, e.g. when resuming a saved game)."""
        self._computers.choose_level(level)  # raises ValueError for an unknown level
        if now:
            self._apply_next_level()

    def set_seat_levels(self, levels: dict[Seat, str]) -> None:
        """Each named seat's computer plays at its own level (a family table's host chooses
        them before the game); the seats not named play at the game's level."""
        self._computers.set_seat_levels(levels)  # raises ValueError for an unknown level
        self._saved.meta_changed = True

    @property
    def seat_levels(self) -> dict[Seat, str]:
        return self.bots.seat_levels

    def _apply_next_level(self) -> None:
        if self._computers.apply_level(self._numbers.bot_seed):
            self._saved.meta_changed = True

    def _ask_bot(self, seat: Seat) -> None:
        self._thinking = True
        self._computers.think(observe(self._state, seat), self.serial)

    def _on_bot_decided(self, serial: int, seat: Seat, decision: Decision) -> None:
        if serial != self.serial or seat != self._state.to_act:
            return  # an answer about a state that is gone
        self._thinking = False
        # Space the bots' actions so a person can follow; thinking time counts towards it.
        elapsed_ms = (time.monotonic() - self._turn_started) * 1000
        wait = max(0, round(self.pace.bot - elapsed_ms), self._own_card_left())
        self._next.schedule(wait, lambda: self._apply_bot(serial, seat, decision), kind="bot")

    def _own_card_left(self) -> int:
        """How much longer (ms) the person's automatic card must rest before the next move."""
        return max(0, round((self._own_card_until - time.monotonic()) * 1000))

    def _on_bot_failed(self, serial: int, seat: Seat, message: str) -> None:
        if serial != self.serial or seat != self._state.to_act:
            return
        # The game must go on: a legal action picked at random stands in for the bot.
        action = self._computers.stand_in(self._state, seat, f"{seat.label}: {message}")
        self._on_bot_decided(serial, seat, Decision(action, "fallback"))

    def _apply_bot(self, serial: int, seat: Seat, decision: Decision) -> None:
        if serial != self.serial:
            return
        action, reason = decision.action, decision.reason
        try:
            after = apply(self._state, action)
        except IllegalActionError as refusal:
            fault = f"{seat.label} chose an illegal action: {refusal}"
            action, reason = self._computers.stand_in(self._state, seat, fault), ""
            after = apply(self._state, action)
        self._computers.note_decision(seat, action, reason or "")
        self._commit(seat, action, after)
        self.bot_decided.emit(seat, action, reason or "")

    # --- claims -------------------------------------------------------------------------

    @property
    def claims(self) -> ClaimRunner:
        return self._claims.runner

    @property
    def claims_enabled(self) -> bool:
        """Claims are on (Settings), and this is not a family table."""
        return self._claims.enabled and not self._remote_seats.family

    @claims_enabled.setter
    def claims_enabled(self, enabled: bool) -> None:
        self._claims.enabled = enabled

    @property
    def claiming(self) -> bool:
        """An accepted claim is being played out."""
        return self._claims.playing_out

    @property
    def offered_claim(self) -> tuple[Seat, Claim] | None:
        """The claim on offer now (to the person, or by an opponent), if any."""
        return self._claims.offered(self.serial)

    def _claim_turn(self, seat: Seat) -> bool:
        """At a turn: play a claimed card, or look for a claim. True when the turn is
        taken care of here (the caller then neither asks a bot nor plays an only card)."""
        if self._claims.playing_out:
            self._next.schedule(self.pace.ms(CLAIM_CARD_MS), self._play_claimed_card)
            return True
        state = self._state
        if self._remote_seats.family or not self._claims.worth_checking(state, self.seating):
            return False  # no claims at a family table
        human_side = any(self.seating.is_human(s) for s in (seat, seat.partner))
        if self.seating.is_human(seat):
            self.claims.request(observe(state, seat), self.serial)
            return False  # the person may play on while the check runs
        if human_side:
            return False  # the person's partner leaves the claiming to them
        self._thinking = True  # the bot is asked once the check has answered
        self.claims.request(observe(state, seat), self.serial)
        return True

    def _on_claim_checked(self, serial: int, found: Claim | None) -> None:
        if serial != self.serial:
            return  # about a state that is gone
        seat = self._state.to_act
        if seat is None:
            return
        if self.seating.is_human(seat):
            if found is not None and self.waiting_for_human() == seat:
                self._claims.offer(serial, seat, found)
                self.claim_offered.emit(seat, found.tricks)
            return
        self._thinking = False
        if found is None:
            self._ask_bot(seat)
            return
        self._claims.offer(serial, seat, found)
        # The table waits for the person: "play on" runs this step (the bot is asked).
        self._next.schedule(MANUAL, lambda: self._ask_bot(seat), kind="claim")
        self.claim_offered.emit(seat, found.tricks)

    def accept_claim(self) -> bool:
        """The person accepts the claim on offer (theirs or an opponent's): play it out."""
        if self.offered_claim is None:
            return False
        self._claims.withdraw()
        if self._next.kind == "claim":
            self._next.drop()
        self._take_backs.keep(self._state)  # Undo takes the claim back
        self.undo_changed.emit(self.can_undo)
        self._claims.playing_out = True
        self.claim_withdrawn.emit()
        self._play_claimed_card()
        return True

    def refuse_claim(self) -> bool:
        """Play on: no claim is offered again this hand."""
        if self.offered_claim is None:
            return False
        self._claims.refuse(self._state)
        self.claim_withdrawn.emit()
        if self._next.kind == "claim":
            self._next.run_now()  # the opponent is asked for its card after all
        return True

    def _play_claimed_card(self) -> None:
        state = self._state
        seat = state.to_act
        if not self._claims.playing_out or seat is None or state.phase is not Phase.PLAY:
            self._claims.playing_out = False
            return
        action = lowest_card(observe(state, seat))
        self._commit(seat, action, apply(state, action))

    # --- take-backs: Undo, and "Change my choice" -----------------------------------------

    @property
    def can_undo(self) -> bool:
        return self.take_backs_allowed and self._take_backs.can_undo(self._state)

    def undo(self) -> bool:
        """Take back the person's last action (and any computer moves after it)."""
        if not self.can_undo:
            return False
        state = self._take_backs.undo()
        self.used_undo = True
        self._saved.meta_changed = True
        self._numbers.taken_back(state)
        self._restore(state)
        self._autosave()
        self.undo_changed.emit(self.can_undo)
        return True

    @property
    def can_take_back(self) -> bool:
        # True from the moment the choice is applied, so views refreshing on state_changed
        # already keep the choices up (asleep) rather than clearing them.
        if not self.take_backs_allowed:
            return False
        return self._next.kind == "grace" or self._granting_grace

    def take_back(self) -> bool:
        """Change the person's bid or trump while it is still held (not counted as undo)."""
        if not self.can_take_back:
            return False
        before = self._take_backs.take_back()
        if before is None:
            return False
        self.undo_changed.emit(self.can_undo)
        self._cancel()
        self._restore(before)
        self._autosave()
        return True

    # --- saving, resuming, and putting a state back on the table ---------------------------

    def meta(self) -> dict[str, Any]:
        """What the autosave's sidecar keeps beside the record."""
        return {
            "version": META_VERSION,
            "level": self.bots.level,
            "names": {seat.text: self.seating.label(seat) for seat in Seat},
            **self._numbers.meta(),
            "used_undo": self.used_undo,
            **self._remote_seats.meta(),
        }

    def _autosave(self) -> None:
        """Queue the state just applied for the disk; a failing disk is said once
        (`save_failed`), and never stops play."""
        if not self.restoring:
            self._saved.save(self._state, self.meta)

    def flush_saves(self) -> bool:
        """Wait until every queued autosave is on the disk (False if the disk is that slow)."""
        return self._saved.flush()

    def resume(self, state: GameState, meta: dict[str, Any] | None = None) -> None:
        """Carry on a saved game exactly where it was (the table is rebuilt first)."""
        meta = meta or {}
        level = meta.get("level")
        if isinstance(level, str):
            # A level this version does not have: keep the current one.
            with contextlib.suppress(ValueError):
                self.set_level(level, now=True)
        self._numbers.resume(state, meta)
        self.bots.reseed(self._numbers.bot_seed)
        self.used_undo = bool(meta.get("used_undo", False))
        self.rules = state.rules
        self._saved.meta_changed = True
        self._take_backs.clear()
        self.undo_changed.emit(self.can_undo)
        self._restore(state)

    def open_record(self, state: GameState) -> None:
        """Show an imported game: an unfinished one becomes the game in progress (and is
        saved); a finished one is shown with its final scores (and filed away)."""
        self._cancel()
        self._abandon_unfinished()
        self._numbers.new_game(None, hands_dealt(state))
        self.bots.reseed(self._numbers.bot_seed)
        self.used_undo = False
        self.rules = state.rules
        self._saved.meta_changed = True
        self._take_backs.clear()
        self.undo_changed.emit(self.can_undo)
        self._restore(state)
        self._autosave()

    def _restore(self, state: GameState) -> None:
        """Put `state` on the table by replaying its current hand at instant pace, then
        carry on: a computer player thinks, or the person is asked again."""
        self._cancel()
        if state.hand is None and not state.past_hands:
            self._state = state
            self.game_started.emit()
            self.state_changed.emit()
            self._deal()
            return
        start, actions = record.last_hand_actions(state)
        self.restoring_started.emit()
        pace, self.pace = self.pace, INSTANT
        self.restoring = True
        try:
            # No game_started here: the replayed deal clears the table, and clearing it twice
            # at once would free card items the scene may still be animating.
            self._state = start
            for action in actions:
                before = self._state
                self._state = apply(before, action)
                if isinstance(action, Deal):
                    self._announce_deal()
                    continue
                assert before.to_act is not None
                self.state_changed.emit()
                finished = self._announce_action(before.to_act, action, before, self._state)
                if finished is not None:
                    winner, trick = finished
                    self.trick_won.emit(winner, trick.cards)
        finally:
            self.pace = pace
            self.restoring = False
        self._state = state  # identical by construction; the caller's object is the truth
        self.serial += 1
        self._announced = None
        self.state_changed.emit()
        self.restored.emit()
        self._after_action()

    # --- the one pending step -----------------------------------------------------------

    def _on_step_ended(self, kind: str) -> None:
        if kind == "grace":
            self.take_back_changed.emit(False)
        elif kind == "trick":
            self.waiting_for_click.emit(False)

    def _cancel(self) -> None:
        self._next.drop()
        self._thinking = False
        self.serial += 1
        if self._claims.end():  # a new deal, a new game, an undo: nothing claimed or offered
            self.claim_withdrawn.emit()
