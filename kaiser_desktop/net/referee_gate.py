"""A remote seat's action, checked against the rules before the controller sees it.

`check_action(state, seat, message, step)` answers `Accepted(action)`, an action the rules
allow `seat` now, for the controller to apply (it stays the one caller of `rules.apply`);
or `Refusal(reason, said)`: a reason code of `protocol.ACTION_REFUSALS` for the message back,
and, where the rules have one, their own sentence for the log. It applies nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_desktop.net.protocol import ACTION_REFUSALS, ActionMessage
from kaiser_desktop.rules import refusals as R
from kaiser_desktop.rules.actions import (
    AskRedeal,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Play,
    SeatAction,
)
from kaiser_desktop.rules.auction import all_bids, bid_refusal
from kaiser_desktop.rules.cards import FIVE_OF_HEARTS, THREE_OF_SPADES, Seat
from kaiser_desktop.rules.engine import legal_actions, legal_cards
from kaiser_desktop.rules.errors import NotationError
from kaiser_desktop.rules.state import GameState, Phase

_KIND_OF_PHASE = {
    Phase.REDEAL: AskRedeal,
    Phase.PASSING: PassCard,
    Phase.BIDDING: MakeBid,
    Phase.DISCARD: Discard,
    Phase.TRUMP: NameTrump,
    Phase.PLAY: Play,
}


@dataclass(frozen=True, slots=True)
class Accepted:
    action: SeatAction


@dataclass(frozen=True, slots=True)
class Refusal:
    reason: str  # one of protocol.ACTION_REFUSALS
    said: str = ""  # the rules' own sentence, when they have one ("You must follow hearts.")

    def __post_init__(self) -> None:
        if self.reason not in ACTION_REFUSALS:
            raise ValueError(f"{self.reason!r} is not an action refusal")


Verdict = Accepted | Refusal


def check_action(state: GameState, seat: Seat, message: ActionMessage, step: int) -> Verdict:
    """Whether `seat` (the seat of the connection the message came on) may take the action
    of `message` now, at the host's `step`. The state is only read."""
    if state.is_over:
        return Refusal("game_over", R.refusal(R.GAME_OVER))
    if message.step != step:
        return Refusal("stale")
    if state.to_act != seat or state.hand is None:
        return Refusal("not_your_turn")
    try:
        action = message.action()
    except NotationError as exc:
        return Refusal("unknown_action", str(exc))
    if action in legal_actions(state):
        return Accepted(action)
    return _why_not(state, seat, action)


def _why_not(state: GameState, seat: Seat, action: SeatAction) -> Refusal:
    """The reason an action of the right seat is not among the legal ones."""
    hand = state.hand
    assert hand is not None
    expected = _KIND_OF_PHASE.get(state.phase)
    if expected is None or not isinstance(action, expected):
        return Refusal("wrong_phase")
    held = hand.hand_of(seat)
    if isinstance(action, PassCard | Play) and action.card not in held:
        return Refusal("not_held", R.refusal(R.NOT_HELD, card=action.card))
    if isinstance(action, Play):
        led = hand.current.led_suit if hand.current is not None else None
        if led is not None and action.card not in legal_cards(held, hand.current):
            return Refusal("must_follow", R.refusal(R.FOLLOW, suit=led))
    if isinstance(action, Discard):
        return _why_not_discard(action, held)
    if isinstance(action, NameTrump):
        return Refusal("name_a_suit", R.refusal(R.NAME_A_SUIT))
    if isinstance(action, MakeBid):
        said = bid_refusal(state.rules, hand.bids, action.bid)
        if action.bid.is_pass:
            return Refusal("dealer_must_bid", said)
        if action.bid not in all_bids(state.rules):
            return Refusal("bid_not_allowed", said)
        return Refusal("bid_too_low", said)
    return Refusal("wrong_phase")  # not reached: each kind is answered above


def _why_not_discard(action: Discard, held: tuple[object, ...]) -> Refusal:
    first, second = action.cards
    if first == second:
        return Refusal("discard_two", R.refusal(R.DISCARD_TWO))
    for card in action.cards:
        if card not in held:
            return Refusal("not_held", R.refusal(R.NOT_HELD, card=card))
    if FIVE_OF_HEARTS in action.cards or THREE_OF_SPADES in action.cards:
        return Refusal("keep_honours", R.refusal(R.KEEP_HONOURS))
    return Refusal("wrong_phase")  # not reached: any other pair of held cards is legal
