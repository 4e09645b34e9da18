"""The game controller: the one place the rules are applied, and the table's clock.

Views send intents (`human_play`, `human_bid`, ...); the controller checks whose turn it is,
applies the action through `rules.apply` and announces what happened with signals. Computer
players are asked through the `BotRunner` (off the GUI thread) with only their own view.

Everything that happens later (a bot's next move, the pause on a finished trick, the next
deal) is a single pending step. A new game bumps `serial`, so a late bot answer or timer from
an old state is ignored.

Never lose a game: with a `GameStore`, the state is saved right after every `apply` (before
any animation), so a crash or a kill at any moment resumes exactly there. A resumed, undone
or imported state is shown by replaying its current hand at instant pace (`_restore`), so the
table is rebuilt by the same signals a live game sends.
"""

from __future__ import annotations

import random
import time

from PySide6.QtCore import QObject, Signal

from kaiser_desktop.ai import Decision
from kaiser_desktop.app.background_save import BackgroundSaver
from kaiser_desktop.app.bot_runner import BotRunner, new_bot_seed, resolve_level
from kaiser_desktop.app.deal_numbers import (
    deal_for_number,
    hands_dealt,
    new_game_seed,
    number_for_hand,
)
from kaiser_desktop.app.first_jack import first_dealer, show_ms
from kaiser_desktop.app.pace import INSTANT, NORMAL, Pace
from kaiser_desktop.app.pending_step import MANUAL, PendingStep
from kaiser_desktop.app.saved_game import SavedGame
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.rules import (
    Action,
    AskRedeal,
    Bid,
    Card,
    Deal,
    Discard,
    GameState,
    HandResult,
    IllegalActionError,
    MakeBid,
    NameTrump,
    PassCard,
    Phase,
    Play,
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    Suit,
    Team,
    Trick,
    apply,
    new_game,
    observe,
    record,
)

UNDO_LIMIT = 200  # states kept for undo; a whole game has far fewer human actions


_WAIT_VERBS = {
    Phase.REDEAL: "decide about a new deal",
    Phase.PASSING: "pass a card",
    Phase.BIDDING: "bid",
    Phase.DISCARD: "discard",
    Phase.TRUMP: "name trump",
    Phase.PLAY: "play",
}


class GameController(QObject, SavedGame):
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

    # --- levels -------------------------------------------------------------------------

    def _make_bots(self, level: str) -> BotRunner:
        bots = BotRunner(level, self.bot_seed, self, mode=self._bot_mode)
        bots.decided.connect(self._on_bot_decided)
        bots.failed.connect(self._on_bot_failed)
        return bots

    def set_level(self, level: str, *, now: bool = False) -> None:
        """Use `level` from the next game (or at once, e.g. when resuming a saved game)."""
        resolve_level(level)  # raises ValueError for an unknown level
        self._next_level = level
        if now:
            self._apply_next_level()

    def _apply_next_level(self) -> None:
        level, self._next_level = self._next_level, None
        if level is None or level == self.bots.level:
            return
        old = self.bots
        old.decided.disconnect(self._on_bot_decided)
        old.failed.disconnect(self._on_bot_failed)
        old.shutdown()
        old.deleteLater()
        self.bots = self._make_bots(level)
        self._meta_dirty = True

    @property
    def level(self) -> str:
        return self._next_level or self.bots.level

    # --- deal numbers -------------------------------------------------------------------

    def current_deal_number(self) -> int | None:
        """The number of the deal on the table (None for an imported hand)."""
        state = self._state
        index = hands_dealt(state) - 1
        if 0 <= index < len(self.deal_numbers):
            return self.deal_numbers[index]
        return None

    def finished_deal_number(self) -> int | None:
        """The deal's number once its hand is over; None while it is played, as the number
        names every hand's cards."""
        if self._state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
            return None
        return self.current_deal_number()

    def _draw_seeds(self) -> None:
        """A new game's own seeds: one for its deals, an unrelated one for its bots."""
        self.game_seed = new_game_seed(self._rng)
        self.bot_seed = new_bot_seed(self._bot_rng)
        self.bots.reseed(self.bot_seed)

    def _deal_number(self, index: int, dealer: Seat) -> int:
        if index == 0 and self.first_deal is not None:
            return self.first_deal
        return number_for_hand(self._state.rules, self.game_seed, index, dealer)

    # --- undo -----------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) and not self._state.is_over

    def undo(self) -> bool:
        """Take back the person's last action (and any computer moves after it)."""
        if not self.can_undo:
            return False
        state = self._undo.pop()
        self.used_undo = True
        self._meta_dirty = True
        hands = hands_dealt(state)
        del self.deal_numbers[hands:]
        self._restore(state)
        self._autosave()
        self.undo_changed.emit(self.can_undo)
        return True

    def _set_undo(self, stack: list[GameState]) -> None:
        self._undo = stack
        self.undo_changed.emit(self.can_undo)

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

    def next_hand(self) -> None:
        """Deal the next hand (the summary's "Next hand")."""
        if self._state.phase is Phase.HAND_SCORED and not self._next.waiting:
            self._deal()

    def stop(self) -> None:
        """Stop the clock and let a thinking bot finish (before the window closes)."""
        self._cancel()
        self.bots.shutdown()
        if self._saver is not None:
            self._saver.flush()

    # --- intents from the views ---------------------------------------------------------

    def human_redeal_choice(self, ask: bool) -> bool:
        return self._human(AskRedeal(ask))

    def human_pass_card(self, card: Card) -> bool:
        return self._human(PassCard(card))

    def human_bid(self, bid: Bid) -> bool:
        return self._human(MakeBid(bid))

    def human_discard(self, first: Card, second: Card) -> bool:
        return self._human(Discard((first, second)))

    def human_trump(self, suit: Suit | None) -> bool:
        return self._human(NameTrump(suit))

    def human_play(self, card: Card) -> bool:
        return self._human(Play(card))

    def _human(self, action: SeatAction) -> bool:
        """Apply a person's action if it is their turn; otherwise say why not."""
        state = self._state
        seat = state.to_act
        if state.phase is Phase.GAME_OVER:
            self.error.emit("The game is over. Choose Play again for a new game.")
            return False
        if seat is None:
            self.error.emit("Wait for the next deal.")
            return False
        if not self.seating.is_human(seat):
            self.error.emit(f"Wait for {self.seating.name(seat)} to {_WAIT_VERBS[state.phase]}.")
            return False
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
            self.error.emit(str(refusal))
            if autoplay_waiting:
                self._maybe_play_only_card(seat)
            return False
        self._set_undo([*self._undo[-(UNDO_LIMIT - 1) :], before])
        # A bid or trump is held for a moment, so a slip of the hand costs one click, not
        # an undo (which would make the game practice).
        grace = (
            isinstance(action, (MakeBid, NameTrump))
            and len(after.results) == len(before.results)
            and self.pace.grace > 0
        )
        self._granting_grace = grace
        try:
            self._commit(seat, action, after, grace=grace)
        finally:
            self._granting_grace = False
        return True

    @property
    def can_take_back(self) -> bool:
        # True from the moment the choice is applied, so views refreshing on state_changed
        # already keep the choices up (asleep) rather than clearing them.
        return self._next.kind == "grace" or self._granting_grace

    def take_back(self) -> bool:
        """Change the person's bid or trump while it is still held (not counted as undo)."""
        if not self.can_take_back or not self._undo:
            return False
        before = self._undo[-1]
        self._set_undo(self._undo[:-1])
        self._cancel()
        self._restore(before)
        self._autosave()
        return True

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
            if self.wait_after_trick and self.seating.humans and self.pace.factor > 0:
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

    def _record_statistics(self, before: GameState, after: GameState) -> None:
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
        self.state_changed.emit()
        self.dealt.emit(hand.number, hand.dealer)

    def _announce_turn(self) -> None:
        state = self._state
        seat = state.to_act
        if seat is None:
            return
        if self._announced == (self.serial, seat):
            return
        self._announced = (self.serial, seat)
        self.turn_changed.emit(seat, state.phase)
        if self.seating.is_human(seat):
            self._maybe_play_only_card(seat)
            return
        self._thinking = True
        self._turn_started = time.monotonic()
        self.bots.think(observe(state, seat), self.serial)

    def _maybe_play_only_card(self, seat: Seat) -> None:
        view = observe(self._state, seat)
        if not (self.auto_play_single and view.phase is Phase.PLAY and len(view.legal) == 1):
            return
        action = view.legal[0]
        assert isinstance(action, Play)
        self.info.emit(f"The {action.card.label} is your only card to play: it is played for you.")
        serial = self.serial

        def play() -> None:
            if self.serial == serial:
                self._commit(seat, action, apply(self._state, action))
                self.undo_changed.emit(self.can_undo)

        self._next.schedule(self.pace.bot, play, kind="autoplay")

    # --- computer players ---------------------------------------------------------------

    def _on_bot_decided(self, serial: int, seat: Seat, decision: Decision) -> None:
        if serial != self.serial or seat != self._state.to_act:
            return  # an answer about a state that is gone
        self._thinking = False
        # Space the bots' actions so a person can follow; thinking time counts towards it.
        elapsed_ms = (time.monotonic() - self._turn_started) * 1000
        wait = max(0, round(self.pace.bot - elapsed_ms))
        self._next.schedule(wait, lambda: self._apply_bot(serial, seat, decision))

    def _on_bot_failed(self, serial: int, seat: Seat, message: str) -> None:
        if serial != self.serial or seat != self._state.to_act:
            return
        self.faults.append(f"{seat.label}: {message}")
        # The game must go on: a legal action picked at random stands in for the bot.
        legal = observe(self._state, seat).legal
        self._on_bot_decided(serial, seat, Decision(random.choice(legal), "fallback"))

    def _apply_bot(self, serial: int, seat: Seat, decision: Decision) -> None:
        if serial != self.serial:
            return
        action, reason = decision.action, decision.reason
        try:
            after = apply(self._state, action)
        except IllegalActionError as refusal:
            self.faults.append(f"{seat.label} chose an illegal action: {refusal}")
            legal = observe(self._state, seat).legal
            action, reason = random.choice(legal), ""
            after = apply(self._state, action)
        # Kept for "Why?": each seat's last public move and the bot's own reason for it
        # (not a passed or discarded card: those are secret).
        if isinstance(action, (MakeBid, Play, NameTrump, AskRedeal)):
            self.last_decisions[seat] = (action, reason or "")
            self.last_bot = seat
        self._commit(seat, action, after)
        self.bot_decided.emit(seat, action, reason or "")

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


def result_for_team(result: HandResult, team: Team) -> int:
    return result.points[team.value]
