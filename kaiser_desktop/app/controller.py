"""The game controller: the one place the rules are applied, and the table's clock.

Views send intents (`human_play`, `human_bid`, ...); the controller checks whose turn it is,
applies the action through `rules.apply` and announces what happened with signals. Computer
players are asked through the `BotRunner` (off the GUI thread) with only their own view.

Everything that happens later (a bot's next move, the pause on a finished trick, the next
deal) is a single pending step. A new game bumps `serial`, so a late bot answer or timer from
an old state is ignored.

Never lose a game: with a `GameStore`, the state goes to the disk right after every `apply`
(written by a worker, `BackgroundSaver`, within milliseconds and long before its card has
landed), so a crash or a kill resumes there. A resumed, undone
or imported state is shown by replaying its current hand at instant pace (`_restore`), so the
table is rebuilt by the same signals a live game sends.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from kaiser_desktop.app.announcements import Announcements
from kaiser_desktop.app.background_save import BackgroundSaver
from kaiser_desktop.app.bot_runner import new_bot_seed
from kaiser_desktop.app.claiming import Claiming
from kaiser_desktop.app.computer_turns import ComputerTurns
from kaiser_desktop.app.deal_numbering import DealNumbering
from kaiser_desktop.app.deal_numbers import (
    deal_for_number,
    hands_dealt,
    new_game_seed,
)
from kaiser_desktop.app.first_jack import first_dealer, show_ms
from kaiser_desktop.app.pace import NORMAL, Pace
from kaiser_desktop.app.pending_step import MANUAL, PendingStep
from kaiser_desktop.app.person_intents import PersonIntents
from kaiser_desktop.app.saved_game import SavedGame
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.app.take_backs import TakeBacks
from kaiser_desktop.rules import (
    GameState,
    HandResult,
    IllegalActionError,
    Phase,
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    Team,
    Trick,
    apply,
    new_game,
    observe,
)


class GameController(
    QObject,
    SavedGame,
    PersonIntents,
    ComputerTurns,
    Announcements,
    TakeBacks,
    DealNumbering,
    Claiming,
):
    """Runs a game of Kaiser for one table. The only caller of `rules.apply`."""

    game_started = Signal()
    first_dealer_drawn = Signal(object)  # FirstDealerDraw: cards dealt face up for a jack
    dealt = Signal(int, object)  # hand number, dealer
    turn_changed = Signal(object, object)  # seat, Phase
    redeal_decided = Signal(object, bool)  # seat, asked for a new deal
    card_passed = Signal(object)  # seat (the card itself is secret)
    cards_exchanged = Signal()
    bid_made = Signal(object, object)  # seat, Bid
    contract_won = Signal(object, object)  # declarer, Bid
    discarded = Signal(object)  # seat
    trump_named = Signal(object, object)  # seat, Suit | None (no trump)
    card_played = Signal(object, object)  # seat, Card
    trick_complete = Signal(object, object)  # winner, Trick (still on the table)
    trick_won = Signal(object, object)  # winner, tuple[Card, ...] (swept to the pile)
    hand_scored = Signal(object)  # HandResult (kind "played", "redeal" or "thrown_in")
    game_over = Signal(object, object)  # Team, scores
    info = Signal(str)  # something worth telling the player
    error = Signal(str)  # a refused intent, in a sentence
    state_changed = Signal()  # after every applied action: views refresh from view()
    restoring_started = Signal()  # the table is about to be rebuilt (views keep their items)
    restored = Signal()  # a resumed, undone or imported state has been rebuilt on the table
    save_failed = Signal(str)  # the autosave failed (one sentence); said once per failure run
    bot_decided = Signal(object, object, str)  # seat, action, reason: for "Why?"
    undo_changed = Signal(bool)  # whether there is something to undo
    take_back_changed = Signal(bool)  # the person's last bid or trump can be changed now
    waiting_for_click = Signal(bool)  # a finished trick waits for the person to go on
    claim_offered = Signal(object, int)  # claiming seat, tricks: the rest is certain (claiming.py)
    claim_withdrawn = Signal()  # the claim on offer is gone (accepted, refused, the game moved)

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
        self.bot_seed = new_bot_seed(self._bot_rng)  # per game; kept in the meta sidecar
        # A table without people moves on from a hand's summary by itself.
        self.auto_continue = auto_continue if auto_continue is not None else not self.seating.humans
        self.auto_play_single = True
        self.wait_after_trick = False  # a finished trick stays until the person goes on
        # How a refused move is said (the window sets the words of the player's language).
        self.refusal_words: Callable[[IllegalActionError], str] = str
        self._granting_grace = False
        self._bot_mode = bot_mode
        self.bots = self._make_bots(level or "")
        self._next_level: str | None = None  # a level chosen mid-game, for the next game
        self.faults: list[str] = []  # bot failures (the self-test reports them)
        self.serial = 0
        self.store = store
        self._saver = BackgroundSaver(store, self) if store is not None else None
        if self._saver is not None:
            self._saver.failed.connect(self._on_save_failed)
            self._saver.saved.connect(self._on_saved)
        self.statistics = statistics
        self.restoring = False  # True while a restored hand is replayed onto the table
        self.save_error: str | None = None
        # What the record does not carry (kept in the store's meta sidecar).
        self.game_seed = new_game_seed(self._rng)  # the deals' secret: never given to a bot
        self.first_deal: int | None = None  # "Replay a deal by number"
        self.deal_numbers: list[int | None] = []  # one per hand dealt, redeals included
        self.used_undo = False  # the game is practice (statistics)
        self._meta_dirty = True
        self._undo: list[GameState] = []  # the state before each of the person's actions
        self.last_decisions: dict[Seat, tuple[SeatAction, str]] = {}
        self.last_bot: Seat | None = None
        self.next_rules: RuleSet | None = None  # rules chosen mid-game, for the next game
        # A placeholder until start(): the first dealer is drawn when the game begins.
        self._state = new_game(self.rules, Seat.N)
        self._next = PendingStep(self)
        self._next.ended.connect(self._on_step_ended)
        self._thinking = False  # a bot decision is outstanding
        self._turn_started = 0.0
        self._announced: tuple[int, Seat] | None = None  # (serial, seat) told it's their turn
        # Claims (claiming.py) are the app's: a bare controller (a test driving a game
        # by intents) never stops for an opponent's claim.
        self._init_claims(claims)

    # --- what views may read ----------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The full state: for tests and records. Views show `view()`, never other hands."""
        return self._state

    def view(self, seat: Seat = Seat.S) -> PlayerView:
        return observe(self._state, seat)

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
        self._draw_seeds()
        self.first_deal = deal_number
        self.deal_numbers = []
        self.used_undo = False
        self.last_decisions.clear()
        self.last_bot = None
        self._meta_dirty = True
        self._set_undo([])
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

    # The person's intents: person_intents.py. Levels and computer players:
    # computer_turns.py. The signals for an action: announcements.py. Deal numbers and
    # seeds: deal_numbering.py. Undo and "Change my choice": take_backs.py. Saving,
    # resuming and putting a state back on the table: saved_game.py.

    def next_hand(self) -> None:
        """Deal the next hand (the summary's "Next hand")."""
        if self._state.phase is Phase.HAND_SCORED and not self._next.waiting:
            self._deal()

    def stop(self) -> None:
        """Stop the clock and let a thinking bot finish (before the window closes)."""
        self._cancel()
        self.bots.shutdown()
        self.claims.wait()
        if self._saver is not None:
            self._saver.flush()

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
        self.state_changed.emit()
        finished = self._announce_action(seat, action, before, after)
        if finished is not None:
            winner, trick = finished
            if self._claiming:  # a claim played out: each trick only a moment
                self._next.schedule(self.pace.sweep, lambda: self._sweep(winner, trick))
            elif self.wait_after_trick and self.seating.humans and self.pace.factor > 0:
                self._next.schedule(MANUAL, lambda: self._sweep(winner, trick), kind="trick")
                self.waiting_for_click.emit(True)
            else:
                self._next.schedule(self.pace.trick_pause, lambda: self._sweep(winner, trick))
            return
        if grace:
            self._next.schedule(self.pace.grace, self._after_action, kind="grace")
            self.take_back_changed.emit(True)
            return
        self._after_action()

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
        number = self._deal_number(index, state.dealer)
        deal = deal_for_number(state.rules, number)
        self._state = apply(state, deal)
        self.deal_numbers = [*self.deal_numbers[:index], number]
        self._meta_dirty = True
        self.last_decisions.clear()  # "Why?" is about this hand
        self.last_bot = None
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
        if self._claim_turn(seat):
            return
        if self.seating.is_human(seat):
            self._maybe_play_only_card(seat)
            return
        self._ask_bot(seat)

    def _ask_bot(self, seat: Seat) -> None:
        self._thinking = True
        self.bots.think(observe(self._state, seat), self.serial)

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
        self._end_claims()


def result_for_team(result: HandResult, team: Team) -> int:
    return result.points[team.value]
