"""What the table says when an action is applied: one function for the host's controller
(which holds `GameState`s) and for a joining app (which holds its seat's `PlayerView`s).

`action_events(seat, action, before, after)` lists the controller's signals for one action
(a bid, a card, a trick finished...), from the facts both sides know before and after it
(`TableFacts`). The joining app is told the action with each view (protocol v2); another
seat's card passed or discards stay secret, so it may know only their kind ("pass",
"discard"), which is all the signals say. Plain functions of frozen values; no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_desktop.rules.actions import (
    AskRedeal,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Play,
    SeatAction,
)
from kaiser_desktop.rules.bids import Bid
from kaiser_desktop.rules.cards import Seat, Suit
from kaiser_desktop.rules.state import GameState, Phase, Trick
from kaiser_desktop.rules.view import PlayerView

HIDDEN_KINDS = ("pass", "discard")  # another seat's action whose cards stay secret


@dataclass(frozen=True, slots=True)
class Event:
    """One signal to emit: its name (GameController's) and its arguments."""

    name: str
    args: tuple[object, ...] = ()


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What the announcing needs of a moment, known alike to the host and to every seat."""

    phase: Phase
    declarer: Seat | None
    contract: Bid | None
    trump: Suit | None
    tricks: tuple[Trick, ...]


def facts_of_state(state: GameState) -> TableFacts:
    hand = state.hand
    if hand is None:
        return TableFacts(state.phase, None, None, None, ())
    return TableFacts(state.phase, hand.declarer, hand.contract, hand.trump, hand.tricks)


def facts_of_view(view: PlayerView) -> TableFacts:
    return TableFacts(view.phase, view.declarer, view.contract, view.trump, view.tricks)


def action_events(
    seat: Seat, action: SeatAction | str, before: TableFacts, after: TableFacts
) -> list[Event]:
    """The signals for `seat`'s `action` (or only its kind, "pass" or "discard", when the
    cards are another seat's secret), from the moment `before` to `after`. A finished trick
    ends with "trick_complete" (the caller rests it on the table, then sweeps it)."""
    if isinstance(action, AskRedeal):
        return [Event("redeal_decided", (seat, action.ask))]
    if isinstance(action, PassCard) or action == "pass":
        events = [Event("card_passed", (seat,))]
        if after.phase is not Phase.PASSING:
            events.append(Event("cards_exchanged"))
        return events
    if isinstance(action, MakeBid):
        events = [Event("bid_made", (seat, action.bid))]
        if after.declarer is not None and after.contract is not None:
            events.append(Event("contract_won", (after.declarer, after.contract)))
        return events
    if isinstance(action, Discard) or action == "discard":
        return [Event("discarded", (seat,))]
    if isinstance(action, NameTrump):
        return [Event("trump_named", (seat, action.suit))]
    if isinstance(action, Play):
        events = [Event("card_played", (seat, action.card))]
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            events.append(Event("trick_complete", (trick.winner(after.trump), trick)))
        return events
    raise ValueError(f"{action!r} is not a seat's action")
