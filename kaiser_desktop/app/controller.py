"""The game controller: the one place the rules are applied, and the table's clock.

Views send intents (`human_play`, `human_bid`, ...); the controller checks whose turn it is,
applies the action through `rules.apply` and announces what happened with signals. Computer
players are asked through the `BotRunner` (off the GUI thread) with only their own view.

Everything that happens later (a bot's next move, the pause on a finished trick, the next
deal) is a single pending step. A new game bumps `serial`, so a late bot answer or timer from
an old state is ignored.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from kaiser_desktop.ai import Decision
from kaiser_desktop.app.bot_runner import BotRunner
from kaiser_desktop.app.pace import NORMAL, Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import (
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
)

_WAIT_VERBS = {
    Phase.REDEAL: "decide about a new deal",
    Phase.PASSING: "pass a card",
    Phase.BIDDING: "bid",
    Phase.DISCARD: "discard",
    Phase.TRUMP: "name trump",
    Phase.PLAY: "play",
}


class GameController(QObject):
    """Runs a game of Kaiser for one table. The only caller of `rules.apply`."""

    game_started = Signal()
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
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.rules = rules or RuleSet()
        self.seating = seating or Seating()
        self.pace = pace
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        # A table without people moves on from a hand's summary by itself.
        self.auto_continue = (
            auto_continue if auto_continue is not None else not self.seating.humans
        )
        self.auto_play_single = True
        self.bots = BotRunner(level or "", self.seed, self, mode=bot_mode)
        self.bots.decided.connect(self._on_bot_decided)
        self.bots.failed.connect(self._on_bot_failed)
        self.faults: list[str] = []  # bot failures (the self-test reports them)
        self.serial = 0
        self._rng = random.Random(self.seed)
        # A placeholder until start(): the first dealer is drawn when the game begins.
        self._state = new_game(self.rules, Seat.N)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._run_pending)
        self._pending: Callable[[], None] | None = None
        self._pending_kind = ""  # "table" (a pause, a deal) or "autoplay" (the only card)
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
        return self._pending is not None or self._thinking

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

    def new_game(self, rules: RuleSet | None = None) -> None:
        if rules is not None:
            self.rules = rules
        self._cancel()
        self._state = new_game(self.rules, self._rng.choice(list(Seat)))
        self.game_started.emit()
        self.state_changed.emit()
        self._deal()

    def next_hand(self) -> None:
        """Deal the next hand (the summary's "Next hand")."""
        if self._state.phase is Phase.HAND_SCORED and self._pending is None:
            self._deal()

    def stop(self) -> None:
        """Stop the clock and let a thinking bot finish (before the window closes)."""
        self._cancel()
        self.bots.shutdown()

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
        autoplay_waiting = self._pending_kind == "autoplay"
        if autoplay_waiting:
            self._timer.stop()
            self._pending = None
        else:
            # A person faster than the table: finish the pause (e.g. the trick sweep) now.
            self._flush()
        try:
            after = apply(self._state, action)
        except IllegalActionError as refusal:
            self.error.emit(str(refusal))
            if autoplay_waiting:
                self._maybe_play_only_card(seat)
            return False
        self._commit(seat, action, after)
        return True

    # --- applying actions -------------------------------------------------------------

    def _commit(self, seat: Seat, action: SeatAction, after: GameState) -> None:
        before = self._state
        self._state = after
        self.serial += 1
        self._announced = None
        self.state_changed.emit()
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
                self._schedule(self.pace.trick_pause, lambda: self._sweep(winner, trick))
                return
        self._after_action()

    @staticmethod
    def _finished_trick(before: GameState, after: GameState) -> tuple[Trick, Seat] | None:
        old, new = before.hand, after.hand
        if old is None or new is None or len(new.tricks) == len(old.tricks):
            return None
        trick = new.tricks[-1]
        return trick, trick.winner(new.trump)

    def _sweep(self, winner: Seat, trick: Trick) -> None:
        self.trick_won.emit(winner, trick.cards)
        self._schedule(self.pace.sweep, self._after_action)

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
                self._schedule(wait, self._deal)
            return
        self._announce_turn()

    def _deal(self) -> None:
        self._cancel()
        state = self._state
        deal = Deal.shuffled(state.rules, self._rng, state.dealer)
        self._state = apply(state, deal)
        self.serial += 1
        self._announced = None
        hand = self._state.hand
        assert hand is not None
        self.state_changed.emit()
        self.dealt.emit(hand.number, hand.dealer)
        self._schedule(self.pace.deal, self._announce_turn)

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

        self._schedule(self.pace.bot, play, kind="autoplay")

    # --- computer players ---------------------------------------------------------------

    def _on_bot_decided(self, serial: int, seat: Seat, decision: Decision) -> None:
        if serial != self.serial or seat != self._state.to_act:
            return  # an answer about a state that is gone
        self._thinking = False
        # Space the bots' actions so a person can follow; thinking time counts towards it.
        elapsed_ms = (time.monotonic() - self._turn_started) * 1000
        wait = max(0, round(self.pace.bot - elapsed_ms))
        self._schedule(wait, lambda: self._apply_bot(serial, seat, decision.action))

    def _on_bot_failed(self, serial: int, seat: Seat, message: str) -> None:
        if serial != self.serial or seat != self._state.to_act:
            return
        self.faults.append(f"{seat.label}: {message}")
        # The game must go on: a legal action picked at random stands in for the bot.
        legal = observe(self._state, seat).legal
        self._on_bot_decided(serial, seat, Decision(random.choice(legal), "fallback"))

    def _apply_bot(self, serial: int, seat: Seat, action: SeatAction) -> None:
        if serial != self.serial:
            return
        try:
            after = apply(self._state, action)
        except IllegalActionError as refusal:
            self.faults.append(f"{seat.label} chose an illegal action: {refusal}")
            legal = observe(self._state, seat).legal
            action = random.choice(legal)
            after = apply(self._state, action)
        self._commit(seat, action, after)

    # --- the one pending step -----------------------------------------------------------

    def _schedule(self, ms: int, step: Callable[[], None], kind: str = "table") -> None:
        self._pending = step
        self._pending_kind = kind
        self._timer.start(max(0, ms))

    def _run_pending(self) -> None:
        step, self._pending = self._pending, None
        self._pending_kind = ""
        self._timer.stop()
        if step is not None:
            step()

    def _flush(self) -> None:
        """Run pending steps now until the table waits (for a person or a bot)."""
        for _ in range(8):
            if self._pending is None:
                return
            self._timer.stop()
            self._run_pending()

    def _cancel(self) -> None:
        self._timer.stop()
        self._pending = None
        self._pending_kind = ""
        self._thinking = False
        self.serial += 1


def result_for_team(result: HandResult, team: Team) -> int:
    return result.points[team.value]
