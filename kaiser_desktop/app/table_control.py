"""The one seam between the window and a game's controller.

`TableControl` is the base of both controllers: the `GameController` (the game runs here)
and the `RemoteController` (a family table's game runs on the host's computer). It
declares, once, every signal a table listens to, and what the table shows and what the
person does (`act`); every view is typed against it, never against a controller class, so
the table, its panels, the sounds and the window work on either without asking which.

What only a game running here has (undo, the deal numbers, the computers' reasons, the
save, the statistics) is `GameMenus`: the window reaches it through its local controller
when it has one, and a joining app simply has none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from kaiser_desktop.ai.claims import Claim
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.rules import (
    Card,
    IllegalActionError,
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    Trick,
)


class TableControl(QObject):
    """A game's controller as the table sees it (seats as shown: the person at South).

    Subclasses answer the methods that raise here; the others have the answer of a table
    without claims, take-backs or a pause after each trick (a family table)."""

    # --- what happened: the one place the table's signals are declared ------------------
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
    claim_offered = Signal(object, int)  # claiming seat, tricks: the rest is certain
    claim_withdrawn = Signal()  # the claim on offer is gone (accepted, refused, moved on)

    # --- set by each controller ----------------------------------------------------------
    seating: Seating
    pace: Pace
    rules: RuleSet
    auto_play_single: bool
    auto_continue: bool
    refusal_words: Callable[[IllegalActionError], str]
    serial: int  # bumped with each new state: an answer about an older one is dropped
    restoring: bool  # a saved or rejoined hand is being replayed onto the table

    # --- what the table shows and what the person does: each controller answers ------------
    def view(self, seat: Seat = Seat.S) -> PlayerView:
        raise NotImplementedError

    def last_trick(self) -> tuple[Trick, Seat] | None:
        raise NotImplementedError

    def waiting_for_human(self) -> Seat | None:
        raise NotImplementedError

    def in_progress(self) -> bool:
        raise NotImplementedError

    def act(self, action: SeatAction) -> bool:
        """The person's move (a bid, a card, ...), if it is theirs to make now; else the
        `error` signal says why not and False comes back."""
        raise NotImplementedError

    def next_hand(self) -> None:
        raise NotImplementedError

    def new_game(self) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    # --- what a table with claims, take-backs and a pause after tricks adds ----------------
    @property
    def table_note(self) -> str | None:
        """What the whole table is waiting for, said instead of any prompt (a family table's
        host not answering, or not dealing yet); None when a seat's move is awaited."""
        return None

    @property
    def awaiting_click(self) -> bool:
        return False

    def go_on(self) -> bool:
        return False

    @property
    def can_take_back(self) -> bool:
        return False

    def take_back(self) -> bool:
        return False

    @property
    def offered_claim(self) -> tuple[Seat, Claim] | None:
        return None

    @property
    def claiming(self) -> bool:
        """An accepted claim's cards are being played out."""
        return False

    def claimed_hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards a claiming seat lays face up (empty where no claim is possible)."""
        return ()

    def accept_claim(self) -> bool:
        return False

    def refuse_claim(self) -> bool:
        return False


class GameMenus(Protocol):
    """What the window's menus and status bar may do with a game that runs here."""

    statistics: Statistics | None

    @property
    def can_undo(self) -> bool: ...

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
