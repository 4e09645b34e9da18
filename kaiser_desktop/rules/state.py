"""The frozen game state: the hand in progress, completed hands, scores and phase."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from operator import attrgetter
from typing import Any, TypeVar

from kaiser_desktop.rules.actions import Deal
from kaiser_desktop.rules.bids import Bid
from kaiser_desktop.rules.cards import Card, Seat, Suit, Team
from kaiser_desktop.rules.history import History
from kaiser_desktop.rules.variants import RuleSet


def evolve(value: T, **changes: object) -> T:
    """`dataclasses.replace` for this module's frozen values (each of their fields is an
    `__init__` argument), without its per-call overhead: the engine makes several per action."""
    cls = type(value)
    shape = _SHAPES.get(cls)
    if shape is None:
        names = tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]
        shape = _SHAPES[cls] = (attrgetter(*names), {n: i for i, n in enumerate(names)})
    getter, index = shape
    args = list(getter(value))
    for name, item in changes.items():
        try:
            args[index[name]] = item
        except KeyError:
            raise TypeError(f"{cls.__name__} has no field {name}") from None
    return cls(*args)


_SHAPES: dict[type, tuple[attrgetter[Any], dict[str, int]]] = {}
T = TypeVar("T")


class Phase(Enum):
    DEAL = "deal"  # waiting for the chance step of the first hand
    REDEAL = "redeal"  # a weak hand's holder decides whether to ask for a redeal
    PASSING = "passing"  # pass_to_partner: each seat gives one card
    BIDDING = "bidding"
    DISCARD = "discard"  # kitty: the declarer discards two
    TRUMP = "trump"
    PLAY = "play"
    HAND_SCORED = "hand_scored"  # a hand is over; the next action is the next deal
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Trick:
    """Cards played to one trick; `order` is the seats in playing order, leader first."""

    order: tuple[Seat, ...]
    cards: tuple[Card, ...] = ()

    @property
    def leader(self) -> Seat:
        return self.order[0]

    @property
    def complete(self) -> bool:
        return len(self.cards) == len(self.order)

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def next_seat(self) -> Seat:
        return self.order[len(self.cards)]

    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple(zip(self.order, self.cards, strict=False))

    def winning_index(self, trump: Suit | None) -> int:
        """Index of the card now winning: the highest trump, else the highest of the led suit."""
        best = 0
        for i in range(1, len(self.cards)):
            if beats(self.cards[i], self.cards[best], trump):
                best = i
        return best

    def winner(self, trump: Suit | None) -> Seat:
        return self.order[self.winning_index(trump)]


def beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """Whether `card`, played later, beats the trick's current best card."""
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


@dataclass(frozen=True, slots=True)
class HandState:
    """Everything about the hand being played. Hands are indexed by seat value."""

    number: int
    dealer: Seat
    deal: Deal
    hands: tuple[tuple[Card, ...], ...]
    kept_weak_hands: tuple[Seat, ...] = ()
    passes: tuple[Card | None, ...] = (None, None, None, None)
    bids: tuple[Bid, ...] = ()
    declarer: Seat | None = None
    contract: Bid | None = None
    discards: tuple[Card, ...] = ()
    trump: Suit | None = None
    trump_named: bool = False
    tricks: tuple[Trick, ...] = ()
    current: Trick | None = None

    def hand_of(self, seat: Seat) -> tuple[Card, ...]:
        return self.hands[seat.value]

    @property
    def bidders(self) -> tuple[Seat, ...]:
        """The seat of each call in turn order, from the dealer's left: one round of four,
        or as many as there are calls in an open auction (`bidders[i]` made `bids[i]`)."""
        return tuple(self.dealer.after(1 + i % 4) for i in range(max(4, len(self.bids))))

    @property
    def out_of_play(self) -> Seat | None:
        """After a Kaiser bid the declarer's partner sits out."""
        if self.contract is not None and self.contract.is_kaiser and self.declarer is not None:
            return self.declarer.partner
        return None


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. kind: "played", "redeal" (weak hand) or "thrown_in" (all passed)."""

    number: int
    dealer: Seat
    kind: str
    redeal_by: Seat | None
    declarer: Seat | None
    contract: Bid | None
    trump: Suit | None
    raw: tuple[int, int]
    points: tuple[int, int]
    score: tuple[int, int]
    made: bool | None
    tricks_won: tuple[int, int]
    five_taken_by: Team | None
    three_taken_by: Team | None

    @property
    def trump_text(self) -> str | None:
        if self.kind != "played":
            return None
        return self.trump.text if self.trump is not None else "NT"


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game so far. Treat as immutable; `engine.apply` returns a new one."""

    rules: RuleSet
    phase: Phase
    dealer: Seat  # of the hand in progress, or of the next hand to deal
    scores: tuple[int, int] = (0, 0)
    hand: HandState | None = None
    # Every earlier hand, as played (for records), and every hand's result: sequences that
    # grow in constant time (a tuple rebuilt per hand made long replays quadratic).
    past_hands: History[HandState] = field(default_factory=History)
    results: History[HandResult] = field(default_factory=History)
    to_act: Seat | None = None
    winner: Team | None = None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def awaiting_deal(self) -> bool:
        return self.phase in (Phase.DEAL, Phase.HAND_SCORED)
