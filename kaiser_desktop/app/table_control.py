"""What the window and the table need of a game's controller: a `Protocol` that both the
`GameController` (the game runs here) and the `RemoteController` (a family table's game
runs on the host's computer) satisfy, so the table, its panels, the sounds and the window
work on either without asking which one it is.

Only what a person at the table sees and does is here: the signals, the person's own
view, the intents. The whole `GameState`, saving, undo's history, the computers' level and
the rules are the local controller's alone (the window reaches them only when it has one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import SignalInstance

from kaiser_desktop.ai.claims import Claim
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.rules import (
    AskRedeal,
    Bid,
    Card,
    Discard,
    IllegalActionError,
    MakeBid,
    NameTrump,
    PassCard,
    Play,
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    Suit,
    Trick,
)


class TableControl(Protocol):
    """A game's controller as the table sees it (seats as shown: the person at South)."""

    game_started: SignalInstance
    first_dealer_drawn: SignalInstance
    dealt: SignalInstance
    turn_changed: SignalInstance
    redeal_decided: SignalInstance
    card_passed: SignalInstance
    cards_exchanged: SignalInstance
    bid_made: SignalInstance
    contract_won: SignalInstance
    discarded: SignalInstance
    trump_named: SignalInstance
    card_played: SignalInstance
    trick_complete: SignalInstance
    trick_won: SignalInstance
    hand_scored: SignalInstance
    game_over: SignalInstance
    info: SignalInstance
    error: SignalInstance
    state_changed: SignalInstance
    restoring_started: SignalInstance
    restored: SignalInstance
    save_failed: SignalInstance
    undo_changed: SignalInstance
    take_back_changed: SignalInstance
    waiting_for_click: SignalInstance
    claim_offered: SignalInstance
    claim_withdrawn: SignalInstance

    seating: Seating
    pace: Pace
    rules: RuleSet
    auto_play_single: bool
    auto_continue: bool
    refusal_words: Callable[[IllegalActionError], str]
    serial: int
    restoring: bool

    @property
    def statistics(self) -> Statistics | None: ...

    def view(self, seat: Seat = Seat.S) -> PlayerView: ...

    def claimed_hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards a claiming seat lays face up (empty where no claim is possible)."""
        ...

    def last_trick(self) -> tuple[Trick, Seat] | None: ...

    def waiting_for_human(self) -> Seat | None: ...

    def in_progress(self) -> bool: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_take_back(self) -> bool: ...

    @property
    def awaiting_click(self) -> bool: ...

    @property
    def offered_claim(self) -> tuple[Seat, Claim] | None: ...

    @property
    def used_undo(self) -> bool: ...

    @property
    def save_error(self) -> str | None: ...

    @property
    def last_bot(self) -> Seat | None: ...

    @property
    def last_decisions(self) -> dict[Seat, tuple[SeatAction, str]]: ...

    @property
    def deal_numbers(self) -> list[int | None]: ...

    def current_deal_number(self) -> int | None: ...

    def finished_deal_number(self) -> int | None: ...

    def undo(self) -> bool: ...

    def take_back(self) -> bool: ...

    def go_on(self) -> bool: ...

    def accept_claim(self) -> bool: ...

    def refuse_claim(self) -> bool: ...

    def next_hand(self) -> None: ...

    def new_game(self) -> None: ...

    def stop(self) -> None: ...

    def human_redeal_choice(self, ask: bool) -> bool: ...

    def human_pass_card(self, card: Card) -> bool: ...

    def human_bid(self, bid: Bid) -> bool: ...

    def human_discard(self, first: Card, second: Card) -> bool: ...

    def human_trump(self, suit: Suit | None) -> bool: ...

    def human_play(self, card: Card) -> bool: ...


def person_acts(control: TableControl, action: SeatAction) -> bool:
    """The person's intent for `action`, as the table's buttons and cards send it (for
    scripted people: tests, the family soak)."""
    if isinstance(action, AskRedeal):
        return control.human_redeal_choice(action.ask)
    if isinstance(action, PassCard):
        return control.human_pass_card(action.card)
    if isinstance(action, MakeBid):
        return control.human_bid(action.bid)
    if isinstance(action, Discard):
        return control.human_discard(*action.cards)
    if isinstance(action, NameTrump):
        return control.human_trump(action.suit)
    assert isinstance(action, Play)
    return control.human_play(action.card)
