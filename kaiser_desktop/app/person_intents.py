"""The game controller's intents from the person: a bid, a card, a trump... applied if it
is their turn (else one sentence says why not), kept for undo, and a bid or trump held for a
moment so a slip costs one click. Also the only card played for them.

A part of `GameController` (it is mixed in), kept in its own module so the controller's
flow stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.rules import (
    AskRedeal,
    Bid,
    Card,
    Discard,
    IllegalActionError,
    MakeBid,
    NameTrump,
    PassCard,
    Phase,
    Play,
    Seat,
    SeatAction,
    Suit,
    apply,
    observe,
)

if TYPE_CHECKING:
    from kaiser_desktop.app.controller import GameController

UNDO_LIMIT = 200  # states kept for undo; a whole game has far fewer human actions


def _wait_text(phase: Phase, name: str) -> str:
    """ "Wait for West to bid.": one whole sentence per phase (French orders it otherwise)."""
    sentences = {
        Phase.REDEAL: translate("PersonIntents", "Wait for {name} to decide about a new deal."),
        Phase.PASSING: translate("PersonIntents", "Wait for {name} to pass a card."),
        Phase.BIDDING: translate("PersonIntents", "Wait for {name} to bid."),
        Phase.DISCARD: translate("PersonIntents", "Wait for {name} to discard."),
        Phase.TRUMP: translate("PersonIntents", "Wait for {name} to name trump."),
        Phase.PLAY: translate("PersonIntents", "Wait for {name} to play."),
    }
    return sentences[phase].format(name=name)


class PersonIntents:
    def human_redeal_choice(self: GameController, ask: bool) -> bool:
        return self._human(AskRedeal(ask))

    def human_pass_card(self: GameController, card: Card) -> bool:
        return self._human(PassCard(card))

    def human_bid(self: GameController, bid: Bid) -> bool:
        return self._human(MakeBid(bid))

    def human_discard(self: GameController, first: Card, second: Card) -> bool:
        return self._human(Discard((first, second)))

    def human_trump(self: GameController, suit: Suit | None) -> bool:
        return self._human(NameTrump(suit))

    def human_play(self: GameController, card: Card) -> bool:
        return self._human(Play(card))

    def _human(self: GameController, action: SeatAction) -> bool:
        """Apply a person's action if it is their turn; otherwise say why not."""
        state = self._state
        seat = state.to_act
        if state.phase is Phase.GAME_OVER:
            self.error.emit(
                translate("PersonIntents", "The game is over. Choose Play again for a new game.")
            )
            return False
        if seat is None:
            self.error.emit(translate("PersonIntents", "Wait for the next deal."))
            return False
        if not self.seating.is_human(seat):
            self.error.emit(_wait_text(state.phase, self.seating.name(seat)))
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
            self.error.emit(self.refusal_words(refusal))
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

    def _maybe_play_only_card(self: GameController, seat: Seat) -> None:
        view = observe(self._state, seat)
        if not (self.auto_play_single and view.phase is Phase.PLAY and len(view.legal) == 1):
            return
        action = view.legal[0]
        assert isinstance(action, Play)
        self.info.emit(
            translate(
                "PersonIntents", "The {card} is your only card to play: it is played for you."
            ).format(card=action.card.label)
        )
        serial = self.serial

        def play() -> None:
            if self.serial == serial:
                self._commit(seat, action, apply(self._state, action))
                self.undo_changed.emit(self.can_undo)

        self._next.schedule(self.pace.bot, play, kind="autoplay")
